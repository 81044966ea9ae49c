/**
 * The monitored endpoints of /Healthcheck (issue 15, docs/decisions/024): real checks of the database, the outbox,
 * the content service, the OpenID provider, the mail transport and the shared service, each run with its own
 * timeout so that the whole answer comes within a second even when an endpoint hangs. Internal admins may give
 * an endpoint an input and a URL override (table health_config).
 */
import { access, constants, mkdir } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import { HEALTH_CATEGORY, HEALTH_ENDPOINTS, type HealthConfig, type HealthEndpoint, type HealthResult } from '../../lib/api/healthcheck.ts';
import type { Queryable } from '../db/index.ts';

/** What the checks need to know of the running portal. */
export interface HealthDeps {
  /** The portal's public origin (its own services are checked there). */
  origin: string;
  /** The OpenID provider's issuer (its discovery document is checked). */
  oidcIssuer: string;
  /** SMTP_URL; unset → the dev mailbox directory is checked. */
  smtpUrl?: string | undefined;
  /** The dev mailbox directory. */
  mailboxDir: string;
  /** Each check's timeout (default 800 ms). */
  timeoutMs?: number;
}

/** Each endpoint's category (spec section 3). */
export const CATEGORY = HEALTH_CATEGORY;

export const DEFAULT_TIMEOUT_MS = 800;
/** The outbox is unhealthy when its oldest unsent message waits longer than this (minutes; the input overrides). */
export const DEFAULT_OUTBOX_MAX_MINUTES = 60;

interface ConfigRow {
  name: string;
  input: string | null;
  url_override: string | null;
  modified_by: string | null;
  modified_at: string | Date | null;
}

/** Every endpoint's configuration (a missing row: none). */
export async function healthConfig(db: Queryable): Promise<HealthConfig[]> {
  const rows = await db.query<ConfigRow>('SELECT name, input, url_override, modified_by, modified_at FROM health_config');
  const byName = new Map(rows.map((r) => [r.name, r]));
  return HEALTH_ENDPOINTS.map((name) => {
    const r = byName.get(name);
    return {
      name,
      category: CATEGORY[name],
      input: r?.input ?? null,
      urlOverride: r?.url_override ?? null,
      modifiedBy: r?.modified_by ?? null,
      modifiedAt: r?.modified_at ? new Date(r.modified_at).toISOString() : null,
    };
  });
}

/** Sets one endpoint's input and override (empty → none); answers the new configuration. */
export async function updateHealthConfig(db: Queryable, name: HealthEndpoint, input: string | null, urlOverride: string | null, by: string): Promise<HealthConfig> {
  await db.query(
    `INSERT INTO health_config (name, input, url_override, modified_by, modified_at) VALUES ($1, $2, $3, $4, clock_timestamp())
     ON CONFLICT (name) DO UPDATE SET input = $2, url_override = $3, modified_by = $4, modified_at = clock_timestamp()`,
    [name, input, urlOverride, by],
  );
  return (await healthConfig(db)).find((c) => c.name === name)!;
}

/** An error's words without any user:password of a URL. */
const clean = (text: string) => text.replace(/\/\/[^/\s@]*@/g, '//').slice(0, 200);

class TimedOut extends Error {}

/** Runs `run` with a timeout; the signal aborts it when the time is up. */
async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctrl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctrl.abort();
      reject(new TimedOut(`No answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run(ctrl.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A web endpoint answers 200 with JSON; `accept` decides whether that JSON is healthy (a reason when not). */
async function checkWeb(url: string, signal: AbortSignal, accept: (json: unknown) => string | null): Promise<string> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const why = accept(await res.json().catch(() => null));
  if (why) throw new Error(why);
  return `HTTP 200 from ${new URL(url).host}`;
}

/** An endpoint's input added to its URL as a query (e.g. 'verbose=1'). */
const withInput = (url: string, input: string | null) => (input ? `${url}${url.includes('?') ? '&' : '?'}${input.replace(/^\?/, '')}` : url);

const serviceUp = (json: unknown) => ((json as { result?: { status?: string } } | null)?.result?.status === 'Healthy' ? null : 'The service says it is unhealthy');

/** One check: what it does, given its configuration. Resolves with a detail when healthy, rejects when not. */
function checkOf(deps: HealthDeps, db: Queryable, c: HealthConfig): (signal: AbortSignal, ms: number) => Promise<string> {
  switch (c.name) {
    case 'database':
      return async () => {
        await db.query('SELECT 1');
        return 'SELECT 1 answered';
      };
    case 'outbox':
      return async () => {
        const [row] = await db.query<{ waiting: number; oldest_minutes: number | null; dead: number }>(
          `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS waiting,
                  (extract(epoch FROM now() - min(created_at) FILTER (WHERE status IN ('pending', 'sending'))) / 60)::int AS oldest_minutes,
                  count(*) FILTER (WHERE status = 'dead')::int AS dead
             FROM outbox`,
        );
        const max = Number(c.input) > 0 ? Number(c.input) : DEFAULT_OUTBOX_MAX_MINUTES;
        const detail = `${row?.waiting ?? 0} waiting, oldest ${row?.oldest_minutes ?? 0} min, ${row?.dead ?? 0} given up`;
        if ((row?.oldest_minutes ?? 0) > max) throw new Error(`${detail} (over ${max} min)`);
        return detail;
      };
    case 'content-service':
      return (signal) => checkWeb(withInput(c.urlOverride ?? `${deps.origin}/api/v1/contentmanagement/healthcheck`, c.input), signal, serviceUp);
    case 'shared-service':
      return (signal) => checkWeb(withInput(c.urlOverride ?? `${deps.origin}/agentdashboard/api/v1/healthcheck`, c.input), signal, serviceUp);
    case 'openid-provider':
      return (signal) =>
        checkWeb(withInput(c.urlOverride ?? `${deps.oidcIssuer.replace(/\/$/, '')}/.well-known/openid-configuration`, c.input), signal, (json) =>
          typeof (json as { issuer?: unknown } | null)?.issuer === 'string' ? null : 'No issuer in the discovery document',
        );
    case 'mail-transport':
      return async (_signal, ms) => {
        const url = c.urlOverride ?? deps.smtpUrl;
        if (!url) {
          await mkdir(deps.mailboxDir, { recursive: true });
          await access(deps.mailboxDir, constants.W_OK);
          return 'Dev mailbox is writable';
        }
        const transporter = nodemailer.createTransport({ url, connectionTimeout: ms, greetingTimeout: ms, socketTimeout: ms });
        try {
          await transporter.verify();
          return `SMTP server ${new URL(url).host} accepted the connection`;
        } finally {
          transporter.close();
        }
      };
  }
}

/** Runs every check at once, each within its own timeout. */
export async function runHealthChecks(db: Queryable, deps: HealthDeps): Promise<HealthResult[]> {
  const ms = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let configs: HealthConfig[];
  try {
    configs = await withTimeout(ms, () => healthConfig(db));
  } catch {
    // The database is down or slow: check everything without overrides.
    configs = HEALTH_ENDPOINTS.map((name) => ({ name, category: CATEGORY[name], input: null, urlOverride: null, modifiedBy: null, modifiedAt: null }));
  }
  return Promise.all(
    configs.map(async (c): Promise<HealthResult> => {
      const started = performance.now();
      const lastCheck = new Date().toISOString();
      const run = checkOf(deps, db, c);
      let status: HealthResult['status'] = 'Healthy';
      let detail: string;
      try {
        detail = await withTimeout(ms, (signal) => run(signal, ms));
      } catch (err) {
        status = 'Unhealthy';
        const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
        detail = clean(err instanceof Error ? `${err.message || err.name}${cause ? ` (${cause})` : ''}` : String(err));
      }
      return { name: c.name, category: c.category, status, latencyMs: Math.round(performance.now() - started), lastCheck, detail, overridden: c.urlOverride !== null };
    }),
  );
}
