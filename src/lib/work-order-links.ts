/**
 * Where the work-order pages live and the links to one order (issue 6): used by the work-order screens, the
 * claim's success page and the alert emails, so that a link is built one way.
 */
export const DETAILS_PATH = '/dashboard/work-order-details';
export const SURVEY_PATH = '/dashboard/order-survey-details';
export const CONSOLE_PATH = '/dashboard/work-order-console';
/** The agent's open work orders (the dashboard's list view). */
export const OPEN_LIST_PATH = '/dashboard/?view=open';

/** The query of a work order's pages: its id, and its referral number when known (ServiceActivityDetail asks for both). */
function orderQuery(workOrderId: string, referralNumber?: string | null): string {
  const q = new URLSearchParams({ workOrderId });
  if (referralNumber) q.set('referralNumber', referralNumber);
  return q.toString();
}
/** The details page of a work order. */
export const detailsHref = (workOrderId: string, referralNumber?: string | null) => `${DETAILS_PATH}?${orderQuery(workOrderId, referralNumber)}`;
/** The survey page of a work order. */
export const surveyHref = (workOrderId: string, referralNumber?: string | null) => `${SURVEY_PATH}?${orderQuery(workOrderId, referralNumber)}`;
