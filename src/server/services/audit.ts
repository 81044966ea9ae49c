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
