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
  // The claim and quote flow (issue 5).
  'file-claim': { title: { en: 'File a claim', es: 'Presentar un reclamo' } },
  'start-claim': { title: { en: 'File a claim', es: 'Presentar un reclamo' } },
  'manage-claim': { title: { en: 'Edit the claim', es: 'Editar el reclamo' } },
  'policy-holder-quote': { title: { en: 'Policyholder quote', es: 'Cotización para el asegurado' } },
  'appointment-option-details': { title: { en: 'Appointment options', es: 'Opciones de cita' } },
  submit_claimdetails: { title: { en: 'Claim details', es: 'Datos del reclamo' } },
  'submit-claim-review-details': { title: { en: 'Review the claim', es: 'Revisar el reclamo' } },
  'success_submit-claim': { title: { en: 'Claim submitted', es: 'Reclamo enviado' } },
  // Work orders and the agent's account (issue 6).
  'work-order-details': { title: { en: 'Work order details', es: 'Detalles de la orden de trabajo' } },
  'order-survey-details': { title: { en: 'Survey details', es: 'Detalles de la encuesta' } },
  'work-order-console': { title: { en: 'Work-order console', es: 'Consola de órdenes de trabajo' } },
  'manage-account': { title: { en: 'Manage my account', es: 'Administrar mi cuenta' } },
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

/** True for the claim-flow pages (their flow state is cleared when the user leaves them). */
export function isClaimFlowRoute(routeName: string): boolean {
  return CLAIM_FLOW.includes(routeName);
}

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
