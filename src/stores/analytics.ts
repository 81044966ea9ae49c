import { ID_COOKIE_DAYS } from '../lib/constants.ts';

/** Events pushed for the tag manager (window.dataLayer). */
export function pushEvent(event: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  (w.dataLayer ??= []).push({ ...event, at: Date.now() });
}

/** The device id cookie (90 days), created when missing. */
export function deviceId(): string {
  const m = /(?:^|;\s*)portal_device_id=([A-Za-z0-9-]{8,64})/.exec(document.cookie);
  if (m) return m[1]!;
  const id = crypto.randomUUID();
  document.cookie = `portal_device_id=${id}; Max-Age=${ID_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  return id;
}
