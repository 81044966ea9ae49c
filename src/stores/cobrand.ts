/**
 * Co-branding by client tag (issue 17, spec section 4): a `?clientTag=` on any page names an account
 * (Cobranded/GetCobrandedAccountNumberByClientTag); an unknown tag resets to the default logo. On claim-flow pages
 * the header shows the co-branded account's logo (GetIsCobranded / GetIsAccountCobranded → GetCobrandedLogo):
 * the tag's account, else the signed-in agent's active agency when it is co-branded. Elsewhere the default logo.
 * A lazy chunk: the header loads it on claim-flow pages and on pages whose address carries a tag (the header itself
 * carries the default logo, which applyCobrand swaps).
 */
import { callPath } from '../lib/api/contract.ts';
import { CLIENT_TAG, GetCobrandedAccountNumberByClientTag, GetCobrandedLogo, GetIsAccountCobranded, GetIsCobranded } from '../lib/api/cobranded.ts';
import { APP_NAME, HEADER_APP_NAME } from '../lib/constants.ts';
import { isClaimFlowRoute } from '../lib/routes.ts';
import { api } from './api.ts';

// Session storage of the visit (sign-out clears these keys: SIGN_OUT_KEYS in src/stores/oidc.ts).
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

/** The logo the header shows instead of the default one. */
export interface CobrandLogo {
  account: string;
  src: string;
  alt: string;
}

interface CachedLogo extends CobrandLogo {
  etag: string;
}

function forgetTag(store: Storage): void {
  for (const k of [CLIENT_TAG_KEY, COBRAND_ACCOUNT_KEY, COBRAND_LOGO_KEY]) store.removeItem(k);
}

/** Follows a `?clientTag=` in the address: remembers the account it names, or resets for an unknown or bad tag. */
export async function followClientTag(search: string): Promise<void> {
  const store = sessionStore();
  const tag = clientTagOf(search);
  if (!store || !tag) return;
  if (!CLIENT_TAG.test(tag)) return forgetTag(store);
  const found = await api.call(GetCobrandedAccountNumberByClientTag, { ClientTag: tag }, { ignoreErrors: true }).catch(() => undefined);
  if (found === undefined) return; // Not answered (offline): keep what was there.
  if (!found) return forgetTag(store);
  if (store.getItem(COBRAND_ACCOUNT_KEY) !== found.details.ACCT_NUM) store.removeItem(COBRAND_LOGO_KEY);
  store.setItem(CLIENT_TAG_KEY, found.tagId);
  store.setItem(COBRAND_ACCOUNT_KEY, found.details.ACCT_NUM);
}

function cached(store: Storage, account: string): CachedLogo | null {
  try {
    const c = JSON.parse(store.getItem(COBRAND_LOGO_KEY) ?? 'null') as CachedLogo | null;
    return c?.account === account ? c : null;
  } catch {
    return null;
  }
}

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable logo'));
    reader.readAsDataURL(blob);
  });

/**
 * The logo for a page: null (the default) outside claim-flow pages, without a co-branded account, or when the logo
 * cannot be had. `activeAgency` is the signed-in user's active agency, if any.
 */
export async function cobrandLogoFor(route: string, activeAgency: { agencyNumber: string; isCobranded: boolean } | null): Promise<CobrandLogo | null> {
  const store = sessionStore();
  if (!store || !isClaimFlowRoute(route)) return null;
  const tagged = store.getItem(COBRAND_ACCOUNT_KEY);
  const account = tagged ?? (activeAgency?.isCobranded ? activeAgency.agencyNumber : null);
  if (!account) return null;
  // The header asks again as the user loads (the active agency arrives): one lookup per account and page.
  if (asked?.account !== account) asked = { account, logo: lookUp(store, account, Boolean(tagged)) };
  return asked.logo;
}

let asked: { account: string; logo: Promise<CobrandLogo | null> } | null = null;

async function lookUp(store: Storage, account: string, tagged: boolean): Promise<CobrandLogo | null> {
  const brand = await api
    .call(tagged ? GetIsCobranded : GetIsAccountCobranded, { AccountNumber: account }, { ignoreErrors: true })
    .catch(() => null);
  if (!brand?.isCobranded) return null;
  const before = cached(store, account);
  const res = await fetch(callPath(GetCobrandedLogo), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER_APP_NAME]: APP_NAME, ...(before ? { 'if-none-match': before.etag } : {}) },
    body: JSON.stringify({ AppName: APP_NAME, AccountNumber: account }),
  }).catch(() => null);
  if (res?.status === 304 && before) return { account, src: before.src, alt: brand.accountName };
  if (!res || res.status !== 200) return null;
  const logo: CachedLogo = { account, src: await dataUrlOf(await res.blob()), alt: brand.accountName, etag: res.headers.get('etag') ?? '' };
  try {
    store.setItem(COBRAND_LOGO_KEY, JSON.stringify(logo));
  } catch {
    /* storage full: shown, not kept */
  }
  return { account, src: logo.src, alt: logo.alt };
}

let followed: Promise<void> | null = null;

/**
 * What the header runs: follows a client tag in the address, then shows the page's logo in the header's image (the
 * co-branded one on claim-flow pages, else the default), marked `data-cobrand` with its account.
 */
export async function applyCobrand(route: string, activeAgency: { agencyNumber: string; isCobranded: boolean } | null): Promise<void> {
  // Once per page: the header runs this again as the user loads or leaves (sign-out must not bring the tag back).
  await (followed ??= followClientTag(window.location.search));
  const logo = await cobrandLogoFor(route, activeAgency);
  const img = document.querySelector<HTMLImageElement>('.site-header .logo img');
  if (!img) return;
  if (logo) {
    img.src = logo.src;
    img.alt = logo.alt;
    img.dataset.cobrand = logo.account;
    img.classList.add('logo__cobrand');
  } else if (img.dataset.cobrand) {
    img.src = '/logo.svg';
    img.alt = '';
    delete img.dataset.cobrand;
    img.classList.remove('logo__cobrand');
  }
}
