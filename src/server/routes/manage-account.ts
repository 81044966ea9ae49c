/**
 * Manage my account (issue 14): carriers per agency and removing agencies. Object level: agents and agency
 * admins act on their own account; an agency admin also on the users of agencies they administer (carriers,
 * RemoveUserFromAgency); internal admins on anyone's. See src/lib/api/manage-account.ts.
 */
import { Hono } from 'hono';
import {
  GetUserAgencyCarriersByAgentNumber,
  LAST_AGENCY,
  RemoveUserFromAgency,
  RemoveXYZAccountsByUserId,
  REMOVE_ACCOUNT_OFF,
  UpdateUserAgentCarriers,
} from '../../lib/api/manage-account.ts';
import { FEATURE_FLAGS } from '../../lib/constants.ts';
import { HttpError } from '../errors.ts';
import { carrierSettings, setAgentCarriers } from '../services/carriers.ts';
import { administersAgency, findUserById, listUserAgencies, removeUserAgencies, userBelongsToAgency, type UserRow } from '../services/users.ts';
import { log } from '../log.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

const NOT_YOURS = 'You do not belong to this agency.';

/** The manage-account calls. `removeAccountEnabled` is the remove-account feature flag (spec section 9). */
export function manageAccountRoutes(deps: RouteDeps & { removeAccountEnabled?: boolean }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;
  const removeAccountEnabled = deps.removeAccountEnabled ?? FEATURE_FLAGS.removeAccountFeatureEnabled;

  /**
   * The user `targetId` names on one agency, when the caller may manage them there: themselves (a member), a
   * user of an agency they administer, or anyone for internal admins. 403 otherwise; 404 for an internal admin
   * naming a user who is not in the agency.
   */
  async function memberFor(caller: UserRow, targetId: string, agencyNumber: string): Promise<string> {
    if (targetId === caller.id) {
      if (!(await userBelongsToAgency(db, caller.id, agencyNumber))) throw new HttpError(403, NOT_YOURS);
      return caller.id;
    }
    if (caller.dashboard_user_role !== 'SFAD_InternalAdmin' && !(await administersAgency(db, caller, agencyNumber))) {
      throw new HttpError(403, 'You may only manage your own account or the users of agencies you administer.');
    }
    if (!(await userBelongsToAgency(db, targetId, agencyNumber))) {
      // An agency admin learns nothing about users outside their agency.
      throw new HttpError(caller.dashboard_user_role === 'SFAD_InternalAdmin' ? 404 : 403, 'This user is not in the agency.');
    }
    return targetId;
  }

  mountCall(router, deps, GetUserAgencyCarriersByAgentNumber, async ({ input, user }) => {
    const caller = user!;
    const own = (caller.agent_number ?? '').toLowerCase() === input.AgentNumber.toLowerCase();
    if (!own && caller.dashboard_user_role === 'SFAD_Agent') throw new HttpError(403, 'You may only see your own carriers.');
    const [agent] = own
      ? [{ id: caller.id }]
      : await db.query<{ id: string }>(
          `SELECT u.id FROM users u JOIN user_agencies ua ON ua.user_id = u.id
            WHERE lower(u.agent_number) = lower($1) AND ua.agency_number = $2 ORDER BY u.created_at LIMIT 1`,
          [input.AgentNumber, input.AgencyNumber],
        );
    if (!agent) {
      if (caller.dashboard_user_role !== 'SFAD_InternalAdmin' && !(await administersAgency(db, caller, input.AgencyNumber))) throw new HttpError(403, NOT_YOURS);
      throw new HttpError(404, 'No such agent in this agency.');
    }
    await memberFor(caller, agent.id, input.AgencyNumber);
    return carrierSettings(db, agent.id, input.AgencyNumber);
  });

  mountCall(router, deps, UpdateUserAgentCarriers, async ({ input, user }) => {
    const target = await memberFor(user!, input.UserId ?? user!.id, input.AgencyNumber);
    if (!(await setAgentCarriers(db, target, input.AgencyNumber, input.InsuranceCompanyIds))) throw new HttpError(400, 'Unknown insurance company.');
    log.info('carriers updated', { userId: target, by: user!.id, agencyNumber: input.AgencyNumber, carriers: input.InsuranceCompanyIds.length });
    return carrierSettings(db, target, input.AgencyNumber);
  });

  mountCall(router, deps, RemoveXYZAccountsByUserId, async ({ input, user }) => {
    if (!removeAccountEnabled) throw new HttpError(404, REMOVE_ACCOUNT_OFF);
    const caller = user!;
    const self = input.UserId === caller.id;
    if (!self && caller.dashboard_user_role !== 'SFAD_InternalAdmin') throw new HttpError(403, 'You may only remove agencies from your own account.');
    if (!self && !(await findUserById(db, input.UserId))) throw new HttpError(404, 'User not found.');
    const outcome = await removeUserAgencies(db, input.UserId, input.AccountNumbers, { keepOne: self });
    if (outcome === 'not-member') throw new HttpError(self ? 403 : 404, self ? NOT_YOURS : 'This user is not in the agency.');
    if (outcome === 'last') throw new HttpError(400, LAST_AGENCY);
    log.info('agencies removed from an account', { userId: input.UserId, by: caller.id, agencies: input.AccountNumbers });
    return listUserAgencies(db, input.UserId);
  });

  mountCall(router, deps, RemoveUserFromAgency, async ({ input, user }) => {
    const target = await memberFor(user!, input.UserId, input.AgencyNumber);
    const outcome = await removeUserAgencies(db, target, [input.AgencyNumber], { keepOne: target === user!.id });
    if (outcome === 'last') throw new HttpError(400, LAST_AGENCY);
    if (outcome === 'not-member') throw new HttpError(404, 'This user is not in the agency.');
    log.info('user removed from an agency', { userId: target, by: user!.id, agencyNumber: input.AgencyNumber });
    return listUserAgencies(db, target);
  });

  return router;
}
