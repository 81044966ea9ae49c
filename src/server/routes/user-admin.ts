/**
 * Agency user administration (issue 15): the okta/List… calls, UpdateUserAccountDetails and DeactivateUser.
 * An agency admin acts on the users of an agency they administer (the one the call names), an internal admin
 * on anyone. Every change is in the audit log. docs/decisions/025-agency-user-administration.md.
 */
import { Hono } from 'hono';
import {
  ADMIN_GROUPS_ONLY,
  AGENCY_REQUIRED,
  BAD_LINK,
  DeactivateUser,
  LAST_ADMIN,
  ListOktaUsersByAgentNameOrEmail,
  ListOktaUsersByAgentNumber,
  ListOktaUsersByPaginationLink,
  NOT_YOURSELF,
  UpdateUserAccountDetails,
  type UserSort,
} from '../../lib/api/user-admin.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import { revokeUserSessions } from '../auth/revocation.ts';
import { recordAudit } from '../services/audit.ts';
import { administersAgency, findUserById, userBelongsToAgency, type UserRow } from '../services/users.ts';
import { decodeCursor, listUsers, loadCursorKey, soleAdminOf, type UserQuery } from '../services/user-admin.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

const NO_AGENCY_ACCESS = 'You do not have access to this agency.';
const USER_NOT_FOUND = 'User not found.';
const DEFAULT_PAGE_SIZE = 25;

export function userAdminRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const isInternal = (u: UserRow) => u.dashboard_user_role === 'SFAD_InternalAdmin';

  /** The agency a list or change is scoped to: internal admins any (or all: null); agency admins one they administer. */
  const scopeOf = async (actor: UserRow, agency: string | null | undefined): Promise<string | null> => {
    if (isInternal(actor)) return agency || null;
    if (!agency) throw new HttpError(400, AGENCY_REQUIRED);
    if (!(await administersAgency(db, actor, agency))) throw new HttpError(403, NO_AGENCY_ACCESS);
    return agency;
  };

  /** The user a change names, within the scope (not found and out of scope answer alike). */
  const targetOf = async (actor: UserRow, userId: string, agency: string | null | undefined): Promise<{ target: UserRow; agency: string | null }> => {
    const scope = await scopeOf(actor, agency);
    const target = await findUserById(db, userId);
    if (!target || (scope && !(await userBelongsToAgency(db, target.id, scope)))) throw new HttpError(404, USER_NOT_FOUND);
    return { target, agency: scope };
  };

  const list = async (actor: UserRow, input: { AgencyNumber?: string | null; Sort?: UserSort; Direction?: 'asc' | 'desc'; PageSize?: string }, kind: UserQuery['kind'], term: string) => {
    const q: UserQuery = {
      actor: actor.id,
      agency: await scopeOf(actor, input.AgencyNumber),
      kind,
      term,
      sort: input.Sort ?? 'name',
      dir: input.Direction ?? 'asc',
      size: input.PageSize ? Number(input.PageSize) : DEFAULT_PAGE_SIZE,
    };
    await loadCursorKey(db);
    return listUsers(db, q);
  };

  mountCall(r, deps, ListOktaUsersByAgentNumber, async ({ input, user }) => list(user!, input, 'agentNumber', input.AgentNumber));
  mountCall(r, deps, ListOktaUsersByAgentNameOrEmail, async ({ input, user }) => list(user!, input, 'nameOrEmail', input.Term ?? ''));

  mountCall(r, deps, ListOktaUsersByPaginationLink, async ({ input, user }) => {
    await loadCursorKey(db);
    const cursor = decodeCursor(input.Link, user!.id);
    if (!cursor) throw new HttpError(400, BAD_LINK);
    // The scope is checked again: the admin may have lost the agency since the first page.
    const agency = await scopeOf(user!, cursor.agency);
    const { after, ...q } = cursor;
    return listUsers(db, { ...q, agency }, after);
  });

  mountCall(r, deps, UpdateUserAccountDetails, async ({ input, user }) => {
    const actor = user!;
    const { target } = await targetOf(actor, input.UserId, input.AgencyNumber);
    if (!(await userBelongsToAgency(db, target.id, input.AgencyNumber))) throw new HttpError(404, USER_NOT_FOUND);
    const [groupRow] = await db.query<{ group_name: string }>('SELECT group_name FROM user_groups WHERE user_id = $1 ORDER BY group_name LIMIT 1', [target.id]);
    const currentGroup = groupRow?.group_name ?? null;
    const changesGroup = input.GroupId !== undefined && input.GroupId !== currentGroup;
    if (changesGroup) {
      if (target.id === actor.id) throw new HttpError(400, NOT_YOURSELF);
      if (!isInternal(actor) && !['SFAD_Agent', 'SFAD_Admin'].includes(input.GroupId!)) throw new HttpError(403, ADMIN_GROUPS_ONLY);
      const [g] = await db.query<{ dashboard_user_role: string }>('SELECT dashboard_user_role FROM groups WHERE name = $1', [input.GroupId!]);
      if (!g) throw new HttpError(400, 'Unknown group.');
      if (target.dashboard_user_role === 'SFAD_Admin' && g.dashboard_user_role !== 'SFAD_Admin' && (await soleAdminOf(db, target.id)).length) {
        throw new HttpError(400, LAST_ADMIN);
      }
    }
    const profile: [string, string, string | null][] = [];
    if (input.FirstName !== undefined) profile.push(['FirstName', 'first_name', input.FirstName]);
    if (input.LastName !== undefined) profile.push(['LastName', 'last_name', input.LastName]);
    if (input.PrimaryPhone !== undefined) profile.push(['PrimaryPhone', 'phone_number', input.PrimaryPhone]);
    if (input.SecondaryPhone !== undefined) profile.push(['SecondaryPhone', 'second_phone_number', input.SecondaryPhone || null]);
    if (input.Title !== undefined) profile.push(['Title', 'title', input.Title || null]);
    if (input.NpnId !== undefined) profile.push(['NpnId', 'npn_id', input.NpnId || null]);

    return db.transaction(async (tx) => {
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const [old] = await tx.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [target.id]);
      for (const [name, col, value] of profile) {
        if ((old![col] ?? null) !== value) {
          before[name] = old![col] ?? null;
          after[name] = value;
        }
      }
      const changed = profile.filter(([name]) => name in after);
      if (changed.length) {
        await tx.query(`UPDATE users SET ${changed.map(([, col], i) => `${col} = $${i + 2}`).join(', ')} WHERE id = $1`, [target.id, ...changed.map(([, , v]) => v)]);
      }
      let role = target.dashboard_user_role as string;
      if (changesGroup) {
        await tx.query('DELETE FROM user_groups WHERE user_id = $1', [target.id]);
        await tx.query('INSERT INTO user_groups (user_id, group_name) VALUES ($1, $2)', [target.id, input.GroupId!]);
        const [row] = await tx.query<{ dashboard_user_role: string }>(
          'UPDATE users SET dashboard_user_role = (SELECT dashboard_user_role FROM groups WHERE name = $2) WHERE id = $1 RETURNING dashboard_user_role',
          [target.id, input.GroupId!],
        );
        before.GroupId = currentGroup;
        before.DashboardUserRole = role;
        role = row!.dashboard_user_role;
        after.GroupId = input.GroupId;
        after.DashboardUserRole = role;
      }
      const carriersNow = async () =>
        (
          await tx.query<{ insurance_company_id: number }>(
            'SELECT insurance_company_id FROM user_agency_carriers WHERE user_id = $1 AND agency_number = $2 AND removed_at IS NULL ORDER BY 1',
            [target.id, input.AgencyNumber],
          )
        ).map((c) => c.insurance_company_id);
      const oldCarriers = await carriersNow();
      if (input.InsuranceCompanyIds !== undefined) {
        const wanted = [...input.InsuranceCompanyIds].sort((a, b) => a - b);
        if (wanted.join() !== oldCarriers.join()) {
          const [known] = await tx.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM insurance_companies WHERE insurance_company_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)::int))',
            [wanted],
          );
          if (known!.n !== wanted.length) throw new HttpError(400, 'Unknown insurance company.');
          await tx.query(
            `UPDATE user_agency_carriers SET removed_at = now()
              WHERE user_id = $1 AND agency_number = $2 AND removed_at IS NULL AND NOT (insurance_company_id = ANY(ARRAY(SELECT json_array_elements_text($3::json)::int)))`,
            [target.id, input.AgencyNumber, wanted],
          );
          await tx.query(
            `INSERT INTO user_agency_carriers (user_id, agency_number, insurance_company_id)
             SELECT $1, $2, json_array_elements_text($3::json)::int
             ON CONFLICT (user_id, agency_number, insurance_company_id) DO UPDATE SET removed_at = NULL`,
            [target.id, input.AgencyNumber, wanted],
          );
          before.InsuranceCompanyIds = oldCarriers;
          after.InsuranceCompanyIds = wanted;
        }
      }
      if (Object.keys(after).length) {
        await recordAudit(tx, {
          actor: { id: actor.id, email: actor.email },
          action: 'updateUserAccountDetails',
          entity: 'user',
          entityId: target.id,
          agencyNumber: input.AgencyNumber,
          before,
          after,
        });
        log.info('user account details updated', { userId: target.id, by: actor.id, fields: Object.keys(after) });
      }
      return { UserId: target.id, DashboardUserRole: role, GroupId: changesGroup ? input.GroupId! : currentGroup, InsuranceCompanyIds: await carriersNow() };
    });
  });

  mountCall(r, deps, DeactivateUser, async ({ input, user }) => {
    const actor = user!;
    const { target, agency } = await targetOf(actor, input.UserId, input.AgencyNumber);
    const activate = input.Activate === true;
    if (target.id === actor.id) throw new HttpError(400, NOT_YOURSELF);
    if (activate ? target.status !== 'DEPROVISIONED' : target.status === 'DEPROVISIONED') return { UserId: target.id, Status: target.status };
    if (!activate && (await soleAdminOf(db, target.id)).length) throw new HttpError(400, LAST_ADMIN);
    const status: 'ACTIVE' | 'DEPROVISIONED' = activate ? 'ACTIVE' : 'DEPROVISIONED';
    await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET status = $2 WHERE id = $1', [target.id, status]);
      // A deactivated user's sign-ins end now: the next call with an earlier token is refused.
      if (!activate) await revokeUserSessions(tx, target.id);
      await recordAudit(tx, {
        actor: { id: actor.id, email: actor.email },
        action: activate ? 'reactivateUser' : 'deactivateUser',
        entity: 'user',
        entityId: target.id,
        agencyNumber: agency,
        before: { Status: target.status },
        after: { Status: status },
      });
    });
    log.info(activate ? 'user reactivated' : 'user deactivated; sessions revoked', { userId: target.id, by: actor.id });
    return { UserId: target.id, Status: status };
  });
  return r;
}
