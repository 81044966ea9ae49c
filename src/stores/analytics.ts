/**
 * Analytics in the signed-in pages: the tag manager's events, and consent (issue 18, docs/decisions/032). The
 * choice ('granted' or 'denied') is kept in localStorage (CONSENT_KEY) and holds nothing else; the Global Privacy
 * Control signal turns analytics off whatever the choice. Until analytics are allowed no analytics cookie is set
 * and no analytics or experiments request is sent. The dialog (public/scripts/consent-dialog.js) and the
 * every-page script (src/scripts/consent.ts) use the same key and event: they load no module of the signed-in core.
 * What sends (src/stores/tracking.ts) loads only once analytics are allowed.
 */
/** Events pushed for the tag manager (window.dataLayer). */
export function pushEvent(event: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  (w.dataLayer ??= []).push({ ...event, at: Date.now() });
}


export const CONSENT_KEY = 'portal.consent';
/** Fired on window when the choice changes (detail: { allowed }). */
export const CONSENT_EVENT = 'portal:consent';
/** The browser's Global Privacy Control signal. */
export const gpcOn = (): boolean => (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/** True when analytics may run: the reader allowed them ('granted') and the browser sends no GPC signal. */
export function analyticsAllowed(): boolean {
  try {
    return !gpcOn() && localStorage.getItem(CONSENT_KEY) === 'granted';
  } catch {
    return false;
  }
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
 * Section 4's events (issue 18): Category / Action / Label / Value, sent by src/stores/tracking.ts (batched, with
 * keepalive) once analytics are allowed; nothing at all without consent. Plain scripts dispatch the same event.
 */
export function track(category: string, action: string, label?: string, value?: string | number): void {
  if (typeof window !== 'undefined' && analyticsAllowed()) window.dispatchEvent(new CustomEvent('portal:track', { detail: { category, action, label, value } }));
}
