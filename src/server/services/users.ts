import type { Db, Queryable } from '../db/index.ts';
import { agencyNameAndAddress } from '../../lib/format.ts';
import type { UserAgency, UserDetails } from '../../lib/api/user.ts';
import type { DashboardRole } from '../../lib/roles.ts';

/** A users row. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  agent_number: string | null;
  dashboard_user_role: DashboardRole;
  is_sso: boolean;
  /** Identity-store status (issue 14): only ACTIVE users may sign in. */
  status: 'STAGED' | 'ACTIVE' | 'DEPROVISIONED';
  /** Incremented when the user's sign-ins are revoked: older access tokens are refused (auth/revocation.ts). */
  session_version: number;
}

/** The user with this id, or undefined. */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return row;
}

/** The user with this email (any case), or undefined. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
  return row;
}

interface AgencyLinkRow {
  agency_number: string;
  agency_name: string;
  address_line: string;
  city: string;
  state_code: string;
  zip_code: string;
  priority: string | null;
  parent_account_number: string | null;
  is_cobranded: boolean;
  is_default_agency: boolean;
  show_agency_change_notification: boolean;
}

/** The agencies a user belongs to, default first, then by name. */
export async function listUserAgencies(db: Queryable, userId: string): Promise<UserAgency[]> {
  const rows = await db.query<AgencyLinkRow>(
    `SELECT a.agency_number, a.agency_name, a.address_line, a.city, a.state_code, a.zip_code, a.priority,
            a.parent_account_number, a.is_cobranded, ua.is_default_agency, ua.show_agency_change_notification
       FROM user_agencies ua JOIN agencies a ON a.agency_number = ua.agency_number
      WHERE ua.user_id = $1
      ORDER BY ua.is_default_agency DESC, a.agency_name`,
    [userId],
  );
  return rows.map((r) => {
    const base = {
      agencyNumber: r.agency_number,
      agencyName: r.agency_name,
      addressLine: r.address_line,
      city: r.city,
      stateCode: r.state_code.trim(),
      zipCode: r.zip_code,
    };
    return {
      ...base,
      agencyNameAndAddress: agencyNameAndAddress(base),
      priority: r.priority?.trim() || null,
      parentAccountNumber: r.parent_account_number,
      isDefaultAgency: r.is_default_agency,
      showAgencyChangeNotification: r.show_agency_change_notification,
      isCobranded: r.is_cobranded,
    };
  });
}

/** True when the user is linked to the agency. */
export async function userBelongsToAgency(db: Queryable, userId: string, agencyNumber: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [userId, agencyNumber]);
  return rows.length > 0;
}

/** The user details reply of spec section 3. */
export async function getUserDetails(db: Queryable, user: UserRow): Promise<UserDetails> {
  const agencies = await listUserAgencies(db, user.id);
  const def = agencies.find((a) => a.isDefaultAgency) ?? agencies[0];
  return {
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    agentNumber: user.agent_number,
    dashboardUserRole: user.dashboard_user_role,
    isSSOLogin: user.is_sso,
    userAccountsCount: agencies.length,
    Accounts: agencies.map((a) => ({ AccountNumber: a.agencyNumber, AccountName: a.agencyName, SFA_TPP_FLAG: a.priority === 'D' })),
    AgencyInformation: def
      ? { ParentAccountNumber: def.parentAccountNumber, PRIORITY: def.priority, AccountNumber: def.agencyNumber }
      : null,
  };
}

/** True when the user is an agency admin (SFAD_Admin) of the agency. */
export async function administersAgency(db: Queryable, user: UserRow, agencyNumber: string): Promise<boolean> {
  return user.dashboard_user_role === 'SFAD_Admin' && userBelongsToAgency(db, user.id, agencyNumber);
}

/**
 * Unlinks a user from agencies (issue 14): their carriers there go too; when the default agency goes, the
 * first remaining one (by name) becomes the default. Nothing changes when the user does not belong to one of
 * them ('not-member'), or, with `keepOne`, when no agency would be left ('last').
 */
export async function removeUserAgencies(db: Db, userId: string, agencyNumbers: string[], opts: { keepOne: boolean }): Promise<'removed' | 'not-member' | 'last'> {
  return db.transaction(async (tx) => {
    const linked = await tx.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1 FOR UPDATE', [userId]);
    const numbers = new Set(linked.map((r) => r.agency_number));
    if (!agencyNumbers.every((n) => numbers.has(n))) return 'not-member';
    if (opts.keepOne && agencyNumbers.length >= numbers.size) return 'last';
    await tx.query('DELETE FROM user_agency_carriers WHERE user_id = $1 AND agency_number = ANY(ARRAY(SELECT json_array_elements_text($2::json)))', [userId, agencyNumbers]);
    await tx.query('DELETE FROM user_agencies WHERE user_id = $1 AND agency_number = ANY(ARRAY(SELECT json_array_elements_text($2::json)))', [userId, agencyNumbers]);
    await tx.query(
      `UPDATE user_agencies SET is_default_agency = true
        WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM user_agencies WHERE user_id = $1 AND is_default_agency)
          AND agency_number = (SELECT ua.agency_number FROM user_agencies ua JOIN agencies a USING (agency_number)
                                WHERE ua.user_id = $1 ORDER BY a.agency_name LIMIT 1)`,
      [userId],
    );
    return 'removed';
  });
}
