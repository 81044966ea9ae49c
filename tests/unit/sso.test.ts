import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { RunningPortal } from '../../src/server/server.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { DEMO_IDP_AGENCY } from '../../src/server/auth/agency-idp.ts';
import { SsoRefused, upsertSsoUser, type AgencyIdpRow } from '../../src/server/auth/sso-broker.ts';
import { callApi, confirmSignOut, signInForTokens, startInteraction, startTestPortal } from './helpers/portal.ts';
import { ONBOARDING_AGENCY_NUMBER, SSO_ONLY } from '../../src/lib/api/sso-agency.ts';

type Flow = Awaited<ReturnType<typeof startInteraction>>;

/**
 * Single sign-on through the demo agency identity provider (issue 17), over HTTP as a browser does it: the
 * portal's sign-in interaction → /oidc/interaction/:uid/sso → the agency provider's sign-in form → its answer at
 * /dashboard/sso-redirect → /oidc/interaction/:uid/sso-return → the portal's own code and tokens.
 */
describe('single sign-on through an agency provider', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(async () => {
    await portal.close();
  });

  /** Follows a sign-in to the agency provider and back until the return point: the return point's URL. */
  async function toReturnPoint(flow: Flow, start: string, email: string, password = DEMO_PASSWORD): Promise<URL> {
    let res = await flow.go(`${portal.url}/oidc/interaction/${flow.uid}/sso?${start}`);
    expect(res.status).toBe(303);
    const authorize = new URL(res.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${portal.url}/agency-idp/auth`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    res = await flow.go(authorize.href);
    const form = new URL(res.headers.get('location')!, portal.url);
    res = await flow.go(form.href);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<label for="idp-email">Email</label>');
    res = await flow.go(`${form.href}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.url },
      body: new URLSearchParams({ email, password }).toString(),
    });
    if (res.status !== 303) throw new Error(`agency sign-in: ${res.status}`);
    let next = new URL(res.headers.get('location')!, portal.url);
    for (let i = 0; i < 5 && next.pathname !== '/dashboard/sso-redirect'; i++) {
      next = new URL((await flow.go(next.href)).headers.get('location')!, portal.url);
    }
    expect(next.pathname).toBe('/dashboard/sso-redirect');
    expect(next.searchParams.get('code')).toBeTruthy();
    return next;
  }

  /** Follows the return point to the end: where the browser is sent (the portal's resume URL or the sign-in page). */
  async function back(flow: Flow, returnPoint: URL): Promise<string> {
    let res = await flow.go(returnPoint.href);
    expect(res.status).toBe(303);
    const to = res.headers.get('location')!;
    if (!to.includes('/sso-return')) return to;
    res = await flow.go(new URL(to, portal.url).href);
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }

  it('signs an agency user in (by email domain), just in time, with isSSOLogin true and the agency linked', async () => {
    const flow = await startInteraction(portal);
    const to = await back(flow, await toReturnPoint(flow, 'email=SSO.Agent%40harborpoint.test', 'sso.agent@harborpoint.test'));
    expect(to).toContain(`/oidc/auth/${flow.uid}`);
    const tokens = await flow.finish(to);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ isSSOLogin: true, dashboardUserRole: 'SFAD_Agent' });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ email: 'sso.agent@harborpoint.test', isSSOLogin: true, AgentFirstName: 'Sasha' });
    const [user] = await portal.db.query<{ id: string; is_sso: boolean; password_hash: string | null }>(
      "SELECT id, is_sso, password_hash FROM users WHERE email = 'sso.agent@harborpoint.test'",
    );
    expect(user).toMatchObject({ is_sso: true, password_hash: null });
    const list = await callApi(portal, 'User/GetUserAgencyList', { token: tokens.access_token, body: { AppName: 'AgentPortal' } });
    expect(list.status).toBe(200);
    expect((list.json!.result as { agencyNumber: string }[]).map((a) => a.agencyNumber)).toEqual([DEMO_IDP_AGENCY]);

    // The second sign-in (by provider) finds the same user through the provider's subject.
    const again = await startInteraction(portal);
    const to2 = await back(again, await toReturnPoint(again, 'idp=harbor-point-demo', 'sso.agent@harborpoint.test'));
    const tokens2 = await again.finish(to2);
    expect(decodeJwt(tokens2.access_token).sub).toBe(user!.id);
  });

  it('creates a new hire without an agency', async () => {
    const flow = await startInteraction(portal);
    const tokens = await flow.finish(await back(flow, await toReturnPoint(flow, 'idp=harbor-point-demo', 'sso.new@harborpoint.test')));
    expect(decodeJwt(tokens.access_token).isSSOLogin).toBe(true);
    const list = await callApi(portal, 'User/GetUserAgencyList', { token: tokens.access_token, body: { AppName: 'AgentPortal' } });
    expect(list.json!.result).toEqual([]);
  });

  it('refuses a wrong password at the agency provider, and an email of no provider', async () => {
    const flow = await startInteraction(portal);
    await expect(toReturnPoint(flow, 'idp=harbor-point-demo', 'sso.agent@harborpoint.test', 'wrong')).rejects.toThrow('agency sign-in: 401');
    const none = await flow.go(`${portal.url}/oidc/interaction/${flow.uid}/sso?email=someone%40elsewhere.test`);
    expect(none.headers.get('location')).toBe(`/dashboard/login?uid=${flow.uid}&sso=nomatch`);
  });

  it('refuses a tampered state, and an answer used twice', async () => {
    const flow = await startInteraction(portal);
    const point = await toReturnPoint(flow, 'idp=harbor-point-demo', 'sso.agent@harborpoint.test');
    const tampered = new URL(point);
    tampered.searchParams.set('state', point.searchParams.get('state')! + 'x');
    expect(await back(flow, tampered)).toBe('/dashboard/login?sso=failed');
    // The real answer still works once…
    const to = await back(flow, point);
    expect(to).toContain(`/oidc/auth/${flow.uid}`);
    // …and not twice (the state is spent).
    expect(await back(flow, point)).toBe('/dashboard/login?sso=failed');
  });

  it('refuses an id token whose nonce is not the one sent', async () => {
    const flow = await startInteraction(portal);
    const point = await toReturnPoint(flow, 'idp=harbor-point-demo', 'sso.agent@harborpoint.test');
    // The pending sign-in's nonce changed: the id token carries the one the agency provider was sent.
    await portal.db.query("UPDATE sso_pending SET nonce = 'another-nonce' WHERE interaction_uid = $1", [flow.uid]);
    expect(await back(flow, point)).toBe(`/dashboard/login?uid=${flow.uid}&sso=failed`);
  });

  it('refuses an answer from an unknown issuer', async () => {
    const flow = await startInteraction(portal);
    const point = await toReturnPoint(flow, 'idp=harbor-point-demo', 'sso.agent@harborpoint.test');
    const forged = new URL(point);
    forged.searchParams.set('iss', 'https://idp.attacker.test');
    expect(await back(flow, forged)).toBe(`/dashboard/login?uid=${flow.uid}&sso=failed`);
  });

  it('refuses a provider whose discovery document names another issuer', async () => {
    await portal.db.query(
      `INSERT INTO agency_idps (id, display_name, issuer, client_id, client_secret_env, email_domains)
       VALUES ('rogue', 'Rogue', $1, 'agent-portal-broker', 'AGENCY_IDP_DEMO_SECRET', '["rogue.test"]')`,
      [`${portal.url}/agency-idp/`],
    );
    const flow = await startInteraction(portal);
    const res = await flow.go(`${portal.url}/oidc/interaction/${flow.uid}/sso?idp=rogue`);
    expect(res.headers.get('location')).toBe(`/dashboard/login?uid=${flow.uid}&sso=failed`);
  });

  it('lists the providers for the sign-in page without issuers or clients', async () => {
    const flow = await startInteraction(portal);
    const res = await flow.go(`${portal.url}/oidc/interaction/${flow.uid}/sso-providers`);
    const body = (await res.json()) as { result: Record<string, unknown>[] };
    expect(body.result).toContainEqual({ id: 'harbor-point-demo', name: 'Harbor Point Insurance Group (demo)', domains: ['harborpoint.test'] });
    expect(JSON.stringify(body)).not.toContain('agent-portal-broker');
  });

  it('sso-agency-flow: search, request, onboarding agency, approval by the agency admin, swap', async () => {
    const flow = await startInteraction(portal);
    const { access_token: token } = await flow.finish(await back(flow, await toReturnPoint(flow, 'idp=harbor-point-demo', 'sso.new@harborpoint.test')));
    const call = async (path: string, body: unknown = { AppName: 'AgentPortal' }, method = 'POST') => callApi(portal, path, { token, body, method });
    const details0 = await callApi(portal, 'User/GetUserDetailsSSO?AppName=AgentPortal', { token, method: 'GET' });
    expect(details0.json!.result).toMatchObject({ isSSOLogin: true, onboardingAgency: null, agencyNumbers: [], request: null });
    const found = await call('AgencySearch/GetAgenciesSSO', { AppName: 'AgentPortal', SearchTerm: 'summit' });
    expect((found.json!.result as { agencies: { agencyNumber: string }[] }).agencies.map((a) => a.agencyNumber)).toEqual(['20077314']);
    const onboarding = await call('AgencySearch/GetAgenciesSSO', { AppName: 'AgentPortal', SearchTerm: 'onboarding' });
    expect((onboarding.json!.result as { agencies: unknown[] }).agencies).toEqual([]);
    const request = await call('User/SubmitSSOAgencyRequest', { AppName: 'AgentPortal', AgencyNumber: '20077314' });
    expect(request.json!.result).toMatchObject({ status: 'Pending', agencyNumber: '20077314' });
    expect((await call('User/AssignOnboardingAgency')).json!.result).toEqual({ onboardingAgency: ONBOARDING_AGENCY_NUMBER });
    expect((await call('User/UpdateOnboardingAgencyClaims')).json!.result).toEqual({ onboardingAgency: ONBOARDING_AGENCY_NUMBER, defaultAgencyNumber: ONBOARDING_AGENCY_NUMBER });
    expect((await call('User/VerifySV2OnboardingSwap')).json!.result).toEqual({ swapped: false, agencyNumber: null, status: 'Pending' });
    // The agency's admin approves it (issue 14's approvals).
    const admin = await signInForTokens(portal, 'admin@demo.test');
    const requestId = (request.json!.result as { requestId: number }).requestId;
    const approved = await callApi(portal, 'User/ApproveOnboardingRequest', { token: admin.access_token, body: { AppName: 'AgentPortal', RequestId: requestId } });
    expect(approved.status).toBe(200);
    expect((await call('User/VerifySV2OnboardingSwap')).json!.result).toEqual({ swapped: true, agencyNumber: '20077314', status: 'Approved' });
    const list = await call('User/GetUserAgencyList');
    expect(list.json!.result).toMatchObject([{ agencyNumber: '20077314', isDefaultAgency: true }]);
    const details = await callApi(portal, 'User/GetUserDetailsSSO?AppName=AgentPortal', { token, method: 'GET' });
    expect(details.json!.result).toMatchObject({ onboardingAgency: null, agencyNumbers: ['20077314'], request: { status: 'Approved' } });
  });

  it('refuses the agency flow to users who did not sign in with their agency', async () => {
    const { access_token: token } = await signInForTokens(portal, 'noaccount@demo.test');
    const res = await callApi(portal, 'User/AssignOnboardingAgency', { token, body: { AppName: 'AgentPortal' } });
    expect(res.status).toBe(403);
    expect(res.json!.message).toBe(SSO_ONLY);
  });

  it('sign-out: the portal accepts the SSO sign-out return, which ends the agency provider session and returns to login', async () => {
    const flow = await startInteraction(portal);
    await flow.finish(await back(flow, await toReturnPoint(flow, 'idp=harbor-point-demo', 'sso.agent@harborpoint.test')));
    const end = await flow.go(`${portal.url}/oidc/session/end?client_id=agent-portal&post_logout_redirect_uri=${encodeURIComponent(`${portal.url}/dashboard/sso-signout`)}`);
    expect(end.status).toBe(200);
    let res = await flow.go(`${portal.url}/dashboard/sso-signout`);
    expect(res.status).toBe(303);
    const endSession = new URL(res.headers.get('location')!);
    expect(endSession.origin + endSession.pathname).toBe(`${portal.url}/agency-idp/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${portal.url}/dashboard/login`);
    res = await confirmSignOut(portal, flow.go, endSession.href);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${portal.url}/dashboard/login`);
    // Without the cookie (already signed out): straight to the sign-in page.
    res = await fetch(`${portal.url}/dashboard/sso-signout`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/dashboard/login');
  });
});

describe('who an agency provider may sign in (upsertSsoUser)', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(async () => {
    await portal.close();
  });
  const idp = (agency: string | null): AgencyIdpRow => ({
    id: 'test-idp', agency_number: agency, display_name: 'Test', issuer: 'https://idp.example.test', client_id: 'c', client_secret_env: 'X', email_domains: ['demo.test', 'example.test'], enabled: true,
  });
  const who = (email: string, agencyNumber?: string) => ({ sub: `sub-${email}`, email, firstName: 'Pat', lastName: 'Doe', ...(agencyNumber ? { agencyNumber } : {}) });

  it('never an internal or CE admin (they sign in with the portal and its second step), nor a deactivated user', async () => {
    await portal.db.query("INSERT INTO agency_idps (id, display_name, issuer, client_id, client_secret_env, email_domains) VALUES ('test-idp', 'Test', 'https://idp.example.test', 'c', 'X', '[\"demo.test\"]'::jsonb) ON CONFLICT DO NOTHING");
    await expect(upsertSsoUser(portal.db, idp(null), who('internal@demo.test'))).rejects.toBeInstanceOf(SsoRefused);
    await expect(upsertSsoUser(portal.db, idp(null), who('ce@demo.test'))).rejects.toBeInstanceOf(SsoRefused);
    await portal.db.query("UPDATE users SET status = 'DEPROVISIONED' WHERE email = 'multi@demo.test'");
    await expect(upsertSsoUser(portal.db, idp(null), who('multi@demo.test'))).rejects.toBeInstanceOf(SsoRefused);
    const [row] = await portal.db.query<{ status: string; is_sso: boolean }>("SELECT status, is_sso FROM users WHERE email = 'multi@demo.test'");
    expect(row).toEqual({ status: 'DEPROVISIONED', is_sso: false });
  });

  it("links only the provider's own agency: a provider without one (or naming another) leaves it to the agency flow", async () => {
    const none = await upsertSsoUser(portal.db, idp(null), who('pat.one@example.test', '10045821'));
    const other = await upsertSsoUser(portal.db, idp('20077314'), who('pat.two@example.test', '10045821'));
    const own = await upsertSsoUser(portal.db, idp('20077314'), who('pat.three@example.test', '20077314'));
    const agencies = async (id: string) => (await portal.db.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1', [id])).map((r) => r.agency_number);
    expect(await agencies(none)).toEqual([]);
    expect(await agencies(other)).toEqual([]);
    expect(await agencies(own)).toEqual(['20077314']);
  });
});
