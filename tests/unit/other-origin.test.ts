// A page opened on another name of the machine (http://127.0.0.1:PORT) goes to the public origin, where
// sign-in works; the Spanish host, the API, the provider and the sign-in settings stay where they are. The
// Spanish host is the site's second origin: a sign-in may start and end there, and its pages may call the API.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { LiveSite } from '../../src/server/live-site.ts';
import { absoluteAlternates, otherOriginRedirect, servedBodies } from '../../src/server/site.ts';
import { CLIENT_ID, startTestPortal } from './helpers/portal.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';

let portal: RunningPortal;
let port: string;

beforeAll(async () => {
  portal = await startTestPortal();
  port = new URL(portal.url).port;
});
afterAll(async () => {
  await portal?.close();
});

/** One request to the real server with the Host (and other) headers a browser or proxy would send: fetch() cannot set Host. */
function send(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; location: string | undefined; type: string | undefined }> {
  return new Promise((res, rej) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (r) => {
      r.resume();
      r.on('end', () => res({ status: r.statusCode ?? 0, location: r.headers.location, type: r.headers['content-type'] }));
    });
    req.on('error', rej);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe('a page opened at another origin than PUBLIC_URL', () => {
  it('http://127.0.0.1:PORT/… → 307 to the same path and query on http://localhost:PORT (the public origin)', async () => {
    expect(portal.url).toBe(`http://localhost:${port}`);
    for (const path of ['/dashboard/login?referral=%2Fdashboard%2Fstart-claim', '/dashboard/', '/', '/articles/what-is-adas-recalibration', '/tagged-articles?tag=coverage']) {
      const got = await send(path, { host: `127.0.0.1:${port}` });
      expect(got.status, path).toBe(307);
      expect(got.location, path).toBe(`${portal.url}${path}`);
    }
    // Any other name of the machine too, and HEAD like GET.
    expect((await send('/dashboard/', { host: `[::1]:${port}` })).location).toBe(`${portal.url}/dashboard/`);
    expect((await send('/dashboard/', { host: `my-laptop.lan:${port}` }, 'HEAD')).location).toBe(`${portal.url}/dashboard/`);
  });

  it('the public origin itself, and a proxy that names it in X-Forwarded-Host, are served (no redirect)', async () => {
    const cases: Record<string, string>[] = [{ host: `localhost:${port}` }, { host: `LOCALHOST:${port}` }, { host: `127.0.0.1:${port}`, 'x-forwarded-host': `localhost:${port}` }];
    for (const headers of cases) {
      const got = await send('/dashboard/login', headers);
      expect(got.status, JSON.stringify(headers)).not.toBe(307);
      expect(got.location).toBeUndefined();
    }
  });

  it('the Spanish host (espanol.…) is the second origin of the site: served as it is', async () => {
    for (const host of [`espanol.localhost:${port}`, `espanol.example.test:${port}`]) {
      const got = await send('/dashboard/login', { host });
      expect(got.status, host).not.toBe(307);
      expect(got.location).toBeUndefined();
    }
  });

  it('the API, the OpenID provider and /auth-config.json answer on any host, as before', async () => {
    const host = `127.0.0.1:${port}`;
    const config = await send('/auth-config.json', { host });
    expect(config.status).toBe(200);
    expect(config.type).toContain('application/json');
    expect((await send('/api/v1/contentmanagement/healthcheck', { host })).status).toBe(200);
    // The dashboard service still says 401 (no token), not a redirect.
    expect((await send('/agentdashboard/api/v1/User/GetUserAgencyList', { host, 'content-type': 'application/json' }, 'POST')).status).toBe(401);
    expect((await send('/oidc/.well-known/openid-configuration', { host })).status).toBe(200);
    const interaction = await send('/oidc/interaction/nope/details', { host });
    expect(interaction.status).not.toBe(307);
  });
});

describe('otherOriginRedirect (the rule)', () => {
  const page = (host: string | undefined, extra: Partial<Parameters<typeof otherOriginRedirect>[1]> = {}) => ({
    method: 'GET',
    path: '/dashboard/',
    search: '',
    host,
    forwardedHost: undefined,
    ...extra,
  });

  it('compares hosts with the default ports of the public origin', () => {
    expect(otherOriginRedirect('https://portal.example.com', page('portal.example.com:443'))).toBeNull();
    expect(otherOriginRedirect('https://portal.example.com', page('portal.example.com'))).toBeNull();
    expect(otherOriginRedirect('https://portal.example.com', page('portal.example.com:8443'))).toBe('https://portal.example.com/dashboard/');
    expect(otherOriginRedirect('http://localhost:4321', page('localhost:4322'))).toBe('http://localhost:4321/dashboard/');
  });

  it('goes only to PUBLIC_URL, whatever the host says; no host, a non-page method or an unreadable host is left alone', () => {
    expect(otherOriginRedirect('http://localhost:4321', page('evil.example/@x'))).toBe('http://localhost:4321/dashboard/');
    expect(otherOriginRedirect('http://localhost:4321', page(undefined))).toBeNull();
    expect(otherOriginRedirect('http://localhost:4321', page('127.0.0.1:4321', { method: 'POST' }))).toBeNull();
    expect(otherOriginRedirect('http://localhost:4321', page('bad host name'))).toBeNull();
    // The first X-Forwarded-Host of a chain of proxies is the browser's.
    expect(otherOriginRedirect('https://portal.example.com', page('10.0.0.5:4321', { forwardedHost: 'portal.example.com, proxy.internal' }))).toBeNull();
  });
});

describe('the Spanish host is the second origin of the site', () => {
  const spanish = () => `http://espanol.localhost:${port}`;

  /** The code flow as the browser runs it on the Spanish host: authorize with its redirect URI, the login step, the code. */
  async function codeFor(redirectUri: string) {
    const cookies = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const i = pair!.indexOf('=');
        cookies.set(pair!.slice(0, i).trim(), pair!.slice(i + 1).trim());
      }
      return res;
    };
    const verifier = randomBytes(32).toString('base64url');
    const auth = new URL(`${portal.url}/oidc/auth`);
    auth.search = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'x',
    }).toString();
    let res = await go(auth.href);
    const location = res.headers.get('location');
    if (!location) return { refused: res.status, verifier, code: null };
    const uid = new URL(location, portal.url).pathname.split('/').pop()!;
    res = await go(`${portal.url}/oidc/interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.url },
      body: JSON.stringify({ email: 'agent@demo.test', password: DEMO_PASSWORD }),
    });
    let next = ((await res.json()) as { result: { redirectTo: string } }).result.redirectTo;
    for (let i = 0; i < 5 && !next.startsWith(redirectUri); i++) next = (await go(new URL(next, portal.url).href)).headers.get('location') ?? '';
    return { refused: null, verifier, code: new URL(next).searchParams.get('code') };
  }

  it('a sign-in that starts on the Spanish host comes back there, and its page exchanges the code across origins (CORS)', async () => {
    const redirectUri = `${spanish()}/dashboard/login`;
    const { code, verifier } = await codeFor(redirectUri);
    expect(code).toBeTruthy();
    const res = await fetch(`${portal.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: spanish() },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, client_id: CLIENT_ID, code_verifier: verifier }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(spanish());
    const { access_token } = (await res.json()) as { access_token: string };

    // Its pages' state-changing calls are the site's own (same-origin check), another origin's are not.
    const notify = (origin: string) =>
      fetch(`${portal.url}/agentdashboard/api/v1/User/NotifyUserLoggedIn/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}`, origin },
        body: JSON.stringify({ AppName: 'AgentPortal' }),
      });
    expect((await notify(spanish())).status).toBe(200);
    expect((await notify('https://evil.example')).status).toBe(403);
  });

  it('another origin may neither be the redirect URI nor call the token endpoint from a page', async () => {
    expect((await codeFor('https://evil.example/dashboard/login')).refused).toBe(400);
    const res = await fetch(`${portal.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'nope', redirect_uri: `${portal.url}/dashboard/login`, client_id: CLIENT_ID, code_verifier: 'x'.repeat(43) }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await res.json()) as { error_description?: string }).error_description).toMatch(/origin https:\/\/evil\.example not allowed/);
  });

  it("pages may connect to the provider's origin (the CSP names it beside 'self')", async () => {
    const res = await fetch(`${portal.url}/auth-config.json`);
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${portal.url};`);
  });

  it('a form may end on either host of the site (form-action names both: a Spanish reader’s agency sign-in form on the main host ends on the Spanish host)', async () => {
    const res = await fetch(`${portal.url}/agency-idp/.well-known/openid-configuration`);
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' http://localhost:${port} http://espanol.localhost:${port};`);
  });
});

describe("pages' language alternates (hreflang) are absolute on the public origin", () => {
  it('a served content page names both languages with the full URL (search engines and Lighthouse SEO refuse relative ones)', async () => {
    const res = await fetch(new URL('/agency-care-desk/', portal.url));
    expect(res.status).toBe(200);
    const links = [...(await res.text()).matchAll(/<link rel="alternate" hreflang="([a-z]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['en', `http://localhost:${port}/agency-care-desk`],
      ['es', `http://localhost:${port}/es/agency-care-desk`],
    ]);
  });

  it('the rewrite touches only the alternates: other links, text and pages without alternates stay as they are', () => {
    const page = '<link rel="alternate" hreflang="es" href="/es/x"><a href="/y">/z</a><link rel="stylesheet" href="/_astro/a.css">';
    expect(absoluteAlternates(page, 'https://portal.example')).toBe('<link rel="alternate" hreflang="es" href="https://portal.example/es/x"><a href="/y">/z</a><link rel="stylesheet" href="/_astro/a.css">');
    const plain = '<a href="/y">hreflang</a>';
    expect(absoluteAlternates(plain, 'https://portal.example')).toBe(plain);
  });

  it('a page is read and rewritten once per site: kept until the site switches, the least recently served dropped past the limit', async () => {
    const root = mkdtempSync(join(tmpdir(), 'served-pages-'));
    const write = (dir: string, name: string, text: string) => {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, name), text);
      return join(root, dir, name);
    };
    const page = (href: string) => `<link rel="alternate" hreflang="es" href="${href}">`;
    const a = write('site-1', 'a.html', page('/es/a'));
    const site = new LiveSite(join(root, 'site-1'));
    const served = servedBodies(site, 'https://portal.example', 250);
    const text = async (file: string) => new TextDecoder().decode((await served(file)).raw);
    expect(await text(a)).toBe(page('https://portal.example/es/a'));
    // The folder of a live site does not change; were it to, the page kept is what is served.
    writeFileSync(a, page('/es/changed'));
    expect(await text(a)).toBe(page('https://portal.example/es/a'));

    // A publication switches the site: its pages are read afresh.
    const a2 = write('site-2', 'a.html', page('/es/a2'));
    site.switchTo(join(root, 'site-2'));
    expect(await text(a2)).toBe(page('https://portal.example/es/a2'));
    // A request that found its file before the switch reads the old site's page, which is not kept.
    expect(await text(a)).toBe(page('https://portal.example/es/changed'));
    writeFileSync(a, page('/es/old'));
    expect(await text(a)).toBe(page('https://portal.example/es/old'));

    // 250 bytes hold three of these pages (about 70 bytes each): a fourth drops the least recently served (b).
    const [b, c, d] = ['b', 'c', 'd'].map((n) => write('site-2', `${n}.html`, page(`/es/${n}`)));
    await text(b!);
    await text(c!);
    await text(a2); // served again: the most recent
    await text(d!);
    for (const f of [a2, b!, c!, d!]) writeFileSync(f, page('/es/rewritten'));
    expect(await text(a2)).toBe(page('https://portal.example/es/a2'));
    expect(await text(c!)).toBe(page('https://portal.example/es/c'));
    expect(await text(d!)).toBe(page('https://portal.example/es/d'));
    expect(await text(b!)).toBe(page('https://portal.example/es/rewritten'));
  });
});
