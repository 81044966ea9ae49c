/** What the user-administration pages share: their words' type, labels, the contracts (on demand) and the CSV. */
import { toCsv } from '../../lib/csv.ts';
import type { Translator } from '../../lib/i18n.ts';
import type { ListedUser, UserSort } from '../../lib/api/user-admin.ts';
import { formatDateTime } from '../../lib/format-date.ts';

export type { ListedUser, UserSort };
export type UsersT = Translator<'users' | 'messages' | 'common'>;

export const loadUserAdmin = () => import('./contracts.ts');

const STATUSES = ['ACTIVE', 'STAGED', 'DEPROVISIONED'] as const;
const ROLES = ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin'] as const;

/** Active, Pending or Deactivated. */
export const statusLabel = (status: string, t: UsersT): string =>
  (STATUSES as readonly string[]).includes(status) ? t(`users.status.${status as (typeof STATUSES)[number]}`) : status;
/** The role (or group) in words. */
export const roleLabel = (role: string | null, t: UsersT): string =>
  role && (ROLES as readonly string[]).includes(role) ? t(`users.role.${role as (typeof ROLES)[number]}`) : (role ?? '');

/** The users as CSV, the columns of the table in the reader's language. */
export function usersCsv(users: ListedUser[], t: UsersT, withAgencies: boolean): string {
  const head = [
    t('users.details.lastName'),
    t('users.details.firstName'),
    t('users.manage.email'),
    t('users.manage.agentNumber'),
    t('users.manage.status'),
    t('users.manage.role'),
    t('users.manage.lastSignIn'),
    ...(withAgencies ? [t('users.manage.agencies')] : []),
  ];
  const rows = users.map((u) => [
    u.LastName,
    u.FirstName,
    u.Email,
    u.AgentNumber ?? '',
    statusLabel(u.Status, t),
    roleLabel(u.DashboardUserRole, t),
    u.LastSignIn ? formatDateTime(u.LastSignIn, t.lang) : '',
    ...(withAgencies ? [u.Agencies.join(' ')] : []),
  ]);
  return toCsv([head, ...rows]);
}
