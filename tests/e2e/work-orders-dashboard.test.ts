// The agent dashboard's work orders (issue 6) in Chromium against the real server and the demo seed: the overview
// of the active agency (big numbers, counts, chart, recent orders), the tabs and the URL, the open and completed lists
// (paging, sorting, search, date range), a claim filed through the flow in the open list, live status changes without
// a reload, and an agent of another agency who does not see the order. Issue 13: the failed-referral banner and its
// resubmit, times in the reader's zone with the zone named, the recent orders' header over its columns, the padded
// error panel.
import type { Locator, Page } from '@playwright/test';
import { callPath } from '../../src/lib/api/contract.ts';
import { AdvanceWorkOrder, GetDashboardWorkOrders, GetOpenWorkOrders, type Dashboard } from '../../src/lib/api/work-orders.ts';
import { CLOSED_STATUSES, WORK_ORDER_STATUSES, isOpen } from '../../src/lib/work-orders.ts';
import { detailsPath, findOrder, type OrderRow } from './work-order-steps.ts';
import { CLAIM_DETAILS, fileCamryClaim } from './claim-steps.ts';
import { expect, openDashboard, switchAgency, test, waitForDashboard, type PageAs } from './fixtures.ts';

/** Demo agencies (src/server/db/seed.ts): the agent's default and second agency. */
const HARBOR_POINT = { number: '10045821', name: 'Harbor Point Insurance Group' };
const SUMMIT_RIDGE = { number: '20077314', name: 'Summit Ridge Agency' };
const RANGE_MESSAGE = 'The end date must be on or after the start date.';

/** Calls the dashboard service from a signed-in page with that page's access token. */
async function callApi(page: Page, path: string, body: Record<string, unknown>): Promise<{ status: number; body: { isSuccess: boolean; message: string; result: unknown } }> {
  return page.evaluate(
    async ({ path, body }) => {
      let token = '';
      for (let i = 0; i < sessionStorage.length; i++) {
        const k = sessionStorage.key(i)!;
        if (k.startsWith('oidc.user:')) token = (JSON.parse(sessionStorage.getItem(k)!) as { access_token: string }).access_token;
      }
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ AppName: 'AgentPortal', ...body }),
      });
      return { status: res.status, body: await res.json() };
    },
    { path, body },
  );
}

/** The internal admin in a browser context of their own: advances work orders through the API (AdvanceWorkOrder). */
async function internalAdmin(pageAs: PageAs) {
  const page = await pageAs('internal');
  await openDashboard(page);
  const context = page.context();
  return {
    async advance(workOrderId: string, status: string): Promise<void> {
      const r = await callApi(page, callPath(AdvanceWorkOrder), { WorkOrderId: workOrderId, Status: status });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    },
    close: () => context.close(),
  };
}

/** The work-order section of the dashboard. */
const section = (page: Page) => page.getByRole('region', { name: 'Work orders', exact: true });
const tab = (page: Page, name: 'Overview' | 'Open' | 'Completed') => page.getByRole('tab', { name, exact: true });
const listTable = (page: Page, kind: 'Open' | 'Completed') => page.getByRole('table', { name: `${kind} work orders`, exact: true });
const pager = (page: Page, kind: 'open' | 'completed') => page.getByRole('navigation', { name: `Pages of the ${kind} work orders` });
const filters = (page: Page, kind: 'open' | 'completed') => page.getByRole('search', { name: `Filter the ${kind} work orders` });
const liveMessage = (page: Page) => page.getByTestId('wo-live');
const query = (page: Page) => new URL(page.url()).searchParams;

/** A list or the overview shows the data of its current state (not loading). */
async function loaded(target: Locator): Promise<void> {
  await expect(target).not.toHaveAttribute('aria-busy', 'true');
  await expect(target.locator('.wo-skeleton-row')).toHaveCount(0);
}
const overview = (page: Page) => page.locator('.wo-overview');
const rows = (table: Locator) => table.locator('tbody tr[data-work-order-id]');
const rowIds = (table: Locator) => rows(table).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-work-order-id')!));
/** The n-th column (1 = work order) of every row. */
const column = (table: Locator, n: number) => rows(table).locator(`:scope > :nth-child(${n})`).allTextContents();
const statuses = (table: Locator) => rows(table).locator('.wo-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')!));
/** The ISO times of the Filed column. */
const filedTimes = (table: Locator) => rows(table).locator(':scope > :nth-child(7) time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));

/** The overview shows the counts of the API's dashboard for the agency. */
async function expectCounts(page: Page, d: Dashboard): Promise<void> {
  const wo = section(page);
  for (const c of d.CountsByStatus) {
    await expect(wo.getByRole('link', { name: `${c.Count} ${c.Status}`, exact: true }), `count of ${c.Status}`).toBeVisible();
  }
  // The big numbers: open, needs attention (Failed), closed — and closed split into completed (never Cancelled) and cancelled.
  const count = (s: string) => d.CountsByStatus.find((c) => c.Status === s)!.Count;
  expect(d.CompletedCount).toBe(count('Completed') + count('Survey complete'));
  expect(d.CancelledCount).toBe(count('Cancelled'));
  expect(d.NeedsAttentionCount).toBe(count('Failed'));
  await expect(wo.getByRole('link', { name: `${d.OpenCount} Open`, exact: true })).toBeVisible();
  await expect(wo.getByRole('link', { name: `${d.NeedsAttentionCount} Needs attention`, exact: true })).toBeVisible();
  await expect(wo.getByRole('link', { name: `${d.ClosedCount} Closed`, exact: true })).toBeVisible();
  await expect(wo.getByTestId('wo-closed-split')).toHaveText(`${d.CompletedCount} completed · ${d.CancelledCount} cancelled`);
}

async function dashboardOf(page: Page, agency: string): Promise<Dashboard> {
  const r = await callApi(page, callPath(GetDashboardWorkOrders), { AgencyNumber: agency });
  expect(r.status).toBe(200);
  return r.body.result as Dashboard;
}

test.describe('work orders on the agent dashboard', () => {
  test('the agent sees the overview of the active agency (counts, chart, recent orders); switching agency changes it', async ({ page, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    const wo = section(page);
    await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(wo.getByTestId('wo-scope')).toHaveText(`The work orders you filed for ${HARBOR_POINT.name}.`);
    await loaded(overview(page));
    const harbor = await dashboardOf(page, HARBOR_POINT.number);
    expect(harbor.OpenCount + harbor.ClosedCount).toBeGreaterThan(0);
    await expectCounts(page, harbor);

    // The chart: 12 weeks of stacked bars, a legend, and the same numbers as a table.
    const chart = wo.getByRole('img', { name: 'Orders filed per week, by status now' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('g[data-week]')).toHaveCount(12);
    const bars = harbor.Weekly.flatMap((w) => w.Counts.filter((c) => c.Count > 0)).length;
    await expect(chart.locator('rect')).toHaveCount(bars);
    await wo.getByText('Show the numbers as a table').click();
    const numbers = wo.getByRole('table', { name: 'Orders filed per week, by status now' });
    await expect(numbers.locator('tbody tr')).toHaveCount(12);
    const totals = (await numbers.locator('tbody tr > td:last-child').allTextContents()).map(Number);
    expect(totals).toEqual(harbor.Weekly.map((w) => w.Counts.reduce((n, c) => n + c.Count, 0)));

    // The recent orders, most recently changed first, each linking to its details.
    const recent = wo.getByRole('table', { name: 'Recent work orders' });
    expect(await rowIds(recent)).toEqual(harbor.Recent.map((r) => r.WorkOrderId));
    const first = harbor.Recent[0]!;
    await expect(recent.getByRole('link', { name: first.WorkOrderId })).toHaveAttribute('href', `/dashboard/work-order-details?workOrderId=${first.WorkOrderId}&referralNumber=${first.ReferralNumber}`);

    // The header's agency dropdown switches the overview.
    await switchAgency(page, SUMMIT_RIDGE.name);
    await expect(wo.getByTestId('wo-scope')).toHaveText(`The work orders you filed for ${SUMMIT_RIDGE.name}.`);
    await loaded(overview(page));
    const summit = await dashboardOf(page, SUMMIT_RIDGE.number);
    expect(summit.CountsByStatus).not.toEqual(harbor.CountsByStatus);
    await expectCounts(page, summit);
    expect(await rowIds(recent)).toEqual(summit.Recent.map((r) => r.WorkOrderId));
  });

  test('the tabs: arrow keys, the view in the URL, Back, and a count that opens its list', async ({ page, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    await tab(page, 'Overview').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Open')).toBeFocused();
    await expect(tab(page, 'Open')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/dashboard\/\?view=open$/);
    await expect(listTable(page, 'Open')).toBeVisible();
    await page.keyboard.press('End');
    await expect(tab(page, 'Completed')).toBeFocused();
    await expect(page).toHaveURL(/\?view=completed$/);
    await expect(listTable(page, 'Completed')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Completed')).toHaveAttribute('aria-selected', 'true');

    // Back and Forward walk the tabs.
    await page.goBack();
    await expect(tab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(tab(page, 'Completed')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(tab(page, 'Open')).toHaveAttribute('aria-selected', 'true');
    await expect(listTable(page, 'Open')).toBeVisible();

    // A link with the view opens that tab.
    await page.goto('/dashboard/?view=completed');
    await waitForDashboard(page);
    await expect(tab(page, 'Completed')).toHaveAttribute('aria-selected', 'true');
    await loaded(listTable(page, 'Completed'));

    // A count of the overview opens its list, filtered to that status.
    await tab(page, 'Overview').click();
    await loaded(overview(page));
    await section(page).getByRole('link', { name: / Survey complete$/ }).click();
    await expect(tab(page, 'Completed')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\?view=completed&status=Survey\+complete$/);
    const table = listTable(page, 'Completed');
    await loaded(table);
    await expect(filters(page, 'completed').getByLabel('Status')).toHaveValue('Survey complete');
    expect(new Set(await statuses(table))).toEqual(new Set(['Survey complete']));
  });

  test('open list (agency admin, the whole agency): paging, sorting, search by policy number, referral number and name, date range', async ({ page, signInAs }) => {
    await signInAs('admin');
    await openDashboard(page);
    await expect(section(page).getByTestId('wo-scope')).toHaveText(`Every work order of ${SUMMIT_RIDGE.name}.`);
    await tab(page, 'Open').click();
    const table = listTable(page, 'Open');
    await loaded(table);
    const pages = pager(page, 'open');

    // Paging: 10 a page; the next page shows other orders, Previous the first ones again.
    await pages.getByLabel('Rows per page').selectOption('10');
    await expect(page).toHaveURL(/size=10/);
    await loaded(table);
    await expect(pages).toContainText(/Page 1 of [2-9]/);
    const first = await rowIds(table);
    expect(first).toHaveLength(10);
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(pages).toContainText(/Page 2 of/);
    await loaded(table);
    await expect(page).toHaveURL(/page=2/);
    const second = await rowIds(table);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await pages.getByRole('button', { name: 'Previous page' }).click();
    await expect(pages).toContainText(/Page 1 of/);
    await loaded(table);
    expect(await rowIds(table)).toEqual(first);

    // Sorting by a column header: the first click sorts Filed newest first, the second oldest first.
    const filed = table.getByRole('columnheader', { name: 'Filed' });
    await filed.getByRole('button', { name: 'Filed' }).click();
    await expect(filed).toHaveAttribute('aria-sort', 'descending');
    await loaded(table);
    const desc = await filedTimes(table);
    expect(desc).toEqual([...desc].sort().reverse());
    await filed.getByRole('button', { name: 'Filed' }).click();
    await expect(filed).toHaveAttribute('aria-sort', 'ascending');
    await loaded(table);
    const asc = await filedTimes(table);
    expect(asc).toEqual([...asc].sort());
    expect(asc[0]! <= desc[desc.length - 1]!).toBe(true);
    const byOrder = table.getByRole('columnheader', { name: 'Work order' });
    await byOrder.getByRole('button').click();
    await expect(byOrder).toHaveAttribute('aria-sort', 'descending');
    await expect(filed).not.toHaveAttribute('aria-sort');
    await loaded(table);
    const ids = (await rowIds(table)).map((id) => Number(id.slice(2)));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // Search: Enter or the button; the term is trimmed.
    const form = filters(page, 'open');
    const search = form.getByRole('searchbox', { name: 'Search' });
    const target = rows(table).nth(2);
    const targetId = (await target.getAttribute('data-work-order-id'))!;
    const [referral, name, policy] = await Promise.all([2, 3, 4].map((n) => target.locator(`:scope > :nth-child(${n})`).textContent()));
    /** The browser's local day (YYYY-MM-DD) of an ISO time: the days the filter means. */
    const localDay = (iso: string) => page.evaluate((t) => new Date(t).toLocaleDateString('en-CA'), iso);
    const day = await localDay((await target.locator(':scope > :nth-child(7) time').getAttribute('datetime'))!);
    await search.fill(policy!);
    await search.press('Enter');
    await expect.poll(() => query(page).get('q')).toBe(policy);
    await loaded(table);
    expect(await rowIds(table)).toContain(targetId);
    for (const p of await column(table, 4)) expect(p.toLowerCase().startsWith(policy!.toLowerCase())).toBe(true);

    await search.fill(referral!);
    await form.getByRole('button', { name: 'Search' }).click();
    await loaded(table);
    expect(await rowIds(table)).toEqual([targetId]);

    const lastName = name!.split(' ').pop()!;
    await search.fill(`  ${lastName.toUpperCase()}  `);
    await search.press('Enter');
    await expect.poll(() => query(page).get('q')).toBe(lastName.toUpperCase());
    await loaded(table);
    expect(await rowIds(table)).toContain(targetId);
    for (const n of await column(table, 3)) expect(n.toLowerCase().split(' ').some((w) => w.startsWith(lastName.toLowerCase()))).toBe(true);

    await form.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => query(page).has('q')).toBe(false);
    await expect(search).toHaveValue('');
    await loaded(table);

    // Date range: one day (the reader's local day of filing: this browser runs in the machine's zone, UTC here), then a
    // range that ends before it starts.
    await form.getByLabel('Filed from').fill(day);
    await form.getByLabel('Filed to').fill(day);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => [query(page).get('from'), query(page).get('to')]).toEqual([day, day]);
    await loaded(table);
    expect(await rowIds(table)).toContain(targetId);
    for (const t of await filedTimes(table)) expect(await localDay(t)).toBe(day);

    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Filed to').fill(dayBefore);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(form.getByText(RANGE_MESSAGE)).toBeVisible();
    await expect(form.getByLabel('Filed to')).toHaveAttribute('aria-invalid', 'true');
    await expect(rows(table)).toHaveCount(0);
  });

  test('the completed list holds completed, survey-complete and cancelled orders; the open list the others', async ({ page, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    const harbor = await dashboardOf(page, HARBOR_POINT.number);
    await tab(page, 'Completed').click();
    const table = listTable(page, 'Completed');
    await loaded(table);
    await pager(page, 'completed').getByLabel('Rows per page').selectOption('100');
    await loaded(table);
    await expect(pager(page, 'completed')).toContainText(`of ${harbor.ClosedCount} work orders`);
    const closed = new Set(await statuses(table));
    expect([...closed].sort()).toEqual([...CLOSED_STATUSES].filter((s) => harbor.CountsByStatus.some((c) => c.Status === s && c.Count > 0)).sort());
    expect(closed.has('Cancelled')).toBe(true);
    // Status shows as text, not colour only.
    await expect(rows(table).first().locator('.wo-status')).not.toHaveText('');

    await tab(page, 'Open').click();
    const open = listTable(page, 'Open');
    await loaded(open);
    await expect(pager(page, 'open')).toContainText(`of ${harbor.OpenCount} work orders`);
    for (const s of await statuses(open)) expect(isOpen(s as (typeof WORK_ORDER_STATUSES)[number]), s).toBe(true);
  });

  test('a claim filed through the flow shows up in the open list and changes live; an agent of another agency does not see it', async ({ page, signInAs, pageAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    const referral = await fileCamryClaim(page);

    // The open list of the active agency, most recently changed first: the new order leads, Received.
    await page.goto('/dashboard/?view=open');
    await waitForDashboard(page);
    const table = listTable(page, 'Open');
    await loaded(table);
    const row = rows(table).first();
    await expect(row.locator(':scope > :nth-child(2)')).toHaveText(referral);
    await expect(row.locator(':scope > :nth-child(3)')).toHaveText(`${CLAIM_DETAILS.firstName} ${CLAIM_DETAILS.lastName}`);
    await expect(row.locator(':scope > :nth-child(4)')).toHaveText(CLAIM_DETAILS.policyNumber);
    await expect(row.locator('.wo-status')).toHaveText('Received');
    const workOrderId = (await row.getAttribute('data-work-order-id'))!;
    expect(workOrderId).toMatch(/^WO\d+$/);

    // Live: the internal admin advances it; the row changes in place and the change is announced, no reload.
    await expect(section(page).getByText('Live updates on')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const admin = await internalAdmin(pageAs);
    try {
      const ourRow = table.locator(`tbody tr[data-work-order-id="${workOrderId}"]`);
      await admin.advance(workOrderId, 'Policyholder contacted');
      await expect(ourRow.locator('.wo-status')).toHaveText('Policyholder contacted');
      await expect(liveMessage(page)).toHaveText(`${workOrderId} is now Policyholder contacted`);
      await admin.advance(workOrderId, 'Scheduled');
      await expect(ourRow.locator('.wo-status')).toHaveText('Scheduled');
      await expect(liveMessage(page)).toHaveText(`${workOrderId} is now Scheduled`);

      // The overview follows too (its counts and recent orders are fetched again).
      await tab(page, 'Overview').click();
      await loaded(overview(page));
      await expect(section(page).getByText('Live updates on')).toBeVisible();
      const recent = section(page).getByRole('table', { name: 'Recent work orders' });
      const recentRow = recent.locator(`tbody tr[data-work-order-id="${workOrderId}"]`);
      await expect(recentRow.locator('.wo-status')).toHaveText('Scheduled');
      await admin.advance(workOrderId, 'In progress');
      await expect(recentRow.locator('.wo-status')).toHaveText('In progress');
      await expect(liveMessage(page)).toHaveText(`${workOrderId} is now In progress`);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } finally {
      await admin.close();
    }

    // An agent of another agency (the admin of Summit Ridge and Lakeshore) finds nothing, in the page or the API.
    const p2 = await pageAs('admin');
    const other = p2.context();
    try {
      await openDashboard(p2);
      await tab(p2, 'Open').click();
      const search = filters(p2, 'open').getByRole('searchbox', { name: 'Search' });
      await search.fill(referral);
      await search.press('Enter');
      const theirs = listTable(p2, 'Open');
      await loaded(theirs);
      await expect(theirs.getByTestId('wo-empty')).toBeVisible();
      await expect(rows(theirs)).toHaveCount(0);
      const refused = await callApi(p2, callPath(GetOpenWorkOrders), { AgencyNumber: HARBOR_POINT.number, Search: referral });
      expect(refused.status).toBe(403);
      for (const agency of ['20077314', '30012967']) {
        const r = await callApi(p2, callPath(GetOpenWorkOrders), { AgencyNumber: agency, Search: referral });
        expect((r.body.result as { TotalCount: number }).TotalCount).toBe(0);
      }
    } finally {
      await other.close();
    }
  });
});

test.describe('issue 13: the dashboard\'s failed referrals, big numbers, times and layout', () => {
  const banner = (page: Page) => page.getByRole('region', { name: /^\d+ failed referrals? needs? your attention$/ });

  test('a referral that fails shows up live in the banner above the tabs, with its reason; resubmitted from there it leaves it', async ({ page, signInAs, apiAs, cleanup }) => {
    await signInAs('agent');
    await openDashboard(page);
    await loaded(overview(page));
    // One of the agent's open orders of the active agency (Received if there is one) fails, with a reason.
    const order = await findOrder(page, 'Open', (o) => o.AgencyNumber === HARBOR_POINT.number && o.Status !== 'Failed', { Status: 'Received' }).catch(() =>
      findOrder(page, 'Open', (o) => o.AgencyNumber === HARBOR_POINT.number && o.Status !== 'Failed'),
    );
    cleanup(async () => {
      // Left Failed by a test that stopped half-way: send it again (the order is back in the lifecycle).
      const now = await apiAs<{ Status: string }>('agent', 'AgencyWorkOrder/ServiceActivityDetail', { workOrderId: order.WorkOrderId });
      if (now.body?.result.Status === 'Failed') expect((await apiAs('agent', 'AgencyWorkOrder/ResubmitFailedReferral', { WorkOrderId: order.WorkOrderId })).status).toBe(200);
    });
    await expect(section(page).getByText('Live updates on')).toBeVisible();
    const failed = await apiAs('internal', 'InternalAdmin/AdvanceWorkOrder', { WorkOrderId: order.WorkOrderId, Status: 'Failed', Note: 'Policy could not be verified with the carrier' });
    expect(failed.status, failed.body?.message).toBe(200);

    // Live, no reload: the banner lists it first, with when and why, and a link to its details.
    const item = banner(page).locator(`li[data-work-order-id="${order.WorkOrderId}"]`);
    await expect(item).toBeVisible();
    await expect(banner(page).locator('li').first()).toHaveAttribute('data-work-order-id', order.WorkOrderId);
    await expect(item).toContainText('Reason: Policy could not be verified with the carrier');
    await expect(item).toContainText(/Failed \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+\./);
    await expect(item.getByRole('link', { name: order.WorkOrderId, exact: true })).toHaveAttribute('href', detailsPath(order));
    // The banner's count and the big number agree with the API.
    await loaded(overview(page));
    const d = await dashboardOf(page, HARBOR_POINT.number);
    expect(d.NeedsAttention[0]!.WorkOrderId).toBe(order.WorkOrderId);
    await expect(banner(page).getByRole('heading', { level: 3 })).toHaveText(d.NeedsAttentionCount === 1 ? '1 failed referral needs your attention' : `${d.NeedsAttentionCount} failed referrals need your attention`);
    await expect(section(page).getByRole('link', { name: `${d.NeedsAttentionCount} Needs attention`, exact: true })).toBeVisible();
    // The big number opens the open list's failed orders.
    await section(page).getByRole('link', { name: `${d.NeedsAttentionCount} Needs attention`, exact: true }).click();
    await expect(page).toHaveURL(/\?view=open&status=Failed$/);
    const table = listTable(page, 'Open');
    await loaded(table);
    expect(await rowIds(table)).toContain(order.WorkOrderId);

    // The banner stays above the tabs on a list. Cancel leaves the order as it is.
    await expect(item).toBeVisible();
    const resubmit = item.getByRole('button', { name: `Resubmit referral ${order.WorkOrderId}`, exact: true });
    await resubmit.click();
    const dialog = page.getByRole('dialog', { name: 'Resubmit this referral?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(resubmit).toBeFocused();

    // Resubmitted: the success alert, the order leaves the banner (and the list of failed orders), the focus is not lost.
    await resubmit.click();
    await dialog.getByRole('button', { name: 'Yes, resubmit' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.alert[data-kind="success"]', { hasText: 'The referral was resubmitted.' })).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toMatch(/^wo-(attention-)?title$/);
    // The list shows its new status in place (live).
    await expect(table.locator(`tbody tr[data-work-order-id="${order.WorkOrderId}"] .wo-status`)).toHaveText('Received');
    const now = await apiAs<{ Status: string }>('agent', 'AgencyWorkOrder/ServiceActivityDetail', { workOrderId: order.WorkOrderId });
    expect(now.body?.result.Status).toBe('Received');
  });

  test.describe('in the reader\'s time zone', () => {
    test.use({ timezoneId: 'America/Chicago' });
    test('the overview and the lists show local times with the zone named', async ({ page, signInAs }) => {
      await signInAs('agent');
      await openDashboard(page);
      await loaded(overview(page));
      const recent = section(page).getByRole('table', { name: 'Recent work orders' });
      const local = /^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/;
      const updated = await rows(recent).locator(':scope > :nth-child(5) time').allTextContents();
      expect(updated.length).toBeGreaterThan(0);
      for (const u of updated) expect(u).toMatch(local);
      // The same instant as the datetime attribute, in Chicago.
      const first = rows(recent).first().locator('time');
      const iso = (await first.getAttribute('datetime'))!;
      const expected = new Date(iso).toLocaleString('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
      await expect(first).toHaveText(expected);

      await tab(page, 'Open').click();
      const table = listTable(page, 'Open');
      await loaded(table);
      for (const u of await rows(table).locator(':scope > :nth-child(8) time').allTextContents()) expect(u).toMatch(local);
    });

    test("'Filed from' and 'Filed to' are the reader's local days, not UTC days", async ({ page, signInAs }) => {
      // The agency admin of Summit Ridge (Denver) sees its whole agency's orders, among them ones filed in the late
      // afternoon there: the evening in Chicago, the next day in UTC.
      await signInAs('admin');
      await openDashboard(page);
      // An order filed in the evening in Chicago: already the next day in UTC (whatever the season's offset).
      const chicagoDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
      const evening = (o: OrderRow) => {
        const at = (o as OrderRow & { CreatedAt: string }).CreatedAt;
        return chicagoDay(at) !== at.slice(0, 10);
      };
      let kind: 'Open' | 'Completed' = 'Open';
      const order = (await findOrder(page, 'Open', evening).catch(() => null)) ?? ((kind = 'Completed'), await findOrder(page, 'Completed', evening));
      const filedAt = (order as OrderRow & { CreatedAt: string }).CreatedAt;
      const day = chicagoDay(filedAt);
      expect(day).not.toBe(filedAt.slice(0, 10));

      await tab(page, kind).click();
      const table = listTable(page, kind);
      await loaded(table);
      const form = filters(page, kind === 'Open' ? 'open' : 'completed');
      await form.getByLabel('Filed from').fill(day);
      await form.getByLabel('Filed to').fill(day);
      await form.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => [query(page).get('from'), query(page).get('to')]).toEqual([day, day]);
      await loaded(table);
      expect(await rowIds(table)).toContain(order.WorkOrderId);
      // Every order listed was filed on that day in Chicago, as its Filed column shows it.
      for (const t of await filedTimes(table)) expect(chicagoDay(t)).toBe(day);
    });
  });

  test('the recent orders\' header lines up with its columns; the error panel is padded', async ({ page, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    await loaded(overview(page));
    const recent = section(page).getByRole('table', { name: 'Recent work orders' });
    // The left edge of each header's text and of its column's content in the first row.
    const edges = await recent.evaluate((table) => {
      const left = (el: Element) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return r.getBoundingClientRect().left;
      };
      const heads = [...table.querySelectorAll('thead th')];
      const cells = [...table.querySelectorAll('tbody tr:first-child > *')];
      // A cell's first element (the link, the status badge) by its box: a badge's text sits inside its own padding.
      return heads.map((h, i) => {
        const inner = cells[i]!.firstElementChild;
        return { head: left(h), cell: inner ? inner.getBoundingClientRect().left : left(cells[i]!) };
      });
    });
    expect(edges).toHaveLength(5);
    for (const e of edges) expect(Math.abs(e.head - e.cell), JSON.stringify(edges)).toBeLessThanOrEqual(1);

    // The dashboard call fails: the panel that says so keeps its text off its border.
    const dashboardCall = (url: URL) => url.pathname.endsWith('/AgencyWorkOrder/GetDashboardWorkOrders');
    await page.route(dashboardCall, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ isSuccess: false, message: 'Down for the test', result: null }) }));
    await page.reload();
    await waitForDashboard(page);
    const panel = section(page).getByRole('alert').filter({ hasText: 'We could not load the work orders. Please try again.' });
    await expect(panel).toBeVisible();
    const inset = await panel.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const text = el.querySelector('p')!.getBoundingClientRect();
      return { left: text.left - box.left, top: text.top - box.top };
    });
    expect(inset.left).toBeGreaterThanOrEqual(12);
    expect(inset.top).toBeGreaterThanOrEqual(12);
    await page.unroute(dashboardCall);
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect(section(page).getByRole('link', { name: /^\d+ Open$/ })).toBeVisible();
  });
});
