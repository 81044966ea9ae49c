/**
 * Section 4's events (issue 18, docs/decisions/032): Category / Action / Label / Value. Only an event on the page
 * ('portal:track'): src/stores/tracking.ts sends it (batched, with keepalive) once analytics are allowed, and
 * nothing at all without consent. Plain scripts (the global banner) dispatch the same event.
 */
export function track(category: string, action: string, label?: string, value?: string | number): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('portal:track', { detail: { category, action, label, value } }));
}
