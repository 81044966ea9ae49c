/**
 * Analytics consent in the browser (issue 18, docs/decisions/032-analytics-consent.md). The choice ('granted' or
 * 'denied') is kept in localStorage and holds nothing else; the Global Privacy Control signal turns analytics off
 * whatever the choice. Until analytics are allowed no analytics cookie is set and no analytics or experiments
 * request is sent. No imports but constants: the plain every-page script and the signed-in stores share it.
 */
import { ID_COOKIE_DAYS } from './constants.ts';

export const CONSENT_KEY = 'portal.consent';
/** Fired on window when the choice changes (detail: { allowed }). */
export const CONSENT_EVENT = 'portal:consent';
export const DEVICE_COOKIE = 'portal_device_id';
export const USER_COOKIE = 'portal_user_id';
export type ConsentChoice = 'granted' | 'denied';

/** The browser's Global Privacy Control signal. */
export const gpcOn = (): boolean => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** The stored choice, or null when none was made. */
export function consentChoice(): ConsentChoice | null {
  try {
    const v = localStorage.getItem(CONSENT_KEY);
    return v === 'granted' || v === 'denied' ? v : null;
  } catch {
    return null;
  }
}

/** True when analytics may run: the reader allowed them and the browser sends no GPC signal. */
export const analyticsAllowed = (): boolean => !gpcOn() && consentChoice() === 'granted';

/** Stores the choice; a withdrawal removes the id cookies. Tells the page (CONSENT_EVENT). */
export function setConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    /* no storage: the choice lasts for this page */
  }
  if (!analyticsAllowed()) for (const name of [DEVICE_COOKIE, USER_COOKIE]) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { allowed: analyticsAllowed() } }));
}

/** Runs `fn` once, when analytics become allowed (now if they are). */
export function whenAllowed(fn: () => void): void {
  if (analyticsAllowed()) return fn();
  const on = () => {
    if (!analyticsAllowed()) return;
    window.removeEventListener(CONSENT_EVENT, on);
    fn();
  };
  window.addEventListener(CONSENT_EVENT, on);
}

/**
 * A random id cookie (90 days, SameSite=Lax, Secure on https), created when missing — only while analytics are
 * allowed; '' otherwise (nothing set, nothing to send).
 */
export function idCookie(name: string): string {
  if (!analyticsAllowed()) return '';
  const m = new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9-]{8,64})`).exec(document.cookie);
  if (m) return m[1]!;
  const id = crypto.randomUUID();
  document.cookie = `${name}=${id}; Max-Age=${ID_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  return id;
}
