/**
 * Production monitoring (spec section 7: `healthcheck`, `healthcheck/HealthCheckResults`,
 * `healthcheck/UpdateConfiguration`). The results are kept a few seconds (the page is public: many readers, one
 * round of checks) and dropped when the configuration changes. docs/decisions/024.
 */
import { Hono } from 'hono';
import { GetHealthConfiguration, HealthCheckResults, Healthcheck, UpdateConfiguration, type HealthResult } from '../../lib/api/healthcheck.ts';
import { recordAudit } from '../services/audit.ts';
import { healthConfig, runHealthChecks, updateHealthConfig, type HealthDeps } from '../services/health.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** How long one round of results is reused. */
export const RESULTS_TTL_MS = 3_000;

export function healthcheckRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const health: HealthDeps = deps.health ?? { origin: deps.origin, oidcIssuer: `${deps.origin}/oidc`, mailboxDir: './.data/mailbox' };
  let kept: { at: number; results: Promise<HealthResult[]> } | null = null;
  const results = () => {
    if (!kept || Date.now() - kept.at >= RESULTS_TTL_MS) kept = { at: Date.now(), results: runHealthChecks(deps.db, health) };
    return kept.results;
  };
  mountCall(r, deps, Healthcheck, async () => {
    try {
      await deps.db.query('SELECT 1');
      return { status: 'Healthy' as const };
    } catch {
      return { status: 'Unhealthy' as const };
    }
  });
  mountCall(r, deps, HealthCheckResults, async () => {
    const checks = await results();
    return { status: checks.every((c) => c.status === 'Healthy') ? ('Healthy' as const) : ('Unhealthy' as const), checkedAt: checks[0]?.lastCheck ?? new Date().toISOString(), checks };
  });
  mountCall(r, deps, GetHealthConfiguration, () => healthConfig(deps.db));
  mountCall(r, deps, UpdateConfiguration, async ({ input, user }) => {
    const next = await deps.db.transaction(async (tx) => {
      const before = (await healthConfig(tx)).find((c) => c.name === input.name);
      const after = await updateHealthConfig(tx, input.name, input.input?.trim() || null, input.urlOverride?.trim() || null, user!.email);
      await recordAudit(tx, { actor: { id: user!.id, email: user!.email }, action: 'updateHealthConfig', entity: 'healthConfig', entityId: input.name, before, after });
      return after;
    });
    kept = null;
    return next;
  });
  return r;
}
