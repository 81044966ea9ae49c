// The chrome around the content hub and the dashboard, as a reader meets it: the signed-in header on content
// pages (and nothing loaded for signed-out readers), the internal admin's way to the content editor, the topic
// page's heading, the Spanish search box, one Agency Care Desk phone and email everywhere, and the portal
// opened at another address than its own.
import type { Page } from '@playwright/test';
import { CARE_DESK } from '../../src/lib/constants.ts';
import { formatPhone } from '../../src/lib/format.ts';
import commonEs from '../../src/lib/i18n/es/common.ts';
import { agencyButton, DEMO_PASSWORD, expect, menuItems, openDashboard, spanishOrigin, test, userMenuButton } from './fixtures.ts';

/** Scripts the page requested (URLs), collected from now on. */
function collectScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  return scripts;
}

const banner = (page: Page) => page.getByRole('banner');

test.describe('the content hub header', () => {
  test('signed out: the static header only (search, no user menu), and no framework JavaScript is loaded', async ({ page, problems }) => {
    const scripts = collectScripts(page);
    for (const path of ['/', '/articles/what-is-adas-recalibration', '/es/tagged-articles?tag=coverage']) {
      await page.goto(path);
      await expect(banner(page).getByRole('search')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(userMenuButton(page)).toHaveCount(0);
      await expect(banner(page).getByText('File a claim now')).toHaveCount(0);
    }
    expect(scripts.filter((s) => /react|client\.|jsx-runtime|portal\.|content-header/.test(s))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a signed-in agent sees the signed-in header on content pages: File a claim now, the agency dropdown, their user menu', async ({ page, problems, signInAs }) => {
    await signInAs('agent');
    for (const path of ['/', '/articles/what-is-adas-recalibration', '/agency-care-desk']) {
      await page.goto(path);
      await expect(userMenuButton(page)).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'File a claim now' })).toHaveAttribute('href', '/dashboard/file-claim');
      await expect(agencyButton(page)).toContainText('Harbor Point Insurance Group');
      // The static parts stay: the search box and the primary links.
      await expect(banner(page).getByRole('search')).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'My dashboard' })).toBeVisible();
    }
    expect(await menuItems(page)).toEqual(['Manage my account', 'Sign out']);
    // The Spanish content pages in Spanish.
    await page.goto('/es/');
    await expect(banner(page).getByRole('link', { name: 'Presentar un reclamo' })).toBeVisible();
    await expect(userMenuButton(page)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an agent with zero accounts sees the disabled File a claim now there too', async ({ page, signInAs }) => {
    await signInAs('noaccount');
    await page.goto('/');
    await expect(userMenuButton(page)).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'File a claim now' })).toBeDisabled();
    await expect(agencyButton(page)).toHaveCount(0);
    await expect(page.locator('[data-session-agency]')).toBeHidden();
  });
});

test.describe('the internal admin reaches the content editor from the header', () => {
  test('on the dashboard and on a content page: a Content editor link; the user menu stays Sign out only (spec section 6)', async ({ page, problems, signInAs }) => {
    await signInAs('internal');
    await openDashboard(page);
    const editor = banner(page).getByRole('link', { name: 'Content editor' });
    await expect(editor).toHaveAttribute('href', '/dashboard/article');
    expect(await menuItems(page)).toEqual(['Sign out']);
    await expect(banner(page).getByText('File a claim now')).toHaveCount(0);

    await page.goto('/articles/what-is-adas-recalibration');
    await expect(userMenuButton(page)).toBeVisible();
    await banner(page).getByRole('link', { name: 'Content editor' }).click();
    await expect(page).toHaveURL(/\/dashboard\/article$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('agents and CE admins have no Content editor link', async ({ page, signInAs }) => {
    await signInAs('ce');
    await openDashboard(page);
    await expect(banner(page).getByRole('link', { name: 'Content editor' })).toHaveCount(0);
  });
});

test.describe('content pages', () => {
  test("the topic page's kicker is the page's heading, not its <title> (no '| Agent Portal' in the page)", async ({ page }) => {
    for (const [path, kicker] of [
      ['/tagged-articles?tag=coverage', 'Articles by topic'],
      ['/es/tagged-articles?tag=coverage', 'Artículos por tema'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('topic-kicker')).toHaveText(kicker);
      await expect(page.locator('main')).not.toContainText('| Agent Portal');
      await expect(page).toHaveTitle(/\| Agent Portal$/);
    }
  });

  test('Spanish pages have a Spanish search box: the /es/ pages and the dashboard on the Spanish host', async ({ page, baseURL, signInAs }) => {
    await page.goto('/es/');
    await expect(page.locator('#header-search')).toHaveAttribute('placeholder', 'Buscar');
    await expect(page.locator('#footer-search-input')).toHaveAttribute('placeholder', 'Buscar');

    await signInAs('agent');
    await page.goto(`${spanishOrigin(baseURL!)}/dashboard/manage-account`);
    const footerSearch = page.locator('#footer-search-input');
    await expect(footerSearch).toHaveAttribute('placeholder', 'Buscar');
    await expect(page.locator('.site-footer').getByRole('search').getByRole('button')).toHaveText('Buscar');
    // An empty search says so in Spanish too.
    await footerSearch.fill('  ');
    await footerSearch.press('Enter');
    await expect(page.locator('#footer-search-input-error')).toHaveText('Ingrese un término de búsqueda válido');

    // The rest of the footer reads Spanish there too; its language toggle goes to the same page on the English host.
    const footer = page.locator('.site-footer');
    await expect(footer.locator('#footer-agents')).toHaveText(commonEs.forAgents);
    await expect(footer.getByRole('link', { name: commonEs.myDashboard })).toHaveAttribute('href', '/dashboard/');
    const toggle = footer.locator('a[data-lang-toggle]');
    await expect(toggle).toHaveText('English');
    await expect(toggle).toHaveAttribute('href', `${baseURL}/dashboard/manage-account`);
    await expect(footer.getByRole('link', { name: commonEs.mainSite })).toHaveAttribute('href', 'https://espanol.glasscare.example');

    // The English host keeps English.
    await page.goto('/dashboard/manage-account');
    await expect(page.locator('#footer-search-input')).toHaveAttribute('placeholder', 'Search');
    await expect(page.locator('.site-footer #footer-agents')).toHaveText('FOR AGENTS');
  });
});

test('every page shows the same Agency Care Desk phone and email (CARE_DESK)', async ({ page, signInAs }) => {
  await signInAs('agent');
  const contacts = async () =>
    page.locator('a[href^="tel:"], a[href^="sms:"], a[href^="mailto:"]').evaluateAll((links) =>
      links
        // The account manager's own phone and email are theirs, not the care desk's.
        .filter((a) => !a.closest('[aria-labelledby="account-manager-title"]'))
        .map((a) => ({ href: a.getAttribute('href')!, text: a.textContent!.trim() })),
    );
  const seen: { page: string; href: string; text: string }[] = [];
  await openDashboard(page);
  await expect(page.getByRole('region', { name: 'Agency Care Desk' })).toBeVisible();
  for (const c of await contacts()) seen.push({ page: '/dashboard/', ...c });
  for (const path of ['/agency-care-desk', '/es/agency-care-desk', '/dashboard/help', '/es/dashboard/help']) {
    await page.goto(path);
    await expect(page.locator('[data-widget="registration-agency-contact"]')).toBeVisible();
    for (const c of await contacts()) seen.push({ page: path, ...c });
  }
  // Each page shows both, and all of them are the one phone and the one email.
  for (const path of ['/dashboard/', '/agency-care-desk', '/es/agency-care-desk', '/dashboard/help', '/es/dashboard/help']) {
    expect(seen.filter((s) => s.page === path && /^(tel|sms):/.test(s.href)).length, path).toBeGreaterThan(0);
    expect(seen.filter((s) => s.page === path && s.href.startsWith('mailto:')).length, path).toBeGreaterThan(0);
  }
  const phone = formatPhone(CARE_DESK.phone);
  for (const s of seen) {
    if (s.href.startsWith('mailto:')) expect(s, s.page).toMatchObject({ href: `mailto:${CARE_DESK.email}`, text: CARE_DESK.email });
    else expect(s, s.page).toMatchObject({ href: expect.stringMatching(new RegExp(`^(tel|sms):\\+1${CARE_DESK.phone}$`)), text: phone });
  }
});

test('opened at http://127.0.0.1:PORT, the portal moves to its own address and sign-in works there', async ({ page, baseURL }) => {
  const own = new URL(baseURL!);
  const other = `http://127.0.0.1:${own.port}`;
  await page.goto(`${other}/dashboard/login?referral=${encodeURIComponent('/dashboard/manage-account')}`);
  // Redirected to PUBLIC_URL before any sign-in call: the provider's page comes back to the sign-in form there.
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(new URL(page.url()).origin).toBe(own.origin);
  await expect(page.getByText('We could not reach the server. Check your connection and try again.')).toHaveCount(0);
  await page.getByLabel('Email').fill('agent@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${own.origin}/dashboard/manage-account`);
  await expect(userMenuButton(page)).toBeVisible();
});

test('on the Spanish host a reader signs in through the page, in Spanish, and comes back to the Spanish site', async ({ page, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  await page.goto(`${es}/dashboard/login?referral=${encodeURIComponent('/dashboard/manage-account')}`);
  // The provider's sign-in step runs on the portal's own address (its form), in Spanish (the request's
  // ui_locales), then the code comes back to the Spanish host.
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/dashboard/login\\?uid=[^&]+&lang=es$`));
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByLabel('Correo electrónico').fill('agent@demo.test');
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(`${es}/dashboard/manage-account`);
  await expect(userMenuButton(page)).toBeVisible();
  await expect(page.getByText('No pudimos comunicarnos con el servidor', { exact: false })).toHaveCount(0);
});
