import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';

const tags = JSON.parse(readFileSync('src/content/snapshot/tags.json', 'utf8')) as Record<'en' | 'es', Record<string, string>>;
const ARTICLE = 'what-is-adas-recalibration';

test.describe('content hub', () => {
  test('home (/ and /Home) with its widgets, no framework JavaScript', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    for (const path of ['/', '/Home']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the Agent Portal' })).toBeVisible();
      await expect(page.locator('[data-widget="how-can-we-help"]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    // Only the search box's small script: no React, no island.
    expect(scripts.filter((s) => /react|client\.|jsx-runtime/.test(s))).toEqual([]);
  });

  test('an article: title, author, date, tags linking to the tagged page, both hreflangs', async ({ page }) => {
    await page.goto(`/articles/${ARTICLE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'What is ADAS recalibration?' })).toBeVisible();
    await expect(page.locator('.article__meta')).toContainText('Dana Okafor');
    // Absolute on the public origin (the server writes the origin in: the build knows only the path).
    await expect(page.locator('link[hreflang="es"]')).toHaveAttribute('href', new URL(`/es/articles/${ARTICLE}`, page.url()).href);
    const tag = page.locator('.article__head .tag').first();
    const label = (await tag.textContent())!.trim();
    await tag.click();
    await expect(page).toHaveURL(/\/tagged-articles\?tag=[a-z-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(page.getByRole('link', { name: 'What is ADAS recalibration?' })).toBeVisible();
  });

  test('tagged articles by query, from the Explore menu; an unknown tag is not found', async ({ page }) => {
    await page.goto('/');
    await page.locator('.explore--static > summary').click();
    await page.getByRole('link', { name: tags.en.coverage }).first().click();
    await expect(page).toHaveURL(/\/tagged-articles\?tag=coverage$/);
    await expect(page.getByRole('heading', { level: 1, name: tags.en.coverage })).toBeVisible();
    expect(await page.locator('.article-list > li').count()).toBeGreaterThanOrEqual(3);
    const res = await page.goto('/tagged-articles?tag=no-such-tag');
    expect(res?.status()).toBe(404);
  });

  test('search: results, no results, and the empty-search message; the box is cleared after searching', async ({ page }) => {
    await page.goto('/');
    const box = page.locator('#header-search');
    await expect(box).toHaveAttribute('placeholder', 'Search');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page.locator('#header-search-error')).toHaveText('Please enter a valid search term');
    await expect(page).toHaveURL(/\/$/);

    await box.fill('  recalibration  ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?searchTerm=recalibration$/);
    await expect(page.locator('#search-results h2')).toContainText('Results for “recalibration”');
    await expect(page.locator('#search-results .card').first()).toBeVisible();
    await expect(page.locator('#search-results mark').first()).toBeVisible();
    await expect(page.locator('#header-search')).toHaveValue('');

    await page.goto('/search?searchTerm=zzqqxxnothing');
    await expect(page.locator('#search-results h2')).toContainText('We found no articles for “zzqqxxnothing”');
    await page.goto('/search?searchTerm=%20%20');
    await expect(page.locator('#search-results')).toContainText('Please enter a valid search term');
  });

  test('Spanish by path: the toggle keeps the page, Spanish search finds Spanish pages', async ({ page }) => {
    await page.goto(`/articles/${ARTICLE}`);
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(new RegExp(`/es/articles/${ARTICLE}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: '¿Qué es la recalibración ADAS?' })).toBeVisible();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/articles/${ARTICLE}$`));

    await page.goto('/es/search?searchTerm=recalibraci%C3%B3n');
    await expect(page.locator('#search-results .card a').first()).toHaveAttribute('href', /^\/es\/articles\//);
    await page.goto('/es/tagged-articles?tag=coverage');
    await expect(page.getByRole('heading', { level: 1, name: tags.es.coverage })).toBeVisible();
    const missing = await page.goto('/es/no-existe');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  });

  test("Spanish by host: a host containing 'espanol.' gets the Spanish page at the same path", async ({ page, baseURL }) => {
    // Chromium resolves every *.localhost name to the loopback address.
    const url = new URL(baseURL!);
    url.hostname = 'espanol.localhost';
    await page.goto(new URL('/agency-care-desk', url).href);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.goto(new URL(`/articles/${ARTICLE}`, url).href);
    await expect(page.getByRole('heading', { level: 1, name: '¿Qué es la recalibración ADAS?' })).toBeVisible();
    await page.goto(new URL('/tagged-articles?tag=coverage', url).href);
    await expect(page.getByRole('heading', { level: 1, name: tags.es.coverage })).toBeVisible();
  });

  test('care desk, course registration and help pages render their widgets in both languages', async ({ page }) => {
    for (const [path, widget] of [
      ['/agency-care-desk', 'registration-agency-contact'],
      ['/course-registration', 'event-info-details'],
      ['/dashboard/help', 'how-can-we-help'],
    ] as const) {
      for (const prefix of ['', '/es']) {
        const res = await page.goto(`${prefix}${path}`);
        expect(res?.status(), `${prefix}${path}`).toBe(200);
        await expect(page.locator(`[data-widget="${widget}"]`)).toBeVisible();
        await expect(page.locator('h1')).toHaveCount(1);
      }
    }
  });
});
