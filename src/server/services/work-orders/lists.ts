/** The work-order lists (open, completed, the console's): paging, sorting, search by prefix, date range, in one query per page. */
import type { Queryable } from '../../db/index.ts';
import { isOpen, WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../../lib/work-orders.ts';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  type SortDirection,
  type WorkOrderSort,
  type WorkOrderSummary,
} from '../../../lib/api/work-orders.ts';
import { scopeSql, type OrderScope } from './access.ts';
import { iso, isoOrNull, json } from './stored.ts';
import { nextDay, startOfDayIn } from '../../../lib/time-zone.ts';

/** What a list asks for (defaults applied by listWorkOrders). */
export interface ListOptions {
  page?: number | null;
  pageSize?: number | null;
  sortBy?: WorkOrderSort | null;
  sortDirection?: SortDirection | null;
  search?: string | null;
  from?: string | null;
  to?: string | null;
  /** The IANA time zone whose days `from` and `to` are (default UTC). */
  timeZone?: string | null;
  status?: WorkOrderStatus | null;
  /** The statuses of the list (open, completed), or null for all. */
  statuses: readonly WorkOrderStatus[] | null;
}

/** The open list's statuses (the completed list's are CLOSED_STATUSES of src/lib/work-orders.ts). */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = WORK_ORDER_STATUSES.filter(isOpen);

/** Sort columns → SQL (every order ends with the work order id, so pages never overlap). */
const SORT_SQL: Record<WorkOrderSort, string[]> = {
  UpdatedAt: ['w.updated_at'],
  CreatedAt: ['w.created_at'],
  ReferralNumber: ['w.referral_number'],
  WorkOrderId: ['length(w.work_order_id)', 'w.work_order_id'],
  // The referral's policyholder and policy, lower-cased, copied onto the order (migration 044).
  PolicyholderName: ['w.customer_last_lc', 'w.customer_first_lc'],
  PolicyNumber: ['w.policy_lc'],
  Carrier: ['lower(r.carrier)'],
  Vehicle: ['lower(r.vehicle)'],
  Status: [`array_position(ARRAY[${WORK_ORDER_STATUSES.map((s) => `'${s}'`).join(',')}]::text[], w.status)`],
  Total: ['r.total'],
  AgentName: ['lower(u.last_name)', 'lower(u.first_name)'],
  AppointmentAt: ['w.appointment_at'],
  CompletedAt: ['w.completed_at'],
};

const REFERRAL_JOIN = ' JOIN referrals r ON r.referral_number = w.referral_number';
const USER_JOIN = ' JOIN users u ON u.id = r.user_id';

const SUMMARY_COLUMNS = `
  w.work_order_id, w.referral_number, w.agency_number, w.status, w.created_at, w.updated_at, w.appointment_at,
  w.completed_at, w.technician, r.user_id, r.customer_first, r.customer_last, r.policy_number, r.carrier, r.vehicle,
  r.vin, r.repair_or_replace, r.total, r.submission->'Damage'->'SelectedGlassGroups' AS glass,
  u.first_name AS agent_first, u.last_name AS agent_last, s.name AS shop_name,
  EXISTS (SELECT 1 FROM work_order_surveys sv WHERE sv.work_order_id = w.work_order_id) AS has_survey,
  EXISTS (SELECT 1 FROM work_order_recalibrations rc WHERE rc.work_order_id = w.work_order_id) AS has_recalibration`;

/** A list row: the order, its referral, agent and shop, and whether it has a survey and a recalibration. */
export interface SummaryRow {
  work_order_id: string;
  referral_number: string;
  agency_number: string;
  status: WorkOrderStatus;
  created_at: Date | string;
  updated_at: Date | string;
  appointment_at: Date | string | null;
  completed_at: Date | string | null;
  technician: string | null;
  user_id: string;
  customer_first: string;
  customer_last: string;
  policy_number: string;
  carrier: string;
  vehicle: string;
  vin: string | null;
  repair_or_replace: string;
  total: string | number;
  glass: unknown;
  agent_first: string;
  agent_last: string;
  shop_name: string | null;
  has_survey: boolean;
  has_recalibration: boolean;
  agency_name?: string;
  total_count?: string | number;
}

/** A list row as the reply's WorkOrderSummary. */
function toSummary(row: SummaryRow): WorkOrderSummary {
  const glass = json<unknown[]>(row.glass, []);
  return {
    WorkOrderId: row.work_order_id,
    ReferralNumber: row.referral_number,
    AgencyNumber: row.agency_number,
    Status: row.status,
    PolicyholderFirstName: row.customer_first,
    PolicyholderLastName: row.customer_last,
    PolicyNumber: row.policy_number,
    Carrier: row.carrier,
    Vehicle: row.vehicle,
    Vin: row.vin,
    RepairOrReplace: row.repair_or_replace,
    Glass: Array.isArray(glass) ? glass.map(String) : [],
    Total: Number(row.total),
    AgentName: `${row.agent_first} ${row.agent_last}`,
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
    AppointmentAt: isoOrNull(row.appointment_at),
    CompletedAt: isoOrNull(row.completed_at),
    ShopName: row.shop_name,
    HasSurvey: row.has_survey,
    HasRecalibration: row.has_recalibration,
    CanResubmit: row.status === 'Failed',
  };
}

/** A search term for LIKE: lower case, wildcards escaped, then '%' for a prefix match. */
const likePrefix = (term: string) => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause of a list (scope, statuses, status, search, dates). */
function listWhere(scope: OrderScope, opts: ListOptions, params: unknown[]): string {
  const where = [scopeSql(scope, params)];
  if (opts.statuses) {
    // Statuses come from the fixed list of WORK_ORDER_STATUSES (never from the caller's text): inlined, the planner sees them.
    const known = opts.statuses.filter((s) => WORK_ORDER_STATUSES.includes(s));
    where.push(known.length ? `w.status IN (${known.map((s) => `'${s}'`).join(', ')})` : 'FALSE');
  }
  if (opts.status) {
    params.push(opts.status);
    where.push(`w.status = $${params.length}`);
  }
  const term = opts.search?.trim();
  if (term) {
    params.push(likePrefix(term));
    const termParam = `$${params.length}`;
    // The referral's columns as copied onto the order (migration 044: lower(customer_last), lower(customer_first),
    // lower(customer_first || ' ' || customer_last), lower(policy_number)), so a search reads the order's index only.
    where.push(`(w.customer_last_lc LIKE ${termParam} OR w.customer_first_lc LIKE ${termParam} OR w.customer_full_lc LIKE ${termParam}
      OR w.policy_lc LIKE ${termParam} OR w.referral_number LIKE ${termParam})`);
  }
  // The days are the reader's: each bound is the instant its day starts in their time zone (To: the next day's start).
  const zone = opts.timeZone ?? 'UTC';
  if (opts.from) {
    params.push(startOfDayIn(opts.from, zone).toISOString());
    where.push(`w.created_at >= $${params.length}::timestamptz`);
  }
  if (opts.to) {
    params.push(startOfDayIn(nextDay(opts.to), zone).toISOString());
    where.push(`w.created_at < $${params.length}::timestamptz`);
  }
  return where.join(' AND ');
}

/** One page of a list. */
export async function listWorkOrders(
  db: Queryable,
  scope: OrderScope,
  opts: ListOptions,
  extra: { agencyName?: boolean } = {},
): Promise<{ rows: SummaryRow[]; items: WorkOrderSummary[]; page: number; pageSize: number; totalCount: number; totalPages: number; sortBy: WorkOrderSort; sortDirection: SortDirection }> {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const pageSize = Math.min(100, Math.max(1, Math.floor(opts.pageSize ?? DEFAULT_PAGE_SIZE)));
  const sortBy = opts.sortBy ?? DEFAULT_SORT.SortBy;
  const sortDirection = opts.sortDirection ?? DEFAULT_SORT.SortDirection;
  const dir = sortDirection === 'asc' ? 'ASC' : 'DESC';
  const params: unknown[] = [];
  const where = listWhere(scope, opts, params);
  const order = [...SORT_SQL[sortBy], 'w.work_order_id'].map((c) => `${c} ${dir} NULLS LAST`).join(', ');
  params.push(pageSize, (page - 1) * pageSize);
  // Issue 19: the page's ids first (the narrow order rows: with the default sort read in order from the list's partial
  // index, migration 040, and stopped after the page), then the columns of those rows only; the total is its own
  // count (uncorrelated, run once), which never touches the referrals (a search compares the copies on the order,
  // migration 044, read from the list's index by name). A window count (count(*) OVER ()) sorted every matching row on
  // every page.
  const search = !!opts.search?.trim();
  // Issue 19 (migration 043, decision 040): without a search or a date range the WHERE names only the agency, the filer
  // and the status, the key of work_order_counts (kept by triggers in the transaction of every change): the total is a
  // sum of a few of its rows, not a count of the list's index entries.
  const counted = !search && !opts.from && !opts.to;
  const countFrom = counted ? 'work_order_counts w' : 'work_orders w';
  const countOf = counted ? 'coalesce(sum(w.n), 0)' : 'count(*)';
  // The sort's columns name the referral (r.) or the filing agent (u., reached through the referral).
  const sortColumns = SORT_SQL[sortBy].join(' ');
  const sortJoins = /\bu\./.test(sortColumns) ? REFERRAL_JOIN + USER_JOIN : /\br\./.test(sortColumns) ? REFERRAL_JOIN : '';
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS}${extra.agencyName ? ', ag.agency_name' : ''},
            (SELECT ${countOf} FROM ${countFrom} WHERE ${where}) AS total_count
       FROM (SELECT w.work_order_id FROM work_orders w${sortJoins}
              WHERE ${where}
              ORDER BY ${order}
              LIMIT $${params.length - 1} OFFSET $${params.length}) page
       JOIN work_orders w ON w.work_order_id = page.work_order_id
       JOIN referrals r ON r.referral_number = w.referral_number
       JOIN users u ON u.id = r.user_id
       LEFT JOIN program_shops s ON s.shop_id = w.shop_id${extra.agencyName ? ' JOIN agencies ag ON ag.agency_number = w.agency_number' : ''}
      ORDER BY ${order}`,
    params as never,
  );
  let totalCount = rows.length ? Number(rows[0]!.total_count) : 0;
  if (!rows.length && page > 1) {
    // Past the last page: the count alone.
    const countParams: unknown[] = [];
    const [count] = await db.query<{ n: number }>(
      `SELECT (${countOf})::int AS n FROM ${countFrom} WHERE ${listWhere(scope, opts, countParams)}`,
      countParams as never,
    );
    totalCount = count?.n ?? 0;
  }
  return {
    rows,
    items: rows.map(toSummary),
    page,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
    sortBy,
    sortDirection,
  };
}
