import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Demo password of every seeded user. */
export const DEMO_PASSWORD = 'Demo!2345';

/** Demo users by role. */
export const USERS = {
  agent: 'agent@demo.test',
  admin: 'admin@demo.test',
  internal: 'internal@demo.test',
  ce: 'ce@demo.test',
  noaccount: 'noaccount@demo.test',
} as const;

/** Signs in through the real sign-in page; resolves when the landing page has loaded the user. */
export async function signIn(page: Page, email: string, opts: { referral?: string; password?: string } = {}): Promise<void> {
  const url = opts.referral ? `/dashboard/login?referral=${encodeURIComponent(opts.referral)}` : '/dashboard/login';
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(opts.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The user-menu button of the header (shown once the route guard has loaded the user). */
export function userMenuButton(page: Page): Locator {
  return page.locator('.user-menu__button');
}

/** The open user menu. */
export function userMenu(page: Page): Locator {
  return page.getByRole('menu', { name: 'Account menu' });
}

/** Waits until the agent dashboard (any query) has loaded the signed-in user (the header shows the user menu). */
export async function waitForDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard\/(\?[^#]*)?$/);
  await expect(userMenuButton(page)).toBeVisible();
}

/** Opens the user menu with a click; resolves with the menu. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await userMenuButton(page).click();
  const menu = userMenu(page);
  await expect(menu).toBeVisible();
  return menu;
}

/** The labels of the user menu's items (opens the menu, closes it again with Escape). */
export async function menuItems(page: Page): Promise<string[]> {
  const menu = await openUserMenu(page);
  const items = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return items;
}

/** The header's agency dropdown button. */
export function agencyButton(page: Page): Locator {
  return page.locator('.agency-dropdown__button');
}

/** Switches the active agency through the header dropdown (by mouse). */
export async function switchAgency(page: Page, agencyName: string): Promise<void> {
  await agencyButton(page).click();
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${agencyName}`) }).click();
  await expect(agencyButton(page)).toContainText(agencyName);
}

/** Prefix of the console.error line the init script writes for each `securitypolicyviolation` event. */
export const CSP_VIOLATION_PREFIX = '[e2e:csp-violation]';

/**
 * Runs in every document before its own scripts: reports each CSP violation event as a console error with a
 * recognisable prefix (the `problems` fixture picks it up even when the browser's own console text changes),
 * and keeps them on `window.__cspViolations` for tests that want to read them in the page.
 */
function reportCspViolations(prefix: string): void {
  const w = window as unknown as { __cspViolations?: string[] };
  if (w.__cspViolations) return;
  w.__cspViolations = [];
  document.addEventListener(
    'securitypolicyviolation',
    (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : '';
      const text = `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${e.documentURI}${where}${e.sample ? ` sample=${JSON.stringify(e.sample)}` : ''}`;
      w.__cspViolations!.push(text);
      console.error(`${prefix} ${text}`);
    },
    true,
  );
}

/**
 * Collects CSP violations and page errors of the test's page. Automatic: every test fails when the list is not
 * empty after its body (tests may still assert `expect(problems).toEqual([])` at a point of their choosing).
 */
export const test = base.extend<{ problems: string[] }>({
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      await page.addInitScript(reportCspViolations, CSP_VIOLATION_PREFIX);
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const text = m.text();
        if (text.startsWith(CSP_VIOLATION_PREFIX)) problems.push(`csp: ${text.slice(CSP_VIOLATION_PREFIX.length).trim()}`);
        else if (/Content Security Policy|Refused to/i.test(text)) problems.push(text);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await use(problems);
      expect(problems, 'CSP violations and uncaught page errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
