// The agent dashboard's work orders (issue 6) in Chromium against the real server and the demo seed: the overview
// of the active agency (counts, chart, recent orders), the tabs and the URL, the open and completed lists (paging,
// sorting, search, date range), a claim filed through the flow in the open list, live status changes without a
// reload, and an agent of another agency who does not see the order.
import type { Locator, Page } from '@playwright/test';
import { callPath } from '../../src/lib/api/contract.ts';
import { AdvanceWorkOrder, GetDashboardWorkOrders, GetOpenWorkOrders, type Dashboard } from '../../src/lib/api/work-orders.ts';
import { CLOSED_STATUSES, WORK_ORDER_STATUSES, isOpen } from '../../src/lib/work-orders.ts';
import { camryToQuote, CLAIM_DETAILS, detailsToReview, quoteToDetails, startFromHeader, submitButton, successReferral } from './claim-steps.ts';
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
  await expect(wo.getByRole('link', { name: `${d.OpenCount} open`, exact: true })).toBeVisible();
  await expect(wo.getByRole('link', { name: `${d.CompletedCount} completed`, exact: true })).toBeVisible();
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
    expect(harbor.OpenCount + harbor.CompletedCount).toBeGreaterThan(0);
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
    const day = (await target.locator(':scope > :nth-child(7) time').getAttribute('datetime'))!.slice(0, 10);
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

    // Date range: one day (the server's UTC day of filing), then a range that ends before it starts.
    await form.getByLabel('Filed from').fill(day);
    await form.getByLabel('Filed to').fill(day);
    await form.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => [query(page).get('from'), query(page).get('to')]).toEqual([day, day]);
    await loaded(table);
    expect(await rowIds(table)).toContain(targetId);
    for (const t of await filedTimes(table)) expect(t.slice(0, 10)).toBe(day);

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
    await expect(pager(page, 'completed')).toContainText(`of ${harbor.CompletedCount} work orders`);
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
    await startFromHeader(page);
    await camryToQuote(page);
    await quoteToDetails(page);
    await detailsToReview(page);
    await submitButton(page).click();
    const referral = await successReferral(page);

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
