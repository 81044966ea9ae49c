// Single sign-on through the demo agency identity provider (issue 17) in Chromium: "Sign in with your agency" →
// the agency provider's form → sso-agency-flow for a new hire → request → approved by the agency's admin → swap →
// dashboard; the carrier-domain modal; an SSO user on start-claim sent to the self-service site; SSO sign-out
// (portal, then the agency provider, back to the sign-in page); Spanish; axe.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { OnboardingRequest } from '../../src/lib/api/agency-search.ts';
import { DEMO_PASSWORD, expect, openUserMenu, spanishOrigin, test, userMenuButton, waitForDashboard } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** From the sign-in page: "Sign in with your agency" → the demo agency → its form, signed in as `email`. */
async function signInWithAgency(page: Page, email: string, base = ''): Promise<void> {
  await page.goto(`${base}/dashboard/login`);
  await page.getByTestId('sso-open').click();
  await page.getByRole('combobox', { name: /^(Your agency|Su agencia)$/ }).selectOption('harbor-point-demo');
  await page.getByRole('button', { name: /Continue to your agency|Continuar a su agencia/ }).click();
  await expect(page).toHaveURL(/\/agency-idp\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Harbor Point sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign-in page: "Sign in with your agency" and the carrier-domain modal', async ({ page }) => {
  await page.goto('/dashboard/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.getByTestId('sso-open').click();
  await expect(page.getByRole('heading', { name: 'Sign in with your agency' })).toBeVisible();
  await expectAccessible(page, 'the sign-in page with the agency panel');
  await page.getByLabel('Email').fill('someone@harborpoint.test');
  const dialog = page.getByRole('dialog', { name: 'Your agency uses single sign-on' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the carrier-domain modal');
  // The safe choice keeps the password form; the modal does not come back for the same domain.
  await dialog.getByRole('button', { name: 'Use my password' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByLabel('Email').fill('x@harborpoint.test');
  await expect(dialog).toHaveCount(0);
});

test('the carrier-domain modal leads to the agency provider', async ({ page }) => {
  await page.goto('/dashboard/login');
  await page.getByLabel('Email').fill('sso.agent@harborpoint.test');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page).toHaveURL(/\/agency-idp\/interaction\//);
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('new SSO user: sso-agency-flow → request → approved by the agency admin → swap → dashboard', async ({ page, apiAs }) => {
  await signInWithAgency(page, 'sso.new@harborpoint.test');
  await expect(page).toHaveURL(/\/dashboard\/sso-agency-flow/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your agency' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Primary' })).toHaveCount(0);
  await expectAccessible(page, 'sso-agency-flow');
  const search = page.getByRole('search', { name: 'Connect your agency' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('#sso-agency-q-error')).toHaveText('Please enter a valid search term');
  await page.getByLabel('Agency name or account number').fill('summit');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '1 agencies found' })).toBeVisible();
  await page.getByRole('button', { name: 'Request to join Summit Ridge Agency' }).click();
  await expect(page.getByRole('heading', { name: 'Your request is under review' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('portal.onboardingAgency'))).toBe('99000001');
  await expectAccessible(page, 'sso-agency-flow, under review');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('Your request is still under review.')).toBeVisible();

  const review = await apiAs<OnboardingRequest[]>('admin', 'User/GetOnboardingRequests', { Scope: 'review' }, 'GET');
  const mine = review.body!.result.find((r) => r.userEmail === 'sso.new@harborpoint.test')!;
  expect(mine).toMatchObject({ status: 'Pending', agencyNumber: '20077314' });
  const approved = await apiAs('admin', 'User/ApproveOnboardingRequest', { RequestId: mine.requestId });
  expect(approved.status).toBe(200);

  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('Your request was approved: your account now belongs to Summit Ridge Agency.')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('portal.onboardingAgency'))).toBeNull();
  await page.getByRole('link', { name: 'Continue to my dashboard' }).click();
  await waitForDashboard(page);
});

test('SSO user with an agency: straight to the dashboard; start-claim sends them to the self-service site', async ({ page }) => {
  await page.route('https://self-service.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Self-service</title><h1>Self-service</h1></html>' }),
  );
  await signInWithAgency(page, 'sso.agent@harborpoint.test');
  await waitForDashboard(page);
  await page.goto('/dashboard/start-claim');
  await expect(page).toHaveURL(/^https:\/\/self-service\.example\.test\/start\?returnUrl=/);
});

test('SSO sign-out ends the portal and the agency provider sessions and returns to the sign-in page', async ({ page }) => {
  await signInWithAgency(page, 'sso.agent@harborpoint.test');
  await waitForDashboard(page);
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/dashboard\/login/);
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(userMenuButton(page)).toHaveCount(0);
  // The agency provider's session ended too: it asks for the password again.
  await page.getByTestId('sso-open').click();
  await page.getByRole('combobox', { name: 'Your agency' }).selectOption('harbor-point-demo');
  await page.getByRole('button', { name: 'Continue to your agency' }).click();
  await expect(page).toHaveURL(/\/agency-idp\/interaction\//);
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('Spanish: the agency sign-in on the sign-in page', async ({ page, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  await page.goto(`${es}/dashboard/login`);
  await expect(page).toHaveURL(/lang=es|\/dashboard\/login/);
  await page.getByTestId('sso-open').click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión con su agencia' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar con mi correo de trabajo' })).toBeVisible();
  await expectAccessible(page, 'the Spanish sign-in page with the agency panel');
});
