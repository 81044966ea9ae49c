// Issue 14, manage my account: carriers per agency (carrier edits block co-branded filing with the section-8
// message) and removing agencies (never the last one; the default moves on), through the real API and database.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { CARRIER_EDIT_WARNING, COBRANDED_CARRIER_BLOCK } from '../../src/lib/api/carrier.ts';
import { LAST_AGENCY } from '../../src/lib/api/manage-account.ts';
import { manageAccountRoutes } from '../../src/server/routes/manage-account.ts';
import { createVerifier } from '../../src/server/auth/tokens.ts';
import { AUDIENCE, callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

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
