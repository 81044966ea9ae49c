import { Hono } from 'hono';
import { Setup, ViewError } from '../../lib/api/platform.ts';
import { LogPageView, SetupAnalytics } from '../../lib/api/tracking.ts';
import { resolveRouteFor } from '../../lib/navigation.ts';
import { toAppRole } from '../../lib/roles.ts';
import { log } from '../log.ts';
import { recordUserConversion } from '../services/experiments.ts';
import { counterStoreFor } from '../auth/counter-store.ts';
import { createAnalyticsLimiter, gpcOn } from './analytics-limit.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** Platform calls: layout setup (route guard), analytics, client errors. */
export function platformRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // Issue 18: with the Global Privacy Control signal the analytics calls answer success and store nothing; else
  // they are limited per device and per user (calls and bytes per minute; 429, nothing stored).
  const limit = createAnalyticsLimiter(deps.analyticsLimits, counterStoreFor(deps.db), 'analytics');
  mountCall(r, deps, Setup, async ({ input, user }) => {
    const target = resolveRouteFor(input.ToRoute, user!.dashboard_user_role);
    return { userRole: toAppRole(user!.dashboard_user_role), redirectTo: target === input.ToRoute ? null : target };
  });
  mountCall(r, deps, SetupAnalytics, async ({ c, input, user }) => {
    if (gpcOn(c)) return { deviceId: input.DeviceId };
    await limit(c, [`user:${user!.id}`, `device:${input.DeviceId}`], input);
    // user_id (issue 18): a signed-in event's experiment conversions reach the user's devices through it.
    await deps.db.query('INSERT INTO analytics_sessions (device_id, client_tag, user_name, user_agent, user_id) VALUES ($1,$2,$3,$4,$5)', [
      input.DeviceId,
      input.ClientTag ?? null,
      input.UserName ?? user!.email,
      input.UserAgent,
      user!.id,
    ]);
    return { deviceId: input.DeviceId };
  });
  mountCall(r, deps, LogPageView, async ({ c, input, user }) => {
    if (gpcOn(c)) return null;
    await limit(c, [`user:${user!.id}`], input);
    await deps.db.query(
      `INSERT INTO page_views (user_id, web_page, log_app_details, event, category, action, label, value, referral_number, user_name)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [user!.id, input.WebPage, input.LogAppDetails ?? null, input.Event ?? null, input.Category ?? null, input.Action ?? null,
        input.Label ?? null, input.Value ?? null, input.ReferralNumber ?? null, input.UserName ?? null],
    );
    // Issue 18: an Event or Action naming a running experiment's goal converts the user's devices (their analytics sessions).
    for (const goal of new Set([input.Event, input.Action])) if (goal) await recordUserConversion(deps.db, user!.id, goal);
    return null;
  });
  mountCall(r, deps, ViewError, async ({ c, input, user }) => {
    await limit(c, [`user:${user!.id}`], input);
    await deps.db.query('INSERT INTO client_errors (user_id, error) VALUES ($1, $2)', [user!.id, input.error]);
    log.warn('client error reported', { userId: user!.id, error: input.error.slice(0, 300) });
    return null;
  });
  return r;
}
