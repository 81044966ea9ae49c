/**
 * Two-step sign-in in manage-account (issue 14): status, enrolment (start, then confirm with the first code),
 * new recovery codes and turning it off. Every call acts on the caller only (no user id can be named). Changes
 * need a current code or the password; wrong ones are limited to ten per user in fifteen minutes. Codes,
 * secrets and passwords are never logged. See src/lib/api/mfa.ts and docs/decisions/021-multi-factor-sign-in.md.
 */
import { recordAudit } from '../services/audit.ts';
import { Hono } from 'hono';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { counterStoreFor } from '../auth/counter-store.ts';
import { ConfirmTotpEnrollment, DisableTotp, GetMfaStatus, MFA_MESSAGES, RegenerateRecoveryCodes, StartTotpEnrollment } from '../../lib/api/mfa.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import {
  DEFAULT_MFA_REQUIRED_ROLES,
  enrollmentFor,
  enrollTotp,
  mfaRequiredFor,
  mfaState,
  newTotpSecret,
  regenerateRecoveryCodes,
  resetMfa,
  verifyTotp,
} from '../services/mfa.ts';
import type { UserRow } from '../services/users.ts';
import { deletePending, getPending, putPending } from '../services/mfa-pending.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** How long a started enrolment waits for its first code. */
const ENROLLMENT_MS = 10 * 60_000;

export function mfaRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;
  const required = deps.mfaRequiredRoles ?? DEFAULT_MFA_REQUIRED_ROLES;
  /** Started enrolments by user id: in the database (mfa_pending), so the confirming call may reach any process (issue 19). */
  const startedKey = (userId: string) => `profile:${userId}`;
  /** Wrong codes and passwords per user (in the database on PostgreSQL: every process counts the same, issue 19). */
  const wrong = counterStoreFor(db)({ keyPrefix: 'mfa-proof', points: 10, duration: 15 * 60 });

  async function refuseWhenLimited(user: UserRow): Promise<void> {
    const res = await wrong.get(user.id);
    if (res && res.consumedPoints >= 10) throw new HttpError(429, MFA_MESSAGES.tooManyChecks);
  }
  async function countWrong(user: UserRow): Promise<void> {
    await wrong.consume(user.id).catch((e: unknown) => {
      if (!(e instanceof RateLimiterRes)) throw e;
    });
  }

  /** Checks the proof of a change (a current code or the password); throws its refusal. */
  async function checkProof(user: UserRow, input: { Code?: string; Password?: string }): Promise<void> {
    await refuseWhenLimited(user);
    if (input.Code !== undefined) {
      const checked = await verifyTotp(db, user.id, input.Code);
      if (checked === 'not-enrolled') throw new HttpError(400, MFA_MESSAGES.notEnrolled);
      if (checked === 'ok') return;
      if (checked === 'wrong') await countWrong(user);
      throw new HttpError(400, checked === 'reused' ? MFA_MESSAGES.codeReused : MFA_MESSAGES.codeWrong);
    }
    if (!(await verifyPassword(input.Password ?? '', user.password_hash))) {
      await countWrong(user);
      throw new HttpError(400, MFA_MESSAGES.passwordWrong);
    }
  }

  mountCall(router, deps, GetMfaStatus, async ({ user }) => {
    const state = await mfaState(db, user!.id);
    return { Enrolled: state.enrolled, EnrolledAt: state.enrolledAt, RecoveryCodesLeft: state.recoveryCodesLeft, Required: mfaRequiredFor(user!.dashboard_user_role, required) };
  });

  mountCall(router, deps, StartTotpEnrollment, async ({ user }) => {
    if ((await mfaState(db, user!.id)).enrolled) throw new HttpError(409, MFA_MESSAGES.alreadyEnrolled);
    const secret = newTotpSecret();
    await putPending(db, startedKey(user!.id), { userId: user!.id, email: user!.email, enrollSecret: secret }, ENROLLMENT_MS);
    const e = enrollmentFor(secret, user!.email);
    log.info('two-step sign-in: enrolment started', { userId: user!.id });
    return { Secret: e.secret, OtpAuthUri: e.uri, QrCode: e.qrCode };
  });

  mountCall(router, deps, ConfirmTotpEnrollment, async ({ input, user }) => {
    const s = await getPending(db, startedKey(user!.id));
    if (!s?.enrollSecret || s.userId !== user!.id) throw new HttpError(400, MFA_MESSAGES.setupExpired);
    await refuseWhenLimited(user!);
    const codes = await enrollTotp(db, user!.id, s.enrollSecret, input.Code);
    if (codes === 'enrolled') throw new HttpError(409, MFA_MESSAGES.alreadyEnrolled);
    if (codes === null) {
      await countWrong(user!);
      throw new HttpError(400, MFA_MESSAGES.codeWrong);
    }
    await deletePending(db, startedKey(user!.id));
    log.info('two-step sign-in: turned on', { userId: user!.id });
    await recordAudit(db, { actor: { id: user!.id, email: user!.email }, action: 'enrollTotp', entity: 'user', entityId: user!.id, before: { totp: false }, after: { totp: true } });
    return { RecoveryCodes: codes };
  });

  mountCall(router, deps, RegenerateRecoveryCodes, async ({ input, user }) => {
    if (!(await mfaState(db, user!.id)).enrolled) throw new HttpError(400, MFA_MESSAGES.notEnrolled);
    await checkProof(user!, input);
    const codes = await regenerateRecoveryCodes(db, user!.id);
    if (!codes) throw new HttpError(400, MFA_MESSAGES.notEnrolled);
    log.info('two-step sign-in: new recovery codes', { userId: user!.id });
    await recordAudit(db, { actor: { id: user!.id, email: user!.email }, action: 'regenerateRecoveryCodes', entity: 'user', entityId: user!.id });
    return { RecoveryCodes: codes };
  });

  mountCall(router, deps, DisableTotp, async ({ input, user }) => {
    if (mfaRequiredFor(user!.dashboard_user_role, required)) throw new HttpError(403, MFA_MESSAGES.required);
    if (!(await mfaState(db, user!.id)).enrolled) throw new HttpError(400, MFA_MESSAGES.notEnrolled);
    await checkProof(user!, input);
    await resetMfa(db, user!.id);
    log.info('two-step sign-in: turned off', { userId: user!.id });
    await recordAudit(db, { actor: { id: user!.id, email: user!.email }, action: 'disableTotp', entity: 'user', entityId: user!.id, before: { totp: true }, after: { totp: false } });
    return null;
  });

  return router;
}
