/**
 * The analytics page's call (issue 18): internal admins only (the contract's access list).
 * docs/decisions/034-analytics-page.md.
 */
import { Hono } from 'hono';
import { rangeOf } from '../../lib/analytics.ts';
import { GetAnalyticsSummary } from '../../lib/api/analytics.ts';
import { analyticsSummary } from '../services/analytics.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

export function analyticsRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, GetAnalyticsSummary, ({ input }) => analyticsSummary(deps.db, rangeOf(input)));
  return r;
}
