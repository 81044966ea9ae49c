/**
 * The client tag of a co-branded link (`?clientTag=harborpoint`, spec section 4), remembered for the visit in
 * session storage (sign-out clears it: SIGN_OUT_KEYS). Tiny and dependency-free: the header reads it on every page;
 * the co-brand lookup itself (src/stores/cobrand.ts) loads only when there is a tag or a co-branded agency.
 */

/** A client tag: letters, digits, '-' and '_' (the contract checks the same). */
export const CLIENT_TAG = /^[A-Za-z0-9_-]{1,40}$/;
export const CLIENT_TAG_KEY = 'portal.clientTag';
/** The account the remembered tag named (set once the lookup answered). */
export const COBRAND_ACCOUNT_KEY = 'portal.cobrandAccount';
/** The last logo shown: { account, etag, src, alt } (a data URL, sent again only when its ETag changed). */
export const COBRAND_LOGO_KEY = 'portal.cobrandLogo';

/** The `clientTag` query parameter of a URL's search (any case of the name), trimmed; '' when absent. */
export function clientTagOf(search: string): string {
  for (const [k, v] of new URLSearchParams(search)) if (k.toLowerCase() === 'clienttag') return v.trim();
  return '';
}

/** Session storage, or null where there is none (private modes, tests). */
export function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
