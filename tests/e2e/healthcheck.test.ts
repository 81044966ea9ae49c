// Issue 15, /Healthcheck: the public page lists every monitored endpoint with its category, status, latency and last
// check; an internal admin points the mail transport at an address where nothing answers (the configuration screen,
// UpdateConfiguration) and the page shows it failing. Spanish and axe on both pages.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, spanishOrigin, test } from './fixtures.ts';

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

const ENDPOINTS = [
  ['database', 'Database', 'Core'],
  ['outbox', 'Outbox (email and text queue)', 'Core'],
  ['content-service', 'Content service', 'Core'],
  ['openid-provider', 'OpenID provider', 'External'],
  ['mail-transport', 'Mail transport', 'External'],
  ['shared-service', 'Shared service', 'Safelite'],
] as const;

test('/Healthcheck lists every endpoint, healthy, without framework JavaScript; Spanish and axe', async ({ page, baseURL }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/Healthcheck');
  await expect(page.getByRole('heading', { level: 1, name: 'Health check' })).toBeVisible();
  await expect(page.locator('#health-summary')).toHaveAttribute('data-status', /Healthy|Unhealthy/);
  for (const [name, label, category] of ENDPOINTS) {
    const row = page.getByTestId(`health-${name}`);
    await expect(row.getByRole('rowheader')).toHaveText(label);
    await expect(row.locator('td').first()).toHaveText(category);
    await expect(row.locator('[data-field="latency"]')).toHaveText(/^\d+ ms$/);
    await expect(row.locator('[data-field="lastCheck"]')).not.toHaveText('…');
  }
  await expect(page.getByTestId('health-database').locator('[data-field="status"]')).toHaveText('Healthy');
  await expect(page.getByTestId('health-openid-provider').locator('[data-field="status"]')).toHaveText('Healthy');
  expect(scripts.filter((u) => /react|client\.|portal/i.test(u)), 'framework scripts').toEqual([]);
  expect(await axe(page)).toEqual([]);

  await page.goto(`${spanishOrigin(baseURL!)}/Healthcheck`);
  await expect(page.getByRole('heading', { level: 1, name: 'Estado del sistema' })).toBeVisible();
  await expect(page.getByTestId('health-database').locator('[data-field="status"]')).toHaveText('Correcto');
  await expect(page.getByTestId('health-openid-provider').locator('td').first()).toHaveText('Externo');
  expect(await axe(page)).toEqual([]);
});

test.describe('as an internal admin', () => {
  test.use({ signedInAs: 'internal' });

  test('the mail transport pointed at an unreachable address shows failing on /Healthcheck', async ({ page, browser, apiAs, cleanup }) => {
    test.setTimeout(90_000);
    cleanup(() => apiAs('internal', 'healthcheck/UpdateConfiguration', { name: 'mail-transport', input: '', urlOverride: '' }));
    await page.goto('/dashboard/health-configuration');
    await expect(page.getByRole('heading', { level: 1, name: 'Health-check configuration' })).toBeVisible();
    await expect(page.getByTestId('health-config-outbox')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    const mail = page.getByTestId('health-config-mail-transport');
    // A bad address is refused with the field's message.
    await mail.getByLabel(/URL override/).fill('not-an-address');
    await mail.getByRole('button', { name: 'Save: Mail transport' }).click();
    await expect(mail.locator('.field__error')).toHaveText('Please enter a valid url');
    // Nothing listens on port 1 of this machine.
    await mail.getByLabel(/URL override/).fill('smtp://localhost:1');
    await mail.getByRole('button', { name: 'Save: Mail transport' }).click();
    await expect(page.locator('.alert--success').filter({ hasText: /Configuration saved for Mail transport\./ }).first()).toBeVisible();
    await expect(mail).toContainText('Last changed by internal@demo.test');

    // Anyone (signed out) opening /Healthcheck now sees it failing, the rest still answering.
    const reader = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
    await reader.goto('/Healthcheck');
    const row = reader.getByTestId('health-mail-transport');
    await expect(row.locator('[data-field="status"]')).toHaveText('Unhealthy');
    await expect(row.locator('[data-field="detail"]')).toContainText('(URL override)');
    await expect(row.locator('[data-field="detail"]')).not.toContainText('localhost:1');
    await expect(reader.locator('#health-summary')).toContainText('Some checks are failing.');
    await expect(reader.getByTestId('health-database').locator('[data-field="status"]')).toHaveText('Healthy');

    // Cleared, it is healthy again. The first save's toast hides first (3 s), so the next one is this save's.
    await expect(page.locator('.alert--success')).toHaveCount(0);
    await mail.getByLabel(/URL override/).fill('');
    await mail.getByRole('button', { name: 'Save: Mail transport' }).click();
    await expect(page.locator('.alert--success').filter({ hasText: /Configuration saved for Mail transport\./ }).first()).toBeVisible();
    await expect(async () => {
      await reader.getByRole('button', { name: 'Check again' }).click();
      await expect(row.locator('[data-field="status"]')).toHaveText('Healthy', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await reader.context().close();
  });
});
