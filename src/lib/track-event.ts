/**
 * Section 4's events (issue 18, docs/decisions/032): Category / Action / Label / Value. Only an event on the page
 * ('portal:track'): src/stores/tracking.ts sends it (batched, with keepalive) once analytics are allowed, and
 * nothing at all without consent. Plain scripts (the global banner) dispatch the same event.
 */
export function track(category: string, action: string, label?: string, value?: string | number): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('portal:track', { detail: { category, action, label, value } }));
}

/** One event of section 4, as the tracker sends it (LogPageView's Category, Action, Label, Value). */
export interface TrackEvent {
  category: string;
  action: string;
  label?: string;
  value?: string | number;
}

/** Sends one event (see track()). */
export const send = (e: TrackEvent): void => track(e.category, e.action, e.label, e.value);

// The islands' events, one builder each (tests/unit/track-event.test.ts checks them; the page scripts' and the
// tracker's own are in ./track-event-page.ts, apart, so that this small shared chunk carries only the islands' ones).

/** A modal dialog opened, or closed by its confirm or its cancel (Escape included). Label: the dialog's title. */
export const modalEvent = (action: 'Open' | 'Close', title?: string, how?: 'confirm' | 'cancel'): TrackEvent => ({ category: 'Modal', action, label: title, value: how });

/** The claim flow's stepper (its progress) shows a stage. Label: 'stage n of total'; Value: n. */
export const progressEvent = (stage: number, total: number): TrackEvent => ({ category: 'Progress bar', action: 'Step shown', label: `stage ${stage} of ${total}`, value: stage });

/**
 * The agency add flow (find-my-agency → select-agency or agency-not-found → the request): Start (a search, Label how:
 * 'agency number', 'name', …), Submit, Done and Failed (Label: the page, 'select-agency' or 'agency-not-found').
 */
export const agencyAddEvent = (action: 'Start' | 'Submit' | 'Done' | 'Failed', label: string): TrackEvent => ({ category: 'Agency add', action, label });


/** The claim flow's VIN search: found or not found. */
export const vinSearchEvent = (found: boolean): TrackEvent => ({ category: 'Claim', action: 'VIN search', label: found ? 'found' : 'not found' });
