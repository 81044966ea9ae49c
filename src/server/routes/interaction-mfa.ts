/**
 * The second step of the embedded provider's sign-in (issue 14): after a correct password (or a sign-in ticket),
 * an enrolled user — or one whose role requires two-step sign-in — is not signed in yet. The first step answers
 * `{ mfa: 'totp' }` (or `{ mfa: 'enroll', enrollment }`) and leaves a pending state here, bound to the
 * interaction's uid (which the provider binds to the browser's interaction cookie): short-lived (5 minutes) and
 * allowing five wrong codes, after which the user starts over with the password. POST /oidc/interaction/:uid/mfa
 * takes a TOTP code or a recovery code (used up) and finishes the interaction. Wrong codes also count as failed
 * sign-ins of the address and email (the sign-in limiter), so guessing codes is throttled like guessing passwords.
 * Codes and secrets are never logged. docs/decisions/021-multi-factor-sign-in.md.
 */
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { LOGIN_MESSAGES } from '../../lib/api/login.ts';
import { MFA_MESSAGES, MfaStepRequestSchema, type MfaChallenge } from '../../lib/api/mfa.ts';
import type { DashboardRole } from '../../lib/roles.ts';
import type { EmbeddedOidc } from '../auth/oidc.ts';
import type { LoginAttempt, LoginLimiter } from '../auth/login-limiter.ts';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { DEFAULT_MFA_REQUIRED_ROLES, enrollmentFor, enrollTotp, isEnrolled, mfaRequiredFor, newTotpSecret, useRecoveryCode, verifyTotp } from '../services/mfa.ts';
import { findUserById, type UserRow } from '../services/users.ts';
import { fail, type AppEnv, type RouteDeps } from './define.ts';
import { finishLogin, readInteractionPost, UID_PATTERN } from './interaction-shared.ts';

/** How long a pending second step lives. */
export const MFA_PENDING_MS = 5 * 60_000;
/** Wrong codes allowed per pending second step; then the user signs in again. */
export const MFA_MAX_ATTEMPTS = 5;
/** Pending steps kept at most (each needs a correct password first; the oldest go first). */
const MAX_PENDING = 10_000;

interface Pending {
  userId: string;
  email: string;
  expiresAt: number;
  attempts: number;
  /** Enrolling during sign-in: the new secret, kept only here until the first code confirms it. */
  enrollSecret?: string;
}

/** The pending second steps of sign-in, by interaction uid (one process: in memory). */
export class MfaSignIn {
  readonly #pending = new Map<string, Pending>();
  constructor(
    private readonly db: Db,
    readonly requiredRoles: readonly DashboardRole[] = DEFAULT_MFA_REQUIRED_ROLES,
  ) {}

  /**
   * After a correct first factor: null when the user signs in at once, else the challenge the page answers
   * (the pending state is kept for the interaction `uid`).
   */
  async challenge(uid: string, user: UserRow): Promise<MfaChallenge | null> {
    const enrolled = await isEnrolled(this.db, user.id);
    if (!enrolled && !mfaRequiredFor(user.dashboard_user_role, this.requiredRoles)) return null;
    this.#sweep();
    const pending: Pending = { userId: user.id, email: user.email, expiresAt: Date.now() + MFA_PENDING_MS, attempts: 0 };
    if (enrolled) {
      this.#pending.set(uid, pending);
      return { mfa: 'totp' };
    }
    pending.enrollSecret = newTotpSecret();
    this.#pending.set(uid, pending);
    return { mfa: 'enroll', enrollment: enrollmentFor(pending.enrollSecret, user.email) };
  }

  /** The live pending step of `uid`, or undefined. */
  get(uid: string): Pending | undefined {
    const p = this.#pending.get(uid);
    if (p && p.expiresAt <= Date.now()) {
      this.#pending.delete(uid);
      return undefined;
    }
    return p;
  }

  delete(uid: string): void {
    this.#pending.delete(uid);
  }

  #sweep(): void {
    const now = Date.now();
    for (const [uid, p] of this.#pending) if (p.expiresAt <= now) this.#pending.delete(uid);
    while (this.#pending.size >= MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value!);
  }
}

/** POST /oidc/interaction/:uid/mfa. */
export function interactionMfaRoutes(deps: RouteDeps & { oidc: EmbeddedOidc; limiter: LoginLimiter; mfa: MfaSignIn }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { provider } = deps.oidc;
  const { db } = deps;

  r.post(`/oidc/interaction/:uid${UID_PATTERN}/mfa`, async (c) => {
    const read = await readInteractionPost(c, { origin: deps.origin, provider, schema: MfaStepRequestSchema });
    if (read instanceof Response) return read;
    const uid = c.req.param('uid');
    const pending = deps.mfa.get(uid);
    if (!pending) return fail(c, 400, LOGIN_MESSAGES.expired);
    const attempt: LoginAttempt = { ip: getConnInfo(c).remote.address ?? 'unknown', email: pending.email };
    const blocked = await deps.limiter.blocked(attempt);
    if (blocked) {
      deps.mfa.delete(uid);
      c.header('Retry-After', String(blocked.wait));
      log.warn('sign-in second step refused: rate limit', { userId: pending.userId, limit: blocked.limit });
      return fail(c, 429, LOGIN_MESSAGES.tooMany);
    }
    const user = await findUserById(db, pending.userId);
    if (!user || user.status !== 'ACTIVE') {
      deps.mfa.delete(uid);
      return fail(c, 400, LOGIN_MESSAGES.expired);
    }
    const { code, recoveryCode } = read.data;
    let refused: string | null = null;
    let recoveryCodes: string[] | undefined;
    let how: 'totp' | 'recovery' | 'enrolled';
    if (pending.enrollSecret) {
      how = 'enrolled';
      if (!code) return fail(c, 400, MFA_MESSAGES.codeFormat);
      const enrolled = await enrollTotp(db, user.id, pending.enrollSecret, code);
      if (enrolled === 'enrolled') {
        // Enrolled meanwhile elsewhere: this secret is not theirs any more.
        deps.mfa.delete(uid);
        return fail(c, 400, LOGIN_MESSAGES.expired);
      }
      if (enrolled === null) refused = MFA_MESSAGES.codeWrong;
      else recoveryCodes = enrolled;
    } else if (code) {
      how = 'totp';
      const checked = await verifyTotp(db, user.id, code);
      if (checked === 'not-enrolled') {
        // Reset meanwhile (InternalAdmin/ResetMFA): start over, the first step decides again.
        deps.mfa.delete(uid);
        return fail(c, 400, LOGIN_MESSAGES.expired);
      }
      if (checked === 'wrong') refused = MFA_MESSAGES.codeWrong;
      if (checked === 'reused') refused = MFA_MESSAGES.codeReused;
    } else {
      how = 'recovery';
      if (!(await useRecoveryCode(db, user.id, recoveryCode!))) refused = MFA_MESSAGES.recoveryWrong;
    }
    if (refused) {
      pending.attempts++;
      // A replayed code is someone who holds a right one (most likely the user, twice): not a guess.
      if (refused !== MFA_MESSAGES.codeReused) await deps.limiter.fail(attempt);
      const left = MFA_MAX_ATTEMPTS - pending.attempts;
      log.info('sign-in second step refused', { userId: user.id, how, reason: refused === MFA_MESSAGES.codeReused ? 'reused' : 'wrong', attemptsLeft: left });
      if (left <= 0) {
        deps.mfa.delete(uid);
        return fail(c, 401, MFA_MESSAGES.tooManyCodes);
      }
      return fail(c, 401, refused);
    }
    deps.mfa.delete(uid);
    await deps.limiter.succeed(attempt);
    const redirectTo = await finishLogin(c, provider, user.id);
    log.info('sign-in', { userId: user.id, secondStep: how });
    return c.json({ isSuccess: true, message: 'Success', result: recoveryCodes ? { redirectTo, recoveryCodes } : { redirectTo } });
  });
  return r;
}
