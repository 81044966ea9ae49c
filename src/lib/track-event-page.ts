/**
 * Section 4's events of the page scripts and the tracker (issue 18): the content search's results, the global banner
 * (its plain script writes the same names), the claim flow's continue. Apart from ./track-event.ts, the islands'
 * shared chunk, so that the signed-in pages' first visit does not carry them.
 */
import { send, type TrackEvent } from './track-event.ts';

/**
 * As send(), for an event that happens while a page opens (the search's results, the banner shown): it waits until
 * the tracker listens (it starts after the page, with consent; without consent never, and the event is dropped).
 */
export function sendWhenListening(e: TrackEvent): void {
  if (typeof document === 'undefined') return;
  if (document.documentElement.dataset.tracking !== undefined) send(e);
  else window.addEventListener('portal:tracking', () => send(e), { once: true });
}

/** A content search with its number of results (Value 0: a search with no results). Label: the term. */
export const searchEvent = (term: string, results: number): TrackEvent => ({ category: 'Search', action: 'Content search', label: term, value: results });

/** The claim flow's continue (a step's submit button). Label: 'step n'. */
export const continueEvent = (step: string): TrackEvent => ({ category: 'Claim', action: 'Continue', label: `step ${step}` });

/** The global banner shown or closed. Label: the banner's id. */
export const bannerEvent = (action: 'Show' | 'Close', id: string | number): TrackEvent => ({ category: 'Banner', action, label: String(id) });

const cut = (s: string | number | undefined, n: number) => (s === undefined || s === '' ? undefined : String(s).slice(0, n));

/**
 * An event's LogPageView fields, as the tracker sends them: Category and Action (at most 100 characters), Label and
 * Value (text, at most 300) when given; a Value of 0 stays '0' (a search with no results).
 */
export function logFields(e: TrackEvent): { Category: string; Action: string; Label?: string; Value?: string } {
  const out: { Category: string; Action: string; Label?: string; Value?: string } = { Category: e.category.slice(0, 100), Action: e.action.slice(0, 100) };
  const l = cut(e.label, 300);
  const v = cut(e.value, 300);
  if (l) out.Label = l;
  if (v) out.Value = v;
  return out;
}
