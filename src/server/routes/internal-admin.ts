/**
 * Internal administration (issue 15): admin access requests (User/SendRequestAdminAccessEmail, InternalAdmin/*),
 * the MFA reset, the audit log and the internal admins' dashboard counts. Roles are checked by the contracts'
 * access lists; the audit log is narrowed to an agency admin's agencies here.
 */
import { Hono } from 'hono';
import {
  ApproveRequest,
  AUDIT_PAGE,
  Dashboard,
  DenyRequest,
  GetAdminRequests,
  GetAuditLog,
  ResetMFA,
  SendRequestAdminAccessEmail,
} from '../../lib/api/internal-admin.ts';
import { dashboardCounts, decideAdminRequest, listAdminRequests, requestAdminAccess, resetUserMfa } from '../services/admin-requests.ts';
import { listAudit } from '../services/audit.ts';
import { HttpError } from '../errors.ts';
import { linkBaseOf, mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** An agency admin asked for the audit rows of an agency not theirs. */
export const NOT_YOUR_AUDIT = 'You can only see the changes of your agencies.';

export function internalAdminRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  mountCall(r, deps, SendRequestAdminAccessEmail, async ({ c, input, user }) => requestAdminAccess(db, user!, input.AgencyNumber, linkBaseOf(c, deps.origin)));
  mountCall(r, deps, GetAdminRequests, async ({ input }) =>
    listAdminRequests(db, { status: input.Status, filterBy: input.FilterBy, search: input.Search, page: input.Page ? Number(input.Page) : 1 }),
  );
  mountCall(r, deps, ApproveRequest, async ({ c, input, user }) => decideAdminRequest(db, user!, input.RequestId, 'Approved', input.Reason || null, linkBaseOf(c, deps.origin)));
  mountCall(r, deps, DenyRequest, async ({ c, input, user }) => decideAdminRequest(db, user!, input.RequestId, 'Denied', input.Reason, linkBaseOf(c, deps.origin)));
  mountCall(r, deps, ResetMFA, async ({ c, input, user }) => resetUserMfa(db, user!, input.UserId, linkBaseOf(c, deps.origin)));
  mountCall(r, deps, GetAuditLog, async ({ input, user }) => {
    if (user!.dashboard_user_role === 'SFAD_InternalAdmin') return listAudit(db, null, input, AUDIT_PAGE);
    const mine = (await db.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1', [user!.id])).map((m) => m.agency_number);
    if (input.AgencyNumber && !mine.includes(input.AgencyNumber)) throw new HttpError(403, NOT_YOUR_AUDIT);
    return listAudit(db, mine, input, AUDIT_PAGE);
  });
  mountCall(r, deps, Dashboard, async () => dashboardCounts(db));
  return r;
}
