/**
 * Route meta: which chrome each route shows (spec section 2). Page titles are in ./page-title.ts, apart: the
 * header imports this module, and the `pages` dictionaries (both languages) must not ride along into every
 * page's JavaScript (issue 14: they made the claim pages go over their budget).
 */

const REGISTRATION = ['course-registration', 'course-registration-unauth', 'create-account', 'registration-successful'];
const AGENCY_SEARCH = ['find-my-agency', 'select-agency', 'agency-not-found', 'agency-admin-add'];
const CLAIM_FLOW = ['start-claim', 'manage-claim', 'file-claim', 'policy-holder-quote', 'appointment-option-details', 'submit_claimdetails', 'submit-claim-review-details', 'success_submit-claim'];
const SSO = ['sso-redirect', 'sso-agency-flow'];

/** True for the claim-flow pages (their flow state is cleared when the user leaves them). */
export function isClaimFlowRoute(routeName: string): boolean {
  return CLAIM_FLOW.includes(routeName);
}

/** The primary nav is hidden on registration, agency-search, claim-flow and SSO pages. */
export function hidesPrimaryNav(routeName: string): boolean {
  return [...REGISTRATION, ...AGENCY_SEARCH, ...CLAIM_FLOW, ...SSO].includes(routeName);
}

/**
 * The progress bar shows on the quote, appointment, claim-review and start/manage-claim pages (spec section 2), and
 * on claim details and success so that every page of the flow has one (issue 13).
 */
export function showsProgressBar(routeName: string): boolean {
  return ['policy-holder-quote', 'appointment-option-details', 'submit_claimdetails', 'submit-claim-review-details', 'start-claim', 'manage-claim', 'success_submit-claim'].includes(routeName);
}

/** Pages where the logo first asks to confirm leaving when a course is saved. */
export function confirmsLeaving(routeName: string): boolean {
  return ['course-registration', 'course-registration-unauth', ...AGENCY_SEARCH, 'login'].includes(routeName);
}

/** Key of the saved course (set by the CE registration flow). */
export const SAVED_COURSE_KEY = 'portal.savedCourse';
