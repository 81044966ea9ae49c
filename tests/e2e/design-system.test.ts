// The design system in the browser (docs/design-system.md): the shipped typeface, focus rings, toasts under the header.
import { nextButton, stepHeading, ZIP_SERVICED, zipField } from './claim-steps.ts';
import { expect, test } from './fixtures.ts';

test('the typeface is the shipped Inter (Latin subset): preloaded, one font file, also for Spanish text', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
  expect(preload).toMatch(/^\/_astro\/inter-latin-wght-normal\.[\w-]+\.woff2$/);
  await page.evaluate(() => document.fonts.ready);
  const inter = () => page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Inter Variable').map((f) => `${f.status} ${f.display}`));
  expect(await inter()).toEqual(['loaded swap']);
  expect(await page.locator('h1').evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"Inter Variable"/);
  // The preload is the file the stylesheet uses: one request (a mismatch would fetch it twice).
  expect(fonts).toEqual([preload]);

  // Spanish (á, é, ñ, ¿) is inside the Latin subset: no other font file.
  await page.goto('/es/');
  await page.evaluate(() => document.fonts.ready);
  expect(await inter()).toEqual(['loaded swap']);
  expect([...new Set(fonts)]).toEqual([preload]);
});

test('the content hub shows at most one primary button per page (the action cards are secondary)', async ({ page }) => {
  for (const path of ['/', '/es/', '/agency-care-desk', '/course-registration', '/dashboard/help', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await page.locator('.btn--primary:visible').count(), path).toBeLessThanOrEqual(1);
  }
  // Home's two action cards keep their buttons, as secondary ones.
  await page.goto('/');
  await expect(page.locator('.action-card .btn--secondary')).toHaveCount(2);
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'agent' });

  test('after Next the focused step heading shows no ring; controls reached with the keyboard do', async ({ page }) => {
    await page.goto('/dashboard/start-claim');
    await expect(stepHeading(page, 1)).toBeVisible();
    await zipField(page).fill(ZIP_SERVICED);
    await expect(page.getByText('A shop serves this area.')).toBeVisible();
    await nextButton(page).focus();
    await page.keyboard.press('Enter');

    const heading = stepHeading(page, 2);
    await expect(heading).toBeFocused();
    const look = (el: HTMLElement) => ({ focusVisible: el.matches(':focus-visible'), outline: getComputedStyle(el).outlineStyle, shadow: getComputedStyle(el).boxShadow });
    // Chromium treats it as keyboard focus (the case that drew the big yellow box): no ring all the same.
    expect(await heading.evaluate(look)).toEqual({ focusVisible: true, outline: 'none', shadow: 'none' });

    await page.keyboard.press('Tab');
    const control = page.locator(':focus');
    await expect(control).toHaveCount(1);
    const ring = await control.evaluate((el) => ({ tag: el.tagName, outline: `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`, shadow: getComputedStyle(el).boxShadow }));
    expect(ring.tag).not.toBe('H2');
    expect(ring.outline).toBe('solid 3px');
    expect(ring.shadow).toContain('0px 0px 0px 2px');
  });

  test('an alert banner (toast) shows below the header and never over it, and moves nothing on the page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 640 });
    await page.route(
      (url) => url.pathname.endsWith('/GetCityAddress'),
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ isSuccess: false, message: 'Injected failure' }) }),
    );
    await page.goto('/dashboard/start-claim');
    await expect(stepHeading(page, 1)).toBeVisible();
    const main = page.getByRole('main');
    const mainTop = await main.evaluate((m) => m.getBoundingClientRect().top + window.scrollY);

    await zipField(page).fill(ZIP_SERVICED);
    const toast = page.locator('.alert[data-kind="warning"]');
    await expect(toast).toContainText('Sorry, something happened on our end. Please try again.');
    const header = page.getByRole('banner');
    const below = async () => {
      const [h, t] = [(await header.boundingBox())!, (await toast.boundingBox())!];
      return { gap: Math.round(t.y - (h.y + h.height)), top: Math.round(t.y) };
    };
    const atTop = await below();
    expect(atTop.gap, 'the toast starts below the header').toBeGreaterThanOrEqual(0);
    expect(await main.evaluate((m) => m.getBoundingClientRect().top + window.scrollY), 'the page did not move').toBe(mainTop);

    // Scrolled down, the header is out of view and the toast stays at the top of the window.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await below()).top).toBeLessThanOrEqual(16);
    const scrolled = await below();
    expect(scrolled.top).toBeGreaterThanOrEqual(0);
    expect(scrolled.gap).toBeGreaterThanOrEqual(0);
  });
});
