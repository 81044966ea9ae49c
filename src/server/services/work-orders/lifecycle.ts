/**
 * The one way a work order's status changes (advanceWorkOrder, ResubmitFailedReferral): one transaction locks the
 * order, updates it, stores the event with its time, fills in what the new status brings (shop and appointment,
 * technician, recalibration record, survey) and writes the notifications to the outbox; after the commit the change
 * goes on the bus. What the glass provider would report (technician, appointment, survey, recalibration result) comes
 * from the invented one in src/server/demo/glass-provider.ts until a real provider is connected.
 */
import { appointmentAfter, recalibrationMinutes, recalibrationResult, surveyFor, technicianFor } from '../../demo/glass-provider.ts';
import { HttpError } from '../../errors.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { enqueueStatusNotifications } from '../notifications.ts';
import { closestShops } from '../shops.ts';
import type { UserRow } from '../users.ts';
import { publishStatusChange, type StatusChange } from '../work-order-bus.ts';
import { nextStatuses, type WorkOrderStatus } from '../../../lib/work-orders.ts';
import type { StatusChangeReply } from '../../../lib/api/work-orders.ts';
import { visibleOrder, WORK_ORDER_NOT_FOUND } from './access.ts';
import { json, shopById, type StoredQuote, type StoredSubmission } from './stored.ts';

/** The shop for a referral: the chosen shop when the policyholder picked one, else the closest program shop (not the provider's when excluded). */
export async function shopFor(db: Queryable, zip: string, sub: { Agent?: { SchedulingOption?: string; InsuredProviderPreference?: string | null } }): Promise<string | null> {
  const pref = sub.Agent?.InsuredProviderPreference ?? null;
  if (pref && pref !== 'ExcludeSafeliteShops') {
    const [chosen] = await db.query<{ shop_id: string }>('SELECT shop_id FROM program_shops WHERE shop_id = $1', [pref]);
    if (chosen) return chosen.shop_id;
  }
  const excludeProviderOwned = pref === 'ExcludeSafeliteShops';
  const [near] = await closestShops(db, zip, { limit: 1, excludeProviderOwned });
  if (near) return near.shopId;
  const [far] = await closestShops(db, zip, { limit: 1, excludeProviderOwned, radiusMiles: 3000 });
  return far?.shopId ?? null;
}

/** The recalibration a quote calls for (its part and type), or null. */
export function recalibrationOf(quote: unknown): { partNumber: string; calibrationType: 'Static' | 'Dynamic' } | null {
  const line = json<StoredQuote>(quote, {}).Lines?.find((l) => l.Kind === 'recalibration' && l.PartNumber);
  if (!line) return null;
  return { partNumber: line.PartNumber!, calibrationType: /^dynamic/i.test(line.Description) ? 'Dynamic' : 'Static' };
}

/** The default note of each status. */
export function defaultNote(status: WorkOrderStatus, ctx: { contactMethod?: string; shopName?: string | null; appointmentAt?: Date | null; technician?: string | null; rating?: number; recalibration?: string | null }): string {
  switch (status) {
    case 'Received':
      return 'Referral filed in the Agent Portal';
    case 'Policyholder contacted':
      return `Policyholder reached by ${ctx.contactMethod === 'Text' ? 'text message' : ctx.contactMethod === 'Email' ? 'email' : 'phone'}`;
    case 'Scheduled':
      return ctx.appointmentAt ? `Appointment ${ctx.appointmentAt.toISOString().slice(0, 16).replace('T', ' ')} UTC${ctx.shopName ? ` at ${ctx.shopName}` : ''}` : 'Appointment scheduled';
    case 'In progress':
      return `Technician ${ctx.technician ?? 'assigned'} started the job`;
    case 'Completed':
      return ctx.recalibration ? `Service complete; ${ctx.recalibration}` : 'Service complete';
    case 'Survey complete':
      return `Customer survey received: ${ctx.rating ?? 5} of 5`;
    case 'Cancelled':
      return 'Cancelled at the policyholder’s request';
    case 'Failed':
      return 'Referral could not be processed';
  }
}

// ---------------------------------------------------------------------------------------------------
// Opening a work order (the one place a referral and its Received work order are written).

/** A referral to file with its work order: the referral's columns as stored. */
export interface NewReferral {
  agencyNumber: string;
  userId: string;
  callType: string;
  customerFirst: string;
  customerLast: string;
  policyNumber: string;
  carrier: string;
  zipCode: string;
  carId: number;
  vin: string | null;
  vehicle: string;
  repairOrReplace: string;
  total: number | string;
  /** The order submission as received (CreateReferral adds the signed-in agent). */
  submission: unknown;
  /** The quote the server priced. */
  quote: unknown;
}

/** One referral for openWorkOrders, with what the demo seed sets beforehand. */
export interface Filing {
  referral: NewReferral;
  /** The referral number and work order id when allocated beforehand (the demo seed allocates them in filing order); default: the sequences. */
  ids?: { referralNumber: string; workOrderId: string };
  /** The time of filing (default: now, the transaction's time). */
  at?: Date;
}

/**
 * Files a referral and opens its work order in status Received, with the first status event, inside `tx`; writes
 * the notifications to the outbox. The caller publishes the returned change on the bus once its transaction commits.
 */
export async function openWorkOrder(tx: Queryable, referral: NewReferral): Promise<StatusChange> {
  const [change] = await openWorkOrders(tx, [{ referral }]);
  return change!;
}

/**
 * openWorkOrder for many referrals in one statement, in the order given (the demo seed's history); notifications only
 * when `notify` (default true).
 */
export async function openWorkOrders(tx: Queryable, filings: readonly Filing[], opts: { notify?: boolean } = {}): Promise<StatusChange[]> {
  const note = defaultNote('Received', {});
  const rows = filings.map(({ referral, ids, at }) => ({
    referral_number: ids?.referralNumber ?? null,
    work_order_id: ids?.workOrderId ?? null,
    agency_number: referral.agencyNumber,
    user_id: referral.userId,
    call_type: referral.callType,
    customer_first: referral.customerFirst,
    customer_last: referral.customerLast,
    policy_number: referral.policyNumber,
    carrier: referral.carrier,
    zip_code: referral.zipCode,
    car_id: referral.carId,
    vin: referral.vin,
    vehicle: referral.vehicle,
    repair_or_replace: referral.repairOrReplace,
    total: referral.total,
    submission: referral.submission,
    quote: referral.quote,
    created_at: at?.toISOString() ?? null,
  }));
  // Numbered once (a CTE with nextval is evaluated once), then the referrals, their orders and their first events.
  const opened = await tx.query<{ referral_number: string; work_order_id: string; created_at: Date | string }>(
    `WITH input AS (
       SELECT t.*, row_number() OVER () AS n
         FROM json_to_recordset($1::json) AS t(referral_number text, work_order_id text, agency_number text, user_id text, call_type text,
           customer_first text, customer_last text, policy_number text, carrier text, zip_code text, car_id int, vin text, vehicle text,
           repair_or_replace text, total numeric, submission jsonb, quote jsonb, created_at timestamptz)),
     numbered AS (
       SELECT input.*,
              coalesce(referral_number, to_char(now(), 'YY') || lpad(nextval('referral_number_seq')::text, 7, '0')) AS new_referral_number,
              coalesce(work_order_id, 'WO' || nextval('work_order_seq')) AS new_work_order_id,
              coalesce(created_at, now()) AS filed_at
         FROM input ORDER BY n),
     filed AS (
       INSERT INTO referrals (referral_number, agency_number, user_id, call_type, customer_first, customer_last, policy_number,
         carrier, zip_code, car_id, vin, vehicle, repair_or_replace, total, submission, quote, created_at)
       SELECT new_referral_number, agency_number, user_id, call_type, customer_first, customer_last, policy_number,
              carrier, zip_code, car_id, vin, vehicle, repair_or_replace, total, submission, quote, filed_at
         FROM numbered ORDER BY n
       RETURNING referral_number),
     orders AS (
       INSERT INTO work_orders (work_order_id, referral_number, agency_number, filed_by, status, created_at, updated_at,
         customer_last_lc, customer_first_lc, customer_full_lc, policy_lc)
       SELECT new_work_order_id, new_referral_number, agency_number, user_id, 'Received', filed_at, filed_at,
              lower(customer_last), lower(customer_first), lower(customer_first || ' ' || customer_last), lower(policy_number)
         FROM numbered ORDER BY n
       RETURNING work_order_id),
     events AS (
       INSERT INTO work_order_events (work_order_id, status, note, created_at)
       SELECT new_work_order_id, 'Received', $2, filed_at FROM numbered ORDER BY n
       RETURNING id)
     SELECT new_referral_number AS referral_number, new_work_order_id AS work_order_id, filed_at AS created_at FROM numbered ORDER BY n`,
    [rows, note],
  );
  const changes = opened.map((row, i): StatusChange => ({
    workOrderId: row.work_order_id,
    referralNumber: row.referral_number,
    agencyNumber: filings[i]!.referral.agencyNumber,
    userId: filings[i]!.referral.userId,
    previousStatus: null,
    status: 'Received',
    note,
    at: new Date(row.created_at),
  }));
  if (opts.notify ?? true) for (const change of changes) await enqueueStatusNotifications(tx, change);
  return changes;
}

// ---------------------------------------------------------------------------------------------------
// Changing a status.

/** What advanceWorkOrder needs. */
export interface AdvanceInput {
  workOrderId: string;
  status: WorkOrderStatus;
  note?: string | null;
  /** The time of the change (default now): the seed and tests set it. */
  at?: Date;
}

/** 409 text for a move the lifecycle does not allow. */
export const illegalMove = (from: WorkOrderStatus, to: WorkOrderStatus) =>
  `A work order in status '${from}' cannot move to '${to}'.`;

/** An order locked for a change, with what its referral says. */
interface LockedOrder {
  work_order_id: string;
  referral_number: string;
  agency_number: string;
  status: WorkOrderStatus;
  shop_id: string | null;
  technician: string | null;
  appointment_at: Date | string | null;
  user_id: string;
  zip_code: string;
  submission: unknown;
  quote: unknown;
}

/** Applies one change inside tx: the order's row, what the status brings, the event, the outbox. */
async function applyChange(tx: Queryable, order: LockedOrder, status: WorkOrderStatus, noteIn: string | null | undefined, at: Date): Promise<StatusChange> {
  const sub = json<StoredSubmission>(order.submission, {});
  let note = noteIn?.trim() || null;
  const id = order.work_order_id;
  if (status === 'Received') {
    // A resubmitted referral starts over: no shop, appointment or technician yet.
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3, shop_id = NULL, appointment_at = NULL, technician = NULL, completed_at = NULL WHERE work_order_id = $1', [id, status, at]);
    note ??= 'Referral resubmitted';
  } else if (status === 'Scheduled') {
    const shopId = await shopFor(tx, order.zip_code, sub);
    const appointment = appointmentAfter(at, order.zip_code, id);
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3, shop_id = $4, appointment_at = $5 WHERE work_order_id = $1', [id, status, at, shopId, appointment]);
    const shop = shopId ? await shopById(tx, shopId) : null;
    note ??= defaultNote(status, { appointmentAt: appointment, shopName: shop?.name ?? null });
  } else if (status === 'In progress') {
    const technician = order.technician ?? technicianFor(id);
    // Started before the appointment (moved up): the appointment becomes the real start.
    await tx.query(
      'UPDATE work_orders SET status = $2, updated_at = $3, technician = $4, appointment_at = LEAST(coalesce(appointment_at, $3), $3) WHERE work_order_id = $1',
      [id, status, at, technician],
    );
    note ??= defaultNote(status, { technician });
  } else if (status === 'Completed') {
    const technician = order.technician ?? technicianFor(id);
    const shopId = order.shop_id ?? (await shopFor(tx, order.zip_code, sub));
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3, completed_at = $3, technician = $4, shop_id = $5 WHERE work_order_id = $1', [id, status, at, technician, shopId]);
    const recal = recalibrationOf(order.quote);
    let recalNote: string | null = null;
    if (recal && shopId) {
      const result = recalibrationResult(id);
      const started = new Date(at.getTime() - recalibrationMinutes(id) * 60_000);
      await tx.query(
        `INSERT INTO work_order_recalibrations (work_order_id, part_number, calibration_type, result, technician, shop_id, started_at, completed_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
         ON CONFLICT (work_order_id) DO UPDATE SET part_number = EXCLUDED.part_number, calibration_type = EXCLUDED.calibration_type,
           result = EXCLUDED.result, technician = EXCLUDED.technician, shop_id = EXCLUDED.shop_id, started_at = EXCLUDED.started_at, completed_at = EXCLUDED.completed_at`,
        [id, recal.partNumber, recal.calibrationType, result, technician, shopId, started, at],
      );
      recalNote = `${recal.calibrationType.toLowerCase()} camera recalibration ${result === 'Pass' ? 'passed' : 'failed'}`;
    }
    note ??= defaultNote(status, { recalibration: recalNote });
  } else if (status === 'Survey complete') {
    const survey = surveyFor(id);
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3 WHERE work_order_id = $1', [id, status, at]);
    await tx.query(
      `INSERT INTO work_order_surveys (work_order_id, rating, answers, comment, completed_at) VALUES ($1,$2,$3::jsonb,$4,$5)
       ON CONFLICT (work_order_id) DO UPDATE SET rating = EXCLUDED.rating, answers = EXCLUDED.answers, comment = EXCLUDED.comment, completed_at = EXCLUDED.completed_at`,
      [id, survey.rating, JSON.stringify(survey.answers), survey.comment, at],
    );
    note ??= defaultNote(status, { rating: survey.rating });
  } else {
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3 WHERE work_order_id = $1', [id, status, at]);
    note ??= defaultNote(status, { contactMethod: json<StoredSubmission>(order.submission, {}).Customer?.PreferredContactMethod });
  }
  await tx.query('INSERT INTO work_order_events (work_order_id, status, note, created_at) VALUES ($1,$2,$3,$4)', [id, status, note, at]);
  const change: StatusChange = {
    workOrderId: id,
    referralNumber: order.referral_number,
    agencyNumber: order.agency_number,
    userId: order.user_id,
    previousStatus: order.status,
    status,
    note,
    at,
  };
  await enqueueStatusNotifications(tx, change);
  return change;
}

/** Locks and reads an order inside a transaction (404 when there is none). */
async function lockOrder(tx: Queryable, workOrderId: string): Promise<LockedOrder> {
  const [order] = await tx.query<LockedOrder>(
    `SELECT w.work_order_id, w.referral_number, w.agency_number, w.status, w.shop_id, w.technician, w.appointment_at,
            r.user_id, r.zip_code, r.submission, r.quote
       FROM work_orders w JOIN referrals r ON r.referral_number = w.referral_number
      WHERE w.work_order_id = $1
      FOR UPDATE OF w`,
    [workOrderId],
  );
  if (!order) throw new HttpError(404, WORK_ORDER_NOT_FOUND);
  return order;
}

/** The reply of a committed change. */
export const changeReply = (change: StatusChange): StatusChangeReply => ({
  WorkOrderId: change.workOrderId,
  ReferralNumber: change.referralNumber,
  PreviousStatus: change.previousStatus ?? change.status,
  Status: change.status,
  At: change.at.toISOString(),
  NextStatuses: nextStatuses(change.status),
});

/**
 * Moves a work order to one of its next statuses (409 otherwise) in one transaction — the order, the event with
 * its time, what the status brings (shop and appointment, technician, recalibration record, survey) and the
 * outbox rows — then publishes the change on the bus.
 */
export async function advanceWorkOrder(db: Db, input: AdvanceInput): Promise<StatusChange> {
  const at = input.at ?? new Date();
  const change = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.workOrderId);
    if (!nextStatuses(order.status).includes(input.status)) throw new HttpError(409, illegalMove(order.status, input.status));
    return applyChange(tx, order, input.status, input.note, at);
  });
  await publishStatusChange(db, change);
  return change;
}

/** 409 text for resubmitting an order that did not fail. */
export const NOT_FAILED = 'Only a failed referral can be resubmitted.';

/** ResubmitFailedReferral: a Failed order the user may see goes back to Received (a new event); 409 for any other status. */
export async function resubmitFailedReferral(db: Db, user: UserRow, workOrderId: string, at = new Date()): Promise<StatusChange> {
  await visibleOrder(db, user, workOrderId);
  const change = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, workOrderId);
    if (order.status !== 'Failed') throw new HttpError(409, NOT_FAILED);
    return applyChange(tx, order, 'Received', `Referral resubmitted by ${user.first_name} ${user.last_name}`, at);
  });
  await publishStatusChange(db, change);
  return change;
}
