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
import { workOrderBus, type StatusChange } from '../work-order-bus.ts';
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
  workOrderBus.publish(change);
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
  workOrderBus.publish(change);
  return change;
}
