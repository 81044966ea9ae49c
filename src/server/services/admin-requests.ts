/**
 * Admin access requests and the internal admins' tools (issue 15): an agent asks to become their agency's
 * admin, internal admins decide (Pending → Approved or Denied, once), the MFA reset, and the dashboard counts.
 * Every change is audited in its own transaction; emails go through the outbox in that transaction too.
 */
import type { AdminRequest } from '../../lib/api/internal-admin.ts';
import { ADMIN_REQUESTS_PAGE } from '../../lib/api/internal-admin.ts';
import type { Db, Param, Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { sendAccountEmail, type LinkBase } from './accounts.ts';
import { recordAudit } from './audit.ts';
import { resetMfa } from './mfa.ts';
import { removePasskeys } from './passkeys.ts';
import { findUserById, type UserRow } from './users.ts';

export const NOT_YOUR_AGENCY = 'You can only ask for admin access to one of your agencies.';
export const ALREADY_ADMIN = 'You are already an admin of this agency.';
export const REQUEST_NOT_FOUND = 'Admin access request not found.';
export const ALREADY_DECIDED = 'This request was already decided.';
export const NO_LONGER_IN_AGENCY = 'This user is no longer in the agency; the request can only be denied.';

const SELECT = `SELECT r.id::int AS "requestId", r.user_id AS "userId", u.first_name || ' ' || u.last_name AS "agentName",
       u.email AS "agentEmail", u.agent_number AS "agentNumber", r.agency_number AS "agencyNumber", a.agency_name AS "agencyName",
       r.status, r.reason, d.email AS "decidedBy",
       to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
       to_char(r.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "decidedAt"
  FROM admin_access_requests r
  JOIN users u ON u.id = r.user_id
  JOIN agencies a ON a.agency_number = r.agency_number
  LEFT JOIN users d ON d.id = r.decided_by`;

async function requestById(db: Queryable, id: number): Promise<AdminRequest | undefined> {
  const [row] = await db.query<AdminRequest>(`${SELECT} WHERE r.id = $1`, [id]);
  return row;
}

const actorOf = (u: UserRow) => ({ id: u.id, email: u.email });

/** Files (or answers the pending) request of an agent for one of their agencies and emails the internal admins. */
export async function requestAdminAccess(db: Db, user: UserRow, agencyNumber: string, base: LinkBase): Promise<AdminRequest> {
  const id = await db.transaction(async (tx) => {
    const [member] = await tx.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [user.id, agencyNumber]);
    if (!member) throw new HttpError(403, NOT_YOUR_AGENCY);
    if (user.dashboard_user_role !== 'SFAD_Agent') throw new HttpError(409, ALREADY_ADMIN);
    const [pending] = await tx.query<{ id: number }>(
      "SELECT id::int AS id FROM admin_access_requests WHERE user_id = $1 AND agency_number = $2 AND status = 'Pending'",
      [user.id, agencyNumber],
    );
    if (pending) return pending.id;
    const [created] = (await tx.query<{ id: number }>(
      'INSERT INTO admin_access_requests (user_id, agency_number) VALUES ($1, $2) RETURNING id::int AS id',
      [user.id, agencyNumber],
    )) as [{ id: number }];
    const request = (await requestById(tx, created.id))!;
    await recordAudit(tx, { actor: actorOf(user), action: 'requestAdminAccess', entity: 'adminRequest', entityId: created.id, agencyNumber, after: { status: 'Pending' } });
    const admins = await tx.query<UserRow>("SELECT * FROM users WHERE dashboard_user_role = 'SFAD_InternalAdmin' AND status = 'ACTIVE'");
    for (const admin of admins) {
      await sendAccountEmail(tx, admin, base, 'AdminAccessRequested', (t) => ({
        subject: t('emails.adminRequest.subject', { agency: request.agencyName }),
        lines: [
          t('emails.adminRequest.intro', { name: request.agentName, email: request.agentEmail, agency: request.agencyName, number: agencyNumber }),
          t('emails.adminRequest.review'),
          `${base.origin}/dashboard/admin-requests`,
        ],
      }));
    }
    return created.id;
  });
  return (await requestById(db, id))!;
}

/** One page of requests, newest first; Search matches the agent's or the agency's name (FilterBy), any part, any case. */
export async function listAdminRequests(
  db: Queryable,
  q: { status?: AdminRequest['status'] | undefined; filterBy?: 'agent_name' | 'agency_name' | undefined; search?: string | null | undefined; page?: number },
): Promise<{ requests: AdminRequest[]; total: number; pageSize: number }> {
  const where: string[] = [];
  const params: Param[] = [];
  if (q.status) {
    params.push(q.status);
    where.push(`r.status = $${params.length}`);
  }
  const term = q.search?.trim();
  if (term) {
    params.push(term.replace(/[\\%_]/g, (c) => `\\${c}`));
    const column = q.filterBy === 'agency_name' ? 'a.agency_name' : `u.first_name || ' ' || u.last_name`;
    where.push(`${column} ILIKE '%' || $${params.length} || '%'`);
  }
  const sqlWhere = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const page = q.page ?? 1;
  const [count] = (await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM admin_access_requests r JOIN users u ON u.id = r.user_id JOIN agencies a ON a.agency_number = r.agency_number ${sqlWhere}`,
    params,
  )) as [{ n: number }];
  const requests = await db.query<AdminRequest>(
    `${SELECT} ${sqlWhere} ORDER BY (r.status = 'Pending') DESC, r.created_at DESC, r.id DESC LIMIT ${ADMIN_REQUESTS_PAGE} OFFSET ${(page - 1) * ADMIN_REQUESTS_PAGE}`,
    params,
  );
  return { requests, total: count.n, pageSize: ADMIN_REQUESTS_PAGE };
}

/**
 * Decides a pending request once. Approval makes the requester an agency admin (role and group), effective from
 * their next token; both decisions email the requester.
 */
export async function decideAdminRequest(db: Db, reviewer: UserRow, id: number, status: 'Approved' | 'Denied', reason: string | null, base: LinkBase): Promise<AdminRequest> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ user_id: string; agency_number: string; status: string }>(
      'SELECT user_id, agency_number, status FROM admin_access_requests WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!row) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (row.status !== 'Pending') throw new HttpError(409, ALREADY_DECIDED);
    const requester = (await findUserById(tx, row.user_id))!;
    if (status === 'Approved') {
      const [member] = await tx.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [row.user_id, row.agency_number]);
      if (!member) throw new HttpError(409, NO_LONGER_IN_AGENCY);
      if (requester.dashboard_user_role === 'SFAD_Agent') {
        await tx.query("UPDATE users SET dashboard_user_role = 'SFAD_Admin' WHERE id = $1", [row.user_id]);
        await tx.query("DELETE FROM user_groups WHERE user_id = $1 AND group_name = 'SFAD_Agent'", [row.user_id]);
        await tx.query("INSERT INTO user_groups (user_id, group_name) VALUES ($1, 'SFAD_Admin') ON CONFLICT DO NOTHING", [row.user_id]);
        await recordAudit(tx, {
          actor: actorOf(reviewer),
          action: 'changeRole',
          entity: 'user',
          entityId: row.user_id,
          agencyNumber: row.agency_number,
          before: { dashboardUserRole: requester.dashboard_user_role },
          after: { dashboardUserRole: 'SFAD_Admin' },
        });
      }
    }
    await tx.query('UPDATE admin_access_requests SET status = $2, reason = $3, decided_by = $4, decided_at = now() WHERE id = $1', [id, status, reason, reviewer.id]);
    await recordAudit(tx, {
      actor: actorOf(reviewer),
      action: status === 'Approved' ? 'approveAdminRequest' : 'denyAdminRequest',
      entity: 'adminRequest',
      entityId: id,
      agencyNumber: row.agency_number,
      before: { status: 'Pending' },
      after: { status, reason },
    });
    const [agency] = (await tx.query<{ agency_name: string }>('SELECT agency_name FROM agencies WHERE agency_number = $1', [row.agency_number])) as [{ agency_name: string }];
    const key = status === 'Approved' ? 'adminApproved' : 'adminDenied';
    await sendAccountEmail(tx, requester, base, `AdminRequest${status}`, (t) => ({
      subject: t(`emails.${key}.subject`, { agency: agency.agency_name }),
      lines: [t(`emails.${key}.intro`, { agency: agency.agency_name }), ...(reason ? ['', t('emails.reason', { reason })] : []), '', `${base.origin}/dashboard/login`],
    }));
  });
  return (await requestById(db, id))!;
}

/** InternalAdmin/ResetMFA: clears TOTP, recovery codes and passkeys, audits and emails the user. */
export async function resetUserMfa(db: Db, actor: UserRow, userId: string, base: LinkBase): Promise<{ UserId: string; HadTotp: boolean; PasskeysRemoved: number }> {
  const target = await findUserById(db, userId);
  if (!target) throw new HttpError(404, 'User not found.');
  const hadTotp = await resetMfa(db, userId);
  const removed = await removePasskeys(db, userId);
  await db.transaction(async (tx) => {
    await recordAudit(tx, { actor: actorOf(actor), action: 'resetMfa', entity: 'user', entityId: userId, before: { totp: hadTotp, passkeys: removed }, after: { totp: false, passkeys: 0 } });
    await sendAccountEmail(tx, target, base, 'MfaReset', (t) => ({ subject: t('emails.mfaReset.subject'), lines: [t('emails.mfaReset.intro'), t('emails.mfaReset.notYou')] }));
  });
  return { UserId: userId, HadTotp: hadTotp, PasskeysRemoved: removed };
}

/** The internal admins' tool counts (Platform `dashboard`). */
export async function dashboardCounts(db: Queryable) {
  const [row] = await db.query<{
    adminRequestsPending: number;
    onboardingPending: number;
    activeUsers: number;
    agencies: number;
    failedReferrals: number;
    draftArticles: number;
    auditToday: number;
  }>(
    `SELECT (SELECT count(*)::int FROM admin_access_requests WHERE status = 'Pending') AS "adminRequestsPending",
            (SELECT count(*)::int FROM onboarding_requests WHERE status = 'Pending') AS "onboardingPending",
            (SELECT count(*)::int FROM users WHERE status = 'ACTIVE') AS "activeUsers",
            (SELECT count(*)::int FROM agencies) AS "agencies",
            (SELECT count(*)::int FROM work_orders WHERE status = 'Failed') AS "failedReferrals",
            (SELECT count(*)::int FROM articles WHERE status = 'draft') AS "draftArticles",
            (SELECT count(*)::int FROM audit_log WHERE at >= date_trunc('day', now())) AS "auditToday"`,
  );
  return row!;
}
