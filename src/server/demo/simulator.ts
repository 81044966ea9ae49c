/**
 * The demo simulator (`npm run simulate`, or SIMULATE_EVERY_MS with `npm run serve`): in the server process (PGlite
 * is one process per data directory), every SIMULATE_EVERY_MS it moves one open work order one step along the
 * lifecycle through advanceWorkOrder — so each change is stored with its event, notifies the agent through the
 * outbox and reaches open pages live — and when few orders are left open it files a new demo referral
 * (status Received), so the portal stays alive however long it runs.
 *
 * Which order moves: one of the orders that have waited longest in their status (Received, Policyholder contacted,
 * Scheduled, In progress; an order completed in the last SURVEY_WINDOW_DAYS days when its policyholder answers surveys,
 * about 6 in 10). Now and then an
 * order is cancelled or fails instead (Failed orders wait for ResubmitFailedReferral).
 */
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import type { Leadership } from '../db/leader.ts';
import { publishStatusChange, type StatusChange } from '../services/work-order-bus.ts';
import { fnv1a } from '../random.ts';
import { advanceWorkOrder, openWorkOrder } from '../services/work-orders/lifecycle.ts';
import { nextStatuses, type WorkOrderStatus } from '../../lib/work-orders.ts';

/** Below this many orders moving along, the simulator files a new demo referral. */
export const SIMULATOR_MIN_ACTIVE = 12;
/** A completed order gets its survey within this many days, or never. */
export const SURVEY_WINDOW_DAYS = 5;
/** How many of the longest-waiting orders it picks from. */
const CANDIDATES = 8;

const FIRST = ['Avery', 'Jordan', 'Riley', 'Cameron', 'Quinn', 'Harper', 'Rowan', 'Elena', 'Mateo', 'Priya', 'Darnell', 'Yuki', 'Sienna', 'Omar'];
const LAST = ['Bennett', 'Castillo', 'Dawson', 'Ellis', 'Fischer', 'Guerrero', 'Hayes', 'Ibarra', 'Jensen', 'Khan', 'Lindqvist', 'Morrow', 'Novak', 'Ortiz'];

/** A running simulator. */
export interface Simulator {
  /** Runs one step now (tests call it directly); the change made, or null when nothing moved. */
  tick(): Promise<StatusChange | null>;
  /** Stops the timer and waits for a running step. */
  stop(): Promise<void>;
}

/** True when the policyholder of this order answers the survey (deterministic). */
export const answersSurvey = (workOrderId: string) => fnv1a(`answers:${workOrderId}`) % 10 < 6;

/**
 * Starts the simulator; everyMs ≤ 0 makes one that only ticks when told (tests). With `leader` (several processes on
 * PostgreSQL, issue 19) a tick moves nothing unless this process leads (db/leader.ts): one simulator for the cluster.
 */
export function startSimulator(db: Db, opts: { everyMs: number; random?: () => number; leader?: Leadership }): Simulator {
  const random = opts.random ?? Math.random;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function step(): Promise<StatusChange | null> {
    if (opts.leader && !(await opts.leader.isLeader())) return null;
    const active = await db.query<{ work_order_id: string; status: WorkOrderStatus }>(
      `SELECT work_order_id, status FROM work_orders
        WHERE status IN ('Received', 'Policyholder contacted', 'Scheduled', 'In progress')
           OR (status = 'Completed' AND completed_at > now() - interval '${SURVEY_WINDOW_DAYS} days')
        ORDER BY updated_at, work_order_id LIMIT 200`,
    );
    const movable = active.filter((order) => order.status !== 'Completed' || answersSurvey(order.work_order_id));
    if (movable.filter((order) => order.status !== 'Completed').length < SIMULATOR_MIN_ACTIVE) {
      const filed = await fileDemoReferral(db, random);
      if (filed) return filed;
    }
    const candidates = movable.slice(0, CANDIDATES);
    if (!candidates.length) return null;
    const order = candidates[Math.floor(random() * candidates.length)]!;
    const options = nextStatuses(order.status);
    const roll = random();
    const status: WorkOrderStatus =
      roll < 0.03 && options.includes('Cancelled') ? 'Cancelled' : roll < 0.045 && options.includes('Failed') && order.status === 'Received' ? 'Failed' : options[0]!;
    try {
      return await advanceWorkOrder(db, { workOrderId: order.work_order_id, status });
    } catch (err) {
      // Another change (the console) got there first: the next tick picks again.
      log.warn('simulator: could not advance', { workOrderId: order.work_order_id, status, error: String(err) });
      return null;
    }
  }

  const tick = () => {
    const next = running.then(step, step);
    running = next.catch(() => undefined);
    return next;
  };
  const schedule = () => {
    if (stopped || opts.everyMs <= 0) return;
    timer = setTimeout(() => {
      tick()
        .then((change) => change && log.info('simulator', { workOrderId: change.workOrderId, from: change.previousStatus, to: change.status }))
        .catch((err) => log.error('simulator step failed', { error: String((err as Error)?.stack ?? err) }))
        .finally(schedule);
    }, opts.everyMs);
    timer.unref?.();
  };
  schedule();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await opts.leader?.resign();
    },
  };
}

/**
 * Files a new demo referral like one the seed made (same agency, agent, car, glass and quote; a new policyholder,
 * policy number and time): openWorkOrder files it (Received, its event, the notifications) in one transaction; then the bus.
 */
export async function fileDemoReferral(db: Db, random: () => number = Math.random): Promise<StatusChange | null> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM referrals WHERE submission->>'DemoSeed' = 'true'");
  if (!n) return null;
  const [model] = await db.query<{
    agency_number: string;
    user_id: string;
    call_type: string;
    carrier: string;
    zip_code: string;
    car_id: number;
    vin: string | null;
    vehicle: string;
    repair_or_replace: string;
    total: string | number;
    submission: Record<string, unknown> | string;
    quote: unknown;
  }>(
    `SELECT agency_number, user_id, call_type, carrier, zip_code, car_id, vin, vehicle, repair_or_replace, total, submission, quote FROM referrals
      WHERE submission->>'DemoSeed' = 'true' ORDER BY referral_number OFFSET $1 LIMIT 1`,
    [Math.floor(random() * n)],
  );
  if (!model) return null;
  const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const sub = parsed<{ Customer: Record<string, unknown>; Insurance: Record<string, unknown> }>(model.submission);
  const first = FIRST[Math.floor(random() * FIRST.length)]!;
  const last = LAST[Math.floor(random() * LAST.length)]!;
  const policy = `${String(sub.Insurance.PolicyNumber ?? 'PN').slice(0, 2)}-${1000 + Math.floor(random() * 9000)}-${String(Math.floor(random() * 10000)).padStart(4, '0')}`;
  const submission = {
    ...sub,
    Customer: { ...sub.Customer, FirstName: first, LastName: last, Email: sub.Customer.Email ? `${first}.${last}@example.com`.toLowerCase() : null },
    Insurance: { ...sub.Insurance, PolicyNumber: policy, DamageDate: new Date().toISOString().slice(0, 10) },
  };
  const change = await db.transaction((tx) =>
    openWorkOrder(tx, {
      agencyNumber: model.agency_number,
      userId: model.user_id,
      callType: model.call_type,
      customerFirst: first,
      customerLast: last,
      policyNumber: policy,
      carrier: model.carrier,
      zipCode: model.zip_code,
      carId: model.car_id,
      vin: model.vin,
      vehicle: model.vehicle,
      repairOrReplace: model.repair_or_replace,
      total: model.total,
      submission,
      quote: parsed(model.quote),
    }),
  );
  await publishStatusChange(db, change);
  return change;
}
