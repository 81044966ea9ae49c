/**
 * Cobranded (spec section 7): GenerateSelfServiceUrl, the link to the external self-service site for SSO users
 * (SELF_SERVICE_URL); co-branding by client tag (issue 17): the tag's account, whether it is co-branded, its logo,
 * and the internal admins' settings.
 */
import { Hono } from 'hono';
import {
  GenerateSelfServiceUrl,
  GetCobrandedAccountNumberByClientTag,
  GetCobrandedAgencies,
  GetCobrandedLogo,
  GetIsAccountCobranded,
  GetIsCobranded,
  SaveCobrandedAgency,
  COBRAND_MESSAGES,
} from '../../lib/api/cobranded.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import { accountByClientTag, cobrandedAgencies, cobrandOf, logoOf, saveCobrand } from '../services/cobrand.ts';
import { userBelongsToAgency } from '../services/users.ts';
import { FileReply, mountCall, type AppEnv, type RouteDeps } from './define.ts';

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

  mountCall(router, deps, GetCobrandedAccountNumberByClientTag, ({ input }) => accountByClientTag(deps.db, input.ClientTag));
  mountCall(router, deps, GetIsCobranded, ({ input }) => cobrandOf(deps.db, input.AccountNumber));
  mountCall(router, deps, GetIsAccountCobranded, async ({ input, user }) => {
    if (user!.dashboard_user_role !== 'SFAD_InternalAdmin' && !(await userBelongsToAgency(deps.db, user!.id, input.AccountNumber))) {
      throw new HttpError(403, 'You do not belong to this agency.');
    }
    return cobrandOf(deps.db, input.AccountNumber);
  });
  mountCall(router, deps, GetCobrandedLogo, async ({ input }) => {
    const logo = await logoOf(deps.db, input.AccountNumber);
    if (!logo) throw new HttpError(404, COBRAND_MESSAGES.noLogo);
    // A day in any cache; a new upload has a new hash, which the client checks with If-None-Match.
    return new FileReply(new Uint8Array(logo.bytes), 'logo', { contentType: logo.contentType, etag: logo.sha256, cacheControl: 'public, max-age=86400' });
  });
  mountCall(router, deps, GetCobrandedAgencies, async ({ input }) => ({ agencies: await cobrandedAgencies(deps.db, input.Search || null) }));
  mountCall(router, deps, SaveCobrandedAgency, ({ input, user }) =>
    saveCobrand(deps.db, input.AgencyNumber, input, { id: user!.id, email: user!.email }),
  );

  return router;
}
