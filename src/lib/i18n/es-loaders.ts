/**
 * The Spanish loaders of each feature namespace (src/lib/i18n/translate.ts): a chunk of its own that only Spanish
 * pages load, so English readers do not download this table (docs/decisions/013). The Spanish `common` words load
 * apart, before any island renders.
 */
import type { Loaders } from './translate.ts';

export const ES: Omit<Loaders, 'common'> = {
  messages: () => import('./es/messages.ts'),
  editor: () => import('./es/editor.ts'),
  claim: () => import('./es/claim.ts'),
  dashboard: () => import('./es/dashboard.ts'),
  workOrders: () => import('./es/work-orders.ts'),
  login: () => import('./es/login.ts'),
  account: () => import('./es/account.ts'),
  agency: () => import('./es/agency.ts'),
  accounts: () => import('./es/accounts.ts'),
  passkeys: () => import('./es/passkeys.ts'),
  mfa: () => import('./es/mfa.ts'),
  admin: () => import('./es/admin.ts'),
  users: () => import('./es/users.ts'),
  banners: () => import('./es/banners.ts'),
  ceAdmin: () => import('./es/ce-admin.ts'),
  courses: () => import('./es/courses.ts'),
};
