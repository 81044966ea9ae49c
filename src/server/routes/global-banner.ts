/**
 * Global banners (spec section 7: `globalbanner/*`): internal admins create, edit and delete them (each change in the
 * audit log, entity 'banner'); anyone reads the one showing now. docs/decisions/024.
 */
import { Hono } from 'hono';
import { CreateBanner, DeleteBanner, EditBanner, GetBanner, GetCurrentBanner, type Banner } from '../../lib/api/global-banner.ts';
import { withScheme } from '../../lib/banner.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { recordAudit } from '../services/audit.ts';
import type { UserRow } from '../services/users.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

interface BannerRow {
  id: number;
  banner_title: string;
  banner_alert_text: string;
  url_label: string | null;
  url: string | null;
  start_date: string;
  end_date: string;
  created_by: string;
  modified_by: string;
  modified_at: string | Date;
}

const COLUMNS = `id, banner_title, banner_alert_text, url_label, url, to_char(start_date, 'YYYY-MM-DD') AS start_date,
  to_char(end_date, 'YYYY-MM-DD') AS end_date, created_by, modified_by, modified_at`;

const DISPLAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function toBanner(r: BannerRow): Banner {
  return {
    id: r.id,
    bannerTitle: r.banner_title,
    bannerAlertText: r.banner_alert_text,
    urlLabel: r.url_label,
    url: r.url,
    startDate: r.start_date,
    startDateDisplay: DISPLAY.format(new Date(`${r.start_date}T00:00:00Z`)),
    endDate: r.end_date,
    createdBy: r.created_by,
    modifiedBy: r.modified_by,
    modifiedAt: new Date(r.modified_at).toISOString(),
  };
}

/** The banner showing on `today` (yyyy-mm-dd), or null: the latest start wins, then the latest change. */
export async function currentBanner(db: Queryable, today: string): Promise<Banner | null> {
  const [row] = await db.query<BannerRow>(
    `SELECT ${COLUMNS} FROM global_banners
      WHERE start_date <= $1::date AND end_date >= $1::date AND btrim(banner_alert_text) <> ''
      ORDER BY start_date DESC, modified_at DESC, id DESC LIMIT 1`,
    [today],
  );
  return row ? toBanner(row) : null;
}

async function bannerById(db: Queryable, id: number): Promise<Banner | null> {
  const [row] = await db.query<BannerRow>(`SELECT ${COLUMNS} FROM global_banners WHERE id = $1`, [id]);
  return row ? toBanner(row) : null;
}

const actorOf = (user: UserRow | null) => (user ? { id: user.id, email: user.email } : null);
/** Empty optional text is no value; a link gets http:// when it has no scheme. */
const optional = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

export function globalBannerRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, GetBanner, async () =>
    (await deps.db.query<BannerRow>(`SELECT ${COLUMNS} FROM global_banners ORDER BY start_date DESC, id DESC LIMIT 500`)).map(toBanner),
  );
  mountCall(r, deps, GetCurrentBanner, ({ input }) => currentBanner(deps.db, input.today ?? new Date().toISOString().slice(0, 10)));
  mountCall(r, deps, CreateBanner, ({ input, user }) =>
    deps.db.transaction(async (tx) => {
      const url = optional(input.url);
      const [row] = await tx.query<BannerRow>(
        `INSERT INTO global_banners (banner_title, banner_alert_text, url_label, url, start_date, end_date, created_by, modified_by)
         VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $7) RETURNING ${COLUMNS}`,
        [input.bannerTitle, input.bannerAlertText, optional(input.urlLabel), url ? withScheme(url) : null, input.startDate, input.endDate, user!.email],
      );
      const banner = toBanner(row!);
      await recordAudit(tx, { actor: actorOf(user), action: 'createBanner', entity: 'banner', entityId: banner.id, after: banner });
      return banner;
    }),
  );
  mountCall(r, deps, EditBanner, ({ input, user }) =>
    deps.db.transaction(async (tx) => {
      const before = await bannerById(tx, input.id);
      if (!before) throw new HttpError(404, 'Not found.');
      const url = optional(input.url);
      const [row] = await tx.query<BannerRow>(
        `UPDATE global_banners SET banner_title = $2, banner_alert_text = $3, url_label = $4, url = $5, start_date = $6::date,
           end_date = $7::date, modified_by = $8, modified_at = clock_timestamp() WHERE id = $1 RETURNING ${COLUMNS}`,
        [input.id, input.bannerTitle, input.bannerAlertText, optional(input.urlLabel), url ? withScheme(url) : null, input.startDate, input.endDate, user!.email],
      );
      const banner = toBanner(row!);
      await recordAudit(tx, { actor: actorOf(user), action: 'editBanner', entity: 'banner', entityId: banner.id, before, after: banner });
      return banner;
    }),
  );
  mountCall(r, deps, DeleteBanner, ({ input, user }) =>
    deps.db.transaction(async (tx) => {
      const before = await bannerById(tx, input.id);
      if (!before) throw new HttpError(404, 'Not found.');
      await tx.query('DELETE FROM global_banners WHERE id = $1', [input.id]);
      await recordAudit(tx, { actor: actorOf(user), action: 'deleteBanner', entity: 'banner', entityId: input.id, before });
      return { id: input.id };
    }),
  );
  return r;
}
