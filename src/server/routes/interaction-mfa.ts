/**
 * The second step of the embedded provider's sign-in (issue 14): after a correct password (or a sign-in ticket),
 * an enrolled user — or one whose role requires two-step sign-in — is not signed in yet. The first step answers
 * `{ mfa: 'totp' }` (or `{ mfa: 'enroll', enrollment }`) and leaves a pending state here, bound to the
 * interaction's uid (which the provider binds to the browser's interaction cookie; in the database, issue 19): short-lived (5 minutes) and
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
import { countPendingAttempt, deletePending, getPending, putPending, type PendingMfa } from '../services/mfa-pending.ts';
import { fail, type AppEnv, type RouteDeps } from './define.ts';
import { finishLogin, readInteractionPost, UID_PATTERN } from './interaction-shared.ts';

/** How long a pending second step lives. */
export const MFA_PENDING_MS = 5 * 60_000;
/** Wrong codes allowed per pending second step; then the user signs in again. */
export const MFA_MAX_ATTEMPTS = 5;
/** The pending second steps of sign-in, by interaction uid: in the database (mfa_pending), so that the password step
 * on one process and the code step on another meet (issue 19, docs/decisions/036). */
export class MfaSignIn {
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
    if (enrolled) {
      await putPending(this.db, keyOf(uid), { userId: user.id, email: user.email }, MFA_PENDING_MS);
      return { mfa: 'totp' };
    }
    const enrollSecret = newTotpSecret();
    await putPending(this.db, keyOf(uid), { userId: user.id, email: user.email, enrollSecret }, MFA_PENDING_MS);
    return { mfa: 'enroll', enrollment: enrollmentFor(enrollSecret, user.email) };
  }

  /** The live pending step of `uid`, or undefined. */
  get(uid: string): Promise<PendingMfa | undefined> {
    return getPending(this.db, keyOf(uid));
  }

  /** Counts a wrong answer; the wrong answers so far. */
  countWrong(uid: string): Promise<number> {
    return countPendingAttempt(this.db, keyOf(uid));
  }

  delete(uid: string): Promise<void> {
    return deletePending(this.db, keyOf(uid));
  }
}

const keyOf = (uid: string) => `signin:${uid}`;

/** POST /oidc/interaction/:uid/mfa. */
export function interactionMfaRoutes(deps: RouteDeps & { oidc: EmbeddedOidc; limiter: LoginLimiter; mfa: MfaSignIn }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { provider } = deps.oidc;
  const { db } = deps;

  r.post(`/oidc/interaction/:uid${UID_PATTERN}/mfa`, async (c) => {
    const read = await readInteractionPost(c, { origin: deps.origin, provider, schema: MfaStepRequestSchema });
    if (read instanceof Response) return read;
    const uid = c.req.param('uid');
    const pending = await deps.mfa.get(uid);
    if (!pending) return fail(c, 400, LOGIN_MESSAGES.expired);
    const attempt: LoginAttempt = { ip: getConnInfo(c).remote.address ?? 'unknown', email: pending.email };
    const blocked = await deps.limiter.blocked(attempt);
    if (blocked) {
      await deps.mfa.delete(uid);
      c.header('Retry-After', String(blocked.wait));
      log.warn('sign-in second step refused: rate limit', { userId: pending.userId, limit: blocked.limit });
      return fail(c, 429, LOGIN_MESSAGES.tooMany);
    }
    const user = await findUserById(db, pending.userId);
    if (!user || user.status !== 'ACTIVE') {
      await deps.mfa.delete(uid);
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
        await deps.mfa.delete(uid);
        return fail(c, 400, LOGIN_MESSAGES.expired);
      }
      if (enrolled === null) refused = MFA_MESSAGES.codeWrong;
      else recoveryCodes = enrolled;
    } else if (code) {
      how = 'totp';
      const checked = await verifyTotp(db, user.id, code);
      if (checked === 'not-enrolled') {
        // Reset meanwhile (InternalAdmin/ResetMFA): start over, the first step decides again.
        await deps.mfa.delete(uid);
        return fail(c, 400, LOGIN_MESSAGES.expired);
      }
      if (checked === 'wrong') refused = MFA_MESSAGES.codeWrong;
      if (checked === 'reused') refused = MFA_MESSAGES.codeReused;
    } else {
      how = 'recovery';
      if (!(await useRecoveryCode(db, user.id, recoveryCode!))) refused = MFA_MESSAGES.recoveryWrong;
    }
    if (refused) {
      const attempts = await deps.mfa.countWrong(uid);
      // A replayed code is someone who holds a right one (most likely the user, twice): not a guess.
      if (refused !== MFA_MESSAGES.codeReused) await deps.limiter.fail(attempt);
      const left = MFA_MAX_ATTEMPTS - attempts;
      log.info('sign-in second step refused', { userId: user.id, how, reason: refused === MFA_MESSAGES.codeReused ? 'reused' : 'wrong', attemptsLeft: left });
      if (left <= 0) {
        await deps.mfa.delete(uid);
        return fail(c, 401, MFA_MESSAGES.tooManyCodes);
      }
      return fail(c, 401, refused);
    }
    await deps.mfa.delete(uid);
    await deps.limiter.succeed(attempt);
    const redirectTo = await finishLogin(c, provider, user.id);
    log.info('sign-in', { userId: user.id, secondStep: how });
    return c.json({ isSuccess: true, message: 'Success', result: recoveryCodes ? { redirectTo, recoveryCodes } : { redirectTo } });
  });
  return r;
}
