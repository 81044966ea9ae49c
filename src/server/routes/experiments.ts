/**
 * Experiments (issue 18): `experiments/run` on the experiments service (EXPERIMENTS_BASE, public), and the internal
 * admins' Experiments/* calls on the dashboard service (each change in the audit log, entity 'experiment').
 * docs/decisions/031-experiments.md.
 */
import { Hono } from 'hono';
import { ExperimentsRun, GetExperiments, SaveExperiment, SetExperimentStatus } from '../../lib/api/experiments.ts';
import { EXPERIMENT_SITE_ENTRY_VALUE } from '../../lib/constants.ts';
import { canMove, EXPERIMENT_MESSAGES } from '../../lib/experiments.ts';
import { HttpError } from '../errors.ts';
import { recordAudit } from '../services/audit.ts';
import {
  EXPERIMENT_COLUMNS,
  experimentById,
  experimentWithResults,
  runExperiments,
  type ExperimentRow,
} from '../services/experiments.ts';
import type { UserRow } from '../services/users.ts';
import { counterStoreFor } from '../auth/counter-store.ts';
import { createAnalyticsLimiter, gpcOn } from './analytics-limit.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

const actorOf = (user: UserRow | null) => (user ? { id: user.id, email: user.email } : null);

/** The experiments service: the browser's run. */
export function experimentsRunRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // Issue 18: with the Global Privacy Control signal nothing is assigned or logged; else limited per device.
  const limit = createAnalyticsLimiter(deps.analyticsLimits, counterStoreFor(deps.db), 'experiments');
  mountCall(r, deps, ExperimentsRun, async ({ c, input }) => {
    if (gpcOn(c)) return [];
    await limit(c, [`device:${input.deviceId}`], input);
    return runExperiments(deps.db, input);
  });
  return r;
}

/** The dashboard service's Experiments/* calls (internal admins). */
export function experimentsAdminRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, GetExperiments, async () => {
    const rows = await deps.db.query<ExperimentRow>(`SELECT ${EXPERIMENT_COLUMNS} FROM experiments ORDER BY created_at DESC, id DESC LIMIT 200`);
    return Promise.all(rows.map((row) => experimentWithResults(deps.db, row)));
  });
  mountCall(r, deps, SaveExperiment, ({ input, user }) =>
    deps.db.transaction(async (tx) => {
      const triggerValue = input.triggerEvent === 'SiteEntry' ? EXPERIMENT_SITE_ENTRY_VALUE : input.triggerValue!;
      const values = [input.key, input.name, input.triggerEvent, triggerValue, input.experimentOrder ?? 0,
        JSON.stringify(input.variants.map((v) => ({ name: v.name, weight: v.weight }))), input.goalEvent, user!.email];
      const [taken] = await tx.query<{ id: number }>('SELECT id FROM experiments WHERE key = $1', [input.key]);
      if (taken && taken.id !== input.id) throw new HttpError(409, EXPERIMENT_MESSAGES.keyTaken);
      if (input.id === undefined || input.id === null) {
        const [row] = await tx.query<ExperimentRow>(
          `INSERT INTO experiments (key, name, trigger_event, trigger_value, experiment_order, variants, goal_event, created_by, modified_by)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8) RETURNING ${EXPERIMENT_COLUMNS}`,
          values,
        );
        const created = await experimentWithResults(tx, row!);
        await recordAudit(tx, { actor: actorOf(user), action: 'createExperiment', entity: 'experiment', entityId: created.id, after: created });
        return created;
      }
      const current = await experimentById(tx, input.id, true);
      if (!current) throw new HttpError(404, EXPERIMENT_MESSAGES.experimentNotFound);
      if (current.status !== 'Draft') throw new HttpError(409, EXPERIMENT_MESSAGES.onlyDraftEdited);
      const before = await experimentWithResults(tx, current);
      const [row] = await tx.query<ExperimentRow>(
        `UPDATE experiments SET key = $1, name = $2, trigger_event = $3, trigger_value = $4, experiment_order = $5, variants = $6::jsonb,
           goal_event = $7, modified_by = $8, modified_at = clock_timestamp() WHERE id = $9 RETURNING ${EXPERIMENT_COLUMNS}`,
        [...values, input.id],
      );
      const after = await experimentWithResults(tx, row!);
      await recordAudit(tx, { actor: actorOf(user), action: 'editExperiment', entity: 'experiment', entityId: after.id, before, after });
      return after;
    }),
  );
  mountCall(r, deps, SetExperimentStatus, ({ input, user }) =>
    deps.db.transaction(async (tx) => {
      const current = await experimentById(tx, input.id, true);
      if (!current) throw new HttpError(404, EXPERIMENT_MESSAGES.experimentNotFound);
      if (!canMove(current.status, input.status)) throw new HttpError(409, EXPERIMENT_MESSAGES.badTransition);
      const before = await experimentWithResults(tx, current);
      const [row] = await tx.query<ExperimentRow>(
        `UPDATE experiments SET status = $2, modified_by = $3, modified_at = clock_timestamp(),
           started_at = CASE WHEN $2 = 'Running' THEN clock_timestamp() ELSE started_at END,
           stopped_at = CASE WHEN $2 = 'Stopped' THEN clock_timestamp() ELSE stopped_at END
         WHERE id = $1 RETURNING ${EXPERIMENT_COLUMNS}`,
        [input.id, input.status, user!.email],
      );
      const after = await experimentWithResults(tx, row!);
      const action = input.status === 'Running' ? 'startExperiment' : 'stopExperiment';
      await recordAudit(tx, { actor: actorOf(user), action, entity: 'experiment', entityId: after.id, before, after });
      return after;
    }),
  );
  return r;
}
