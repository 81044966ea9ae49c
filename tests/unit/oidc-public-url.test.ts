// The embedded provider's URLs come from PUBLIC_URL, not from the request's Host or X-Forwarded-Host (a forged
// header must not put another origin in the discovery document); only behind a proxy (TRUST_PROXY) does it
// follow the proxy's forwarded host. With an https PUBLIC_URL and TLS ended before this process (no
// X-Forwarded-Proto), a sign-in still starts: /oidc/auth sends the browser to the sign-in interaction.
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { authorizationRequest, startTestPortal } from './helpers/portal.ts';

/** One request to the real server on its real port, with any Host and forwarded headers (fetch() cannot set Host). */
function send(portal: RunningPortal, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { port } = portal.server.address() as { port: number };
  return new Promise((res, rej) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (r) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (body += chunk));
      r.on('end', () => res({ status: r.statusCode ?? 0, headers: r.headers, body }));
    });
    req.on('error', rej);
    req.end();
  });
}

/** Every URL in a discovery document (the issuer, the endpoints, the JWKS address). */
async function discoveryUrls(portal: RunningPortal, headers: Record<string, string>): Promise<string[]> {
  const res = await send(portal, '/oidc/.well-known/openid-configuration', headers);
  expect(res.status).toBe(200);
  const doc = JSON.parse(res.body) as Record<string, unknown>;
  const urls = Object.values(doc).filter((v): v is string => typeof v === 'string' && /^[a-z]+:\/\//i.test(v));
  expect(urls.length).toBeGreaterThanOrEqual(6);
  expect(doc.authorization_endpoint).toBeTypeOf('string');
  return urls;
}

/** A valid authorization request of the portal's client (code + PKCE) with the given redirect URI. */
const authPath = (redirectUri: string) => `/oidc/auth?${authorizationRequest(redirectUri).query}`;

const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
  { 'x-forwarded-host': 'evil.example' },
  { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example, portal.example.com', 'x-forwarded-proto': 'https' },
];

describe('not behind a proxy (no TRUST_PROXY): every URL of the provider comes from PUBLIC_URL', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ PUBLIC_URL: 'https://portal.example.com' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('a forged Host or X-Forwarded-Host: the discovery document lists only https://portal.example.com URLs', async () => {
    for (const headers of [{ host: 'portal.example.com' }, ...FORGED]) {
      for (const url of await discoveryUrls(portal, headers)) {
        expect(new URL(url).origin, `${JSON.stringify(headers)}: ${url}`).toBe('https://portal.example.com');
      }
    }
  });

  it('https PUBLIC_URL and no X-Forwarded-Proto: /oidc/auth sends the browser to the sign-in interaction (not 500), with secure cookies', async () => {
    for (const headers of [{ host: 'portal.example.com' }, { host: `127.0.0.1` }, ...FORGED]) {
      const res = await send(portal, authPath('https://portal.example.com/dashboard/login'), headers);
      expect(res.status, JSON.stringify(headers)).toBe(303);
      const location = new URL(res.headers.location as string, 'https://portal.example.com');
      expect(location.origin).toBe('https://portal.example.com');
      expect(location.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
      const cookies = res.headers['set-cookie'] ?? [];
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
    }
    // The interaction it names is there for the sign-in page (its cookie reached the browser).
    const res = await send(portal, authPath('https://portal.example.com/dashboard/login'), { host: 'portal.example.com' });
    const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const details = await send(portal, `${res.headers.location as string}/details`, { host: 'portal.example.com', cookie });
    expect(details.status, details.body).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY=1): the provider follows the proxy’s forwarded host and protocol', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startTestPortal({ PUBLIC_URL: 'https://portal.example.com', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('the discovery document names the forwarded host', async () => {
    const urls = await discoveryUrls(portal, { host: '127.0.0.1', 'x-forwarded-host': 'proxy.example.com', 'x-forwarded-proto': 'https' });
    const endpoints = urls.filter((u) => !u.endsWith('/oidc'));
    expect(endpoints.length).toBeGreaterThan(0);
    for (const url of endpoints) expect(new URL(url).origin, url).toBe('https://proxy.example.com');
  });

  it('a proxy that names no protocol: PUBLIC_URL’s (https), so /oidc/auth still reaches the interaction', async () => {
    const res = await send(portal, authPath('https://portal.example.com/dashboard/login'), { host: 'portal.example.com' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.location as string, 'https://portal.example.com').pathname).toMatch(/^\/oidc\/interaction\//);
  });
});
