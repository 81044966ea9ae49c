import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, USERS, userMenuButton } from './fixtures.ts';

/**
 * Issue 19 (docs/decisions/042-sign-in-without-a-hop.md): the sign-in page asks the provider without leaving the page.
 * The documents the tab loads (the navigation requests of its main frame, each redirect one of them) and the
 * addresses it shows are recorded.
 */
function recordNavigations(page: Page) {
  const documents: string[] = [];
  const addresses: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(new URL(r.url()).pathname);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) addresses.push(new URL(f.url()).pathname);
  });
  return { documents, addresses };
}

test('the sign-in form shows without a hop through the provider, and signs in', async ({ page, problems }) => {
  const { documents, addresses } = recordNavigations(page);
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/oidc/auth' && r.resourceType() === 'fetch');
  await page.goto('/dashboard/login?referral=%2Fdashboard%2Fmanage-account');
  await expect(page.getByLabel('Email')).toBeVisible();
  // The authorization request was made (by the page), and the address is the interaction's, as after the hop.
  await asked;
  await expect(page).toHaveURL(/\/dashboard\/login\?uid=[^&]+$/);
  expect(documents).toEqual(['/dashboard/login']);
  expect(addresses.every((a) => a === '/dashboard/login')).toBe(true);
  // The provider's interaction cookies came with the page's request: the form signs in, with the referral kept.
  await page.getByLabel('Email').fill(USERS.agent);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage-account$/);
  await expect(userMenuButton(page)).toBeVisible();
  expect(problems).toEqual([]);
});

test('with a session already at the provider, the page falls back to the navigation and signs in', async ({ page, problems }) => {
  await page.goto('/dashboard/login');
  await page.getByLabel('Email').fill(USERS.agent);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(userMenuButton(page)).toBeVisible();
  // The tab forgets its user; the provider's session (its cookie) remains.
  await page.evaluate(() => sessionStorage.clear());
  const { documents } = recordNavigations(page);
  await page.goto('/dashboard/login');
  // The page's request ends on the callback (a code, not the form): the browser then goes to the provider itself.
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(userMenuButton(page)).toBeVisible();
  expect(documents).toContain('/oidc/auth');
  expect(documents.filter((d) => d === '/dashboard/login').length).toBeGreaterThanOrEqual(2);
  expect(problems).toEqual([]);
});
