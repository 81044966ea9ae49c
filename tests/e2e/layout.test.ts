// Layout on a phone (390 px) and a desktop (1366 px), issue 13: no page scrolls sideways (the document is no wider
// than the viewport), the signed-in header stays compact on a phone (120 px at most, its nav and actions behind one
// 'Menu' button), and the work-order chart keeps readable labels there. Every page's screenshot is attached to its test.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { PAGE_KINDS } from '../../bench/pages.ts';
import {
  answerAll,
  damageStep,
  detailsToReview,
  locationStep,
  nextButton,
  partsStep,
  quoteToDetails,
  serviceQuoteStep,
  stepAfter,
  stepHeading,
  submitButton,
  successReferral,
  VINS,
  CAMRY,
  vinStep,
} from './claim-steps.ts';
import { agencyButton, expect, test, USERS, userMenu, userMenuButton, type Role } from './fixtures.ts';
import { findOrder, openDetails } from './work-order-steps.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
/** The signed-in header's height on a phone, at most (it was 371 px, 44 % of an 844 px screen). */
const PHONE_HEADER_MAX = 120;

/** A page to open: its path, the role it is opened as (null: signed out), and what shows once it has loaded. */
interface Shot {
  name: string;
  path: string;
  role: Role | null;
  ready?: (page: Page) => Promise<void>;
}

const roleOf = (email: string | undefined): Role | null => (email ? (Object.keys(USERS) as (keyof typeof USERS)[]).find((r) => USERS[r] === email)! : null);

/** A claim page opened before the quote is complete: its notice with the way back to the quote. */
const finishQuote = (page: Page) => expect(page.getByTestId('finish-quote')).toBeVisible();

/** Ready states, by path (the default: the page's h1 shows). */
const READY: Record<string, (page: Page) => Promise<void>> = {
  '/dashboard/policy-holder-quote': finishQuote,
  '/dashboard/appointment-option-details': finishQuote,
  '/dashboard/submit_claimdetails': finishQuote,
  '/dashboard/': (page) => expect(page.getByRole('img', { name: 'Orders filed per week, by status now' })).toBeVisible(),
  '/dashboard/?view=open': (page) => expect(page.getByRole('table', { name: 'Open work orders' }).locator('tbody tr[data-work-order-id]').first()).toBeVisible(),
  '/dashboard/file-claim': async (page) => {
    await expect(page).toHaveURL(/\/dashboard\/start-claim$/);
    await expect(stepHeading(page, 1)).toBeVisible();
  },
  '/dashboard/start-claim': (page) => expect(stepHeading(page, 1)).toBeVisible(),
  '/dashboard/manage-claim': (page) => expect(stepHeading(page, 1)).toBeVisible(),
  '/dashboard/article': (page) => expect(page.getByTestId('publish-status')).not.toHaveAttribute('data-state', 'loading'),
  '/dashboard/work-order-console': (page) => expect(page.getByRole('table')).toBeVisible(),
  '/dashboard/login': (page) => expect(page.getByLabel('Email')).toBeVisible(),
};

const CONTENT_PAGES = ['', '/es'].flatMap((p) => [
  `${p}/`,
  `${p}/articles/what-is-adas-recalibration`,
  `${p}/tagged-articles`,
  `${p}/tagged-articles?tag=coverage`,
  `${p}/search?searchTerm=windshield`,
  `${p}/agency-care-desk`,
  `${p}/course-registration`,
  `${p}/dashboard/help`,
]);

/** Every page kind the bench measures (bench/pages.ts), the content pages in both languages and the not-found page. */
const SHOTS: Shot[] = [
  ...PAGE_KINDS.map((k): Shot => ({ name: k.kind, path: k.lighthousePath ?? k.path, role: roleOf(k.signedInAs) })),
  ...CONTENT_PAGES.map((path): Shot => ({ name: `content ${path}`, path, role: null })),
  { name: 'not found', path: '/no-such-page', role: null, ready: (page) => expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible() } satisfies Shot,
].filter((s, i, all) => all.findIndex((o) => o.path === s.path && o.role === s.role) === i);

/** The page has loaded what it shows: the signed-in user, its ready state (or its h1), no busy region. */
async function loaded(page: Page, shot: Shot): Promise<void> {
  if (shot.role) await expect(userMenuButton(page)).toBeAttached({ timeout: 30_000 });
  const ready = shot.ready ?? READY[shot.path];
  await (ready ? ready(page) : expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 }));
  await expect(page.locator('[aria-busy="true"], .flow-loading, .page-loading')).toHaveCount(0);
}

/** The elements that stick out of the viewport on the right (for the failure message). */
function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > document.documentElement.clientWidth + 0.5) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} (right ${Math.round(r.right)})`);
      }
    }
    return out.slice(0, 8);
  });
}

/** The document is no wider than the viewport (no sideways scroll). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  try {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 3_000 }).toBeLessThanOrEqual(width);
  } catch {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide at ${width} px; sticking out: ${(await sticksOut(page)).join(', ')}`).toBeLessThanOrEqual(width);
  }
}

/** On a phone the signed-in header is at most PHONE_HEADER_MAX px tall (its menu closed). */
async function expectCompactHeader(page: Page): Promise<void> {
  const box = await page.locator('header.site-header').boundingBox();
  expect(box, 'the signed-in header').not.toBeNull();
  expect(Math.round(box!.height), `header height on ${page.url()}`).toBeLessThanOrEqual(PHONE_HEADER_MAX);
}

/** Attaches a full-page screenshot to the test. */
async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** The checks of one page as it is now: no sideways scroll, the compact header on a phone when signed in, a screenshot. */
async function checkPage(page: Page, testInfo: TestInfo, name: string, signedIn: boolean): Promise<void> {
  const { width } = page.viewportSize()!;
  await screenshot(page, testInfo, `${name} ${width}px`);
  await expectNoSidewaysScroll(page);
  if (signedIn && width <= PHONE.width) await expectCompactHeader(page);
}

/** Presses Tab until the target has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 20): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return i;
  }
  throw new Error(`Tab never reached ${target}`);
}

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
const primaryNav = (page: Page) => page.getByRole('navigation', { name: 'Primary' });

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`layout at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const shot of SHOTS) {
      test(`${shot.name} (${shot.path}${shot.role ? `, ${shot.role}` : ''})`, async ({ page, signInAs }, testInfo) => {
        if (shot.role) await signInAs(shot.role);
        await page.goto(shot.path);
        await loaded(page, shot);
        await checkPage(page, testInfo, shot.name, shot.role !== null);
      });
    }

    test('the claim flow with a real quote: each step and page to the success page', async ({ page, signInAs }, testInfo) => {
      test.setTimeout(120_000);
      await signInAs('agent');
      const check = (name: string) => checkPage(page, testInfo, `claim ${name}`, true);
      await page.goto('/dashboard/start-claim');
      await expect(stepHeading(page, 1)).toBeVisible();
      await locationStep(page);
      await check('step 2');
      await vinStep(page, VINS.camry, CAMRY);
      await check('step 3');
      await damageStep(page, { glass: ['Windshield'], service: 'Replace' });
      for (let n = await stepAfter(page, 3); n < 7; n = await stepAfter(page, n)) {
        if (n === 4) await answerAll(page, 'No');
        if (n === 5) await partsStep(page);
        await check(`step ${n}`);
        await nextButton(page).click();
      }
      await check('step 7');
      await serviceQuoteStep(page);
      await check('policyholder quote');
      await quoteToDetails(page);
      await check('claim details');
      await detailsToReview(page);
      await check('review');
      await submitButton(page).click();
      await successReferral(page);
      await check('success');
    });

    test('the work-order pages of real orders: details, a failed order, the survey', async ({ page, signInAs }, testInfo) => {
      await signInAs('agent');
      await page.goto('/dashboard/work-order-details');
      await expect(page.getByRole('heading', { level: 1, name: 'No work order was chosen' })).toBeVisible();
      const agencies = ['10045821', '20077314'];
      const completed = await findOrder(page, 'Completed', (o) => o.HasRecalibration, { agencies });
      const failed = await findOrder(page, 'Open', (o) => o.CanResubmit, { Status: 'Failed', agencies });
      const surveyed = await findOrder(page, 'Completed', (o) => o.HasSurvey, { Status: 'Survey complete', agencies });

      await openDetails(page, completed);
      await checkPage(page, testInfo, 'work order details (completed, recalibration)', true);
      await openDetails(page, failed);
      await checkPage(page, testInfo, 'work order details (failed)', true);
      await page.goto(`/dashboard/order-survey-details?workOrderId=${surveyed.WorkOrderId}&referralNumber=${surveyed.ReferralNumber}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Survey details' })).toBeVisible();
      await checkPage(page, testInfo, 'survey details', true);
    });
  });
}

test.describe('the phone header', () => {
  test.use({ viewport: PHONE, signedInAs: 'agent' });

  test('one Menu button holds the nav, Explore, File a claim now and the user menu: keyboard, Escape, focus back', async ({ page, problems }, testInfo) => {
    test.setTimeout(180_000); // axe on a busy machine
    await page.goto('/dashboard/');
    await expect(userMenuButton(page)).toBeAttached();
    const button = menuButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();
    await expect(primaryNav(page)).toBeHidden();
    await expect(userMenuButton(page)).toBeHidden();
    await expectCompactHeader(page);
    // The agency switcher is one line: the name cut short, the whole of it in the button's name.
    await expect(agencyButton(page)).toBeVisible();
    await expect(agencyButton(page)).toContainText('Harbor Point Insurance Group');
    expect((await page.locator('.site-header__agency').boundingBox())!.height).toBeLessThanOrEqual(56);

    // Keyboard: the skip link, the logo, then the menu button.
    await page.locator('body').focus();
    expect(await tabTo(page, button)).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(primaryNav(page).getByRole('link')).toHaveText(['My dashboard', 'Agency Care Desk', 'CE courses']);
    await expect(primaryNav(page).getByRole('button', { name: 'Explore' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'File a claim now' })).toBeVisible();
    await expect(userMenuButton(page)).toBeVisible();
    await screenshot(page, testInfo, 'phone menu open');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The next Tab goes into the panel; the user menu inside it opens and its own Escape leaves the panel open.
    await page.keyboard.press('Tab');
    await expect(primaryNav(page).getByRole('link', { name: 'My dashboard' })).toBeFocused();
    await tabTo(page, userMenuButton(page));
    await page.keyboard.press('Enter');
    await expect(userMenu(page)).toBeVisible();
    await expect(userMenu(page).getByRole('menuitem')).toHaveText(['Manage my account', 'Sign out']);
    await page.keyboard.press('Escape');
    await expect(userMenu(page)).toBeHidden();
    await expect(userMenuButton(page)).toBeFocused();
    await expect(panel).toBeVisible();

    // Escape closes the panel and puts focus back on the menu button.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expectCompactHeader(page);

    // A click opens and closes it too.
    await button.click();
    await expect(panel).toBeVisible();
    await button.click();
    await expect(panel).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('the agency switcher fits the screen and switches the agency', async ({ page, problems }) => {
    await page.goto('/dashboard/');
    await expect(agencyButton(page)).toContainText('Harbor Point Insurance Group');
    await agencyButton(page).click();
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await list.getByRole('option', { name: /^Summit Ridge Agency/ }).click();
    await expect(agencyButton(page)).toContainText('Summit Ridge Agency');
    await expectNoSidewaysScroll(page);
    expect(problems).toEqual([]);
  });

  test('the work-order chart keeps readable labels that do not overlap', async ({ page, problems }) => {
    await page.goto('/dashboard/');
    const chart = page.getByRole('img', { name: 'Orders filed per week, by status now' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('g[data-week]')).toHaveCount(12);
    const labels = await chart.evaluate((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      return [...svg.querySelectorAll<SVGTextElement>('text')].map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent ?? '', px: parseFloat(getComputedStyle(t).fontSize) * scale, left: r.left, right: r.right, top: r.top };
      });
    });
    for (const l of labels) expect(l.px, `the label '${l.text}' in screen pixels`).toBeGreaterThanOrEqual(11);
    const weeks = labels.filter((l) => /\D/.test(l.text)).sort((a, b) => a.left - b.left);
    expect(weeks.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]!.left, `'${weeks[i]!.text}' starts after '${weeks[i - 1]!.text}' ends`).toBeGreaterThan(weeks[i - 1]!.right);
    const box = (await chart.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
  });
});

test.describe('the desktop header', () => {
  test.use({ viewport: DESKTOP, signedInAs: 'agent' });

  test('shows the nav, File a claim now and the user menu in the bar; no Menu button', async ({ page, problems }) => {
    await page.goto('/dashboard/');
    await expect(userMenuButton(page)).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(primaryNav(page)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'File a claim now' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('a 1280 px window', () => {
  test.use({ viewport: { width: 1280, height: 800 }, signedInAs: 'agent' });

  test('the footer search fits its column: the dashboard and the home page do not scroll sideways', async ({ page, problems }) => {
    for (const path of ['/dashboard/', '/']) {
      await page.goto(path);
      await expect(page.locator('.footer-search input')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(1280);
    }
    expect(problems).toEqual([]);
  });
});
