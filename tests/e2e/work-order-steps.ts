// Work orders in end-to-end tests (shared by work-orders.test.ts and a11y.test.ts): calls of the dashboard
// service made from the signed-in page (its own bearer token), finding demo orders, and the work-order pages.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The dashboard service's base path (spec section 7). */
const API = '/agentdashboard/api/v1';

/** A call's HTTP status and JSON body (null for a file or an empty body). */
export interface Reply<T = unknown> {
  status: number;
  body: { isSuccess: boolean; message: string; result: T } | null;
  contentType: string;
}

/**
 * Calls the dashboard service from the page, with the page's own access token (the one oidc-client-ts keeps in
 * sessionStorage): POST with a JSON body, GET with the fields as the query.
 */
export async function callApi<T = unknown>(page: Page, path: string, input: Record<string, unknown> = {}, method: 'GET' | 'POST' = 'POST'): Promise<Reply<T>> {
  return page.evaluate(
    async ({ url, input, method }) => {
      let token = '';
      for (let i = 0; i < sessionStorage.length; i++) {
        const key = sessionStorage.key(i)!;
        if (key.startsWith('oidc.user:')) token = (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token;
      }
      const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}`, 'X-Application-Name': 'AgentPortal' };
      let target = url;
      const init: RequestInit = { method, headers };
      if (method === 'GET') target += `?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`;
      else {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify({ AppName: 'AgentPortal', ...input });
      }
      const res = await fetch(target, init);
      const contentType = res.headers.get('Content-Type') ?? '';
      const body = contentType.includes('json') ? await res.json() : null;
      return { status: res.status, body, contentType };
    },
    { url: `${API}/${path}`, input, method },
  ) as Promise<Reply<T>>;
}

/** A row of the work-order lists (the fields the tests use). */
export interface OrderRow {
  WorkOrderId: string;
  ReferralNumber: string;
  AgencyNumber: string;
  Status: string;
  Vin: string | null;
  HasSurvey: boolean;
  HasRecalibration: boolean;
  CanResubmit: boolean;
}

/**
 * The first order of the signed-in user's lists that matches, searching the given agencies (default: the
 * caller's default agency) in the open or completed list, 100 at a time.
 */
export async function findOrder(
  page: Page,
  list: 'Open' | 'Completed',
  match: (o: OrderRow) => boolean,
  opts: { Status?: string; agencies?: readonly (string | undefined)[] } = {},
): Promise<OrderRow> {
  for (const agency of opts.agencies ?? [undefined]) {
    for (let p = 1; p <= 5; p++) {
      const reply = await callApi<{ Items: OrderRow[]; TotalPages: number }>(page, `AgencyWorkOrder/Get${list}WorkOrders`, {
        Page: p,
        PageSize: 100,
        ...(opts.Status ? { Status: opts.Status } : {}),
        ...(agency ? { AgencyNumber: agency } : {}),
      });
      expect(reply.status, `Get${list}WorkOrders answered ${reply.status}: ${reply.body?.message}`).toBe(200);
      const found = reply.body!.result.Items.find(match);
      if (found) return found;
      if (p >= reply.body!.result.TotalPages) break;
    }
  }
  throw new Error(`no ${list.toLowerCase()} work order matches${opts.Status ? ` (status ${opts.Status})` : ''}`);
}

/** The details page of an order. */
export const detailsPath = (o: { WorkOrderId: string; ReferralNumber: string }) =>
  `/dashboard/work-order-details?workOrderId=${o.WorkOrderId}&referralNumber=${o.ReferralNumber}`;

/** Opens an order's details and waits until they show. */
export async function openDetails(page: Page, o: { WorkOrderId: string; ReferralNumber: string }): Promise<void> {
  await page.goto(detailsPath(o));
  await expect(page.getByRole('heading', { level: 1, name: `Work order ${o.WorkOrderId}` })).toBeVisible();
}

/** The status badge of the details page. */
export const detailsStatus = (page: Page) => page.getByTestId('work-order-status');
