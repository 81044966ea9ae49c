import { expect, openUserMenu, signIn, switchAgency, test, USERS, userMenuButton, waitForDashboard } from './fixtures.ts';

const PORTAL_KEYS = ['portal.clientTag', 'portal.carrier', 'portal.activeAgencyNumber'];

test('signing out from the user menu clears the session and requires sign-in again', async ({ page, problems }) => {
  await signIn(page, USERS.agent);
  await waitForDashboard(page);
  // Make the tab hold agency data and a client tag, as a real session would.
  await switchAgency(page, 'Summit Ridge Agency');
  await page.evaluate(() => {
    sessionStorage.setItem('portal.clientTag', 'harborpoint');
    sessionStorage.setItem('portal.carrier', 'demo-carrier');
  });
  const before = await page.evaluate(() => Object.keys(sessionStorage));
  expect(before.some((k) => k.startsWith('oidc.user:'))).toBe(true);
  expect(before).toContain('portal.activeAgencyNumber');

  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();

  // A fresh sign-in form, not an automatic sign-in.
  await expect(page).toHaveURL(/\/dashboard\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(userMenuButton(page)).toHaveCount(0);

  const after = await page.evaluate(() => Object.keys(sessionStorage));
  expect(after.filter((k) => k.startsWith('oidc.user:'))).toEqual([]);
  for (const k of PORTAL_KEYS) expect(after).not.toContain(k);

  // The dashboard asks for sign-in again.
  await page.goto('/dashboard/');
  await expect(page).toHaveURL(/\/dashboard\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(userMenuButton(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});
