// Issue 17, co-branding by client tag: `?clientTag=` sets the co-branded logo on claim-flow pages (the tag's account,
// or a co-branded active agency), an unknown tag resets it, other pages show the default logo, sign-out forgets the
// tag; SetupAnalytics on a link's first page carries its tag; internal admins set an agency's tag and logo on /dashboard/cobranded-agencies (axe, Spanish).
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openUserMenu, spanishOrigin, test } from './fixtures.ts';

const HARBOR = '10045821';
const LOGO = readFileSync(new URL('../../src/server/demo/harborpoint-logo.png', import.meta.url));
const logo = (page: Page) => page.locator('.site-header .logo img');
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

async function expectCobranded(page: Page, account: string, name: string) {
  await expect(logo(page)).toHaveAttribute('data-cobrand', account);
  await expect(logo(page)).toHaveAttribute('alt', name);
  expect(await logo(page).getAttribute('src')).toMatch(/^data:image\/(png|webp|jpeg);base64,/);
  // The image really decodes (not a broken picture).
  await expect.poll(() => logo(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}
async function expectDefault(page: Page) {
  await expect(logo(page)).toHaveAttribute('src', '/logo.svg');
  await expect(logo(page)).not.toHaveAttribute('data-cobrand', /.*/);
}

test.describe.configure({ mode: 'serial' });

test.describe('an agency admin of a plain agency following a co-branded link', () => {
  test.use({ signedInAs: 'admin' });

  test('the tag sets the logo on claim pages only, is remembered, an unknown tag resets it, sign-out forgets it', async ({ page }) => {
    await page.goto('/dashboard/start-claim?clientTag=HarborPoint');
    await expectCobranded(page, HARBOR, 'Harbor Point Insurance Group');
    expect(await page.evaluate(() => sessionStorage.getItem('portal.clientTag'))).toBe('harborpoint');

    // Outside claim pages: the default logo, the tag kept.
    await page.goto('/dashboard/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectDefault(page);
    expect(await page.evaluate(() => sessionStorage.getItem('portal.clientTag'))).toBe('harborpoint');

    // Back on a claim page without the parameter: remembered; the logo comes from the tab's copy (ETag → 304).
    const logoCalls: number[] = [];
    page.on('response', (r) => r.url().endsWith('/Cobranded/GetCobrandedLogo') && logoCalls.push(r.status()));
    await page.goto('/dashboard/start-claim');
    await expectCobranded(page, HARBOR, 'Harbor Point Insurance Group');
    expect(logoCalls).toEqual([304]);

    // A tag nobody has: the default logo, the tag forgotten.
    await page.goto('/dashboard/start-claim?clientTag=nobody-here');
    await expectDefault(page);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portal.clientTag'))).toBeNull();

    // Sign-out clears a remembered tag.
    await page.goto('/dashboard/start-claim?clientTag=harborpoint');
    await expectCobranded(page, HARBOR, 'Harbor Point Insurance Group');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/dashboard\/login/);
    // The sign-in page goes on to the provider and back: read the tab's storage once its form shows.
    await expect(page.getByLabel('Password')).toBeVisible();
    expect(await page.evaluate(() => [sessionStorage.getItem('portal.clientTag'), sessionStorage.getItem('portal.cobrandAccount'), sessionStorage.getItem('portal.cobrandLogo')])).toEqual([null, null, null]);
  });

  test('the first page a co-branded link opens starts analytics with the link’s tag, before the co-brand chunk stored it', async ({ page, context }) => {
    // A reader who allowed analytics earlier (issue 18: nothing is sent without it).
    await context.addInitScript(() => localStorage.setItem('portal.consent', 'granted'));
    // The tag lookup is answered only once SetupAnalytics has gone out: the co-brand chunk (started with the route
    // guard) cannot have remembered the tag by then, so the guard must take it from the address.
    const isAnalytics = (url: string) => new URL(url).pathname.endsWith('/setup/SetupAnalytics');
    let analyticsSent!: () => void;
    const sent = new Promise<void>((resolve) => (analyticsSent = resolve));
    page.on('request', (r) => {
      if (isAnalytics(r.url())) analyticsSent();
    });
    await page.route('**/Cobranded/GetCobrandedAccountNumberByClientTag?**', async (route) => {
      await Promise.race([sent, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await route.continue();
    });
    const analytics = page.waitForRequest((r) => isAnalytics(r.url()));
    // A fresh signed-in tab: no analytics session yet, no remembered tag.
    await page.goto('/dashboard/start-claim?clientTag=harborpoint');
    expect((await analytics).postDataJSON()).toMatchObject({ ClientTag: 'harborpoint' });
    // The co-brand chunk still follows the tag once its lookup answers.
    await expectCobranded(page, HARBOR, 'Harbor Point Insurance Group');
    expect(await page.evaluate(() => sessionStorage.getItem('portal.clientTag'))).toBe('harborpoint');
  });
});

test.describe('an agent of the co-branded agency', () => {
  test.use({ signedInAs: 'agent' });

  test('sees the agency logo on claim pages without a tag, and ours elsewhere', async ({ page }) => {
    await page.goto('/dashboard/start-claim');
    await expectCobranded(page, HARBOR, 'Harbor Point Insurance Group');
    await page.goto('/dashboard/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectDefault(page);
  });
});

test.describe('internal admins', () => {
  test.use({ signedInAs: 'internal' });

  test('set a client tag and upload a logo; the new tag works at once; refusals are shown; axe; Spanish', async ({ page, pageAs, apiAs, cleanup, baseURL }) => {
    cleanup(() => apiAs('internal', 'Cobranded/SaveCobrandedAgency', { AgencyNumber: HARBOR, IsCobranded: true, ClientTag: 'harborpoint', LogoBase64: LOGO.toString('base64') }, 'POST'));
    await page.goto('/dashboard/cobranded-agencies');
    await expect(page.getByRole('heading', { level: 1, name: 'Co-branded agencies' })).toBeVisible();
    const row = page.getByTestId('cobrand-table').locator(`tr[data-agency="${HARBOR}"]`);
    await expect(row).toContainText('harborpoint');
    await expect(row).toContainText('PNG');
    expect(await axe(page)).toEqual([]);

    await row.getByRole('button', { name: 'Edit co-branding of Harbor Point Insurance Group' }).click();
    const form = page.getByTestId('cobrand-form');
    await expect(page.getByLabel('Co-branded: show this agency’s logo on claim pages')).toBeFocused();
    // A file that is not an image is refused here, with the field's message.
    await form.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await form.getByRole('button', { name: 'Save co-branding' }).click();
    await expect(form.locator('#cobrand-logo-error')).toHaveText('The logo must be a PNG, JPEG or WebP file.');
    await form.getByLabel('Client tag').fill('harbor-e2e');
    await form.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'harbor.png', mimeType: 'image/png', buffer: LOGO });
    await expect(form.getByRole('img', { name: 'The chosen logo' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save co-branding' }).click();
    await expect(page.getByText('Co-branding of Harbor Point Insurance Group saved.')).toBeVisible();
    await expect(row).toContainText('harbor-e2e');
    await expect(row).toContainText('internal@demo.test');
    await expect(page.locator(`#cobrand-edit-${HARBOR}`)).toBeFocused();

    // The new tag works at once for an agent of another agency.
    const other = await pageAs('admin');
    await other.goto('/dashboard/start-claim?clientTag=harbor-e2e');
    await expectCobranded(other, HARBOR, 'Harbor Point Insurance Group');

    // Spanish.
    await page.goto(`${spanishOrigin(baseURL!)}/dashboard/cobranded-agencies`);
    await expect(page.getByRole('heading', { level: 1, name: 'Agencias con marca compartida' })).toBeVisible();
    await expect(page.getByTestId('cobrand-table').locator(`tr[data-agency="${HARBOR}"]`)).toContainText('harbor-e2e');
    expect(await axe(page)).toEqual([]);
  });
});
