/**
 * Sign-in with a passkey (issue 14): a step of the embedded provider's interaction beside the password. The
 * sign-in page asks for options (a challenge bound to this interaction, five minutes, single use), the browser
 * asks the authenticator (user verification required, discoverable credentials), and the page posts the
 * assertion here; once verified (signature, counter, origin, RP id, user ACTIVE) the interaction finishes as
 * after a password. A passkey is possession plus the user's verification, so it counts as multi-factor: no
 * second step follows (docs/decisions/022-passkeys.md).
 *
 * Failures are counted by the sign-in limiter under this interaction and the caller's address: the per-address
 * limit is shared with password guesses, and one interaction gets as many tries as one email would.
 */
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod/mini';
import { LOGIN_MESSAGES } from '../../lib/api/login.ts';
import { PASSKEY_MESSAGES, PasskeySignInSchema } from '../../lib/api/passkeys.ts';
import { loginKey, type LoginAttempt, type LoginLimiter } from '../auth/login-limiter.ts';
import type { EmbeddedOidc } from '../auth/oidc.ts';
import { log } from '../log.ts';
import { relyingParty, startSignIn, verifySignIn } from '../services/passkeys.ts';
import { fail, type AppEnv, type RouteDeps } from './define.ts';
import { finishLogin, readInteractionPost, UID_PATTERN } from './interaction-shared.ts';

const OptionsRequestSchema = z.strictObject({});

export function interactionPasskeyRoutes(deps: RouteDeps & { oidc: EmbeddedOidc; limiter: LoginLimiter }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { provider } = deps.oidc;
  const rp = relyingParty(deps.origin);
  /** The limiter's view of a passkey attempt: this address, and this interaction in place of an email. */
  const attemptOf = (ip: string, uid: string): LoginAttempt => ({ ip, email: `passkey:${uid}` });

  r.post(`/oidc/interaction/:uid${UID_PATTERN}/passkey/options`, async (c) => {
    const read = await readInteractionPost(c, { origin: deps.origin, provider, schema: OptionsRequestSchema });
    if (read instanceof Response) return read;
    const attempt = attemptOf(getConnInfo(c).remote.address ?? 'unknown', read.details.uid);
    const blocked = await deps.limiter.blocked(attempt);
    if (blocked) {
      c.header('Retry-After', String(blocked.wait));
      log.warn('passkey sign-in refused: rate limit', { key: loginKey(attempt.ip, attempt.email), limit: blocked.limit, retryAfter: blocked.wait });
      return fail(c, 429, LOGIN_MESSAGES.tooMany);
    }
    const options = await startSignIn(deps.db, rp, read.details.uid);
    return c.json({ isSuccess: true, message: 'Success', result: options });
  });

  r.post(`/oidc/interaction/:uid${UID_PATTERN}/passkey`, async (c) => {
    const read = await readInteractionPost(c, { origin: deps.origin, provider, schema: PasskeySignInSchema, invalidMessage: PASSKEY_MESSAGES.failed });
    if (read instanceof Response) return read;
    const attempt = attemptOf(getConnInfo(c).remote.address ?? 'unknown', read.details.uid);
    const key = loginKey(attempt.ip, attempt.email);
    const blocked = await deps.limiter.blocked(attempt);
    if (blocked) {
      c.header('Retry-After', String(blocked.wait));
      log.warn('passkey sign-in refused: rate limit', { key, limit: blocked.limit, retryAfter: blocked.wait });
      return fail(c, 429, LOGIN_MESSAGES.tooMany);
    }
    const outcome = await verifySignIn(deps.db, rp, read.details.uid, read.data.response);
    if ('refused' in outcome) {
      const { reached } = await deps.limiter.fail(attempt);
      log.info('passkey sign-in failed', { key, reason: outcome.refused, ...(reached.length ? { limitsReached: reached } : {}) });
      return fail(c, 401, PASSKEY_MESSAGES.failed);
    }
    await deps.limiter.succeed(attempt);
    const redirectTo = await finishLogin(c, provider, outcome.userId);
    log.info('sign-in by passkey', { userId: outcome.userId });
    return c.json({ isSuccess: true, message: 'Success', result: { redirectTo } });
  });
  return r;
}
