/**
 * Passkeys (issue 14) through the real portal: registration in manage-account's calls, the sign-in step of the
 * provider's interaction, and the refusals — wrong origin, wrong or reused challenge, no user verification, a
 * counter that did not move, another user's passkey, a DEPROVISIONED user, too many failures — with answers
 * made by a software authenticator (real P-256 signatures, tests/unit/helpers/soft-authenticator.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { PASSKEY_MESSAGES, type Passkey } from '../../src/lib/api/passkeys.ts';
import { LOGIN_MESSAGES } from '../../src/lib/api/login.ts';
import { setLogLevel, setLogSink } from '../../src/server/log.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { relyingParty, removePasskeys } from '../../src/server/services/passkeys.ts';
import { authorizationRequest, callApi, CLIENT_ID, signInForTokens, startTestPortal } from './helpers/portal.ts';
import { SoftAuthenticator } from './helpers/soft-authenticator.ts';

let portal: RunningPortal;
let spanish: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const lines: string[] = [];
/** Every challenge and credential id the tests saw: none may reach a log line. */
const seen: string[] = [];

beforeAll(async () => {
  // A low limit so the refusal after repeated failures is reached quickly (a fresh interaction per test keeps the others clear).
  portal = await startTestPortal({ LOGIN_MAX_FAILURES: '3' });
  spanish = portal.url.replace('//localhost', '//espanol.localhost');
  for (const email of ['agent@demo.test', 'admin@demo.test', 'noaccount@demo.test']) {
    tokens[email] = (await signInForTokens(portal, email)).access_token;
    ids[email] = (await portal.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  }
  setLogLevel('debug');
  setLogSink((line) => lines.push(line));
});
afterAll(async () => {
  setLogSink();
  setLogLevel('silent');
  await portal?.close();
});

/** A tiny cookie jar for the provider's redirects. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    store(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const i = pair!.indexOf('=');
        const value = pair!.slice(i + 1).trim();
        if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(pair!.slice(0, i).trim());
        else cookies.set(pair!.slice(0, i).trim(), value);
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** Starts the provider's sign-in: the interaction's uid and a fetch that carries its cookies. */
async function interaction() {
  const cookies = jar();
  const redirectUri = `${portal.url}/dashboard/login`;
  const { query, verifier } = authorizationRequest(redirectUri);
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookies.header() } });
    cookies.store(res);
    return res;
  };
  const first = await go(`${portal.url}/oidc/auth?${query}`);
  const uid = new URL(first.headers.get('location')!, portal.url).pathname.split('/').pop()!;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await go(`${portal.url}/oidc/interaction/${uid}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as { isSuccess: boolean; message: string; result: unknown } };
  };
  /** Follows the provider to the code and exchanges it: the user the tokens are for. */
  const finish = async (redirectTo: string) => {
    let next = redirectTo;
    for (let i = 0; i < 5 && !next.startsWith(redirectUri); i++) next = (await go(new URL(next, portal.url).href)).headers.get('location') ?? '';
    const code = new URL(next).searchParams.get('code')!;
    const res = await fetch(`${portal.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: CLIENT_ID, code_verifier: verifier }),
    });
    const t = (await res.json()) as { access_token: string };
    return JSON.parse(Buffer.from(t.access_token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  };
  return { uid, post, finish };
}

/** Passkey sign-in options for a new interaction. */
async function signInOptions(headers: Record<string, string> = {}) {
  const flow = await interaction();
  const res = await flow.post('/passkey/options', {}, headers);
  expect(res.status).toBe(200);
  const options = res.json.result as PublicKeyCredentialRequestOptionsJSON;
  seen.push(options.challenge);
  return { flow, options };
}

/** Registers a passkey for `email` with `auth`; the reply. */
async function register(email: string, auth: SoftAuthenticator, opts: { name?: string; origin?: string; userVerified?: boolean; challenge?: string } = {}) {
  const origin = opts.origin ?? portal.url;
  // The page's origin as the browser sends it (one of the site's); the client data may name another.
  const requestOrigin = origin === spanish ? spanish : portal.url;
  const start = await callApi(portal, 'User/StartPasskeyRegistration', { token: tokens[email], body: { AppName: 'AgentPortal' }, headers: { origin: requestOrigin } });
  expect(start.status).toBe(200);
  const options = start.json!.result as PublicKeyCredentialCreationOptionsJSON;
  const response = auth.create(options, { origin, userVerified: opts.userVerified, challenge: opts.challenge });
  seen.push(options.challenge, response.id);
  const finish = await callApi(portal, 'User/FinishPasskeyRegistration', {
    token: tokens[email],
    body: { AppName: 'AgentPortal', Response: response, ...(opts.name !== undefined ? { Name: opts.name } : {}) },
    headers: { origin: requestOrigin },
  });
  return { options, response, status: finish.status, json: finish.json, passkey: finish.json?.result as Passkey };
}

const list = async (email: string) => (await callApi(portal, 'User/GetPasskeys', { token: tokens[email] })).json!.result as Passkey[];

describe('passkeys: registration', () => {
  it('the options require a discoverable credential and user verification, for the public host as relying party', async () => {
    const res = await callApi(portal, 'User/StartPasskeyRegistration', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal' } });
    const options = res.json!.result as PublicKeyCredentialCreationOptionsJSON;
    expect(options.rp).toEqual({ name: 'Agent Portal', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.user.name).toBe('agent@demo.test');
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('adds a passkey (a given name, or "Passkey N"), listed with its dates; the counter and key are stored', async () => {
    const auth = new SoftAuthenticator();
    const named = await register('agent@demo.test', auth, { name: '  Work laptop  ' });
    expect(named.status).toBe(200);
    expect(named.passkey).toMatchObject({ Id: named.response.id, Name: 'Work laptop', LastUsedAt: null });
    const unnamed = await register('agent@demo.test', auth);
    expect(unnamed.passkey.Name).toBe('Passkey 1');
    const mine = await list('agent@demo.test');
    expect(mine.map((p) => p.Name)).toEqual(['Work laptop', 'Passkey 1']);
    expect(Date.now() - Date.parse(mine[0]!.CreatedAt)).toBeLessThan(60_000);
    const [row] = await portal.db.query<{ counter: string; transports: string[]; user_id: string }>('SELECT counter, transports, user_id FROM passkeys WHERE id = $1', [named.response.id]);
    expect(row).toMatchObject({ user_id: ids['agent@demo.test'], transports: ['internal'] });
    expect(Number(row!.counter)).toBe(0);
    // The options of the next registration exclude the passkeys already there.
    const next = await callApi(portal, 'User/StartPasskeyRegistration', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal' } });
    expect((next.json!.result as PublicKeyCredentialCreationOptionsJSON).excludeCredentials!.map((c) => c.id)).toEqual(expect.arrayContaining([named.response.id, unnamed.response.id]));
    await removePasskeys(portal.db, ids['agent@demo.test']!);
  });

  it('refuses an answer from another origin, for another challenge, or without user verification; the challenge is single use', async () => {
    const auth = new SoftAuthenticator();
    for (const bad of [{ origin: 'https://evil.example' }, { challenge: 'A'.repeat(43) }, { userVerified: false }]) {
      const res = await register('agent@demo.test', auth, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json).toMatchObject({ isSuccess: false, message: PASSKEY_MESSAGES.registrationFailed, code: 'passkeyRegistrationFailed' });
    }
    // A good answer to a challenge already used (by a refused answer) is refused: the challenge went with it.
    const { response } = await register('agent@demo.test', auth, { origin: 'https://evil.example' });
    const again = await callApi(portal, 'User/FinishPasskeyRegistration', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal', Response: response } });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ message: PASSKEY_MESSAGES.expired, code: 'passkeyExpired' });
    expect(await list('agent@demo.test')).toEqual([]);
  });

  it('the Spanish host is another origin of the same relying party: a passkey added there signs in on the public host', async () => {
    const auth = new SoftAuthenticator();
    const res = await register('agent@demo.test', auth, { origin: spanish });
    expect(res.status).toBe(200);
    expect(res.options.rp.id).toBe('localhost');
    const { flow, options } = await signInOptions({ origin: spanish });
    expect(options.rpId).toBe('localhost');
    const done = await flow.post('/passkey', { response: auth.get(options, { origin: portal.url }) });
    expect(done.status).toBe(200);
    expect((await flow.finish((done.json.result as { redirectTo: string }).redirectTo)).sub).toBe(ids['agent@demo.test']);
    await removePasskeys(portal.db, ids['agent@demo.test']!);
  });

  it('the relying party is the public host, for both of its origins', () => {
    expect(relyingParty('https://portal.example.com')).toEqual({ id: 'portal.example.com', origins: ['https://portal.example.com', 'https://espanol.portal.example.com'] });
  });
});

describe('passkeys: sign-in', () => {
  const auth = new SoftAuthenticator();
  let credentialId = '';
  beforeAll(async () => {
    credentialId = (await register('admin@demo.test', auth, { name: 'Phone' })).response.id;
  });

  it('signs in with a passkey, no email asked: the tokens are the owner’s; last used and the counter are recorded', async () => {
    const { flow, options } = await signInOptions();
    expect(options.rpId).toBe('localhost');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const done = await flow.post('/passkey', { response: auth.get(options, { origin: portal.url }) });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    const claims = await flow.finish((done.json.result as { redirectTo: string }).redirectTo);
    expect(claims.sub).toBe(ids['admin@demo.test']);
    const [row] = await portal.db.query<{ counter: string; last_used_at: Date | null }>('SELECT counter, last_used_at FROM passkeys WHERE id = $1', [credentialId]);
    expect(Number(row!.counter)).toBe(auth.credentials[0]!.counter);
    expect(row!.last_used_at).not.toBeNull();
    expect((await list('admin@demo.test'))[0]!.LastUsedAt).not.toBeNull();
  });

  it('refuses another origin, another challenge, no user verification; each answer takes the challenge', async () => {
    for (const bad of [{ origin: 'https://evil.example' }, { origin: portal.url, challenge: 'B'.repeat(43) }, { origin: portal.url, userVerified: false }]) {
      const { flow, options } = await signInOptions();
      const res = await flow.post('/passkey', { response: auth.get(options, bad) });
      expect(res.status, JSON.stringify(bad)).toBe(401);
      expect(res.json).toMatchObject({ isSuccess: false, message: PASSKEY_MESSAGES.failed, code: 'passkeyFailed' });
      // The right answer after a wrong one: the challenge is gone.
      const retry = await flow.post('/passkey', { response: auth.get(options, { origin: portal.url }) });
      expect(retry.status).toBe(401);
    }
  });

  it('a challenge is single use: the same assertion twice is refused the second time', async () => {
    const { flow, options } = await signInOptions();
    const assertion = auth.get(options, { origin: portal.url });
    expect((await flow.post('/passkey', { response: assertion })).status).toBe(200);
    const replay = await interaction();
    await replay.post('/passkey/options', {});
    expect((await replay.post('/passkey', { response: assertion })).status).toBe(401);
  });

  it('a challenge of another interaction is refused', async () => {
    const a = await signInOptions();
    const b = await signInOptions();
    // B's own challenge is still there; A's answer signed for A's challenge does not fit B.
    expect((await b.flow.post('/passkey', { response: auth.get(a.options, { origin: portal.url }) })).status).toBe(401);
  });

  it('a counter that did not move forward is refused (a cloned authenticator)', async () => {
    const [stored] = await portal.db.query<{ counter: string }>('SELECT counter FROM passkeys WHERE id = $1', [credentialId]);
    const used = Number(stored!.counter);
    expect(used).toBeGreaterThan(0);
    const { flow, options } = await signInOptions();
    const res = await flow.post('/passkey', { response: auth.get(options, { origin: portal.url, counter: used }) });
    expect(res.status).toBe(401);
    const [row] = await portal.db.query<{ counter: string }>('SELECT counter FROM passkeys WHERE id = $1', [credentialId]);
    expect(Number(row!.counter)).toBe(used);
  });

  it('an unknown credential and a malformed answer are refused', async () => {
    const stranger = new SoftAuthenticator();
    stranger.create({ ...(await callApi(portal, 'User/StartPasskeyRegistration', { token: tokens['noaccount@demo.test'], body: { AppName: 'AgentPortal' } })).json!.result as PublicKeyCredentialCreationOptionsJSON }, { origin: portal.url });
    const { flow, options } = await signInOptions();
    expect((await flow.post('/passkey', { response: stranger.get(options, { origin: portal.url }) })).status).toBe(401);
    const other = await signInOptions();
    const res = await other.flow.post('/passkey', { response: { id: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(PASSKEY_MESSAGES.failed);
  });

  it('a DEPROVISIONED user cannot sign in with their passkey', async () => {
    const own = new SoftAuthenticator();
    await register('noaccount@demo.test', own);
    await portal.db.query("UPDATE users SET status = 'DEPROVISIONED' WHERE email = 'noaccount@demo.test'");
    try {
      const { flow, options } = await signInOptions();
      const res = await flow.post('/passkey', { response: own.get(options, { origin: portal.url }) });
      expect(res.status).toBe(401);
      expect(res.json.message).toBe(PASSKEY_MESSAGES.failed);
    } finally {
      await portal.db.query("UPDATE users SET status = 'ACTIVE' WHERE email = 'noaccount@demo.test'");
    }
  });

  it('repeated failures on one interaction get 429 (the sign-in limiter), even for a right answer', async () => {
    const { flow } = await signInOptions();
    for (let i = 0; i < 3; i++) {
      const opts = (await flow.post('/passkey/options', {})).json.result as PublicKeyCredentialRequestOptionsJSON;
      expect((await flow.post('/passkey', { response: auth.get(opts, { origin: 'https://evil.example' }) })).status).toBe(401);
    }
    const blocked = await flow.post('/passkey/options', {});
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe(LOGIN_MESSAGES.tooMany);
  });

  it('an unknown interaction is refused', async () => {
    const res = await fetch(`${portal.url}/oidc/interaction/unknown-interaction-uid/passkey/options`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
  });
});

describe('passkeys: one user never touches another’s', () => {
  it('lists only the caller’s; renaming or removing another user’s passkey is not found and changes nothing', async () => {
    const auth = new SoftAuthenticator();
    const theirs = (await register('admin@demo.test', auth, { name: 'Admin key' })).passkey;
    expect((await list('agent@demo.test')).map((p) => p.Id)).not.toContain(theirs.Id);
    const rename = await callApi(portal, 'User/RenamePasskey', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal', Id: theirs.Id, Name: 'Mine now' } });
    expect(rename.status).toBe(404);
    expect(rename.json).toMatchObject({ message: PASSKEY_MESSAGES.notFound, code: 'passkeyNotFound' });
    const remove = await callApi(portal, 'User/DeletePasskey', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal', Id: theirs.Id } });
    expect(remove.status).toBe(404);
    expect((await list('admin@demo.test')).find((p) => p.Id === theirs.Id)).toMatchObject({ Name: 'Admin key' });
  });

  it('the owner renames and removes', async () => {
    const auth = new SoftAuthenticator();
    const mine = (await register('agent@demo.test', auth)).passkey;
    const renamed = await callApi(portal, 'User/RenamePasskey', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal', Id: mine.Id, Name: 'Tablet' } });
    expect(renamed.json!.result).toMatchObject({ Id: mine.Id, Name: 'Tablet' });
    const empty = await callApi(portal, 'User/RenamePasskey', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal', Id: mine.Id, Name: '   ' } });
    expect(empty.status).toBe(400);
    const left = await callApi(portal, 'User/DeletePasskey', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal', Id: mine.Id } });
    expect(left.status).toBe(200);
    expect((left.json!.result as Passkey[]).map((p) => p.Id)).not.toContain(mine.Id);
  });
});

describe('removePasskeys (issue 15’s ResetMFA)', () => {
  it('removes every passkey of one user and their unfinished registration; nobody else’s; the passkey no longer signs in', async () => {
    const auth = new SoftAuthenticator();
    await register('agent@demo.test', auth, { name: 'One' });
    await register('agent@demo.test', new SoftAuthenticator(), { name: 'Two' });
    await callApi(portal, 'User/StartPasskeyRegistration', { token: tokens['agent@demo.test'], body: { AppName: 'AgentPortal' } });
    const adminBefore = await list('admin@demo.test');
    expect(adminBefore.length).toBeGreaterThan(0);
    expect(await removePasskeys(portal.db, ids['agent@demo.test']!)).toBe(2);
    expect(await list('agent@demo.test')).toEqual([]);
    expect(await portal.db.query('SELECT 1 FROM passkey_challenges WHERE user_id = $1', [ids['agent@demo.test']!])).toEqual([]);
    expect(await list('admin@demo.test')).toEqual(adminBefore);
    const { flow, options } = await signInOptions();
    expect((await flow.post('/passkey', { response: auth.get(options, { origin: portal.url }) })).status).toBe(401);
  });
});

describe('passkeys: logs', () => {
  it('hold no challenge, credential id, key or signature', async () => {
    const challenges = [...seen, ...(await portal.db.query<{ challenge: string }>('SELECT challenge FROM passkey_challenges')).map((r) => r.challenge)];
    expect(challenges.length).toBeGreaterThan(20);
    const credentials = await portal.db.query<{ id: string; public_key: string }>('SELECT id, public_key FROM passkeys');
    const text = lines.join('\n');
    expect(text).toContain('sign-in by passkey');
    expect(text).toContain('passkey sign-in failed');
    for (const secret of [...challenges, ...credentials.flatMap((c) => [c.id, c.public_key])]) expect(text).not.toContain(secret);
    // Nor a hash of one (a log line is no place for them).
    for (const c of credentials) expect(text).not.toContain(createHash('sha256').update(c.id).digest('hex').slice(0, 16));
  });
});
