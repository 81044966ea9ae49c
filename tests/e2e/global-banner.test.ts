// Issue 15, global banners: an internal admin creates a banner on /dashboard/global-banner — bad input shows each
// of section 5's messages — and a valid one shows on the content home (no framework JavaScript there), stays closed
// once closed, and is deleted after a confirmation. Spanish, axe, keyboard and 390 px on the screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, spanishOrigin, test } from './fixtures.ts';

type Banner = { id: number; bannerTitle: string };

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** The reader's local date, shifted by `days`, yyyy-mm-dd. */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test.use({ signedInAs: 'internal' });

test('a banner with bad input shows each message; a valid one shows on the content home and stays closed once closed', async ({ page, browser, apiAs, cleanup }) => {
  test.setTimeout(120_000);
  const title = `E2E notice ${Date.now()}`;
  cleanup(async () => {
    const list = (await apiAs<Banner[]>('internal', 'globalbanner/GetBanner', {}, 'GET')).body?.result ?? [];
    for (const b of list.filter((x) => x.bannerTitle.startsWith('E2E notice'))) await apiAs('internal', 'globalbanner/DeleteBanner', { id: b.id });
  });
  await page.goto('/dashboard/global-banner');
  await expect(page.getByRole('heading', { level: 1, name: 'Global banners' })).toBeVisible();
  await page.getByRole('button', { name: 'New banner' }).click();
  const form = page.getByTestId('banner-form');

  // Nothing entered but a URL that is not one.
  await page.locator('#banner-url').fill('not a url');
  await form.getByRole('button', { name: 'Save banner' }).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Banner title is required',
    'Alert text is required',
    'URL label is required when a URL is entered',
    'Please enter a valid url',
    'Start date is required',
    'End date is required',
  ]);
  await expect(page.locator('#banner-bannerTitle-error')).toHaveText('Banner title is required');
  await expect(page.locator('#banner-bannerTitle')).toHaveAttribute('aria-invalid', 'true');
  expect(await axe(page)).toEqual([]);

  // A label without a URL; an end date not after the start.
  await page.locator('#banner-url').fill('');
  await page.locator('#banner-urlLabel').fill('Read more');
  await page.locator('#banner-startDate').fill(day(0));
  await page.locator('#banner-endDate').fill(day(0));
  await form.getByRole('button', { name: 'Save banner' }).click();
  await expect(summary.getByRole('link')).toHaveText(['Banner title is required', 'Alert text is required', 'URL is required when a URL label is entered', 'End date must be after start date']);
  // A summary link takes the reader to the field.
  await summary.getByRole('link', { name: 'End date must be after start date' }).click();
  await expect(page.locator('#banner-endDate')).toBeFocused();

  // A valid banner: today through next week, a link without its scheme.
  await page.locator('#banner-bannerTitle').fill(title);
  await page.locator('#banner-bannerAlertText').fill('The portal is down Sunday 2-4 am.');
  await page.locator('#banner-url').fill('example.com/maintenance');
  await page.locator('#banner-endDate').fill(day(7));
  await form.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.locator('.alert--success').filter({ hasText: /Banner created\./ })).toBeVisible();
  const row = page.getByTestId('banner-row').filter({ hasText: title });
  await expect(row).toContainText('Showing now');
  await expect(row).toContainText('internal@demo.test');

  // The content home of a signed-out reader: the banner, its link with http:// added, and no framework JavaScript.
  const reader = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const home = await reader.newPage();
  const scripts: string[] = [];
  home.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await home.goto('/');
  const banner = home.getByRole('complementary', { name: 'Site notice' });
  await expect(banner).toContainText(title);
  await expect(banner).toContainText('The portal is down Sunday 2-4 am.');
  await expect(banner.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'http://example.com/maintenance');
  expect(scripts.filter((u) => /react|client\.|portal/i.test(u)), 'framework scripts on the content home').toEqual([]);
  expect(await axe(home)).toEqual([]);
  // Closed by keyboard, it stays closed: on reload and on another page.
  await banner.getByRole('button', { name: 'Close this notice' }).focus();
  await home.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  await home.reload();
  await expect(home.locator('h1')).toHaveCount(1);
  await home.waitForLoadState('networkidle');
  await expect(home.getByRole('complementary', { name: 'Site notice' })).toHaveCount(0);
  await home.goto('/agency-care-desk');
  await home.waitForLoadState('networkidle');
  await expect(home.getByRole('complementary', { name: 'Site notice' })).toHaveCount(0);
  // The Spanish site shows it in Spanish words (a reader who has not closed it).
  const es = await (await browser.newContext()).newPage();
  await es.goto(`${spanishOrigin(new URL(page.url()).origin)}/`);
  await expect(es.getByRole('complementary', { name: 'Aviso del sitio' })).toContainText(title);
  await expect(es.getByRole('button', { name: 'Cerrar este aviso' })).toBeVisible();
  await es.context().close();

  // Edited, it is a new banner for the reader: it shows again.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await page.locator('#banner-bannerAlertText').fill('Moved to Saturday 1-3 am.');
  await page.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.locator('.alert--success').filter({ hasText: /Banner saved\./ })).toBeVisible();
  await home.goto('/');
  await expect(home.getByRole('complementary', { name: 'Site notice' })).toContainText('Moved to Saturday 1-3 am.');
  await reader.close();

  // Deleted after the confirmation; Cancel first keeps it.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this banner?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await dialog.getByRole('button', { name: 'Delete banner' }).click();
  await expect(page.locator('.alert--success').filter({ hasText: /Banner deleted\./ })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the banner screen in Spanish, at 390 px, and out of reach of other roles', async ({ page, baseURL, pageAs }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${spanishOrigin(baseURL!)}/dashboard/global-banner`);
  await expect(page.getByRole('heading', { level: 1, name: 'Avisos globales' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo aviso' }).click();
  await page.getByRole('button', { name: 'Guardar aviso' }).click();
  await expect(page.locator('.error-summary').getByRole('link')).toHaveText([
    'El título del aviso es obligatorio',
    'El texto del aviso es obligatorio',
    'La fecha de inicio es obligatoria',
    'La fecha de finalización es obligatoria',
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axe(page)).toEqual([]);

  // An agent asking for the screen gets not-found.
  const agent = await pageAs('agent');
  await agent.goto('/dashboard/global-banner');
  await expect(agent).toHaveURL(/not-found|404/);
});
