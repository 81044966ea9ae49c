import { atom, computed } from 'nanostores';

/** The global banner (spec section 3). */
export interface GlobalBanner {
  bannerTitle: string;
  bannerAlertText: string;
  urlLabel?: string | null;
  url?: string | null;
  /** ISO date (yyyy-mm-dd) the banner starts. */
  startDate: string;
  endDate?: string | null;
}

const CLOSED_KEY = 'portal.closedBanner';

/** The current banner from the server, or null. */
export const $banner = atom<GlobalBanner | null>(null);
/** The key of the banner the reader closed (kept for the browser session). */
export const $closedBannerKey = atom<string | null>(readClosed());

function readClosed(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(CLOSED_KEY) ?? null;
  } catch {
    return null;
  }
}

/** A key that changes when the banner's content changes. */
export function bannerKey(b: GlobalBanner): string {
  return `${b.bannerTitle}|${b.bannerAlertText}|${b.startDate}`;
}

/** True when a banner shows: it has text, its start date is today or earlier, and it was not closed. */
export function shouldShowBanner(b: GlobalBanner | null, closedKey: string | null, today = new Date()): boolean {
  if (!b || !b.bannerAlertText.trim()) return false;
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  if (b.startDate.slice(0, 10) > todayIso) return false;
  return closedKey !== bannerKey(b);
}

/** Whether the banner shows now. */
export const $bannerVisible = computed([$banner, $closedBannerKey], (b, closed) => shouldShowBanner(b, closed));

/** Closes the banner; it stays closed. */
export function closeBanner(): void {
  const b = $banner.get();
  if (!b) return;
  const key = bannerKey(b);
  $closedBannerKey.set(key);
  try {
    globalThis.sessionStorage?.setItem(CLOSED_KEY, key);
  } catch {
    /* storage unavailable: closed for this page only */
  }
}

/** A banner link lacking http:// or https:// gets http:// prefixed (spec section 5). */
export function bannerHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `http://${url}`;
}
