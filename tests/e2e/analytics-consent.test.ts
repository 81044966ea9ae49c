/**
 * Analytics with consent (issue 18, docs/decisions/032): without consent nothing is sent and no analytics cookie is
 * set; 'allow' in the preferences dialog sends the page view and the site-entry run and sets the 90-day device
 * cookie; the choice survives a reload; the Global Privacy Control signal keeps everything off and the dialog says
 * so; an experiment gives one device the same variant on every visit; the dialog in Spanish, with axe and by keyboard.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import type { Experiment } from '../../src/lib/api/experiments.ts';
import en from '../../src/lib/i18n/en/pages.ts';
import es from '../../src/lib/i18n/es/pages.ts';
import { expect, test, waitForDashboard } from './fixtures.ts';

const ANALYTICS = /\/(setup\/SetupAnalytics|Analytics\/LogPageView|experiments\/run)(\?|$)/;
const DEVICE_COOKIE = 'portal_device_id';

/** Every analytics or experiments request the page sends. */
function recordAnalytics(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (ANALYTICS.test(new URL(r.url()).pathname)) sent.push(r);
  });
  return sent;
}

/** Lets the page's after-load, idle-time work run. */
const settle = (page: Page) => page.waitForLoadState('load').then(() => page.waitForTimeout(1500));

const dialog = (page: Page) => page.getByRole('dialog');

/** The dashboard, its signed-in user loaded and the footer's preferences links wired (src/stores/tracking.ts). */
async function dashboardReady(page: Page): Promise<void> {
  await waitForDashboard(page);
  await expect(page.locator('html[data-consent-ready]')).toBeAttached();
}

test.describe('signed in as an agent', () => {
  test.use({ signedInAs: 'agent' });

  test('consent off (the default): browsing several pages sends no analytics or experiments request and sets no cookie', async ({ page, context }) => {
    const sent = recordAnalytics(page);
    await page.goto('/dashboard/');
    await waitForDashboard(page);
    await settle(page);
    await page.goto('/dashboard/help');
    await settle(page);
    await page.goto('/');
    await settle(page);
    expect(sent.map((r) => r.url())).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain(DEVICE_COOKIE);
  });

  test("'allow' sends the page view and the site-entry run, sets the 90-day Lax cookie; the choice survives a reload; withdrawing removes it", async ({ page, context }) => {
    await page.goto('/dashboard/');
    await dashboardReady(page);
    await page.getByRole('link', { name: en.footer.cookiePreferences }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('radio', { name: new RegExp(en.consent.deny) })).toBeChecked();
    const pageView = page.waitForRequest((r) => r.url().includes('Analytics/LogPageView'));
    const setup = page.waitForRequest((r) => r.url().includes('setup/SetupAnalytics'));
    const siteEntry = page.waitForRequest((r) => r.url().includes('experiments/run') && r.postDataJSON()?.triggerEvent === 'SiteEntry');
    await dialog(page).getByRole('radio', { name: new RegExp(en.consent.allow) }).check();
    await dialog(page).getByRole('button', { name: en.consent.save }).click();
    await expect(dialog(page)).toBeHidden();
    const [view, , run] = await Promise.all([pageView, setup, siteEntry]);
    expect(view.postDataJSON()).toMatchObject({ WebPage: '/dashboard/' });
    const cookie = (await context.cookies()).find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toBeTruthy();
    expect(cookie.sameSite).toBe('Lax');
    expect(run.postDataJSON()).toMatchObject({ deviceId: cookie.value, triggerValue: 'SiteEntry' });
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    expect((await context.cookies()).find((c) => c.name === 'portal_user_id')).toBeTruthy();

    // A reload keeps the choice: the page view goes out again (the site-entry run does not: same visit).
    const again = page.waitForRequest((r) => r.url().includes('Analytics/LogPageView'));
    await page.reload();
    await dashboardReady(page);
    await again;
    await page.getByRole('link', { name: en.footer.privacyChoices }).click();
    await expect(dialog(page).getByRole('radio', { name: new RegExp(en.consent.allow) })).toBeChecked();

    // Withdrawing removes the analytics cookies.
    await dialog(page).getByRole('radio', { name: new RegExp(en.consent.deny) }).check();
    await dialog(page).getByRole('button', { name: en.consent.save }).click();
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain(DEVICE_COOKIE);
    expect(names).not.toContain('portal_user_id');
  });

  test('an experiment gives one device the same variant on every visit', async ({ page, context, apiAs, cleanup }) => {
    const key = `e2e-${Date.now().toString(36)}`;
    const saved = await apiAs<Experiment>('internal', 'Experiments/SaveExperiment', {
      name: 'E2E sticky', key, triggerEvent: 'SiteEntry', variants: [{ name: 'red', weight: 50 }, { name: 'blue', weight: 50 }], goalEvent: 'ClaimSubmitted',
    });
    expect(saved.status).toBe(200);
    const id = saved.body!.result.id;
    expect((await apiAs('internal', 'Experiments/SetExperimentStatus', { id, status: 'Running' })).status).toBe(200);
    cleanup(() => apiAs('internal', 'Experiments/SetExperimentStatus', { id, status: 'Stopped' }));
    await context.addInitScript(() => localStorage.setItem('portal.consent', 'granted'));

    const variantOn = async (p: Page) => {
      await p.goto('/dashboard/help');
      await expect(p.locator(`html[data-exp-${key}]`)).toBeAttached({ timeout: 15_000 });
      return p.locator('html').getAttribute(`data-exp-${key}`);
    };
    const first = await variantOn(page);
    expect(['red', 'blue']).toContain(first);
    // Each new tab is a new visit (its own site-entry run); the device cookie is the same.
    for (let i = 0; i < 2; i++) {
      const tab = await context.newPage();
      expect(await variantOn(tab)).toBe(first);
      await tab.close();
    }
  });
});

test.describe('with the Global Privacy Control signal', () => {
  test.use({ signedInAs: 'agent', extraHTTPHeaders: { 'Sec-GPC': '1' } });

  test('nothing is sent even after an earlier allow, no cookie is set, and the dialog says GPC is on', async ({ page, context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'globalPrivacyControl', { value: true });
      localStorage.setItem('portal.consent', 'granted');
    });
    const sent = recordAnalytics(page);
    await page.goto('/dashboard/');
    await dashboardReady(page);
    await settle(page);
    await page.getByRole('link', { name: en.footer.privacyChoices }).click();
    await expect(dialog(page)).toContainText(en.consent.gpc);
    await expect(dialog(page).getByRole('radio', { name: new RegExp(en.consent.allow) })).toBeDisabled();
    await expect(dialog(page).getByRole('radio', { name: new RegExp(en.consent.deny) })).toBeChecked();
    expect(sent.map((r) => r.url())).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain(DEVICE_COOKIE);
  });
});

test('the dialog in Spanish on a content page: axe, keyboard (Enter opens, Tab moves, Escape closes, focus returns)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/es/');
  const link = page.getByRole('link', { name: es.footer.privacyChoices });
  await link.focus();
  await page.keyboard.press('Enter');
  const d = page.getByRole('dialog', { name: es.consent.title });
  await expect(d).toBeVisible();
  await expect(d).toContainText(es.consent.necessaryTitle);
  await expect(d.getByRole('radio', { name: new RegExp(es.consent.deny) })).toBeFocused();
  const results = await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // Within 390 px: no sideways scrolling in the dialog.
  expect(await d.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(d.getByRole('button', { name: es.consent.cancel })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(d.getByRole('button', { name: es.consent.save })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await expect(link).toBeFocused();
});
