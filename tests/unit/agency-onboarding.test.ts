/**
 * Agency search and onboarding (issue 14) against the real portal (PGlite in memory, the embedded provider,
 * real tokens): AgencySearch/* by each field, the spec's messages, the result bound and the per-user rate
 * limit; User/VerifyUserAgencyInformation (idempotent, agency not found); approval and denial by the right
 * people only, the user joining the agency and the email in the outbox.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NOT_FOUND, SEARCH_LIMIT, SEARCH_TERM_REQUIRED, type OnboardingRequest } from '../../src/lib/api/agency-search.ts';
import { CALLS, callPath, getUrl, type CallContract } from '../../src/lib/api/index.ts';
import { ONBOARDING_AGENCY_NUMBER } from '../../src/lib/api/sso-agency.ts';
import type { UserAgency, UserDetails } from '../../src/lib/api/user.ts';
import { MESSAGES } from '../../src/lib/claim/validation.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { SEARCHES_PER_MINUTE, TOO_MANY_SEARCHES } from '../../src/server/routes/agency-search.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { openPglite } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { DEMO_AGENCIES, seedDemo, seedReference } from '../../src/server/db/seed.ts';
import { callApi, signInForTokens, signWithProviderKey, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
const token: Record<string, string> = {};
const sub: Record<string, string> = {};

async function call(name: keyof typeof CALLS, input: Record<string, unknown>, who: string | null) {
  const c: CallContract = CALLS[name];
  const body = { AppName: 'AgentPortal', ...input };
  const opts = who ? { token: token[who]! } : {};
  return c.method === 'GET' ? callApi(portal, getUrl(c, body), opts) : callApi(portal, callPath(c), { ...opts, body });
}
async function ok<T>(name: keyof typeof CALLS, input: Record<string, unknown>, who: string): Promise<T> {
  const res = await call(name, input, who);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json!.result as T;
}
const errorsOf = (res: { json: { errors?: unknown[] } | null }) => (res.json?.errors ?? []) as { path: string; message: string; code?: string }[];

/** A fresh agent with no agency, signed in with a token of the provider's key (each search test has its own rate-limit budget). */
async function newAgent(name: string): Promise<void> {
  const [row] = await portal.db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, dashboard_user_role) VALUES ($1, $2, 'Test', $3, 'SFAD_Agent') RETURNING id`,
    [`${name}@onboarding.test`, await hashPassword('Unused!2345'), name],
  );
  sub[name] = row!.id;
  token[name] = await signWithProviderKey(portal, { sub: row!.id, scope: 'openid' }, { expiresIn: '10m' });
}

beforeAll(async () => {
  portal = await startTestPortal();
  for (const [who, email] of [['onboarding', 'onboarding@demo.test'], ['agent', 'agent@demo.test'], ['admin', 'admin@demo.test'], ['internal', 'internal@demo.test'], ['ce', 'ce@demo.test']] as const) {
    token[who] = (await signInForTokens(portal, email)).access_token;
    sub[who] = String(decodeJwt(token[who]!).sub);
  }
});
afterAll(async () => {
  await portal?.close();
});

describe('AgencySearch/GetAgencies', () => {
  beforeAll(async () => {
    await newAgent('searcher');
  });

  it('finds an agency by its account number, and says the spec’s words when none has it', async () => {
    expect(await ok('GetAgencies', { AccountNumber: '20077314' }, 'searcher')).toEqual({
      agencies: [{ agencyNumber: '20077314', agencyName: 'Summit Ridge Agency', city: 'Denver', stateCode: 'CO' }],
      hasMore: false,
    });
    for (const AccountNumber of ['99999999', 'abc']) {
      const res = await call('GetAgencies', { AccountNumber }, 'searcher');
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ isSuccess: false, message: ACCOUNT_NOT_FOUND, code: 'accountNotFound', result: null });
    }
  });

  it('finds agencies by part of the name in any case, and takes % and _ literally', async () => {
    const hits = await ok<{ agencies: { agencyNumber: string }[] }>('GetAgencies', { AgencyName: 'RIDGE' }, 'searcher');
    expect(hits.agencies.map((a) => a.agencyNumber)).toEqual(['20077314']);
    expect((await ok<{ agencies: unknown[] }>('GetAgencies', { AgencyName: 'insurance' }, 'searcher')).agencies).toHaveLength(2);
    expect((await ok<{ agencies: unknown[] }>('GetAgencies', { AgencyName: '%%' }, 'searcher')).agencies).toEqual([]);
    expect((await ok<{ agencies: unknown[] }>('GetAgencies', { AgencyName: '__' }, 'searcher')).agencies).toEqual([]);
  });

  it('finds an agency by the digits of its phone, however it is written', async () => {
    for (const PrimaryPhone of ['(303) 555-0199', '303.555.0199', '3035550199']) {
      const hits = await ok<{ agencies: { agencyNumber: string }[] }>('GetAgencies', { PrimaryPhone }, 'searcher');
      expect(hits.agencies.map((a) => a.agencyNumber)).toEqual(['20077314']);
    }
    const bad = await call('GetAgencies', { PrimaryPhone: '555-0199' }, 'searcher');
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual([expect.objectContaining({ path: 'PrimaryPhone', message: MESSAGES.phoneInvalid, code: 'phoneInvalid' })]);
  });

  it('finds an agency by its exact email in any case, never by part of it', async () => {
    const hits = await ok<{ agencies: { agencyNumber: string }[] }>('GetAgencies', { Email: 'OFFICE@SummitRidge.example' }, 'searcher');
    expect(hits.agencies.map((a) => a.agencyNumber)).toEqual(['20077314']);
    expect((await ok<{ agencies: unknown[] }>('GetAgencies', { Email: 'ffice@summitridge.example' }, 'searcher')).agencies).toEqual([]);
    const bad = await call('GetAgencies', { Email: 'office@' }, 'searcher');
    expect(errorsOf(bad)).toEqual([expect.objectContaining({ path: 'Email', message: MESSAGES.emailInvalid })]);
  });

  it('refuses a search with nothing to search for (spec section 5: the search box)', async () => {
    for (const input of [{}, { AgencyName: '  ' }, { AgencyName: 'a' }]) {
      const res = await call('GetAgencies', input, 'searcher');
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(errorsOf(res).map((e) => e.message)).toEqual([SEARCH_TERM_REQUIRED]);
      expect(errorsOf(res)[0]!.code).toBe('invalidSearchTerm');
    }
  });

  it(`answers at most ${SEARCH_LIMIT} agencies and says there are more`, async () => {
    await newAgent('bounded');
    for (let i = 0; i < SEARCH_LIMIT + 5; i++) {
      await portal.db.query(
        `INSERT INTO agencies (agency_number, agency_name, address_line, city, state_code, zip_code) VALUES ($1, $2, '1 Main St', 'Austin', 'TX', '73301')`,
        [String(70000000 + i), `Boundless Agency ${String(i).padStart(2, '0')}`],
      );
    }
    const res = await ok<{ agencies: { agencyName: string }[]; hasMore: boolean }>('GetAgencies', { AgencyName: 'boundless' }, 'bounded');
    expect(res.agencies).toHaveLength(SEARCH_LIMIT);
    expect(res.hasMore).toBe(true);
    expect(res.agencies[0]!.agencyName).toBe('Boundless Agency 00');
    const light = await ok<unknown[]>('GetAllAgenciesForSearch', { Term: 'Bound' }, 'bounded');
    expect(light).toHaveLength(SEARCH_LIMIT);
  });

  it(`limits each user to ${SEARCHES_PER_MINUTE} lookups a minute (429), without slowing anyone else`, async () => {
    await newAgent('scraper');
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
      const res = await call(i % 2 ? 'GetAgencyInformationByNumber' : 'GetAgencies', i % 2 ? { AccountNumber: '10045821' } : { AccountNumber: '10045821' }, 'scraper');
      expect(res.status).toBe(200);
    }
    const refused = await call('GetAgencies', { AgencyName: 'harbor' }, 'scraper');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ message: TOO_MANY_SEARCHES, code: 'tooManySearches' });
    expect((await call('GetAllAgenciesForSearch', { Term: 'ha' }, 'scraper')).status).toBe(429);
    // Another user is not slowed by the scraper.
    expect((await call('GetAgencies', { AgencyName: 'harbor' }, 'searcher')).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    for (const name of ['GetAgencies', 'GetAllAgenciesForSearch', 'GetAgencyInformationByNumber'] as const) {
      const res = await call(name, name === 'GetAgencies' ? { AgencyName: 'harbor' } : name === 'GetAllAgenciesForSearch' ? { Term: 'ha' } : { AccountNumber: '10045821' }, null);
      expect(res.status, name).toBe(401);
    }
  });
});

describe('AgencySearch/GetAllAgenciesForSearch and GetAgencyInformationByNumber', () => {
  beforeAll(async () => {
    await newAgent('looker');
  });

  it('type-ahead: agencies whose name (a word of it) or number starts with the term; at least 2 characters', async () => {
    expect(await ok('GetAllAgenciesForSearch', { Term: 'rid' }, 'looker')).toEqual([{ agencyNumber: '20077314', agencyName: 'Summit Ridge Agency', city: 'Denver', stateCode: 'CO' }]);
    expect((await ok<{ agencyNumber: string }[]>('GetAllAgenciesForSearch', { Term: '300' }, 'looker')).map((a) => a.agencyNumber)).toEqual(['30012967']);
    const short = await call('GetAllAgenciesForSearch', { Term: 'r' }, 'looker');
    expect(short.status).toBe(400);
    expect(errorsOf(short)[0]!.message).toBe(SEARCH_TERM_REQUIRED);
  });

  it('one agency’s public details, nothing internal; an unknown number gets the spec’s words', async () => {
    const info = await ok<Record<string, unknown>>('GetAgencyInformationByNumber', { AccountNumber: '10045821' }, 'looker');
    expect(info).toEqual({
      agencyNumber: '10045821', agencyName: 'Harbor Point Insurance Group', addressLine: '1200 Harbor Blvd Suite 300',
      city: 'Tampa', stateCode: 'FL', zipCode: '33602', phoneNumber: '8135550142',
    });
    const res = await call('GetAgencyInformationByNumber', { AccountNumber: '12345678' }, 'looker');
    expect(res.status).toBe(404);
    expect(res.json!.message).toBe(ACCOUNT_NOT_FOUND);
  });
});

describe('onboarding requests', () => {
  const details = {
    AgencyName: 'Prairie Wind Insurance', AddressLine: '9 Elm St', City: 'Omaha', State: 'NE', ZipCode: '68102',
    PhoneNumber: '(402) 555-0111', Email: 'desk@prairiewind.example', AgentNumber: 'A55501',
  };
  const outboxFor = (email: string) =>
    portal.db.query<{ subject: string; body_text: string; kind: string; status: string }>('SELECT subject, body_text, kind, status FROM outbox WHERE recipient = $1 ORDER BY id', [email]);

  it('VerifyUserAgencyInformation files one Pending request per user and agency (idempotent)', async () => {
    const first = await ok<OnboardingRequest>('VerifyUserAgencyInformation', { AgencyNumber: '20077314' }, 'onboarding');
    expect(first).toMatchObject({ agencyNumber: '20077314', agencyName: 'Summit Ridge Agency', status: 'Pending', details: null, userName: 'Sam Ortiz', userEmail: 'onboarding@demo.test' });
    const again = await ok<OnboardingRequest>('VerifyUserAgencyInformation', { AgencyNumber: '20077314' }, 'onboarding');
    expect(again.requestId).toBe(first.requestId);
    const [{ n }] = (await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM onboarding_requests WHERE user_id = $1 AND status = 'Pending'", [sub.onboarding!])) as [{ n: number }];
    expect(n).toBe(1);
    const mine = await ok<OnboardingRequest[]>('GetOnboardingRequests', { Scope: 'mine' }, 'onboarding');
    expect(mine.map((r) => [r.requestId, r.status])).toEqual([[first.requestId, 'Pending']]);
  });

  it('refuses an unknown agency, one the user belongs to, both or neither of agency and details', async () => {
    const unknown = await call('VerifyUserAgencyInformation', { AgencyNumber: '55555555' }, 'onboarding');
    expect([unknown.status, unknown.json!.message]).toEqual([404, ACCOUNT_NOT_FOUND]);
    const member = await call('VerifyUserAgencyInformation', { AgencyNumber: '10045821' }, 'agent');
    expect(member.status).toBe(409);
    expect((await call('VerifyUserAgencyInformation', {}, 'onboarding')).status).toBe(400);
    expect((await call('VerifyUserAgencyInformation', { AgencyNumber: '20077314', AgencyDetails: details }, 'onboarding')).status).toBe(400);
    // Internal and CE admins belong to no agency.
    expect((await call('VerifyUserAgencyInformation', { AgencyNumber: '20077314' }, 'internal')).status).toBe(403);
  });

  it('agency-not-found: the typed details with the spec’s messages for phone, email, ZIP and state', async () => {
    const bad = await call('VerifyUserAgencyInformation', { AgencyDetails: { ...details, PhoneNumber: '12345', Email: 'desk@', ZipCode: '6810', State: '' } }, 'onboarding');
    expect(bad.status).toBe(400);
    expect(Object.fromEntries(errorsOf(bad).map((e) => [e.path, e.message]))).toEqual({
      'AgencyDetails.PhoneNumber': MESSAGES.phoneInvalid,
      'AgencyDetails.Email': MESSAGES.emailInvalid,
      'AgencyDetails.ZipCode': MESSAGES.zipInvalid,
      'AgencyDetails.State': MESSAGES.state,
    });
    const empty = await call('VerifyUserAgencyInformation', { AgencyDetails: { ...details, PhoneNumber: '', Email: '' } }, 'onboarding');
    expect(errorsOf(empty).map((e) => e.message)).toEqual([MESSAGES.phoneRequired, MESSAGES.emailRequired]);
    const filed = await ok<OnboardingRequest>('VerifyUserAgencyInformation', { AgencyDetails: details }, 'onboarding');
    expect(filed).toMatchObject({
      agencyNumber: null, agencyName: 'Prairie Wind Insurance', status: 'Pending',
      details: { addressLine: '9 Elm St', city: 'Omaha', stateCode: 'NE', zipCode: '68102', phoneNumber: '4025550111', email: 'desk@prairiewind.example', agentNumber: 'A55501' },
    });
    expect((await ok<OnboardingRequest>('VerifyUserAgencyInformation', { AgencyDetails: details }, 'onboarding')).requestId).toBe(filed.requestId);
  });

  it('reviewers see the pending requests they may decide: an agency admin their agencies’, an internal admin all', async () => {
    await newAgent('harborhopeful');
    await ok('VerifyUserAgencyInformation', { AgencyNumber: '10045821' }, 'harborhopeful');
    const forAdmin = await ok<OnboardingRequest[]>('GetOnboardingRequests', { Scope: 'review' }, 'admin');
    expect(forAdmin.map((r) => r.agencyNumber)).toEqual(['20077314']);
    const forInternal = await ok<OnboardingRequest[]>('GetOnboardingRequests', { Scope: 'review' }, 'internal');
    expect(forInternal.map((r) => r.agencyNumber).sort()).toEqual(['10045821', '20077314', null].sort());
    expect((await call('GetOnboardingRequests', { Scope: 'review' }, 'agent')).status).toBe(403);
    expect((await call('GetOnboardingRequests', { Scope: 'review' }, 'ce')).status).toBe(403);
  });

  it('only an admin of that agency or an internal admin decides: an admin of another agency and an agent get 403, nothing changes', async () => {
    const [harbor] = await portal.db.query<{ id: number }>("SELECT id FROM onboarding_requests WHERE user_id = $1", [sub.harborhopeful!]);
    const before = await portal.db.query('SELECT * FROM onboarding_requests ORDER BY id');
    for (const [who, name, input] of [
      ['admin', 'ApproveOnboardingRequest', { RequestId: Number(harbor!.id) }],
      ['admin', 'DenyOnboardingRequest', { RequestId: Number(harbor!.id), Reason: 'Not ours' }],
      ['agent', 'ApproveOnboardingRequest', { RequestId: Number(harbor!.id) }],
      ['ce', 'DenyOnboardingRequest', { RequestId: Number(harbor!.id), Reason: 'No' }],
    ] as const) {
      const res = await call(name, input, who);
      expect(res.status, `${who} ${name}`).toBe(403);
    }
    expect(await portal.db.query('SELECT * FROM onboarding_requests ORDER BY id')).toEqual(before);
    expect(await portal.db.query('SELECT * FROM user_agencies WHERE user_id = $1', [sub.harborhopeful!])).toEqual([]);
    // A typed agency (not found) has no agency admin: only an internal admin decides it.
    const [typed] = await portal.db.query<{ id: number }>('SELECT id FROM onboarding_requests WHERE user_id = $1 AND agency_number IS NULL', [sub.onboarding!]);
    expect((await call('ApproveOnboardingRequest', { RequestId: Number(typed!.id), AgencyNumber: '20077314' }, 'admin')).status).toBe(403);
  });

  it('approval by the agency’s admin: the user joins the agency (default, their first), sees it in GetUserAgencyList and is emailed', async () => {
    const [mine] = await ok<OnboardingRequest[]>('GetOnboardingRequests', { Scope: 'mine' }, 'onboarding').then((all) => all.filter((r) => r.agencyNumber === '20077314'));
    const approved = await ok<OnboardingRequest>('ApproveOnboardingRequest', { RequestId: mine!.requestId }, 'admin');
    expect(approved).toMatchObject({ status: 'Approved', agencyNumber: '20077314' });
    expect(approved.decidedAt).not.toBeNull();
    const list = await ok<UserAgency[]>('GetUserAgencyList', {}, 'onboarding');
    expect(list.map((a) => [a.agencyNumber, a.isDefaultAgency])).toEqual([['20077314', true]]);
    const details = await ok<UserDetails>('GetUserDetails', { userId: sub.onboarding }, 'onboarding');
    expect(details.userAccountsCount).toBe(1);
    const [decided] = await portal.db.query<{ decided_by: string }>('SELECT decided_by FROM onboarding_requests WHERE id = $1', [mine!.requestId]);
    expect(decided!.decided_by).toBe(sub.admin);
    const mail = await outboxFor('onboarding@demo.test');
    expect(mail).toEqual([expect.objectContaining({ kind: 'OnboardingApproved', subject: 'Your agency account is approved: Summit Ridge Agency', status: 'pending' })]);
    expect(mail[0]!.body_text).toContain('Your request to join Summit Ridge Agency was approved.');
    // Decided once: a second decision is refused.
    expect((await call('ApproveOnboardingRequest', { RequestId: mine!.requestId }, 'internal')).status).toBe(409);
    expect((await call('DenyOnboardingRequest', { RequestId: mine!.requestId, Reason: 'Late' }, 'internal')).status).toBe(409);
    // A new request for an agency the user now belongs to is refused.
    expect((await call('VerifyUserAgencyInformation', { AgencyNumber: '20077314' }, 'onboarding')).status).toBe(409);
  });

  it('an internal admin approves a typed agency into the agency it names (not the default: the user has one)', async () => {
    const [typed] = (await ok<OnboardingRequest[]>('GetOnboardingRequests', { Scope: 'mine' }, 'onboarding')).filter((r) => r.agencyNumber === null);
    const without = await call('ApproveOnboardingRequest', { RequestId: typed!.requestId }, 'internal');
    expect(without.status).toBe(400);
    const approved = await ok<OnboardingRequest>('ApproveOnboardingRequest', { RequestId: typed!.requestId, AgencyNumber: '30012967' }, 'internal');
    expect(approved).toMatchObject({ status: 'Approved', agencyNumber: '30012967', agencyName: 'Lakeshore Family Insurance' });
    const list = await ok<UserAgency[]>('GetUserAgencyList', {}, 'onboarding');
    expect(list.map((a) => [a.agencyNumber, a.isDefaultAgency])).toEqual([['20077314', true], ['30012967', false]]);
  });

  it('denial takes a reason, leaves the user without the agency and emails the reason', async () => {
    const [harbor] = await portal.db.query<{ id: number }>('SELECT id FROM onboarding_requests WHERE user_id = $1', [sub.harborhopeful!]);
    const noReason = await call('DenyOnboardingRequest', { RequestId: Number(harbor!.id), Reason: ' ' }, 'internal');
    expect(noReason.status).toBe(400);
    const denied = await ok<OnboardingRequest>('DenyOnboardingRequest', { RequestId: Number(harbor!.id), Reason: 'We could not confirm you work at this agency.' }, 'internal');
    expect(denied).toMatchObject({ status: 'Denied', reason: 'We could not confirm you work at this agency.' });
    expect(await ok<UserAgency[]>('GetUserAgencyList', {}, 'harborhopeful')).toEqual([]);
    const mail = await outboxFor('harborhopeful@onboarding.test');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'OnboardingDenied', subject: 'Your agency request was not approved: Harbor Point Insurance Group' });
    expect(mail[0]!.body_text).toContain('Reason: We could not confirm you work at this agency.');
    // Denied is not pending: the user may ask again.
    const again = await ok<OnboardingRequest>('VerifyUserAgencyInformation', { AgencyNumber: '10045821' }, 'harborhopeful');
    expect(again.requestId).not.toBe(Number(harbor!.id));
    expect(again.status).toBe('Pending');
  });

  it('an unknown request is 404', async () => {
    expect((await call('ApproveOnboardingRequest', { RequestId: 999999 }, 'internal')).status).toBe(404);
  });
});

describe('demo data', () => {
  it('a database seeded before onboarding gets the agencies’ emails and the onboarding user on the next start, nothing else changes', async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      await seedReference(db);
      expect((await seedDemo(db)).created).toBe(true);
      // The demo agencies' (the fixed SSO onboarding agency of migration 019 is reference data).
      const emails = () =>
        db.query<{ agency_number: string; primary_email: string | null }>('SELECT agency_number, primary_email FROM agencies WHERE agency_number <> $1 ORDER BY 1', [
          ONBOARDING_AGENCY_NUMBER,
        ]);
      expect(await emails()).toEqual(DEMO_AGENCIES.map((a) => ({ agency_number: a.agencyNumber, primary_email: a.primaryEmail })).sort((a, b) => a.agency_number.localeCompare(b.agency_number)));
      // As it was before migration 010's demo data: no emails, no onboarding user.
      await db.query('UPDATE agencies SET primary_email = NULL');
      await db.query("UPDATE agencies SET primary_email = 'kept@agency.example' WHERE agency_number = '30012967'");
      await db.query("DELETE FROM users WHERE email = 'onboarding@demo.test'");
      const before = await db.query('SELECT id, email FROM users ORDER BY email');
      expect((await seedDemo(db)).created).toBe(false);
      expect((await emails()).map((r) => r.primary_email)).toEqual(['service@harborpoint.example', 'office@summitridge.example', 'kept@agency.example']);
      const after = await db.query<{ id: string; email: string }>('SELECT id, email FROM users ORDER BY email');
      expect(after.filter((u) => u.email !== 'onboarding@demo.test')).toEqual(before);
      expect(after.map((u) => u.email)).toContain('onboarding@demo.test');
    } finally {
      await db.close();
    }
  });
});
