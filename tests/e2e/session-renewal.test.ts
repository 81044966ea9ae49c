import { expect, signIn, test, USERS, waitForDashboard } from './fixtures.ts';

type Stored = { access_token: string; refresh_token: string; expires_at: number };
const readStored = () => {
  const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
  return key ? (JSON.parse(sessionStorage.getItem(key)!) as Stored) : null;
};

test.describe('session renewal', () => {
  test('a valid stored token opens the dashboard without loading oidc-client-ts', async ({ page, problems }) => {
    await signIn(page, USERS.agent);
    await waitForDashboard(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.reload();
    await waitForDashboard(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes('oidc-client-ts'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('an access token about to expire is renewed with the refresh token (rotated), and the page keeps working', async ({ page, problems }) => {
    await signIn(page, USERS.agent);
    await waitForDashboard(page);
    const before = (await page.evaluate(readStored))!;
    expect(before.refresh_token).toBeTruthy();
    // Pretend the token expires in 10 seconds (inside the renewal margin), then open the page again.
    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const u = JSON.parse(sessionStorage.getItem(key)!) as { expires_at: number };
      u.expires_at = Math.floor(Date.now() / 1000) + 10;
      sessionStorage.setItem(key, JSON.stringify(u));
    });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/oidc/token') && r.request().method() === 'POST');
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await waitForDashboard(page);
    const after = (await page.evaluate(readStored))!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 300);
    await expect(page.locator('[data-agency-number="10045821"]')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
