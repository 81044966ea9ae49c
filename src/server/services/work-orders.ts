/**
 * Work orders (issue 6): who may see which, the lists (paging, sorting, search, date range), the dashboard,
 * the details with their timeline, surveys, recalibration certificates, and the one way a status changes
 * (advanceWorkOrder): one transaction updates the order, stores the event with its time, fills in what the new
 * status brings and writes the notifications to the outbox; after the commit the change goes on the bus.
 *
 * Visibility (the rule the live stream reuses): an agent (SFAD_Agent) sees the orders they filed in an agency they
 * belong to; an agency admin (SFAD_Admin) every order of an agency they belong to; an internal admin any agency;
 * a CE admin nothing (403). A single order the caller may not see is a 404, never its data.
 */
import type { UserRow } from './users.ts';
import { listUserAgencies, userBelongsToAgency } from './users.ts';
import type { Db, Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { closestShops } from './shops.ts';
import { lookupZip } from './zip.ts';
import { enqueueStatusNotifications } from './notifications.ts';
import { workOrderBus, type StatusChange } from './work-order-bus.ts';
import { CLOSED_STATUSES, isOpen, LIFECYCLE, nextStatuses, WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../lib/work-orders.ts';
import {
  DASHBOARD_RECENT,
  DASHBOARD_WEEKS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  type ConsoleRow,
  type Dashboard,
  type ServiceActivity,
  type Shop,
  type SortDirection,
  type StatusChangeReply,
  type StatusCounts,
  type Survey,
  type WorkOrderSort,
  type WorkOrderSummary,
} from '../../lib/api/work-orders.ts';
import type { CertificateData } from './certificate.ts';
import { fnv1a } from '../random.ts';

// ---------------------------------------------------------------------------------------------------
// Visibility.

/** Which orders a caller may list. */
export type OrderScope =
  /** Every agency (internal admins without an agency). */
  | { kind: 'all' }
  /** One agency; only the orders filedBy filed when set (agents). */
  | { kind: 'agency'; agencyNumber: string; filedBy: string | null }
  /** Nothing (a user who belongs to no agency). */
  | { kind: 'none' };

/** 403 for CE admins (and any role that may not read work orders). */
export const NO_WORK_ORDER_ACCESS = 'You do not have access to work orders.';
/** 403 for an agency the caller does not belong to. */
export const NO_AGENCY_ACCESS = 'You do not have access to this agency.';
/** 404 for an order that does not exist or that the caller may not see. */
export const WORK_ORDER_NOT_FOUND = 'Work order not found.';

const isInternal = (user: UserRow) => user.dashboard_user_role === 'SFAD_InternalAdmin';
const isAgencyRole = (user: UserRow) => user.dashboard_user_role === 'SFAD_Agent' || user.dashboard_user_role === 'SFAD_Admin';

/**
 * The orders a caller may list in the requested agency (absent: the caller's default agency; internal admins:
 * every agency). Throws 403 for a CE admin or an agency the caller does not belong to.
 */
export async function orderScope(db: Queryable, user: UserRow, agencyNumber?: string | null): Promise<OrderScope> {
  if (isInternal(user)) return agencyNumber ? { kind: 'agency', agencyNumber, filedBy: null } : { kind: 'all' };
  if (!isAgencyRole(user)) throw new HttpError(403, NO_WORK_ORDER_ACCESS);
  let agency = agencyNumber ?? null;
  if (agency) {
    if (!(await userBelongsToAgency(db, user.id, agency))) throw new HttpError(403, NO_AGENCY_ACCESS);
  } else {
    agency = (await listUserAgencies(db, user.id))[0]?.agencyNumber ?? null;
    if (!agency) return { kind: 'none' };
  }
  return { kind: 'agency', agencyNumber: agency, filedBy: user.dashboard_user_role === 'SFAD_Admin' ? null : user.id };
}

/** True when an order (its agency and the agent who filed it) is inside a scope; synchronous, for streams that computed the scope once. */
export function scopeAllows(scope: OrderScope, order: { agencyNumber: string; userId: string }): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return order.agencyNumber === scope.agencyNumber && (scope.filedBy === null || scope.filedBy === order.userId);
}

/** True when the user may see this one order (any agency they belong to, not only the active one). */
export async function mayViewOrder(db: Queryable, user: UserRow, order: { agencyNumber: string; userId: string }): Promise<boolean> {
  if (isInternal(user)) return true;
  if (!isAgencyRole(user)) return false;
  if (user.dashboard_user_role === 'SFAD_Agent' && order.userId !== user.id) return false;
  return userBelongsToAgency(db, user.id, order.agencyNumber);
}

/** True when the user may see this status change (the live stream filters with it). */
export function mayViewChange(db: Queryable, user: UserRow, change: StatusChange): Promise<boolean> {
  return mayViewOrder(db, user, change);
}

/** SQL condition of a scope (on work_orders w joined to referrals r); pushes its parameters. */
function scopeSql(scope: OrderScope, params: unknown[]): string {
  if (scope.kind === 'all') return 'TRUE';
  if (scope.kind === 'none') return 'FALSE';
  params.push(scope.agencyNumber);
  let sql = `w.agency_number = $${params.length}`;
  if (scope.filedBy !== null) {
    params.push(scope.filedBy);
    sql += ` AND r.user_id = $${params.length}`;
  }
  return sql;
}

// ---------------------------------------------------------------------------------------------------
// Lists.

/** What a list asks for (defaults applied by listWorkOrders). */
export interface ListOptions {
  page?: number | null;
  pageSize?: number | null;
  sortBy?: WorkOrderSort | null;
  sortDirection?: SortDirection | null;
  search?: string | null;
  from?: string | null;
  to?: string | null;
  status?: WorkOrderStatus | null;
  /** The statuses of the list (open, completed), or null for all. */
  statuses: readonly WorkOrderStatus[] | null;
}

/** The open list's statuses. */
export const OPEN_STATUSES: readonly WorkOrderStatus[] = WORK_ORDER_STATUSES.filter(isOpen);
export { CLOSED_STATUSES };

/** Sort columns → SQL (every order ends with the work order id, so pages never overlap). */
const SORT_SQL: Record<WorkOrderSort, string[]> = {
  UpdatedAt: ['w.updated_at'],
  CreatedAt: ['w.created_at'],
  ReferralNumber: ['w.referral_number'],
  WorkOrderId: ['length(w.work_order_id)', 'w.work_order_id'],
  PolicyholderName: ['lower(r.customer_last)', 'lower(r.customer_first)'],
  PolicyNumber: ['lower(r.policy_number)'],
  Carrier: ['lower(r.carrier)'],
  Vehicle: ['lower(r.vehicle)'],
  Status: [`array_position(ARRAY[${WORK_ORDER_STATUSES.map((s) => `'${s}'`).join(',')}]::text[], w.status)`],
  Total: ['r.total'],
  AgentName: ['lower(u.last_name)', 'lower(u.first_name)'],
  AppointmentAt: ['w.appointment_at'],
  CompletedAt: ['w.completed_at'],
};

const SUMMARY_COLUMNS = `
  w.work_order_id, w.referral_number, w.agency_number, w.status, w.created_at, w.updated_at, w.appointment_at,
  w.completed_at, w.technician, r.user_id, r.customer_first, r.customer_last, r.policy_number, r.carrier, r.vehicle,
  r.vin, r.repair_or_replace, r.total, r.submission->'Damage'->'SelectedGlassGroups' AS glass,
  u.first_name AS agent_first, u.last_name AS agent_last, s.name AS shop_name,
  EXISTS (SELECT 1 FROM work_order_surveys sv WHERE sv.work_order_id = w.work_order_id) AS has_survey,
  EXISTS (SELECT 1 FROM work_order_recalibrations rc WHERE rc.work_order_id = w.work_order_id) AS has_recalibration`;

interface SummaryRow {
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

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
/** jsonb comes back parsed from PGlite and postgres.js alike; a string is parsed to be safe. */
const json = <T>(v: unknown, fallback: T): T => {
  if (v === null || v === undefined) return fallback;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as T;
    } catch {
      return fallback;
    }
  }
  return v as T;
};

function toSummary(r: SummaryRow): WorkOrderSummary {
  const glass = json<unknown[]>(r.glass, []);
  return {
    WorkOrderId: r.work_order_id,
    ReferralNumber: r.referral_number,
    AgencyNumber: r.agency_number,
    Status: r.status,
    PolicyholderFirstName: r.customer_first,
    PolicyholderLastName: r.customer_last,
    PolicyNumber: r.policy_number,
    Carrier: r.carrier,
    Vehicle: r.vehicle,
    Vin: r.vin,
    RepairOrReplace: r.repair_or_replace,
    Glass: Array.isArray(glass) ? glass.map(String) : [],
    Total: Number(r.total),
    AgentName: `${r.agent_first} ${r.agent_last}`,
    CreatedAt: iso(r.created_at),
    UpdatedAt: iso(r.updated_at),
    AppointmentAt: isoOrNull(r.appointment_at),
    CompletedAt: isoOrNull(r.completed_at),
    ShopName: r.shop_name,
    HasSurvey: r.has_survey,
    HasRecalibration: r.has_recalibration,
    CanResubmit: r.status === 'Failed',
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
    const p = `$${params.length}`;
    where.push(`(lower(r.customer_last) LIKE ${p} OR lower(r.customer_first) LIKE ${p} OR lower(r.customer_first || ' ' || r.customer_last) LIKE ${p}
      OR lower(r.policy_number) LIKE ${p} OR r.referral_number LIKE ${p})`);
  }
  if (opts.from) {
    params.push(opts.from);
    where.push(`w.created_at >= ($${params.length}::date)::timestamp AT TIME ZONE 'UTC'`);
  }
  if (opts.to) {
    params.push(opts.to);
    where.push(`w.created_at < ($${params.length}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
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
  // The page's ids first (narrow rows, sorted and counted), then the columns of those rows only.
  const rows = await db.query<SummaryRow>(
    `WITH page AS (
       SELECT w.work_order_id, count(*) OVER () AS total_count, row_number() OVER (ORDER BY ${order}) AS rn
         FROM work_orders w JOIN referrals r ON r.referral_number = w.referral_number${sortBy === 'AgentName' ? ' JOIN users u ON u.id = r.user_id' : ''}
        WHERE ${where}
        ORDER BY ${order}
        LIMIT $${params.length - 1} OFFSET $${params.length})
     SELECT ${SUMMARY_COLUMNS}${extra.agencyName ? ', ag.agency_name' : ''}, page.total_count
       FROM page JOIN work_orders w ON w.work_order_id = page.work_order_id
       JOIN referrals r ON r.referral_number = w.referral_number
       JOIN users u ON u.id = r.user_id
       LEFT JOIN program_shops s ON s.shop_id = w.shop_id${extra.agencyName ? ' JOIN agencies ag ON ag.agency_number = w.agency_number' : ''}
      ORDER BY page.rn`,
    params as never,
  );
  let totalCount = rows.length ? Number(rows[0]!.total_count) : 0;
  if (!rows.length && page > 1) {
    // Past the last page: the count alone.
    const countParams: unknown[] = [];
    const [c] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM work_orders w JOIN referrals r ON r.referral_number = w.referral_number WHERE ${listWhere(scope, opts, countParams)}`,
      countParams as never,
    );
    totalCount = c?.n ?? 0;
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

/** The agency a scope names, or null. */
export const scopeAgency = (scope: OrderScope): string | null => (scope.kind === 'agency' ? scope.agencyNumber : null);

/** A page of the console (internal admins): list rows with the agency name and the next statuses. */
export async function consolePage(db: Queryable, scope: OrderScope, opts: ListOptions) {
  const page = await listWorkOrders(db, scope, opts, { agencyName: true });
  const items: ConsoleRow[] = page.items.map((item, i) => ({
    ...item,
    AgencyName: page.rows[i]!.agency_name ?? '',
    NextStatuses: nextStatuses(item.Status),
  }));
  return { ...page, items };
}

/** Every status with its count (zeros included), in lifecycle order. */
function countsOf(rows: { status: string; n: number | string }[]): StatusCounts {
  return WORK_ORDER_STATUSES.map((s) => ({ Status: s, Count: rows.filter((r) => r.status === s).reduce((sum, r) => sum + Number(r.n), 0) }));
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

// ---------------------------------------------------------------------------------------------------
// One order: details, timeline, survey, certificate.

/** The order submission as stored with the referral (what the details read; everything optional to be safe). */
interface StoredSubmission {
  AgentNumber?: string | null;
  AgentFirstName?: string;
  AgentLastName?: string;
  AgentEmail?: string;
  Agent?: { SchedulingOption?: string; InsuredProviderPreference?: string | null };
  Customer?: { FirstName?: string; LastName?: string; Email?: string | null; PhoneNumber?: string; PhoneNumberAlt?: string | null; PreferredContactMethod?: string; OptInSms?: boolean };
  Service?: { Address?: string; City?: string; State?: string; ZipCode?: string };
  Vehicle?: { Year?: number; Make?: string; Model?: string; BodyStyle?: string; CarId?: number; Vin?: string | null };
  Insurance?: { PolicyNumber?: string; Carrier?: string; Deductible?: string; DamageDate?: string; AnyOther?: string | null };
  Damage?: { SelectedGlassGroups?: string[]; RepairOrReplace?: string; NumberOfChipsOrCracks?: number; PartNumbers?: string[] };
}
interface StoredQuote {
  Lines?: { Kind: string; Description: string; PartNumber: string | null; Quantity: number; UnitPrice: number; Amount: number }[];
  Subtotal?: number;
  Tax?: number;
  Total?: number;
  Deductible?: number;
  InsurancePays?: number;
  PolicyholderPays?: number;
}

interface OrderRow {
  work_order_id: string;
  referral_number: string;
  agency_number: string;
  agency_name: string;
  status: WorkOrderStatus;
  created_at: Date | string;
  updated_at: Date | string;
  appointment_at: Date | string | null;
  completed_at: Date | string | null;
  technician: string | null;
  shop_id: string | null;
  user_id: string;
  customer_first: string;
  customer_last: string;
  policy_number: string;
  carrier: string;
  zip_code: string;
  car_id: number;
  vin: string | null;
  vehicle: string;
  repair_or_replace: string;
  total: string | number;
  submission: unknown;
  quote: unknown;
  agent_first: string;
  agent_last: string;
  agent_email: string;
  agent_number: string | null;
}

const ORDER_SELECT = `
  SELECT w.work_order_id, w.referral_number, w.agency_number, a.agency_name, w.status, w.created_at, w.updated_at,
         w.appointment_at, w.completed_at, w.technician, w.shop_id, r.user_id, r.customer_first, r.customer_last,
         r.policy_number, r.carrier, r.zip_code, r.car_id, r.vin, r.vehicle, r.repair_or_replace, r.total, r.submission, r.quote,
         u.first_name AS agent_first, u.last_name AS agent_last, u.email AS agent_email, u.agent_number
    FROM work_orders w
    JOIN referrals r ON r.referral_number = w.referral_number
    JOIN agencies a ON a.agency_number = w.agency_number
    JOIN users u ON u.id = r.user_id`;

/** The order if it exists and the user may see it; else 404 (the same answer for both, so nothing leaks). */
export async function visibleOrder(db: Queryable, user: UserRow, workOrderId: string, referralNumber?: string): Promise<OrderRow> {
  const [row] = await db.query<OrderRow>(`${ORDER_SELECT} WHERE w.work_order_id = $1`, [workOrderId]);
  if (!row || (referralNumber !== undefined && row.referral_number !== referralNumber)) throw new HttpError(404, WORK_ORDER_NOT_FOUND);
  if (!(await mayViewOrder(db, user, { agencyNumber: row.agency_number, userId: row.user_id }))) throw new HttpError(404, WORK_ORDER_NOT_FOUND);
  return row;
}

interface ShopRow {
  shop_id: string;
  name: string;
  address_line: string;
  city: string;
  state_code: string;
  zip_code: string;
  phone_number: string;
}
const shopOut = (s: ShopRow): Shop => ({
  ShopId: s.shop_id,
  Name: s.name,
  AddressLine: s.address_line,
  City: s.city,
  State: s.state_code.trim(),
  ZipCode: s.zip_code,
  PhoneNumber: s.phone_number,
});
async function shopById(db: Queryable, shopId: string | null): Promise<ShopRow | null> {
  if (!shopId) return null;
  const [s] = await db.query<ShopRow>('SELECT shop_id, name, address_line, city, state_code, zip_code, phone_number FROM program_shops WHERE shop_id = $1', [shopId]);
  return s ?? null;
}

/** Every status change of an order, oldest first. */
export async function timelineOf(db: Queryable, workOrderId: string) {
  const rows = await db.query<{ status: WorkOrderStatus; note: string | null; created_at: Date | string }>(
    'SELECT status, note, created_at FROM work_order_events WHERE work_order_id = $1 ORDER BY created_at, id',
    [workOrderId],
  );
  return rows.map((e) => ({ Status: e.status, At: iso(e.created_at), Note: e.note }));
}

/** ServiceActivityDetail: the request fields, appointment and shop, timeline and flags of one order. */
export async function serviceActivity(db: Queryable, user: UserRow, workOrderId: string, referralNumber?: string): Promise<ServiceActivity> {
  const o = await visibleOrder(db, user, workOrderId, referralNumber);
  const sub = json<StoredSubmission>(o.submission, {});
  const quote = json<StoredQuote>(o.quote, {});
  const partNumbers = sub.Damage?.PartNumbers ?? [];
  const [parts, shop, timeline, flags] = await Promise.all([
    partNumbers.length
      ? db.query<{ part_number: string; description: string; recalibration: string }>(
          'SELECT part_number, description, recalibration FROM glass_parts WHERE part_number IN (SELECT json_array_elements_text($1::json)) ORDER BY part_number',
          [partNumbers],
        )
      : Promise.resolve([]),
    shopById(db, o.shop_id),
    timelineOf(db, o.work_order_id),
    db.query<{ has_survey: boolean; has_recalibration: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM work_order_surveys WHERE work_order_id = $1) AS has_survey,
              EXISTS (SELECT 1 FROM work_order_recalibrations WHERE work_order_id = $1) AS has_recalibration`,
      [o.work_order_id],
    ),
  ]);
  const [year, ...rest] = o.vehicle.split(' ');
  const v = sub.Vehicle ?? {};
  return {
    WorkOrderId: o.work_order_id,
    ReferralNumber: o.referral_number,
    AgencyNumber: o.agency_number,
    AgencyName: o.agency_name,
    Status: o.status,
    Type: isOpen(o.status) ? 'Open' : 'Completed',
    CreatedAt: iso(o.created_at),
    UpdatedAt: iso(o.updated_at),
    Policyholder: {
      FirstName: o.customer_first,
      LastName: o.customer_last,
      Email: sub.Customer?.Email ?? null,
      PhoneNumber: sub.Customer?.PhoneNumber ?? '',
      PhoneNumberAlt: sub.Customer?.PhoneNumberAlt ?? null,
      OptInSms: sub.Customer?.OptInSms ?? false,
    },
    ServiceAddress: {
      Address: sub.Service?.Address ?? '',
      City: sub.Service?.City ?? '',
      State: sub.Service?.State ?? '',
      ZipCode: sub.Service?.ZipCode ?? o.zip_code,
    },
    Policy: {
      PolicyNumber: o.policy_number,
      Carrier: o.carrier,
      Deductible: sub.Insurance?.Deductible ?? '',
      DamageDate: sub.Insurance?.DamageDate ?? '',
      AnyOther: sub.Insurance?.AnyOther ?? null,
    },
    Vehicle: {
      Year: v.Year ?? Number(year),
      Make: v.Make ?? rest[0] ?? '',
      Model: v.Model ?? '',
      BodyStyle: v.BodyStyle ?? '',
      CarId: o.car_id,
      Vin: o.vin,
      Description: o.vehicle,
    },
    Service: {
      RepairOrReplace: o.repair_or_replace,
      Glass: sub.Damage?.SelectedGlassGroups ?? [],
      NumberOfChipsOrCracks: sub.Damage?.NumberOfChipsOrCracks ?? -1,
      Parts: partNumbers.map((pn) => {
        const p = parts.find((x) => x.part_number === pn);
        return { PartNumber: pn, Description: p?.description ?? '', Recalibration: p?.recalibration ?? 'none' };
      }),
    },
    Quote: {
      Lines: quote.Lines ?? [],
      Subtotal: quote.Subtotal ?? 0,
      Tax: quote.Tax ?? 0,
      Total: quote.Total ?? Number(o.total),
      Deductible: quote.Deductible ?? 0,
      InsurancePays: quote.InsurancePays ?? 0,
      PolicyholderPays: quote.PolicyholderPays ?? 0,
    },
    SchedulingOption: sub.Agent?.SchedulingOption ?? '',
    PreferredContactMethod: sub.Customer?.PreferredContactMethod ?? '',
    Appointment: { At: isoOrNull(o.appointment_at), Shop: shop ? shopOut(shop) : null },
    Technician: o.technician,
    CompletedAt: isoOrNull(o.completed_at),
    Agent: { Name: `${o.agent_first} ${o.agent_last}`, AgentNumber: o.agent_number, Email: o.agent_email },
    Timeline: timeline,
    HasSurvey: flags[0]!.has_survey,
    HasRecalibration: flags[0]!.has_recalibration,
    CanResubmit: o.status === 'Failed',
  };
}

/** The survey of an order the user may see; 404 when there is none. */
export async function surveyDetails(db: Queryable, user: UserRow, workOrderId: string): Promise<Survey> {
  const o = await visibleOrder(db, user, workOrderId);
  const [s] = await db.query<{ rating: number; answers: unknown; comment: string | null; completed_at: Date | string }>(
    'SELECT rating, answers, comment, completed_at FROM work_order_surveys WHERE work_order_id = $1',
    [o.work_order_id],
  );
  if (!s) throw new HttpError(404, 'This work order has no survey.');
  const shop = await shopById(db, o.shop_id);
  return {
    WorkOrderId: o.work_order_id,
    ReferralNumber: o.referral_number,
    PolicyholderName: `${o.customer_first} ${o.customer_last}`,
    Rating: Number(s.rating),
    Answers: json<{ question: string; answer: string }[]>(s.answers, []).map((a) => ({ Question: String(a.question), Answer: String(a.answer) })),
    Comment: s.comment,
    CompletedAt: iso(s.completed_at),
    Technician: o.technician,
    ShopName: shop?.name ?? null,
  };
}

/** The data of an order's recalibration certificate; 404 when the order had no recalibration. */
export async function certificateData(db: Queryable, user: UserRow, workOrderId: string): Promise<CertificateData> {
  const o = await visibleOrder(db, user, workOrderId);
  const [c] = await db.query<{
    part_number: string;
    calibration_type: 'Static' | 'Dynamic';
    result: 'Pass' | 'Fail';
    technician: string;
    started_at: Date | string;
    completed_at: Date | string;
    description: string | null;
  } & ShopRow>(
    `SELECT c.part_number, c.calibration_type, c.result, c.technician, c.started_at, c.completed_at, p.description,
            s.shop_id, s.name, s.address_line, s.city, s.state_code, s.zip_code, s.phone_number
       FROM work_order_recalibrations c
       JOIN program_shops s ON s.shop_id = c.shop_id
       LEFT JOIN glass_parts p ON p.part_number = c.part_number
      WHERE c.work_order_id = $1`,
    [o.work_order_id],
  );
  if (!c) throw new HttpError(404, 'This work order had no recalibration, so it has no certificate.');
  return {
    workOrderId: o.work_order_id,
    referralNumber: o.referral_number,
    vin: o.vin,
    vehicle: o.vehicle,
    partNumber: c.part_number,
    partDescription: c.description ?? '',
    calibrationType: c.calibration_type,
    result: c.result,
    technician: c.technician,
    shop: { name: c.name, address: c.address_line, city: c.city, state: c.state_code.trim(), zip: c.zip_code, phone: c.phone_number },
    startedAt: new Date(c.started_at),
    completedAt: new Date(c.completed_at),
    agencyName: o.agency_name,
    policyholder: `${o.customer_first} ${o.customer_last}`,
  };
}

// ---------------------------------------------------------------------------------------------------
// What each status brings (shared by advanceWorkOrder, the demo seed and the simulator).

/** A small deterministic hash of a string (FNV-1a, 32 bits). */
export const hashOf = fnv1a;

/** Glass technicians the demo shops employ. */
export const TECHNICIANS = [
  'Luis Ortega', 'Sam Whitaker', 'Priya Nair', 'Derek Holloway', 'Keisha Grant', 'Tomás Reyes', 'Hannah Kowalski', 'Marcus Bell',
  'Jenna Park', 'Omar Haddad', 'Carla Mendes', 'Brian Foster',
] as const;
/** The technician of an order (deterministic). */
export const technicianFor = (workOrderId: string) => TECHNICIANS[hashOf(`tech:${workOrderId}`) % TECHNICIANS.length]!;

/** Hours the ZIP's clock is behind UTC (standard time, from its longitude; good enough for appointment hours). */
export function utcOffsetHours(zip: string): number {
  const at = lookupZip(zip);
  return at ? Math.min(10, Math.max(4, Math.round(-at.longitude / 15))) : 5;
}

/** An appointment one to three days after `from`, on the hour or half hour between 8:00 and 15:30 local time. */
export function appointmentAfter(from: Date, zip: string, seed: string): Date {
  const h = hashOf(`appt:${seed}`);
  const day = new Date(from.getTime() + (1 + (h % 3)) * 86_400_000);
  const localHour = 8 + ((h >>> 3) % 8);
  const minutes = (h >>> 7) % 2 ? 30 : 0;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), localHour + utcOffsetHours(zip), minutes));
}

/** The shop for a referral: the chosen shop when the policyholder picked one, else the closest program shop (not the provider's when excluded). */
export async function shopFor(db: Queryable, zip: string, sub: { Agent?: { SchedulingOption?: string; InsuredProviderPreference?: string | null } }): Promise<string | null> {
  const pref = sub.Agent?.InsuredProviderPreference ?? null;
  if (pref && pref !== 'ExcludeSafeliteShops') {
    const [s] = await db.query<{ shop_id: string }>('SELECT shop_id FROM program_shops WHERE shop_id = $1', [pref]);
    if (s) return s.shop_id;
  }
  const excludeProviderOwned = pref === 'ExcludeSafeliteShops';
  const [near] = await closestShops(db, zip, { limit: 1, excludeProviderOwned });
  if (near) return near.shopId;
  const [far] = await closestShops(db, zip, { limit: 1, excludeProviderOwned, radiusMiles: 3000 });
  return far?.shopId ?? null;
}

/** Survey questions and the answers a rating tends to give. */
export const SURVEY_QUESTIONS = [
  'How easy was it to schedule your service?',
  'Did the technician arrive within the appointment window?',
  'Was your vehicle left clean?',
  'How likely are you to recommend us to a friend (0-10)?',
] as const;
const SURVEY_COMMENTS: Record<number, readonly (string | null)[]> = {
  5: ['Fast and friendly, the technician explained everything.', 'Done in under two hours, great job!', null, 'Very professional, would recommend.', null],
  4: ['Good service, the appointment started a little late.', null, 'Happy with the result.'],
  3: ['The work was fine but I had to call twice to schedule.', null],
  2: ['Technician was late and there was glass dust on the dashboard.', 'Took longer than promised.'],
  1: ['Had to reschedule twice and nobody called me back.'],
};

/** A survey for an order (deterministic from its id): mostly 4s and 5s, as real glass surveys are. */
export function surveyFor(workOrderId: string): { rating: number; answers: { question: string; answer: string }[]; comment: string | null } {
  const h = hashOf(`survey:${workOrderId}`);
  const roll = h % 100;
  const rating = roll < 58 ? 5 : roll < 84 ? 4 : roll < 93 ? 3 : roll < 97 ? 2 : 1;
  const comments = SURVEY_COMMENTS[rating]!;
  const pick = <T>(xs: readonly T[], salt: number) => xs[(h >>> salt) % xs.length]!;
  const answers = [
    pick(rating >= 4 ? ['Very easy', 'Easy'] : rating === 3 ? ['Neutral', 'Easy'] : ['Difficult', 'Neutral'], 3),
    rating >= 3 ? 'Yes' : pick(['No', 'Yes'], 5),
    rating >= 3 ? 'Yes' : pick(['No', 'Yes'], 7),
    String(rating === 5 ? 9 + ((h >>> 9) % 2) : rating === 4 ? 7 + ((h >>> 9) % 2) : rating === 3 ? 6 : rating === 2 ? 4 : 2),
  ];
  return { rating, answers: SURVEY_QUESTIONS.map((question, i) => ({ question, answer: answers[i]! })), comment: pick(comments, 11) };
}

/** The recalibration a quote calls for (its part and type), or null. */
export function recalibrationOf(quote: unknown): { partNumber: string; calibrationType: 'Static' | 'Dynamic' } | null {
  const line = json<StoredQuote>(quote, {}).Lines?.find((l) => l.Kind === 'recalibration' && l.PartNumber);
  if (!line) return null;
  return { partNumber: line.PartNumber!, calibrationType: /^dynamic/i.test(line.Description) ? 'Dynamic' : 'Static' };
}

/** The result of a recalibration (deterministic; about 1 in 25 fails the first time). */
export const recalibrationResult = (workOrderId: string): 'Pass' | 'Fail' => (hashOf(`recal:${workOrderId}`) % 25 === 0 ? 'Fail' : 'Pass');

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
async function applyChange(tx: Queryable, o: LockedOrder, status: WorkOrderStatus, noteIn: string | null | undefined, at: Date): Promise<StatusChange> {
  const sub = json<StoredSubmission>(o.submission, {});
  let note = noteIn?.trim() || null;
  const id = o.work_order_id;
  if (status === 'Received') {
    // A resubmitted referral starts over: no shop, appointment or technician yet.
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3, shop_id = NULL, appointment_at = NULL, technician = NULL, completed_at = NULL WHERE work_order_id = $1', [id, status, at]);
    note ??= 'Referral resubmitted';
  } else if (status === 'Scheduled') {
    const shopId = await shopFor(tx, o.zip_code, sub);
    const appointment = appointmentAfter(at, o.zip_code, id);
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3, shop_id = $4, appointment_at = $5 WHERE work_order_id = $1', [id, status, at, shopId, appointment]);
    const shop = shopId ? await shopById(tx, shopId) : null;
    note ??= defaultNote(status, { appointmentAt: appointment, shopName: shop?.name ?? null });
  } else if (status === 'In progress') {
    const technician = o.technician ?? technicianFor(id);
    // Started before the appointment (moved up): the appointment becomes the real start.
    await tx.query(
      'UPDATE work_orders SET status = $2, updated_at = $3, technician = $4, appointment_at = LEAST(coalesce(appointment_at, $3), $3) WHERE work_order_id = $1',
      [id, status, at, technician],
    );
    note ??= defaultNote(status, { technician });
  } else if (status === 'Completed') {
    const technician = o.technician ?? technicianFor(id);
    const shopId = o.shop_id ?? (await shopFor(tx, o.zip_code, sub));
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3, completed_at = $3, technician = $4, shop_id = $5 WHERE work_order_id = $1', [id, status, at, technician, shopId]);
    const recal = recalibrationOf(o.quote);
    let recalNote: string | null = null;
    if (recal && shopId) {
      const result = recalibrationResult(id);
      const started = new Date(at.getTime() - (50 + (hashOf(`dur:${id}`) % 40)) * 60_000);
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
    const s = surveyFor(id);
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3 WHERE work_order_id = $1', [id, status, at]);
    await tx.query(
      `INSERT INTO work_order_surveys (work_order_id, rating, answers, comment, completed_at) VALUES ($1,$2,$3::jsonb,$4,$5)
       ON CONFLICT (work_order_id) DO UPDATE SET rating = EXCLUDED.rating, answers = EXCLUDED.answers, comment = EXCLUDED.comment, completed_at = EXCLUDED.completed_at`,
      [id, s.rating, JSON.stringify(s.answers), s.comment, at],
    );
    note ??= defaultNote(status, { rating: s.rating });
  } else {
    await tx.query('UPDATE work_orders SET status = $2, updated_at = $3 WHERE work_order_id = $1', [id, status, at]);
    note ??= defaultNote(status, { contactMethod: json<StoredSubmission>(o.submission, {}).Customer?.PreferredContactMethod });
  }
  await tx.query('INSERT INTO work_order_events (work_order_id, status, note, created_at) VALUES ($1,$2,$3,$4)', [id, status, note, at]);
  const change: StatusChange = {
    workOrderId: id,
    referralNumber: o.referral_number,
    agencyNumber: o.agency_number,
    userId: o.user_id,
    previousStatus: o.status,
    status,
    note,
    at,
  };
  await enqueueStatusNotifications(tx, change);
  return change;
}

/** Locks and reads an order inside a transaction (404 when there is none). */
async function lockOrder(tx: Queryable, workOrderId: string): Promise<LockedOrder> {
  const [o] = await tx.query<LockedOrder>(
    `SELECT w.work_order_id, w.referral_number, w.agency_number, w.status, w.shop_id, w.technician, w.appointment_at,
            r.user_id, r.zip_code, r.submission, r.quote
       FROM work_orders w JOIN referrals r ON r.referral_number = w.referral_number
      WHERE w.work_order_id = $1
      FOR UPDATE OF w`,
    [workOrderId],
  );
  if (!o) throw new HttpError(404, WORK_ORDER_NOT_FOUND);
  return o;
}

/** The reply of a committed change. */
export const changeReply = (c: StatusChange): StatusChangeReply => ({
  WorkOrderId: c.workOrderId,
  ReferralNumber: c.referralNumber,
  PreviousStatus: c.previousStatus ?? c.status,
  Status: c.status,
  At: c.at.toISOString(),
  NextStatuses: nextStatuses(c.status),
});

/**
 * Moves a work order to one of its next statuses (409 otherwise) in one transaction — the order, the event with
 * its time, what the status brings (shop and appointment, technician, recalibration record, survey) and the
 * outbox rows — then publishes the change on the bus.
 */
export async function advanceWorkOrder(db: Db, input: AdvanceInput): Promise<StatusChange> {
  const at = input.at ?? new Date();
  const change = await db.transaction(async (tx) => {
    const o = await lockOrder(tx, input.workOrderId);
    if (!nextStatuses(o.status).includes(input.status)) throw new HttpError(409, illegalMove(o.status, input.status));
    return applyChange(tx, o, input.status, input.note, at);
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
    const o = await lockOrder(tx, workOrderId);
    if (o.status !== 'Failed') throw new HttpError(409, NOT_FAILED);
    return applyChange(tx, o, 'Received', `Referral resubmitted by ${user.first_name} ${user.last_name}`, at);
  });
  workOrderBus.publish(change);
  return change;
}

// ---------------------------------------------------------------------------------------------------
// Carriers.

/** The carriers (not removed) of one agent in one agency. */
export async function agentCarriers(db: Queryable, userId: string, agencyNumber: string) {
  const rows = await db.query<{ insurance_company_id: number; name: string }>(
    `SELECT ic.insurance_company_id, ic.name FROM user_agency_carriers c JOIN insurance_companies ic USING (insurance_company_id)
      WHERE c.user_id = $1 AND c.agency_number = $2 AND c.removed_at IS NULL ORDER BY ic.name`,
    [userId, agencyNumber],
  );
  return rows.map((r) => ({ InsuranceCompanyId: r.insurance_company_id, Name: r.name }));
}

/** The carriers (not removed) of every agent of an agency, once each. */
export async function agencyCarriers(db: Queryable, agencyNumber: string) {
  const rows = await db.query<{ insurance_company_id: number; name: string }>(
    `SELECT DISTINCT ic.insurance_company_id, ic.name FROM user_agency_carriers c JOIN insurance_companies ic USING (insurance_company_id)
      WHERE c.agency_number = $1 AND c.removed_at IS NULL ORDER BY ic.name`,
    [agencyNumber],
  );
  return rows.map((r) => ({ InsuranceCompanyId: r.insurance_company_id, Name: r.name }));
}

export { LIFECYCLE };
