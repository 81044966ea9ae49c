/**
 * The internal admins' analytics page (issue 18, docs/decisions/034-analytics-page.md): an agent who allowed
 * analytics files a claim through every page; the internal admin's funnel then counts users at the success stage,
 * the charts have their tables, axe passes, the page speaks Spanish on the Spanish host; the experiments form
 * creates a draft, Start runs it (the run assigns a variant and the exposure shows), Stop asks first.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fileCamryClaim } from './claim-steps.ts';
import { expect, spanishOrigin, test, waitForDashboard } from './fixtures.ts';

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

const successStage = (page: Page) => page.getByTestId('analytics-funnel').locator('[data-stage="success_submit-claim"]');

test('an agent with consent files a claim; the internal admin sees the funnel reach the success stage, with its table, axe and Spanish', async ({ page, pageAs, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs('agent');
  // The agent allowed analytics (the preferences dialog's choice, tests/e2e/analytics-consent.test.ts).
  await page.addInitScript(() => localStorage.setItem('portal.consent', 'granted'));
  await page.goto('/dashboard/');
  await waitForDashboard(page);
  const successView = page.waitForRequest((r) => r.url().includes('Analytics/LogPageView') && r.postDataJSON()?.WebPage === '/dashboard/success_submit-claim');
  await fileCamryClaim(page);
  await (await successView).response();

  const internal = await pageAs('internal');
  await internal.goto('/dashboard/');
  await internal.getByRole('link', { name: 'Analytics' }).click();
  await expect(internal).toHaveURL(/\/dashboard\/analytics$/);
  await expect(internal.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(successStage(internal)).toBeVisible();
  expect(Number(await successStage(internal).getAttribute('data-users'))).toBeGreaterThanOrEqual(1);
  expect(Number(await internal.getByTestId('analytics-funnel').locator('[data-stage="start-claim"]').getAttribute('data-users'))).toBeGreaterThanOrEqual(1);
  // Each chart: a picture with a visible caption, and its numbers as a table.
  await expect(internal.getByRole('img', { name: /page views per day/ })).toBeVisible();
  await expect(internal.getByTestId('analytics-views').locator('figcaption')).toBeVisible();
  const funnel = internal.getByTestId('analytics-funnel');
  await funnel.getByText('Show the numbers as a table').click();
  const table = funnel.getByRole('table', { name: 'Claim-flow funnel' });
  await expect(table).toBeVisible();
  const row = table.getByRole('row', { name: /Claim submitted/ });
  expect(Number(await row.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);
  // Live chat: its figures (the chats per day as bars with a text alternative, and as a table).
  const chat = internal.getByTestId('analytics-chat');
  await expect(chat.getByRole('img', { name: /Chats per day from/ })).toBeVisible();
  await expect(chat.getByText('Median wait')).toBeVisible();
  await chat.getByText('Show the numbers as a table').click();
  await expect(chat.getByRole('table', { name: 'Chats per day' })).toBeVisible();
  await expect(internal.getByTestId('analytics-experiments')).toBeVisible();
  await expectAccessible(internal, 'the analytics page');

  // Spanish on the Spanish host.
  await internal.goto(`${spanishOrigin(test.info().project.use.baseURL!)}/dashboard/analytics`);
  await expect(internal.getByRole('heading', { level: 1, name: 'Analítica' })).toBeVisible();
  await expect(internal.getByTestId('analytics-chat').getByRole('img', { name: /Chats por día del/ })).toBeVisible();
  await expect(internal.getByRole('heading', { level: 2, name: 'Embudo del reclamo' })).toBeVisible();
});

test('agents do not get the analytics page', async ({ page, signInAs }) => {
  await signInAs('agent');
  await page.goto('/dashboard/analytics');
  await expect(page).toHaveURL(/\/not-found/);
});

test.describe('experiments on the analytics page', () => {
  test.use({ signedInAs: 'internal' });

  test('create → start → a run assigns a variant (the exposure shows) → stop after a confirm; a refusal in Spanish', async ({ page }) => {
    const key = `e2e-${Date.now().toString(36)}`;
    await page.goto('/dashboard/analytics');
    const form = page.getByTestId('experiment-form');
    await expect(form).toBeVisible();
    // Weights that do not add up: the server's message, by its code.
    await form.getByLabel('Name', { exact: true }).fill('E2E banner copy');
    await form.getByLabel('Key', { exact: true }).fill(key);
    await form.getByLabel('Weight of variant 2').fill('40');
    await form.getByRole('button', { name: 'Create experiment' }).click();
    await expect(form.getByTestId('experiment-problems')).toContainText('The variant weights must add up to 100');
    await form.getByLabel('Weight of variant 2').fill('50');
    await form.getByRole('button', { name: 'Create experiment' }).click();
    const card = page.locator(`[data-testid="experiment"][data-key="${key}"]`);
    await expect(card).toHaveAttribute('data-status', 'Draft');
    await card.getByRole('button', { name: /^Start/ }).click();
    await expect(card).toHaveAttribute('data-status', 'Running');

    // The browser's site-entry run assigns the device a variant and logs its exposure.
    const run = await page.request.post('/experiments/api/v1/experiments/run', {
      data: { applicationName: 'AgentPortal', deviceId: `dev-${key}`, triggerEvent: 'SiteEntry', triggerValue: 'SiteEntry' },
    });
    expect(run.status()).toBe(200);
    const assigned = ((await run.json()) as { result: { key: string; variant: string }[] }).result.find((a) => a.key === key)!;
    expect(['control', 'variant']).toContain(assigned.variant);
    await page.reload();
    await expect(card.locator(`tr[data-variant="${assigned.variant}"]`)).toHaveAttribute('data-exposures', '1');
    await expectAccessible(page, 'the experiments on the analytics page');

    // Stop asks first; cancelling keeps it running.
    await card.getByRole('button', { name: /^Stop/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toHaveAttribute('data-status', 'Running');
    await card.getByRole('button', { name: /^Stop/ }).click();
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await expect(card).toHaveAttribute('data-status', 'Stopped');

    // On a phone (390 px) the page does not scroll sideways, with the experiment's table and every figure's numbers
    // open: the tables scroll inside their own box.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const summary of await page.locator('details.analytics-data > summary').all()) await summary.click();
    await expect(page.locator('details.analytics-data[open]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // A key already taken, in Spanish (the message code's text).
    await page.goto(`${spanishOrigin(test.info().project.use.baseURL!)}/dashboard/analytics`);
    const es = page.getByTestId('experiment-form');
    await es.getByLabel('Nombre', { exact: true }).fill('Otra vez');
    await es.getByLabel('Clave', { exact: true }).fill(key);
    await es.getByRole('button', { name: 'Crear experimento' }).click();
    await expect(es.getByTestId('experiment-problems')).toContainText('Otro experimento ya tiene esta clave.');
  });
});
