import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { agencyButton, DEMO_PASSWORD, expect, openUserMenu, test, USERS, userMenuButton, waitForDashboard, type SignInAs } from './fixtures.ts';
import { camryToQuote, CLAIM_DETAILS, detailsToReview, fieldError, nextButton, quoteToDetails, stepHeading, submitButton, successReferral } from './claim-steps.ts';
import { findOrder, openDetails } from './work-order-steps.ts';

type Role = keyof typeof USERS;
const ALL_ROLES: readonly Role[] = ['agent', 'admin', 'internal', 'ce', 'noaccount'];

/**
 * Every route of the site, scanned once per role that may open it ('public' = signed out).
 * Add a row when a page is added; `ready` waits for the page's loaded state (defaults below).
 */
/** A content page is ready when its one h1 shows. */
const h1 = (page: Page) => expect(page.locator('h1')).toHaveCount(1);

const ROUTES: readonly { route: string; roles: readonly Role[] | 'public'; ready?: (page: Page) => Promise<void> }[] = [
  // The sign-in page comes back from the OpenID provider as /dashboard/login?uid=… and shows the form.
  { route: '/dashboard/login', roles: 'public', ready: signInForm },
  // Any unknown path renders the not-found page.
  { route: '/no-such-page', roles: 'public', ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible() },
  { route: '/dashboard/', roles: ALL_ROLES, ready: waitForDashboard },
  // Content editor (issue 4): internal admins only; ready once the list (and its publishing status) or the form has loaded.
  { route: '/dashboard/article', roles: ['internal'], ready: editorListReady },
  { route: '/dashboard/article-details', roles: ['internal'], ready: editorFormReady },
  // Claim flow (issue 5): agents and agency admins. Opened without a flow, the later pages show their
  // 'finish the quote first' notice or the review's list of what is missing; STATES walks to their filled-in states.
  // (/dashboard/file-claim only starts a flow and replaces itself with start-claim.)
  { route: '/dashboard/start-claim', roles: ['agent', 'admin'], ready: (page) => expect(stepHeading(page, 1)).toBeVisible() },
  { route: '/dashboard/manage-claim', roles: ['agent'], ready: (page) => expect(stepHeading(page, 1)).toBeVisible() },
  { route: '/dashboard/policy-holder-quote', roles: ['agent'], ready: finishQuoteNotice },
  { route: '/dashboard/appointment-option-details', roles: ['agent'], ready: finishQuoteNotice },
  { route: '/dashboard/submit_claimdetails', roles: ['agent'], ready: finishQuoteNotice },
  { route: '/dashboard/submit-claim-review-details', roles: ['agent'], ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Review the claim' })).toBeVisible() },
  // Opened without a filed claim it says so (the filed state is scanned in STATES).
  { route: '/dashboard/success_submit-claim', roles: ['agent'], ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'No claim was submitted here' })).toBeVisible() },
  // Work orders and the account page (issue 6). Opened without a work order id, the details and survey pages say
  // so; STATES opens real demo orders.
  { route: '/dashboard/work-order-details', roles: ['agent', 'admin'], ready: noOrderChosen },
  { route: '/dashboard/order-survey-details', roles: ['agent'], ready: noOrderChosen },
  { route: '/dashboard/work-order-console', roles: ['internal'], ready: (page) => expect(page.getByRole('table')).toBeVisible() },
  { route: '/dashboard/manage-account', roles: ['agent', 'admin'], ready: (page) => expect(page.getByRole('button', { name: 'Save contact preferences' })).toBeVisible() },
  // Content hub (static pages), both languages.
  ...['', '/es'].flatMap((p) => [
    { route: `${p}/`, roles: 'public' as const, ready: h1 },
    { route: `${p}/articles/what-is-adas-recalibration`, roles: 'public' as const, ready: h1 },
    { route: `${p}/tagged-articles?tag=coverage`, roles: 'public' as const, ready: h1 },
    { route: `${p}/tagged-articles`, roles: 'public' as const, ready: h1 },
    { route: `${p}/search?searchTerm=windshield`, roles: 'public' as const, ready: (page: Page) => expect(page.locator('#search-results h2')).toBeVisible() },
    { route: `${p}/agency-care-desk`, roles: 'public' as const, ready: h1 },
    { route: `${p}/course-registration`, roles: 'public' as const, ready: h1 },
    { route: `${p}/dashboard/help`, roles: 'public' as const, ready: h1 },
  ]),
  // Agency onboarding (issue 14): the agency-search pages, as the agent with no agency (nothing is filed here;
  // tests/e2e/agency-onboarding.test.ts scans the request-sent and under-review states).
  { route: '/dashboard/find-my-agency', roles: ['noaccount', 'agent'], ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Find my agency' })).toBeVisible() },
  { route: '/dashboard/find-my-agency?by=AgencyName&q=insurance', roles: ['noaccount'], ready: (page) => expect(page.locator('.agency-result')).toHaveCount(2) },
  { route: '/dashboard/select-agency?agencyNumber=20077314', roles: ['noaccount'], ready: (page) => expect(page.getByRole('button', { name: 'Yes, this is my agency' })).toBeVisible() },
  { route: '/dashboard/agency-not-found', roles: ['noaccount'], ready: (page) => expect(page.getByLabel('State')).toBeEnabled() },
  // Global banners and /Healthcheck (issue 15): the screens of internal admins, the public monitoring page.
  { route: '/dashboard/global-banner', roles: ['internal'], ready: (page) => expect(page.getByRole('button', { name: 'New banner' })).toBeVisible() },
  { route: '/dashboard/health-configuration', roles: ['internal'], ready: (page) => expect(page.getByTestId('health-config-outbox')).toBeVisible() },
  // issue 18: the care-desk console (staff), and the page refusing an agent (its chat panel and form: tests/e2e/chat.test.ts).
  { route: '/dashboard/care-desk', roles: ['internal', 'agent'], ready: (page) => expect(page.getByTestId('care-desk-availability').or(page.getByText('Only Agency Care Desk staff can use the chat console.'))).toBeVisible() },
  // issue 17: sso-agency-flow opened by a user who signed in with a password (it says the page is for agency sign-ins;
  // its SSO states, search, results and under review, are scanned in tests/e2e/sso.test.ts, English and Spanish).
  { route: '/dashboard/sso-agency-flow', roles: ['agent'], ready: (page) => expect(page.getByText('This page is for users who sign in with their agency.')).toBeVisible() },
  // issue 17: the internal admins' co-branding screen.
  { route: '/dashboard/cobranded-agencies', roles: ['internal'], ready: (page) => expect(page.getByTestId('cobrand-table')).toBeVisible() },
  // issue 18: the internal admins' analytics page (its charts, and the experiments once loaded).
  { route: '/dashboard/analytics', roles: ['internal'], ready: (page) => expect(page.getByTestId('analytics-funnel')).toBeVisible() },
  ...['', '/es'].map((p) => ({ route: `${p}/Healthcheck`, roles: 'public' as const, ready: (page: Page) => expect(page.locator('#health-summary[data-status]')).toBeVisible() })),
  // CE courses, the registrants' side (issue 16): the static catalog and a course page (with their live seats), the
  // registrations, the emailed links' page (no token: its 'not valid' state) and the agent's courses.
  ...['', '/es'].map((p) => ({ route: `${p}/dashboard/CECourseHome`, roles: 'public' as const, ready: (page: Page) => expect(page.locator('[data-course-seats="1"][data-state]')).toBeVisible() })),
  { route: '/course-registration/2', roles: 'public', ready: (page) => expect(page.locator('[data-course-seats="2"][data-state]')).toBeVisible() },
  { route: '/dashboard/course-registration-unauth?courseId=2', roles: 'public', ready: (page) => expect(page.getByLabel(/^State/)).toBeVisible() },
  { route: '/dashboard/registration-successful', roles: 'public', ready: h1 },
  { route: '/dashboard/course-registration?courseId=2', roles: ['agent'], ready: (page) => expect(page.getByTestId('participant').or(page.getByTestId('already-registered'))).toBeVisible() },
  { route: '/dashboard/CE-Course-Upcoming', roles: ['agent'], ready: (page) => expect(page.getByTestId('my-course-list').or(page.locator('.empty-state'))).toBeVisible() },
  { route: '/dashboard/CE-MyCourses', roles: ['agent'], ready: (page) => expect(page.getByTestId('my-course-list').or(page.locator('.empty-state'))).toBeVisible() },
  { route: '/dashboard/CE-Completed-MyCourses', roles: ['agent'], ready: (page) => expect(page.getByTestId('my-course-list').or(page.locator('.empty-state'))).toBeVisible() },
  // issue 17: shop search: the store locator with results (list, map, table) in both languages, the form, the paged results.
  ...['', '/es'].map((p) => ({ route: `${p}/dashboard/shop-search?zip=33602`, roles: 'public' as const, ready: (page: Page) => expect(page.locator('[data-shop-list] > li')).toHaveCount(10) })),
  { route: '/dashboard/specific-shop-search', roles: 'public', ready: h1 },
  { route: '/dashboard/specific-shop-results?name=Glass&zip=10001&distance=100', roles: 'public', ready: (page) => expect(page.locator('[data-shop-pager]')).toBeVisible() },
];

/** Interactive states scanned on top of the routes (menus open, error messages shown). */
const STATES: readonly { name: string; role: Role | 'public'; route: string; act: (page: Page) => Promise<void> }[] = [
  { name: 'user menu open (agency admin, all items)', role: 'admin', route: '/dashboard/', act: async (page) => void (await openUserMenu(page)) },
  { name: 'user menu open (agent)', role: 'agent', route: '/dashboard/', act: async (page) => void (await openUserMenu(page)) },
  {
    name: 'agency dropdown open',
    role: 'agent',
    route: '/dashboard/',
    act: async (page) => {
      await agencyButton(page).click();
      await expect(page.getByRole('listbox')).toBeVisible();
    },
  },
  {
    name: 'Explore menu open',
    role: 'agent',
    route: '/dashboard/',
    act: async (page) => {
      await page.getByRole('button', { name: 'Explore' }).click();
      await expect(page.getByRole('menu', { name: 'Explore' })).toBeVisible();
    },
  },
  // Work orders (issue 6): the overview with its chart and the chart's numbers, the open list (agent, agency admin), and at 320 px.
  { name: 'work orders: overview with the chart and its numbers', role: 'agent', route: '/dashboard/', act: workOrdersOverview },
  { name: 'work orders: open list', role: 'agent', route: '/dashboard/', act: openWorkOrders },
  { name: 'work orders: open list (agency admin)', role: 'admin', route: '/dashboard/', act: openWorkOrders },
  { name: 'work orders: open list, narrow screen (320 px)', role: 'agent', route: '/dashboard/', act: async (page) => { await openWorkOrders(page); await narrowScreen(page); } },
  // WCAG 1.4.10 reflow: at 320 CSS px nothing scrolls sideways, and axe checks the narrow layout (target sizes, overlaps).
  { name: 'narrow screen (320 px)', role: 'agent', route: '/dashboard/', act: narrowScreen },
  { name: 'narrow screen (320 px)', role: 'public', route: '/dashboard/login', act: narrowScreen },
  { name: 'narrow screen (320 px)', role: 'public', route: '/articles/what-is-adas-recalibration', act: narrowScreen },
  { name: 'narrow screen (320 px)', role: 'public', route: '/', act: narrowScreen },
  { name: 'Explore topics open (content header)', role: 'public', route: '/', act: async (page) => { await page.locator('.explore--static > summary').click(); await expect(page.locator('.explore--static .explore__list')).toBeVisible(); } },
  { name: 'empty search message', role: 'public', route: '/', act: async (page) => { await page.locator('#header-search').press('Enter'); await expect(page.locator('#header-search-error')).toBeVisible(); } },
  // Claim flow: step 1 with its message, then each later page in the state a real claim reaches.
  {
    name: 'claim step 1 with a validation error',
    role: 'agent',
    route: '/dashboard/start-claim',
    act: async (page) => {
      await nextButton(page).click();
      await expect(fieldError(page, 'zip')).toHaveText('Please enter a valid ZIP code.');
    },
  },
  { name: 'claim: the policyholder quote', role: 'agent', route: '/dashboard/start-claim', act: camryToQuote },
  {
    name: 'claim: appointment options with the shops near the policyholder',
    role: 'agent',
    route: '/dashboard/start-claim',
    act: async (page) => {
      await camryToQuote(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('radio', { name: 'Schedule at a shop near the policyholder' }).check();
      await expect(page.getByRole('group', { name: 'Shop (required)' }).getByRole('radio').first()).toBeVisible();
    },
  },
  {
    name: 'claim: claim details with the messages of empty fields',
    role: 'agent',
    route: '/dashboard/start-claim',
    act: async (page) => {
      await camryToQuote(page);
      await quoteToDetails(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(fieldError(page, 'policy-number')).toHaveText('The policy number field is required');
    },
  },
  {
    name: 'claim: the review of a complete claim',
    role: 'agent',
    route: '/dashboard/start-claim',
    act: async (page) => {
      await camryToQuote(page);
      await quoteToDetails(page);
      await detailsToReview(page);
      await expect(page.getByText(CLAIM_DETAILS.policyNumber)).toBeVisible();
      // The stepper and the live summary (loaded after the page) are scanned too.
      await expect(page.getByTestId('stepper')).toBeVisible();
      await expect(page.getByTestId('live-summary')).toContainText('Policyholder pays');
    },
  },
  {
    name: 'claim: the policyholder quote on a narrow screen (320 px), the summary folded and then opened',
    role: 'agent',
    route: '/dashboard/start-claim',
    act: async (page) => {
      await camryToQuote(page);
      await narrowScreen(page);
      await page.reload();
      await expect(page.getByTestId('stepper')).toBeVisible();
      await page.getByTestId('live-summary').locator('summary').click();
      await expect(page.getByTestId('live-summary')).toContainText('Policyholder pays');
    },
  },
  {
    name: 'claim: the success page with the referral number',
    role: 'agent',
    route: '/dashboard/start-claim',
    act: async (page) => {
      await camryToQuote(page);
      await quoteToDetails(page);
      await detailsToReview(page);
      await submitButton(page).click();
      await successReferral(page);
    },
  },
  // Work orders (issue 6): real demo orders of the agent (a recalibration, a survey, a failed one).
  {
    name: 'details of a completed order with a recalibration certificate',
    role: 'agent',
    route: '/dashboard/work-order-details',
    act: async (page) => openDetails(page, await findOrder(page, 'Completed', (o) => o.HasRecalibration, { agencies: ['10045821', '20077314'] })),
  },
  {
    name: 'narrow screen (320 px), details of an order',
    role: 'agent',
    route: '/dashboard/work-order-details',
    act: async (page) => {
      await openDetails(page, await findOrder(page, 'Completed', (o) => o.HasSurvey, { agencies: ['10045821', '20077314'] }));
      await narrowScreen(page);
    },
  },
  {
    name: 'the resubmit dialog of a failed order',
    role: 'agent',
    route: '/dashboard/work-order-details',
    act: async (page) => {
      await openDetails(page, await findOrder(page, 'Open', (o) => o.CanResubmit, { Status: 'Failed', agencies: ['10045821', '20077314'] }));
      await page.getByRole('button', { name: 'Resubmit referral' }).click();
      await expect(page.getByRole('dialog', { name: 'Resubmit this referral?' })).toBeVisible();
    },
  },
  {
    name: 'the survey of a survey-complete order',
    role: 'agent',
    route: '/dashboard/order-survey-details',
    act: async (page) => {
      const o = await findOrder(page, 'Completed', (r) => r.HasSurvey, { Status: 'Survey complete', agencies: ['10045821', '20077314'] });
      await page.goto(`/dashboard/order-survey-details?workOrderId=${o.WorkOrderId}&referralNumber=${o.ReferralNumber}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Survey details' })).toBeVisible();
    },
  },
  {
    name: 'a row asking for the next status first',
    role: 'internal',
    route: '/dashboard/work-order-console',
    act: async (page) => {
      await page.getByRole('button', { name: 'Advance' }).first().click();
      await expect(page.getByRole('alert').filter({ hasText: 'Choose the next status first.' })).toBeVisible();
    },
  },
  { name: 'narrow screen (320 px)', role: 'internal', route: '/dashboard/work-order-console', act: narrowScreen },
  {
    name: 'contact preferences with the phone message',
    role: 'agent',
    route: '/dashboard/manage-account',
    act: async (page) => {
      await page.getByRole('group', { name: 'Text me when' }).getByRole('checkbox', { name: 'Service is scheduled' }).check();
      await page.getByRole('button', { name: 'Save contact preferences' }).click();
      await expect(page.getByText('Please enter a phone number')).toBeVisible();
    },
  },
  {
    name: 'sign-in page with a wrong-password error',
    role: 'public',
    route: '/dashboard/login',
    act: async (page) => {
      await page.getByLabel('Email').fill('a11y-wrong-password@demo.test');
      await page.getByLabel('Password').fill(`not-${DEMO_PASSWORD}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
    },
  },
  // Agency onboarding (issue 14): the spec's messages shown.
  {
    name: 'account number not found',
    role: 'noaccount',
    route: '/dashboard/find-my-agency',
    act: async (page) => {
      const form = page.getByRole('search', { name: 'Find my agency' });
      await form.getByLabel('Search by').selectOption('AccountNumber');
      await form.getByLabel('Account number').fill('99999999');
      await form.getByRole('button', { name: 'Search' }).click();
      await expect(page.locator('#agency-q-error')).toHaveText('Account number not found. Try another search');
    },
  },
  {
    name: 'every message of an empty form',
    role: 'noaccount',
    route: '/dashboard/agency-not-found',
    act: async (page) => {
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect(page.locator('.error-summary')).toBeFocused();
    },
  },
];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/** The sign-in page after the provider round trip, showing its form. */
async function signInForm(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard\/login\?uid=/);
  await expect(page.getByLabel('Email')).toBeVisible();
}

/** The editor's list has loaded its articles and the publishing status. */
async function editorListReady(page: Page): Promise<void> {
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('publish-status')).not.toHaveAttribute('data-state', 'loading');
}

/** The article form (a new article) shows its fields and language tabs. */
async function editorFormReady(page: Page): Promise<void> {
  await expect(page.getByRole('tab', { name: 'English' })).toBeVisible();
  await expect(page.getByRole('checkbox').first()).toBeVisible();
}

/** A work-order page opened without a work order id says so. */
async function noOrderChosen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'No work order was chosen' })).toBeVisible();
}

/** A claim page opened before the quote is complete: its notice with the way back to the quote. */
async function finishQuoteNotice(page: Page): Promise<void> {
  await expect(page.getByTestId('finish-quote')).toBeVisible();
}

/** The dashboard's work-order overview has loaded; the chart's numbers table is opened. */
async function workOrdersOverview(page: Page): Promise<void> {
  await expect(page.getByRole('img', { name: 'Orders filed per week, by status now' })).toBeVisible();
  await page.getByText('Show the numbers as a table').click();
  await expect(page.getByRole('table', { name: 'Orders filed per week, by status now' })).toBeVisible();
}

/** The dashboard's Open tab with its first page of orders loaded. */
async function openWorkOrders(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Open', exact: true }).click();
  const table = page.getByRole('table', { name: 'Open work orders' });
  await expect(table.locator('tbody tr[data-work-order-id]').first()).toBeVisible();
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
}

/** Resizes to a 320 px wide screen; fails when the page then scrolls horizontally. */
async function narrowScreen(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 640 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'page width at 320 px (no horizontal scrolling)' }).toBeLessThanOrEqual(320);
}

/** Default ready state of an authenticated route: on that path, with the header showing the loaded user. */
async function authenticatedReady(page: Page, route: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(route);
  await expect(userMenuButton(page)).toBeVisible();
}

/** Signs in as the role (unless public; the stored sign-in) and opens the route in its ready state. */
async function open(page: Page, signInAs: SignInAs, route: string, role: Role | 'public', ready?: (page: Page) => Promise<void>): Promise<void> {
  if (role !== 'public') await signInAs(role);
  await page.goto(route);
  await (ready ? ready(page) : role === 'public' ? page.waitForLoadState('load') : authenticatedReady(page, route));
}

/** Runs axe on the page as it is; fails with a readable list of serious and critical violations. */
async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  await testInfo.attach(`axe ${label}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const why = (n.failureSummary ?? '').split('\n').map((l) => l.trim()).filter((l) => l && !/^Fix (any|all) of the following:$/.test(l)).slice(0, 3).join(' / ');
          return `    - ${n.target.map(String).join(' >>> ')}${why ? `\n      ${why}` : ''}`;
        })
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
  expect(blocking.length, `axe: ${blocking.length} serious/critical violation(s) on ${label} (${page.url()}):\n${report}`).toBe(0);
}

test.describe('accessibility (axe: WCAG 2.2 AA + best practice, no serious or critical violations)', () => {
  for (const { route, roles, ready } of ROUTES) {
    for (const role of roles === 'public' ? (['public'] as const) : roles) {
      test(`${route} (${role})`, async ({ page, signInAs }, testInfo) => {
        await open(page, signInAs, route, role, ready);
        await expectNoSeriousViolations(page, testInfo, `${route} as ${role}`);
      });
    }
  }

  for (const { name, role, route, act } of STATES) {
    test(`${route} (${role}): ${name}`, async ({ page, signInAs }, testInfo) => {
      const row = ROUTES.find((r) => r.route === route);
      await open(page, signInAs, route, role, row?.ready);
      await act(page);
      await expectNoSeriousViolations(page, testInfo, `${route} as ${role}, ${name}`);
    });
  }
});
