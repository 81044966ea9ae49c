/**
 * Internal administration (issue 15) against the real portal (PGlite in memory, the embedded provider, real
 * tokens): admin access requests from ask to decision (role change from the next token, emails in the outbox),
 * the filters, the MFA reset (the user signs in without a code), the audit log (scope per agency, filters,
 * cursor, no secrets) and the internal admins' dashboard counts.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, getUrl, type CallContract } from '../../src/lib/api/index.ts';
import type { AdminRequest, AuditEntry } from '../../src/lib/api/internal-admin.ts';
import { AUDIT_PAGE } from '../../src/lib/api/internal-admin.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { DEMO_TOTP_SECRET, enrollWithoutCode, mfaState } from '../../src/server/services/mfa.ts';
import { recordAudit } from '../../src/server/services/audit.ts';
import { ALREADY_DECIDED, NOT_YOUR_AGENCY } from '../../src/server/services/admin-requests.ts';
import { NOT_YOUR_AUDIT } from '../../src/server/routes/internal-admin.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, signWithProviderKey, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
const token: Record<string, string> = {};
const sub: Record<string, string> = {};
const PASSWORD = 'Portal!Admin2345';

async function call(name: keyof typeof CALLS, input: Record<string, unknown>, who: string) {
  const c: CallContract = CALLS[name];
  const body = { AppName: 'AgentPortal', ...input };
  return c.method === 'GET' ? callApi(portal, getUrl(c, body), { token: token[who]! }) : callApi(portal, callPath(c), { token: token[who]!, body });
}
async function ok<T>(name: keyof typeof CALLS, input: Record<string, unknown>, who: string): Promise<T> {
  const res = await call(name, input, who);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json!.result as T;
}
async function newUser(name: string, role: string, agencies: string[]): Promise<void> {
  const [row] = await portal.db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, agent_number, dashboard_user_role) VALUES ($1, $2, 'Test', $3, 'A99' || $4, $5) RETURNING id`,
    [`${name}@internal-admin.test`, await hashPassword(PASSWORD), name, String(Object.keys(sub).length), role],
  );
  for (const [i, a] of agencies.entries()) await portal.db.query('INSERT INTO user_agencies (user_id, agency_number, is_default_agency) VALUES ($1, $2, $3)', [row!.id, a, i === 0]);
  await portal.db.query('INSERT INTO user_groups (user_id, group_name) VALUES ($1, $2)', [row!.id, role]);
  sub[name] = row!.id;
  token[name] = await signWithProviderKey(portal, { sub: row!.id, scope: 'openid' }, { expiresIn: '10m' });
}
const mails = (to: string) => portal.db.query<{ subject: string; body_text: string }>('SELECT subject, body_text FROM outbox WHERE lower(recipient) = lower($1) ORDER BY id DESC', [to]);

beforeAll(async () => {
  portal = await startTestPortal();
  for (const [who, email] of [['agent', 'agent@demo.test'], ['admin', 'admin@demo.test'], ['internal', 'internal@demo.test']] as const) {
    token[who] = (await signInForTokens(portal, email, undefined, { totpSecret: DEMO_TOTP_SECRET })).access_token;
    sub[who] = String(decodeJwt(token[who]!).sub);
  }
});
afterAll(async () => {
  await portal?.close();
});

describe('admin access requests', () => {
  it('goes Pending → Approved: internal admins are emailed, the requester becomes an admin from the next token', async () => {
    await newUser('asker', 'SFAD_Agent', ['30012967']);
    const req = await ok<AdminRequest>('SendRequestAdminAccessEmail', { AgencyNumber: '30012967' }, 'asker');
    expect(req).toMatchObject({ status: 'Pending', agencyNumber: '30012967', agencyName: 'Lakeshore Family Insurance', agentName: 'Test asker' });
    // Asking again answers the pending request.
    expect((await ok<AdminRequest>('SendRequestAdminAccessEmail', { AgencyNumber: '30012967' }, 'asker')).requestId).toBe(req.requestId);
    expect((await mails('internal@demo.test'))[0]!.subject).toBe('Admin access requested: Lakeshore Family Insurance');

    const listed = await ok<{ requests: AdminRequest[]; total: number }>('GetAdminRequests', { Status: 'Pending', FilterBy: 'agent_name', Search: 'ASKER' }, 'internal');
    expect(listed.requests.map((r) => r.requestId)).toEqual([req.requestId]);
    expect((await ok<{ requests: AdminRequest[] }>('GetAdminRequests', { FilterBy: 'agency_name', Search: 'Summit' }, 'internal')).requests.some((r) => r.requestId === req.requestId)).toBe(false);

    const decided = await ok<AdminRequest>('ApproveRequest', { RequestId: req.requestId }, 'internal');
    expect(decided).toMatchObject({ status: 'Approved', decidedBy: 'internal@demo.test' });
    expect((await mails('asker@internal-admin.test'))[0]!.subject).toBe('You are now an admin of Lakeshore Family Insurance');
    const fresh = await signInForTokens(portal, 'asker@internal-admin.test', PASSWORD);
    expect(decodeJwt(fresh.id_token).dashboardUserRole).toBe('SFAD_Admin');
    // Decided once.
    const again = await call('DenyRequest', { RequestId: req.requestId, Reason: 'x' }, 'internal');
    expect(again.status).toBe(409);
    expect(again.json!.message).toBe(ALREADY_DECIDED);
  });

  it('denies with a reason the requester is emailed; the role stays', async () => {
    await newUser('denied', 'SFAD_Agent', ['30012967']);
    const req = await ok<AdminRequest>('SendRequestAdminAccessEmail', { AgencyNumber: '30012967' }, 'denied');
    expect((await call('DenyRequest', { RequestId: req.requestId }, 'internal')).status).toBe(400);
    const decided = await ok<AdminRequest>('DenyRequest', { RequestId: req.requestId, Reason: 'The agency already has two admins.' }, 'internal');
    expect(decided).toMatchObject({ status: 'Denied', reason: 'The agency already has two admins.' });
    expect((await mails('denied@internal-admin.test'))[0]!.body_text).toContain('Reason: The agency already has two admins.');
    const [u] = await portal.db.query<{ dashboard_user_role: string }>('SELECT dashboard_user_role FROM users WHERE id = $1', [sub.denied!]);
    expect(u!.dashboard_user_role).toBe('SFAD_Agent');
    expect((await ok<{ requests: AdminRequest[] }>('GetAdminRequests', { Status: 'Denied' }, 'internal')).requests.map((r) => r.requestId)).toContain(req.requestId);
  });

  it('only for an agency of the agent; only agents ask, only internal admins decide', async () => {
    const res = await call('SendRequestAdminAccessEmail', { AgencyNumber: '20077314' }, 'denied');
    expect(res.status).toBe(403);
    expect(res.json!.message).toBe(NOT_YOUR_AGENCY);
    expect((await call('SendRequestAdminAccessEmail', { AgencyNumber: '20077314' }, 'admin')).status).toBe(403);
    expect((await call('GetAdminRequests', {}, 'admin')).status).toBe(403);
    expect((await call('ApproveRequest', { RequestId: 1 }, 'admin')).status).toBe(403);
  });
});

describe('InternalAdmin/ResetMFA', () => {
  it('clears TOTP, recovery codes and passkeys, emails the user, who signs in with the password alone', async () => {
    await newUser('lostphone', 'SFAD_Agent', ['30012967']);
    await enrollWithoutCode(portal.db, sub.lostphone!, DEMO_TOTP_SECRET);
    expect((await mfaState(portal.db, sub.lostphone!)).enrolled).toBe(true);
    expect(await ok('ResetMFA', { UserId: sub.lostphone }, 'internal')).toEqual({ UserId: sub.lostphone, HadTotp: true, PasskeysRemoved: 0 });
    expect((await mfaState(portal.db, sub.lostphone!)).enrolled).toBe(false);
    expect((await mails('lostphone@internal-admin.test'))[0]!.subject).toBe('Your Agent Portal two-step sign-in was reset');
    const tokens = await signInForTokens(portal, 'lostphone@internal-admin.test', PASSWORD);
    expect(decodeJwt(tokens.access_token).sub).toBe(sub.lostphone);
    expect((await call('ResetMFA', { UserId: sub.lostphone }, 'admin')).status).toBe(403);
    expect((await call('ResetMFA', { UserId: 'no-such-user' }, 'internal')).status).toBe(404);
  });
});

describe('audit log', () => {
  it('records account changes with before and after, never secrets', async () => {
    await ok('SaveUserAgentInfo', { FirstName: 'Alexa', LastName: 'Rivera', PrimaryPhone: '303-555-0100' }, 'agent');
    const page = await ok<{ entries: AuditEntry[] }>('GetAuditLog', { Action: 'updateProfile' }, 'internal');
    const entry = page.entries.find((e) => e.entityId === sub.agent)!;
    expect(entry).toMatchObject({ actorEmail: 'agent@demo.test', entity: 'user' });
    expect((entry.after as { FirstName: string }).FirstName).toBe('Alexa');
    expect((entry.before as { FirstName: string }).FirstName).toBe('Alex');
    await ok('SaveUserAgentInfo', { FirstName: 'Alex', LastName: 'Rivera', PrimaryPhone: '303-555-0100' }, 'agent');
    const raw = await portal.db.query<{ t: string }>("SELECT coalesce(before::text, '') || coalesce(after::text, '') AS t FROM audit_log");
    for (const r of raw) expect(r.t).not.toMatch(/password|token|secret/i);
  });

  it('records a registration (no actor: the newcomer is not signed in) and the profile changes of okta/UpdateOktaUserProfile', async () => {
    const email = `audited-${Date.now()}@internal-admin.test`;
    const res = await callApi(portal, callPath(CALLS.CreateInactiveUser), {
      body: { AppName: 'AgentPortal', FirstName: 'Audit', LastName: 'Newcomer', Email: email, PrimaryPhone: '(813) 555-0100', AgentNumber: 'A12345' },
    });
    expect(res.status).toBe(200);
    const [u] = await portal.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const reg = await ok<{ entries: AuditEntry[] }>('GetAuditLog', { Action: 'register' }, 'internal');
    expect(reg.entries.find((e) => e.entityId === u!.id)).toMatchObject({ actorEmail: null, entity: 'user', after: { Status: 'STAGED' } });
    await ok('UpdateOktaUserProfile', { Title: 'Producer' }, 'agent');
    const upd = (await ok<{ entries: AuditEntry[] }>('GetAuditLog', { Action: 'updateProfile', Actor: 'agent@demo.test' }, 'internal')).entries[0]!;
    expect((upd.after as { Title: string }).Title).toBe('Producer');
  });

  it('agency admins see their agencies’ rows only; internal admins all; filters and the cursor work', async () => {
    await recordAudit(portal.db, { actor: null, action: 'testOther', entity: 'user', entityId: 'x', agencyNumber: '10045821' });
    for (let i = 0; i < AUDIT_PAGE + 3; i++) await recordAudit(portal.db, { actor: null, action: 'testMine', entity: 'user', entityId: `m${i}`, agencyNumber: '20077314' });
    const mine = await ok<{ entries: AuditEntry[]; nextCursor: string | null }>('GetAuditLog', { Action: 'testMine' }, 'admin');
    expect(mine.entries).toHaveLength(AUDIT_PAGE);
    expect(mine.nextCursor).not.toBeNull();
    const rest = await ok<{ entries: AuditEntry[]; nextCursor: string | null }>('GetAuditLog', { Action: 'testMine', Before: mine.nextCursor }, 'admin');
    expect(rest.entries).toHaveLength(3);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...mine.entries, ...rest.entries].map((e) => e.entityId)).size).toBe(AUDIT_PAGE + 3);
    // Harbor Point (10045821) is not one of admin@demo.test's agencies.
    expect((await ok<{ entries: AuditEntry[] }>('GetAuditLog', { Action: 'testOther' }, 'admin')).entries).toEqual([]);
    const other = await call('GetAuditLog', { AgencyNumber: '10045821' }, 'admin');
    expect(other.status).toBe(403);
    expect(other.json!.message).toBe(NOT_YOUR_AUDIT);
    expect((await ok<{ entries: AuditEntry[] }>('GetAuditLog', { Action: 'testOther' }, 'internal')).entries).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await ok<{ entries: AuditEntry[] }>('GetAuditLog', { Action: 'testOther', From: today, To: today }, 'internal')).entries).toHaveLength(1);
    expect((await ok<{ entries: AuditEntry[] }>('GetAuditLog', { Action: 'testOther', To: '2000-01-01' }, 'internal')).entries).toHaveLength(0);
    expect((await call('GetAuditLog', {}, 'agent')).status).toBe(403);
  });
});

describe('Platform dashboard', () => {
  it('counts what waits for internal admins', async () => {
    await newUser('waiting', 'SFAD_Agent', ['30012967']);
    const before = await ok<{ adminRequestsPending: number }>('Dashboard', {}, 'internal');
    await ok('SendRequestAdminAccessEmail', { AgencyNumber: '30012967' }, 'waiting');
    const after = await ok<{ adminRequestsPending: number; activeUsers: number; agencies: number }>('Dashboard', {}, 'internal');
    expect(after.adminRequestsPending).toBe(before.adminRequestsPending + 1);
    expect(after.agencies).toBeGreaterThanOrEqual(3);
    expect((await call('Dashboard', {}, 'admin')).status).toBe(403);
  });
});
