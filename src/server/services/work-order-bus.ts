/**
 * In-process bus of committed work-order status changes: the work-order service publishes after its
 * transaction commits; the live-update stream (server-sent events) subscribes. Notifications do not ride
 * on it: they are written to the outbox inside the change's transaction (services/notifications.ts).
 */
import type { WorkOrderStatus } from '../../lib/work-orders.ts';

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

type Listener = (change: StatusChange) => void;
const listeners = new Set<Listener>();

export const workOrderBus = {
  /** Calls fn for every change published from now on; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
  /** Tells every subscriber (a throwing subscriber does not stop the others). */
  publish(change: StatusChange): void {
    for (const fn of [...listeners]) {
      try {
        fn(change);
      } catch {
        // A broken stream must not break the change that was already committed.
      }
    }
  },
};
