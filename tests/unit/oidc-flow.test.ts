import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spanishOrigin } from '../../src/server/env.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { AUDIENCE, authorizationRequest, callApi, CLIENT_ID, signInForTokens, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.close();
});

describe('embedded OpenID provider', () => {
  it('issues a JWT access token of 10 minutes or less for the API audience, and ID-token claims', async () => {
    const tokens = await signInForTokens(portal, 'agent@demo.test');
    const at = decodeJwt(tokens.access_token);
    expect(at.aud).toBe(AUDIENCE);
    expect(at.iss).toBe(`${portal.url}/oidc`);
    expect(at.exp! - at.iat!).toBeLessThanOrEqual(600);
    expect(at.dashboardUserRole).toBe('SFAD_Agent');
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      email: 'agent@demo.test',
      name: 'Alex Rivera',
      dashboardUserRole: 'SFAD_Agent',
      AgentFirstName: 'Alex',
      AgentLastName: 'Rivera',
      AgentNumber: 'A10045',
      aud: CLIENT_ID,
    });
    expect(tokens.refresh_token).toBeTruthy();
    const me = await callApi(portal, 'User/GetUserAgencyList', { token: tokens.access_token, body: { AppName: 'AgentPortal' } });
    expect(me.status).toBe(200);
    expect((me.json!.result as { agencyNumber: string }[]).map((a) => a.agencyNumber)).toEqual(['10045821', '20077314']);
  });

  it('rotates refresh tokens: the old one stops working once used', async () => {
    const tokens = await signInForTokens(portal, 'admin@demo.test');
    const refresh = (rt: string) =>
      fetch(`${portal.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: rt, client_id: CLIENT_ID }),
      });
    const first = await refresh(tokens.refresh_token!);
    expect(first.status).toBe(200);
    const next = (await first.json()) as { refresh_token: string; access_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token).aud).toBe(AUDIENCE);
    const replay = await refresh(tokens.refresh_token!);
    expect(replay.status).toBe(400);
  });

  it('requires PKCE S256 and exact redirect URIs', async () => {
    const base = new URL(`${portal.url}/oidc/auth`);
    const params = { client_id: CLIENT_ID, response_type: 'code', scope: 'openid', state: 'x' };
    base.search = new URLSearchParams({ ...params, redirect_uri: `${portal.url}/dashboard/login` }).toString();
    const noPkce = await fetch(base, { redirect: 'manual' });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    base.search = new URLSearchParams({ ...params, redirect_uri: `${portal.url}/dashboard/login/evil`, code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' }).toString();
    const badRedirect = await fetch(base, { redirect: 'manual' });
    expect(badRedirect.status).toBe(400);
    expect(await badRedirect.text()).toContain('redirect_uri');
  });

  it('keeps sessions and grants in the database, not in memory', async () => {
    await signInForTokens(portal, 'ce@demo.test');
    const rows = await portal.db.query<{ model: string }>('SELECT DISTINCT model FROM oidc_models');
    const models = rows.map((r) => r.model);
    expect(models).toEqual(expect.arrayContaining(['Session', 'Grant', 'RefreshToken', 'AuthorizationCode']));
  });

  it('refuses wrong credentials with a clear message, and rate-limits repeated failures with 429', async () => {
    await expect(signInForTokens(portal, 'agent@demo.test', 'wrong-password')).rejects.toThrow(/401.*The email or password is incorrect/);
    let last = '';
    for (let i = 0; i < 6; i++) {
      last = await signInForTokens(portal, 'internal@demo.test', `wrong-${i}`).then(
        () => 'ok',
        (e: Error) => e.message,
      );
    }
    expect(last).toMatch(/429.*Too many failed sign-in attempts/);
    // Even the right password is refused while blocked.
    await expect(signInForTokens(portal, 'internal@demo.test')).rejects.toThrow(/429/);
  });

  it('takes the login step from the site and its Spanish host, and refuses it from any other origin', async () => {
    const spanish = spanishOrigin(portal.url);
    expect((await signInForTokens(portal, 'agent@demo.test', undefined, { loginHeaders: { origin: portal.url } })).access_token).toBeTruthy();
    expect((await signInForTokens(portal, 'agent@demo.test', undefined, { loginHeaders: { origin: spanish } })).access_token).toBeTruthy();
    for (const origin of ['https://evil.example', `${portal.url}.evil.example`, 'null']) {
      await expect(signInForTokens(portal, 'agent@demo.test', undefined, { loginHeaders: { origin } }), origin).rejects.toThrow(/403.*Cross-origin request refused/);
    }
  });

  it('sends the browser to the sign-in page in Spanish when the authorization request asks for it (ui_locales=es)', async () => {
    const uidOf = async (extra: Record<string, string>) => {
      const { query } = authorizationRequest(`${spanishOrigin(portal.url)}/dashboard/login`);
      for (const [k, v] of Object.entries(extra)) query.set(k, v);
      const res = await fetch(`${portal.url}/oidc/auth?${query}`, { redirect: 'manual' });
      const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const interaction = new URL(res.headers.get('location')!, portal.url);
      return fetch(interaction, { redirect: 'manual', headers: { cookie } });
    };
    const es = await uidOf({ ui_locales: 'es' });
    expect(es.status).toBe(303);
    expect(es.headers.get('location')).toMatch(/^\/dashboard\/login\?uid=[A-Za-z0-9_-]+&lang=es$/);
    const en = await uidOf({});
    expect(en.headers.get('location')).toMatch(/^\/dashboard\/login\?uid=[A-Za-z0-9_-]+$/);
    // An unknown interaction still reaches the sign-in page (which says the attempt expired).
    const unknown = await fetch(`${portal.url}/oidc/interaction/AAAAAAAAAAAAAAAAAAAA`, { redirect: 'manual' });
    expect(unknown.headers.get('location')).toBe('/dashboard/login?uid=AAAAAAAAAAAAAAAAAAAA');
  });
});
