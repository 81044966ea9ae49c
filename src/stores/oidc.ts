/**
 * The code that drives oidc-client-ts, loaded on demand with the library by src/stores/session.ts (sign-in,
 * renewal, sign-out, a 401). A page whose stored token is still valid loads neither: this module is imported with
 * import() only, never statically (docs/decisions/005-browser-javascript-budget.md).
 */
import { OidcClient, UserManager, WebStorageStateStore, type ExtraSigninRequestArgs, type User } from 'oidc-client-ts';
import { langOf } from '../lib/i18n.ts';
import { LOGIN_ROUTE } from '../lib/navigation.ts';
import type { WritableAtom } from 'nanostores';
import type { AuthConfig, SessionState, StoredUser } from './session.ts';
import { clearUser } from './user.ts';

/** What the session store lends this module with each call (the two do not import each other's code). */
export interface SessionStore {
  $session: WritableAtom<SessionState | null>;
  toSession(u: StoredUser): SessionState;
  expiring(expiresAt: number | null | undefined): boolean;
  scheduleRenewal(expiresAt: number | undefined): void;
  /** The flag set when an SSO session timed out (the sign-in page then says so). */
  ssoTimeoutKey: string;
}

/** Session-storage keys cleared at sign-out (spec section 4: client tag, agency data, carrier, account count). */
export const SIGN_OUT_KEYS = ['portal.clientTag', 'portal.carrier', 'portal.accountCount', 'portal.activeAgencyNumber', 'portal.onboardingAgency', 'portal.cobrandAccount', 'portal.cobrandLogo'];
/** Where an SSO user's sign-out goes after the portal's provider: on to the agency provider's (issue 17). */
export const SSO_SIGNOUT_ROUTE = '/dashboard/sso-signout';

let manager: Promise<UserManager> | null = null;

/** The oidc-client-ts manager (authorization code + PKCE), its user kept in sessionStorage; one per page. */
export function getUserManager({ $session, toSession }: SessionStore): Promise<UserManager> {
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
      // The provider's sign-in page lives on the main host: it shows Spanish to readers of the Spanish host.
      ...(langOf(window.location) === 'es' ? { ui_locales: 'es' } : {}),
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
      stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
      // Renewal is scheduled by the session store (one refresh at a time: rotated refresh tokens must not be reused).
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

/**
 * The authorization request signinRedirect would navigate to, for a page that makes it itself (the sign-in page asks
 * without leaving the page, docs/decisions/042-sign-in-without-a-hop.md). The manager's own settings and discovery
 * document; the state and the PKCE verifier are stored in the manager's state store, where signinCallback reads them.
 */
export async function signinRequestUrl(store: SessionStore, args: ExtraSigninRequestArgs): Promise<string> {
  const um = await getUserManager(store);
  const request = await new OidcClient(um.settings, um.metadataService).createSigninRequest({ ...args, request_type: 'si:r' });
  return request.url;
}

/** The stored user, renewed with the refresh token when its access token is expiring; throws when there is none. */
export async function freshUser(store: SessionStore): Promise<User> {
  const um = await getUserManager(store);
  const user = await um.getUser();
  if (!user) throw new Error('no stored user');
  if (!store.expiring(user.expires_at)) return user;
  const renewed = await um.signinSilent();
  if (!renewed) throw new Error('renewal gave no user');
  return renewed;
}

/** Renews the access token with the refresh token now (the session store runs one renewal at a time). */
export async function renew(store: SessionStore): Promise<void> {
  const fresh = await freshUser(store);
  store.$session.set(store.toSession(fresh));
  store.scheduleRenewal(fresh.expires_at);
}

/** restoreSession's slow path: the stored user's token is expiring, renew it (a refusal forgets the user). */
export async function restoreExpiring(store: SessionStore, stored: StoredUser): Promise<SessionState | null> {
  const um = await getUserManager(store);
  let user: User | null;
  try {
    user = await freshUser(store);
  } catch {
    // The renewal was refused: for an SSO user the sign-in page then says their session timed out.
    if ((stored.profile as Record<string, unknown>).isSSOLogin) sessionStorage.setItem(store.ssoTimeoutKey, 'true');
    await um.removeUser();
    user = null;
  }
  const session = user && !user.expired ? store.toSession(user) : null;
  store.$session.set(session);
  if (user && session) store.scheduleRenewal(user.expires_at);
  return session;
}

/** A 401: forget the stored user (an SSO user's sign-in page then says their session timed out). */
export async function forgetUser(store: SessionStore): Promise<void> {
  const um = await getUserManager(store);
  const u = await um.getUser();
  if ((u?.profile as Record<string, unknown> | undefined)?.isSSOLogin) sessionStorage.setItem(store.ssoTimeoutKey, 'true');
  await um.removeUser();
}

/** Sign-out: clears the tab's keys and the user state, forgets the user, then ends the provider session (and an SSO
 * user's agency one). */
export async function endSession(store: SessionStore): Promise<void> {
  for (const k of SIGN_OUT_KEYS) sessionStorage.removeItem(k);
  clearUser();
  const um = await getUserManager(store);
  const user = await um.getUser();
  store.$session.set(null);
  await um.removeUser();
  // Signed in with their agency (issue 17): after the portal's session, the agency provider's ends too
  // (/dashboard/sso-signout, RP-initiated logout there), and the reader lands on the sign-in page.
  const sso = (user?.profile as Record<string, unknown> | undefined)?.isSSOLogin === true;
  await um.signoutRedirect({
    ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
    ...(sso ? { post_logout_redirect_uri: `${window.location.origin}${SSO_SIGNOUT_ROUTE}` } : {}),
  });
}
