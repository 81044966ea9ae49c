/**
 * Multi-factor sign-in (issue 14): TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, ±1 step of clock drift)
 * and ten one-time recovery codes per user. docs/decisions/021-multi-factor-sign-in.md.
 *
 * - The TOTP secret is encrypted at rest (AES-256-GCM, key `mfa_secret_key` in app_secrets) and never logged.
 * - Replay: a code is accepted once per (user, time step), and never one of a step at or before the last one
 *   accepted (`user_mfa.last_step`, moved forward with a conditional UPDATE, so two requests racing with the
 *   same code cannot both win).
 * - Recovery codes: 80 random bits each, stored as their SHA-256; using one marks it used (atomically).
 * - `resetMfa` clears a user's state (issue 15's InternalAdmin/ResetMFA).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { renderSVG } from 'uqr';
import type { Db, Queryable } from '../db/index.ts';
import type { DashboardRole } from '../../lib/roles.ts';
import { loadMfaSecretKey } from '../auth/secrets.ts';

/** The roles that must use two-step sign-in when MFA_REQUIRED_ROLES is not set. */
export const DEFAULT_MFA_REQUIRED_ROLES: readonly DashboardRole[] = ['SFAD_InternalAdmin', 'SFAD_CEAdmin'];

/** The issuer name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Agent Portal';
/** Seconds per TOTP time step. */
export const TOTP_PERIOD = 30;
/** Steps of clock drift accepted either side of the server's current step. */
export const TOTP_WINDOW = 1;
/** Recovery codes per user. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The demo admins' TOTP secret (base32), listed in the README beside their password: anyone can add it to an
 * authenticator app, and the tests compute codes from it. Demo data only: a real user's secret is random.
 */
export const DEMO_TOTP_SECRET = 'AGENTPORTALDEMOTOTPSECRETKEY2345';
/** The demo users that come enrolled with DEMO_TOTP_SECRET. */
export const DEMO_MFA_USERS = ['admin@demo.test', 'internal@demo.test', 'ce@demo.test'] as const;

/** The TOTP of a base32 secret. */
function totpOf(secretBase32: string, label = 'user'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secretBase32) });
}

/** A new random TOTP secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The time step of a moment (ms since the epoch). */
export function timeStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD);
}

/** The code of a secret at a time step (tests, the demo and the bench compute codes with it). */
export function totpCode(secretBase32: string, step = timeStep()): string {
  return totpOf(secretBase32).generate({ timestamp: step * TOTP_PERIOD * 1000 });
}

/** What an authenticator app needs to add the account: the secret, the otpauth:// URI and that URI as a QR code (an SVG data URL). */
export interface TotpEnrollment {
  secret: string;
  uri: string;
  qrCode: string;
}

/** The enrolment data of a secret for an account (its email is the label apps show). */
export function enrollmentFor(secretBase32: string, email: string): TotpEnrollment {
  const uri = totpOf(secretBase32, email).toString();
  const svg = renderSVG(uri, { border: 2 });
  return { secret: secretBase32, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The step (within the drift window) whose code `code` is, or null. Constant-time per candidate (otpauth compares with timingSafeEqual). */
export function matchStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : timeStep(now) + delta;
}

// --- Encryption at rest -------------------------------------------------------------------------------------

/** Encrypts a TOTP secret for storage (also a secret being enrolled, in mfa_pending). */
export async function encrypt(db: Db, plain: string): Promise<string> {
  const key = await loadMfaSecretKey(db);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what encrypt stored. */
export async function decrypt(db: Db, stored: string): Promise<string> {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', await loadMfaSecretKey(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

// --- Recovery codes -----------------------------------------------------------------------------------------

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new recovery code: 80 random bits as 16 lower-case base32 letters in four groups ('abcd-efgh-ijkl-mnop'). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += RECOVERY_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

/** A recovery code as typed (any case, spaces or dashes) in its stored form: 16 letters, or null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const clean = typed.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{16}$/.test(clean) ? clean : null;
}

const hashRecoveryCode = (normalized: string) => createHash('sha256').update(`mfa-recovery:${normalized}`).digest('base64url');

/** Replaces the user's recovery codes with ten new ones; answers them (shown once, never stored in clear). */
async function writeRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
  for (const code of codes) {
    await tx.query('INSERT INTO user_recovery_codes (user_id, code_hash) VALUES ($1, $2)', [userId, hashRecoveryCode(normalizeRecoveryCode(code)!)]);
  }
  return codes;
}

// --- State ---------------------------------------------------------------------------------------------------

/** A user's two-step sign-in state. */
export interface MfaState {
  enrolled: boolean;
  enrolledAt: string | null;
  recoveryCodesLeft: number;
}

/** The user's state. */
export async function mfaState(db: Queryable, userId: string): Promise<MfaState> {
  const [row] = await db.query<{ enrolled_at: Date | string; left: number }>(
    `SELECT m.enrolled_at, (SELECT count(*)::int FROM user_recovery_codes r WHERE r.user_id = m.user_id AND r.used_at IS NULL) AS left
       FROM user_mfa m WHERE m.user_id = $1`,
    [userId],
  );
  if (!row) return { enrolled: false, enrolledAt: null, recoveryCodesLeft: 0 };
  return { enrolled: true, enrolledAt: new Date(row.enrolled_at).toISOString(), recoveryCodesLeft: row.left };
}

/** True when the user has enrolled TOTP. */
export async function isEnrolled(db: Queryable, userId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM user_mfa WHERE user_id = $1', [userId])).length > 0;
}

/** True when the role must use two-step sign-in. */
export function mfaRequiredFor(role: DashboardRole, required: readonly DashboardRole[]): boolean {
  return required.includes(role);
}

/**
 * Enrols the user with `secretBase32` when `code` is its current code (the first code confirms the app holds the
 * secret; its step counts as used). Answers the ten recovery codes, or null when the code is wrong; 'enrolled'
 * when the user already is.
 */
export async function enrollTotp(db: Db, userId: string, secretBase32: string, code: string, now = Date.now()): Promise<string[] | null | 'enrolled'> {
  const step = matchStep(secretBase32, code, now);
  if (step === null) return null;
  const secretEnc = await encrypt(db, secretBase32);
  return db.transaction(async (tx) => {
    const inserted = await tx.query('INSERT INTO user_mfa (user_id, totp_secret_enc, last_step) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING 1', [userId, secretEnc, step]);
    if (!inserted.length) return 'enrolled' as const;
    return writeRecoveryCodes(tx, userId);
  });
}

/** Enrols the user with a known secret and no code (the demo seed); keeps an existing enrolment. */
export async function enrollWithoutCode(db: Db, userId: string, secretBase32: string): Promise<void> {
  const secretEnc = await encrypt(db, secretBase32);
  await db.transaction(async (tx) => {
    const inserted = await tx.query('INSERT INTO user_mfa (user_id, totp_secret_enc) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING 1', [userId, secretEnc]);
    if (inserted.length) await writeRecoveryCodes(tx, userId);
  });
}

/** What checking a TOTP code found. */
export type TotpCheck = 'ok' | 'wrong' | 'reused' | 'not-enrolled';

/** Checks a TOTP code of an enrolled user and, when right and not used before, records its step. */
export async function verifyTotp(db: Db, userId: string, code: string, now = Date.now()): Promise<TotpCheck> {
  const [row] = await db.query<{ totp_secret_enc: string }>('SELECT totp_secret_enc FROM user_mfa WHERE user_id = $1', [userId]);
  if (!row) return 'not-enrolled';
  const step = matchStep(await decrypt(db, row.totp_secret_enc), code, now);
  if (step === null) return 'wrong';
  const moved = await db.query('UPDATE user_mfa SET last_step = $2, updated_at = now() WHERE user_id = $1 AND last_step < $2 RETURNING 1', [userId, step]);
  return moved.length ? 'ok' : 'reused';
}

/** Uses up one of the user's recovery codes: true when it was one of theirs and unused. */
export async function useRecoveryCode(db: Queryable, userId: string, typed: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(typed);
  if (!normalized) return false;
  const used = await db.query(
    'UPDATE user_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1',
    [userId, hashRecoveryCode(normalized)],
  );
  return used.length > 0;
}

/** Ten new recovery codes for an enrolled user (the old ones stop working); null when not enrolled. */
export async function regenerateRecoveryCodes(db: Db, userId: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query('SELECT 1 FROM user_mfa WHERE user_id = $1 FOR UPDATE', [userId]);
    if (!row) return null;
    return writeRecoveryCodes(tx, userId);
  });
}

/**
 * Clears the user's two-step sign-in: the TOTP secret and every recovery code. The user then signs in with a
 * password alone, or enrols again at sign-in when their role requires it. Issue 15's InternalAdmin/ResetMFA
 * and the user's own "turn off" call this. Answers whether there was anything to clear.
 */
export async function resetMfa(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('DELETE FROM user_recovery_codes WHERE user_id = $1', [userId]);
    const deleted = await tx.query('DELETE FROM user_mfa WHERE user_id = $1 RETURNING 1', [userId]);
    return deleted.length > 0;
  });
}

/**
 * The demo admins come enrolled with DEMO_TOTP_SECRET, once: a database seeded before multi-factor sign-in gets it
 * on its next start, and a demo admin whose MFA was turned off or reset later stays so (the marker in app_secrets
 * says the demo enrolment was done).
 */
export async function seedDemoMfa(db: Db): Promise<void> {
  const [done] = await db.query("SELECT 1 FROM app_secrets WHERE name = 'mfa_demo_enrolled'");
  if (done) return;
  const users = await db.query<{ id: string }>(`SELECT id FROM users WHERE lower(email) IN (${DEMO_MFA_USERS.map((_, i) => `$${i + 1}`).join(', ')})`, [...DEMO_MFA_USERS]);
  for (const u of users) await enrollWithoutCode(db, u.id, DEMO_TOTP_SECRET);
  await db.query("INSERT INTO app_secrets (name, value) VALUES ('mfa_demo_enrolled', 'true') ON CONFLICT (name) DO NOTHING");
}
