/**
 * TOTP codes for the end-to-end tests (issue 14: two-step sign-in). The demo admins (admin@, internal@, ce@demo.test)
 * come enrolled with one fixed secret, listed in the README beside their password (the server's copy is
 * DEMO_TOTP_SECRET in src/server/services/mfa.ts): the tests compute their codes from it, as an authenticator
 * app would.
 */
import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

/** The demo admins' TOTP secret (base32). */
export const DEMO_TOTP_SECRET = 'AGENTPORTALDEMOTOTPSECRETKEY2345';
/** The demo users that sign in with a code. */
export const MFA_DEMO_USERS: readonly string[] = ['admin@demo.test', 'internal@demo.test', 'ce@demo.test'];

const PERIOD = 30;
/** The current 30-second time step. */
export const timeStep = (now = Date.now()) => Math.floor(now / 1000 / PERIOD);
/** The code of a secret at a time step. */
export function totpCode(secret: string, step = timeStep()): string {
  return new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret.replace(/\s/g, '')) }).generate({ timestamp: step * PERIOD * 1000 });
}

/**
 * Answers the sign-in page's second step with a code of `secret`. The server accepts each time step's code once
 * per user (replay protection): when the same admin signed in a moment ago, the current code is refused as
 * already used, so the next step's code (within the server's drift window) is tried, and only when that one was
 * used too does it wait for the step to change (docs/decisions/021-multi-factor-sign-in.md).
 */
export async function answerTotp(page: Page, secret = DEMO_TOTP_SECRET, labels = { code: 'Code', verify: 'Verify' }): Promise<void> {
  const field = page.getByLabel(labels.code, { exact: true });
  await expect(field).toBeVisible();
  for (let tries = 0; tries < 4; tries++) {
    const now = timeStep();
    for (const step of [now, now + 1]) {
      await field.fill(totpCode(secret, step));
      const [res] = await Promise.all([
        page.waitForResponse((r) => /\/oidc\/interaction\/[^/]+\/mfa$/.test(r.url()) && r.request().method() === 'POST'),
        page.getByRole('button', { name: labels.verify }).click(),
      ]);
      if (res.ok()) return;
      const body = (await res.json().catch(() => null)) as { code?: string } | null;
      if (body?.code !== 'mfaCodeReused') throw new Error(`the second sign-in step refused the code: ${res.status()} ${JSON.stringify(body)}`);
    }
    await page.waitForTimeout((timeStep() + 1) * PERIOD * 1000 - Date.now() + 100);
  }
  throw new Error('the second sign-in step refused every code as already used');
}
