// Issue 15: agency user administration — lists (search, keyset pages, sort), scope per agency, the signed
// cursor, the guard rails (last admin, oneself), deactivation ending the user's sessions, and the audit log.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { createActiveUser, DEFAULT_TTLS } from '../../src/server/services/accounts.ts';
import { findUserByEmail } from '../../src/server/services/users.ts';
import type { ListedUser, UserPage } from '../../src/lib/api/user-admin.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

const AppName = 'AgentPortal';
const SUMMIT = '20077314';
const HARBOR = '10045821';
let portal: RunningPortal;
let admin: string;
let internal: string;
const tag = randomBytes(3).toString('hex');

/** A fresh ACTIVE user with a password in `agency` (role `role`). */
async function freshUser(agency: string, first: string, last: string, role: 'SFAD_Agent' | 'SFAD_Admin' = 'SFAD_Agent') {
  const email = `ua-${tag}-${randomBytes(4).toString('hex')}@example.test`;
  const created = await createActiveUser(portal.db, { FirstName: first, LastName: last, Email: email, AgencyNumber: agency, PrimaryPhone: '813-555-0142', AgentNumber: `Z${tag}${randomBytes(2).toString('hex')}`.slice(0, 10) }, { origin: portal.url }, DEFAULT_TTLS);
  await portal.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [created.id, await hashPassword('Glass-Harbor-2931')]);
  if (role === 'SFAD_Admin') {
    await portal.db.query(`UPDATE users SET dashboard_user_role = 'SFAD_Admin' WHERE id = $1`, [created.id]);
    await portal.db.query(`DELETE FROM user_groups WHERE user_id = $1`, [created.id]);
    await portal.db.query(`INSERT INTO user_groups (user_id, group_name) VALUES ($1, 'SFAD_Admin')`, [created.id]);
  }
  return { id: created.id, email };
}
const get = (token: string, path: string, q: Record<string, string | number>) =>
  callApi(portal, `okta/${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, { token });
const post = (token: string, path: string, body: Record<string, unknown>) => callApi(portal, `okta/${path}`, { token, body: { AppName, ...body } });
const pageOf = (res: Awaited<ReturnType<typeof callApi>>) => res.json!.result as UserPage;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = (await signInForTokens(portal, 'admin@demo.test')).access_token;
  internal = (await signInForTokens(portal, 'internal@demo.test')).access_token;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

describe('user lists', () => {
  it('pages an agency’s users with the cursor, sorted by each column both ways, nothing twice or lost', async () => {
    for (let i = 0; i < 7; i++) await freshUser(SUMMIT, `Pat${String.fromCharCode(97 + i)}`, `Zed${tag}`);
    await portal.db.query(`UPDATE users SET last_login_at = now() - (random() * interval '30 days') WHERE last_name = $1`, [`Zed${tag}`]);
    const all = (await portal.db.query<{ id: string }>(`SELECT id FROM users WHERE last_name = $1`, [`Zed${tag}`])).map((r) => r.id).sort();
    for (const sort of ['name', 'email', 'status', 'lastSignIn'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const seen: ListedUser[] = [];
        let res = await get(admin, 'ListOktaUsersByAgentNameOrEmail', { AgencyNumber: SUMMIT, Term: `zed${tag}`, Sort: sort, Direction: dir, PageSize: 3 });
        expect(res.status).toBe(200);
        seen.push(...pageOf(res).Users);
        let pages = 1;
        while (pageOf(res).NextLink) {
          res = await get(admin, 'ListOktaUsersByPaginationLink', { Link: pageOf(res).NextLink! });
          expect(res.status).toBe(200);
          seen.push(...pageOf(res).Users);
          pages++;
        }
        expect(pages).toBe(3);
        expect(seen.map((u) => u.UserId).sort()).toEqual(all);
        const keyOf = (u: ListedUser) =>
          sort === 'name' ? `${u.LastName} ${u.FirstName}`.toLowerCase() : sort === 'email' ? u.Email.toLowerCase() : sort === 'status' ? u.Status : (u.LastSignIn ?? '');
        const keys = seen.map(keyOf);
        const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(keys).toEqual(dir === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('finds by agent number prefix and by name or email; shows status, role, last sign-in and agencies', async () => {
    const u = await freshUser(SUMMIT, 'Quinn', `Agentnum${tag}`);
    const [row] = await portal.db.query<{ agent_number: string }>('SELECT agent_number FROM users WHERE id = $1', [u.id]);
    const byNumber = pageOf(await get(admin, 'ListOktaUsersByAgentNumber', { AgencyNumber: SUMMIT, AgentNumber: row!.agent_number.toLowerCase() }));
    expect(byNumber.Users.map((x) => x.UserId)).toEqual([u.id]);
    const byEmail = pageOf(await get(admin, 'ListOktaUsersByAgentNameOrEmail', { AgencyNumber: SUMMIT, Term: u.email.toUpperCase() }));
    expect(byEmail.Users).toEqual([
      expect.objectContaining({ UserId: u.id, FirstName: 'Quinn', Status: 'ACTIVE', DashboardUserRole: 'SFAD_Agent', LastSignIn: null, Agencies: [SUMMIT] }),
    ]);
    // LIKE wildcards are plain characters.
    expect(pageOf(await get(admin, 'ListOktaUsersByAgentNameOrEmail', { AgencyNumber: SUMMIT, Term: '%' })).Users).toEqual([]);
  });

  it('keeps an agency admin to the agencies they administer; internal admins search across all', async () => {
    const harbor = await freshUser(HARBOR, 'Harbor', `Only${tag}`);
    const denied = await get(admin, 'ListOktaUsersByAgentNameOrEmail', { AgencyNumber: HARBOR, Term: `only${tag}` });
    expect(denied.status).toBe(403);
    expect((await get(admin, 'ListOktaUsersByAgentNameOrEmail', { Term: `only${tag}` })).status).toBe(400);
    const summitList = pageOf(await get(admin, 'ListOktaUsersByAgentNameOrEmail', { AgencyNumber: SUMMIT, Term: `only${tag}` }));
    expect(summitList.Users).toEqual([]);
    const all = pageOf(await get(internal, 'ListOktaUsersByAgentNameOrEmail', { Term: `only${tag}` }));
    expect(all.Users.map((u) => u.UserId)).toEqual([harbor.id]);
    expect(all.Users[0]!.Agencies).toEqual([HARBOR]);
  });

  it('refuses a changed, forged or someone else’s cursor (400), so a cursor cannot widen the scope', async () => {
    for (let i = 0; i < 3; i++) await freshUser(SUMMIT, 'Cur', `Sor${tag}`);
    const first = pageOf(await get(admin, 'ListOktaUsersByAgentNameOrEmail', { AgencyNumber: SUMMIT, Term: `sor${tag}`, PageSize: 1 }));
    const link = first.NextLink!;
    const [payload, mac] = link.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...body, agency: HARBOR })).toString('base64url');
    expect((await get(admin, 'ListOktaUsersByPaginationLink', { Link: `${widened}.${mac}` })).status).toBe(400);
    expect((await get(admin, 'ListOktaUsersByPaginationLink', { Link: `${payload}.${mac!.slice(1)}x` })).status).toBe(400);
    expect((await get(admin, 'ListOktaUsersByPaginationLink', { Link: 'garbage' })).status).toBe(400);
    // Another admin's cursor is not theirs.
    expect((await get(internal, 'ListOktaUsersByPaginationLink', { Link: link })).status).toBe(400);
    expect((await get(admin, 'ListOktaUsersByPaginationLink', { Link: link })).status).toBe(200);
  });
});

describe('changes and guard rails', () => {
  it('updates profile, group and carriers of a user of the agency, with an audit row; nothing of another agency', async () => {
    const u = await freshUser(SUMMIT, 'Edit', `Me${tag}`);
    const ids = (await portal.db.query<{ insurance_company_id: number }>('SELECT insurance_company_id FROM insurance_companies ORDER BY 1 LIMIT 2')).map((r) => r.insurance_company_id);
    const res = await post(admin, 'UpdateUserAccountDetails', { UserId: u.id, AgencyNumber: SUMMIT, Title: 'Producer', GroupId: 'SFAD_Admin', InsuranceCompanyIds: ids });
    expect(res.status).toBe(200);
    expect(res.json!.result).toEqual({ UserId: u.id, DashboardUserRole: 'SFAD_Admin', GroupId: 'SFAD_Admin', InsuranceCompanyIds: ids });
    const [audit] = await portal.db.query<{ entity: string; agency_number: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT entity, agency_number, before, after FROM audit_log WHERE entity_id = $1 AND action = 'updateUserAccountDetails'`,
      [u.id],
    );
    expect(audit).toMatchObject({ entity: 'user', agency_number: SUMMIT, before: { Title: null, GroupId: 'SFAD_Agent', InsuranceCompanyIds: [] }, after: { Title: 'Producer', GroupId: 'SFAD_Admin', InsuranceCompanyIds: ids } });
    // An agency admin may not hand out the internal admin group.
    expect((await post(admin, 'UpdateUserAccountDetails', { UserId: u.id, AgencyNumber: SUMMIT, GroupId: 'SFAD_InternalAdmin' })).status).toBe(403);

    const harbor = await freshUser(HARBOR, 'Not', `Yours${tag}`);
    expect((await post(admin, 'UpdateUserAccountDetails', { UserId: harbor.id, AgencyNumber: HARBOR, Title: 'x' })).status).toBe(403);
    expect((await post(admin, 'UpdateUserAccountDetails', { UserId: harbor.id, AgencyNumber: SUMMIT, Title: 'x' })).status).toBe(404);
    expect((await post(admin, 'DeactivateUser', { UserId: harbor.id, AgencyNumber: SUMMIT })).status).toBe(404);
    expect((await post(admin, 'DeactivateUser', { UserId: harbor.id, AgencyNumber: HARBOR })).status).toBe(403);
  });

  it('refuses to deactivate or demote oneself or an agency’s last active admin, in both languages', async () => {
    const me = (await findUserByEmail(portal.db, 'admin@demo.test'))!;
    const self = await post(admin, 'DeactivateUser', { UserId: me.id, AgencyNumber: SUMMIT });
    expect(self.status).toBe(400);
    expect(self.json!.message).toBe('You cannot deactivate or change the role of your own account.');
    expect((await post(admin, 'UpdateUserAccountDetails', { UserId: me.id, AgencyNumber: SUMMIT, GroupId: 'SFAD_Agent' })).status).toBe(400);

    // Lakeshore (30012967): admin@demo.test is its only admin; the internal admin cannot deactivate or demote them.
    const demote = await post(internal, 'UpdateUserAccountDetails', { UserId: me.id, AgencyNumber: '30012967', GroupId: 'SFAD_Agent' });
    expect(demote.status).toBe(400);
    expect(demote.json!.message).toBe('An agency must keep at least one active admin.');
    const es = await callApi(portal, 'okta/DeactivateUser', { token: internal, body: { AppName, UserId: me.id }, headers: { 'accept-language': 'es' } });
    expect(es.status).toBe(400);
    expect((es.json as unknown as { code: string }).code).toBe('userAdminLastAdmin');
    expect((await findUserByEmail(portal.db, 'admin@demo.test'))!.status).toBe('ACTIVE');

    // The same rails on AssignUserToGroup and RemoveUserFromAgency.
    expect((await post(internal, 'AssignUserToGroup', { UserId: me.id, GroupName: 'SFAD_Agent' })).json!.message).toBe('An agency must keep at least one active admin.');
    expect((await post(admin, 'AssignUserToGroup', { UserId: me.id, GroupName: 'SFAD_Agent' })).status).toBe(400);
    const removed = await callApi(portal, 'User/RemoveUserFromAgency', { token: internal, body: { AppName, UserId: me.id, AgencyNumber: '30012967' } });
    expect(removed.status).toBe(400);
    expect((await findUserByEmail(portal.db, 'admin@demo.test'))!.dashboard_user_role).toBe('SFAD_Admin');

    // A second admin of a fresh agency-mate can be demoted while another admin stays.
    const second = await freshUser('30012967', 'Second', `Admin${tag}`, 'SFAD_Admin');
    expect((await post(admin, 'UpdateUserAccountDetails', { UserId: second.id, AgencyNumber: '30012967', GroupId: 'SFAD_Agent' })).status).toBe(200);
  });

  it('deactivation ends the user’s sessions at once: a token minted before is refused at its next call; reactivation lets them sign in again', async () => {
    const u = await freshUser(SUMMIT, 'Gone', `Soon${tag}`);
    const before = await signInForTokens(portal, u.email, 'Glass-Harbor-2931');
    const mine = () => callApi(portal, 'User/GetUserAgencyList', { token: before.access_token, body: { AppName } });
    expect((await mine()).status).toBe(200);

    const off = await post(admin, 'DeactivateUser', { UserId: u.id, AgencyNumber: SUMMIT });
    expect(off.json!.result).toEqual({ UserId: u.id, Status: 'DEPROVISIONED' });
    expect((await mine()).status).toBe(401);
    await expect(signInForTokens(portal, u.email, 'Glass-Harbor-2931')).rejects.toThrow();
    const listed = pageOf(await get(admin, 'ListOktaUsersByAgentNameOrEmail', { AgencyNumber: SUMMIT, Term: u.email }));
    expect(listed.Users[0]!.Status).toBe('DEPROVISIONED');

    const on = await post(admin, 'DeactivateUser', { UserId: u.id, AgencyNumber: SUMMIT, Activate: true });
    expect(on.json!.result).toEqual({ UserId: u.id, Status: 'ACTIVE' });
    const again = await signInForTokens(portal, u.email, 'Glass-Harbor-2931');
    expect((await callApi(portal, 'User/GetUserAgencyList', { token: again.access_token, body: { AppName } })).status).toBe(200);
    const audits = await portal.db.query<{ action: string; after: { Status: string } }>(`SELECT action, after FROM audit_log WHERE entity_id = $1 ORDER BY id`, [u.id]);
    expect(audits.map((a) => [a.action, a.after.Status])).toEqual([
      ['deactivateUser', 'DEPROVISIONED'],
      ['reactivateUser', 'ACTIVE'],
    ]);
  });
});
