import { Hono } from 'hono';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { counterStoreFor } from '../auth/counter-store.ts';
import {
  ApproveOnboardingRequest,
  DenyOnboardingRequest,
  GetAgencies,
  GetAgencyInformationByNumber,
  GetAllAgenciesForSearch,
  GetOnboardingRequests,
  VerifyUserAgencyInformation,
} from '../../lib/api/agency-search.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import {
  agenciesForSearch,
  agencyInformation,
  approveOnboardingRequest,
  denyOnboardingRequest,
  fileOnboardingRequest,
  myOnboardingRequests,
  reviewableOnboardingRequests,
  searchAgencies,
} from '../services/onboarding.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** Agency lookups one user may make per minute (the three AgencySearch calls together): enough for a person, slow for a scraper. */
export const SEARCHES_PER_MINUTE = 30;
/** The refusal of a search over the limit. */
export const TOO_MANY_SEARCHES = 'Too many searches. Please wait a minute and try again.';

/** AgencySearch/* (any signed-in user, rate-limited per user) and the onboarding requests of User/* (issue 14). */
export function agencySearchRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  // Like the sign-in limiter: in memory on PGlite, in the database on PostgreSQL (every process counts the same, issue 19).
  const limiter = counterStoreFor(db)({ keyPrefix: 'agency-search', points: SEARCHES_PER_MINUTE, duration: 60 });
  const limit = async (userId: string) => {
    try {
      await limiter.consume(userId);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      log.warn('agency search rate limit', { userId });
      throw new HttpError(429, TOO_MANY_SEARCHES);
    }
  };

  mountCall(r, deps, GetAgencies, async ({ input, user }) => {
    await limit(user!.id);
    return searchAgencies(db, input);
  });
  mountCall(r, deps, GetAllAgenciesForSearch, async ({ input, user }) => {
    await limit(user!.id);
    return agenciesForSearch(db, input.Term);
  });
  mountCall(r, deps, GetAgencyInformationByNumber, async ({ input, user }) => {
    await limit(user!.id);
    return agencyInformation(db, input.AccountNumber);
  });

  mountCall(r, deps, VerifyUserAgencyInformation, async ({ input, user }) => fileOnboardingRequest(db, user!.id, input));
  mountCall(r, deps, GetOnboardingRequests, async ({ input, user }) =>
    input.Scope === 'mine' ? myOnboardingRequests(db, user!.id) : reviewableOnboardingRequests(db, user!),
  );
  mountCall(r, deps, ApproveOnboardingRequest, async ({ input, user }) => approveOnboardingRequest(db, user!, input.RequestId, input.AgencyNumber));
  mountCall(r, deps, DenyOnboardingRequest, async ({ input, user }) => denyOnboardingRequest(db, user!, input.RequestId, input.Reason));
  return r;
}
