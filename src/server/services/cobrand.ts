/**
 * Co-branding by client tag (issue 17, spec sections 3, 4 and 7; docs/decisions/030): which account a client tag
 * names, whether an account is co-branded, its logo, and the internal admins' settings.
 */
import { createHash } from 'node:crypto';
import { COBRAND_MESSAGES, MAX_LOGO_BYTES, type Cobrand, type CobrandedAgency } from '../../lib/api/cobranded.ts';
import { imageTypeOf } from '../../lib/images.ts';
import type { Db, Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { recordAudit, type AuditActor } from './audit.ts';


/** The account a client tag names, matched without case; null when no agency has it. */
export async function accountByClientTag(db: Queryable, tag: string): Promise<{ tagId: string; details: { ACCT_NUM: string } } | null> {
  const [row] = await db.query<{ agency_number: string; client_tag: string }>(
    `SELECT agency_number, client_tag FROM agencies WHERE lower(client_tag) = lower($1)`,
    [tag],
  );
  return row ? { tagId: row.client_tag, details: { ACCT_NUM: row.agency_number } } : null;
}

/** Whether an account is co-branded; an unknown or plain account answers not co-branded with no name. */
export async function cobrandOf(db: Queryable, accountNumber: string): Promise<Cobrand> {
  const [row] = await db.query<{ agency_name: string; is_cobranded: boolean }>(
    `SELECT agency_name, is_cobranded FROM agencies WHERE agency_number = $1`,
    [accountNumber],
  );
  // A plain agency's name is not the public's business: only co-branded ones show theirs.
  return { isCobranded: row?.is_cobranded ?? false, accountName: row?.is_cobranded ? row.agency_name : '', accountNumber };
}

/** A co-branded account's logo, or null (not co-branded, or no logo). */
export async function logoOf(db: Queryable, accountNumber: string): Promise<{ bytes: Buffer; contentType: string; sha256: string } | null> {
  const [row] = await db.query<{ b64: string; content_type: string; sha256: string }>(
    `SELECT encode(l.bytes, 'base64') AS b64, l.content_type, l.sha256
       FROM cobrand_logos l JOIN agencies a ON a.agency_number = l.agency_number
      WHERE l.agency_number = $1 AND a.is_cobranded`,
    [accountNumber],
  );
  return row ? { bytes: Buffer.from(row.b64.replace(/\s+/g, ''), 'base64'), contentType: row.content_type, sha256: row.sha256 } : null;
}

interface AgencyRow {
  agency_number: string;
  agency_name: string;
  is_cobranded: boolean;
  client_tag: string | null;
  content_type: string | null;
  bytes: number | null;
  sha256: string | null;
  updated_by: string | null;
  updated_at: Date | string | null;
}

const AGENCY_SELECT = `SELECT a.agency_number, a.agency_name, a.is_cobranded, a.client_tag,
       l.content_type, octet_length(l.bytes) AS bytes, l.sha256, l.updated_by, l.updated_at
  FROM agencies a LEFT JOIN cobrand_logos l ON l.agency_number = a.agency_number`;

const toAgency = (r: AgencyRow): CobrandedAgency => ({
  agencyNumber: r.agency_number,
  agencyName: r.agency_name,
  isCobranded: r.is_cobranded,
  clientTag: r.client_tag,
  logo: r.sha256
    ? { contentType: r.content_type!, bytes: Number(r.bytes), sha256: r.sha256, updatedBy: r.updated_by!, updatedAt: new Date(r.updated_at!).toISOString() }
    : null,
});

/** Internal admins' list: co-branded or tagged agencies, or (with a search) agencies by number or name. */
export async function cobrandedAgencies(db: Queryable, search: string | null): Promise<CobrandedAgency[]> {
  const rows = search
    ? await db.query<AgencyRow>(
        `${AGENCY_SELECT} WHERE a.agency_number = $1 OR a.agency_name ILIKE '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
          ORDER BY a.is_cobranded DESC, a.agency_name LIMIT 25`,
        [search],
      )
    : await db.query<AgencyRow>(`${AGENCY_SELECT} WHERE a.is_cobranded OR a.client_tag IS NOT NULL ORDER BY a.agency_name LIMIT 200`);
  return rows.map(toAgency);
}

export interface CobrandSettings {
  IsCobranded: boolean;
  /** Empty or null clears the tag. */
  ClientTag?: string | null | undefined;
  LogoBase64?: string | null | undefined;
  RemoveLogo?: boolean | undefined;
}

/** Saves an agency's co-brand settings in one transaction, audited. A co-branded agency must have a logo. */
export async function saveCobrand(db: Db, agencyNumber: string, s: CobrandSettings, actor: AuditActor): Promise<CobrandedAgency> {
  let logo: { bytes: Buffer; contentType: string; sha256: string } | null = null;
  if (s.LogoBase64) {
    const bytes = Buffer.from(s.LogoBase64, 'base64');
    if (bytes.length > MAX_LOGO_BYTES) throw new HttpError(400, COBRAND_MESSAGES.logoSize);
    const contentType = imageTypeOf(bytes);
    if (!contentType) throw new HttpError(400, COBRAND_MESSAGES.logoType);
    logo = { bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  const tag = s.ClientTag?.trim() || null;
  return db.transaction(async (tx) => {
    const [before] = await tx.query<AgencyRow>(`${AGENCY_SELECT} WHERE a.agency_number = $1 FOR UPDATE OF a`, [agencyNumber]);
    if (!before) throw new HttpError(404, COBRAND_MESSAGES.agencyNotFound);
    if (tag) {
      const [other] = await tx.query<{ agency_number: string }>(
        `SELECT agency_number FROM agencies WHERE lower(client_tag) = lower($1) AND agency_number <> $2`,
        [tag, agencyNumber],
      );
      if (other) throw new HttpError(409, COBRAND_MESSAGES.tagTaken);
    }
    if (logo) {
      await tx.query(
        `INSERT INTO cobrand_logos (agency_number, content_type, bytes, sha256, updated_by) VALUES ($1, $2, decode($3, 'base64'), $4, $5)
         ON CONFLICT (agency_number) DO UPDATE SET content_type = EXCLUDED.content_type, bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256,
           updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [agencyNumber, logo.contentType, logo.bytes.toString('base64'), logo.sha256, actor.email],
      );
    } else if (s.RemoveLogo) {
      await tx.query(`DELETE FROM cobrand_logos WHERE agency_number = $1`, [agencyNumber]);
    }
    const hasLogo = Boolean(logo) || (!s.RemoveLogo && Boolean(before.sha256));
    if (s.IsCobranded && !hasLogo) throw new HttpError(400, COBRAND_MESSAGES.logoNeeded);
    await tx.query(`UPDATE agencies SET is_cobranded = $2, client_tag = $3 WHERE agency_number = $1`, [agencyNumber, s.IsCobranded, tag]);
    const [after] = await tx.query<AgencyRow>(`${AGENCY_SELECT} WHERE a.agency_number = $1`, [agencyNumber]);
    const summary = (a: CobrandedAgency) => ({ isCobranded: a.isCobranded, clientTag: a.clientTag, logo: a.logo && { contentType: a.logo.contentType, bytes: a.logo.bytes, sha256: a.logo.sha256 } });
    await recordAudit(tx, { actor, action: 'saveCobrand', entity: 'agency', entityId: agencyNumber, agencyNumber, before: summary(toAgency(before)), after: summary(toAgency(after!)) });
    return toAgency(after!);
  });
}
