/**
 * Who may see which work orders (the rule the lists, the details, the lifecycle and the live stream share): an agent
 * (SFAD_Agent) sees the orders they filed in an agency they belong to; an agency admin (SFAD_Admin) every order of an
 * agency they belong to; an internal admin any agency; a CE admin nothing (403). A single order the caller may not
 * see is a 404, never its data.
 */
import { HttpError } from '../../errors.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { readCacheFor } from '../read-cache.ts';
import type { UserRow } from '../users.ts';
import { listUserAgencies, userBelongsToAgency } from '../users.ts';
import type { UserAgency } from '../../../lib/api/user.ts';
import type { StatusChange } from '../work-order-bus.ts';
import type { WorkOrderStatus } from '../../../lib/work-orders.ts';

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

/** True for an internal admin (every agency). */
const isInternal = (user: UserRow) => user.dashboard_user_role === 'SFAD_InternalAdmin';
/** True for the roles that see an agency's orders (agents and agency admins). */
const isAgencyRole = (user: UserRow) => user.dashboard_user_role === 'SFAD_Agent' || user.dashboard_user_role === 'SFAD_Admin';

/** The caller's agencies: from the read cache when db is the connection (issue 19: no query on PGlite), else read in the transaction. */
const agenciesOf = (db: Queryable, userId: string): Promise<UserAgency[]> =>
  'kind' in db ? readCacheFor(db as Db).agencies(userId) : listUserAgencies(db, userId);

/**
 * The orders a caller may list in the requested agency (absent: the caller's default agency; internal admins:
 * every agency). Throws 403 for a CE admin or an agency the caller does not belong to.
 */
export async function orderScope(db: Queryable, user: UserRow, agencyNumber?: string | null): Promise<OrderScope> {
  if (isInternal(user)) return agencyNumber ? { kind: 'agency', agencyNumber, filedBy: null } : { kind: 'all' };
  if (!isAgencyRole(user)) throw new HttpError(403, NO_WORK_ORDER_ACCESS);
  const agencies = await agenciesOf(db, user.id);
  let agency = agencyNumber ?? null;
  if (agency) {
    if (!agencies.some((a) => a.agencyNumber === agency)) throw new HttpError(403, NO_AGENCY_ACCESS);
  } else {
    agency = agencies[0]?.agencyNumber ?? null;
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

/** SQL condition of a scope (on work_orders w; filed_by is the referral's user_id, copied by migration 040); pushes its parameters. */
export function scopeSql(scope: OrderScope, params: unknown[]): string {
  if (scope.kind === 'all') return 'TRUE';
  if (scope.kind === 'none') return 'FALSE';
  params.push(scope.agencyNumber);
  let sql = `w.agency_number = $${params.length}`;
  if (scope.filedBy !== null) {
    params.push(scope.filedBy);
    sql += ` AND w.filed_by = $${params.length}`;
  }
  return sql;
}

/** The agency a scope names, or null. */
export const scopeAgency = (scope: OrderScope): string | null => (scope.kind === 'agency' ? scope.agencyNumber : null);

/** One order with its referral, agency and agent (what the details and the access check read). */
export interface OrderRow {
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
