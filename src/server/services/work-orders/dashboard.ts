/**
 * The work-order dashboard of a scope: the recent orders, the big numbers (open, needs attention, closed — completed
 * and cancelled apart), the failed referrals that wait for the agent, counts by status, and orders filed per week.
 */
import type { Queryable } from '../../db/index.ts';
import { ATTENTION_STATUSES, COMPLETED_STATUSES, isOpen, WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../../lib/work-orders.ts';
import { DASHBOARD_ATTENTION, DASHBOARD_RECENT, DASHBOARD_WEEKS, type AttentionItem, type Dashboard, type StatusCounts } from '../../../lib/api/work-orders.ts';
import { scopeSql, type OrderScope } from './access.ts';
import { listWorkOrders } from './lists.ts';
import { iso } from './stored.ts';

/** Every status with its count (zeros included), in lifecycle order. */
function countsOf(rows: { status: string; n: number | string }[]): StatusCounts {
  return WORK_ORDER_STATUSES.map((status) => ({ Status: status, Count: rows.filter((row) => row.status === status).reduce((sum, row) => sum + Number(row.n), 0) }));
}

/** The sum of the counts of some statuses. */
const sumOf = (counts: StatusCounts, statuses: readonly WorkOrderStatus[]) => counts.filter((c) => statuses.includes(c.Status)).reduce((n, c) => n + c.Count, 0);

/** The most recently failed orders of a scope, each with the time it failed and the note of that change (its reason). */
async function needsAttention(db: Queryable, scope: OrderScope): Promise<AttentionItem[]> {
  const failed = await listWorkOrders(db, scope, { statuses: ATTENTION_STATUSES, page: 1, pageSize: DASHBOARD_ATTENTION });
  if (!failed.items.length) return [];
  const events = await db.query<{ work_order_id: string; created_at: Date | string; note: string | null }>(
    `SELECT DISTINCT ON (work_order_id) work_order_id, created_at, note FROM work_order_events
      WHERE work_order_id IN (SELECT json_array_elements_text($1::json)) AND status = 'Failed' ORDER BY work_order_id, created_at DESC, id DESC`,
    [failed.items.map((i) => i.WorkOrderId)] as never,
  );
  const byId = new Map(events.map((e) => [e.work_order_id, e]));
  return failed.items.map((item) => {
    const event = byId.get(item.WorkOrderId);
    return { ...item, FailedAt: event ? iso(event.created_at) : item.UpdatedAt, Reason: event?.note ?? null };
  });
}

/** Monday 00:00 UTC of the week of `d`. */
export function weekStart(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000);
}

/** The dashboard of a scope: recent orders, the big numbers, the failed orders, counts by status, and orders filed per week (by status now), 12 weeks. */
export async function dashboard(db: Queryable, scope: OrderScope, now = new Date()): Promise<Omit<Dashboard, 'AgencyNumber'>> {
  const recent = await listWorkOrders(db, scope, { statuses: null, page: 1, pageSize: DASHBOARD_RECENT });
  const params: unknown[] = [];
  const where = scopeSql(scope, params);
  const byStatus = await db.query<{ status: string; n: number }>(
    `SELECT w.status, count(*)::int AS n FROM work_orders w JOIN referrals r ON r.referral_number = w.referral_number WHERE ${where} GROUP BY w.status`,
    params as never,
  );
  const first = new Date(weekStart(now).getTime() - (DASHBOARD_WEEKS - 1) * 7 * 86_400_000);
  const weekParams: unknown[] = [];
  const weekWhere = scopeSql(scope, weekParams);
  weekParams.push(first.toISOString());
  const weekly = await db.query<{ week: string; status: string; n: number }>(
    `SELECT to_char(date_trunc('week', w.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, w.status, count(*)::int AS n
       FROM work_orders w JOIN referrals r ON r.referral_number = w.referral_number
      WHERE ${weekWhere} AND w.created_at >= $${weekParams.length}::timestamptz
      GROUP BY 1, 2`,
    weekParams as never,
  );
  const CountsByStatus = countsOf(byStatus);
  const CompletedCount = sumOf(CountsByStatus, COMPLETED_STATUSES);
  const CancelledCount = sumOf(CountsByStatus, ['Cancelled']);
  return {
    Recent: recent.items,
    CountsByStatus,
    OpenCount: sumOf(CountsByStatus, WORK_ORDER_STATUSES.filter(isOpen)),
    NeedsAttentionCount: sumOf(CountsByStatus, ATTENTION_STATUSES),
    ClosedCount: CompletedCount + CancelledCount,
    CompletedCount,
    CancelledCount,
    NeedsAttention: await needsAttention(db, scope),
    Weekly: Array.from({ length: DASHBOARD_WEEKS }, (_, i) => {
      const WeekStart = new Date(first.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
      return { WeekStart, Counts: countsOf(weekly.filter((w) => w.week === WeekStart)) };
    }),
  };
}
