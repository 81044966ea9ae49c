import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { openPglite } from '../../../src/server/db/index.ts';
import { loadSigningKeys } from '../../../src/server/auth/secrets.ts';
import { EnvSchema } from '../../../src/server/env.ts';
import { startServer, type RunningPortal } from '../../../src/server/server.ts';
import { DEMO_PASSWORD } from '../../../src/server/db/seed.ts';
import { DEMO_TOTP_SECRET, timeStep, totpCode, TOTP_PERIOD } from '../../../src/server/services/mfa.ts';
import { MFA_MESSAGES } from '../../../src/lib/api/mfa.ts';

/** The audience the API requires. */
export const AUDIENCE = 'urn:agent-portal:api';
export const CLIENT_ID = 'agent-portal';

/** Starts the real portal (API + embedded provider) on a free port with an in-memory database and demo data. */
export async function startTestPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const db = await openPglite();
  // A fresh DATA_DIR: published sites of a developer's ./.data must not leak into tests.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  return startServer(EnvSchema.parse({ PORT: '0', HOST: '127.0.0.1', SITE_DIR: './dist', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), { db });
}

/** A tiny cookie jar for following the provider's redirects with fetch. */
class Jar {
  #c = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.#c.delete(name);
      else this.#c.set(name, value);
    }
  }
  header() {
    return [...this.#c].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Tokens from the provider's token endpoint. */
export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
}

/** A valid authorization request of the portal's client (code + PKCE, S256) for a redirect URI: its query and the PKCE verifier. */
export function authorizationRequest(redirectUri: string): { query: URLSearchParams; verifier: string } {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  return { query, verifier };
}

/**
 * A sign-in started at the provider as the browser starts it (code + PKCE), stopped at its interaction: the uid,
 * a fetch that keeps the provider's cookies, and `finish` (the provider's redirects to the code, and the code
 * exchanged for tokens) once a step answered `redirectTo`.
 */
export async function startInteraction(portal: RunningPortal, opts: { redirectUri?: string; params?: Record<string, string> } = {}): Promise<SignInFlow & { go: (url: string, init?: RequestInit) => Promise<Response> }> {
  const base = portal.url;
  const jar = new Jar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const redirectUri = opts.redirectUri ?? `${base}/dashboard/login`;
  const { query, verifier } = authorizationRequest(redirectUri);
  for (const [k, v] of Object.entries(opts.params ?? {})) query.set(k, v);
  const res = await go(`${base}/oidc/auth?${query}`);
  const uid = new URL(res.headers.get('location')!, base).pathname.split('/').pop()!;
  return {
    uid,
    go,
    post: (step, body) =>
      go(`${base}/oidc/interaction/${uid}/${step}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(body) }),
    async finish(redirectTo) {
      let next = redirectTo;
      for (let i = 0; i < 5 && !next.startsWith(redirectUri); i++) next = (await go(new URL(next, base).href)).headers.get('location') ?? '';
      const code = new URL(next).searchParams.get('code');
      if (!code) throw new Error(`no code in ${next}`);
      const tokenRes = await fetch(`${base}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: CLIENT_ID, code_verifier: verifier }),
      });
      if (!tokenRes.ok) throw new Error(`token exchange failed: ${tokenRes.status} ${await tokenRes.text()}`);
      return (await tokenRes.json()) as Tokens;
    },
  };
}

export interface SignInOptions {
  /** Extra headers of the login step (e.g. the Spanish host's Origin). */
  loginHeaders?: Record<string, string>;
  /**
   * The TOTP secret (base32) that answers the second step when the portal asks for one (enrolled users; the demo
   * admins: DEMO_TOTP_SECRET, the default). A code already used (the same admin signed in twice within one
   * 30-second step) is refused as a replay: the helper answers with the next step's code, which the server's drift
   * window accepts, and waits for the step to change only when that one was used too (docs/decisions/021).
   */
  totpSecret?: string;
  /** Answer the second step with this recovery code instead of a TOTP code. */
  recoveryCode?: string;
}

/** A sign-in step's reply. */
interface StepReply {
  result?: { redirectTo?: string; mfa?: 'totp' | 'enroll' };
  message?: string;
}

/**
 * Answers the second step of interaction `uid` with a code of `secret` (or a recovery code); resolves with where
 * the browser goes next. Retries a replayed code with the next step's code, then after the step changes.
 */
export async function answerMfaStep(
  post: (body: unknown) => Promise<Response>,
  opts: { secret?: string; recoveryCode?: string },
): Promise<string> {
  if (opts.recoveryCode) {
    const res = await post({ recoveryCode: opts.recoveryCode });
    if (res.status !== 200) throw new Error(`mfa step failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { result: { redirectTo: string } }).result.redirectTo;
  }
  const secret = opts.secret ?? DEMO_TOTP_SECRET;
  for (let tries = 0; tries < 4; tries++) {
    const now = timeStep();
    for (const step of [now, now + 1]) {
      const res = await post({ code: totpCode(secret, step) });
      if (res.status === 200) return ((await res.json()) as { result: { redirectTo: string } }).result.redirectTo;
      const body = (await res.json().catch(() => null)) as StepReply | null;
      if (body?.message !== MFA_MESSAGES.codeReused) throw new Error(`mfa step failed: ${res.status} ${JSON.stringify(body)}`);
    }
    // Both codes of the window were used: wait for the next step (at most 30 s).
    const waitMs = (timeStep() + 1) * TOTP_PERIOD * 1000 - Date.now() + 50;
    await new Promise((r) => setTimeout(r, Math.max(waitMs, 0)));
  }
  throw new Error('mfa step: every code was refused as a replay');
}

/** Signs in through the real provider: authorization code + PKCE, the portal's login step, code exchange. */
export async function signInForTokens(portal: RunningPortal, email: string, password = DEMO_PASSWORD, opts: SignInOptions = {}): Promise<Tokens> {
  const base = portal.url;
  const jar = new Jar();
  const redirectUri = `${base}/dashboard/login`;
  const { query, verifier } = authorizationRequest(redirectUri);
  const auth = new URL(`${base}/oidc/auth`);
  auth.search = query.toString();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  let res = await go(auth.href);
  const interaction = new URL(res.headers.get('location')!, base);
  const uid = interaction.pathname.split('/').pop()!;
  res = await go(`${base}/oidc/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...opts.loginHeaders },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login step failed: ${res.status} ${await res.text()}`);
  const step = ((await res.json()) as StepReply).result ?? {};
  let next: string;
  if (step.mfa === 'totp') {
    next = await answerMfaStep(
      (body) => go(`${base}/oidc/interaction/${uid}/mfa`, { method: 'POST', headers: { 'content-type': 'application/json', ...opts.loginHeaders }, body: JSON.stringify(body) }),
      { secret: opts.totpSecret, recoveryCode: opts.recoveryCode },
    );
  } else if (step.mfa) {
    throw new Error(`login step asks for ${step.mfa}: enrol the user first`);
  } else next = step.redirectTo!;
  for (let i = 0; i < 5; i++) {
    res = await go(new URL(next, base).href);
    next = res.headers.get('location') ?? '';
    if (next.startsWith(redirectUri)) break;
  }
  const code = new URL(next).searchParams.get('code');
  if (!code) throw new Error(`no code in ${next}`);
  const tokenRes = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: CLIENT_ID, code_verifier: verifier }),
  });
  if (!tokenRes.ok) throw new Error(`token exchange failed: ${tokenRes.status} ${await tokenRes.text()}`);
  return (await tokenRes.json()) as Tokens;
}

/** Signs a token with the provider's own key, for cases the flow cannot produce (expired, other claims). */
export async function signWithProviderKey(portal: RunningPortal, claims: Record<string, unknown>, opts: { expiresIn?: string | number; issuer?: string; audience?: string } = {}): Promise<string> {
  const [jwk] = await loadSigningKeys(portal.db);
  const key = await importJWK(jwk!, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: jwk!.kid!, typ: 'at+jwt' })
    .setIssuer(opts.issuer ?? portal.oidc!.issuer)
    .setAudience(opts.audience ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.expiresIn ?? '5m')
    .sign(key);
}

/** Calls the dashboard service. */
export async function callApi(portal: RunningPortal, path: string, opts: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  // A path under the dashboard service, or a whole path from '/'.
  const res = await fetch(path.startsWith('/') ? `${portal.url}${path}` : `${portal.url}/agentdashboard/api/v1/${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const json = (await res.json().catch(() => null)) as { isSuccess: boolean; message: string; result: unknown; errors?: unknown[] } | null;
  return { status: res.status, json, headers: res.headers };
}

/**
 * A provider's sign-out confirmed as a browser confirms it: its end-session page (`endSession`, answered 200 with the
 * confirmation form) read with the flow's cookies, and that form's hidden fields posted back with `logout=yes`, from
 * the site's origin. Returns the provider's answer to the post (a 303 to the post-logout redirect URI).
 */
export async function confirmSignOut(portal: RunningPortal, go: (url: string, init?: RequestInit) => Promise<Response>, endSession: string): Promise<Response> {
  const page = await go(endSession);
  if (page.status !== 200) throw new Error(`end session answered ${page.status}, not its confirmation form`);
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no sign-out form on the end-session page');
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return go(new URL(action, portal.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url },
    body: new URLSearchParams({ ...fields, logout: 'yes' }).toString(),
  });
}

/** A sign-in started by hand: the interaction's uid, a POST to one of its steps, and the finish that exchanges the code. */
export interface SignInFlow {
  uid: string;
  /** POSTs JSON to a step of the interaction ('login', 'mfa', 'ticket'), from the site's origin. */
  post(step: string, body: unknown): Promise<Response>;
  /** Follows `redirectTo` to the code and exchanges it for tokens. */
  finish(redirectTo: string): Promise<Tokens>;
}

/** Starts the authorization-code flow of the portal's client and stops at the portal's sign-in interaction. */
export function beginSignIn(portal: RunningPortal): Promise<SignInFlow> {
  return startInteraction(portal);
}
