/**
 * Work-order lifecycle (issue 6): the statuses in order, the end states and which change may follow which.
 * Browser-safe (no zod, no server code): the console, the lists and the server share it.
 */

/** The forward path of a work order, in order. */
export const LIFECYCLE = ['Received', 'Policyholder contacted', 'Scheduled', 'In progress', 'Completed', 'Survey complete'] as const;
/** Every status a work order can have (the CHECK of migration 005). */
export const WORK_ORDER_STATUSES = [...LIFECYCLE, 'Cancelled', 'Failed'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Statuses of the completed list; every other status is open. */
export const CLOSED_STATUSES: readonly WorkOrderStatus[] = ['Completed', 'Survey complete', 'Cancelled'];
/** True when a work order in this status belongs to the open list. */
export const isOpen = (s: WorkOrderStatus): boolean => !CLOSED_STATUSES.includes(s);
/** Closed orders whose work was done (the dashboard's "completed": never Cancelled). */
export const COMPLETED_STATUSES: readonly WorkOrderStatus[] = ['Completed', 'Survey complete'];
/** Open orders that wait for the agent: a Failed referral waits for ResubmitFailedReferral. */
export const ATTENTION_STATUSES: readonly WorkOrderStatus[] = ['Failed'];

/** The statuses a work order may move to from `from`: the next step of the lifecycle, Cancelled or Failed before completion; a Failed order only by ResubmitFailedReferral (back to Received). */
export function nextStatuses(from: WorkOrderStatus): WorkOrderStatus[] {
  if (from === 'Cancelled' || from === 'Failed' || from === 'Survey complete') return [];
  const i = LIFECYCLE.indexOf(from as (typeof LIFECYCLE)[number]);
  const next: WorkOrderStatus[] = [LIFECYCLE[i + 1]!];
  if (from !== 'Completed') next.push('Cancelled', 'Failed');
  return next;
}
