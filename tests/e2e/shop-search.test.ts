// Issue 17, shop search: the footer's 'Store locator' opens shop-search; a ZIP lists the closest shops beside the
// offline map (state outlines from our own origin, the ZIP and the shops as points) and the screen-reader table;
// list and map highlight each other on hover and focus; the specific-shop form checks its fields with the spec's
// messages and opens paged results; Spanish (the /es/ pages and the Spanish host), axe, keyboard and 390 px.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, spanishOrigin, test } from './fixtures.ts';

async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Every request the page makes goes to its own origin (no tiles, no outside map data). */
function ownOriginOnly(page: Page, origin: string): () => string[] {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.origin !== origin) foreign.push(r.url());
  });
  return () => foreign;
}

test.describe('shop search', () => {
  test('the footer link opens shop-search; a ZIP lists the closest shops beside the map and the table, linked both ways', async ({ page, baseURL }) => {
    const foreign = ownOriginOnly(page, new URL(baseURL!).origin);
    await page.goto('/dashboard/help');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Store locator' }).click();
    await expect(page).toHaveURL(/\/dashboard\/shop-search\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a glass shop' })).toBeVisible();

    // A malformed ZIP is refused in the page with the spec's words; the field gets the focus.
    const zip = page.getByLabel('ZIP code');
    await zip.fill('123');
    await page.getByRole('button', { name: 'Find shops' }).click();
    await expect(page.getByText('Please enter a valid ZIP code.')).toBeVisible();
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');

    // A ZIP that is well formed but unknown: the server's message.
    await zip.fill('00000');
    await zip.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Invalid ZIP. Please enter a new ZIP.');

    await zip.fill('33602');
    await zip.press('Enter');
    await expect(page).toHaveURL(/\?zip=33602$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Shops near 33602 (Tampa, FL)' })).toBeVisible();
    const cards = page.locator('[data-shop-list] > li');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(/\d+(\.\d)? mi/);
    await expect(cards.first()).toContainText('Mon–Fri');
    await expect(cards.first()).toContainText(/Mobile service available|In-shop service only/);
    // The map: outlines from our own origin, one point per shop and the searched ZIP.
    const map = page.locator('[data-shop-map]');
    await expect(map.locator('image')).toHaveAttribute('href', '/shop-map/us-states.svg');
    await expect(map.locator('g.shop-point')).toHaveCount(10);
    await expect(map.locator('.shop-point--you')).toHaveCount(1);
    const svg = await page.request.get('/shop-map/us-states.svg');
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    // The table for screen readers: the same shops.
    const table = page.getByRole('table', { name: 'Shops found (the map as a table)' });
    await expect(table.locator('tbody tr')).toHaveCount(10);
    expect(await table.locator('tbody tr').first().locator('td').first().textContent()).toBe((await cards.first().locator('h3').textContent())!.replace(/^\d+ /, ''));

    // Hover a card: its point is highlighted; hover a point: its card is.
    const firstId = await cards.first().getAttribute('data-shop-id');
    await cards.first().hover();
    await expect(map.locator(`g[data-shop-id="${firstId}"]`)).toHaveClass(/is-active/);
    await expect(cards.first()).toHaveClass(/is-active/);
    const third = cards.nth(2);
    const thirdId = await third.getAttribute('data-shop-id');
    await map.locator(`g[data-shop-id="${thirdId}"]`).hover({ force: true });
    await expect(third).toHaveClass(/is-active/);
    await expect(cards.first()).not.toHaveClass(/is-active/);

    // Keyboard: each shop's phone link is a tab stop; focusing it highlights the shop's point and card.
    const phone = (i: number) => cards.nth(i).getByRole('link');
    await phone(1).focus();
    const secondId = await cards.nth(1).getAttribute('data-shop-id');
    await expect(map.locator(`g[data-shop-id="${secondId}"]`)).toHaveClass(/is-active/);
    await expect(cards.nth(1)).toHaveClass(/is-active/);
    await page.keyboard.press('Tab');
    await expect(phone(2)).toBeFocused();
    await expect(cards.nth(2)).toHaveClass(/is-active/);
    await expect(cards.nth(1)).not.toHaveClass(/is-active/);
    await expect(phone(2)).toHaveAttribute('href', /^tel:\d{10}$/);

    await axeClean(page, 'shop-search with results');
    expect(foreign()).toEqual([]);
  });

  test('a remote ZIP shows the empty state; the page opens with ?zip=', async ({ page }) => {
    await page.goto('/dashboard/shop-search?zip=99723');
    await expect(page.getByRole('status')).toHaveText('There are no program shops within 100 miles of this ZIP code.');
    await expect(page.locator('[data-shop-body]')).toBeHidden();
  });

  test('the specific-shop form checks its fields, then the paged results list and map the shops', async ({ page }) => {
    await page.goto('/dashboard/specific-shop-search');
    await expect(page.getByRole('heading', { level: 1, name: 'Search for a specific shop' })).toBeVisible();
    await page.getByRole('button', { name: 'Find shops' }).click();
    await expect(page.getByText('The shop name field is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid ZIP code.')).toBeVisible();
    await expect(page.getByLabel('Shop name')).toBeFocused();
    await axeClean(page, 'specific-shop-search with errors');

    // Keyboard only: type, move with Tab, choose the distance, submit with Enter.
    await page.keyboard.type('GlassCare');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('33602');
    await page.getByLabel('Distance').selectOption('100');
    await page.getByLabel('ZIP code').press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/specific-shop-results\/?\?name=GlassCare&phone=&zip=33602&distance=100$/);
    const heading = page.getByRole('heading', { level: 2, name: /^\d+ shops match "GlassCare" within 100 miles of 33602$/ });
    await expect(heading).toBeVisible();
    const total = Number((await heading.textContent())!.split(' ')[0]);
    const cards = page.locator('[data-shop-list] > li');
    await expect(cards).toHaveCount(Math.min(10, total));
    await expect(page.locator('[data-shop-map] g.shop-point')).toHaveCount(Math.min(10, total));
    for (const name of await cards.locator('h3').allTextContents()) expect(name).toMatch(/GlassCare/);
    if (total > 10) {
      await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
      const firstOnPage1 = await cards.first().getAttribute('data-shop-id');
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeVisible();
      await expect(page).toHaveURL(/page=2$/);
      await expect(cards.first()).not.toHaveAttribute('data-shop-id', firstOnPage1!);
      await expect(heading).toBeFocused();
    }
    await axeClean(page, 'specific-shop-results');

    // No match: the empty state.
    await page.goto('/dashboard/specific-shop-results?name=NoSuchShopAnywhere&zip=33602&distance=5');
    await expect(page.getByRole('status')).toHaveText('No shops match your search. Try another name or a longer distance.');
  });

  test('Spanish: the /es/ pages and the Spanish host, with the messages in Spanish', async ({ page, baseURL }) => {
    await page.goto('/es/dashboard/shop-search?zip=80202');
    await expect(page.getByRole('heading', { level: 1, name: 'Buscar un taller de cristales' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Talleres cerca de 80202 (Denver, CO)' })).toBeVisible();
    await expect(page.locator('[data-shop-list] > li').first()).toContainText('lun–vie');
    await axeClean(page, '/es/dashboard/shop-search');

    await page.goto('/es/dashboard/specific-shop-search');
    await page.getByRole('button', { name: 'Buscar talleres' }).click();
    await expect(page.getByText('El campo nombre del taller es obligatorio')).toBeVisible();

    await page.goto('/es/dashboard/specific-shop-results?name=Glass&zip=00000&distance=25');
    await expect(page.getByRole('status')).toHaveText('Código postal no válido. Ingrese otro código postal.');

    // The Spanish host serves the Spanish build of the store locator at the English path.
    await page.goto(`${spanishOrigin(baseURL!)}/dashboard/shop-search`);
    await expect(page.getByRole('heading', { level: 1, name: 'Buscar un taller de cristales' })).toBeVisible();
  });

  test('390 px: map above the list, no side scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/shop-search?zip=10001');
    await expect(page.locator('[data-shop-list] > li')).toHaveCount(10);
    expect(await noSideScroll(page)).toBe(true);
    const mapBox = (await page.locator('[data-shop-map]').boundingBox())!;
    const listBox = (await page.locator('[data-shop-list]').boundingBox())!;
    expect(mapBox.y).toBeLessThan(listBox.y);
    await page.goto('/dashboard/specific-shop-search');
    expect(await noSideScroll(page)).toBe(true);
  });
});
