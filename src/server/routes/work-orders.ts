/**
 * AgencyWorkOrder calls (spec section 7) and the internal admins' work-order console. Every call checks the role
 * (contract access) and the agency (services/work-orders/access.ts: orderScope for lists, visibleOrder for one order).
 */
import { Hono } from 'hono';
import {
  AdvanceWorkOrder,
  certificateFilename,
  DownloadRecalibrationCertificate,
  GetAgencyInsuranceCompanyNamesById,
  GetAgentInsuranceCompanyNamesById,
  GetCompletedWorkOrders,
  GetDashboardWorkOrders,
  GetOpenWorkOrders,
  GetSurveyDetails,
  GetWorkOrderConsole,
  ResubmitFailedReferral,
  ServiceActivityDetail,
  type WorkOrderListRequestSchema,
} from '../../lib/api/work-orders.ts';
import { CLOSED_STATUSES } from '../../lib/work-orders.ts';
import type { z } from 'zod/mini';
import { renderRecalibrationCertificate } from '../services/certificate.ts';
import { userBelongsToAgency } from '../services/users.ts';
import { agencyCarriers, agentCarriers } from '../services/carriers.ts';
import { orderScope, scopeAgency } from '../services/work-orders/access.ts';
import { readCacheFor } from '../services/read-cache.ts';
import { consolePage } from '../services/work-orders/console.ts';
import { dashboard, weekStart } from '../services/work-orders/dashboard.ts';
import { certificateData, serviceActivity, surveyDetails } from '../services/work-orders/details.ts';
import { advanceWorkOrder, changeReply, resubmitFailedReferral } from '../services/work-orders/lifecycle.ts';
import { listWorkOrders, OPEN_STATUSES, type ListOptions } from '../services/work-orders/lists.ts';
import { HttpError } from '../errors.ts';
import { FileReply, mountCall, type AppEnv, type RouteDeps } from './define.ts';

type ListInput = z.infer<typeof WorkOrderListRequestSchema>;
/** A list request as ListOptions for the given statuses. */
const listOptions = (input: ListInput, statuses: ListOptions['statuses']): ListOptions => ({
  page: input.Page,
  pageSize: input.PageSize,
  sortBy: input.SortBy,
  sortDirection: input.SortDirection,
  search: input.Search,
  from: input.From,
  to: input.To,
  timeZone: input.TimeZone,
  status: input.Status,
  statuses,
});
/** A page of a list as the reply. */
const pageOut = <T>(agency: string | null, p: { items: T[]; page: number; pageSize: number; totalCount: number; totalPages: number; sortBy: ListInput['SortBy'] & string; sortDirection: 'asc' | 'desc' }) => ({
  AgencyNumber: agency,
  Items: p.items,
  Page: p.page,
  PageSize: p.pageSize,
  TotalCount: p.totalCount,
  TotalPages: p.totalPages,
  SortBy: p.sortBy,
  SortDirection: p.sortDirection,
});

/** The AgencyWorkOrder calls and the console. */
export function workOrderRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;

  mountCall(router, deps, GetDashboardWorkOrders, async ({ input, user }) => {
    const scope = await orderScope(db, user!, input.AgencyNumber);
    // Kept in memory with the list pages until an order, its referral, events, survey, recalibration or shop, a user or
    // an agency changes (decision 039, migration 046), and for its week only (its chart is the last 12 weeks).
    const now = new Date();
    const key = JSON.stringify(['dashboard', scope, weekStart(now).toISOString()]);
    return { AgencyNumber: scopeAgency(scope), ...(await readCacheFor(db).result('lists', key, () => dashboard(db, scope, now))) };
  });

  mountCall(router, deps, GetOpenWorkOrders, async ({ input, user }) => {
    const scope = await orderScope(db, user!, input.AgencyNumber);
    const opts = listOptions(input, OPEN_STATUSES);
    // Kept in memory on PGlite until an order, referral, survey, recalibration, shop, user or agency changes (decision 039).
    const page = await readCacheFor(db).result('lists', JSON.stringify([scope, opts]), () => listWorkOrders(db, scope, opts));
    return pageOut(scopeAgency(scope), page);
  });

  mountCall(router, deps, GetCompletedWorkOrders, async ({ input, user }) => {
    const scope = await orderScope(db, user!, input.AgencyNumber);
    const opts = listOptions(input, CLOSED_STATUSES);
    // Kept in memory on PGlite until an order, referral, survey, recalibration, shop, user or agency changes (decision 039).
    const page = await readCacheFor(db).result('lists', JSON.stringify([scope, opts]), () => listWorkOrders(db, scope, opts));
    return pageOut(scopeAgency(scope), page);
  });

  mountCall(router, deps, ServiceActivityDetail, async ({ input, user }) => serviceActivity(db, user!, input.workOrderId, input.referralSequenceNumber ?? undefined));

  mountCall(router, deps, GetSurveyDetails, async ({ input, user }) => surveyDetails(db, user!, input.WorkOrderId));

  mountCall(router, deps, DownloadRecalibrationCertificate, async ({ input, user }) => {
    const data = await certificateData(db, user!, input.WorkOrderId);
    const pdf = await renderRecalibrationCertificate(data, { lang: input.Lang ?? 'en' });
    return new FileReply(pdf, certificateFilename(data.workOrderId));
  });

  mountCall(router, deps, ResubmitFailedReferral, async ({ input, user }) => changeReply(await resubmitFailedReferral(db, user!, input.WorkOrderId)));

  mountCall(router, deps, GetAgentInsuranceCompanyNamesById, async ({ input, user }) => {
    const caller = user!;
    const scope = await orderScope(db, caller, input.AgencyNumber);
    const agency = scopeAgency(scope);
    if (!agency) return [];
    const agentId = input.UserId ?? caller.id;
    // Agents ask for themselves; agency admins and internal admins for any agent of the agency.
    if (agentId !== caller.id) {
      if (caller.dashboard_user_role === 'SFAD_Agent') throw new HttpError(403, 'You may only see your own carriers.');
      if (!(await userBelongsToAgency(db, agentId, agency))) throw new HttpError(404, 'No such agent in this agency.');
    }
    return agentCarriers(db, agentId, agency);
  });

  mountCall(router, deps, GetAgencyInsuranceCompanyNamesById, async ({ input, user }) => {
    const scope = await orderScope(db, user!, input.AgencyNumber);
    const agency = scopeAgency(scope);
    if (!agency && scope.kind !== 'none') throw new HttpError(400, 'Please choose an agency.');
    return agency ? agencyCarriers(db, agency) : [];
  });

  mountCall(router, deps, GetWorkOrderConsole, async ({ input, user }) => {
    const scope = await orderScope(db, user!, input.AgencyNumber);
    const statuses = input.Scope === 'Open' ? OPEN_STATUSES : input.Scope === 'Completed' ? CLOSED_STATUSES : null;
    const page = await consolePage(db, scope, listOptions(input, statuses));
    return pageOut(scopeAgency(scope), page);
  });

  mountCall(router, deps, AdvanceWorkOrder, async ({ input }) =>
    changeReply(await advanceWorkOrder(db, { workOrderId: input.WorkOrderId, status: input.Status, note: input.Note })),
  );

  return router;
}
