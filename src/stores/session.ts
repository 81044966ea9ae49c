import { atom } from 'nanostores';
import type { ExtraSigninRequestArgs, UserManager } from 'oidc-client-ts';
import type { SessionStore } from './oidc.ts';
import { LOGIN_ROUTE } from '../lib/navigation.ts';

/** The browser's sign-in settings, served by the server at /auth-config.json. */
export interface AuthConfig {
  authority: string;
  clientId: string;
  scope: string;
  audience: string;
}

/** The signed-in session: access token and the claims of the ID token. */
export interface SessionState {
  accessToken: string;
  expiresAt: number | null;
  sub: string;
  email: string;
  name: string;
  dashboardUserRole: string;
}

/** The current session, or null when signed out. */
export const $session = atom<SessionState | null>(null);

/** Flag set when an SSO session timed out. */
export const SSO_TIMEOUT_KEY = 'portal.ssoSessionTimeout';

/** The code that drives oidc-client-ts (./oidc.ts): loaded on demand with the library. */
const oidc = () => import('./oidc.ts');
/** What ./oidc.ts needs of this store, lent with each call (no import back: no cycle). */
const store = (): SessionStore => ({ $session, toSession, expiring, scheduleRenewal, ssoTimeoutKey: SSO_TIMEOUT_KEY });

/**
 * The oidc-client-ts manager (authorization code + PKCE), its user kept in sessionStorage. The library and the
 * code that drives it load on demand (sign-in, renewal, sign-out, a 401): a dashboard page whose stored token is
 * still valid loads neither (docs/decisions/005-browser-javascript-budget.md).
 */
export const getUserManager = (): Promise<UserManager> => oidc().then((m) => m.getUserManager(store()));

/** The authorization request's URL, its state and PKCE verifier stored for the callback (./oidc.ts, signinRequestUrl). */
export const signinRequestUrl = (args: ExtraSigninRequestArgs): Promise<string> =>
  oidc().then((m) => m.signinRequestUrl(store(), args));

/** What the session needs of an oidc-client-ts user (a User, or the JSON it stores). */
export interface StoredUser {
  access_token: string;
  expires_at?: number | undefined;
  profile: object;
}

/** The session view of an oidc-client-ts user. */
export function toSession(u: StoredUser): SessionState {
  const p = u.profile as Record<string, unknown>;
  return {
    accessToken: u.access_token,
    expiresAt: u.expires_at ?? null,
    sub: String(p.sub ?? ''),
    email: String(p.email ?? ''),
    name: String(p.name ?? ''),
    dashboardUserRole: String(p.dashboardUserRole ?? ''),
  };
}

/** Seconds before expiry at which the access token is renewed. */
export const RENEW_MARGIN_SECONDS = 60;

/**
 * The user oidc-client-ts keeps in sessionStorage (key `oidc.user:<authority>:<client>`, the JSON of
 * User.toStorageString), read without loading the library; null when none or unreadable.
 */
export function readStoredUser(storage: Storage = window.sessionStorage): StoredUser | null {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith('oidc.user:')) continue;
    try {
      const u = JSON.parse(storage.getItem(key) ?? '') as Partial<StoredUser>;
      if (typeof u.access_token === 'string' && u.access_token && u.profile && typeof u.profile === 'object') {
        return { access_token: u.access_token, expires_at: typeof u.expires_at === 'number' ? u.expires_at : undefined, profile: u.profile };
      }
    } catch {
      /* not ours or corrupted: ignore */
    }
  }
  return null;
}

/**
 * The access token for a call: the session's, or, before the header's guard has restored the session, the stored
 * user's while it is not due for renewal (a page island may hydrate and call before the header island; without it
 * the call went without a token and the 401 sent a signed-in reader through sign-in again). Null when signed out.
 */
export function currentToken(storage?: Storage): string | null {
  const session = $session.get();
  if (session) return session.accessToken;
  const stored = readStoredUser(storage);
  return stored && !expiring(stored.expires_at) ? stored.access_token : null;
}

let renewTimer: ReturnType<typeof setTimeout> | null = null;
let renewing: Promise<void> | null = null;

/** True when a token expiring at `expiresAt` (seconds) is due for renewal (or its expiry is unknown). */
const expiring = (expiresAt: number | null | undefined) => !expiresAt || expiresAt - RENEW_MARGIN_SECONDS <= Date.now() / 1000;

/** Renews the access token with the refresh token (loads oidc-client-ts); a failure signs the reader out to login. */
export function renewSession(): Promise<void> {
  renewing ??= (async () => {
    try {
      await (await oidc()).renew(store());
    } catch {
      await handleUnauthorized();
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/** Renews the token shortly before it expires, and at once when a tab wakes up with an expiring token. */
function scheduleRenewal(expiresAt: number | undefined): void {
  if (renewTimer) clearTimeout(renewTimer);
  if (!expiresAt) return;
  // A token already due gets a zero delay: the timer renews it at once.
  renewTimer = setTimeout(() => void renewSession(), Math.max(0, (expiresAt - RENEW_MARGIN_SECONDS) * 1000 - Date.now()));
  if (!visibilityHooked) {
    visibilityHooked = true;
    document.addEventListener('visibilitychange', () => {
      const exp = $session.get()?.expiresAt;
      if (document.visibilityState === 'visible' && exp && expiring(exp)) void renewSession();
    });
  }
}
let visibilityHooked = false;

/** Loads the stored user; renews an expiring access token with the refresh token; null when signed out. */
export async function restoreSession(): Promise<SessionState | null> {
  const stored = readStoredUser();
  if (stored && !expiring(stored.expires_at)) {
    const session = toSession(stored);
    $session.set(session);
    scheduleRenewal(stored.expires_at);
    return session;
  }
  if (!stored) {
    $session.set(null);
    return null;
  }
  return (await oidc()).restoreExpiring(store(), stored);
}

/** The sign-in page URL with the referral set. */
export function loginUrl(referral?: string | null): string {
  return referral ? `${LOGIN_ROUTE}?referral=${encodeURIComponent(referral)}` : LOGIN_ROUTE;
}

/** A 401: forget the stored user and go to login with the referral set to where the reader was. */
export async function handleUnauthorized(): Promise<void> {
  const referral = window.location.pathname + window.location.search;
  try {
    await (await oidc()).forgetUser(store());
  } catch {
    /* settings unavailable: still go to login */
  }
  $session.set(null);
  window.location.assign(loginUrl(referral));
}

/** Signs out: clears client tag, agency data, carrier and account count, then ends the provider session. */
export async function signOut(): Promise<void> {
  await (await oidc()).endSession(store());
}
