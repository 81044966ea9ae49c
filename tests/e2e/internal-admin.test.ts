// Internal administration (issue 15) in Chromium: an agent (a user made for this test) asks for admin access from
// the dashboard; the internal admin finds the request by agent name and approves it with the keyboard (the dialog's
// focus starts on the safe choice); the agent's next sign-in has 'Manage my users'; the internal admin's start page
// shows their tools; the audit log shows the decision, filters and exports CSV, and an agency admin sees their
// agencies' rows and is refused another's; Spanish and axe on each page.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import adminEs from '../../src/lib/i18n/es/admin.ts';
import { expect, menuItems, signIn, spanishOrigin, test, waitForDashboard, type PortalFixtures } from './fixtures.ts';

type ApiAs = PortalFixtures['apiAs'];
import { mailsMentioning, newestLink } from './mailbox.ts';
import { totpCode } from './totp.ts';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Harbor-Windshield-2931';
// Letters only: names take letters (spec section 5, 'Only letters allow').
const stamp = Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const asker = { first: 'Casey', last: `Asker${stamp}`, email: `asker-${stamp}@example.test` };
const askerName = `${asker.first} ${asker.last}`;
const AGENCY = 'Lakeshore Family Insurance';

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** A fresh context at a path (no session). */
async function fresh(browser: Browser, baseURL: string): Promise<Page> {
  const ctx = await browser.newContext({ baseURL });
  return ctx.newPage();
}

/** An agent the internal admin adds to Lakeshore Family Insurance, signed in from the emailed link with a password they choose. */
async function newAgent(apiAs: ApiAs, browser: Browser, baseURL: string, who: { first: string; last: string; email: string }): Promise<{ page: Page; userId: string }> {
  const made = await apiAs<{ UserId: string }>('internal', 'okta/CreateActiveUser', { FirstName: who.first, LastName: who.last, Email: who.email, AgencyNumber: '30012967' });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  let link: { link: string } | null = null;
  await expect.poll(async () => (link = await newestLink(who.email, 'Your Agent Portal account')) !== null, { timeout: 30_000 }).toBe(true);
  const page = await fresh(browser, baseURL);
  await page.goto(link!.link);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await waitForDashboard(page);
  return { page, userId: made.body!.result.UserId };
}

test('an agent asks for admin access; the internal admin approves it with the keyboard; the agent’s next sign-in has “Manage my users”', async ({ browser, baseURL, apiAs, pageAs }) => {
  // Two users, two sign-ins, an email and a password set: longer than one journey.
  test.setTimeout(150_000);
  // The agent: an account the internal admin makes in Lakeshore Family Insurance, its password set from the email.
  const { page: agent } = await newAgent(apiAs, browser, baseURL!, asker);
  expect(await menuItems(agent)).not.toContain('Manage my users');

  const ask = agent.getByRole('region', { name: 'Become your agency’s admin' });
  await expect(ask).toContainText(AGENCY);
  await expectAccessible(agent, 'the dashboard with the admin-access request');
  await ask.getByRole('button', { name: 'Request admin access' }).click();
  await expect(ask.getByRole('status')).toHaveText('Your request was sent. You will get an email when it is decided.');

  // The internal admin: the tools on the start page, then the request, found by agent name.
  const internal = await pageAs('internal');
  await internal.goto('/dashboard/');
  const tools = internal.getByRole('region', { name: 'Your tools' });
  await expect(tools.getByRole('link', { name: 'Admin access requests' })).toBeVisible();
  await expect(tools.getByRole('listitem').filter({ hasText: 'Admin access requests' })).toContainText(/\d+ waiting/);
  await expectAccessible(internal, 'the internal admin’s start page');
  await tools.getByRole('link', { name: 'Admin access requests' }).click();
  await expect(internal.getByRole('heading', { level: 1, name: 'Admin access requests' })).toBeVisible();
  await internal.getByLabel('Filter by').selectOption('agent_name');
  await internal.getByLabel('Search for').fill(asker.last.toUpperCase());
  await internal.getByLabel('Search for').press('Enter');
  const row = internal.getByRole('row', { name: new RegExp(askerName) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending');
  await expectAccessible(internal, 'admin-requests');

  // Keyboard only: to the Approve button, Enter; the dialog's focus is on the safe choice; Escape keeps the request.
  const approve = row.getByRole('button', { name: `Approve ${askerName} for ${AGENCY}` });
  await approve.focus();
  await internal.keyboard.press('Enter');
  const dialog = internal.getByRole('dialog', { name: `Make ${askerName} an admin of ${AGENCY}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(internal, 'the approve dialog');
  await internal.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Pending');
  await approve.focus();
  await internal.keyboard.press('Enter');
  await dialog.getByLabel('Reason (optional)').fill('Owner of the agency');
  await dialog.getByRole('button', { name: 'Approve' }).focus();
  await internal.keyboard.press('Enter');
  await expect(internal.getByText(`${askerName} is now an admin of ${AGENCY}.`)).toBeVisible();
  await internal.getByLabel('Status', { exact: true }).selectOption('Approved');
  await internal.getByRole('button', { name: 'Show requests' }).click();
  await expect(internal.getByRole('row', { name: new RegExp(askerName) })).toContainText('Approved');

  // The agent is emailed; their next sign-in has 'Manage my users'.
  await expect.poll(async () => (await mailsMentioning(`You are now an admin of ${AGENCY}`)).some((m) => m.content.includes(asker.email)), { timeout: 30_000 }).toBe(true);
  await agent.context().clearCookies();
  await agent.evaluate(() => sessionStorage.clear());
  await signIn(agent, asker.email, { password: PASSWORD });
  await waitForDashboard(agent);
  expect(await menuItems(agent)).toContain('Manage my users');
});

test('the audit log: the decision with who and before → after, filtered, exported as CSV; an agency admin sees their agencies only', async ({ pageAs }) => {
  const internal = await pageAs('internal');
  await internal.goto('/dashboard/audit-log');
  await expect(internal.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await internal.getByLabel('Action').fill('approveAdminRequest');
  await internal.getByRole('button', { name: 'Show changes' }).click();
  const decision = internal.getByRole('row').filter({ hasText: 'approveAdminRequest' }).first();
  await expect(decision).toContainText('internal@demo.test');
  await expect(decision).toContainText('status: Pending → Approved');
  await expectAccessible(internal, 'audit-log');

  const download = internal.waitForEvent('download');
  await internal.getByRole('button', { name: 'Export to CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.replace(/^\ufeff/, '').trim().split('\r\n');
  expect(lines[0]).toBe('When,Who,Action,Record type,Record,Agency number,before,after');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes('approveAdminRequest'))).toBe(true);

  // The agency admin (Summit Ridge and Lakeshore): rows of their agencies only.
  const admin = await pageAs('admin');
  await admin.goto('/dashboard/audit-log');
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await admin.getByLabel('Agency number').fill('10045821');
  await admin.getByRole('button', { name: 'Show changes' }).click();
  await expect(admin.getByRole('alert')).toContainText('You can only see the changes of your agencies.');
  await admin.getByLabel('Agency number').fill('30012967');
  await admin.getByRole('button', { name: 'Show changes' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'approveAdminRequest' }).first()).toBeVisible();
});

test('Spanish: the requests and the audit log speak Spanish; agents get not-found', async ({ pageAs, baseURL }) => {
  const internal = await pageAs('internal');
  const es = spanishOrigin(baseURL!);
  await internal.goto(`${es}/dashboard/admin-requests`);
  await expect(internal.getByRole('heading', { level: 1, name: adminEs.requests.title })).toBeVisible();
  await expect(internal.getByLabel(adminEs.requests.filterBy)).toBeVisible();
  await expectAccessible(internal, 'admin-requests in Spanish');
  await internal.goto(`${es}/dashboard/audit-log`);
  await expect(internal.getByRole('heading', { level: 1, name: adminEs.audit.title })).toBeVisible();

  const agent = await pageAs('agent');
  await agent.goto('/dashboard/admin-requests');
  await expect(agent).toHaveURL(/\/not-found/);
});

test('MFA reset: a user asked for a code at sign-in; the internal admin resets it on user-details; the user signs in without one', async ({ browser, baseURL, apiAs, pageAs }) => {
  test.setTimeout(150_000);
  const lost = { first: 'Robin', last: `Lostphone${stamp}`, email: `lostphone-${stamp}@example.test` };
  const { page, userId } = await newAgent(apiAs, browser, baseURL!, lost);
  // Two-step sign-in turned on in Manage my account, as an authenticator app would.
  await page.goto('/dashboard/manage-account');
  const section = page.getByTestId('mfa');
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const secret = ((await section.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  await section.getByLabel('Code from your authenticator app').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await page.getByTestId('recovery-codes').getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByTestId('mfa-state')).toContainText('On since');
  // The password alone no longer signs in: the code is asked for.
  const asked = await fresh(browser, baseURL!);
  await signIn(asked, lost.email, { password: PASSWORD });
  await expect(asked.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();

  // The internal admin resets it from the user's details.
  const internal = await pageAs('internal');
  await internal.goto(`/dashboard/user-details?userId=${userId}&agency=30012967`);
  const actions = internal.getByRole('region', { name: 'Internal admin actions' });
  await actions.getByRole('button', { name: 'Reset two-step sign-in' }).click();
  const dialog = internal.getByRole('dialog', { name: `Reset the two-step sign-in of ${lost.first} ${lost.last}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(internal, 'user-details: the reset dialog');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(internal.getByText(`The two-step sign-in of ${lost.first} ${lost.last} was reset. They were emailed.`)).toBeVisible();
  await expect.poll(async () => (await mailsMentioning('Your Agent Portal two-step sign-in was reset')).some((m) => m.content.includes(lost.email)), { timeout: 30_000 }).toBe(true);

  // The password alone signs in again.
  const after = await fresh(browser, baseURL!);
  await signIn(after, lost.email, { password: PASSWORD });
  await waitForDashboard(after);
});
