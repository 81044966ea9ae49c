// The analytics consent and the analytics id cookies (issue 18, docs/decisions/032), in one plain module that every
// part uses: the preferences dialog (./consent-dialog.js), the experiments' runs (./experiments.js), the signed-in
// pages' tracker (src/stores/tracking.ts, which loads this file) and, by the same names, the content pages' small
// experiments trigger (src/scripts/experiments-trigger.ts, which reads only the choice, before loading anything).
// A plain file served as it is: no framework JavaScript, no bundler helper.

/** The choice in localStorage: 'granted' or 'denied', nothing else. */
export const CONSENT_KEY = 'portal.consent';
/** Fired on window when the choice changes (detail: { allowed }). */
export const CONSENT_EVENT = 'portal:consent';
/** The analytics id cookies: random ids, ID_COOKIE_DAYS days, SameSite=Lax, Secure on https. */
export const DEVICE_COOKIE = 'portal_device_id';
export const USER_COOKIE = 'portal_user_id';
/** ID_COOKIE_DAYS of src/lib/constants.ts. */
export const ID_COOKIE_DAYS = 90;

/** The browser's Global Privacy Control signal: analytics stay off, whatever the choice. */
export const gpcOn = () => navigator.globalPrivacyControl === true;

/** The stored choice ('granted', 'denied'), or null (none yet, or no storage). */
export function readChoice() {
  try {
    return localStorage.getItem(CONSENT_KEY);
  } catch {
    return null;
  }
}

/** True when analytics may run: the reader allowed them and the browser sends no GPC signal. */
export const analyticsAllowed = () => !gpcOn() && readChoice() === 'granted';

/** Stores the choice; anything but 'granted' removes the id cookies; tells the page (CONSENT_EVENT). */
export function saveChoice(choice) {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    /* no storage: nothing is remembered */
  }
  if (choice !== 'granted') for (const name of [DEVICE_COOKIE, USER_COOKIE]) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { allowed: choice === 'granted' } }));
}

/** An id cookie's value, created when missing — only while analytics are allowed; '' otherwise (nothing set). */
export function idCookie(name) {
  if (!analyticsAllowed()) return '';
  const m = new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9-]{8,64})`).exec(document.cookie);
  if (m) return m[1];
  const id = crypto.randomUUID();
  document.cookie = `${name}=${id}; Max-Age=${ID_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  return id;
}
