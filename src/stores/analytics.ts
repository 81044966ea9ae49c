/**
 * Analytics in the signed-in pages: the tag manager's events. The analytics calls themselves, with consent (issue
 * 18, docs/decisions/032), live in src/stores/tracking.ts, which the route guard loads once the page is ready.
 */

/** Events pushed for the tag manager (window.dataLayer). */
export function pushEvent(event: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  (w.dataLayer ??= []).push({ ...event, at: Date.now() });
}
