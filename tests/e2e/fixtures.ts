import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Cookie, type Locator, type Page } from '@playwright/test';
import { answerTotp, MFA_DEMO_USERS } from './totp.ts';

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

/**
 * Every demo account the sign-in fixture signs in, by role: USERS, the agent whose agency has carrier edits, the agent
 * of the agency-onboarding journey (issue 14: starts with no agency and joins one; only that test file uses it), and
 * the agent of two agencies whose agencies manage-account's removal test removes.
 */
export const ACCOUNTS = { ...USERS, carrierEdit: 'carrieredit@demo.test', onboarding: 'onboarding@demo.test', multi: 'multi@demo.test' } as const;

/** A role of ACCOUNTS (`test.use({ signedInAs: 'agent' })`). */
export type Role = keyof typeof ACCOUNTS;

/**
 * Signs in through the real sign-in page. The demo admins come enrolled in two-step sign-in (issue 14): with the
 * demo password, their code is computed from the demo secret and entered too (`totp: false` stops at that step).
 */
export async function signIn(page: Page, email: string, opts: { referral?: string; password?: string; totp?: boolean } = {}): Promise<void> {
  const url = opts.referral ? `/dashboard/login?referral=${encodeURIComponent(opts.referral)}` : '/dashboard/login';
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(opts.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (MFA_DEMO_USERS.includes(email) && (opts.password ?? DEMO_PASSWORD) === DEMO_PASSWORD && opts.totp !== false) await answerTotp(page);
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

/** Opens the agent dashboard and waits until it has loaded the signed-in user (after `signedInAs` or `signInAs`). */
export async function openDashboard(page: Page, query = ''): Promise<void> {
  await page.goto(`/dashboard/${query}`);
  await waitForDashboard(page);
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

/** The dashboard service's base path (spec section 7). */
const API_BASE = '/agentdashboard/api/v1';

/**
 * A stored sign-in is reused only while its access token has at least this long to live (tokens live 600 s and
 * the page renews them 60 s before they expire: 5 minutes left means no test renews it, even one of 4 minutes).
 */
const MIN_TOKEN_LIFE_SECONDS = 300;

/** sessionStorage key set in a tab once its stored sign-in is restored (a later sign-out in that tab stays signed out). */
const RESTORED_MARKER = 'e2e.signInRestored';

/** What one sign-in through the page leaves behind: the provider's cookies and the tab's `oidc.user:*` entries. */
interface StoredSignIn {
  cookies: Cookie[];
  session: Record<string, string>;
  /** The access token's expiry (seconds since the epoch). */
  expiresAt: number;
  accessToken: string;
}

/**
 * One sign-in per role per worker, through the real page, reused by every test of that worker while its access
 * token is fresh. A test whose context renews the token (the refresh token rotates: the stored one is spent) or
 * signs out (the grant is revoked) drops the role's entry, and the next test signs in again.
 */
class SignInStore {
  private readonly stored = new Map<Role, StoredSignIn>();
  constructor(
    private readonly browser: Browser,
    readonly baseURL: string,
  ) {}

  /** The role's stored sign-in, signing in first when there is none or its token is about to expire. */
  async get(role: Role): Promise<StoredSignIn> {
    const s = this.stored.get(role);
    if (s && s.expiresAt - Date.now() / 1000 >= MIN_TOKEN_LIFE_SECONDS) return s;
    const fresh = await this.signInThroughPage(role);
    this.stored.set(role, fresh);
    return fresh;
  }

  /** Forgets the role's stored sign-in (its refresh token or grant was used up). */
  forget(role: Role): void {
    this.stored.delete(role);
  }

  private async signInThroughPage(role: Role): Promise<StoredSignIn> {
    // A desktop-sized window whatever the test's viewport (on a phone the user menu sits behind the header's Menu button).
    const context = await this.browser.newContext({ baseURL: this.baseURL, viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      await signIn(page, ACCOUNTS[role]);
      await waitForDashboard(page);
      const session = await page.evaluate(() =>
        Object.fromEntries(Object.keys(sessionStorage).filter((k) => k.startsWith('oidc.user:')).map((k) => [k, sessionStorage.getItem(k)!])),
      );
      const users = Object.values(session).map((v) => JSON.parse(v) as { access_token: string; expires_at: number });
      if (users.length !== 1) throw new Error(`signing in as ${role} left ${users.length} oidc.user entries in sessionStorage`);
      return { cookies: await context.cookies(), session, expiresAt: users[0]!.expires_at, accessToken: users[0]!.access_token };
    } finally {
      await context.close();
    }
  }
}

/**
 * The Spanish site of a base URL: the same server on a host containing 'espanol.' (Chromium resolves any
 * *.localhost name to the loopback address). A stored sign-in is restored there too.
 */
export function spanishOrigin(baseURL: string): string {
  const url = new URL(baseURL);
  url.hostname = `espanol.${url.hostname}`;
  return url.origin;
}

/** Runs in every document of a restored context: puts the stored sign-in in the portal's sessionStorage, once per tab. */
function restoreTabSignIn(arg: { origins: string[]; marker: string; entries: Record<string, string> }): void {
  if (!arg.origins.includes(window.location.origin)) return;
  if (sessionStorage.getItem(arg.marker) !== null) return;
  sessionStorage.setItem(arg.marker, '1');
  for (const [k, v] of Object.entries(arg.entries)) sessionStorage.setItem(k, v);
}

/** Signs a browser context in as the role from the store (cookies now, sessionStorage in each new tab), and watches it. */
async function restoreSignIn(store: SignInStore, context: BrowserContext, role: Role): Promise<void> {
  const state = await store.get(role);
  const origin = new URL(store.baseURL).origin;
  await context.addCookies(state.cookies);
  await context.addInitScript(restoreTabSignIn, { origins: [origin, spanishOrigin(store.baseURL)], marker: RESTORED_MARKER, entries: state.session });
  context.on('request', (r) => {
    const url = new URL(r.url());
    // A token call rotates the refresh token; an end-session call revokes the grant: the stored copy is spent.
    if (url.origin === origin && (url.pathname.startsWith('/oidc/token') || url.pathname.startsWith('/oidc/session/end'))) store.forget(role);
  });
}

/** The `signInAs` fixture's function (for helpers that take it). */
export type SignInAs = PortalFixtures['signInAs'];

/** The `pageAs` fixture's function (for helpers that take it). */
export type PageAs = PortalFixtures['pageAs'];

/** A dashboard-service reply: HTTP status and the JSON envelope (null when the body is not JSON). */
export interface ApiReply<T = unknown> {
  status: number;
  body: { isSuccess: boolean; message: string; result: T } | null;
}

/**
 * Calls the service with a bearer token (POST with a JSON body, GET with the fields as the query); `path` is a
 * full path (`callPath(Contract)`) or one under the dashboard service ('User/GetUserDetails').
 */
async function callAs<T>(request: APIRequestContext, token: string, path: string, input: Record<string, unknown>, method: 'GET' | 'POST'): Promise<ApiReply<T>> {
  const url = path.startsWith('/') ? path : `${API_BASE}/${path}`;
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}`, 'X-Application-Name': 'AgentPortal' };
  const res =
    method === 'GET'
      ? await request.get(url, { headers, params: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) })
      : await request.post(url, { headers, data: { AppName: 'AgentPortal', ...input } });
  const body = (res.headers()['content-type'] ?? '').includes('json') ? ((await res.json()) as ApiReply<T>['body']) : null;
  return { status: res.status(), body };
}

/** The fixtures every end-to-end test can ask for. */
export interface PortalFixtures {
  /**
   * CSP violations and page errors of the test's page. Automatic: every test fails when the list is not empty after
   * its body (tests may still assert `expect(problems).toEqual([])` at a point of their choosing).
   */
  problems: string[];
  /** The role the test's browser context starts signed in as, from one stored sign-in (`test.use({ signedInAs: 'agent' })`); null: signed out. */
  signedInAs: Role | null;
  /** Signs the test's context (or another context) in as the role from the stored sign-in; call it before the page opens a portal page. */
  signInAs: (role: Role, context?: BrowserContext) => Promise<void>;
  /** A page of a new browser context signed in as the role (a second user next to the test's page); closed after the test. */
  pageAs: (role: Role) => Promise<Page>;
  /** Calls the dashboard service as the role with its stored access token, without a page (setup and cleanup). */
  apiAs: <T = unknown>(role: Role, path: string, input?: Record<string, unknown>, method?: 'GET' | 'POST') => Promise<ApiReply<T>>;
  /** Registers an undo step for what the test changes; the steps run after the test, last first, passed or failed. */
  cleanup: (undo: () => Promise<unknown>) => void;
}

/** The worker-scoped fixtures (one per worker process). */
export interface PortalWorkerFixtures {
  /** The stored sign-ins of this worker, one per role. */
  signIns: SignInStore;
}

/**
 * The portal's test: `problems` (automatic), the sign-in fixtures (`signedInAs`, `signInAs`, `pageAs`, `apiAs`)
 * and `cleanup`.
 */
export const test = base.extend<PortalFixtures, PortalWorkerFixtures>({
  signIns: [
    async ({ browser }, use, workerInfo) => {
      await use(new SignInStore(browser, String(workerInfo.project.use.baseURL)));
    },
    { scope: 'worker' },
  ],
  signedInAs: [null, { option: true }],
  context: async ({ context, signedInAs, signIns }, use) => {
    if (signedInAs) await restoreSignIn(signIns, context, signedInAs);
    await use(context);
  },
  signInAs: async ({ context, signIns }, use) => {
    await use((role, other) => restoreSignIn(signIns, other ?? context, role));
  },
  pageAs: async ({ browser, signIns }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (role) => {
      const context = await browser.newContext({ baseURL: signIns.baseURL });
      opened.push(context);
      await restoreSignIn(signIns, context, role);
      return context.newPage();
    });
    for (const c of opened) await c.close();
  },
  apiAs: async ({ request, signIns }, use) => {
    await use(async (role, path, input = {}, method = 'POST') => callAs(request, (await signIns.get(role)).accessToken, path, input, method));
  },
  cleanup: async ({ page }, use) => {
    void page; // torn down after the undo steps, which may still use it
    const steps: (() => Promise<unknown>)[] = [];
    await use((undo) => void steps.push(undo));
    const failures: unknown[] = [];
    for (const undo of steps.reverse()) {
      try {
        await undo();
      } catch (e) {
        failures.push(e);
      }
    }
    if (failures.length) throw new Error(`cleanup failed: ${failures.map(String).join('; ')}`);
  },
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

/** Playwright's expect. */
export { expect };

/**
 * Waits until no site rebuild runs (issue 16: a CE admin's save republishes the site). The CE tests call it after
 * their last save so that no rebuild of theirs takes a snapshot while a later test edits content.
 */
export async function publishingIdle(apiAs: PortalFixtures['apiAs']): Promise<void> {
  await expect
    .poll(async () => (await apiAs<{ state: string }>('internal', 'ContentAdmin/GetPublishStatus', {})).body?.result?.state, { timeout: 300_000, intervals: [2_000, 5_000] })
    .not.toBe('running');
}
