// Agency user administration (issue 15) in Chromium: Summit Ridge's admin (admin@demo.test) finds a user of the
// agency, edits them, deactivates them (their open session, a second browser signed in as them, is refused at its
// next call), reactivates them and sends a new link; approves and denies onboarding requests; Spanish and axe on
// the three pages; keyboard only through the table and a dialog. Every user here is made by this file.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import usersEs from '../../src/lib/i18n/es/users.ts';
import { expect, signIn, spanishOrigin, test, waitForDashboard } from './fixtures.ts';
import { newestLink } from './mailbox.ts';

test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Glass-Harbor-2931';
const SUMMIT = '20077314';
/** Letters only: it goes into names, which take letters only. */
const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** A registered user with a password and no agency (CreateInactiveUser, the verification link, CreateUserPassword). */
async function registerUser(request: APIRequestContext, baseURL: string, first: string, last: string): Promise<string> {
  const email = `ua-${tag}-${first.toLowerCase()}@example.test`;
  const api = (path: string, data: Record<string, unknown>) => request.post(`${baseURL}/agentdashboard/api/v1/${path}`, { headers: { Origin: baseURL }, data: { AppName: 'AgentPortal', ...data } });
  expect((await api('okta/CreateInactiveUser', { FirstName: first, LastName: last, Email: email, PrimaryPhone: '813-555-0142', AgentNumber: 'U12345' })).status()).toBe(200);
  let link: { link: string } | null = null;
  await expect.poll(async () => (link = await newestLink(email, 'Verify your email for the Agent Portal')) !== null, { timeout: 30_000 }).toBe(true);
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(link!.link)![1]!;
  expect((await api('okta/User/CreateUserPassword', { Token: token, Password: PASSWORD })).status()).toBe(200);
  return email;
}

/** A browser of its own, signed in as `email`, on the dashboard. */
async function signedInBrowser(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, email, { password: PASSWORD });
  await waitForDashboard(page);
  return page;
}

/** Files a request to join Summit Ridge through the page, as the signed-in user of `page`. */
async function askToJoinSummit(page: Page): Promise<void> {
  await page.goto(`/dashboard/select-agency?agencyNumber=${SUMMIT}`);
  await page.getByRole('button', { name: 'Yes, this is my agency' }).click();
  await expect(page.getByTestId('agency-request-sent')).toBeVisible();
}

test.describe('as Summit Ridge’s agency admin', () => {
  test.use({ signedInAs: 'admin' });

  test('finds, edits, deactivates (the user’s open session is refused), reactivates and sends a new link', async ({ page, browser, baseURL, request, apiAs }) => {
    // A user of Summit Ridge, signed in in a second browser.
    const email = await registerUser(request, baseURL!, 'Devon', `Glass${tag}`);
    const member = await signedInBrowser(browser, baseURL!, email);
    const found = await apiAs<{ UserId: string }>('internal', 'User/GetUserDetailsByEmail', { Email: email }, 'GET');
    expect((await apiAs('internal', 'okta/UpdateOktaAgency', { UserId: found.body!.result.UserId, AgencyNumber: SUMMIT })).status).toBe(200);

    await page.goto('/dashboard/manage-users');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage my users' })).toBeVisible();
    // The agency the list is of, under the introduction (the introduction itself is the page's static text).
    await expect(page.locator('.users-agency')).toHaveText(new RegExp(`^Agency: .+ \\(${SUMMIT}\\)$`));
    await page.getByRole('search', { name: 'Search users' }).getByLabel('Search', { exact: true }).fill(`glass${tag}`);
    await page.getByRole('search', { name: 'Search users' }).getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(email);
    await expect(table).toContainText('Active');
    await expectAccessible(page, 'manage-users with a result');

    await table.getByRole('link', { name: `Glass${tag}, Devon` }).click();
    await expect(page).toHaveURL(/\/dashboard\/user-details\?userId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'User details' })).toBeVisible();
    await expect(page.getByTestId('user-status')).toHaveText('Active');
    await expectAccessible(page, 'user-details');

    // Edit: the title and a carrier.
    await page.getByLabel('Title').fill('Senior producer');
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changes saved.')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Senior producer');

    // Deactivate, through the confirmation.
    await page.getByRole('button', { name: 'Deactivate the user' }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate Devon Glass${tag}?` });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Deactivate the user' }).click();
    await expect(page.getByTestId('user-status')).toHaveText('Deactivated');

    // The user's open session is refused at its next call: back to sign-in.
    await member.reload();
    await expect(member).toHaveURL(/\/dashboard\/login/, { timeout: 30_000 });

    // Reactivate; a new password-reset link goes out; the user signs in again.
    await page.getByRole('button', { name: 'Reactivate the user' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate the user' }).click();
    await expect(page.getByTestId('user-status')).toHaveText('Active');
    await page.getByRole('button', { name: 'Send a password-reset link' }).click();
    await expect(page.getByText(`A password-reset link was emailed to ${email}.`)).toBeVisible();
    await expect.poll(async () => (await newestLink(email, 'Reset your Agent Portal password')) !== null, { timeout: 30_000 }).toBe(true);
    await signIn(member, email, { password: PASSWORD });
    await waitForDashboard(member);
    await member.context().close();
  });

  test('approves one onboarding request and denies another with a reason', async ({ page, browser, baseURL, request }) => {
    const first = await registerUser(request, baseURL!, 'Avery', `Join${tag}`);
    const second = await registerUser(request, baseURL!, 'Blair', `Join${tag}`);
    for (const email of [first, second]) {
      const p = await signedInBrowser(browser, baseURL!, email);
      await askToJoinSummit(p);
      await p.context().close();
    }
    await page.goto('/dashboard/manage-users');
    const panel = page.getByRole('region', { name: 'Requests to join the agency' });
    const avery = panel.getByRole('listitem').filter({ hasText: first });
    await avery.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`Request approved. Avery Join${tag} was emailed.`)).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: first })).toHaveCount(0);

    const blair = panel.getByRole('listitem').filter({ hasText: second });
    await blair.getByRole('button', { name: 'Deny' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter a reason.');
    await dialog.getByLabel('Reason').fill('We do not know this agent.');
    await dialog.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByText(`Request denied. Blair Join${tag} was emailed.`)).toBeVisible();
    await expect(panel.getByRole('listitem').filter({ hasText: second })).toHaveCount(0);
    // The approved user is now in the list.
    await page.getByRole('search', { name: 'Search users' }).getByLabel('Search', { exact: true }).fill(first);
    await page.getByRole('search', { name: 'Search users' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('table')).toContainText(first);
  });

  test('keyboard only: sort the table, open a user, open and cancel a dialog', async ({ page }) => {
    await page.goto('/dashboard/manage-users');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const sortEmail = table.getByRole('button', { name: 'Sort by Email' });
    await sortEmail.focus();
    await page.keyboard.press('Enter');
    await expect(table.getByRole('columnheader', { name: 'Sort by Email' })).toHaveAttribute('aria-sort', 'ascending');
    await page.keyboard.press('Enter');
    await expect(table.getByRole('columnheader', { name: 'Sort by Email' })).toHaveAttribute('aria-sort', 'descending');
    // Tab to the first user's link and open it.
    const link = table.getByRole('link').first();
    for (let i = 0; i < 40 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'User details' })).toBeVisible();
    const reset = page.getByRole('button', { name: 'Remove from the agency' });
    await expect(reset).toBeVisible();
    await reset.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('add a user: invite a new one by email, who gets a set-password link; axe on the page', async ({ page }) => {
    await page.goto('/dashboard/agency-admin-add');
    await expect(page.getByRole('heading', { level: 1, name: 'Add a user' })).toBeVisible();
    await expect(page.locator('.users-agency')).toHaveText(new RegExp(`^Agency: .+ \\(${SUMMIT}\\)$`));
    await expectAccessible(page, 'agency-admin-add');
    const email = `ua-${tag}-invited@example.test`;
    await page.getByText('Invite a new user').click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill(`Invite${tag}`);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page).toHaveURL(/\/dashboard\/user-details\?userId=/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: `Casey Invite${tag}` })).toBeVisible();
    await expect.poll(async () => (await newestLink(email, 'Your Agent Portal account')) !== null, { timeout: 30_000 }).toBe(true);
  });

  test('Spanish: the three pages in Spanish, axe clean', async ({ page, baseURL }) => {
    const es = spanishOrigin(baseURL!);
    await page.goto(`${es}/dashboard/manage-users`);
    await expect(page.getByRole('heading', { level: 1, name: usersEs.manage.title })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 2, name: usersEs.onboarding.title })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, 'manage-users in Spanish');
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: usersEs.details.title })).toBeVisible();
    await expect(page.getByRole('button', { name: usersEs.details.save })).toBeVisible();
    await expectAccessible(page, 'user-details in Spanish');
    await page.goto(`${es}/dashboard/agency-admin-add`);
    await expect(page.getByRole('heading', { level: 1, name: usersEs.add.title })).toBeVisible();
    await expectAccessible(page, 'agency-admin-add in Spanish');
  });
});

test.describe('as an agent', () => {
  test.use({ signedInAs: 'agent' });
  test('manage-users is not found for an agent', async ({ page }) => {
    await page.goto('/dashboard/manage-users');
    await expect(page).toHaveURL(/not-found/, { timeout: 30_000 });
  });
});
