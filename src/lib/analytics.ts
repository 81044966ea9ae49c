/**
 * The analytics page's rules (issue 18, docs/decisions/034-analytics-page.md), shared by the contract, the server
 * and the page: the claim-flow funnel's stages, the default and longest date range, and the messages.
 */

/** The claim flow's pages in the order an agent passes them: the funnel's stages (route names under /dashboard/). */
export const FUNNEL_STAGES = [
  'start-claim',
  'policy-holder-quote',
  'appointment-option-details',
  'submit_claimdetails',
  'submit-claim-review-details',
  'success_submit-claim',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Days in the default range (today and the 29 before it, UTC). */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range, in days (both ends included). */
export const ANALYTICS_MAX_DAYS = 366;

export const ANALYTICS_MESSAGES = {
  rangeTooLong: `The date range can be at most ${ANALYTICS_MAX_DAYS} days.`,
  endBeforeStart: 'The end date must be on or after the start date.',
} as const;

/** An ISO day `days` after (or before, negative) another. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The range a request names, with the defaults: ANALYTICS_DEFAULT_DAYS days ending today (UTC), or starting at From,
 * or ending at To.
 */
export function rangeOf(input: { From?: string | null; To?: string | null }, today = new Date().toISOString().slice(0, 10)): { From: string; To: string } {
  const To = input.To || (input.From ? addDays(input.From, ANALYTICS_DEFAULT_DAYS - 1) : today);
  const From = input.From || addDays(To, -(ANALYTICS_DEFAULT_DAYS - 1));
  return { From, To };
}
