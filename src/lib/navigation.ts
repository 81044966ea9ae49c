import type { DashboardRole } from './roles.ts';
import { isClaimFlowRoute } from './routes.ts';

/** Base path of authenticated routes. */
export const DASHBOARD = '/dashboard';
/** Where 'not-found' navigation lands: the catch-all not-found page. */
export const NOT_FOUND_ROUTE = '/not-found';
/** The agent dashboard. */
export const AGENT_DASHBOARD_ROUTE = `${DASHBOARD}/`;
/** Internal-admin dashboard route (redirects to the agent dashboard, spec section 2). */
export const INTERNAL_ADMIN_DASHBOARD_ROUTE = `${DASHBOARD}/internal-admin-dashboard`;
/** Admin-agent dashboard route (redirects to the agent dashboard, spec section 2). */
export const ADMIN_AGENT_DASHBOARD_ROUTE = `${DASHBOARD}/admin-agent-dashboard`;
/** The sign-in page. */
export const LOGIN_ROUTE = `${DASHBOARD}/login`;

/** Named navigation scenarios of spec section 2. */
export type Scenario = 'agent-dashboard' | 'file-claim' | 'start-claim' | 'manage-claim';

/**
 * The route a named scenario leads to for a role. A scenario that does not exist behaves as not-found.
 */
export function routeForScenario(scenario: string, role: DashboardRole | string | null | undefined): string {
  switch (scenario) {
    case 'agent-dashboard':
      return role === 'SFAD_InternalAdmin' ? INTERNAL_ADMIN_DASHBOARD_ROUTE : ADMIN_AGENT_DASHBOARD_ROUTE;
    case 'file-claim':
      return role === 'SFAD_InternalAdmin' || role === 'SFAD_CEAdmin' ? INTERNAL_ADMIN_DASHBOARD_ROUTE : `${DASHBOARD}/file-claim`;
    case 'start-claim':
    case 'manage-claim':
      return role === 'SFAD_CEAdmin' ? NOT_FOUND_ROUTE : `${DASHBOARD}/${scenario}`;
    default:
      return NOT_FOUND_ROUTE;
  }
}

/** Referrals that send internal admins to their dashboard after sign-in (spec section 4). */
const USER_ADMIN_ROUTES = new Set(['manage-users', 'user-details', 'agency-admin-add']);
/** The CE admins' tools (issue 16). */
export const CE_ADMIN_ROUTES = new Set(['create-CE-course', 'manage-CEcourses', 'manage-cecourses', 'ce-course-roster', 'ce-cases']);
/**
 * Pages for internal admins only: the content editor (issue 4), the work-order console (issue 6), admin requests,
 * global banners and the health-check configuration (issue 15), co-branding (issue 17), analytics (issue 18).
 * One set: a new page is a word here, not a rule (each rule costs every signed-in page a few bytes).
 */
const INTERNAL_ADMIN_ROUTES = new Set(['article', 'article-details', 'work-order-console', 'admin-requests', 'global-banner', 'health-configuration', 'cobranded-agencies', 'analytics']);
const INTERNAL_ADMIN_REDIRECTED = new Set(['start-claim', 'dashboard', 'agent-dashboard', 'file-claim']);

/** Strips a path to its route name under /dashboard ('/dashboard/start-claim?x' → 'start-claim', '/dashboard/' → 'dashboard'). */
export function routeName(path: string): string {
  const p = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  if (p === DASHBOARD || p === '') return 'dashboard';
  return p.startsWith(DASHBOARD + '/') ? p.slice(DASHBOARD.length + 1) : p.replace(/^\//, '');
}

/**
 * Makes a referral safe: only a same-site path (no scheme, no '//', no backslash); anything else is dropped.
 * A bare route name ('start-claim') becomes its dashboard path.
 */
export function safeReferral(referral: string | null | undefined): string | null {
  if (!referral) return null;
  const r = referral.trim();
  if (r.length === 0 || r.length > 300 || /[\\\s]/.test(r) || /^[a-z][a-z0-9+.-]*:/i.test(r) || r.startsWith('//')) return null;
  if (r.startsWith('/')) return r;
  if (r === 'dashboard') return AGENT_DASHBOARD_ROUTE;
  return /^[A-Za-z0-9_-]+$/.test(r) ? `${DASHBOARD}/${r}` : null;
}

/**
 * Where a role really goes when it asks for a route: internal admins go to their dashboard for the
 * referrals of section 4; CE admins get not-found for start-claim and manage-claim; the internal-admin
 * and admin-agent dashboard routes are the agent dashboard.
 */
export function resolveRouteFor(route: string, role: DashboardRole | string | null | undefined): string {
  const name = routeName(route);
  if (name === 'internal-admin-dashboard' || name === 'admin-agent-dashboard') return AGENT_DASHBOARD_ROUTE;
  if (role === 'SFAD_InternalAdmin' && INTERNAL_ADMIN_REDIRECTED.has(name)) {
    const path = route.split(/[?#]/)[0]!;
    return path === DASHBOARD || path === AGENT_DASHBOARD_ROUTE ? route : AGENT_DASHBOARD_ROUTE;
  }
  if (role === 'SFAD_CEAdmin' && (name === 'start-claim' || name === 'manage-claim')) return NOT_FOUND_ROUTE;
  // The rest of the claim flow (issue 5) is for agents and agency admins: internal admins go to their
  // dashboard, CE admins to the internal-admin dashboard for file-claim (spec section 2) and not-found elsewhere.
  if (isClaimFlowRoute(name) && (role === 'SFAD_InternalAdmin' || role === 'SFAD_CEAdmin')) {
    return name === 'file-claim' || role === 'SFAD_InternalAdmin' ? AGENT_DASHBOARD_ROUTE : NOT_FOUND_ROUTE;
  }
  // Internal admins' pages (INTERNAL_ADMIN_ROUTES): not-found for everyone else.
  if (INTERNAL_ADMIN_ROUTES.has(name) && role !== 'SFAD_InternalAdmin') return NOT_FOUND_ROUTE;
  // Work orders (issue 6): CE admins see no work orders; the account page (contact preferences) is for agents and
  // agency admins. Internal administration (issue 15): the audit log also for agency admins.
  if (name === 'audit-log' && role !== 'SFAD_InternalAdmin' && role !== 'SFAD_Admin') return NOT_FOUND_ROUTE;
  if ((name === 'work-order-details' || name === 'order-survey-details') && role === 'SFAD_CEAdmin') return NOT_FOUND_ROUTE;
  if (name === 'manage-account' && (role === 'SFAD_InternalAdmin' || role === 'SFAD_CEAdmin')) return NOT_FOUND_ROUTE;
  // CE admins' tools (issue 16): CE admins only.
  if (CE_ADMIN_ROUTES.has(name) && role !== 'SFAD_CEAdmin') return NOT_FOUND_ROUTE;
  // Agency user administration (issue 15): agency admins and internal admins only.
  if (USER_ADMIN_ROUTES.has(name) && role !== 'SFAD_Admin' && role !== 'SFAD_InternalAdmin') return NOT_FOUND_ROUTE;
  return route;
}

/** The page to open after sign-in: the safe referral resolved for the role, else the dashboard. */
export function afterSignIn(referral: string | null | undefined, role: DashboardRole | string | null | undefined): string {
  const safe = safeReferral(referral);
  return safe ? resolveRouteFor(safe, role) : AGENT_DASHBOARD_ROUTE;
}
