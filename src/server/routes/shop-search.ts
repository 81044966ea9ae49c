/**
 * ShopSearch/* (spec section 7; issue 17, docs/decisions/029): the public store locator's two calls, limited per
 * client address like the other public lookups (in process, docs/decisions/004).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { counterStoreFor } from '../auth/counter-store.ts';
import { GetClosestProgramProviders, SpecificShopSearch } from '../../lib/api/shop-search.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import { closestProviders, specificShopSearch } from '../services/shop-search.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** Shop searches one client address may make per minute by default (both calls together; SHOP_SEARCH_MAX_PER_MINUTE): plenty for people, slow for scrapers. */
export const SHOP_SEARCHES_PER_MINUTE = 120;
/** The refusal of a search over the limit. */
export const TOO_MANY_SHOP_SEARCHES = 'Too many searches. Please wait a minute and try again.';

export function shopSearchRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // Counted in the database on PostgreSQL: every process counts the same (issue 19).
  const limiter = counterStoreFor(deps.db)({ keyPrefix: 'shop-search', points: deps.shopSearchPerMinute ?? SHOP_SEARCHES_PER_MINUTE, duration: 60 });
  const limit = async (c: Context<AppEnv>) => {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    try {
      await limiter.consume(address);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      c.header('Retry-After', String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))));
      log.warn('shop search rate limit');
      throw new HttpError(429, TOO_MANY_SHOP_SEARCHES);
    }
  };

  mountCall(r, deps, GetClosestProgramProviders, async ({ c, input }) => {
    await limit(c);
    return closestProviders(deps.db, input.zipCode);
  });
  mountCall(r, deps, SpecificShopSearch, async ({ c, input }) => {
    await limit(c);
    return specificShopSearch(deps.db, {
      name: input.ProviderName,
      phone: input.ProviderPhone ?? null,
      zip: input.ServiceZipCode,
      ...(input.Distance !== undefined ? { distance: input.Distance } : {}),
      ...(input.PageSize !== undefined ? { pageSize: input.PageSize } : {}),
      ...(input.PageNumber !== undefined ? { pageNumber: input.PageNumber } : {}),
      excludeProviderOwned: input.IsSafeliteProgramAccount === false,
    });
  });
  return r;
}
