// Issue 14: two-step sign-in in Chromium — TOTP enrolment in manage-account (the key read from the page, the codes
// computed here as an authenticator app would), a sign-in with a code, a sign-in with a recovery code (used once),
// new recovery codes; the Spanish host, keyboard only, 390 px, axe on every state.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, spanishOrigin, test, waitForDashboard } from './fixtures.ts';
import { newestLink } from './mailbox.ts';
import { answerTotp, totpCode, timeStep } from './totp.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'Glass-Harbor-2931';
const email = `e2e-mfa-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
let secret = '';
let recoveryCodes: string[] = [];

/** axe: no serious or critical violation (the rules of tests/e2e/a11y.test.ts). */
async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** A new user of this file (registered and verified through the public calls): no other test signs in as them. */
async function createUser(request: APIRequestContext): Promise<void> {
  const reg = await request.post('/agentdashboard/api/v1/okta/CreateInactiveUser', {
    data: { AppName: 'AgentPortal', FirstName: 'Robin', LastName: 'Quintero', Email: email, PrimaryPhone: '813-555-0142', AgentNumber: 'B12345', NpnId: '1234567', Title: 'Producer' },
  });
  expect(reg.status()).toBe(200);
  let link: { link: string } | null = null;
  await expect.poll(async () => (link = await newestLink(email, 'Verify your email for the Agent Portal')) !== null, { timeout: 30_000 }).toBe(true);
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(link!.link)![1]!;
  const set = await request.post('/agentdashboard/api/v1/okta/User/CreateUserPassword', { data: { AppName: 'AgentPortal', Token: token, Password: PASSWORD } });
  expect(set.status()).toBe(200);
}

/** A fresh browser context (no session) at the sign-in page, email and password typed: the second step shows. */
async function passwordStep(browser: Browser, baseURL: string, opts: { origin?: string; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const ctx = await browser.newContext({ baseURL, ...(opts.viewport ? { viewport: opts.viewport } : {}) });
  const page = await ctx.newPage();
  await page.goto(`${opts.origin ?? baseURL}/dashboard/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('mfa-step')).toBeVisible();
  return page;
}

test('enrol in manage-account: QR code and key, a wrong code refused, the right one turns it on, ten recovery codes shown once; new codes with the password', async ({ page, request, baseURL }) => {
  await createUser(request);
  await page.goto('/dashboard/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForDashboard(page);
  await page.goto('/dashboard/manage-account');
  const section = page.getByTestId('mfa');
  await expect(section.getByRole('heading', { level: 2, name: 'Two-step sign-in' })).toBeVisible();
  await expect(section.getByTestId('mfa-state')).toHaveText('Off: sign-in asks only for your password.');
  await axeClean(page, 'manage-account: two-step sign-in off');

  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code that adds your Agent Portal account to an authenticator app' })).toBeVisible();
  secret = ((await section.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = section.getByLabel('Code from your authenticator app');
  await expect(code).toBeFocused();
  await axeClean(page, 'manage-account: enrolment');
  // The client's own check, then the server's answer to a wrong code.
  await code.fill('12');
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(section.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  const now = timeStep();
  const valid = new Set([now - 1, now, now + 1, now + 2].map((s) => totpCode(secret, s)));
  const wrong = ['111111', '222222', '333333'].find((c) => !valid.has(c))!;
  await code.fill(wrong);
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(section.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await axeClean(page, 'manage-account: enrolment, wrong code');
  await code.fill(totpCode(secret));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();

  const codes = page.getByTestId('recovery-codes');
  await expect(codes.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  recoveryCodes = (await codes.locator('li code').allTextContents()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  // Download: a text file with the ten codes.
  const [download] = await Promise.all([page.waitForEvent('download'), codes.getByRole('button', { name: 'Download codes' }).click()]);
  expect(download.suggestedFilename()).toBe('agent-portal-recovery-codes.txt');
  const file = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(file).toString()).toContain(recoveryCodes[9]!);
  await axeClean(page, 'manage-account: recovery codes');
  await codes.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByTestId('mfa-state')).toContainText('On since');
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();
  // Not required for an agent: it can be turned off.
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // New recovery codes, with the password: shown once, the old ones replaced.
  await section.getByRole('button', { name: 'Get new recovery codes' }).click();
  const proof = section.getByLabel('A code from your app, or your password');
  await expect(proof).toBeFocused();
  await proof.fill('not-the-password-1');
  await section.getByRole('button', { name: 'Get new codes' }).click();
  await expect(section.getByText('The password is incorrect.')).toBeVisible();
  await axeClean(page, 'manage-account: new codes, wrong password');
  await proof.fill(PASSWORD);
  await section.getByRole('button', { name: 'Get new codes' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const fresh = (await page.getByTestId('recovery-codes').locator('li code').allTextContents()).map((c) => c.trim());
  expect(fresh).toHaveLength(10);
  expect(fresh).not.toContain(recoveryCodes[0]);
  recoveryCodes = fresh;
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();
  void baseURL;
});

test('sign-in asks for the code after the password: a wrong code is refused, the code from the secret signs in', async ({ browser, baseURL }) => {
  const page = await passwordStep(browser, baseURL!);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByLabel('Code', { exact: true })).toBeFocused();
  await axeClean(page, 'sign-in: second step');
  await page.getByLabel('Code', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the 6-digit code from your authenticator app.');
  const now = timeStep();
  const valid = new Set([now - 1, now, now + 1, now + 2].map((s) => totpCode(secret, s)));
  await page.getByLabel('Code', { exact: true }).fill(['444444', '555555', '666666'].find((c) => !valid.has(c))!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check your authenticator app and try again.');
  await axeClean(page, 'sign-in: second step, wrong code');
  await answerTotp(page, secret);
  await waitForDashboard(page);
  await page.context().close();
});

test('a recovery code signs in once; used again it is refused', async ({ browser, baseURL }) => {
  const page = await passwordStep(browser, baseURL!);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const field = page.getByLabel('Recovery code');
  await expect(field).toBeFocused();
  await axeClean(page, 'sign-in: recovery code');
  await field.fill(recoveryCodes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await waitForDashboard(page);
  await page.context().close();

  const again = await passwordStep(browser, baseURL!);
  await again.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await again.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(again.getByRole('alert')).toHaveText('That recovery code is not valid or was already used.');
  // Back to the password step.
  await again.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(again.getByLabel('Email')).toBeVisible();
  await again.context().close();
});

test('on the Spanish host, keyboard only, at 390 px: the second step with the keyboard, then manage-account’s section in Spanish', async ({ browser, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  const ctx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  // The provider's sign-in steps run on the portal's own address (its form, in Spanish: the request's
  // ui_locales), then the code comes back to the Spanish host.
  await page.goto(`${es}/dashboard/login?referral=${encodeURIComponent('/dashboard/manage-account')}`);
  await expect(page.getByLabel('Correo electrónico')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const code = page.getByLabel('Código', { exact: true });
  await expect(code).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axeClean(page, 'sign-in second step, 390 px');
  // Keyboard: a code typed and Enter (a code already used is answered with the next one).
  const now = timeStep();
  await page.keyboard.type(totpCode(secret, now + 1));
  const [res] = await Promise.all([page.waitForResponse((r) => /\/mfa$/.test(r.url()) && r.request().method() === 'POST'), page.keyboard.press('Enter')]);
  if (!res.ok()) {
    await code.fill('');
    await answerTotp(page, secret, { code: 'Código', verify: 'Verificar' });
  }
  await expect(page).toHaveURL(`${es}/dashboard/manage-account`);
  const section = page.getByTestId('mfa');
  await expect(section.getByRole('heading', { level: 2, name: 'Inicio de sesión en dos pasos' })).toBeVisible();
  await expect(section.getByTestId('mfa-state')).toContainText('Activado desde');
  await expect(section.getByText('Códigos de recuperación restantes: 9')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await axeClean(page, 'manage-account two-step sign-in, Spanish, 390 px');
  // Keyboard: the section's buttons are reachable and work with Enter.
  const newCodes = section.getByRole('button', { name: 'Obtener nuevos códigos de recuperación' });
  await newCodes.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByLabel('Un código de su aplicación, o su contraseña')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('mfa-state')).toBeFocused();
  await ctx.close();
});
