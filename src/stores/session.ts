import { atom } from 'nanostores';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
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
export const SIGN_OUT_KEYS = ['portal.clientTag', 'portal.carrier', 'portal.accountCount', 'portal.activeAgencyNumber', 'portal.onboardingAgency'];
/** Flag set when an SSO session timed out. */
export const SSO_TIMEOUT_KEY = 'portal.ssoSessionTimeout';

let manager: Promise<UserManager> | null = null;

/** The oidc-client-ts manager (authorization code + PKCE), its user kept in sessionStorage. */
export function getUserManager(): Promise<UserManager> {
  manager ??= (async () => {
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
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
      automaticSilentRenew: true,
      loadUserInfo: false,
      monitorSession: false,
    });
    um.events.addUserLoaded((u) => $session.set(toSession(u)));
    um.events.addUserUnloaded(() => $session.set(null));
    return um;
  })();
  return manager;
}

/** The session view of an oidc-client-ts user. */
export function toSession(u: User): SessionState {
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

/** Loads the stored user; renews an expired access token with the refresh token; null when signed out. */
export async function restoreSession(): Promise<SessionState | null> {
  const um = await getUserManager();
  let user = await um.getUser();
  if (user?.expired) {
    try {
      user = await um.signinSilent();
    } catch {
      await um.removeUser();
      user = null;
    }
  }
  const session = user && !user.expired ? toSession(user) : null;
  $session.set(session);
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
  await um.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : undefined);
}
