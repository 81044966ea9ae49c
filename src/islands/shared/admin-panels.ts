/**
 * The internal-administration panels the agent dashboard composes (issue 15): the internal admins' tool cards and
 * an agent's "Request admin access". Islands reach another feature's code only through src/islands/shared/; both
 * load on demand, for the roles that see them (the dashboard's first visit stays inside its JavaScript budget).
 */
// eslint-disable-next-line import-x/no-restricted-paths -- the dashboard composes the admin panels on demand
export const loadAdminTools = () => import('../internal-admin/AdminTools.tsx');
// eslint-disable-next-line import-x/no-restricted-paths -- see above
export const loadRequestAdminAccess = () => import('../internal-admin/RequestAdminAccess.tsx');
// eslint-disable-next-line import-x/no-restricted-paths -- the CE admins' tools (issue 16), for CE admins only
export const loadCeAdminTools = () => import('../ce-admin/CeTools.tsx');
