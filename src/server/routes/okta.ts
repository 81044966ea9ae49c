/**
 * The identity store's calls (issue 14): okta/* and the User/* link calls. Public calls answer the same
 * whether or not an account exists; admins act on users of their agencies only, internal admins on anyone.
 * docs/decisions/018-identity-store-and-one-time-links.md.
 */
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import {
  AddUserResetPwdLink,
  AssignUserToGroup,
  CreateActiveUser,
  CreateInactiveUser,
  CreateUserPassword,
  GetPasswordPolicy,
  GetUserDetailsByEmail,
  GetUserResetPwdLink,
  SendRecoveryPasswordLink,
  UpdateOktaAgency,
  UpdateOktaUserProfile,
  UserStatus,
  VerifyUser,
} from '../../lib/api/okta.ts';
import { PASSWORD_POLICY } from '../../lib/accounts.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import { revokeUserSessions } from '../auth/revocation.ts';
import { createRecoveryLimiter, DEFAULT_RECOVERY_LIMITS, type RecoveryLimits } from '../auth/recovery-limiter.ts';
import { counterStoreFor } from '../auth/counter-store.ts';
import {
  agenciesOf,
  createActiveUser,
  DEFAULT_TTLS,
  findLink,
  linkState,
  profileOf,
  registerUser,
  sendRecovery,
  setPasswordWithLink,
  type LinkTtls,
} from '../services/accounts.ts';
import { findUserByEmail, findUserById, type UserRow } from '../services/users.ts';
import { recordAudit, type AuditActor } from '../services/audit.ts';
import { soleAdminOf } from '../services/user-admin.ts';
import { LAST_ADMIN, NOT_YOURSELF } from '../../lib/api/user-admin.ts';
import { linkBaseOf, mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The accounts settings (environment, read at start-up). */
export interface AccountsConfig {
  ttls: LinkTtls;
  limits: RecoveryLimits;
}
export const DEFAULT_ACCOUNTS_CONFIG: AccountsConfig = { ttls: DEFAULT_TTLS, limits: DEFAULT_RECOVERY_LIMITS };

/** The tooMany-style answer of the email-sending calls. */
export const TOO_MANY_RECOVERIES = 'Too many requests for this email. Please wait a few minutes and try again.';

export function oktaRoutes(deps: RouteDeps & { accounts?: AccountsConfig }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const cfg = deps.accounts ?? DEFAULT_ACCOUNTS_CONFIG;
  const limiter = createRecoveryLimiter(cfg.limits, counterStoreFor(db));

  const linkBase = (c: Context<AppEnv>) => linkBaseOf(c, deps.origin);

  /** 429 when this address or this email asked too often. */
  const limit = async (c: Context<AppEnv>, email: string | null) => {
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const wait = await limiter.take(address, email);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      log.warn('account email refused: rate limit', { retryAfter: wait });
      throw new HttpError(429, TOO_MANY_RECOVERIES);
    }
  };

  /** An admin may act on a user of one of their agencies; an internal admin on anyone; else 403. */
  const mayManage = async (actor: UserRow, target: UserRow | undefined): Promise<UserRow> => {
    if (!target) throw new HttpError(404, 'User not found.');
    if (actor.id === target.id || actor.dashboard_user_role === 'SFAD_InternalAdmin') return target;
    if (actor.dashboard_user_role === 'SFAD_Admin') {
      const [shared] = await db.query(
        'SELECT 1 FROM user_agencies a JOIN user_agencies b ON a.agency_number = b.agency_number WHERE a.user_id = $1 AND b.user_id = $2 LIMIT 1',
        [actor.id, target.id],
      );
      if (shared) return target;
    }
    throw new HttpError(403, 'You may only manage users of your agencies.');
  };
  const actorAgencies = (actor: UserRow) => agenciesOf(db, actor.id);
  const who = (u: UserRow): AuditActor => ({ id: u.id, email: u.email });
  /** The agency an audit row of a change to `targetId` belongs to: one the actor shares with them, else their first. */
  const auditAgency = async (actor: UserRow, targetId: string): Promise<string | null> => {
    const theirs = await agenciesOf(db, targetId);
    const mine = await actorAgencies(actor);
    return theirs.find((a) => mine.includes(a)) ?? theirs[0] ?? null;
  };

  mountCall(r, deps, CreateInactiveUser, async ({ c, input }) => {
    await limit(c, input.Email);
    const { created, userId } = await registerUser(db, input, linkBase(c), cfg.ttls, input.Referral ?? null);
    log.info(created ? 'registration: user staged, verification email queued' : 'registration: address already known, owner notified', { userId });
    if (created) await recordAudit(db, { actor: null, action: 'register', entity: 'user', entityId: userId, after: { Status: 'STAGED' } });
    return null;
  });

  mountCall(r, deps, CreateActiveUser, async ({ c, input, user }) => {
    if (user!.dashboard_user_role !== 'SFAD_InternalAdmin' && !(await actorAgencies(user!)).includes(input.AgencyNumber)) {
      throw new HttpError(403, 'You may only manage users of your agencies.');
    }
    const created = await createActiveUser(db, input, linkBase(c), cfg.ttls);
    await recordAudit(db, {
      actor: who(user!),
      action: 'createActiveUser',
      entity: 'user',
      entityId: created.id,
      agencyNumber: input.AgencyNumber,
      after: { Email: created.email, FirstName: created.first_name, LastName: created.last_name, Status: created.status },
    });
    log.info('user created by an admin; set-password email queued', { userId: created.id, by: user!.id });
    return { UserId: created.id, Status: created.status };
  });

  mountCall(r, deps, SendRecoveryPasswordLink, async ({ c, input }) => {
    let target: UserRow | undefined;
    if (input.Token) {
      // linkexpired: the old link names its user (whatever its state), so the button works without typing.
      const link = await findLink(db, input.Token);
      target = link && link.purpose !== 'signin' ? await findUserById(db, link.user_id) : undefined;
      await limit(c, target?.email ?? null);
    } else {
      await limit(c, input.Email!);
      target = await findUserByEmail(db, input.Email!);
    }
    const sent = await sendRecovery(db, target, linkBase(c), cfg.ttls);
    log.info('recovery requested', { sent, ...(target ? { userId: target.id } : {}) });
    return null;
  });

  mountCall(r, deps, VerifyUser, async ({ input }) => linkState(db, input.Token, ['verify', 'reset']));
  mountCall(r, deps, GetUserResetPwdLink, async ({ input }) => linkState(db, input.Token, ['verify', 'reset']));
  mountCall(r, deps, GetPasswordPolicy, async () => PASSWORD_POLICY);

  mountCall(r, deps, CreateUserPassword, async ({ input }) => {
    const done = await setPasswordWithLink(db, input.Token, input.Password, cfg.ttls, revokeUserSessions);
    log.info(done.purpose === 'reset' ? 'password reset; sessions revoked' : 'password set; account active', { userId: done.userId });
    // No value of the password: only that it was set or reset through a link.
    await recordAudit(db, { actor: null, action: done.purpose === 'reset' ? 'resetPassword' : 'setPassword', entity: 'user', entityId: done.userId });
    return { SignInTicket: done.ticket, Purpose: done.purpose };
  });

  mountCall(r, deps, UserStatus, async ({ input, user }) => {
    const target = await mayManage(user!, input.UserId === undefined ? user! : await findUserById(db, input.UserId));
    return { UserId: target.id, Status: target.status };
  });

  mountCall(r, deps, UpdateOktaAgency, async ({ input, user }) => {
    const target = await mayManage(user!, await findUserById(db, input.UserId));
    if (user!.dashboard_user_role !== 'SFAD_InternalAdmin' && !(await actorAgencies(user!)).includes(input.AgencyNumber)) {
      throw new HttpError(403, 'You may only manage users of your agencies.');
    }
    const [agency] = await db.query('SELECT 1 FROM agencies WHERE agency_number = $1', [input.AgencyNumber]);
    if (!agency) throw new HttpError(404, 'Agency not found.');
    const added = await db.query(
      `INSERT INTO user_agencies (user_id, agency_number, is_default_agency)
       VALUES ($1, $2, NOT EXISTS (SELECT 1 FROM user_agencies WHERE user_id = $1)) ON CONFLICT DO NOTHING RETURNING 1`,
      [target.id, input.AgencyNumber],
    );
    if (added.length) {
      await recordAudit(db, { actor: who(user!), action: 'addUserToAgency', entity: 'user', entityId: target.id, agencyNumber: input.AgencyNumber, after: { AgencyNumber: input.AgencyNumber } });
    }
    return { UserId: target.id, Agencies: await agenciesOf(db, target.id) };
  });

  mountCall(r, deps, UpdateOktaUserProfile, async ({ input, user }) => {
    const target = await mayManage(user!, input.UserId === undefined ? user! : await findUserById(db, input.UserId));
    const set: [string, string | null][] = [];
    if (input.FirstName !== undefined) set.push(['first_name', input.FirstName]);
    if (input.LastName !== undefined) set.push(['last_name', input.LastName]);
    if (input.PrimaryPhone !== undefined) set.push(['phone_number', input.PrimaryPhone]);
    if (input.SecondaryPhone !== undefined) set.push(['second_phone_number', input.SecondaryPhone || null]);
    if (input.Title !== undefined) set.push(['title', input.Title || null]);
    if (input.NpnId !== undefined) set.push(['npn_id', input.NpnId || null]);
    if (!set.length) return profileOf(db, target);
    const before = await profileOf(db, target);
    await db.query(`UPDATE users SET ${set.map(([col], i) => `${col} = $${i + 2}`).join(', ')} WHERE id = $1`, [target.id, ...set.map(([, v]) => v)]);
    const after = await profileOf(db, (await findUserById(db, target.id))!);
    await recordAudit(db, { actor: who(user!), action: 'updateProfile', entity: 'user', entityId: target.id, agencyNumber: await auditAgency(user!, target.id), before, after });
    return after;
  });

  mountCall(r, deps, AssignUserToGroup, async ({ input, user }) => {
    const target = await mayManage(user!, await findUserById(db, input.UserId));
    if (user!.dashboard_user_role !== 'SFAD_InternalAdmin' && !['SFAD_Agent', 'SFAD_Admin'].includes(input.GroupName)) {
      throw new HttpError(403, 'You may only assign the agent or admin group.');
    }
    // Guard rails (issue 15): nobody changes their own role; an agency keeps an active admin.
    const [group] = await db.query<{ dashboard_user_role: string }>('SELECT dashboard_user_role FROM groups WHERE name = $1', [input.GroupName]);
    if (group && group.dashboard_user_role !== target.dashboard_user_role) {
      if (target.id === user!.id) throw new HttpError(400, NOT_YOURSELF);
      if (target.dashboard_user_role === 'SFAD_Admin' && (await soleAdminOf(db, target.id)).length) throw new HttpError(400, LAST_ADMIN);
    }
    const agencyOfRow = await auditAgency(user!, target.id);
    const [oldGroup] = await db.query<{ group_name: string }>('SELECT group_name FROM user_groups WHERE user_id = $1 ORDER BY 1 LIMIT 1', [target.id]);
    const role = await db.transaction(async (tx) => {
      // A user is in one role group at a time: the group decides the dashboard role.
      await tx.query('DELETE FROM user_groups WHERE user_id = $1', [target.id]);
      await tx.query('INSERT INTO user_groups (user_id, group_name) VALUES ($1, $2)', [target.id, input.GroupName]);
      const [row] = await tx.query<{ dashboard_user_role: string }>(
        'UPDATE users SET dashboard_user_role = (SELECT dashboard_user_role FROM groups WHERE name = $2) WHERE id = $1 RETURNING dashboard_user_role',
        [target.id, input.GroupName],
      );
      if ((oldGroup?.group_name ?? null) !== input.GroupName) {
        await recordAudit(tx, {
          actor: who(user!),
          action: 'assignUserToGroup',
          entity: 'user',
          entityId: target.id,
          agencyNumber: agencyOfRow,
          before: { GroupId: oldGroup?.group_name ?? null, DashboardUserRole: target.dashboard_user_role },
          after: { GroupId: input.GroupName, DashboardUserRole: row!.dashboard_user_role },
        });
      }
      return row!.dashboard_user_role;
    });
    const groups = await db.query<{ group_name: string }>('SELECT group_name FROM user_groups WHERE user_id = $1 ORDER BY 1', [target.id]);
    log.info('group assigned', { userId: target.id, group: input.GroupName, by: user!.id });
    return { UserId: target.id, Groups: groups.map((g) => g.group_name), DashboardUserRole: role };
  });

  mountCall(r, deps, AddUserResetPwdLink, async ({ c, input, user }) => {
    const target = await mayManage(user!, await findUserById(db, input.UserId));
    // An ACTIVE user gets a reset link, a STAGED one a fresh verification link.
    const sent = await sendRecovery(db, target, linkBase(c), cfg.ttls);
    await recordAudit(db, { actor: who(user!), action: 'sendResetLink', entity: 'user', entityId: target.id, agencyNumber: await auditAgency(user!, target.id), after: { Link: sent } });
    log.info('reset link sent by an admin', { userId: target.id, by: user!.id });
    return null;
  });

  mountCall(r, deps, GetUserDetailsByEmail, async ({ input, user }) => {
    const target = await findUserByEmail(db, input.Email);
    // Not found and not theirs answer alike: an admin learns nothing of other agencies' users.
    try {
      return profileOf(db, await mayManage(user!, target));
    } catch {
      throw new HttpError(404, 'User not found.');
    }
  });
  return r;
}
