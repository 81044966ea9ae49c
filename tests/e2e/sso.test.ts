// Single sign-on through the demo agency identity provider (issue 17) in Chromium: "Sign in with your agency" →
// the agency provider's form → sso-agency-flow for a new hire → request → approved by the agency's admin → swap →
// dashboard; the carrier-domain modal; an SSO user on start-claim sent to the self-service site; SSO sign-out
// (portal, then the agency provider, back to the sign-in page); Spanish; axe; an SSO session ended on the server (the
// sign-in page says it timed out); sso-agency-flow in Spanish with the keyboard only; a made-up or changed state.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { OnboardingRequest } from '../../src/lib/api/agency-search.ts';
import { DEMO_PASSWORD, expect, openUserMenu, spanishOrigin, test, userMenuButton, waitForDashboard, type PortalFixtures } from './fixtures.ts';

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

/** The portal user id of the tab's stored sign-in (the `oidc.user:*` entry's subject); null when signed out. */
const storedUserId = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(sessionStorage.getItem(key)!) as { profile: { sub: string } }).profile.sub : null;
  });

/**
 * Ends every session of the tab's signed-in user on the server: an internal admin deactivates them (their sessions,
 * grants and refresh tokens end, the API refuses their earlier access tokens); reactivated after the test.
 */
async function deactivateSignedInUser(page: Page, apiAs: PortalFixtures['apiAs'], cleanup: PortalFixtures['cleanup']): Promise<void> {
  const userId = await storedUserId(page);
  expect(userId).toBeTruthy();
  cleanup(async () => expect((await apiAs('internal', 'okta/DeactivateUser', { UserId: userId, Activate: true })).status).toBe(200));
  const done = await apiAs<{ Status: string }>('internal', 'okta/DeactivateUser', { UserId: userId });
  expect(done.body?.result.Status).toBe('DEPROVISIONED');
}

/** Presses Tab until the target has focus (from where focus is); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
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

test('an SSO session ended on the server: the next call is refused and the sign-in page says the session timed out', async ({ page, apiAs, cleanup }) => {
  await signInWithAgency(page, 'sso.agent@harborpoint.test');
  await waitForDashboard(page);
  await deactivateSignedInUser(page, apiAs, cleanup);

  // The stored access token is still fresh: the route guard's layout call is refused (401).
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/agentdashboard/api/v1/setup' && r.status() === 401);
  // The page sends itself to the sign-in page as soon as the call is refused, maybe before its load event: wait for the commit only.
  await page.goto('/dashboard/manage-account', { waitUntil: 'commit' });
  await refused;
  await expect(page).toHaveURL(/\/dashboard\/login\?referral=%2Fdashboard%2Fmanage-account$/);
  // Said once, politely (a status the screen reader announces), above the way back in.
  await expect(page.getByRole('status').filter({ hasText: 'Your session timed out. Please sign in again.' })).toBeVisible();
  await expect(userMenuButton(page)).toHaveCount(0);
  expect(await storedUserId(page)).toBeNull();
  await expectAccessible(page, 'the sign-in page after an SSO session timed out');

  // 'Sign in again' starts a new sign-in (the provider's session ended too: its form asks again); the message is spent.
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/dashboard\/login\?uid=/);
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByText('Your session timed out. Please sign in again.')).toHaveCount(0);
});

test('Spanish: an SSO session whose renewal the provider refuses ends on the sign-in page, which says it timed out', async ({ page, apiAs, cleanup, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  await signInWithAgency(page, 'sso.agent@harborpoint.test', es);
  await waitForDashboard(page);
  expect(new URL(page.url()).origin).toBe(es);
  await deactivateSignedInUser(page, apiAs, cleanup);

  // The access token is about to expire: the page renews it with the refresh token, which the provider no longer has.
  await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
    const u = JSON.parse(sessionStorage.getItem(key)!) as { expires_at: number };
    u.expires_at = Math.floor(Date.now() / 1000) + 10;
    sessionStorage.setItem(key, JSON.stringify(u));
  });
  const renewal = page.waitForResponse((r) => new URL(r.url()).pathname === '/oidc/token' && r.request().method() === 'POST');
  await page.reload();
  expect((await renewal).status()).toBe(400);
  await expect(page).toHaveURL(new RegExp(`^${es}/dashboard/login\\?referral=%2Fdashboard%2F$`));
  await expect(page.getByTestId('sso-timeout')).toHaveText('Su sesión expiró. Inicie sesión de nuevo.');
  await expect(page.getByRole('button', { name: 'Iniciar sesión de nuevo' })).toBeVisible();
  expect(await storedUserId(page)).toBeNull();
  await expectAccessible(page, 'the Spanish sign-in page after an SSO session timed out');
});

test('Spanish, keyboard only: sso-agency-flow search → choose → request, as another new SSO user', async ({ page, apiAs, cleanup, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  // Denied afterwards: a rerun finds the search again (with the 'denied' note).
  cleanup(async () => {
    const review = await apiAs<OnboardingRequest[]>('admin', 'User/GetOnboardingRequests', { Scope: 'review' }, 'GET');
    const pending = review.body?.result.find((r) => r.userEmail === 'sso.hire@harborpoint.test' && r.status === 'Pending');
    if (pending) expect((await apiAs('admin', 'User/DenyOnboardingRequest', { RequestId: pending.requestId, Reason: 'e2e cleanup' })).status).toBe(200);
  });
  await signInWithAgency(page, 'sso.hire@harborpoint.test', es);
  await expect(page).toHaveURL(new RegExp(`^${es}/dashboard/sso-agency-flow`));
  await expect(page.getByRole('heading', { level: 1, name: 'Conecte su agencia' })).toBeVisible();
  await expect(page.getByText('Inició sesión con su agencia. Busque la agencia para la que trabaja', { exact: false })).toBeVisible();
  await expectAccessible(page, 'sso-agency-flow in Spanish');

  const field = page.getByLabel('Nombre de la agencia o número de cuenta');
  await page.locator('body').focus();
  await tabTo(page, field);
  // Enter with nothing typed: the message in Spanish, and the focus stays on the field.
  await page.keyboard.press('Enter');
  await expect(page.locator('#sso-agency-q-error')).toHaveText('Ingrese un término de búsqueda válido');
  await expect(field).toBeFocused();
  await page.keyboard.type('summit');
  await page.keyboard.press('Enter');
  // The results' heading takes the focus; the next Tab reaches the result's button.
  const results = page.getByRole('heading', { level: 2, name: '1 agencias encontradas' });
  await expect(results).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Solicitar unirme a Summit Ridge Agency' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: 'Su solicitud está en revisión' })).toBeVisible();
  await expect(page.getByText('Enviamos su solicitud para unirse a Summit Ridge Agency.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('portal.onboardingAgency'))).toBe('99000001');
  const check = page.getByRole('button', { name: 'Comprobar de nuevo' });
  await page.locator('body').focus();
  await tabTo(page, check);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Su solicitud sigue en revisión.')).toBeVisible();
  await expectAccessible(page, 'sso-agency-flow in Spanish, under review');
});

test('a made-up or changed state at the return point signs nobody in: the sign-in page says so, in the reader’s language', async ({ page, baseURL }) => {
  const failed = 'Signing in with your agency did not complete. Please try again.';
  const failedEs = 'No se completó el inicio de sesión con su agencia. Inténtelo de nuevo.';

  // A made-up answer opened on the main host: the refusal, and 'Start again' leads to the sign-in form.
  await page.goto('/dashboard/sso-redirect?code=made-up-code&state=made-up-state');
  await expect(page).toHaveURL(/\/dashboard\/login\?sso=failed$/);
  await expect(page.getByRole('alert')).toHaveText(failed);
  expect(await storedUserId(page)).toBeNull();
  await expect(userMenuButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page).toHaveURL(/\/dashboard\/login\?uid=/);
  await expect(page.getByLabel('Password')).toBeVisible();

  // The same on the Spanish host: in Spanish.
  const es = spanishOrigin(baseURL!);
  await page.goto(`${es}/dashboard/sso-redirect?code=made-up-code&state=made-up-state`);
  await expect(page).toHaveURL(`${es}/dashboard/login?sso=failed`);
  await expect(page.getByRole('alert')).toHaveText(failedEs);
  await expect(page.getByRole('button', { name: 'Empezar de nuevo' })).toBeVisible();

  // A Spanish reader's real answer whose state is changed on its way back (to the main host): the Spanish host's
  // sign-in page, where that sign-in started, says it did not complete; nobody is signed in.
  // The answer comes as a chain of redirects, which page routes do not see: the agency form's POST is fetched here and
  // followed by hand (the context's cookies) to the return point, whose address the page then gets with another state.
  await page.route('**/agency-idp/interaction/*/login', async (route) => {
    let res = await route.fetch({ maxRedirects: 0 });
    let to = new URL(res.headers()['location']!, route.request().url());
    while (to.pathname !== '/dashboard/sso-redirect') {
      res = await page.request.get(to.href, { maxRedirects: 0 });
      to = new URL(res.headers()['location']!, to);
    }
    to.searchParams.set('state', `${to.searchParams.get('state')}-changed`);
    await route.fulfill({ status: 303, headers: { location: to.href } });
  });
  await signInWithAgency(page, 'sso.agent@harborpoint.test', es);
  await expect(page).toHaveURL(`${es}/dashboard/login?sso=failed`);
  await expect(page.getByRole('alert')).toHaveText(failedEs);
  expect(await storedUserId(page)).toBeNull();
  await expect(userMenuButton(page)).toHaveCount(0);
  await expectAccessible(page, 'the Spanish sign-in page after a changed state');
});
