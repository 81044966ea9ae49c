/**
 * Single sign-on for agencies (issue 17): what the sign-in page and the server share. The broker's routes are
 * the embedded provider's interaction steps (src/server/routes/interaction-sso.ts), not dashboard calls.
 */

/**
 * The carrier-domain constant of spec section 9: an email of one of these domains typed on the sign-in page
 * opens the modal pointing to single sign-on (the demo agency provider's domain; a deployment lists its carriers').
 */
export const SSO_CARRIER_DOMAINS: readonly string[] = ['harborpoint.test'];

/** The sign-in page's query flag after a sign-in through an agency provider did not happen. */
export const SSO_LOGIN_FLAG = 'sso';
export type SsoLoginFlag = 'nomatch' | 'failed';

/** An agency provider as the sign-in page lists it. */
export interface SsoProviderChoice {
  id: string;
  name: string;
  domains: string[];
}

/** The interaction steps of single sign-on. */
export const ssoProvidersPath = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}/sso-providers`;
export const ssoStartPath = (uid: string, by: { idp: string } | { email: string }) =>
  `/oidc/interaction/${encodeURIComponent(uid)}/sso?${new URLSearchParams(by as Record<string, string>)}`;

/** The domain of an email, lower case ('' when there is none). */
export const emailDomain = (email: string) => {
  const at = email.trim().lastIndexOf('@');
  return at > 0 ? email.trim().slice(at + 1).toLowerCase() : '';
};
