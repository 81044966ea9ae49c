// One primary button per view (docs/design-system.md, issue 13): on each signed-in page at 1366 px at most one visible
// `.btn--primary` is on screen — the page's own action — and the header's 'File a claim now' is the portal's call to
// action in its own quieter style (`.btn--cta`), never a second primary beside the page's.
import type { Page } from '@playwright/test';
import { camryToQuote, detailsToReview, quoteToDetails, stepHeading } from './claim-steps.ts';
import { expect, openDashboard, test, userMenuButton } from './fixtures.ts';
import { findOrder, openDetails } from './work-order-steps.ts';

const DESKTOP = { width: 1366, height: 768 };

/** The visible primary buttons of the page as it is now (their names, for the failure message). */
const visiblePrimaries = (page: Page) =>
  page.locator('.btn--primary:visible').evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim().replace(/\s+/g, ' ')));

/** The page has settled: the signed-in header is there and nothing is loading or busy. */
async function settled(page: Page): Promise<void> {
  await expect(userMenuButton(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"], .flow-loading, .page-loading, .skeleton, .wo-skeleton')).toHaveCount(0);
}

/**
 * At most one visible primary button on this view; with `primary`, it is that one. The header's 'File a claim now'
 * (when the role has it) is the call-to-action style, not a primary.
 */
async function expectOnePrimary(page: Page, view: string, primary?: string | RegExp, opts: { fileClaim?: boolean } = {}): Promise<void> {
  await settled(page);
  if (opts.fileClaim ?? true) {
    const cta = page.getByRole('banner').getByRole('link', { name: 'File a claim now' });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveClass(/\bbtn--cta\b/);
    await expect(cta).not.toHaveClass(/\bbtn--primary\b/);
  }
  const names = await visiblePrimaries(page);
  expect(names.length, `${view}: visible primary buttons ${JSON.stringify(names)}`).toBeLessThanOrEqual(1);
  if (primary !== undefined) {
    expect(names, `${view}: the primary button`).toHaveLength(1);
    if (typeof primary === 'string') expect(names[0]).toBe(primary);
    else expect(names[0]).toMatch(primary);
  }
}

test.use({ viewport: DESKTOP });

test.describe('an agent', () => {
  test.use({ signedInAs: 'agent' });

  test('the dashboard, its work-order list and a work order: one primary each, the header a call to action', async ({ page, problems }) => {
    await page.goto('/dashboard/');
    await expect(page.getByRole('img', { name: 'Orders filed per week, by status now' })).toBeVisible();
    await expectOnePrimary(page, 'dashboard', 'Start the claim');

    // The list's filter button is secondary: the list adds no primary of its own.
    await page.goto('/dashboard/?view=open');
    const list = page.getByRole('table', { name: 'Open work orders' });
    await expect(list.locator('tbody tr[data-work-order-id]').first()).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter the open work orders' });
    await expect(filters.getByRole('button', { name: 'Search', exact: true })).toHaveClass(/\bbtn--secondary\b/);
    await expectOnePrimary(page, 'work orders (open)', 'Start the claim');

    // A failed order: 'Resubmit' is the page's one action; a completed one has none.
    const agencies = ['10045821', '20077314'];
    const failed = await findOrder(page, 'Open', (o) => o.CanResubmit, { Status: 'Failed', agencies });
    const completed = await findOrder(page, 'Completed', (o) => o.HasRecalibration, { agencies });
    await openDetails(page, failed);
    await expectOnePrimary(page, 'work-order details (failed)', 'Resubmit referral');
    await openDetails(page, completed);
    await expectOnePrimary(page, 'work-order details (completed)');
    expect(problems).toEqual([]);
  });

  test('manage my account: Save is the one primary', async ({ page, problems }) => {
    await page.goto('/dashboard/manage-account');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage my account' })).toBeVisible();
    await expectOnePrimary(page, 'manage account', 'Save contact preferences');
    expect(problems).toEqual([]);
  });

  test('the claim flow: start-claim and the review each show one primary (Next, Submit the claim)', async ({ page, problems }) => {
    test.setTimeout(120_000);
    await page.goto('/dashboard/start-claim');
    await expect(stepHeading(page, 1)).toBeVisible();
    await expectOnePrimary(page, 'start-claim', 'Next');
    await camryToQuote(page);
    await quoteToDetails(page);
    await detailsToReview(page);
    await expectOnePrimary(page, 'review', 'Submit the claim');
    expect(problems).toEqual([]);
  });

  test('a content page read while signed in: the header adds no primary to the page', async ({ page, problems }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'File a claim now' })).toBeVisible({ timeout: 30_000 });
    await expectOnePrimary(page, 'home (signed in)');
    expect(problems).toEqual([]);
  });
});

test.describe('an internal admin', () => {
  test.use({ signedInAs: 'internal' });

  test('the console, the editor list and an article: one primary at most, New article on the list, Save article in the editor', async ({ page, problems }) => {
    // Internal admins have no 'File a claim now' (spec section 6).
    await openDashboard(page);
    await page.goto('/dashboard/work-order-console');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('banner').getByText('File a claim now')).toHaveCount(0);
    await expectOnePrimary(page, 'work-order console', undefined, { fileClaim: false });

    await page.goto('/dashboard/article');
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByTestId('publish-status')).not.toHaveAttribute('data-state', 'loading');
    await expect(page.getByRole('button', { name: 'Publish site' })).toHaveClass(/\bbtn--secondary\b/);
    await expectOnePrimary(page, 'editor list', 'New article', { fileClaim: false });

    await page.goto('/dashboard/article-details?articleRoute=switching-your-active-agency');
    await expect(page.getByRole('tab', { name: /^English/ })).toBeVisible();
    await expectOnePrimary(page, 'article editor', 'Save article', { fileClaim: false });
    expect(problems).toEqual([]);
  });
});
