/** Cobranded (spec section 7): GenerateSelfServiceUrl, the link to the external self-service site for SSO users (SELF_SERVICE_URL). */
import { Hono } from 'hono';
import { GenerateSelfServiceUrl } from '../../lib/api/cobranded.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The Cobranded calls. */
export function cobrandedRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  mountCall(router, deps, GenerateSelfServiceUrl, async ({ input, user }) => {
    if (input.UserId !== user!.id) throw new HttpError(403, 'You may only ask for your own self-service link.');
    if (!deps.selfServiceUrl) {
      log.info('self-service URL not configured', { userId: user!.id });
      return { Url: '' };
    }
    const url = new URL(deps.selfServiceUrl);
    url.searchParams.set('returnUrl', new URL(input.ReturnUrl, deps.origin).href);
    if (user!.agent_number) url.searchParams.set('agentNumber', user!.agent_number);
    if (input.ParentAccountNumber) url.searchParams.set('parentAccountNumber', input.ParentAccountNumber);
    return { Url: url.href };
  });

  return router;
}
