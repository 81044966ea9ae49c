/**
 * Sign-in with a ticket (issue 14): after create-new-password sets a password, CreateUserPassword answers a
 * single-use ticket (2 minutes, stored hashed in one_time_links, purpose 'signin'). The page starts the
 * ordinary OpenID sign-in; the sign-in page, holding the ticket, posts it here instead of a password, and
 * the provider's interaction finishes as after a password. docs/decisions/018-identity-store-and-one-time-links.md.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';
import { LOGIN_MESSAGES } from '../../lib/api/login.ts';
import type { EmbeddedOidc } from '../auth/oidc.ts';
import { log } from '../log.ts';
import { consumeLink } from '../services/accounts.ts';
import { findUserById } from '../services/users.ts';
import { fail, type AppEnv, type RouteDeps } from './define.ts';
import { finishLogin, readInteractionPost, UID_PATTERN } from './interaction-shared.ts';
import type { MfaSignIn } from './interaction-mfa.ts';

const TICKET = /^[A-Za-z0-9_-]{43}$/;
/** The ticket in the body (held by this host's page), or none: then the one the authorization request carried. */
const TicketRequestSchema = z.strictObject({ ticket: z.optional(z.string().check(z.regex(TICKET, 'Invalid link'))) });

export function interactionTicketRoutes(deps: RouteDeps & { oidc: EmbeddedOidc; mfa: MfaSignIn }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { provider } = deps.oidc;
  const uidPattern = UID_PATTERN;

  r.post(`/oidc/interaction/:uid${uidPattern}/ticket`, async (c) => {
    const read = await readInteractionPost(c, { origin: deps.origin, provider, schema: TicketRequestSchema, invalidMessage: LOGIN_MESSAGES.expired });
    if (read instanceof Response) return read;
    const parsed = read;
    const carried = parsed.details.params.signin_ticket;
    const ticket = parsed.data.ticket ?? (typeof carried === 'string' && TICKET.test(carried) ? carried : null);
    const link = ticket ? await consumeLink(deps.db, ticket, ['signin']) : null;
    const user = link ? await findUserById(deps.db, link.userId) : undefined;
    if (!user || user.status !== 'ACTIVE') {
      log.info('ticket sign-in refused: expired, used or unknown ticket');
      return fail(c, 401, LOGIN_MESSAGES.expired);
    }
    // A ticket stands for the password only: an enrolled user (or one whose role requires it) gives the second step too.
    const challenge = await deps.mfa.challenge(c.req.param('uid'), user);
    if (challenge) {
      log.info('ticket sign-in: second step asked', { userId: user.id, step: challenge.mfa });
      return c.json({ isSuccess: true, message: 'Success', result: challenge });
    }
    const redirectTo = await finishLogin(c, provider, user.id);
    log.info('sign-in by ticket', { userId: user.id });
    return c.json({ isSuccess: true, message: 'Success', result: { redirectTo } });
  });
  return r;
}
