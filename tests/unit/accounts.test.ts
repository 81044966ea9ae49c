// Issue 14: the identity store — password policy, one-time links (expiry, single use), enumeration-safe
// answers, the email rate limits, and setting a password end to end through the API and the real provider.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_POLICY } from '../../src/lib/accounts.ts';
import { isCommonPassword } from '../../src/server/auth/common-passwords.ts';
import { createRecoveryLimiter } from '../../src/server/auth/recovery-limiter.ts';
import { consumeLink, issueLink, linkState, passwordProblems } from '../../src/server/services/accounts.ts';
import { findUserByEmail } from '../../src/server/services/users.ts';
import { spanishOrigin } from '../../src/server/env.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, CLIENT_ID, signInForTokens, startInteraction, startTestPortal } from './helpers/portal.ts';

const AppName = 'AgentPortal';
let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal({ RECOVERY_MAX_PER_ADDRESS: '1000', RECOVERY_MAX_PER_EMAIL: '1000' });
});
afterAll(async () => {
  await portal?.close();
});

const registration = (email: string) => ({
  AppName,
  FirstName: 'Robin',
  LastName: 'Quintero',
  Email: email,
  PrimaryPhone: '(813) 555-0142',
  AgentNumber: 'B12345',
  NpnId: '1234567',
  Title: 'Producer',
});
/** The link token of the newest email to an address (the outbox is the dev mailbox's source). */
async function lastLinkTo(email: string): Promise<{ token: string | null; subject: string; body: string; count: number }> {
  const rows = await portal.db.query<{ subject: string; body_text: string }>('SELECT subject, body_text FROM outbox WHERE lower(recipient) = lower($1) ORDER BY id DESC', [email]);
  const body = rows[0]?.body_text ?? '';
  return { token: /#token=([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? null, subject: rows[0]?.subject ?? '', body, count: rows.length };
}
const unique = () => `reg-${randomBytes(5).toString('hex')}@example.test`;

describe('password policy', () => {
  const owner = { email: 'robin.q@example.test', firstName: 'Robin', lastName: 'Quintero' };
  const failed = (pw: string) => passwordProblems(pw, owner);
  it('accepts a password that meets every rule', () => {
    expect(failed('Glass-Harbor-2931')).toEqual([]);
  });
  it('refuses each broken rule with its own message', () => {
    expect(failed('Sh0rtPass')).toEqual(['The password must be at least 12 characters long.']);
    expect(failed('NOLOWERCASE123')).toEqual(['The password must contain a lowercase letter.']);
    expect(failed('nouppercase123')).toEqual(['The password must contain an uppercase letter.']);
    expect(failed('NoDigitsHereAtAll')).toEqual(['The password must contain a digit.']);
    expect(failed(`Aa1${'x'.repeat(130)}`)).toEqual(['The password must be at most 128 characters long.']);
  });
  it('refuses the email’s local part and the names, any case', () => {
    expect(failed('XX-ROBIN.Q-2931x')).toContain('The password must not contain your email address.');
    expect(failed('Quintero-Harbor-29')).toEqual(['The password must not contain your name.']);
    expect(failed('Harbor-rObIn-2931')).toEqual(['The password must not contain your name.']);
  });
  it('refuses one of the 100,000 common passwords even when it meets the other rules', () => {
    expect(isCommonPassword('mailcreated5240')).toBe(true);
    expect(failed('Mailcreated5240')).toEqual(['This password is too common. Please choose another one.']);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('Glass-Harbor-2931')).toBe(false);
  });
  it('the browser’s check (no list) ticks the same rules but the list', () => {
    const rules = checkPassword('Glass-Harbor-2931', owner, PASSWORD_POLICY);
    expect(rules.map((r) => r.rule)).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'email', 'names']);
    expect(rules.every((r) => r.met)).toBe(true);
  });
  it('okta/get-password-policy answers the policy publicly', async () => {
    const res = await callApi(portal, 'okta/get-password-policy');
    expect(res.status).toBe(200);
    expect(res.json!.result).toEqual(PASSWORD_POLICY);
  });
});

describe('one-time links', () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await findUserByEmail(portal.db, 'agent@demo.test'))!.id;
  });
  it('are stored only as a SHA-256 hash', async () => {
    const { token } = await issueLink(portal.db, userId, 'reset');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await portal.db.query<{ token_hash: string }>('SELECT token_hash FROM one_time_links WHERE user_id = $1', [userId]);
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
  it('expire on the server’s clock (a clock passed in)', async () => {
    const t0 = new Date('2026-11-25T10:00:00Z');
    const { token } = await issueLink(portal.db, userId, 'reset', { verify: 86400, reset: 3600, signin: 120 }, t0);
    expect(await linkState(portal.db, token, ['reset'], new Date(t0.getTime() + 3599_000))).toMatchObject({ Status: 'VALID', Purpose: 'reset', Email: 'agent@demo.test' });
    expect(await linkState(portal.db, token, ['reset'], new Date(t0.getTime() + 3600_000))).toEqual({ Status: 'EXPIRED', Purpose: 'reset' });
    expect(await consumeLink(portal.db, token, ['reset'], new Date(t0.getTime() + 3601_000))).toBeNull();
    expect(await consumeLink(portal.db, token, ['reset'], new Date(t0.getTime() + 60_000))).toEqual({ userId, purpose: 'reset' });
  });
  it('work once: a second use and a check afterwards see it spent', async () => {
    const { token } = await issueLink(portal.db, userId, 'verify');
    const [a, b] = await Promise.all([consumeLink(portal.db, token, ['verify']), consumeLink(portal.db, token, ['verify'])]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await consumeLink(portal.db, token, ['verify'])).toBeNull();
    expect((await callApi(portal, 'okta/User/Verify/', { body: { AppName, Token: token } })).json!.result).toEqual({ Status: 'EXPIRED', Purpose: 'verify' });
  });
  it('answer only their purpose (a sign-in ticket is not a reset link) and unknown tokens are expired', async () => {
    const { token } = await issueLink(portal.db, userId, 'signin');
    expect(await consumeLink(portal.db, token, ['reset', 'verify'])).toBeNull();
    const res = await callApi(portal, 'User/GetUserResetPwdLink', { body: { AppName, Token: randomBytes(32).toString('base64url') } });
    expect(res.status).toBe(200);
    expect(res.json!.result).toEqual({ Status: 'EXPIRED', Purpose: null });
  });
});

describe('enumeration-safe answers', () => {
  it('registration answers the same for a new and a taken email; the owner of the taken one gets a note, no link', async () => {
    const fresh = await callApi(portal, 'okta/CreateInactiveUser', { body: registration(unique()) });
    const taken = await callApi(portal, 'okta/CreateInactiveUser', { body: registration('agent@demo.test') });
    expect(taken.status).toBe(fresh.status);
    expect(taken.json).toEqual(fresh.json);
    expect(fresh.status).toBe(200);
    const note = await lastLinkTo('agent@demo.test');
    expect(note.subject).toBe('Someone tried to register with your email');
    expect(note.token).toBeNull();
    expect(note.body).toContain('/dashboard/forgotpassword');
    // The existing account is untouched.
    expect((await findUserByEmail(portal.db, 'agent@demo.test'))!.first_name).not.toBe('Robin');
  });
  it('emails are written in the language of the host the request came from: the Spanish host gets Spanish, with its own links', async () => {
    const es = spanishOrigin(portal.url);
    const email = unique();
    expect((await callApi(portal, 'okta/CreateInactiveUser', { body: registration(email), headers: { origin: es } })).status).toBe(200);
    const verify = await lastLinkTo(email);
    expect(verify.subject).toBe('Verifique su correo electrónico para el Portal de Agentes');
    expect(verify.body).toContain('Hola, Robin:');
    expect(verify.body).toContain('vence en 24 horas');
    expect(verify.body).toContain(`${es}/dashboard/create-new-password#token=`);
    const [html] = await portal.db.query<{ body_html: string }>('SELECT body_html FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email]);
    expect(html!.body_html).toContain('<html lang="es">');
    // The same address asking again from the main host: English, links to the main host.
    expect((await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: email }, headers: { origin: portal.url } })).status).toBe(200);
    const again = await lastLinkTo(email);
    expect(again.subject).toBe('Verify your email for the Agent Portal');
    expect(again.body).toContain('Hello Robin,');
    expect(again.body).toContain(`${portal.url}/dashboard/create-new-password#token=`);
  });
  it('forgot password answers the same for a known and an unknown email; only the known one gets a link', async () => {
    const known = await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: 'admin@demo.test' } });
    const before = await portal.db.query('SELECT count(*)::int AS n FROM outbox');
    const unknown = await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: 'nobody-here@example.test' } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(await portal.db.query('SELECT count(*)::int AS n FROM outbox')).toEqual(before);
    const mail = await lastLinkTo('admin@demo.test');
    expect(mail.subject).toBe('Reset your Agent Portal password');
    expect(mail.token).not.toBeNull();
    expect(mail.body).not.toMatch(/Demo!2345/);
  });
  it('a STAGED user asking for a reset gets a fresh verification link instead', async () => {
    const email = unique();
    await callApi(portal, 'okta/CreateInactiveUser', { body: registration(email) });
    const first = (await lastLinkTo(email)).token!;
    await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: email } });
    const second = await lastLinkTo(email);
    expect(second.subject).toBe('Verify your email for the Agent Portal');
    expect(second.token).not.toBe(first);
    // The fresh link replaces the old one.
    expect((await callApi(portal, 'okta/User/Verify/', { body: { AppName, Token: first } })).json!.result).toMatchObject({ Status: 'EXPIRED' });
    expect((await callApi(portal, 'okta/User/Verify/', { body: { AppName, Token: second.token } })).json!.result).toMatchObject({ Status: 'VALID', Purpose: 'verify', Email: email });
  });
  it('an old link identifies its user for a fresh one (linkexpired), answering like any other request', async () => {
    const email = unique();
    await callApi(portal, 'okta/CreateInactiveUser', { body: registration(email) });
    const old = (await lastLinkTo(email)).token!;
    const res = await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Token: old } });
    const bogus = await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Token: randomBytes(32).toString('base64url') } });
    expect(res.json).toEqual(bogus.json);
    expect(res.status).toBe(bogus.status);
    expect((await lastLinkTo(email)).count).toBe(2);
  });
  it('the registration form’s rules hold on the server, with the spec’s messages', async () => {
    const res = await callApi(portal, 'okta/CreateInactiveUser', { body: { ...registration(unique()), AgentNumber: '12', Email: 'not-an-email', PrimaryPhone: '555', FirstName: '' } });
    expect(res.status).toBe(400);
    const messages = (res.json!.errors as { path: string; message: string }[]).map((e) => `${e.path}: ${e.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'AgentNumber: Invalid Agent Number',
        'Email: Please enter a valid email address',
        'PrimaryPhone: Please enter a valid phone number',
        'FirstName: The first name field is required',
      ]),
    );
  });
});

describe('email rate limits', () => {
  it('per address across emails: the call answers 429 with a tooMany-style message', async () => {
    const limited = await startTestPortal({ RECOVERY_MAX_PER_ADDRESS: '3', RECOVERY_MAX_PER_EMAIL: '100' });
    try {
      const send = (email: string) => callApi(limited, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: email } });
      for (let i = 0; i < 3; i++) expect((await send(`a${i}@example.test`)).status).toBe(200);
      const refused = await send('a9@example.test');
      expect(refused.status).toBe(429);
      expect(refused.json!.message).toBe('Too many requests for this email. Please wait a few minutes and try again.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Registration sends email too: the same limit.
      expect((await callApi(limited, 'okta/CreateInactiveUser', { body: registration(unique()) })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
  it('per email across addresses', async () => {
    const limiter = createRecoveryLimiter({ perEmail: 2, perAddress: 100, windowSeconds: 60 });
    expect(await limiter.take('10.0.0.1', 'Target@example.test')).toBe(0);
    expect(await limiter.take('10.0.0.2', 'target@example.test')).toBe(0);
    expect(await limiter.take('10.0.0.3', 'TARGET@example.test ')).toBeGreaterThan(0);
    // Another email from that address is fine.
    expect(await limiter.take('10.0.0.3', 'other@example.test')).toBe(0);
  });
  it('per email through the API', async () => {
    const limited = await startTestPortal({ RECOVERY_MAX_PER_ADDRESS: '100', RECOVERY_MAX_PER_EMAIL: '2' });
    try {
      const send = () => callApi(limited, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: 'agent@demo.test' } });
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(429);
      expect((await callApi(limited, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: 'admin@demo.test' } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

/** The provider's flow up to the sign-in page (authorization request): its interaction uid and cookie jar. */

describe('setting a password, end to end through the API and the real provider', () => {
  const email = unique();
  const password = 'Glass-Harbor-2931';

  it('register → verify link → CreateUserPassword → signed in with a ticket, then with the new password', async () => {
    expect((await callApi(portal, 'okta/CreateInactiveUser', { body: { ...registration(email), Referral: '/dashboard/work-order-details?workOrderId=WO1' } })).status).toBe(200);
    const mail = await lastLinkTo(email);
    expect(mail.body).toContain(`${portal.url}/dashboard/create-new-password?referral=%2Fdashboard%2Fwork-order-details%3FworkOrderId%3DWO1#token=`);
    const user = (await findUserByEmail(portal.db, email))!;
    expect(user.status).toBe('STAGED');
    // A STAGED user cannot sign in (no password yet; and a password alone would not do).
    await expect(signInForTokens(portal, email, password)).rejects.toThrow(/401/);

    expect((await callApi(portal, 'okta/User/Verify/', { body: { AppName, Token: mail.token } })).json!.result).toEqual({ Status: 'VALID', Purpose: 'verify', Email: email, FirstName: 'Robin', LastName: 'Quintero' });
    // The policy on the server: a common password is refused and the link stays usable.
    const weak = await callApi(portal, 'okta/User/CreateUserPassword', { body: { AppName, Token: mail.token, Password: 'Mailcreated5240' } });
    expect(weak.status).toBe(400);
    expect(weak.json!.message).toBe('This password is too common. Please choose another one.');
    const named = await callApi(portal, 'okta/User/CreateUserPassword', { body: { AppName, Token: mail.token, Password: 'Quintero-Harbor-29' } });
    expect(named.json!.message).toBe('The password must not contain your name.');

    const set = await callApi(portal, 'okta/User/CreateUserPassword', { body: { AppName, Token: mail.token, Password: password } });
    expect(set.status).toBe(200);
    const { SignInTicket, Purpose } = set.json!.result as { SignInTicket: string; Purpose: string };
    expect(Purpose).toBe('verify');
    expect((await findUserByEmail(portal.db, email))!.status).toBe('ACTIVE');
    // The link is spent.
    const again = await callApi(portal, 'okta/User/CreateUserPassword', { body: { AppName, Token: mail.token, Password: password } });
    expect(again.status).toBe(400);
    expect(again.json!.message).toBe('This link has expired or was already used.');

    // The ticket finishes a sign-in without the password, once.
    const flow = await startInteraction(portal);
    const ticketRes = await flow.go(`${portal.url}/oidc/interaction/${flow.uid}/ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.url },
      body: JSON.stringify({ ticket: SignInTicket }),
    });
    expect(ticketRes.status).toBe(200);
    const tokens = await flow.finish(((await ticketRes.json()) as { result: { redirectTo: string } }).result.redirectTo);
    const details = await callApi(portal, 'User/GetUserDetails?userId=' + user.id, { token: tokens.access_token });
    expect(details.status).toBe(200);
    expect(details.json!.result).toMatchObject({ email, userAccountsCount: 0 });
    const replay = await startInteraction(portal);
    const reused = await replay.go(`${portal.url}/oidc/interaction/${replay.uid}/ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.url },
      body: JSON.stringify({ ticket: SignInTicket }),
    });
    expect(reused.status).toBe(401);

    // And the password itself signs in.
    const signedIn = await signInForTokens(portal, email, password);
    expect((await callApi(portal, 'okta/User/UserStatus/', { token: signedIn.access_token })).json!.result).toEqual({ UserId: user.id, Status: 'ACTIVE' });
  });

  it('a ticket carried by the authorization request (from the Spanish host) signs in on the provider’s page without a body, once', async () => {
    const owner = unique();
    expect((await callApi(portal, 'okta/CreateInactiveUser', { body: registration(owner) })).status).toBe(200);
    const set = await callApi(portal, 'okta/User/CreateUserPassword', { body: { AppName, Token: (await lastLinkTo(owner)).token, Password: password } });
    const { SignInTicket } = set.json!.result as { SignInTicket: string };
    const es = spanishOrigin(portal.url);
    const flow = await startInteraction(portal, { redirectUri: `${es}/dashboard/login`, params: { signin_ticket: SignInTicket, ui_locales: 'es' } });
    // The page learns that the request carries a ticket (never the ticket itself).
    const details = await flow.go(`${portal.url}/oidc/interaction/${flow.uid}/details`);
    expect(((await details.json()) as { result: unknown }).result).toEqual({ uid: flow.uid, prompt: 'login', ticket: true });
    const post = () => flow.go(`${portal.url}/oidc/interaction/${flow.uid}/ticket`, { method: 'POST', headers: { 'content-type': 'application/json', origin: portal.url }, body: '{}' });
    const res = await post();
    expect(res.status).toBe(200);
    const tokens = await flow.finish(((await res.json()) as { result: { redirectTo: string } }).result.redirectTo);
    expect((await callApi(portal, 'okta/User/UserStatus/', { token: tokens.access_token })).json!.result).toMatchObject({ Status: 'ACTIVE' });
    // Spent: a new interaction carrying the same ticket is refused; one carrying none has nothing to spend.
    const again = await startInteraction(portal, { params: { signin_ticket: SignInTicket } });
    const reused = await again.go(`${portal.url}/oidc/interaction/${again.uid}/ticket`, { method: 'POST', headers: { 'content-type': 'application/json', origin: portal.url }, body: '{}' });
    expect(reused.status).toBe(401);
    const none = await startInteraction(portal);
    expect(((await (await none.go(`${portal.url}/oidc/interaction/${none.uid}/details`)).json()) as { result: { ticket: boolean } }).result.ticket).toBe(false);
    expect((await none.go(`${portal.url}/oidc/interaction/${none.uid}/ticket`, { method: 'POST', headers: { 'content-type': 'application/json', origin: portal.url }, body: '{}' })).status).toBe(401);
  });

  it('a reset: the new password works, the old one and the old refresh and access tokens are refused', async () => {
    const before = await signInForTokens(portal, email, password);
    expect(before.refresh_token).toBeTruthy();
    await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: email } });
    const mail = await lastLinkTo(email);
    expect(mail.subject).toBe('Reset your Agent Portal password');
    expect((await callApi(portal, 'okta/User/Verify/', { body: { AppName, Token: mail.token } })).json!.result).toMatchObject({ Status: 'VALID', Purpose: 'reset' });
    const set = await callApi(portal, 'okta/User/CreateUserPassword', { body: { AppName, Token: mail.token, Password: 'New-Windshield-8842' } });
    expect(set.status).toBe(200);
    expect((set.json!.result as { Purpose: string }).Purpose).toBe('reset');

    const refreshed = await fetch(`${portal.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refresh_token!, client_id: CLIENT_ID }),
    });
    expect(refreshed.status).toBe(400);
    expect((await callApi(portal, 'okta/User/UserStatus/', { token: before.access_token })).status).toBe(401);
    await expect(signInForTokens(portal, email, password)).rejects.toThrow(/401/);
    const after = await signInForTokens(portal, email, 'New-Windshield-8842');
    expect((await callApi(portal, 'okta/User/UserStatus/', { token: after.access_token })).status).toBe(200);
  });

  it('a DEPROVISIONED user gets the wrong-password answer at sign-in and no reset link', async () => {
    await portal.db.query(`UPDATE users SET status = 'DEPROVISIONED' WHERE lower(email) = lower($1)`, [email]);
    await expect(signInForTokens(portal, email, 'New-Windshield-8842')).rejects.toThrow(/401.*The email or password is incorrect/);
    const count = (await lastLinkTo(email)).count;
    expect((await callApi(portal, 'okta/SendRecoveryPasswordLink', { body: { AppName, Email: email } })).status).toBe(200);
    expect((await lastLinkTo(email)).count).toBe(count);
  });
});

describe('admins manage the users of their agencies', () => {
  let admin: string;
  let internal: string;
  beforeAll(async () => {
    admin = (await signInForTokens(portal, 'admin@demo.test')).access_token;
    internal = (await signInForTokens(portal, 'internal@demo.test')).access_token;
  });

  it('CreateActiveUser: an ACTIVE user with no password, in the agency, with a set-password link; a taken email is 409', async () => {
    const email = unique();
    const res = await callApi(portal, 'okta/CreateActiveUser', { token: admin, body: { AppName, FirstName: 'Sam', LastName: 'Ortiz', Email: email, AgencyNumber: '20077314' } });
    expect(res.status).toBe(200);
    const { UserId, Status } = res.json!.result as { UserId: string; Status: string };
    expect(Status).toBe('ACTIVE');
    const user = (await findUserByEmail(portal.db, email))!;
    expect(user.password_hash).toBeNull();
    const mail = await lastLinkTo(email);
    expect(mail.subject).toBe('Your Agent Portal account');
    expect((await callApi(portal, 'okta/User/Verify/', { body: { AppName, Token: mail.token } })).json!.result).toMatchObject({ Status: 'VALID', Purpose: 'verify' });
    expect((await callApi(portal, `User/GetUserDetailsByEmail?Email=${encodeURIComponent(email)}`, { token: admin })).json!.result).toMatchObject({ UserId, Agencies: ['20077314'], Status: 'ACTIVE' });
    expect((await callApi(portal, 'okta/CreateActiveUser', { token: admin, body: { AppName, FirstName: 'Sam', LastName: 'Ortiz', Email: email, AgencyNumber: '20077314' } })).status).toBe(409);
  });

  it('AssignUserToGroup maps the group to the dashboard role; UpdateOktaUserProfile and UpdateOktaAgency change the user', async () => {
    const email = unique();
    const { UserId } = (await callApi(portal, 'okta/CreateActiveUser', { token: admin, body: { AppName, FirstName: 'Lee', LastName: 'Park', Email: email, AgencyNumber: '20077314' } })).json!.result as { UserId: string };
    const group = await callApi(portal, 'okta/AssignUserToGroup', { token: admin, body: { AppName, UserId, GroupName: 'SFAD_Admin' } });
    expect(group.json!.result).toEqual({ UserId, Groups: ['SFAD_Admin'], DashboardUserRole: 'SFAD_Admin' });
    expect((await findUserByEmail(portal.db, email))!.dashboard_user_role).toBe('SFAD_Admin');
    const profile = await callApi(portal, 'okta/UpdateOktaUserProfile', { token: admin, body: { AppName, UserId, Title: 'Office manager', SecondaryPhone: '813-555-0101' } });
    expect(profile.json!.result).toMatchObject({ UserId, Title: 'Office manager', SecondaryPhone: '813-555-0101', FirstName: 'Lee' });
    const agency = await callApi(portal, 'okta/UpdateOktaAgency', { token: internal, body: { AppName, UserId, AgencyNumber: '10045821' } });
    expect(agency.json!.result).toEqual({ UserId, Agencies: ['10045821', '20077314'] });
    // An agency admin cannot grant the internal-admin role.
    expect((await callApi(portal, 'okta/AssignUserToGroup', { token: admin, body: { AppName, UserId, GroupName: 'SFAD_InternalAdmin' } })).status).toBe(403);
  });

  it('AddUserResetPwdLink emails a reset link to a user of the agency; the user reads their own status', async () => {
    const agent = await findUserByEmail(portal.db, 'agent@demo.test');
    const before = (await lastLinkTo('agent@demo.test')).count;
    expect((await callApi(portal, 'User/AddUserResetPwdLink', { token: admin, body: { AppName, UserId: agent!.id } })).status).toBe(200);
    const mail = await lastLinkTo('agent@demo.test');
    expect(mail.count).toBe(before + 1);
    expect(mail.subject).toBe('Reset your Agent Portal password');
    expect((await callApi(portal, `okta/User/UserStatus/?UserId=${agent!.id}`, { token: admin })).json!.result).toEqual({ UserId: agent!.id, Status: 'ACTIVE' });
  });
});
