// Issue 14, manage my account: the account's agencies with their carriers (a removed carrier shows the
// section-8 message and blocks filing on a co-branded agency), the default agency, and removing an agency
// (a confirmation, 'Agency successfully removed.', never the last one), in Chromium, English and Spanish.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openDashboard, signIn, spanishOrigin, test, userMenuButton } from './fixtures.ts';
import { mailsMentioning } from './mailbox.ts';

test('an agency admin sees each agency’s carriers with the section-8 warning, changes them, and makes another agency the default', async ({ page, signInAs, apiAs, cleanup }) => {
  cleanup(async () => {
    expect((await apiAs('admin', 'User/UpdateUserDefaultAgency', { AgencyNumber: '20077314' })).status).toBe(200);
  });
  await signInAs('admin');
  await page.goto('/dashboard/manage-account');
  const agencies = page.getByTestId('agencies');
  await expect(agencies.getByRole('heading', { level: 2, name: 'Your agencies' })).toBeVisible();
  const summit = agencies.locator('[data-agency="20077314"]');
  const lakeshore = agencies.locator('[data-agency="30012967"]');
  await expect(summit.getByText('Default', { exact: true })).toBeVisible();
  // Lakeshore (not co-branded) had a carrier removed: the warning, folded or not.
  await expect(lakeshore.getByTestId('carrier-message')).toHaveText(
    'Due to edits in your carriers, you may not be able to file a claim. Please visit Manage my account to update your carrier information or call Agency Care Desk for help.',
  );
  await expect(summit.getByTestId('carrier-message')).toHaveCount(0);

  // Summit Ridge's carriers: add one, saved, the count follows.
  await summit.getByText('Carriers').click();
  const group = summit.getByRole('group', { name: 'Carriers you write for at Summit Ridge Agency' });
  await expect(group.getByRole('checkbox', { name: 'Nationwide' })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'Travelers' })).toBeChecked();
  await group.getByRole('checkbox', { name: 'Chubb' }).check();
  await summit.getByRole('button', { name: 'Save carriers' }).click();
  await expect(page.getByText('Your carriers for Summit Ridge Agency were saved.')).toBeVisible();
  await expect(summit.locator('summary')).toContainText('(3)');
  await expect(summit.getByTestId('carrier-message')).toHaveCount(0);
  // Removing it again is a carrier edit: the warning appears.
  cleanup(async () => {
    const companies = (await apiAs('admin', 'User/GetInsuranceCompanies', {}, 'GET')).body!.result as { InsuranceCompanyId: number; Name: string }[];
    const ids = companies.filter((c) => ['Nationwide', 'Travelers'].includes(c.Name)).map((c) => c.InsuranceCompanyId);
    expect((await apiAs('admin', 'User/UpdateUserAgentCarriers', { AgencyNumber: '20077314', InsuranceCompanyIds: ids })).status).toBe(200);
  });
  await group.getByRole('checkbox', { name: 'Chubb' }).uncheck();
  await summit.getByRole('button', { name: 'Save carriers' }).click();
  await expect(summit.getByTestId('carrier-message')).toContainText('Due to edits in your carriers, you may not be able to file a claim.');

  // The default moves to Lakeshore.
  await lakeshore.getByRole('button', { name: 'Make default: Lakeshore Family Insurance' }).click();
  await expect(page.getByText('Lakeshore Family Insurance is now your default agency.')).toBeVisible();
  await expect(lakeshore.getByText('Default', { exact: true })).toBeVisible();
  await expect(summit.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(summit.getByRole('button', { name: 'Make default: Summit Ridge Agency' })).toBeVisible();
});

test('a co-branded agent who removes a carrier is told filing is blocked', async ({ page, signInAs, apiAs, cleanup }) => {
  await signInAs('agent');
  await page.goto('/dashboard/manage-account');
  const harbor = page.getByTestId('agencies').locator('[data-agency="10045821"]');
  await harbor.getByText('Carriers').click();
  const group = harbor.getByRole('group', { name: 'Carriers you write for at Harbor Point Insurance Group' });
  await expect(group.getByRole('checkbox', { name: 'GEICO' })).toBeChecked();
  cleanup(async () => {
    const companies = (await apiAs('agent', 'User/GetInsuranceCompanies', {}, 'GET')).body!.result as { InsuranceCompanyId: number; Name: string }[];
    const ids = companies.filter((c) => ['GEICO', 'Progressive'].includes(c.Name)).map((c) => c.InsuranceCompanyId);
    expect((await apiAs('agent', 'User/UpdateUserAgentCarriers', { AgencyNumber: '10045821', InsuranceCompanyIds: ids })).status).toBe(200);
  });
  await group.getByRole('checkbox', { name: 'GEICO' }).uncheck();
  await harbor.getByRole('button', { name: 'Save carriers' }).click();
  await expect(harbor.getByTestId('carrier-message')).toHaveText(
    'Due to edits in your carriers, you’re unable to file a claim. Please contact the Agency Care Desk for help.',
  );
  // The claim flow says the same for this agency.
  const settings = await apiAs('agent', 'Carrier/GetCarrierSettings', { AccountNumber: '10045821' }, 'GET');
  expect(settings.body!.result).toMatchObject({ CanFileClaim: false });
});

test('removing an agency asks first, removes it from the page and the header, and the last one cannot be removed', async ({ page, signInAs }) => {
  await signInAs('multi');
  await openDashboard(page);
  await page.goto('/dashboard/manage-account');
  const agencies = page.getByTestId('agencies');
  const lakeshore = agencies.locator('[data-agency="30012967"]');
  await lakeshore.getByRole('button', { name: 'Remove: Lakeshore Family Insurance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Lakeshore Family Insurance from your account?' });
  await expect(dialog).toBeVisible();
  // Focus starts on the safe choice; Escape keeps the agency.
  await expect(dialog.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(lakeshore).toBeVisible();

  await lakeshore.getByRole('button', { name: 'Remove: Lakeshore Family Insurance' }).click();
  await expect(await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
  await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByText('Agency successfully removed.')).toBeVisible();
  await expect(lakeshore).toHaveCount(0);
  // One agency left: no Remove button, and it is the default.
  const summit = agencies.locator('[data-agency="20077314"]');
  await expect(summit.getByText('Default', { exact: true })).toBeVisible();
  await expect(agencies.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  // The header's agency list no longer offers it (no new sign-in).
  await page.goto('/dashboard/');
  await expect(userMenuButton(page)).toBeVisible();
  await expect(page.getByText('Lakeshore Family Insurance')).toHaveCount(0);
});

test('manage-account’s agencies in Spanish on a phone', async ({ page, signInAs, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin');
  await page.goto(`${spanishOrigin(baseURL!)}/dashboard/manage-account`);
  await expect(page.getByRole('heading', { level: 2, name: 'Sus agencias' })).toBeVisible();
  await expect(page.getByTestId('agencies').locator('[data-agency="30012967"]').getByTestId('carrier-message')).toContainText(
    'Debido a cambios en sus aseguradoras',
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

// ---------------------------------------------------------------------------------------------------------------
// manage-account profile: the details (the header's name follows), the password change (the browser stays signed in,
// other sessions end), the email change read from the dev mailbox, the contact preferences' contact-update messages,
// Spanish at 390 px, axe and the keyboard. Each journey that changes an account registers its own user through the
// real registration calls, so the demo users keep their names, emails and passwords.

const PASSWORD = 'Glass-Harbor-2931';
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** axe: no serious or critical violation. */
async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** A link of the dev mailbox: the newest email to `to` whose text matches `pattern` (polls until it arrives). */
async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const mails = await mailsMentioning(to);
        for (const m of mails.reverse()) {
          const found = pattern.exec(m.content)?.[1];
          if (found) return (link = found) !== null;
        }
        return false;
      },
      { message: `an email to ${to} with ${pattern}`, timeout: 30_000 },
    )
    .toBe(true);
  return link!;
}

/** A new user, through the real registration calls: CreateInactiveUser, the verification link of the dev mailbox, CreateUserPassword. */
async function registerUser(request: APIRequestContext, baseURL: string, tag: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(tag);
  const call = (path: string, data: Record<string, unknown>) =>
    request.post(`${baseURL}/agentdashboard/api/v1/${path}`, { headers: { Origin: baseURL }, data: { AppName: 'AgentPortal', ...data } });
  const created = await call('okta/CreateInactiveUser', { FirstName: 'Robin', LastName: 'Quintero', Email: email, PrimaryPhone: '813-555-0142', AgentNumber: 'A12345' });
  expect(created.status()).toBe(200);
  const link = await mailedLink(email, /(https?:\/\/[^\s"<>]+\/dashboard\/create-new-password[^\s"<>]*#token=[A-Za-z0-9_-]{43})/);
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(link)![1];
  expect((await call('okta/User/CreateUserPassword', { Token: token, Password: PASSWORD })).status()).toBe(200);
  return { email, password: PASSWORD };
}

/** Signs a registered user in on the sign-in page and opens manage-account. */
async function openAccountAs(page: Page, user: { email: string; password: string }) {
  await signIn(page, user.email, { password: user.password, referral: '/dashboard/manage-account' });
  // A sign-in round trip on a busy machine can take a while.
  await expect(page.getByRole('heading', { level: 1, name: 'Manage my account' })).toBeVisible({ timeout: 30_000 });
}

test.describe('manage-account profile', () => {
  test.describe.configure({ timeout: 180_000 });

  test('edits the details with the spec’s messages, keyboard only, and the header’s name follows without a new sign-in', async ({ page, request, baseURL }) => {
    const user = await registerUser(request, baseURL!, 'profile');
    await openAccountAs(page, user);
    const details = page.getByTestId('my-details');
    await expect(details.getByRole('heading', { level: 2, name: 'Your details' })).toBeVisible();
    await expect(details.getByLabel(/^First name/)).toHaveValue('Robin');
    await expect(details.getByLabel(/^Primary phone/)).toHaveValue('813-555-0142');
    await expect(userMenuButton(page)).toContainText('Robin Quintero');
    await axeClean(page, 'manage-account with the profile sections');

    // Keyboard only: clear the first name, a bad phone, an NPN with letters; Enter submits.
    await details.getByLabel(/^First name/).focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('me-PrimaryPhone');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('555-01');
    await details.getByLabel(/^NPN ID/).focus();
    await page.keyboard.type('N123');
    await page.keyboard.press('Enter');
    const summary = details.locator('.error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(['The first name field is required', 'Please enter a valid phone number', 'Please enter a valid NPN ID (digits only).']);
    await axeClean(page, 'the details with errors');
    // The summary's link takes the reader to the field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(details.getByLabel(/^First name/)).toBeFocused();
    await page.keyboard.type('Dana');
    await details.getByLabel(/^Last name/).fill('Park-Lee');
    await details.getByLabel(/^Primary phone/).fill('(813) 555.0199');
    await details.getByLabel(/^Primary phone/).blur();
    await expect(details.getByLabel(/^Primary phone/)).toHaveValue('813-555-0199');
    await details.getByLabel(/^NPN ID/).fill('1234567');
    await details.getByLabel(/^Title/).fill('Producer');
    await details.getByRole('button', { name: 'Save your details' }).click();
    await expect(page.getByText('Your details were saved.')).toBeVisible();
    await expect(summary).toHaveCount(0);
    // The header and the summary above follow at once; a reload reads the saved details.
    await expect(userMenuButton(page)).toContainText('Dana Park-Lee');
    await expect(page.getByTestId('profile')).toContainText('Dana Park-Lee');
    await page.reload();
    await expect(page.getByTestId('my-details').getByLabel(/^NPN ID/)).toHaveValue('1234567');
    await expect(userMenuButton(page)).toContainText('Dana Park-Lee');
  });

  test('changes the password: a wrong current one is refused; this browser stays signed in, another session ends, the new password signs in', async ({ page, request, baseURL, browser }) => {
    const user = await registerUser(request, baseURL!, 'password');
    // A second browser signed in as the same user: its session must end.
    const otherContext = await browser.newContext({ baseURL: baseURL! });
    const other = await otherContext.newPage();
    await openAccountAs(other, user);
    await openAccountAs(page, user);

    const section = page.getByTestId('change-password');
    await expect(section.getByRole('heading', { level: 2, name: 'Password' })).toBeVisible();
    await section.getByLabel('Current password').fill('Not-My-Password-1');
    await section.getByLabel('New password', { exact: true }).fill('short');
    // The policy shows live.
    await expect(section.getByTestId('change-password-rules').locator('[data-rule="minLength"]')).toHaveAttribute('data-met', 'false');
    await section.getByLabel('New password', { exact: true }).fill('Brand-New-Glass-77');
    await expect(section.getByTestId('change-password-rules').locator('[data-rule="minLength"]')).toHaveAttribute('data-met', 'true');
    await section.getByLabel('Confirm the new password').fill('Brand-New-Glass-78');
    await section.getByRole('button', { name: 'Change the password' }).click();
    await expect(section.getByText('The passwords do not match.')).toBeVisible();
    await expect(section.getByLabel('Confirm the new password')).toBeFocused();
    await section.getByLabel('Confirm the new password').fill('Brand-New-Glass-77');
    await section.getByRole('button', { name: 'Change the password' }).click();
    await expect(section.getByText('Your current password is not correct.')).toBeVisible();
    await expect(section.getByLabel('Current password')).toBeFocused();
    await axeClean(page, 'the password form refused');

    await section.getByLabel('Current password').fill(user.password);
    await section.getByRole('button', { name: 'Change the password' }).click();
    // Signed back in with the ticket, on the same page, told what happened.
    await expect(page.getByText('Your password was changed. Your other sessions were signed out.')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/dashboard\/manage-account$/);
    await expect(userMenuButton(page)).toContainText('Robin Quintero');

    // The other browser's session ended: its next call is refused and it lands on the sign-in page.
    await other.reload();
    await expect(other).toHaveURL(/\/dashboard\/login/, { timeout: 30_000 });
    await otherContext.close();

    // The old password no longer signs in; the new one does.
    const fresh = await browser.newContext({ baseURL: baseURL! });
    const check = await fresh.newPage();
    await signIn(check, user.email, { password: user.password });
    await expect(check.getByText('The email or password is incorrect.')).toBeVisible();
    await openAccountAs(check, { email: user.email, password: 'Brand-New-Glass-77' });
    await fresh.close();
  });

  test('changes the email: the link from the dev mailbox confirms it once; the new address signs in', async ({ page, request, baseURL, browser }) => {
    const user = await registerUser(request, baseURL!, 'email');
    const next = uniqueEmail('new');
    await openAccountAs(page, user);
    const section = page.getByTestId('change-email');
    await expect(section).toContainText(`Your email (you sign in with it): ${user.email}`);
    await section.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(section.getByText('Email address is required')).toBeVisible();
    await expect(section.getByLabel('New email address')).toBeFocused();
    await section.getByLabel('New email address').fill(next);
    await section.getByLabel('Current password').fill('Not-My-Password-1');
    await section.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(section.getByText('Your current password is not correct.')).toBeVisible();
    await section.getByLabel('Current password').fill(user.password);
    await section.getByRole('button', { name: 'Send the confirmation link' }).click();
    await expect(section.getByTestId('pending-email')).toContainText(`We sent a link to ${next}.`);
    // Nothing changed yet; after a reload the page says the change is waiting.
    await page.reload();
    await expect(page.getByTestId('change-email').getByTestId('pending-email')).toContainText(`Waiting for confirmation: ${next}.`);
    await expect(page.getByTestId('profile')).toContainText(user.email);

    // The old address got a notice; the new one the link.
    await mailedLink(user.email, /(A change of your Agent Portal email was requested)/);
    const link = await mailedLink(next, /(https?:\/\/[^\s"<>]+\/dashboard\/confirm-email#token=[A-Za-z0-9_-]{43})/);
    const ctx = await browser.newContext({ baseURL: baseURL! });
    const confirm = await ctx.newPage();
    await confirm.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(confirm.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeVisible();
    // The token left the address bar.
    await expect(confirm).toHaveURL(/\/dashboard\/confirm-email$/);
    await axeClean(confirm, 'confirm-email');
    await confirm.getByRole('button', { name: 'Confirm my new email' }).click();
    await expect(confirm.getByTestId('confirm-email-done')).toHaveText(`Your email is now ${next}. Sign in with it from now on.`);
    // The same link again (a new load, not a hash change): expired or used.
    await confirm.goto('about:blank');
    await confirm.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await confirm.getByRole('button', { name: 'Confirm my new email' }).click();
    await expect(confirm.getByTestId('confirm-email-expired')).toHaveText('This link has expired or was already used. Ask for a new one in Manage my account.');
    await axeClean(confirm, 'confirm-email expired');
    await ctx.close();

    // The new address signs in; the page shows it.
    const ctx2 = await browser.newContext({ baseURL: baseURL! });
    const again = await ctx2.newPage();
    await openAccountAs(again, { email: next, password: user.password });
    await expect(again.getByTestId('profile')).toContainText(next);
    await expect(again.getByTestId('change-email').getByTestId('pending-email')).toHaveCount(0);
    await ctx2.close();
  });

  test('contact preferences: a text alert without a phone and an email alert without an address get the spec’s contact-update messages', async ({ page, signInAs }) => {
    await signInAs('agent');
    await page.goto('/dashboard/manage-account');
    const text = page.getByRole('group', { name: 'Text me when' });
    const email = page.getByRole('group', { name: 'Email me when' });
    const phone = page.getByLabel('Your mobile number for text alerts');
    const address = page.getByLabel('Your email for email alerts');
    // The account's email is the alerts' address until another is entered.
    await expect(address).toHaveValue('agent@demo.test');
    if (!(await text.getByRole('checkbox', { name: 'Service is complete' }).isChecked())) await text.getByRole('checkbox', { name: 'Service is complete' }).check();
    if (!(await email.getByRole('checkbox', { name: 'The survey is complete' }).isChecked())) await email.getByRole('checkbox', { name: 'The survey is complete' }).check();
    await phone.fill('');
    await address.fill('');
    // Straight from the field to Save: the field does not check itself on its way to the button (its message
    // would move the button under the pointer); the submit checks everything and focuses the first field.
    await page.getByRole('button', { name: 'Save contact preferences' }).click();
    await expect(page.getByText('Please enter a phone number', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter an email address', { exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('agent-phone');
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await address.fill('alerts@');
    await address.blur();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
    // Nothing was saved: a reload shows the preferences as they were.
    await page.reload();
    await expect(page.getByLabel('Your email for email alerts')).toHaveValue('agent@demo.test');
  });

  test('in Spanish on a phone (390 px): the sections, their messages, no sideways scrolling, axe', async ({ page, signInAs, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('admin');
    await page.goto(`${spanishOrigin(baseURL!)}/dashboard/manage-account`);
    await expect(page.getByRole('heading', { level: 2, name: 'Sus datos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Correo electrónico' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Contraseña' })).toBeVisible();
    const details = page.getByTestId('my-details');
    await details.getByLabel(/^Nombre/).fill('');
    await details.getByRole('button', { name: 'Guardar sus datos' }).click();
    await expect(details.locator('.error-summary')).toContainText('El campo nombre es obligatorio');
    const password = page.getByTestId('change-password');
    await password.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(password.getByText('La contraseña es obligatoria').first()).toBeVisible();
    await expect(password.getByTestId('change-password-rules')).toContainText('tener al menos 12 caracteres');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axeClean(page, 'manage-account in Spanish at 390 px');
  });
});
