/** The dashboardUserRole claim values (spec section 6). */
export const DASHBOARD_ROLES = ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin'] as const;
/** A dashboardUserRole claim value. */
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];
/** Who files claims and quotes: agents and agency admins (internal and CE admins are sent elsewhere). */
export const CLAIM_ROLES = ['SFAD_Agent', 'SFAD_Admin'] as const;
/** Who reads work orders (AgencyWorkOrder calls): agents (their own), agency admins (the agency), internal admins (any agency); CE admins may not. */
export const WORK_ORDER_ROLES = ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin'] as const;
/** The portal's role names (spec section 4): internal admin, CE admin, else 'User'. */
export type AppRole = 'internal admin' | 'CE admin' | 'User';

/** Maps the claim to the portal role. */
export function toAppRole(role: DashboardRole | string | null | undefined): AppRole {
  if (role === 'SFAD_InternalAdmin') return 'internal admin';
  if (role === 'SFAD_CEAdmin') return 'CE admin';
  return 'User';
}

/** True for the roles whose menu is sign-out only and who may not file claims. */
export function isStaffAdmin(role: DashboardRole | string | null | undefined): boolean {
  return role === 'SFAD_InternalAdmin' || role === 'SFAD_CEAdmin';
}

/** A user-menu entry key. */
export type MenuItem = 'manage-users' | 'manage-account' | 'get-quote' | 'sign-out';

/** The user menu for a role (spec sections 2 and 6). */
export function userMenuFor(role: DashboardRole | string | null | undefined, isCobranded: boolean): MenuItem[] {
  if (isStaffAdmin(role)) return ['sign-out'];
  const items: MenuItem[] = [];
  if (role === 'SFAD_Admin') items.push('manage-users');
  items.push('manage-account');
  if (!isCobranded) items.push('get-quote');
  items.push('sign-out');
  return items;
}

/** 'File a claim now': hidden for internal and CE admins, disabled with zero accounts. */
export function fileClaimButton(role: DashboardRole | string | null | undefined, accountsCount: number): 'hidden' | 'disabled' | 'enabled' {
  if (isStaffAdmin(role)) return 'hidden';
  return accountsCount > 0 ? 'enabled' : 'disabled';
}

/** Which footer panels a role sees: the Account Manager panel is hidden for CE and internal admins; internal admins skip the care desk too. */
export function footerPanelsFor(role: DashboardRole | string | null | undefined): { careDesk: boolean; accountManager: boolean } {
  return { careDesk: role !== 'SFAD_InternalAdmin', accountManager: !isStaffAdmin(role) };
}
