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
import { siteOrigins } from '../env.ts';
import { log } from '../log.ts';
import { consumeLink } from '../services/accounts.ts';
import { findUserById } from '../services/users.ts';
import { fail, type AppEnv, type RouteDeps } from './define.ts';

const TicketRequestSchema = z.strictObject({ ticket: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link')) });

export function interactionTicketRoutes(deps: RouteDeps & { oidc: EmbeddedOidc }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { provider } = deps.oidc;
  const uidPattern = '{[A-Za-z0-9_-]{8,64}}';

  r.post(`/oidc/interaction/:uid${uidPattern}/ticket`, async (c) => {
    const origin = c.req.header('origin');
    if (origin && !siteOrigins(deps.origin).includes(origin)) return fail(c, 403, 'Cross-origin request refused.');
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return fail(c, 400, 'Invalid request: the body is not valid JSON.');
    }
    const parsed = TicketRequestSchema.safeParse(raw);
    if (!parsed.success) return fail(c, 400, LOGIN_MESSAGES.expired);
    let details;
    try {
      details = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    } catch {
      return fail(c, 400, LOGIN_MESSAGES.expired);
    }
    if (details.uid !== c.req.param('uid') || details.prompt.name !== 'login') return fail(c, 400, LOGIN_MESSAGES.expired);
    const link = await consumeLink(deps.db, parsed.data.ticket, ['signin']);
    const user = link ? await findUserById(deps.db, link.userId) : undefined;
    if (!user || user.status !== 'ACTIVE') {
      log.info('ticket sign-in refused: expired, used or unknown ticket');
      return fail(c, 401, LOGIN_MESSAGES.expired);
    }
    const redirectTo = await provider.interactionResult(c.env.incoming, c.env.outgoing, { login: { accountId: user.id, remember: false } }, { mergeWithLastSubmission: false });
    log.info('sign-in by ticket', { userId: user.id });
    return c.json({ isSuccess: true, message: 'Success', result: { redirectTo } });
  });
  return r;
}
