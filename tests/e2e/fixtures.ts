import { test as base, expect, type Page } from '@playwright/test';

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

/** Collects CSP violations and page errors of a page, to assert none happened. */
export const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await use(problems);
  },
});

export { expect };
