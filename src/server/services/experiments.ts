/**
 * Experiments (issue 18): running them for a device (deterministic assignment, exposures logged once), marking
 * conversions, and reading the results. docs/decisions/031-experiments.md.
 */
import { createHash } from 'node:crypto';
import type { Assignment, Experiment } from '../../lib/api/experiments.ts';
import { variantAt, wilsonInterval, type ExperimentStatus, type TriggerEvent } from '../../lib/experiments.ts';
import type { Queryable } from '../db/index.ts';

export interface ExperimentRow {
  id: number;
  key: string;
  name: string;
  trigger_event: TriggerEvent;
  trigger_value: string;
  experiment_order: number;
  variants: { name: string; weight: number }[] | string;
  goal_event: string;
  status: ExperimentStatus;
  created_by: string;
  modified_by: string;
  created_at: string | Date;
  started_at: string | Date | null;
  stopped_at: string | Date | null;
}

export const EXPERIMENT_COLUMNS = `id, key, name, trigger_event, trigger_value, experiment_order, variants, goal_event, status,
  created_by, modified_by, created_at, started_at, stopped_at`;

const variantsOf = (r: ExperimentRow): { name: string; weight: number }[] => (typeof r.variants === 'string' ? JSON.parse(r.variants) : r.variants);
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** The point in [0, 1) of a device in an experiment: the first 32 bits of SHA-256 over the key and the device id. */
export function hashPoint(key: string, deviceId: string): number {
  return createHash('sha256').update(`${key}\u0000${deviceId}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** The variant a device sees in an experiment (the same on every call: no storage needed). */
export function assignVariant(key: string, deviceId: string, variants: readonly { name: string; weight: number }[]): string {
  return variantAt(hashPoint(key, deviceId), variants).name;
}

export interface RunInput {
  applicationName: string;
  deviceId: string;
  triggerEvent: TriggerEvent;
  triggerValue: string;
  experimentOrder?: number | null | undefined;
}

/**
 * The assignments of a device for one trigger: every running experiment with this trigger event and value (and
 * order, when given), by order then creation. The first exposure of each (experiment, device) is logged.
 */
export async function runExperiments(db: Queryable, input: RunInput): Promise<Assignment[]> {
  const order = input.experimentOrder ?? null;
  const rows = await db.query<ExperimentRow>(
    `SELECT ${EXPERIMENT_COLUMNS} FROM experiments
      WHERE status = 'Running' AND trigger_event = $1 AND trigger_value = $2 AND ($3::int IS NULL OR experiment_order = $3::int)
      ORDER BY experiment_order, created_at, id`,
    [input.triggerEvent, input.triggerValue, order],
  );
  const out: Assignment[] = [];
  for (const r of rows) {
    const variant = assignVariant(r.key, input.deviceId, variantsOf(r));
    await db.query(
      `INSERT INTO experiment_exposures (experiment_id, device_id, variant, application_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (experiment_id, device_id) DO NOTHING`,
      [r.id, input.deviceId, variant, input.applicationName],
    );
    out.push({ experimentId: r.id, key: r.key, variant });
  }
  return out;
}

/** Marks a device's exposures to running experiments with this goal as converted (once each); answers how many were marked. */
export async function recordConversion(db: Queryable, deviceId: string, goalEvent: string): Promise<number> {
  const rows = await db.query<{ experiment_id: number }>(
    `UPDATE experiment_exposures e SET converted_at = now() FROM experiments x
      WHERE x.id = e.experiment_id AND x.status = 'Running' AND x.goal_event = $2 AND e.device_id = $1 AND e.converted_at IS NULL
      RETURNING e.experiment_id`,
    [deviceId, goalEvent],
  );
  return rows.length;
}

/** recordConversion for every device a signed-in user started an analytics session on (SetupAnalytics). */
export async function recordUserConversion(db: Queryable, userId: string, goalEvent: string): Promise<number> {
  const devices = await db.query<{ device_id: string }>('SELECT DISTINCT device_id FROM analytics_sessions WHERE user_id = $1 LIMIT 50', [userId]);
  let marked = 0;
  for (const d of devices) marked += await recordConversion(db, d.device_id, goalEvent);
  return marked;
}

/** An experiment with each variant's exposures, conversions, rate and 95 % Wilson interval. */
export async function experimentWithResults(db: Queryable, r: ExperimentRow): Promise<Experiment> {
  const counts = await db.query<{ variant: string; exposures: number; conversions: number }>(
    `SELECT variant, count(*)::int AS exposures, count(converted_at)::int AS conversions FROM experiment_exposures
      WHERE experiment_id = $1 GROUP BY variant`,
    [r.id],
  );
  const by = new Map(counts.map((c) => [c.variant, c]));
  return {
    id: r.id,
    name: r.name,
    key: r.key,
    triggerEvent: r.trigger_event,
    triggerValue: r.trigger_value,
    experimentOrder: r.experiment_order,
    goalEvent: r.goal_event,
    status: r.status,
    variants: variantsOf(r).map((v) => {
      const exposures = by.get(v.name)?.exposures ?? 0;
      const conversions = by.get(v.name)?.conversions ?? 0;
      const ci = wilsonInterval(conversions, exposures);
      return { name: v.name, weight: v.weight, exposures, conversions, conversionRate: exposures ? conversions / exposures : null, low: ci?.low ?? null, high: ci?.high ?? null };
    }),
    createdBy: r.created_by,
    modifiedBy: r.modified_by,
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    stoppedAt: iso(r.stopped_at),
  };
}

export async function experimentById(db: Queryable, id: number, lock = false): Promise<ExperimentRow | null> {
  const [row] = await db.query<ExperimentRow>(`SELECT ${EXPERIMENT_COLUMNS} FROM experiments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row ?? null;
}
