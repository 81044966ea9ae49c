// Issue 14, manage my account: carriers per agency (carrier edits block co-branded filing with the section-8
// message), removing agencies (never the last one; the default moves on), the profile, the password change and the
// email change with re-verification, through the real API, provider and database.
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { CARRIER_EDIT_WARNING, COBRANDED_CARRIER_BLOCK } from '../../src/lib/api/carrier.ts';
import { INVALID_NPN, NPN_PATTERN } from '../../src/lib/accounts.ts';
import { EMAIL_TAKEN, LAST_AGENCY, PROFILE_NPN, SAME_EMAIL, SAME_PASSWORD, TOO_MANY_PASSWORD_TRIES, WRONG_CURRENT_PASSWORD } from '../../src/lib/api/manage-account.ts';
import { manageAccountRoutes } from '../../src/server/routes/manage-account.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { createVerifier } from '../../src/server/auth/tokens.ts';
import { createActiveUser, DEFAULT_TTLS } from '../../src/server/services/accounts.ts';
import { AUDIENCE, callApi, CLIENT_ID, signInForTokens, startInteraction, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
const token: Record<string, string> = {};
const sub: Record<string, string> = {};
let companies: { InsuranceCompanyId: number; Name: string }[] = [];
const idOf = (name: string) => companies.find((c) => c.Name === name)!.InsuranceCompanyId;

beforeAll(async () => {
  portal = await startTestPortal();
  for (const [who, email] of [['agent', 'agent@demo.test'], ['admin', 'admin@demo.test'], ['internal', 'internal@demo.test'], ['carrierEdit', 'carrieredit@demo.test']] as const) {
    token[who] = (await signInForTokens(portal, email)).access_token;
    sub[who] = String(decodeJwt(token[who]!).sub);
  }
  companies = (await callApi(portal, 'User/GetInsuranceCompanies', { token: token.agent })).json!.result as typeof companies;
});
afterAll(async () => {
  await portal.close();
});

const AppName = 'AgentPortal';
const carriers = (who: string, AgentNumber: string, AgencyNumber: string) =>
  callApi(portal, `User/GetUserAgencyCarriersByAgentNumber?${new URLSearchParams({ AgentNumber, AgencyNumber })}`, { token: token[who] });
const setCarriers = (who: string, body: Record<string, unknown>) => callApi(portal, 'User/UpdateUserAgentCarriers', { token: token[who], body: { AppName, ...body } });
const remove = (who: string, UserId: string, AccountNumbers: string[]) =>
  callApi(portal, 'User/RemoveXYZAccountsByUserId', { token: token[who], body: { AppName, UserId, AccountNumbers } });
const agencyList = async (who: string) =>
  ((await callApi(portal, 'User/GetUserAgencyList', { token: token[who], body: { AppName } })).json!.result as { agencyNumber: string; isDefaultAgency: boolean }[]).map(
    (a) => `${a.agencyNumber}${a.isDefaultAgency ? '*' : ''}`,
  );
const link = (userId: string, agency: string, isDefault = false) =>
  portal.db.query('INSERT INTO user_agencies (user_id, agency_number, is_default_agency) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, agency, isDefault]);

describe('carriers per agency', () => {
  it('reads the caller’s carriers by their agent number', async () => {
    const res = await carriers('agent', 'A10045', '10045821');
    expect(res.status).toBe(200);
    expect(res.json!.result).toMatchObject({ AccountNumber: '10045821', IsCobranded: true, CarrierEdited: false, CanFileClaim: true, Message: null });
    expect((res.json!.result as { Carriers: { Name: string }[] }).Carriers.map((c) => c.Name)).toEqual(['GEICO', 'Progressive']);
  });

  it('adds a carrier without an edit, and removing one on a co-branded agency blocks filing with the section-8 message', async () => {
    const added = await setCarriers('agent', { AgencyNumber: '10045821', InsuranceCompanyIds: [idOf('GEICO'), idOf('Progressive'), idOf('USAA')] });
    expect(added.status).toBe(200);
    expect(added.json!.result).toMatchObject({ CarrierEdited: false, CanFileClaim: true, Message: null });

    const removed = await setCarriers('agent', { AgencyNumber: '10045821', InsuranceCompanyIds: [idOf('GEICO'), idOf('USAA')] });
    expect(removed.json!.result).toMatchObject({ CarrierEdited: true, CanFileClaim: false, Message: COBRANDED_CARRIER_BLOCK });
    // The claim flow reads the same block.
    const settings = await callApi(portal, 'Carrier/GetCarrierSettings?AccountNumber=10045821', { token: token.agent });
    expect(settings.json!.result).toMatchObject({ CanFileClaim: false, Message: COBRANDED_CARRIER_BLOCK });

    // Restoring the carrier ends the edit.
    const restored = await setCarriers('agent', { AgencyNumber: '10045821', InsuranceCompanyIds: [idOf('GEICO'), idOf('Progressive'), idOf('USAA')] });
    expect(restored.json!.result).toMatchObject({ CarrierEdited: false, CanFileClaim: true, Message: null });
    expect((restored.json!.result as { Carriers: { Name: string }[] }).Carriers.map((c) => c.Name)).toEqual(['GEICO', 'Progressive', 'USAA']);
  });

  it('warns, and still allows filing, on an agency that is not co-branded', async () => {
    const res = await setCarriers('admin', { AgencyNumber: '20077314', InsuranceCompanyIds: [idOf('Nationwide')] });
    expect(res.json!.result).toMatchObject({ CarrierEdited: true, CanFileClaim: true, Message: CARRIER_EDIT_WARNING });
    await setCarriers('admin', { AgencyNumber: '20077314', InsuranceCompanyIds: [idOf('Nationwide'), idOf('Travelers')] });
  });

  it('lets an agency admin manage the carriers of their agency’s agents, and nobody else’s', async () => {
    // The agent is in Summit Ridge 20077314, which the admin administers.
    const read = await carriers('admin', 'A10045', '20077314');
    expect(read.status).toBe(200);
    expect((read.json!.result as { Carriers: { Name: string }[] }).Carriers.map((c) => c.Name)).toEqual(['Allstate', 'State Farm']);
    const write = await setCarriers('admin', { UserId: sub.agent, AgencyNumber: '20077314', InsuranceCompanyIds: [idOf('Allstate'), idOf('State Farm')] });
    expect(write.status).toBe(200);
    // Harbor Point 10045821 is not the admin's agency.
    expect((await carriers('admin', 'A10045', '10045821')).status).toBe(403);
    expect((await setCarriers('admin', { UserId: sub.agent, AgencyNumber: '10045821', InsuranceCompanyIds: [] })).status).toBe(403);
    // An agent reads no one else's carriers, even in a shared agency.
    expect((await carriers('agent', 'A20077', '20077314')).status).toBe(403);
    expect((await setCarriers('agent', { UserId: sub.admin, AgencyNumber: '20077314', InsuranceCompanyIds: [] })).status).toBe(403);
  });

  it('refuses an unknown carrier and a listed-twice carrier, changing nothing', async () => {
    const before = await portal.db.query('SELECT * FROM user_agency_carriers ORDER BY 1, 2, 3');
    expect((await setCarriers('agent', { AgencyNumber: '10045821', InsuranceCompanyIds: [idOf('GEICO'), 999999] })).status).toBe(400);
    const twice = await setCarriers('agent', { AgencyNumber: '10045821', InsuranceCompanyIds: [idOf('GEICO'), idOf('GEICO')] });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.json)).toContain('A carrier is listed twice');
    expect(await portal.db.query('SELECT * FROM user_agency_carriers ORDER BY 1, 2, 3')).toEqual(before);
  });
});

describe('removing agencies', () => {
  it('removes one of the caller’s agencies, moves the default on, and never removes the last', async () => {
    // The co-branded carrier-edit agent gets a second agency, made default, then removes it.
    await link(sub.carrierEdit!, '30012967');
    await portal.db.query('UPDATE user_agencies SET is_default_agency = (agency_number = $2) WHERE user_id = $1', [sub.carrierEdit!, '30012967']);
    expect(await agencyList('carrierEdit')).toEqual(['30012967*', '10045821']);

    const res = await remove('carrierEdit', sub.carrierEdit!, ['30012967']);
    expect(res.status).toBe(200);
    expect(await agencyList('carrierEdit')).toEqual(['10045821*']);

    const last = await remove('carrierEdit', sub.carrierEdit!, ['10045821']);
    expect(last.status).toBe(400);
    expect(last.json!.message).toBe(LAST_AGENCY);
    expect(await agencyList('carrierEdit')).toEqual(['10045821*']);
  });

  it('refuses removing all agencies at once, an agency not on the account, and another user’s agencies', async () => {
    expect((await remove('agent', sub.agent!, ['10045821', '20077314'])).status).toBe(400);
    expect((await remove('agent', sub.agent!, ['30012967'])).status).toBe(403);
    expect((await remove('agent', sub.admin!, ['20077314'])).status).toBe(403);
    expect((await remove('admin', sub.agent!, ['20077314'])).status).toBe(403);
    expect(await agencyList('agent')).toEqual(['10045821*', '20077314']);
  });

  it('drops the removed agency’s carriers with it', async () => {
    await link(sub.agent!, '30012967');
    await setCarriers('agent', { AgencyNumber: '30012967', InsuranceCompanyIds: [idOf('Amica Mutual')] });
    expect((await remove('agent', sub.agent!, ['30012967'])).status).toBe(200);
    const rows = await portal.db.query('SELECT 1 FROM user_agency_carriers WHERE user_id = $1 AND agency_number = $2', [sub.agent!, '30012967']);
    expect(rows).toEqual([]);
  });

  it('lets an agency admin remove a user from their agency only (RemoveUserFromAgency), and an internal admin anyone', async () => {
    await link(sub.carrierEdit!, '20077314');
    const byAdmin = await callApi(portal, 'User/RemoveUserFromAgency', { token: token.admin, body: { AppName, UserId: sub.carrierEdit, AgencyNumber: '20077314' } });
    expect(byAdmin.status).toBe(200);
    expect((byAdmin.json!.result as { agencyNumber: string }[]).map((a) => a.agencyNumber)).toEqual(['10045821']);
    const notTheirs = await callApi(portal, 'User/RemoveUserFromAgency', { token: token.admin, body: { AppName, UserId: sub.carrierEdit, AgencyNumber: '10045821' } });
    expect(notTheirs.status).toBe(403);
    const byAgent = await callApi(portal, 'User/RemoveUserFromAgency', { token: token.agent, body: { AppName, UserId: sub.carrierEdit, AgencyNumber: '10045821' } });
    expect(byAgent.status).toBe(403);

    await link(sub.carrierEdit!, '30012967');
    const byInternal = await remove('internal', sub.carrierEdit!, ['30012967']);
    expect(byInternal.status).toBe(200);
    expect(await agencyList('carrierEdit')).toEqual(['10045821*']);
  });

  it('is refused when the remove-account feature is off', async () => {
    const { Hono } = await import('hono');
    const app = new Hono();
    const verifier = createVerifier({ issuer: portal.oidc!.issuer, audience: AUDIENCE, keys: portal.oidc!.jwks as never });
    app.route('/', manageAccountRoutes({ db: portal.db, verifier, origin: portal.url, removeAccountEnabled: false }) as never);
    const res = await app.request('/User/RemoveXYZAccountsByUserId', {
      method: 'POST',
      headers: { authorization: `Bearer ${token.agent}`, 'content-type': 'application/json' },
      body: JSON.stringify({ AppName, UserId: sub.agent, AccountNumbers: ['20077314'] }),
    });
    expect(res.status).toBe(404);
    expect(await agencyList('agent')).toEqual(['10045821*', '20077314']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// manage-account profile: GetUserProfile, GetUserAgentInformation, SaveUserAgentInfo, ChangeUserPassword, the email
// change (RequestEmailChange → link to the new address → ConfirmEmailChange), and the contact preferences' messages.

/** A fresh ACTIVE user with a password, in Summit Ridge 20077314, signed in. */
async function freshUser(first = 'Robin', last = 'Quintero', password = 'Glass-Harbor-2931') {
  const email = `profile-${randomBytes(5).toString('hex')}@example.test`;
  const created = await createActiveUser(portal.db, { FirstName: first, LastName: last, Email: email, AgencyNumber: '20077314', PrimaryPhone: '813-555-0142' }, { origin: portal.url }, DEFAULT_TTLS);
  await portal.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [created.id, await hashPassword(password)]);
  const tokens = await signInForTokens(portal, email, password);
  return { id: created.id, email, password, tokens, token: tokens.access_token };
}
const post = (tok: string | undefined, path: string, body: Record<string, unknown>) => callApi(portal, `User/${path}`, { ...(tok ? { token: tok } : {}), body: { AppName, ...body } });
const errorsOf = (res: Awaited<ReturnType<typeof callApi>>) => (res.json!.errors ?? []) as { path: string; message: string }[];
/** The emails the outbox holds for an address, newest first. */
const mailsTo = (email: string) =>
  portal.db.query<{ subject: string; body_text: string; kind: string }>('SELECT subject, body_text, kind FROM outbox WHERE lower(recipient) = lower($1) ORDER BY id DESC', [email]);
const tokenIn = (body: string) => /confirm-email#token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? null;

/** Starts a sign-in at the provider (authorization code + PKCE) and returns the interaction, to finish with a ticket. */
async function startTicketSignIn() {
  const flow = await startInteraction(portal);
  const withTicket = async (ticket: string) => {
    const res = await flow.go(`${portal.url}/oidc/interaction/${flow.uid}/ticket`, { method: 'POST', headers: { 'content-type': 'application/json', origin: portal.url }, body: JSON.stringify({ ticket }) });
    if (res.status !== 200) return { status: res.status, access_token: null };
    const tokens = await flow.finish(((await res.json()) as { result: { redirectTo: string } }).result.redirectTo);
    return { status: 200, access_token: tokens.access_token };
  };
  return { withTicket };
}

describe('the profile (GetUserProfile, GetUserAgentInformation, SaveUserAgentInfo)', () => {
  it('GetUserProfile answers the caller’s names, email, login, phones, title, NPN, agent number and status', async () => {
    const res = await callApi(portal, 'User/GetUserProfile/', { token: token.agent });
    expect(res.status).toBe(200);
    expect(res.json!.result).toMatchObject({ UserId: sub.agent, Email: 'agent@demo.test', Login: 'agent@demo.test', AgentNumber: 'A10045', Status: 'ACTIVE', PendingEmail: null });
    expect(Object.keys(res.json!.result as object).sort()).toEqual(
      ['AgentNumber', 'DashboardUserRole', 'Email', 'FirstName', 'LastName', 'Login', 'NpnId', 'PendingEmail', 'PrimaryPhone', 'SecondaryPhone', 'Status', 'Title', 'UserId'].sort(),
    );
    expect((await callApi(portal, 'User/GetUserProfile/')).status).toBe(401);
  });

  it('GetUserAgentInformation: the caller’s own on an agency, an agency admin’s agents there, nobody else’s', async () => {
    const own = await callApi(portal, 'User/GetUserAgentInformation?AgencyNumber=10045821', { token: token.agent });
    expect(own.status).toBe(200);
    const info = own.json!.result as { Profile: { UserId: string }; Role: string; DashboardUserRole: string; InsuranceCompanies: { Name: string }[]; AgencyNumber: string };
    expect(info).toMatchObject({ Role: 'User', DashboardUserRole: 'SFAD_Agent', AgencyNumber: '10045821', Profile: { UserId: sub.agent } });
    expect(info.InsuranceCompanies.map((c) => c.Name)).toEqual(expect.arrayContaining(['GEICO']));
    // Not the agent's agency; another user.
    expect((await callApi(portal, 'User/GetUserAgentInformation?AgencyNumber=30012967', { token: token.agent })).status).toBe(403);
    expect((await callApi(portal, `User/GetUserAgentInformation?AgencyNumber=20077314&UserId=${sub.admin}`, { token: token.agent })).status).toBe(403);
    // The admin of Summit Ridge reads the agent's information there, not at Harbor Point.
    const byAdmin = await callApi(portal, `User/GetUserAgentInformation?AgencyNumber=20077314&UserId=${sub.agent}`, { token: token.admin });
    expect(byAdmin.status).toBe(200);
    expect((await callApi(portal, `User/GetUserAgentInformation?AgencyNumber=10045821&UserId=${sub.agent}`, { token: token.admin })).status).toBe(403);
  });

  it('SaveUserAgentInfo saves names, phones (3-3-4), title and NPN; the user details (the header) follow at once', async () => {
    const u = await freshUser();
    const res = await post(u.token, 'SaveUserAgentInfo', { FirstName: ' Dana ', LastName: 'O’Neil-Park', PrimaryPhone: '(813) 555.0199', SecondaryPhone: '8135550100', Title: 'Producer', NpnId: '1234567' });
    expect(res.status).toBe(200);
    expect(res.json!.result).toMatchObject({ FirstName: 'Dana', LastName: 'O’Neil-Park', PrimaryPhone: '813-555-0199', SecondaryPhone: '813-555-0100', Title: 'Producer', NpnId: '1234567', Email: u.email });
    // The guard's GetUserDetails (the header's name) reads the saved names with the same token.
    const details = await callApi(portal, `User/GetUserDetails?userId=${u.id}`, { token: u.token });
    expect(details.json!.result).toMatchObject({ firstName: 'Dana', lastName: 'O’Neil-Park' });
    // Clearing the optional fields.
    const cleared = await post(u.token, 'SaveUserAgentInfo', { FirstName: 'Dana', LastName: 'Park', PrimaryPhone: '813-555-0199', SecondaryPhone: '', Title: null, NpnId: '' });
    expect(cleared.json!.result).toMatchObject({ SecondaryPhone: null, Title: null, NpnId: null });
  });

  it('SaveUserAgentInfo repeats the browser’s checks with spec section 5’s messages and changes nothing when refused', async () => {
    const u = await freshUser();
    const before = (await callApi(portal, 'User/GetUserProfile/', { token: u.token })).json!.result;
    const empty = await post(u.token, 'SaveUserAgentInfo', { FirstName: '', LastName: '  ', PrimaryPhone: '' });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty).map((e) => `${e.path}: ${e.message}`)).toEqual([
      'FirstName: The first name field is required',
      'LastName: The last name field is required',
      'PrimaryPhone: The phone number field is required',
    ]);
    const bad = await post(u.token, 'SaveUserAgentInfo', { FirstName: 'R0bin', LastName: 'Q', PrimaryPhone: '555-01', SecondaryPhone: '12', NpnId: 'N123' });
    expect(errorsOf(bad).map((e) => `${e.path}: ${e.message}`)).toEqual([
      'FirstName: Only letters allow',
      'PrimaryPhone: Please enter a valid phone number',
      'SecondaryPhone: Please enter a valid phone number',
      'NpnId: Please enter a valid NPN ID (digits only).',
    ]);
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).json!.result).toEqual(before);
  });

  it('the profile’s NPN rule is the accounts rule (written out to keep the page’s first visit small)', () => {
    expect(PROFILE_NPN.message).toBe(INVALID_NPN);
    expect(PROFILE_NPN.pattern.source).toBe(NPN_PATTERN.source);
  });

  it('SaveUserAgentInfo naming another user: an agency admin for their agency’s users only; an agent never', async () => {
    const u = await freshUser('Casey', 'Member');
    const byAgent = await post(token.agent, 'SaveUserAgentInfo', { UserId: u.id, FirstName: 'Mallory', LastName: 'Member', PrimaryPhone: '813-555-0142' });
    expect(byAgent.status).toBe(403);
    const byAdmin = await post(token.admin, 'SaveUserAgentInfo', { UserId: u.id, FirstName: 'Casey', LastName: 'Renamed', PrimaryPhone: '813-555-0142' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.json!.result).toMatchObject({ UserId: u.id, LastName: 'Renamed' });
    // The carrier-edit agent is only at Harbor Point, which the admin does not administer.
    const outside = await post(token.admin, 'SaveUserAgentInfo', { UserId: sub.carrierEdit, FirstName: 'X', LastName: 'Y', PrimaryPhone: '813-555-0142' });
    expect(outside.status).toBe(403);
  });
});

describe('changing the password (ChangeUserPassword)', () => {
  it('refuses a wrong current password, a weak, common, name-bearing or unchanged new one, and changes nothing', async () => {
    const u = await freshUser();
    const wrong = await post(u.token, 'ChangeUserPassword', { CurrentPassword: 'Not-My-Password-1', NewPassword: 'Brand-New-Glass-77' });
    expect(wrong.status).toBe(400);
    expect(wrong.json!.message).toBe(WRONG_CURRENT_PASSWORD);
    const weak = await post(u.token, 'ChangeUserPassword', { CurrentPassword: u.password, NewPassword: 'Short1a' });
    expect(weak.json!.message).toBe('The password must be at least 12 characters long.');
    const common = await post(u.token, 'ChangeUserPassword', { CurrentPassword: u.password, NewPassword: 'Mailcreated5240' });
    expect(common.json!.message).toBe('This password is too common. Please choose another one.');
    const named = await post(u.token, 'ChangeUserPassword', { CurrentPassword: u.password, NewPassword: 'Quintero-Harbor-29' });
    expect(named.json!.message).toBe('The password must not contain your name.');
    const same = await post(u.token, 'ChangeUserPassword', { CurrentPassword: u.password, NewPassword: u.password });
    expect(same.json!.message).toBe(SAME_PASSWORD);
    const missing = await post(u.token, 'ChangeUserPassword', { CurrentPassword: '', NewPassword: '' });
    expect(errorsOf(missing).map((e) => `${e.path}: ${e.message}`)).toEqual(['CurrentPassword: Password is required', 'NewPassword: Password is required']);
    // Still signed in, the old password still works.
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).status).toBe(200);
    await expect(signInForTokens(portal, u.email, u.password)).resolves.toBeTruthy();
  });

  it('a change ends every other sign-in (old access and refresh tokens refused), and the ticket signs this browser back in once', async () => {
    const u = await freshUser();
    const other = await signInForTokens(portal, u.email, u.password);
    const res = await post(u.token, 'ChangeUserPassword', { CurrentPassword: u.password, NewPassword: 'Brand-New-Glass-77' });
    expect(res.status).toBe(200);
    const { SignInTicket } = res.json!.result as { SignInTicket: string };
    expect(SignInTicket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The ticket is stored only as a hash.
    expect(await portal.db.query('SELECT 1 FROM one_time_links WHERE token_hash = $1', [SignInTicket])).toEqual([]);
    // Sessions revoked: access tokens of before (this one and another browser's) get 401, the refresh token is refused.
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).status).toBe(401);
    expect((await callApi(portal, 'User/GetUserProfile/', { token: other.access_token })).status).toBe(401);
    const refreshed = await fetch(`${portal.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: other.refresh_token!, client_id: CLIENT_ID }),
    });
    expect(refreshed.status).toBe(400);
    // The ticket signs in without the password, once.
    const back = await (await startTicketSignIn()).withTicket(SignInTicket);
    expect(back.status).toBe(200);
    expect((await callApi(portal, 'User/GetUserProfile/', { token: back.access_token! })).json!.result).toMatchObject({ UserId: u.id });
    expect((await (await startTicketSignIn()).withTicket(SignInTicket)).status).toBe(401);
    // The new password signs in; the old one no longer does. The owner is told by email.
    await expect(signInForTokens(portal, u.email, u.password)).rejects.toThrow(/401/);
    await expect(signInForTokens(portal, u.email, 'Brand-New-Glass-77')).resolves.toBeTruthy();
    const [notice] = await mailsTo(u.email);
    expect(notice).toMatchObject({ kind: 'PasswordChanged', subject: 'Your Agent Portal password was changed' });
    expect(notice!.body_text).not.toContain('Brand-New-Glass-77');
  });

  it('counts wrong current passwords per user: after five, even the right one gets 429 (no guessing through a session)', async () => {
    const u = await freshUser();
    for (let i = 0; i < 5; i++) {
      const res = await post(u.token, 'ChangeUserPassword', { CurrentPassword: `Wrong-Guess-${i}-xyz`, NewPassword: 'Brand-New-Glass-77' });
      expect(res.status).toBe(400);
    }
    const blocked = await post(u.token, 'ChangeUserPassword', { CurrentPassword: u.password, NewPassword: 'Brand-New-Glass-77' });
    expect(blocked.status).toBe(429);
    expect(blocked.json!.message).toBe(TOO_MANY_PASSWORD_TRIES);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The email change shares the count.
    expect((await post(u.token, 'RequestEmailChange', { NewEmail: `x-${u.email}`, CurrentPassword: u.password })).status).toBe(429);
    // Nothing changed.
    await expect(signInForTokens(portal, u.email, u.password)).resolves.toBeTruthy();
  });
});

describe('changing the email with re-verification (RequestEmailChange, ConfirmEmailChange)', () => {
  it('sends a single-use link (stored as a hash) to the new address and a notice to the old; the email changes only when it is followed', async () => {
    const u = await freshUser();
    const next = `new-${u.email}`;
    expect((await post(u.token, 'RequestEmailChange', { NewEmail: next, CurrentPassword: 'Not-My-Password-1' })).json!.message).toBe(WRONG_CURRENT_PASSWORD);
    expect((await post(u.token, 'RequestEmailChange', { NewEmail: u.email.toUpperCase(), CurrentPassword: u.password })).json!.message).toBe(SAME_EMAIL);
    const bad = await post(u.token, 'RequestEmailChange', { NewEmail: 'not-an-email', CurrentPassword: u.password });
    expect(errorsOf(bad)).toMatchObject([{ path: 'NewEmail', message: 'Please enter a valid email address' }]);

    const res = await post(u.token, 'RequestEmailChange', { NewEmail: next, CurrentPassword: u.password });
    expect(res.status).toBe(200);
    expect(res.json!.result).toEqual({ PendingEmail: next });
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).json!.result).toMatchObject({ Email: u.email, PendingEmail: next });
    const [link] = await mailsTo(next);
    expect(link).toMatchObject({ kind: 'EmailChange', subject: 'Confirm your new email for the Agent Portal' });
    const tok = tokenIn(link!.body_text)!;
    expect(link!.body_text).toContain(`${portal.url}/dashboard/confirm-email#token=${tok}`);
    const [notice] = await mailsTo(u.email);
    expect(notice).toMatchObject({ kind: 'EmailChangeRequested' });
    expect(notice!.body_text).not.toContain(tok);
    // Only the SHA-256 of the token is stored.
    const rows = await portal.db.query<{ token_hash: string; new_email: string; expires_at: Date }>(`SELECT token_hash, new_email, expires_at FROM one_time_links WHERE user_id = $1 AND purpose = 'email-change'`, [u.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(tok).digest('base64url'));
    expect(JSON.stringify(await portal.db.query('SELECT * FROM one_time_links WHERE user_id = $1', [u.id]))).not.toContain(tok);
    // 24 hours.
    const hours = (new Date(rows[0]!.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Not usable as a password link.
    expect((await callApi(portal, 'okta/User/Verify/', { body: { AppName, Token: tok } })).json!.result).toMatchObject({ Status: 'EXPIRED' });
    expect((await callApi(portal, 'okta/User/CreateUserPassword', { body: { AppName, Token: tok, Password: 'Brand-New-Glass-77' } })).status).toBe(400);

    // Followed (public: no token needed): the email changes; the link is spent.
    const done = await callApi(portal, 'User/ConfirmEmailChange', { body: { AppName, Token: tok } });
    expect(done.status).toBe(200);
    expect(done.json!.result).toEqual({ Email: next });
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).json!.result).toMatchObject({ Email: next, Login: next, PendingEmail: null });
    const again = await callApi(portal, 'User/ConfirmEmailChange', { body: { AppName, Token: tok } });
    expect(again.status).toBe(400);
    expect(again.json!.message).toBe('This link has expired or was already used.');
    // The new address signs in, the old one no longer does; the old address was told.
    await expect(signInForTokens(portal, next, u.password)).resolves.toBeTruthy();
    await expect(signInForTokens(portal, u.email, u.password)).rejects.toThrow(/401/);
    expect((await mailsTo(u.email))[0]).toMatchObject({ kind: 'EmailChanged' });
  });

  it('an expired link and a link replaced by a newer request are refused', async () => {
    const u = await freshUser();
    await post(u.token, 'RequestEmailChange', { NewEmail: `first-${u.email}`, CurrentPassword: u.password });
    const first = tokenIn((await mailsTo(`first-${u.email}`))[0]!.body_text)!;
    await post(u.token, 'RequestEmailChange', { NewEmail: `second-${u.email}`, CurrentPassword: u.password });
    const second = tokenIn((await mailsTo(`second-${u.email}`))[0]!.body_text)!;
    expect((await callApi(portal, 'User/ConfirmEmailChange', { body: { AppName, Token: first } })).status).toBe(400);
    // 24 h and one minute later.
    await portal.db.query(`UPDATE one_time_links SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [createHash('sha256').update(second).digest('base64url')]);
    const expired = await callApi(portal, 'User/ConfirmEmailChange', { body: { AppName, Token: second } });
    expect(expired.status).toBe(400);
    expect(expired.json!.message).toBe('This link has expired or was already used.');
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).json!.result).toMatchObject({ Email: u.email, PendingEmail: null });
    expect((await callApi(portal, 'User/ConfirmEmailChange', { body: { AppName, Token: 'A'.repeat(43) } })).status).toBe(400);
  });

  it('an address another account has: the same answer, no link to it (its owner is told), and it can never be taken', async () => {
    const u = await freshUser();
    const res = await post(u.token, 'RequestEmailChange', { NewEmail: 'Admin@demo.test', CurrentPassword: u.password });
    expect(res.status).toBe(200);
    expect(res.json!.result).toEqual({ PendingEmail: 'Admin@demo.test' });
    const [mail] = await mailsTo('admin@demo.test');
    expect(mail).toMatchObject({ kind: 'EmailChangeRefused' });
    expect(tokenIn(mail!.body_text)).toBeNull();
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).json!.result).toMatchObject({ Email: u.email, PendingEmail: 'Admin@demo.test' });
  });

  it('a link whose address was taken meanwhile is refused with 409', async () => {
    const u = await freshUser();
    const next = `race-${u.email}`;
    await post(u.token, 'RequestEmailChange', { NewEmail: next, CurrentPassword: u.password });
    const tok = tokenIn((await mailsTo(next))[0]!.body_text)!;
    await createActiveUser(portal.db, { FirstName: 'Other', LastName: 'Person', Email: next, AgencyNumber: '20077314' }, { origin: portal.url }, DEFAULT_TTLS);
    const res = await callApi(portal, 'User/ConfirmEmailChange', { body: { AppName, Token: tok } });
    expect(res.status).toBe(409);
    expect(res.json!.message).toBe(EMAIL_TAKEN);
    expect((await callApi(portal, 'User/GetUserProfile/', { token: u.token })).json!.result).toMatchObject({ Email: u.email });
  });
});

describe('contact preferences: spec section 5’s contact-update messages', () => {
  const OFF = {
    PolicyholderContactText: false, PolicyholderContactEmail: false, ServiceScheduledText: false, ServiceScheduledEmail: false,
    ServiceCompleteText: false, ServiceCompleteEmail: false, SurveyCompleteText: false, SurveyCompleteEmail: false,
  };
  it("a text alert without a phone: 'Please enter a phone number'; an email alert without an address: 'Please enter an email address'", async () => {
    const u = await freshUser();
    const res = await post(u.token, 'UpdateUserAgentContactPrefs', { ...OFF, ServiceScheduledText: true, SurveyCompleteEmail: true, AgentPhoneNo: '', AgentEmail: ' ' });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual([
      { path: 'AgentPhoneNo', message: 'Please enter a phone number', code: 'contactPhone' },
      { path: 'AgentEmail', message: 'Please enter an email address', code: 'contactEmail' },
    ]);
    const badEmail = await post(u.token, 'UpdateUserAgentContactPrefs', { ...OFF, SurveyCompleteEmail: true, AgentEmail: 'nope@' });
    expect(errorsOf(badEmail)).toMatchObject([{ path: 'AgentEmail', message: 'Please enter a valid email address' }]);
  });

  it('email alerts go to the account’s email until another address is saved', async () => {
    const u = await freshUser();
    const read = async () => (await callApi(portal, 'User/GetUserAgentContactPrefs', { token: u.token })).json!.result as { AgentEmail: string | null };
    expect((await read()).AgentEmail).toBe(u.email);
    const saved = await post(u.token, 'UpdateUserAgentContactPrefs', { ...OFF, SurveyCompleteEmail: true, AgentEmail: 'alerts@agency.example' });
    expect(saved.json!.result).toMatchObject({ AgentEmail: 'alerts@agency.example', SurveyCompleteEmail: true });
    // A save without the field keeps it; the account's own address is stored as "the account's".
    await post(u.token, 'UpdateUserAgentContactPrefs', { ...OFF, ServiceCompleteEmail: true });
    expect((await read()).AgentEmail).toBe('alerts@agency.example');
    await post(u.token, 'UpdateUserAgentContactPrefs', { ...OFF, AgentEmail: u.email.toUpperCase() });
    expect((await portal.db.query<{ agent_email: string | null }>('SELECT agent_email FROM user_contact_prefs WHERE user_id = $1', [u.id]))[0]!.agent_email).toBeNull();
    expect((await read()).AgentEmail).toBe(u.email);
  });
});
