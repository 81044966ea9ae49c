/**
 * Pending two-step states in the database (issue 19, docs/decisions/036): the second step of a sign-in (by the
 * provider's interaction uid) and an enrolment started from the profile (by user), so that the request that follows
 * may reach any process. Rows expire; a secret being enrolled is encrypted at rest like the TOTP secrets.
 */
import type { Db } from '../db/index.ts';
import { decrypt, encrypt } from './mfa.ts';

/** One pending state. */
export interface PendingMfa {
  userId: string;
  email: string;
  attempts: number;
  /** Enrolling: the new secret (base32), until the first code confirms it. */
  enrollSecret?: string;
}

interface Row {
  user_id: string;
  email: string;
  attempts: number;
  enroll_secret_enc: string | null;
}

/** Keeps a pending state for `ttlMs` (replacing any of the same key). */
export async function putPending(db: Db, key: string, p: Omit<PendingMfa, 'attempts'>, ttlMs: number): Promise<void> {
  const enc = p.enrollSecret ? await encrypt(db, p.enrollSecret) : null;
  await db.query('DELETE FROM mfa_pending WHERE expires_at <= now()');
  await db.query(
    `INSERT INTO mfa_pending (key, user_id, email, attempts, enroll_secret_enc, expires_at)
     VALUES ($1, $2, $3, 0, $4, now() + make_interval(secs => $5))
     ON CONFLICT (key) DO UPDATE SET user_id = excluded.user_id, email = excluded.email, attempts = 0,
       enroll_secret_enc = excluded.enroll_secret_enc, expires_at = excluded.expires_at`,
    [key, p.userId, p.email, enc, ttlMs / 1000],
  );
}

/** The live pending state of `key`, or undefined. */
export async function getPending(db: Db, key: string): Promise<PendingMfa | undefined> {
  const [row] = await db.query<Row>('SELECT user_id, email, attempts, enroll_secret_enc FROM mfa_pending WHERE key = $1 AND expires_at > now()', [key]);
  if (!row) return undefined;
  return {
    userId: row.user_id,
    email: row.email,
    attempts: row.attempts,
    ...(row.enroll_secret_enc ? { enrollSecret: await decrypt(db, row.enroll_secret_enc) } : {}),
  };
}

/** Counts one wrong answer (atomically, whichever process answers); the count so far, 0 when the state is gone. */
export async function countPendingAttempt(db: Db, key: string): Promise<number> {
  const [row] = await db.query<{ attempts: number }>('UPDATE mfa_pending SET attempts = attempts + 1 WHERE key = $1 AND expires_at > now() RETURNING attempts', [key]);
  return row?.attempts ?? 0;
}

export async function deletePending(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM mfa_pending WHERE key = $1', [key]);
}
