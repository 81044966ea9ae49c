import { atom } from 'nanostores';
import type { User, UserManager } from 'oidc-client-ts';
import { langOf } from '../lib/i18n.ts';
import { LOGIN_ROUTE } from '../lib/navigation.ts';
import { clearUser } from './user.ts';

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

/** Session-storage keys cleared at sign-out (spec section 4: client tag, agency data, carrier, account count). */
/** Where an SSO user's sign-out goes after the portal's provider: on to the agency provider's (issue 17). */
export const SSO_SIGNOUT_ROUTE = '/dashboard/sso-signout';
export const SIGN_OUT_KEYS = ['portal.clientTag', 'portal.carrier', 'portal.accountCount', 'portal.activeAgencyNumber', 'portal.onboardingAgency', 'portal.cobrandAccount', 'portal.cobrandLogo'];
/** Flag set when an SSO session timed out. */
export const SSO_TIMEOUT_KEY = 'portal.ssoSessionTimeout';

let manager: Promise<UserManager> | null = null;

/**
 * The oidc-client-ts manager (authorization code + PKCE), its user kept in sessionStorage. The library is
 * loaded on demand (sign-in, renewal, sign-out, a 401): a dashboard page whose stored token is still valid
 * does not load it (docs/decisions/005-browser-javascript-budget.md).
 */
export function getUserManager(): Promise<UserManager> {
  manager ??= (async () => {
    const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
    const res = await fetch('/auth-config.json', { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`Could not load the sign-in settings (HTTP ${res.status}).`);
    const cfg = (await res.json()) as AuthConfig;
    const origin = window.location.origin;
    const um = new UserManager({
      authority: cfg.authority,
      client_id: cfg.clientId,
      redirect_uri: `${origin}${LOGIN_ROUTE}`,
      post_logout_redirect_uri: `${origin}${LOGIN_ROUTE}`,
      response_type: 'code',
      scope: cfg.scope,
      // The provider's sign-in page lives on the main host: it shows Spanish to readers of the Spanish host.
      ...(langOf(window.location) === 'es' ? { ui_locales: 'es' } : {}),
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
      // Renewal is scheduled by this module (one refresh at a time: rotated refresh tokens must not be reused).
      automaticSilentRenew: false,
      loadUserInfo: false,
      monitorSession: false,
    });
    um.events.addUserLoaded((u) => $session.set(toSession(u)));
    um.events.addUserUnloaded(() => $session.set(null));
    return um;
  })();
  return manager;
}

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

let renewTimer: ReturnType<typeof setTimeout> | null = null;
let renewing: Promise<void> | null = null;

/** True when a token expiring at `expiresAt` (seconds) is due for renewal (or its expiry is unknown). */
const expiring = (expiresAt: number | null | undefined) => !expiresAt || expiresAt - RENEW_MARGIN_SECONDS <= Date.now() / 1000;

/** The stored user, renewed with the refresh token when its access token is expiring; throws when there is none. */
async function freshUser(um: UserManager): Promise<User> {
  const user = await um.getUser();
  if (!user) throw new Error('no stored user');
  if (!expiring(user.expires_at)) return user;
  const renewed = await um.signinSilent();
  if (!renewed) throw new Error('renewal gave no user');
  return renewed;
}

/** Renews the access token with the refresh token (loads oidc-client-ts); a failure signs the reader out to login. */
export function renewSession(): Promise<void> {
  renewing ??= (async () => {
    try {
      const fresh = await freshUser(await getUserManager());
      $session.set(toSession(fresh));
      scheduleRenewal(fresh.expires_at);
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
  const um = await getUserManager();
  let user: User | null;
  try {
    user = await freshUser(um);
  } catch {
    // The renewal was refused: for an SSO user the sign-in page then says their session timed out.
    if ((stored.profile as Record<string, unknown>).isSSOLogin) sessionStorage.setItem(SSO_TIMEOUT_KEY, 'true');
    await um.removeUser();
    user = null;
  }
  const session = user && !user.expired ? toSession(user) : null;
  $session.set(session);
  if (user && session) scheduleRenewal(user.expires_at);
  return session;
}

/** The sign-in page URL with the referral set. */
export function loginUrl(referral?: string | null): string {
  return referral ? `${LOGIN_ROUTE}?referral=${encodeURIComponent(referral)}` : LOGIN_ROUTE;
}

/** A 401: forget the stored user and go to login with the referral set to where the reader was. */
export async function handleUnauthorized(): Promise<void> {
  const referral = window.location.pathname + window.location.search;
  try {
    const um = await getUserManager();
    const u = await um.getUser();
    if ((u?.profile as Record<string, unknown> | undefined)?.isSSOLogin) sessionStorage.setItem(SSO_TIMEOUT_KEY, 'true');
    await um.removeUser();
  } catch {
    /* settings unavailable: still go to login */
  }
  $session.set(null);
  window.location.assign(loginUrl(referral));
}

/** Signs out: clears client tag, agency data, carrier and account count, then ends the provider session. */
export async function signOut(): Promise<void> {
  for (const k of SIGN_OUT_KEYS) sessionStorage.removeItem(k);
  clearUser();
  const um = await getUserManager();
  const user = await um.getUser();
  $session.set(null);
  await um.removeUser();
  // Signed in with their agency (issue 17): after the portal's session, the agency provider's ends too
  // (/dashboard/sso-signout, RP-initiated logout there), and the reader lands on the sign-in page.
  const sso = (user?.profile as Record<string, unknown> | undefined)?.isSSOLogin === true;
  await um.signoutRedirect({
    ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
    ...(sso ? { post_logout_redirect_uri: `${window.location.origin}${SSO_SIGNOUT_ROUTE}` } : {}),
  });
}
