// Issue 14: registration, email verification, create-new-password with the live policy, the ticket sign-in,
// used links and linkexpired, forgot password — in Chromium, reading the emails from the dev mailbox; axe on
// every new page and state, the Spanish host, keyboard-only registration, 390 px.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, spanishOrigin, test, userMenuButton, waitForDashboard } from './fixtures.ts';
import { mailsMentioning, newestLink } from './mailbox.ts';

const VERIFY_SUBJECT = 'Verify your email for the Agent Portal';
const RESET_SUBJECT = 'Reset your Agent Portal password';
// Whole journeys with several sign-ins and emails: longer than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

const unique = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** axe: no serious or critical violation (the rules of tests/e2e/a11y.test.ts). */
async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** Waits for the newest link of this kind to an address (the outbox worker sends within a poll). */
async function linkFor(email: string, subject: string, after = 0): Promise<{ link: string; count: number }> {
  let found: { link: string; count: number } | null = null;
  await expect
    .poll(async () => (found = await newestLink(email, subject, after)) !== null, { message: `an email "${subject}" to ${email}`, timeout: 30_000 })
    .toBe(true);
  return found!;
}

/** A fresh browser context (no session), at a path. */
async function fresh(browser: Browser, baseURL: string, path: string): Promise<Page> {
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  await page.goto(path);
  return page;
}

/** Types a password on create-new-password and confirms it. */
async function choosePassword(page: Page, password: string) {
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm the password').fill(password);
  await page.getByRole('button', { name: 'Save and sign in' }).click();
}

test('register with the keyboard → email → create-new-password (live policy) → signed in on the dashboard; the used link → linkexpired → a fresh link works', async ({ page, browser, baseURL }) => {
  const email = unique('reg');
  await page.goto('/dashboard/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/create-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await axeClean(page, 'create-account');

  // Keyboard only: the first field has focus; Tab moves field to field; Enter submits.
  await expect(page.getByLabel('First name')).toBeFocused();
  const kb = page.keyboard;
  for (const [text, tabs] of [['Robin', 1], ['Quintero', 1], [email, 1], ['813-555-0142', 2], ['A1', 1], ['1234567', 1], ['Producer', 0]] as const) {
    await kb.type(text);
    for (let i = 0; i < tabs; i++) await kb.press('Tab');
  }
  await kb.press('Enter');
  // The agent number fails its check: the summary takes focus and links to the field.
  await expect(page.locator('#reg-agent-number-error')).toHaveText('Invalid Agent Number');
  await expect(page.locator('.error-summary')).toBeFocused();
  await axeClean(page, 'create-account with errors');
  await kb.press('Tab');
  await kb.press('Enter');
  await expect(page.getByLabel(/Agent number/)).toBeFocused();
  await kb.press('ControlOrMeta+a');
  await kb.type('A12345');
  await kb.press('Enter');

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  await expect(page.getByTestId('check-email')).toContainText(email);
  await axeClean(page, 'create-account: check your email');
  const first = await linkFor(email, VERIFY_SUBJECT);
  // Resend: a second, fresh link (the first stops working).
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
  const verify = await linkFor(email, VERIFY_SUBJECT, first.count);
  expect(verify.link).not.toBe(first.link);
  expect(verify.link.startsWith(`${baseURL}/dashboard/create-new-password#token=`)).toBe(true);

  // The first link is spent by the resend: linkexpired.
  await page.goto(first.link);
  await expect(page).toHaveURL(/\/dashboard\/linkexpired#token=/);

  // The fresh link: the policy ticks as the password is typed.
  await page.goto(verify.link);
  await expect(page.getByRole('heading', { name: 'Create your password' })).toBeVisible();
  // The token leaves the address bar.
  await expect(page).toHaveURL(/\/dashboard\/create-new-password$/);
  const rules = page.getByTestId('password-rules');
  const rule = (name: string) => rules.locator(`[data-rule="${name}"]`);
  await expect(rule('minLength')).toHaveAttribute('data-met', 'false');
  await axeClean(page, 'create-new-password');
  const pw = page.getByLabel('New password');
  await pw.pressSequentially('robin', { delay: 20 });
  await expect(rule('lowercase')).toHaveAttribute('data-met', 'true');
  await expect(rule('uppercase')).toHaveAttribute('data-met', 'false');
  await expect(rule('names')).toHaveAttribute('data-met', 'false');
  await pw.fill('');
  await pw.pressSequentially('Glass-Harbor-2931', { delay: 20 });
  for (const r of ['minLength', 'lowercase', 'uppercase', 'digit', 'email', 'names']) await expect(rule(r)).toHaveAttribute('data-met', 'true');
  // One polite summary once the typing stops.
  await expect(page.getByTestId('password-summary')).toHaveText('All the rules are met.');
  await expect(page.getByTestId('password-summary')).toHaveAttribute('aria-live', 'polite');
  await page.getByLabel('Confirm the password').fill('Glass-Harbor-2931');
  await page.getByRole('button', { name: 'Save and sign in' }).click();

  // Signed in on the dashboard with zero accounts (find-my-agency takes over from here).
  await waitForDashboard(page);

  // The used link: linkexpired, whose button sends a fresh one (a reset link now: the account is active).
  const other = await fresh(browser, baseURL!, verify.link);
  await expect(other).toHaveURL(/\/dashboard\/linkexpired/);
  await expect(other.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await axeClean(other, 'linkexpired');
  const before = (await mailsMentioning(email)).filter((m) => m.content.includes(RESET_SUBJECT)).length;
  await other.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(other.getByTestId('expired-sent')).toHaveText('If the link belonged to an account, we sent a new one to its email address.');
  await axeClean(other, 'linkexpired: sent');
  const reset = await linkFor(email, RESET_SUBJECT, before);
  await other.goto(reset.link);
  await expect(other.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await choosePassword(other, 'New-Windshield-8842');
  await waitForDashboard(other);
  await other.context().close();
});

test('forgot password: the same answer for any email; the emailed link sets a new password and signs in; the old password is refused', async ({ page, browser, baseURL }) => {
  // A user to reset: registered and verified through the pages.
  const email = unique('forgot');
  await page.goto('/dashboard/create-account');
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Moreno');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Phone number/).fill('(813) 555-0199');
  await page.getByLabel(/Agent number/).fill('77001234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.goto((await linkFor(email, VERIFY_SUBJECT)).link);
  await choosePassword(page, 'First-Password-4417');
  await waitForDashboard(page);

  const forgot = await fresh(browser, baseURL!, '/dashboard/login');
  await forgot.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(forgot.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await axeClean(forgot, 'forgotpassword');
  // An unknown email: the same answer.
  await forgot.getByLabel('Email').fill(unique('nobody'));
  await forgot.getByRole('button', { name: 'Send the link' }).click();
  const answer = 'If an account exists for that email, we sent a link to reset your password. It works once and expires in 1 hour.';
  await expect(forgot.getByTestId('forgot-sent')).toHaveText(answer);
  await axeClean(forgot, 'forgotpassword: sent');
  await forgot.reload();
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send the link' }).click();
  await expect(forgot.getByTestId('forgot-sent')).toHaveText(answer);

  const reset = await linkFor(email, RESET_SUBJECT);
  await forgot.goto(reset.link);
  await expect(forgot.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The server's list check: a common password is refused on the field.
  await choosePassword(forgot, 'Mailcreated5240');
  await expect(forgot.locator('#new-password-error')).toHaveText('This password is too common. Please choose another one.');
  await choosePassword(forgot, 'Second-Password-5528');
  await waitForDashboard(forgot);
  await forgot.context().close();

  // The old password is refused, the new one signs in.
  const old = await fresh(browser, baseURL!, '/dashboard/login');
  await old.getByLabel('Email').fill(email);
  await old.getByLabel('Password').fill('First-Password-4417');
  await old.getByRole('button', { name: 'Sign in' }).click();
  await expect(old.getByTestId('login-error')).toHaveText('The email or password is incorrect.');
  await old.getByLabel('Password').fill('Second-Password-5528');
  await old.getByRole('button', { name: 'Sign in' }).click();
  await waitForDashboard(old);
  await old.context().close();
});

test('registering from a referral lands on it once the password is set', async ({ page }) => {
  const email = unique('referral');
  await page.goto('/dashboard/login?referral=/dashboard/manage-account');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/create-account\?referral=%2Fdashboard%2Fmanage-account$/);
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Reyes');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Phone number/).fill('8135550177');
  await page.getByLabel(/Agent number/).fill('C54321');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const { link } = await linkFor(email, VERIFY_SUBJECT);
  expect(link).toContain('?referral=%2Fdashboard%2Fmanage-account#token=');
  await page.goto(link);
  await choosePassword(page, 'Referral-Landing-3306');
  await expect(page).toHaveURL(/\/dashboard\/manage-account$/, { timeout: 20_000 });
});

test('Spanish pages: registration messages, forgot password and linkexpired in Spanish; axe-clean', async ({ page, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  await page.goto(`${es}/dashboard/create-account`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await page.getByLabel(/Número de agente/).fill('12');
  await page.getByLabel(/^Número de teléfono/).fill('555');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.locator('#reg-agent-number-error')).toHaveText('Número de agente no válido');
  await expect(page.locator('#reg-first-name-error')).toHaveText('El campo nombre es obligatorio');
  await expect(page.locator('#reg-email-error')).not.toHaveText('Please enter a valid email address');
  await expect(page.locator('#reg-phone-error')).not.toHaveText('Please enter a valid phone number');
  await axeClean(page, 'create-account (es) with errors');

  await page.goto(`${es}/dashboard/forgotpassword`);
  await expect(page.getByRole('heading', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(unique('es'));
  await page.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('Si existe una cuenta con ese correo');
  await axeClean(page, 'forgotpassword (es)');

  await page.goto(`${es}/dashboard/linkexpired`);
  await expect(page.getByRole('heading', { name: 'Este enlace venció' })).toBeVisible();
  await axeClean(page, 'linkexpired (es)');
});

test('on the Spanish host: the emails are Spanish and link back there, and setting the password signs in on the Spanish dashboard', async ({ page, baseURL }) => {
  const es = spanishOrigin(baseURL!);
  const email = unique('es-reg');
  await page.goto(`${es}/dashboard/create-account`);
  await page.getByLabel(/^Nombre/).fill('Lucía');
  await page.getByLabel(/^Apellido/).fill('Serrano');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel(/^Número de teléfono/).fill('813-555-0177');
  await page.getByLabel(/Número de agente/).fill('A54321');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Revise su correo' })).toBeVisible();
  const verify = await linkFor(email, 'Verifique su correo electrónico para el Portal de Agentes');
  expect(verify.link.startsWith(`${es}/dashboard/create-new-password#token=`)).toBe(true);
  await page.goto(verify.link);
  await expect(page.getByRole('heading', { name: 'Cree su contraseña' })).toBeVisible();
  await page.getByLabel('Contraseña nueva').fill('Vidrio-Puerto-2931');
  await page.getByLabel('Confirme la contraseña').fill('Vidrio-Puerto-2931');
  await page.getByRole('button', { name: 'Guardar e iniciar sesión' }).click();
  // The provider's page is on the main host; the ticket travelled with the request, so nobody asks for the password.
  await expect(page).toHaveURL(new RegExp(`^${es}/dashboard/(\\?[^#]*)?$`), { timeout: 30_000 });
  await expect(userMenuButton(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('at 390 px the registration and password pages fit the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/dashboard/create-account', '/dashboard/forgotpassword', '/dashboard/linkexpired']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});

test('an expired verification link opens linkexpired, whose button sends a fresh one that works (a portal with an 8-second verify TTL)', async ({ browser }) => {
  // A second portal in this worker, built site and all, whose verification links live 8 seconds
  // (ACCOUNT_VERIFY_TTL_SECONDS, read at start-up); its emails are read from its outbox.
  const { startTestPortal } = await import('../unit/helpers/portal.ts');
  const portal = await startTestPortal({ SITE_DIR: './dist', ACCOUNT_VERIFY_TTL_SECONDS: '8' });
  const ctx = await browser.newContext({ baseURL: portal.url });
  try {
    const email = unique('expired');
    const tokenOf = async () => {
      const [row] = await portal.db.query<{ body_text: string }>('SELECT body_text FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email]);
      return /#token=([A-Za-z0-9_-]{43})/.exec(row?.body_text ?? '')?.[1] ?? null;
    };
    const page = await ctx.newPage();
    await page.goto('/dashboard/create-account');
    await page.getByLabel('First name').fill('Avery');
    await page.getByLabel('Last name').fill('Lopez');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Phone number/).fill('8135550166');
    await page.getByLabel(/Agent number/).fill('D24680');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const old = await tokenOf();
    expect(old).not.toBeNull();
    await page.waitForTimeout(8500);
    await page.goto(`/dashboard/create-new-password#token=${old}`);
    await expect(page).toHaveURL(/\/dashboard\/linkexpired#token=/);
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(page.getByTestId('expired-sent')).toBeVisible();
    const fresh = await tokenOf();
    expect(fresh).not.toBe(old);
    await page.goto(`/dashboard/create-new-password#token=${fresh}`);
    await expect(page.getByRole('heading', { name: 'Create your password' })).toBeVisible();
    await choosePassword(page, 'Expired-Then-Fresh-6604');
    await waitForDashboard(page);
  } finally {
    await ctx.close();
    await portal.close();
  }
});
