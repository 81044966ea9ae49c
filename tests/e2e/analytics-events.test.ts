/**
 * Section 4's events through the real tracker and server (issue 18): an agent who allowed analytics searches the
 * content hub for a word it does not have — the search page sends the search with its 0 results and the internal
 * admins' analytics page counts one more search with no results; the claim flow's stepper sends the stage it shows;
 * the agency add flow sends its start. Without consent the same search sends nothing (tests/e2e/analytics-consent).
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The LogPageView event request of this Category and Action, once the page sends it. */
const eventSent = (page: Page, category: string, action: string): Promise<Request> =>
  page.waitForRequest((r) => r.url().includes('Analytics/LogPageView') && r.postDataJSON()?.Category === category && r.postDataJSON()?.Action === action, { timeout: 15_000 });

test.describe('an agent who allowed analytics', () => {
  test.use({ signedInAs: 'agent' });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('portal.consent', 'granted'));
  });

  test('a content search with no results is sent with its count, and the analytics page counts it', async ({ page, pageAs, apiAs }) => {
    const summary = async () => (await apiAs('internal', 'Analytics/GetAnalyticsSummary', {}, 'GET')).body as { result: { Searches: { Searches: number; NoResults: number } } };
    const before = (await summary()).result.Searches;
    const term = `zzq${Date.now().toString(36)}`;
    const sent = eventSent(page, 'Search', 'Content search');
    await page.goto(`/search?searchTerm=${term}`);
    await expect(page.getByRole('heading', { level: 2, name: `We found no articles for “${term}”` })).toBeVisible();
    const request = await sent;
    expect(request.postDataJSON()).toMatchObject({ WebPage: '/search', Event: 'Event', Category: 'Search', Action: 'Content search', Label: term, Value: '0', UserName: 'agent@demo.test' });
    expect((await request.response())!.status()).toBe(200);

    // The row is in page_views: the internal admins' page counts one more search with no results.
    const after = (await summary()).result.Searches;
    expect(after.NoResults).toBeGreaterThanOrEqual(before.NoResults + 1);
    const internal = await pageAs('internal');
    await internal.goto('/dashboard/analytics');
    const figure = internal.getByTestId('analytics-searches');
    await expect(figure).toBeVisible();
    const noResults = Number((await figure.locator('dd').nth(1).textContent())!.replace(/\D/g, ''));
    expect(noResults).toBeGreaterThanOrEqual(before.NoResults + 1);
  });

  test("the claim flow's stepper sends the stage it shows; the agency add flow sends its start", async ({ page }) => {
    const stage = eventSent(page, 'Progress bar', 'Step shown');
    await page.goto('/dashboard/start-claim');
    expect((await stage).postDataJSON()).toMatchObject({ WebPage: '/dashboard/start-claim', Label: 'stage 1 of 11', Value: '1' });

    await page.goto('/dashboard/find-my-agency');
    const start = eventSent(page, 'Agency add', 'Start');
    const form = page.getByRole('search', { name: 'Find my agency' });
    await form.locator('#agency-q').fill('1001');
    await form.locator('button[type="submit"]').click();
    expect((await start).postDataJSON()).toMatchObject({ WebPage: '/dashboard/find-my-agency', Category: 'Agency add', Action: 'Start' });
  });
});
