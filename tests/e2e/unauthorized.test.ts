import { expect, signIn, test, USERS, waitForDashboard } from './fixtures.ts';

const API = '/agentdashboard/api/v1';

test.describe('401 Unauthorized', () => {
  test('an API call without a token gets the 401 JSON envelope', async ({ page }) => {
    const post = await page.request.post(`${API}/setup`, { data: { AppName: 'AgentPortal', FromRoute: '', ToRoute: '/dashboard/' } });
    expect(post.status()).toBe(401);
    expect(post.headers()['content-type']).toMatch(/^application\/json/);
    expect(post.headers()['www-authenticate']).toBe('Bearer');
    expect(await post.json()).toMatchObject({ isSuccess: false, message: 'Unauthorized' });

    const get = await page.request.get(`${API}/User/GetUserDetails?userId=x`);
    expect(get.status()).toBe(401);
    expect(await get.json()).toMatchObject({ isSuccess: false, message: 'Unauthorized' });

    const garbage = await page.request.post(`${API}/User/GetUserAgencyList`, {
      headers: { Authorization: 'Bearer this-is-not-a-valid-access-token' },
      data: { AppName: 'AgentPortal' },
    });
    expect(garbage.status()).toBe(401);
    expect(await garbage.json()).toMatchObject({ isSuccess: false, message: 'Unauthorized' });
  });

  test('a corrupted stored access token sends the reader to sign-in with the attempted route as referral', async ({ page, problems }) => {
    await signIn(page, USERS.agent, { referral: '/dashboard/?from=unauthorized' });
    await waitForDashboard(page);
    await expect(page).toHaveURL(/\/dashboard\/\?from=unauthorized$/);

    const corrupted = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      if (!key) return false;
      const user = JSON.parse(sessionStorage.getItem(key)!) as { access_token: string };
      user.access_token = 'garbage.garbage.garbage';
      sessionStorage.setItem(key, JSON.stringify(user));
      return true;
    });
    expect(corrupted).toBe(true);

    const seen: URL[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) seen.push(new URL(f.url()));
    });
    const unauthorized = page.waitForResponse((r) => r.url().includes(`${API}/setup`) && r.status() === 401);
    await page.reload();
    await unauthorized;

    await expect.poll(() => seen.find((u) => u.pathname === '/dashboard/login')?.searchParams.get('referral') ?? null).toBe('/dashboard/?from=unauthorized');
    // No red banner for a 401 (spec section 8).
    await expect(page.getByText('Sorry, something happened on our end. Please try again.')).toHaveCount(0);
    // The provider session is still valid, so the sign-in page completes without the form and returns to the referral with a fresh token.
    await waitForDashboard(page);
    await expect(page).toHaveURL(/\/dashboard\/\?from=unauthorized$/);
    const token = await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      return key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : null;
    });
    expect(token).not.toBe('garbage.garbage.garbage');
    expect(problems).toEqual([]);
  });
});
