import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogLevel, setLogSink } from '../../src/server/log.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { signInForTokens, startTestPortal } from './helpers/portal.ts';

/**
 * Sign-in brute force (README, LOGIN_MAX_FAILURES = 5, LOGIN_WINDOW_SECONDS = 900): five failed sign-ins
 * per address and email within the window get 401; every further attempt, even with the right password,
 * gets 429 with Retry-After until the window ends. The logs say so, and never hold a password, an email
 * or a token.
 */
let portal: RunningPortal;
const lines: string[] = [];

beforeAll(async () => {
  portal = await startTestPortal();
  setLogLevel('debug');
  setLogSink((line) => lines.push(line));
});
afterAll(async () => {
  setLogSink();
  setLogLevel('silent');
  await portal?.close();
});

const attempt = (email: string, password: string) =>
  signInForTokens(portal, email, password).then(
    (t) => ({ status: 200, tokens: t }),
    (e: Error) => ({ status: Number(/\b(\d{3})\b/.exec(e.message)?.[1] ?? 0), message: e.message }),
  );

describe('sign-in brute force', () => {
  it('5 failures → 401 each; the 6th attempt and the right password → 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt('admin@demo.test', `Wrong-pass-${i}!`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await attempt('admin@demo.test', 'Wrong-pass-6!')).status).toBe(429);
    const right = await attempt('admin@demo.test', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect((right as { message: string }).message).toContain('Too many failed sign-in attempts');
  });

  it('another email from the same address is not blocked by those failures', async () => {
    expect((await attempt('agent@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('logs name the limit without passwords, emails or tokens', async () => {
    const good = await attempt('ce@demo.test', DEMO_PASSWORD);
    expect(good.status).toBe(200);
    const tokens = (good as { tokens: { access_token: string; id_token: string; refresh_token?: string } }).tokens;
    const text = lines.join('\n');
    expect(text).toContain('sign-in rate limit reached');
    expect(text).toContain('sign-in refused: rate limit');
    expect(lines.filter((l) => l.includes('sign-in failed'))).toHaveLength(4);
    for (const secret of [DEMO_PASSWORD, 'Wrong-pass-', 'admin@demo.test', 'agent@demo.test', 'ce@demo.test', tokens.access_token, tokens.id_token, tokens.refresh_token ?? 'no-refresh']) {
      expect(text, `logs must not contain ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
    // Access tokens are JWTs: no log line holds anything shaped like one.
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
  });
});
