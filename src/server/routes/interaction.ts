import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { LOGIN_MESSAGES, LoginRequestSchema } from '../../lib/api/login.ts';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords.ts';
import { PasswordHashBusy } from '../errors.ts';
import { loginKey, type LoginLimiter } from '../auth/login-limiter.ts';
import type { EmbeddedOidc } from '../auth/oidc.ts';
import { findUserByEmail } from '../services/users.ts';
import { log } from '../log.ts';
import { fail, type AppEnv, type RouteDeps } from './define.ts';
import { finishLogin, readInteractionPost, UID_PATTERN } from './interaction-shared.ts';
import type { MfaSignIn } from './interaction-mfa.ts';

/**
 * The embedded provider's interaction steps, answered by the portal: the provider sends the browser to
 * /oidc/interaction/:uid, which shows the portal's own sign-in page; the page posts the credentials here.
 */
export function interactionRoutes(deps: RouteDeps & { oidc: EmbeddedOidc; limiter: LoginLimiter; mfa: MfaSignIn }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { provider } = deps.oidc;
  const uidPattern = UID_PATTERN;
  let busyLoggedAt = 0;
  let busyRefusals = 0;

  // The portal's sign-in page; in Spanish when the authorization request asked for it (ui_locales from the Spanish host).
  r.get(`/oidc/interaction/:uid${uidPattern}`, async (c) => {
    const uid = encodeURIComponent(c.req.param('uid'));
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing).catch(() => null);
    const spanish = String(details?.params.ui_locales ?? '').split(' ')[0]?.startsWith('es');
    return c.redirect(`/dashboard/login?uid=${uid}${spanish ? '&lang=es' : ''}`, 303);
  });

  r.get(`/oidc/interaction/:uid${uidPattern}/details`, async (c) => {
    try {
      const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
      if (details.uid !== c.req.param('uid')) return fail(c, 400, LOGIN_MESSAGES.expired);
      // `ticket`: the request carries a sign-in ticket (the page posts /ticket instead of asking for a password).
      const ticket = typeof details.params.signin_ticket === 'string';
      return c.json({ isSuccess: true, message: 'Success', result: { uid: details.uid, prompt: details.prompt.name, ticket } });
    } catch {
      return fail(c, 400, LOGIN_MESSAGES.expired);
    }
  });

  r.post(`/oidc/interaction/:uid${uidPattern}/login`, async (c) => {
    const read = await readInteractionPost(c, { origin: deps.origin, provider, schema: LoginRequestSchema });
    if (read instanceof Response) return read;
    const parsed = read;
    // The connection's own address, never a header: a client cannot choose the address it is counted under.
    const attempt = { ip: getConnInfo(c).remote.address ?? 'unknown', email: parsed.data.email };
    const key = loginKey(attempt.ip, attempt.email);
    const blocked = await deps.limiter.blocked(attempt);
    if (blocked) {
      c.header('Retry-After', String(blocked.wait));
      log.warn('sign-in refused: rate limit', { key, limit: blocked.limit, retryAfter: blocked.wait });
      return fail(c, 429, LOGIN_MESSAGES.tooMany);
    }
    const user = await findUserByEmail(deps.db, parsed.data.email);
    let ok: boolean;
    try {
      ok = await verifyPassword(parsed.data.password, user?.password_hash ?? DUMMY_HASH);
    } catch (err) {
      if (!(err instanceof PasswordHashBusy)) throw err;
      // The hash pool's queue is full: refused at once, and not counted as a failure.
      c.header('Retry-After', String(err.retryAfter));
      // One line a second at most: a flood must not become a flood of log lines.
      busyRefusals++;
      if (Date.now() - busyLoggedAt >= 1000) {
        log.warn('sign-in refused: password hash pool busy', { retryAfter: err.retryAfter, refusedSinceLastLine: busyRefusals });
        busyLoggedAt = Date.now();
        busyRefusals = 0;
      }
      return fail(c, 429, LOGIN_MESSAGES.busy);
    }
    // A STAGED (unverified) or DEPROVISIONED user gets the same answer as a wrong password.
    if (!user || !ok || user.status !== 'ACTIVE') {
      const { left, reached } = await deps.limiter.fail(attempt);
      if (reached.length) log.warn('sign-in rate limit reached: further attempts are refused with 429', { key, limits: reached, failures: deps.limiter.max });
      else log.info('sign-in failed', { key, attemptsLeft: left });
      return fail(c, 401, LOGIN_MESSAGES.badCredentials);
    }
    // Enrolled, or of a role that requires it: not signed in yet, the second step (interaction-mfa.ts) finishes.
    const challenge = await deps.mfa.challenge(c.req.param('uid'), user);
    if (challenge) {
      log.info('sign-in: second step asked', { userId: user.id, step: challenge.mfa });
      return c.json({ isSuccess: true, message: 'Success', result: challenge });
    }
    await deps.limiter.succeed(attempt);
    const redirectTo = await finishLogin(c, provider, user.id);
    log.info('sign-in', { userId: user.id });
    return c.json({ isSuccess: true, message: 'Success', result: { redirectTo } });
  });

  r.post(`/oidc/interaction/:uid${uidPattern}/abort`, async (c) => {
    try {
      const redirectTo = await provider.interactionResult(c.env.incoming, c.env.outgoing, {
        error: 'access_denied',
        error_description: 'Sign-in was cancelled.',
      });
      return c.json({ isSuccess: true, message: 'Success', result: { redirectTo } });
    } catch {
      return fail(c, 400, LOGIN_MESSAGES.expired);
    }
  });
  return r;
}
