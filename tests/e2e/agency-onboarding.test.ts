// Agency onboarding (issue 14) in Chromium: the zero-accounts dashboard's search → find-my-agency → select-agency →
// the request under review → approved through the call by the agency's admin → the agency in the dashboard and the
// header, 'File a claim now' enabled, without a new sign-in; the spec's messages of find-my-agency and
// agency-not-found; Spanish; axe on each page and state; keyboard only; 390 px.
// The journeys that file requests use the onboarding demo user (onboarding@demo.test), whom no other test uses:
// noaccount@demo.test must keep zero agencies and no request (zero-accounts.test.ts). The e2e server starts on a
// fresh data directory every run.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { OnboardingRequest } from '../../src/lib/api/agency-search.ts';
import agencyEs from '../../src/lib/i18n/es/agency.ts';
import messagesEs from '../../src/lib/i18n/es/messages.ts';
import { agencyButton, expect, openDashboard, spanishOrigin, test, waitForDashboard, type ApiReply } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const UNDER_REVIEW = 'Your agency account is under review. Your account will be updated once approved.';
const NOT_CONNECTED =
  'It looks like your account isn’t currently connected to an active agency. To proceed, please search for your agency below or submit more information to ensure full access to your account.';
const MAILBOX = join(process.env.E2E_DATA_DIR ?? '.data-e2e', 'mailbox');

/** axe (WCAG 2.2 AA and best practice): no serious or critical violation on the page as it is. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** Nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const fieldError = (page: Page, id: string) => page.locator(`#${id}-error`);

test.describe('as the onboarding agent (files requests)', () => {
  test.use({ signedInAs: 'onboarding' });

  test('zero accounts → search below the message → select → under review → approved by the agency admin → the agency and "File a claim now" without signing in again', async ({ page, apiAs }) => {
    await openDashboard(page);
    const empty = page.getByTestId('no-agencies');
    await expect(empty).toContainText(NOT_CONNECTED);
    const fileClaim = page.getByRole('banner').getByRole('button', { name: 'File a claim now' });
    await expect(fileClaim).toBeDisabled();
    await expectAccessible(page, 'the zero-accounts dashboard with its search');

    // The search is below the message: by agency name, part of it.
    const box = empty.getByRole('search', { name: 'Search for your agency' });
    await expect(box.getByLabel('Search by')).toHaveValue('AgencyName');
    await box.getByLabel('Search for').fill('summit');
    await box.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/dashboard\/find-my-agency\?by=AgencyName&q=summit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find my agency' })).toBeVisible();
    // Spec section 2: no primary nav on agency-search pages.
    await expect(page.getByRole('heading', { level: 2, name: '1 agency found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Primary' })).toHaveCount(0);
    await expect(page.getByLabel('Agency name')).toHaveValue('summit');
    await expectAccessible(page, 'find-my-agency with results');

    await page.getByRole('link', { name: 'Select Summit Ridge Agency' }).click();
    await expect(page).toHaveURL(/\/dashboard\/select-agency\?agencyNumber=20077314$/);
    const details = page.locator('.agency-details');
    await expect(details.getByRole('heading', { level: 2, name: 'Summit Ridge Agency' })).toBeVisible();
    await expect(details).toContainText('455 Canyon Rd, Denver, CO 80202');
    await expect(details).toContainText('303-555-0199');
    await expect(page.getByRole('navigation', { name: 'Primary' })).toHaveCount(0);
    await expectAccessible(page, 'select-agency');

    await page.getByRole('button', { name: 'Yes, this is my agency' }).click();
    const sent = page.getByTestId('agency-request-sent');
    await expect(sent.getByRole('heading', { name: 'Request sent' })).toBeFocused();
    await expect(sent).toContainText('We sent your request to join Summit Ridge Agency.');
    await expect(sent.getByRole('status')).toHaveText(UNDER_REVIEW);
    await expectAccessible(page, 'select-agency: request sent');

    await sent.getByRole('link', { name: 'Go to my dashboard' }).click();
    await waitForDashboard(page);
    await expect(page.getByTestId('agency-under-review')).toContainText(UNDER_REVIEW);
    await expect(page.getByTestId('agency-under-review')).toContainText('Requested: Summit Ridge Agency');
    await expect(fileClaim).toBeDisabled();
    await expectAccessible(page, 'the dashboard with a request under review');

    // The agency's admin approves it through the call (issue 15 builds the screen).
    const review = await apiAs<OnboardingRequest[]>('admin', 'User/GetOnboardingRequests', { Scope: 'review' }, 'GET');
    const mine = review.body!.result.find((r) => r.userEmail === 'onboarding@demo.test' && r.agencyNumber === '20077314');
    expect(mine, JSON.stringify(review.body)).toBeTruthy();
    const approved = await apiAs<OnboardingRequest>('admin', 'User/ApproveOnboardingRequest', { RequestId: mine!.requestId });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    // The open dashboard looks again when the tab gets focus: the agency shows, the header enables the claim button.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.locator('.agency-card[data-agency-number="20077314"]')).toContainText('Summit Ridge Agency');
    await expect(page.getByTestId('agency-under-review')).toHaveCount(0);
    await expect(page.getByTestId('no-agencies')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'File a claim now' })).toBeVisible();
    await expect(agencyButton(page)).toContainText('Summit Ridge Agency');

    // The approval email reached the dev mailbox (the outbox worker polls every few seconds).
    await expect
      .poll(async () => {
        const names = await readdir(MAILBOX).catch(() => [] as string[]);
        for (const n of names.filter((f) => f.endsWith('.eml'))) {
          const text = (await readFile(join(MAILBOX, n), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
          if (text.includes('onboarding@demo.test') && text.includes('Your agency account is approved: Summit Ridge Agency')) return true;
        }
        return false;
      }, { timeout: 20_000 })
      .toBe(true);
  });

  test('agency-not-found: the spec’s messages for phone, email, ZIP and state; then the request is filed', async ({ page, apiAs, cleanup }) => {
    await page.goto('/dashboard/agency-not-found');
    await expect(page.getByRole('heading', { level: 1, name: 'Agency not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Primary' })).toHaveCount(0);
    await expect(page.getByLabel('State')).toBeEnabled();
    await page.getByRole('button', { name: 'Send request' }).click();
    const summary = page.locator('.error-summary');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    await expect(summary.getByRole('link')).toHaveText([
      'The agency name field is required',
      'The address field is required',
      'The city field is required',
      'Please choose a State.',
      'Please enter a valid ZIP code.',
      'The phone number field is required',
      'Email address is required',
    ]);
    await expectAccessible(page, 'agency-not-found with every message');

    await page.getByLabel('Agency name').fill('Prairie Wind Insurance');
    await page.getByLabel('Street address').fill('9 Elm St');
    await page.getByLabel('City').fill('Omaha');
    await page.getByLabel('State').selectOption('NE');
    await expect(fieldError(page, 'anf-State')).toHaveCount(0);
    await page.getByLabel('ZIP code').fill('681');
    await page.getByLabel('ZIP code').blur();
    await expect(fieldError(page, 'anf-ZipCode')).toHaveText('Please enter a valid ZIP code.');
    await page.getByLabel('Agency phone').fill('555-0111');
    await page.getByLabel('Agency phone').blur();
    await expect(fieldError(page, 'anf-PhoneNumber')).toHaveText('Please enter a valid phone number');
    await page.getByLabel('Agency email').fill('desk@');
    await page.getByLabel('Agency email').blur();
    await expect(fieldError(page, 'anf-Email')).toHaveText('Please enter a valid email address');

    await page.getByLabel('ZIP code').fill('68102');
    await page.getByLabel('Agency phone').fill('4025550111');
    await page.getByLabel('Agency phone').blur();
    await expect(page.getByLabel('Agency phone')).toHaveValue('402-555-0111');
    await page.getByLabel('Agency email').fill('desk@prairiewind.example');
    await page.getByRole('button', { name: 'Send request' }).click();
    const sent = page.getByTestId('agency-request-sent');
    await expect(sent).toContainText('We sent your request for Prairie Wind Insurance.');
    await expect(sent.getByRole('status')).toHaveText(UNDER_REVIEW);
    await expectAccessible(page, 'agency-not-found: request sent');

    const review = await apiAs<OnboardingRequest[]>('internal', 'User/GetOnboardingRequests', { Scope: 'review' }, 'GET');
    const typed = review.body!.result.find((r) => r.userEmail === 'onboarding@demo.test' && r.agencyNumber === null);
    expect(typed).toMatchObject({ agencyName: 'Prairie Wind Insurance', details: { city: 'Omaha', stateCode: 'NE', zipCode: '68102', phoneNumber: '4025550111', email: 'desk@prairiewind.example' } });
    cleanup(() => apiAs('internal', 'User/DenyOnboardingRequest', { RequestId: typed!.requestId, Reason: 'e2e cleanup' }));
  });

  test('keyboard only: search from the dashboard, choose a result, confirm', async ({ page, apiAs, cleanup }) => {
    await openDashboard(page);
    // The onboarding agent has an agency now: the search is on find-my-agency.
    await page.goto('/dashboard/find-my-agency');
    await page.getByLabel('Search by').focus();
    await page.keyboard.press('ArrowDown'); // Agency name → Phone
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Agency name')).toBeFocused();
    await page.keyboard.type('lakeshore');
    await page.keyboard.press('Enter');
    const results = page.getByRole('heading', { level: 2, name: '1 agency found' });
    await expect(results).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Select Lakeshore Family Insurance' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/select-agency\?agencyNumber=30012967$/);
    const confirm = page.getByRole('button', { name: 'Yes, this is my agency' });
    await expect(confirm).toBeVisible();
    for (let i = 0; i < 40 && !(await confirm.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('agency-request-sent').getByRole('heading', { name: 'Request sent' })).toBeFocused();
    const mine = await apiAs<OnboardingRequest[]>('onboarding', 'User/GetOnboardingRequests', { Scope: 'mine' }, 'GET');
    const pending = mine.body!.result.find((r) => r.agencyNumber === '30012967' && r.status === 'Pending');
    expect(pending).toBeTruthy();
    cleanup(() => apiAs('admin', 'User/DenyOnboardingRequest', { RequestId: pending!.requestId, Reason: 'e2e cleanup' }));
  });
});

test.describe('as an agent with no agency (nothing filed)', () => {
  test.use({ signedInAs: 'noaccount' });

  test('find-my-agency: an unknown account number reads the spec’s words; the search messages; the empty state; the way to agency-not-found', async ({ page }) => {
    await page.goto('/dashboard/find-my-agency');
    await expect(page.getByRole('heading', { level: 1, name: 'Find my agency' })).toBeVisible();
    const form = page.getByRole('search', { name: 'Find my agency' });
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(fieldError(page, 'agency-q')).toHaveText('Please enter a valid search term');
    await expect(form.getByLabel('Agency name')).toBeFocused();

    await form.getByLabel('Search by').selectOption('AccountNumber');
    await form.getByLabel('Account number').fill('99999999');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(fieldError(page, 'agency-q')).toHaveText('Account number not found. Try another search');
    await expect(form.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'find-my-agency: account number not found');

    await form.getByLabel('Search by').selectOption('PrimaryPhone');
    await form.getByLabel('Phone').fill('555-01');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(fieldError(page, 'agency-q')).toHaveText('Please enter a valid phone number');
    await form.getByLabel('Phone').fill('(813) 555-0142');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.agency-result')).toHaveCount(1);
    await expect(page.locator('.agency-result')).toContainText('Harbor Point Insurance Group');

    await form.getByLabel('Search by').selectOption('Email');
    await form.getByLabel('Email').fill('nobody@nowhere.example');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '0 agencies found' })).toBeVisible();
    await expect(page.getByTestId('agency-none')).toHaveText(
      'No agency matches this search. Check what you typed, try another field, or tell us about your agency.',
    );
    await expectAccessible(page, 'find-my-agency: no result');
    // Back returns to the previous search's results.
    await page.goBack();
    await expect(page.locator('.agency-result')).toContainText('Harbor Point Insurance Group');

    await page.getByRole('link', { name: 'Tell us about your agency' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agency not found' })).toBeVisible();
  });

  test('select-agency with an unknown number says so, with the spec’s words', async ({ page }) => {
    await page.goto('/dashboard/select-agency?agencyNumber=12345678');
    await expect(page.locator('.error-panel')).toContainText('Account number not found. Try another search');
    await expectAccessible(page, 'select-agency: unknown agency');
  });

  test('at 390 px the agency pages do not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // (At 390 px the user menu folds into the header's menu: the dashboard is ready when its search shows.)
    await page.goto('/dashboard/');
    await expect(page.getByTestId('no-agencies').getByRole('search')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/dashboard/find-my-agency?by=AgencyName&q=insurance');
    await expect(page.locator('.agency-result')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'find-my-agency at 390 px');
    await page.goto('/dashboard/select-agency?agencyNumber=10045821');
    await expect(page.getByRole('button', { name: 'Yes, this is my agency' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/dashboard/agency-not-found');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.locator('.error-summary')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'agency-not-found with messages at 390 px');
  });

  test('in Spanish: the search and agency-not-found read Spanish, the server’s refusal included', async ({ page, baseURL }) => {
    const es = spanishOrigin(baseURL!);
    await page.goto(`${es}/dashboard/find-my-agency?by=AccountNumber&q=99999999`);
    await expect(page.getByRole('heading', { level: 1, name: agencyEs.find.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(fieldError(page, 'agency-q')).toHaveText(messagesEs.accountNotFound);
    await expectAccessible(page, 'find-my-agency in Spanish');

    await page.goto(`${es}/dashboard/agency-not-found`);
    await expect(page.getByRole('heading', { level: 1, name: agencyEs.notFound.title })).toBeVisible();
    await expect(page.getByLabel(agencyEs.notFound.state)).toBeEnabled();
    await page.getByLabel(agencyEs.notFound.phone).fill('555');
    await page.getByLabel(agencyEs.notFound.email).fill('x@');
    await page.getByRole('button', { name: agencyEs.notFound.submit }).click();
    await expect(page.locator('.error-summary').getByRole('heading', { name: agencyEs.errorsTitle })).toBeVisible();
    await expect(fieldError(page, 'anf-State')).toHaveText(messagesEs.state);
    await expect(fieldError(page, 'anf-ZipCode')).toHaveText(messagesEs.zipInvalid);
    await expect(fieldError(page, 'anf-PhoneNumber')).toHaveText(messagesEs.phoneInvalid);
    await expect(fieldError(page, 'anf-Email')).toHaveText(messagesEs.emailInvalid);
    await expectAccessible(page, 'agency-not-found in Spanish with messages');
  });
});

export type { ApiReply };
