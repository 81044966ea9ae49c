/**
 * Manage my account (issue 14): carriers per agency and removing agencies. Object level: agents and agency
 * admins act on their own account; an agency admin also on the users of agencies they administer (carriers,
 * RemoveUserFromAgency); internal admins on anyone's. See src/lib/api/manage-account.ts.
 */
import { recordAudit } from '../services/audit.ts';
import { Hono, type Context } from 'hono';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { counterStoreFor } from '../auth/counter-store.ts';
import {
  ChangeUserPassword,
  ConfirmEmailChange,
  GetUserAgencyCarriersByAgentNumber,
  GetUserAgentInformation,
  GetUserProfile,
  RequestEmailChange,
  SAME_EMAIL,
  SAME_PASSWORD,
  SaveUserAgentInfo,
  TOO_MANY_PASSWORD_TRIES,
  WRONG_CURRENT_PASSWORD,
  LAST_AGENCY,
  RemoveUserFromAgency,
  RemoveXYZAccountsByUserId,
  REMOVE_ACCOUNT_OFF,
  UpdateUserAgentCarriers,
} from '../../lib/api/manage-account.ts';
import { FEATURE_FLAGS } from '../../lib/constants.ts';
import { formatPhone } from '../../lib/format.ts';
import { toAppRole } from '../../lib/roles.ts';
import { revokeUserSessions } from '../auth/revocation.ts';
import { HttpError } from '../errors.ts';
import { changePassword, confirmEmailChange, DEFAULT_TTLS, isCurrentPassword, requestEmailChange, userProfileOf } from '../services/accounts.ts';
import { carrierSettings, setAgentCarriers } from '../services/carriers.ts';
import { administersAgency, findUserById, listUserAgencies, removeUserAgencies, userBelongsToAgency, type UserRow } from '../services/users.ts';
import { log } from '../log.ts';
import { soleAdminOf } from '../services/user-admin.ts';
import { LAST_ADMIN } from '../../lib/api/user-admin.ts';
import { linkBaseOf, mountCall, type AppEnv, type RouteDeps } from './define.ts';

const NOT_YOURS = 'You do not belong to this agency.';

/** Wrong current passwords allowed per user (ChangeUserPassword, RequestEmailChange) within the window; then 429. */
export const PASSWORD_TRIES = { max: 5, windowSeconds: 15 * 60 };

/** The manage-account calls. `removeAccountEnabled` is the remove-account feature flag (spec section 9). */
export function manageAccountRoutes(deps: RouteDeps & { removeAccountEnabled?: boolean; passwordTries?: { max: number; windowSeconds: number } }): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;
  const removeAccountEnabled = deps.removeAccountEnabled ?? FEATURE_FLAGS.removeAccountFeatureEnabled;
  const ttls = deps.accounts?.ttls ?? DEFAULT_TTLS;
  const tries = deps.passwordTries ?? PASSWORD_TRIES;
  // Its own count of wrong current passwords per user, so that a signed-in session (or a stolen token) cannot
  // be used to guess the password: after `max` wrong ones every attempt gets 429 until the window ends. Counted in
  // the database on PostgreSQL, so every process counts the same (issue 19).
  const wrongPasswords = counterStoreFor(db)({ keyPrefix: 'current-password', points: tries.max, duration: tries.windowSeconds });

  /** Checks the caller's current password: 429 after too many wrong ones, 400 when wrong; a right one clears the count. */
  async function checkCurrentPassword(c: Context<AppEnv>, caller: UserRow, password: string): Promise<void> {
    const seen = await wrongPasswords.get(caller.id);
    if (seen && seen.consumedPoints >= tries.max) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(seen.msBeforeNext / 1000))));
      log.warn('current password refused: too many wrong ones', { userId: caller.id });
      throw new HttpError(429, TOO_MANY_PASSWORD_TRIES);
    }
    if (await isCurrentPassword(caller, password)) {
      await wrongPasswords.delete(caller.id);
      return;
    }
    await wrongPasswords.consume(caller.id).catch((e: unknown) => {
      if (!(e instanceof RateLimiterRes)) throw e;
    });
    log.info('current password wrong', { userId: caller.id });
    throw new HttpError(400, WRONG_CURRENT_PASSWORD);
  }

  const linkBase = (c: Context<AppEnv>) => linkBaseOf(c, deps.origin);

  /** The user a profile call names: the caller; a user who shares an agency with an agency admin; anyone for internal admins. */
  async function editableUser(caller: UserRow, targetId: string | undefined): Promise<UserRow> {
    if (targetId === undefined || targetId === caller.id) return caller;
    if (caller.dashboard_user_role === 'SFAD_InternalAdmin') {
      const target = await findUserById(db, targetId);
      if (!target) throw new HttpError(404, 'User not found.');
      return target;
    }
    if (caller.dashboard_user_role === 'SFAD_Admin') {
      const [shared] = await db.query(
        `SELECT 1 FROM user_agencies a JOIN user_agencies b ON a.agency_number = b.agency_number WHERE a.user_id = $1 AND b.user_id = $2 LIMIT 1`,
        [caller.id, targetId],
      );
      const target = shared ? await findUserById(db, targetId) : undefined;
      if (target) return target;
    }
    throw new HttpError(403, 'You may only manage your own account or the users of agencies you administer.');
  }

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

  /** Audits a change to a user's account (issue 15): who, what, which user and agency, before and after. */
  const audit = (actor: { id: string; email: string }, action: string, userId: string, agencyNumber: string | null, before?: unknown, after?: unknown) =>
    recordAudit(db, { actor: { id: actor.id, email: actor.email }, action, entity: 'user', entityId: userId, agencyNumber, before, after });

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
    const before = await carrierSettings(db, target, input.AgencyNumber);
    if (!(await setAgentCarriers(db, target, input.AgencyNumber, input.InsuranceCompanyIds))) throw new HttpError(400, 'Unknown insurance company.');
    log.info('carriers updated', { userId: target, by: user!.id, agencyNumber: input.AgencyNumber, carriers: input.InsuranceCompanyIds.length });
    const after = await carrierSettings(db, target, input.AgencyNumber);
    await audit(user!, 'updateCarriers', target, input.AgencyNumber, before.Carriers, after.Carriers);
    return after;
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
    for (const agency of input.AccountNumbers) await audit(caller, 'removeFromAgency', input.UserId, agency, { member: true }, { member: false });
    return listUserAgencies(db, input.UserId);
  });

  mountCall(router, deps, RemoveUserFromAgency, async ({ input, user }) => {
    const target = await memberFor(user!, input.UserId, input.AgencyNumber);
    // Guard rail (issue 15): an agency keeps an active admin.
    if ((await soleAdminOf(db, target, [input.AgencyNumber])).length) throw new HttpError(400, LAST_ADMIN);
    const outcome = await removeUserAgencies(db, target, [input.AgencyNumber], { keepOne: target === user!.id });
    if (outcome === 'removed') {
      await recordAudit(db, { actor: { id: user!.id, email: user!.email }, action: 'removeUserFromAgency', entity: 'user', entityId: target, agencyNumber: input.AgencyNumber, before: { AgencyNumber: input.AgencyNumber }, after: { AgencyNumber: null } });
    }
    if (outcome === 'last') throw new HttpError(400, LAST_AGENCY);
    if (outcome === 'not-member') throw new HttpError(404, 'This user is not in the agency.');
    log.info('user removed from an agency', { userId: target, by: user!.id, agencyNumber: input.AgencyNumber });
    return listUserAgencies(db, target);
  });

  // ------------------------------------------------------------------------------------------------------
  // manage-account profile: the profile, agent information, password change and email change.

  mountCall(router, deps, GetUserProfile, async ({ user }) => userProfileOf(db, user!));

  mountCall(router, deps, GetUserAgentInformation, async ({ input, user }) => {
    const caller = user!;
    const targetId = await memberFor(caller, input.UserId ?? caller.id, input.AgencyNumber);
    const target = targetId === caller.id ? caller : (await findUserById(db, targetId))!;
    const [group] = await db.query<{ group_name: string }>('SELECT group_name FROM user_groups WHERE user_id = $1 ORDER BY group_name LIMIT 1', [target.id]);
    const settings = await carrierSettings(db, target.id, input.AgencyNumber);
    return {
      Profile: await userProfileOf(db, target),
      Role: toAppRole(target.dashboard_user_role),
      DashboardUserRole: target.dashboard_user_role,
      AgencyNumber: input.AgencyNumber,
      InsuranceCompanies: settings.Carriers,
      GroupId: group?.group_name ?? null,
    };
  });

  mountCall(router, deps, SaveUserAgentInfo, async ({ input, user }) => {
    const target = await editableUser(user!, input.UserId);
    const before = await userProfileOf(db, target);
    await db.query(
      'UPDATE users SET first_name = $2, last_name = $3, phone_number = $4, second_phone_number = $5, title = $6, npn_id = $7 WHERE id = $1',
      [
        target.id,
        input.FirstName.trim(),
        input.LastName.trim(),
        formatPhone(input.PrimaryPhone),
        input.SecondaryPhone?.trim() ? formatPhone(input.SecondaryPhone) : null,
        input.Title?.trim() || null,
        input.NpnId?.trim() || null,
      ],
    );
    log.info('profile saved', { userId: target.id, by: user!.id });
    const after = await userProfileOf(db, (await findUserById(db, target.id))!);
    await audit(user!, 'updateProfile', target.id, null, before, after);
    return after;
  });

  mountCall(router, deps, ChangeUserPassword, async ({ c, input, user }) => {
    const caller = user!;
    await checkCurrentPassword(c, caller, input.CurrentPassword);
    if (input.NewPassword === input.CurrentPassword) throw new HttpError(400, SAME_PASSWORD);
    const { ticket } = await changePassword(db, caller, input.NewPassword, linkBase(c), ttls, revokeUserSessions);
    log.info('password changed; other sessions revoked', { userId: caller.id });
    await audit(caller, 'changePassword', caller.id, null);
    return { SignInTicket: ticket };
  });

  mountCall(router, deps, RequestEmailChange, async ({ c, input, user }) => {
    const caller = user!;
    await checkCurrentPassword(c, caller, input.CurrentPassword);
    const address = input.NewEmail.trim();
    if (address.toLowerCase() === caller.email.toLowerCase()) throw new HttpError(400, SAME_EMAIL);
    await requestEmailChange(db, caller, address, linkBase(c));
    log.info('email change requested; link queued', { userId: caller.id });
    await audit(caller, 'requestEmailChange', caller.id, null, { Email: caller.email }, { PendingEmail: address });
    return { PendingEmail: address };
  });

  mountCall(router, deps, ConfirmEmailChange, async ({ c, input }) => {
    const done = await confirmEmailChange(db, input.Token, linkBase(c));
    log.info('email changed', { userId: done.userId });
    await audit({ id: done.userId, email: done.email }, 'confirmEmailChange', done.userId, null, undefined, { Email: done.email });
    return { Email: done.email };
  });

  return router;
}
