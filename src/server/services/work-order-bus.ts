/**
 * Committed work-order status changes on the topic bus (services/bus.ts; issue 19: every process hears them): the
 * work-order service publishes after its transaction commits; the live-update stream (server-sent events) and the
 * outbox worker subscribe. Notifications do not ride on it: they are written to the outbox inside the change's
 * transaction (services/notifications.ts).
 */
import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import type { Db } from '../db/index.ts';
import { topic } from './bus.ts';

/** One committed status change. */
export interface StatusChange {
  workOrderId: string;
  referralNumber: string;
  agencyNumber: string;
  /** The agent who filed the referral. */
  userId: string;
  previousStatus: WorkOrderStatus | null;
  status: WorkOrderStatus;
  note: string | null;
  at: Date;
}

/** Notes travel cut to this many characters (NOTIFY's payload limit; the live event does not show them). */
export const BUS_NOTE_CHARS = 1000;

/** The topic of committed work-order changes. */
export const workOrderChanges = topic<StatusChange>('work-order.status', {
  encode: (c) => ({ ...c, note: c.note === null ? null : c.note.slice(0, BUS_NOTE_CHARS), at: c.at.toISOString() }),
  decode: (json) => {
    const c = json as Omit<StatusChange, 'at'> & { at: string };
    return { ...c, at: new Date(c.at) };
  },
});

/** Publishes a committed change to every process on this database. */
export const publishStatusChange = (db: Pick<Db, 'bus'>, change: StatusChange): Promise<void> => db.bus.publish(workOrderChanges, change);

/** Calls fn with every committed change from now on; returns the unsubscribe function. */
export const onStatusChange = (db: Pick<Db, 'bus'>, fn: (change: StatusChange) => void): (() => void) => db.bus.subscribe(workOrderChanges, fn);
