import { DEMO_PASSWORD, expect, openDashboard, signIn, test, USERS, userMenuButton, waitForDashboard } from './fixtures.ts';

const loginForm = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Sign in' });

test.describe('route guard and referrals', () => {
  test('a signed-out reader of /dashboard/ signs in and lands back on the referral', async ({ page, problems }) => {
    await page.goto('/dashboard/?from=guard');
    // The guard sends the reader to the sign-in page; the provider's interaction shows the form.
    await expect(loginForm(page)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/login\?uid=/);
    await expect(userMenuButton(page)).toHaveCount(0);

    await page.getByLabel('Email').fill(USERS.agent);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard\/\?from=guard$/);
    await expect(userMenuButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the guard keeps the attempted route as the referral of the sign-in page', async ({ page }) => {
    const seen: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) seen.push(f.url());
    });
    await page.goto('/dashboard/?from=guard');
    await expect(loginForm(page)).toBeVisible();
    const loginHop = seen.map((u) => new URL(u)).find((u) => u.pathname === '/dashboard/login' && u.searchParams.has('referral'));
    expect(loginHop?.searchParams.get('referral')).toBe('/dashboard/?from=guard');
  });

  test('an off-site referral never leaves the site', async ({ page, problems }) => {
    await signIn(page, USERS.agent, { referral: 'https://evil.example' });
    await waitForDashboard(page);
    expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);

    // A protocol-relative referral is refused as well.
    await page.goto('/dashboard/login?referral=' + encodeURIComponent('//evil.example/x'));
    await waitForDashboard(page);
    expect(new URL(page.url()).hostname).toBe('localhost');
    expect(problems).toEqual([]);
  });

  test("an internal admin's 'start-claim' referral lands on the dashboard", async ({ page, problems }) => {
    await signIn(page, USERS.internal, { referral: 'start-claim' });
    await waitForDashboard(page);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    expect(problems).toEqual([]);
  });

  for (const path of ['/dashboard/internal-admin-dashboard', '/dashboard/admin-agent-dashboard']) {
    test(`${path} redirects to the agent dashboard`, async ({ page, problems, signInAs }) => {
      await signInAs('agent');
      await openDashboard(page);
      await page.goto(path);
      await waitForDashboard(page);
      await expect(page).toHaveURL(/\/dashboard\/$/);
      expect(problems).toEqual([]);
    });
  }

  test('an unknown path shows the not-found page with HTTP 404', async ({ page, problems }) => {
    const res = await page.goto('/dashboard/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Agent Portal');
    await expect(page).toHaveURL(/\/dashboard\/no-such-page$/);

    const other = await page.goto('/definitely/not/here');
    expect(other?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
