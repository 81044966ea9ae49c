import { DEVICE_COOKIE, idCookie } from '../lib/consent.ts';

/** Events pushed for the tag manager (window.dataLayer). */
export function pushEvent(event: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  (w.dataLayer ??= []).push({ ...event, at: Date.now() });
}

/**
 * The device id cookie (90 days, SameSite=Lax, a random id), created when missing — only after consent (issue 18,
 * src/lib/consent.ts); '' without it.
 */
export function deviceId(): string {
  return idCookie(DEVICE_COOKIE);
}
