/** The work-order dashboard of a scope: the recent orders, counts by status, and orders filed per week. */
import type { Queryable } from '../../db/index.ts';
import { isOpen, WORK_ORDER_STATUSES } from '../../../lib/work-orders.ts';
import { DASHBOARD_RECENT, DASHBOARD_WEEKS, type Dashboard, type StatusCounts } from '../../../lib/api/work-orders.ts';
import { scopeSql, type OrderScope } from './access.ts';
import { listWorkOrders } from './lists.ts';

/** Every status with its count (zeros included), in lifecycle order. */
function countsOf(rows: { status: string; n: number | string }[]): StatusCounts {
  return WORK_ORDER_STATUSES.map((status) => ({ Status: status, Count: rows.filter((row) => row.status === status).reduce((sum, row) => sum + Number(row.n), 0) }));
}

/** Monday 00:00 UTC of the week of `d`. */
export function weekStart(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * 86_400_000);
}

/** The dashboard of a scope: recent orders, counts by status, and orders filed per week (by status now), 12 weeks. */
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
  const open = CountsByStatus.filter((c) => isOpen(c.Status)).reduce((n, c) => n + c.Count, 0);
  const total = CountsByStatus.reduce((n, c) => n + c.Count, 0);
  return {
    Recent: recent.items,
    CountsByStatus,
    OpenCount: open,
    CompletedCount: total - open,
    Weekly: Array.from({ length: DASHBOARD_WEEKS }, (_, i) => {
      const WeekStart = new Date(first.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
      return { WeekStart, Counts: countsOf(weekly.filter((w) => w.week === WeekStart)) };
    }),
  };
}
