/**
 * The audit log (issue 15): one row per change, written in the same transaction as the change when the caller
 * passes its transaction. Values that are secrets (passwords, hashes, tokens, TOTP secrets, recovery codes)
 * never reach the log: `redact` drops them by key at any depth.
 */
import type { Queryable } from '../db/index.ts';

/** Who made the change: a signed-in user, or null for the system (a link followed, a worker). */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  actor: AuditActor | null;
  /** What happened, as a verb phrase in camel case: 'deactivateUser', 'createBanner', 'publishSite'. */
  action: string;
  /** The kind of record: 'user', 'banner', 'adminRequest', 'onboardingRequest', 'healthConfig', 'site'. */
  entity: string;
  entityId?: string | number | null;
  /** The agency the record belongs to (agency admins see their agencies' rows). */
  agencyNumber?: string | null;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEY = /password|hash|token|secret|totp|recovery|credential|public_?key|cookie|authorization/i;

/** A copy of value without secret-looking keys (at any depth). */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEY.test(k)) out[k] = redact(v);
    return out;
  }
  return value;
}

/** Records one change. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_id, actor_email, action, entity, entity_id, agency_number, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      entry.actor?.id ?? null,
      entry.actor?.email ?? null,
      entry.action,
      entry.entity,
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      entry.agencyNumber ?? null,
      entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
      entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
    ],
  );
}

/** A filter of the audit log (GetAuditLog). */
export interface AuditFilter {
  Action?: string | null | undefined;
  Entity?: string | null | undefined;
  Actor?: string | null | undefined;
  AgencyNumber?: string | null | undefined;
  From?: string | null | undefined;
  To?: string | null | undefined;
  Before?: string | null | undefined;
}

/**
 * One page of the log, newest first, after the `Before` cursor. `agencies` null: every row (internal admins);
 * else only rows of those agencies (agency admins; an AgencyNumber outside them sees nothing).
 */
export async function listAudit(db: Queryable, agencies: string[] | null, f: AuditFilter, pageSize: number) {
  const where: string[] = [];
  const params: (string | number | string[])[] = [];
  const add = (sql: (n: string) => string, v: string | number | string[]) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (agencies) add((n) => `agency_number IN (SELECT json_array_elements_text(${n}::json))`, agencies);
  if (f.AgencyNumber) add((n) => `agency_number = ${n}`, f.AgencyNumber);
  if (f.Action) add((n) => `action = ${n}`, f.Action);
  if (f.Entity) add((n) => `entity = ${n}`, f.Entity);
  if (f.Actor) add((n) => `actor_email ILIKE '%' || ${n} || '%'`, f.Actor.replace(/[\\%_]/g, (c) => `\\${c}`));
  if (f.From) add((n) => `at >= ${n}::date`, f.From);
  if (f.To) add((n) => `at < ${n}::date + 1`, f.To);
  if (f.Before) add((n) => `id < ${n}::bigint`, f.Before);
  params.push(pageSize + 1);
  const rows = await db.query<{ id: string; at: string; actorEmail: string | null; action: string; entity: string; entityId: string | null; agencyNumber: string | null; before: unknown; after: unknown }>(
    `SELECT id::text AS id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, actor_email AS "actorEmail", action, entity,
            entity_id AS "entityId", agency_number AS "agencyNumber", before, after
       FROM audit_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY audit_log.id DESC LIMIT $${params.length}`,
    params,
  );
  const entries = rows.slice(0, pageSize);
  return { entries, nextCursor: rows.length > pageSize ? entries[entries.length - 1]!.id : null };
}
