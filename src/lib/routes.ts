/** Route meta: page titles and which chrome each route shows (spec section 2). */
export interface RouteMeta {
  title: { en: string; es: string };
}

/** Titles by route name (the part after /dashboard/; 'dashboard' for the agent dashboard). */
export const ROUTE_META: Record<string, RouteMeta> = {
  dashboard: { title: { en: 'My dashboard', es: 'Mi panel' } },
  login: { title: { en: 'Sign in', es: 'Iniciar sesión' } },
  'not-found': { title: { en: 'Page not found', es: 'Página no encontrada' } },
  // The content editor (internal admins, issue 4).
  article: { title: { en: 'Articles', es: 'Artículos' } },
  'article-details': { title: { en: 'Edit article', es: 'Editar artículo' } },
};

/** The document title of a route: '<page> | Agent Portal'. */
export function pageTitle(routeName: string, lang: 'en' | 'es' = 'en'): string {
  const meta = ROUTE_META[routeName];
  return meta ? `${meta.title[lang]} | Agent Portal` : 'Agent Portal';
}

const REGISTRATION = ['course-registration', 'course-registration-unauth', 'create-account', 'registration-successful'];
const AGENCY_SEARCH = ['find-my-agency', 'select-agency', 'agency-not-found', 'agency-admin-add'];
const CLAIM_FLOW = ['start-claim', 'manage-claim', 'file-claim', 'policy-holder-quote', 'appointment-option-details', 'submit_claimdetails', 'submit-claim-review-details', 'success_submit-claim'];
const SSO = ['sso-redirect', 'sso-agency-flow'];

/** The primary nav is hidden on registration, agency-search, claim-flow and SSO pages. */
export function hidesPrimaryNav(routeName: string): boolean {
  return [...REGISTRATION, ...AGENCY_SEARCH, ...CLAIM_FLOW, ...SSO].includes(routeName);
}

/** The progress bar shows on the quote, appointment, claim-review and start/manage-claim pages. */
export function showsProgressBar(routeName: string): boolean {
  return ['policy-holder-quote', 'appointment-option-details', 'submit-claim-review-details', 'start-claim', 'manage-claim'].includes(routeName);
}

/** Pages where the logo first asks to confirm leaving when a course is saved. */
export function confirmsLeaving(routeName: string): boolean {
  return ['course-registration', 'course-registration-unauth', ...AGENCY_SEARCH, 'login'].includes(routeName);
}

/** Key of the saved course (set by the CE registration flow). */
export const SAVED_COURSE_KEY = 'portal.savedCourse';
