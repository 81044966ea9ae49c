// Issue 14: revoking a user's sign-ins (password reset, deactivation) reaches the API at once, not when the
// access token expires; refresh tokens and the provider's session go with it; other users are untouched.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { revokeUserSessions } from '../../src/server/auth/revocation.ts';
import { ACCESS_TOKEN_TTL } from '../../src/server/auth/oidc.ts';
import { findUserByEmail } from '../../src/server/services/users.ts';
import { callApi, CLIENT_ID, signInForTokens, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal.close();
});

const agencies = (token: string) => callApi(portal, 'User/GetUserAgencyList', { token, body: { AppName: 'AgentPortal' } });
const refresh = (rt: string) =>
  fetch(`${portal.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: rt, client_id: CLIENT_ID }),
  });

describe('session revocation', () => {
  it('puts the user’s session version in every access token', async () => {
    const tokens = await signInForTokens(portal, 'agent@demo.test');
    const at = decodeJwt(tokens.access_token);
    expect(at.exp! - at.iat!).toBeLessThanOrEqual(ACCESS_TOKEN_TTL);
    const user = (await findUserByEmail(portal.db, 'agent@demo.test'))!;
    expect(at.sv).toBe(user.session_version);
  });

  it('refuses the revoked user’s access and refresh tokens at once, and a new sign-in works', async () => {
    const agent = await signInForTokens(portal, 'agent@demo.test');
    const other = await signInForTokens(portal, 'admin@demo.test');
    expect((await agencies(agent.access_token)).status).toBe(200);

    const user = (await findUserByEmail(portal.db, 'agent@demo.test'))!;
    await revokeUserSessions(portal.db, user.id);

    expect((await agencies(agent.access_token)).status).toBe(401);
    expect((await refresh(agent.refresh_token!)).status).toBe(400);
    // Another user's sign-in is untouched.
    expect((await agencies(other.access_token)).status).toBe(200);
    expect((await refresh(other.refresh_token!)).status).toBe(200);

    // Signing in again at once (the same second as the revocation) gives a token the API accepts.
    const again = await signInForTokens(portal, 'agent@demo.test');
    expect((await agencies(again.access_token)).status).toBe(200);
    const next = (await (await refresh(again.refresh_token!)).json()) as { access_token: string };
    expect((await agencies(next.access_token)).status).toBe(200);
  });

  it('deletes every stored model of the account (sessions, grants, refresh tokens)', async () => {
    await signInForTokens(portal, 'internal@demo.test');
    const user = (await findUserByEmail(portal.db, 'internal@demo.test'))!;
    const count = async () =>
      Number((await portal.db.query<{ n: string }>(`SELECT count(*) AS n FROM oidc_models WHERE payload->>'accountId' = $1`, [user.id]))[0]!.n);
    expect(await count()).toBeGreaterThan(0);
    await revokeUserSessions(portal.db, user.id);
    expect(await count()).toBe(0);
  });
});
