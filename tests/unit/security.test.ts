import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { exportJWK, exportSPKI, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKeys, publicJwks } from '../../src/server/auth/secrets.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { AUDIENCE, callApi, signInForTokens, signWithProviderKey, startTestPortal, type Tokens } from './helpers/portal.ts';

let portal: RunningPortal;
let agent: Tokens;
let agentId: string;

beforeAll(async () => {
  portal = await startTestPortal();
  agent = await signInForTokens(portal, 'agent@demo.test');
  agentId = String(decodeJwt(agent.access_token).sub);
});
afterAll(async () => {
  await portal?.close();
});

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const count = async (table: string) => (await portal.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

/** Calls an authenticated route with a raw Authorization header value. */
const withAuth = (authorization: string | null, path = 'User/GetUserAgencyList') =>
  callApi(portal, path, { body: { AppName: 'AgentPortal' }, headers: authorization === null ? {} : { authorization } });

function expect401(res: Awaited<ReturnType<typeof callApi>>) {
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
  expect(res.json).toEqual({ isSuccess: false, message: 'Unauthorized', code: 'unauthorized', result: null });
}

describe('bearer tokens', () => {
  const goodClaims = () => ({ sub: agentId, dashboardUserRole: 'SFAD_Agent' });

  it('control: the real access token and a token signed with the provider key are accepted', async () => {
    expect((await withAuth(`Bearer ${agent.access_token}`)).status).toBe(200);
    expect((await withAuth(`Bearer ${await signWithProviderKey(portal, goodClaims())}`)).status).toBe(200);
  });

  it('no Authorization header → 401', async () => {
    expect401(await withAuth(null));
  });

  it('alg none → 401', async () => {
    const iss = portal.oidc!.issuer;
    const payload = { ...goodClaims(), iss, aud: AUDIENCE, iat: now(), exp: now() + 300 };
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${b64url({ alg, typ: 'JWT' })}.${b64url(payload)}.`;
      expect401(await withAuth(`Bearer ${unsigned}`));
      // With a bogus signature part too.
      expect401(await withAuth(`Bearer ${unsigned}${Buffer.from('sig').toString('base64url')}`));
    }
  });

  it("HS256 signed with the provider's public key material as the secret → 401", async () => {
    const [jwk] = await loadSigningKeys(portal.db);
    const pub = publicJwks([jwk!]).keys[0]!;
    const pem = await exportSPKI((await importJWK({ ...pub, alg: 'RS256' } as JWK, 'RS256', { extractable: true })) as CryptoKey);
    const secrets = [new TextEncoder().encode(pem), new TextEncoder().encode(JSON.stringify(pub)), Buffer.from(pub.n as string, 'base64url')];
    for (const secret of secrets) {
      for (const alg of ['HS256', 'HS384', 'HS512']) {
        const forged = await new SignJWT(goodClaims())
          .setProtectedHeader({ alg, kid: jwk!.kid! })
          .setIssuer(portal.oidc!.issuer)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(secret);
        expect401(await withAuth(`Bearer ${forged}`));
      }
    }
  });

  it('wrong issuer → 401', async () => {
    for (const issuer of ['https://evil.example/oidc', `${portal.url}/oidc/`, portal.url, 'http://localhost/oidc']) {
      expect401(await withAuth(`Bearer ${await signWithProviderKey(portal, goodClaims(), { issuer })}`));
    }
  });

  it('wrong audience → 401 (including the ID token, whose audience is the client)', async () => {
    for (const audience of ['urn:other:api', 'agent-portal', `${AUDIENCE}x`]) {
      expect401(await withAuth(`Bearer ${await signWithProviderKey(portal, goodClaims(), { audience })}`));
    }
    expect401(await withAuth(`Bearer ${agent.id_token}`));
  });

  it('expired → 401', async () => {
    // Issued an hour ago, expired ten minutes ago (beyond the 5 s clock tolerance).
    const [jwk] = await loadSigningKeys(portal.db);
    const key = await importJWK(jwk!, 'RS256');
    const expired = await new SignJWT(goodClaims())
      .setProtectedHeader({ alg: 'RS256', kid: jwk!.kid!, typ: 'at+jwt' })
      .setIssuer(portal.oidc!.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(now() - 3600)
      .setExpirationTime(now() - 600)
      .sign(key);
    expect401(await withAuth(`Bearer ${expired}`));
    expect401(await withAuth(`Bearer ${await signWithProviderKey(portal, goodClaims(), { expiresIn: now() - 60 })}`));
  });

  it('not yet valid (nbf in the future) → 401', async () => {
    const [jwk] = await loadSigningKeys(portal.db);
    const key = await importJWK(jwk!, 'RS256');
    const future = await new SignJWT(goodClaims())
      .setProtectedHeader({ alg: 'RS256', kid: jwk!.kid! })
      .setIssuer(portal.oidc!.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setNotBefore(now() + 3600)
      .setExpirationTime(now() + 7200)
      .sign(key);
    expect401(await withAuth(`Bearer ${future}`));
  });

  it('a token signed by a freshly generated other RSA key → 401 (same kid or another kid)', async () => {
    const [jwk] = await loadSigningKeys(portal.db);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    for (const kid of [jwk!.kid!, 'attacker-key', undefined]) {
      const forged = await new SignJWT(goodClaims())
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(kid ? { kid } : {}) })
        .setIssuer(portal.oidc!.issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      expect401(await withAuth(`Bearer ${forged}`));
    }
    // An attacker embedding their own key in the header (jwk header) is not trusted either.
    const attackerJwk = await exportJWK(privateKey);
    const embedded = await new SignJWT(goodClaims())
      .setProtectedHeader({ alg: 'RS256', jwk: { kty: 'RSA', n: attackerJwk.n!, e: attackerJwk.e! } })
      .setIssuer(portal.oidc!.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect401(await withAuth(`Bearer ${embedded}`));
  });

  it('a tampered payload of a real token → 401', async () => {
    const [h, , s] = agent.access_token.split('.');
    const claims = { ...decodeJwt(agent.access_token), sub: 'someone-else', dashboardUserRole: 'SFAD_InternalAdmin' };
    expect401(await withAuth(`Bearer ${h}.${b64url(claims)}.${s}`));
  });

  it('missing sub, unknown sub, missing exp or iat → 401', async () => {
    const [jwk] = await loadSigningKeys(portal.db);
    const key = await importJWK(jwk!, 'RS256');
    const base = () => new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: jwk!.kid! }).setIssuer(portal.oidc!.issuer).setAudience(AUDIENCE);
    expect401(await withAuth(`Bearer ${await base().setIssuedAt().setExpirationTime('5m').sign(key)}`));
    expect401(await withAuth(`Bearer ${await base().setSubject('').setIssuedAt().setExpirationTime('5m').sign(key)}`));
    expect401(await withAuth(`Bearer ${await base().setSubject('no-such-user').setIssuedAt().setExpirationTime('5m').sign(key)}`));
    expect401(await withAuth(`Bearer ${await base().setSubject(agentId).setIssuedAt().sign(key)}`));
    expect401(await withAuth(`Bearer ${await base().setSubject(agentId).setExpirationTime('5m').sign(key)}`));
  });

  it('garbage and malformed Authorization headers → 401', async () => {
    const garbage = [
      'Bearer garbage',
      'Bearer a.b.c',
      'Bearer ' + 'x'.repeat(9000),
      'Bearer',
      'Bearer ',
      'bearer ' + agent.access_token.replace(/./g, 'A'),
      'Basic ' + Buffer.from('agent@demo.test:Demo!2345').toString('base64'),
      `Token ${agent.access_token}`,
      `Bearer  ${agent.access_token}`,
      `Bearer ${agent.access_token} extra`,
      `Bearer ${randomBytes(64).toString('base64url')}.${randomBytes(64).toString('base64url')}.${randomBytes(64).toString('base64url')}`,
      'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
    ];
    for (const g of garbage) expect401(await withAuth(g));
  });

  it('every authenticated route refuses a bad token the same way', async () => {
    const bad = `Bearer ${await signWithProviderKey(portal, goodClaims(), { audience: 'urn:other:api' })}`;
    for (const path of ['setup', 'setup/SetupAnalytics', 'Analytics/LogPageView', 'ViewError/error', 'AccountManager/GetAccountManagerDetails', 'User/UpdateUserDefaultAgency', 'User/ClearAgencyNotificationFlag', 'User/NotifyUserLoggedIn/']) {
      expect401(await withAuth(bad, path));
    }
    const get = await callApi(portal, `User/GetUserDetails?AppName=AgentPortal&userId=${agentId}`, { headers: { authorization: bad } });
    expect401(get);
  });
});

describe('security headers', () => {
  function checkHeaders(h: Headers, what: string) {
    const csp = h.get('content-security-policy');
    expect(csp, what).toBeTruthy();
    const directives = Object.fromEntries(
      csp!.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(directives['script-src'], what).toBeDefined();
    expect(directives['script-src'], what).not.toContain("'unsafe-inline'");
    expect(directives['script-src'], what).not.toContain("'unsafe-eval'");
    expect(directives['script-src'], what).not.toContain('*');
    expect(directives['frame-ancestors'], what).toEqual(["'none'"]);
    expect(directives['object-src'], what).toEqual(["'none'"]);
    expect(directives['default-src'], what).toEqual(["'self'"]);
    const hsts = h.get('strict-transport-security');
    const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1] ?? 0);
    expect(maxAge, what).toBeGreaterThanOrEqual(31536000);
    expect(h.get('x-content-type-options'), what).toBe('nosniff');
    expect(h.get('referrer-policy'), what).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
    expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin');
    expect(h.get('x-frame-options'), what).toBe('DENY');
    expect(h.get('x-powered-by'), what).toBeNull();
  }

  /** An API answer is never a document: a policy that allows nothing, and the headers that matter for a non-page. */
  function checkApiHeaders(h: Headers, what: string) {
    const directives = Object.fromEntries(h.get('content-security-policy')!.split(';').map((d) => d.trim().split(/\s+/)).map(([n, ...v]) => [n!, v]));
    expect(directives, what).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] });
    expect(Number(/max-age=(\d+)/.exec(h.get('strict-transport-security') ?? '')?.[1] ?? 0), what).toBeGreaterThanOrEqual(31536000);
    expect(h.get('x-content-type-options'), what).toBe('nosniff');
    expect(h.get('x-frame-options'), what).toBe('DENY');
    expect(h.get('cross-origin-resource-policy'), what).toBe('same-origin');
    expect(h.get('referrer-policy'), what).toBe('no-referrer');
    expect(h.get('cache-control'), what).toBe('no-store');
    expect(h.get('x-powered-by'), what).toBeNull();
  }

  it('on API replies (success, 401, 404, 400, on all three services)', async () => {
    checkApiHeaders((await callApi(portal, 'States/GetStates')).headers, 'GetStates');
    checkApiHeaders((await withAuth(null)).headers, '401');
    checkApiHeaders((await callApi(portal, 'No/Such/Route')).headers, '404');
    checkApiHeaders((await fetch(`${portal.url}/api/v1/contentmanagement/search/?q=glass`)).headers, 'content search');
    checkApiHeaders((await fetch(`${portal.url}/experiments/api/v1/no-such-call`)).headers, 'experiments 404');
    // The site's long policy is not sent with a call.
    expect((await callApi(portal, 'States/GetStates')).headers.get('content-security-policy')).not.toContain('script-src');
  });

  it('on the provider discovery document and provider errors', async () => {
    const res = await fetch(`${portal.url}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    checkHeaders(res.headers, 'discovery');
    const doc = (await res.json()) as { issuer: string; code_challenge_methods_supported: string[] };
    expect(doc.issuer).toBe(portal.oidc!.issuer);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    const bad = await fetch(`${portal.url}/oidc/auth?client_id=nope`, { redirect: 'manual' });
    checkHeaders(bad.headers, 'provider error page');
    const jwks = await fetch(`${portal.url}/oidc/jwks`);
    checkHeaders(jwks.headers, 'jwks');
    const keys = ((await jwks.json()) as { keys: Record<string, unknown>[] }).keys;
    for (const k of keys) for (const priv of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(k[priv]).toBeUndefined();
  });

  it('on /auth-config.json', async () => {
    const res = await fetch(`${portal.url}/auth-config.json`);
    checkHeaders(res.headers, 'auth-config');
    expect(await res.json()).toEqual({ authority: portal.oidc!.issuer, clientId: 'agent-portal', scope: 'openid profile email', audience: AUDIENCE });
  });

  const hasDist = existsSync('dist/dashboard/login/index.html');
  it.skipIf(!hasDist)('on static pages (/dashboard/login), and every inline script is allowed by hash', async () => {
    const res = await fetch(`${portal.url}/dashboard/login`);
    expect(res.status).toBe(200);
    checkHeaders(res.headers, 'static');
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!).filter((s) => s.trim());
    for (const body of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    // No inline event handlers (they would need 'unsafe-inline').
    expect(html).not.toMatch(/\son(click|load|error|submit)=/i);
  });

  it.skipIf(!hasDist)('on the static 404 page', async () => {
    const res = await fetch(`${portal.url}/no/such/page`);
    expect(res.status).toBe(404);
    checkHeaders(res.headers, 'static 404');
  });
});

describe('request hygiene', () => {
  it('a mutating call with Origin: https://evil.example → 403 and nothing written', async () => {
    const before = { pv: await count('page_views'), ce: await count('client_errors'), as: await count('analytics_sessions') };
    const evil = { origin: 'https://evil.example' };
    const token = agent.access_token;
    const calls: [string, unknown][] = [
      ['Analytics/LogPageView', { AppName: 'AgentPortal', WebPage: '/dashboard/' }],
      ['ViewError/error', { AppName: 'AgentPortal', error: 'x' }],
      ['setup/SetupAnalytics', { AppName: 'AgentPortal', UserAgent: 'x', DeviceId: 'device-evil-0001' }],
      ['User/UpdateUserDefaultAgency', { AppName: 'AgentPortal', AgencyNumber: '20077314' }],
      ['User/ClearAgencyNotificationFlag', { AppName: 'AgentPortal', AgencyNumber: '20077314' }],
      ['User/NotifyUserLoggedIn/', { AppName: 'AgentPortal' }],
    ];
    for (const [path, body] of calls) {
      for (const origin of ['https://evil.example', 'null', `${portal.url}.evil.example`, portal.url.replace('http://', 'https://')]) {
        const res = await callApi(portal, path, { token, body, headers: { ...evil, origin } });
        expect(res.status, `${path} from ${origin}`).toBe(403);
        expect(res.json).toEqual({ isSuccess: false, message: 'Cross-origin request refused.', code: 'crossOrigin', result: null });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
    }
    expect({ pv: await count('page_views'), ce: await count('client_errors'), as: await count('analytics_sessions') }).toEqual(before);
    const [agentRow] = await portal.db.query<{ last_login_at: Date | null }>('SELECT last_login_at FROM users WHERE id = $1', [agentId]);
    expect(agentRow!.last_login_at).toBeNull();
    const links = await portal.db.query('SELECT agency_number, is_default_agency, show_agency_change_notification FROM user_agencies WHERE user_id = $1 ORDER BY agency_number', [agentId]);
    expect(links).toEqual([
      { agency_number: '10045821', is_default_agency: true, show_agency_change_notification: false },
      { agency_number: '20077314', is_default_agency: false, show_agency_change_notification: true },
    ]);
  });

  it('the same mutating call from the portal’s own origin (or without Origin) is accepted', async () => {
    const before = await count('page_views');
    const body = { AppName: 'AgentPortal', WebPage: '/dashboard/' };
    expect((await callApi(portal, 'Analytics/LogPageView', { token: agent.access_token, body, headers: { origin: portal.url } })).status).toBe(200);
    expect((await callApi(portal, 'Analytics/LogPageView', { token: agent.access_token, body })).status).toBe(200);
    expect(await count('page_views')).toBe(before + 2);
  });

  it('the sign-in step refuses another origin too', async () => {
    const res = await fetch(`${portal.url}/oidc/interaction/abcdefgh12345678/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'agent@demo.test', password: 'Demo!2345' }),
    });
    expect(res.status).toBe(403);
  });

  it('POST with text/plain (or no content type, or form encoding) → 415 and nothing written', async () => {
    const before = await count('page_views');
    const body = JSON.stringify({ AppName: 'AgentPortal', WebPage: '/dashboard/' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', '']) {
      const res = await fetch(`${portal.url}/agentdashboard/api/v1/Analytics/LogPageView`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agent.access_token}`, 'content-type': type },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ isSuccess: false, message: 'Content-Type must be application/json.', code: 'contentType', result: null });
    }
    expect(await count('page_views')).toBe(before);
    // application/json with a charset is fine.
    const okRes = await fetch(`${portal.url}/agentdashboard/api/v1/Analytics/LogPageView`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.access_token}`, 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    expect(okRes.status).toBe(200);
  });

  it('a body over 64 KB → 413 and nothing written (with and without Content-Length)', async () => {
    const before = await count('client_errors');
    const big = JSON.stringify({ AppName: 'AgentPortal', error: 'x'.repeat(70 * 1024) });
    const res = await callApi(portal, 'ViewError/error', { token: agent.access_token, body: big });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ isSuccess: false, message: 'Request body too large.', code: 'bodyTooLarge', result: null });
    // Chunked upload: no Content-Length header.
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < bytes.length; i += 8192) ctl.enqueue(bytes.slice(i, i + 8192));
        ctl.close();
      },
    });
    const chunked = await fetch(`${portal.url}/agentdashboard/api/v1/ViewError/error`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.access_token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(chunked.status).toBe(413);
    // Without a token the limit still applies (before any work is done).
    expect((await callApi(portal, 'ViewError/error', { body: big })).status).toBe(413);
    expect(await count('client_errors')).toBe(before);
  });

  it('a body just under 64 KB is read (and refused by validation, not by size)', async () => {
    const res = await callApi(portal, 'ViewError/error', { token: agent.access_token, body: { AppName: 'AgentPortal', error: 'x'.repeat(60 * 1024) } });
    expect(res.status).toBe(400);
    expect(res.json!.message).toContain('error: Must be at most 4000 characters');
  });

  it('invalid JSON → 400 with a message', async () => {
    for (const raw of ['{', '{"AppName":', 'not json', "{'AppName':'x'}", '']) {
      const res = await callApi(portal, 'Analytics/LogPageView', { token: agent.access_token, body: raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, JSON.stringify(raw)).toBe(400);
      expect(res.json).toEqual({ isSuccess: false, message: 'Invalid request: the body is not valid JSON.', code: 'notJson', result: null });
    }
  });

  it('valid JSON of the wrong shape → 400 with field errors', async () => {
    const res = await callApi(portal, 'Analytics/LogPageView', { token: agent.access_token, body: { AppName: 'AgentPortal', WebPage: 5, Extra: 1 } });
    expect(res.status).toBe(400);
    expect(res.json!.message).toMatch(/^Invalid request: /);
    expect(res.json!.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'WebPage' }), expect.objectContaining({ message: 'Unknown field(s): "Extra"' })]));
  });

  it('unknown API path → 404 envelope (any method, with or without a token)', async () => {
    for (const [path, method] of [['No/Such/Route', 'GET'], ['No/Such/Route', 'POST'], ['States/GetStates', 'DELETE'], ['setup', 'GET'], ['', 'GET']] as const) {
      const res = await callApi(portal, path, { method, token: agent.access_token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json).toEqual({ isSuccess: false, message: 'Not found.', code: 'notFound', result: null });
    }
    const anon = await callApi(portal, 'No/Such/Route');
    expect(anon.status).toBe(404);
    expect(anon.json).toEqual({ isSuccess: false, message: 'Not found.', code: 'notFound', result: null });
  });

  it('errors never leak stack traces or SQL', async () => {
    const res = await callApi(portal, `User/GetUserDetails?AppName=AgentPortal&userId=${"'; DROP TABLE users; --"}`, { token: agent.access_token });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).not.toMatch(/at \w+ \(|SELECT|pglite|node_modules/i);
    expect(await count('users')).toBe(DEMO_USERS.length);
  });
});
