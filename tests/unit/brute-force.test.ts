import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogLevel, setLogSink } from '../../src/server/log.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { LOGIN_MESSAGES } from '../../src/lib/api/login.ts';
import { passwordPoolLoad } from '../../src/server/auth/passwords.ts';
import { CLIENT_ID, signInForTokens, startTestPortal } from './helpers/portal.ts';

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

/**
 * An interaction of the real provider, and its login step posted from a chosen loopback address (127.0.0.0/8 is
 * all loopback on Linux): the server sees that address on the connection, as it would a remote client's. No
 * header can change it.
 */
async function interaction(portal: RunningPortal): Promise<{ uid: string; cookie: string }> {
  const auth = new URL(`${portal.url}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${portal.url}/dashboard/login`,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'throttle-test',
  }).toString();
  const res = await fetch(auth, { redirect: 'manual' });
  const uid = new URL(res.headers.get('location')!, portal.url).pathname.split('/').pop()!;
  const cookie = res.headers
    .getSetCookie()
    .map((l) => l.split(';')[0])
    .join('; ');
  return { uid, cookie };
}

interface Step {
  status: number;
  retryAfter: string | null;
  message: string;
}

async function postLogin(portal: RunningPortal, from: string, it: { uid: string; cookie: string }, email: string, password: string): Promise<Step> {
  const url = new URL(`${portal.url}/oidc/interaction/${it.uid}/login`);
  const body = JSON.stringify({ email, password });
  return new Promise<Step>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: it.cookie } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          const message = (JSON.parse(text) as { message?: string }).message ?? '';
          resolve({ status: res.statusCode ?? 0, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null, message });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const loginFrom = async (portal: RunningPortal, from: string, email: string, password: string) => postLogin(portal, from, await interaction(portal), email, password);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('per-account limit (LOGIN_ACCOUNT_MAX_FAILURES, default 20 in 900 s)', () => {
  let p: RunningPortal;
  beforeAll(async () => {
    p = await startTestPortal();
  });
  afterAll(async () => {
    await p?.close();
  });

  it('six addresses × five guesses at one account: 429 before the thirtieth guess, for every address', async () => {
    const steps: Step[] = [];
    for (let a = 1; a <= 6; a++) {
      for (let i = 0; i < 5; i++) steps.push(await loginFrom(p, `127.0.1.${a}`, 'admin@demo.test', `Wrong-pass-${a}-${i}!`));
    }
    const guessed = steps.filter((s) => s.status === 401).length;
    expect(guessed).toBe(20);
    expect(steps.slice(20).every((s) => s.status === 429 && s.message === LOGIN_MESSAGES.tooMany && Number(s.retryAfter) > 0)).toBe(true);
    // A seventh address, with the right password: the account is refused until its window ends.
    const right = await loginFrom(p, '127.0.1.7', 'admin@demo.test', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(800);
    // Other accounts are not affected.
    expect((await loginFrom(p, '127.0.1.7', 'agent@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('per-account limit: the owner is slowed, never locked out for good', () => {
  let p: RunningPortal;
  beforeAll(async () => {
    p = await startTestPortal({ LOGIN_ACCOUNT_MAX_FAILURES: '3', LOGIN_ACCOUNT_WINDOW_SECONDS: '4' });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('after the window the right password gets in; an address the owner signed in from is never refused by the account limit', async () => {
    // The owner signs in once from their own address: it becomes known for the account. (A user without two-step
    // sign-in: for an enrolled one the address becomes known only once the second step succeeds, decision 021.)
    expect((await loginFrom(p, '127.0.2.1', 'carrieredit@demo.test', DEMO_PASSWORD)).status).toBe(200);
    const guesses: number[] = [];
    for (let a = 2; a <= 5; a++) guesses.push((await loginFrom(p, `127.0.2.${a}`, 'carrieredit@demo.test', 'Not-the-password-1!')).status);
    expect(guesses).toEqual([401, 401, 401, 429]);
    // A new address, even with the right password, waits for the window…
    const blocked = await loginFrom(p, '127.0.2.6', 'carrieredit@demo.test', DEMO_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(4);
    // …while the owner's known address gets in at once.
    expect((await loginFrom(p, '127.0.2.1', 'carrieredit@demo.test', DEMO_PASSWORD)).status).toBe(200);
    // The guesses go on, and the window ends: the right password works again from anywhere.
    for (let a = 7; a <= 9; a++) await loginFrom(p, `127.0.2.${a}`, 'carrieredit@demo.test', 'Not-the-password-2!');
    expect((await loginFrom(p, '127.0.2.10', 'carrieredit@demo.test', DEMO_PASSWORD)).status).toBe(429);
    await sleep(4200);
    expect((await loginFrom(p, '127.0.2.10', 'carrieredit@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });
});

describe('per-address limit across emails (LOGIN_ADDRESS_MAX_FAILURES, default 50 in 900 s)', () => {
  let p: RunningPortal;
  beforeAll(async () => {
    p = await startTestPortal();
  });
  afterAll(async () => {
    await p?.close();
  });

  it('one address trying many (email, password) pairs gets 429 after 50 failures; other addresses do not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      // Known emails (three failures each, under the per-(address, email) limit) and unknown ones.
      const email = i < 9 ? ['agent@demo.test', 'admin@demo.test', 'internal@demo.test'][i % 3]! : `nobody-${i}@demo.test`;
      statuses.push((await loginFrom(p, '127.0.3.1', email, `Guess-${i}-password!`)).status);
    }
    expect(statuses.indexOf(429)).toBe(50);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
    const right = await loginFrom(p, '127.0.3.1', 'agent@demo.test', DEMO_PASSWORD);
    expect([right.status, right.message]).toEqual([429, LOGIN_MESSAGES.tooMany]);
    expect((await loginFrom(p, '127.0.3.2', 'agent@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('successful sign-ins are not counted: one address signs in many users many times', async () => {
    for (let i = 0; i < 30; i++) {
      const email = ['agent@demo.test', 'admin@demo.test', 'ce@demo.test'][i % 3]!;
      expect((await loginFrom(p, '127.0.3.3', email, DEMO_PASSWORD)).status).toBe(200);
    }
  });
});

describe('password-hash pool under a flood of sign-ins (PASSWORD_HASH_THREADS 1, PASSWORD_HASH_QUEUE 2)', () => {
  let p: RunningPortal;
  beforeAll(async () => {
    p = await startTestPortal({ PASSWORD_HASH_THREADS: '1', PASSWORD_HASH_QUEUE: '2' });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('excess attempts get 429 with Retry-After at once, none 5xx, and the site answers while the pool is busy', async () => {
    const interactions = await Promise.all(Array.from({ length: 24 }, () => interaction(p)));
    const flood = interactions.map((it, i) => postLogin(p, `127.0.4.${i + 1}`, it, `flood-${i}@demo.test`, 'Flood-password-1!'));
    // The pool is working through the flood…
    await expect.poll(() => passwordPoolLoad().running, { interval: 1, timeout: 5000 }).toBe(1);
    // …and the static site and a cheap call still answer.
    const [page, config] = await Promise.all([fetch(`${p.url}/dashboard/login`), fetch(`${p.url}/auth-config.json`)]);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
    expect(config.status).toBe(200);
    const steps = await Promise.all(flood);
    const busy = steps.filter((s) => s.status === 429);
    expect(steps.every((s) => s.status === 401 || s.status === 429)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(steps.filter((s) => s.status === 401).length).toBeGreaterThanOrEqual(3);
    for (const s of busy) expect([s.message, s.retryAfter]).toEqual([LOGIN_MESSAGES.busy, '2']);
    // The refusals are logged, at most a line a second, not a line each.
    const busyLines = lines.filter((l) => l.includes('password hash pool busy'));
    expect(busyLines.length).toBeGreaterThan(0);
    expect(busyLines.length).toBeLessThan(busy.length);
    // Refusals are not failures: once the flood passes, the same addresses sign in.
    expect((await loginFrom(p, '127.0.4.1', 'agent@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });
});
