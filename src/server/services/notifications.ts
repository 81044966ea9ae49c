/**
 * Agent notifications of work-order changes (issue 6). OWNED BY THE NOTIFICATIONS WORK: this first version
 * only fixes the signature the work-order service calls inside its transaction.
 */
import type { Queryable } from '../db/index.ts';
import type { StatusChange } from './work-order-bus.ts';

/** Writes the outbox rows (email, text) this change owes the agent, per the referral's alerts and the agent's contact preferences, inside the caller's transaction. */
export async function enqueueStatusNotifications(tx: Queryable, change: StatusChange): Promise<number> {
  void tx;
  void change;
  return 0;
}
