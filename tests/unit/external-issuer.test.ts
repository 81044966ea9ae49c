import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/index.ts';
import { EnvSchema } from '../../src/server/env.ts';
import { startServer, type RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, signWithProviderKey } from './helpers/portal.ts';

/**
 * OIDC_ISSUER points the portal at an external provider: here a second portal's embedded provider plays
 * the agencies' identity provider (same user store), and the portal under test has its own provider off.
 */
describe('OIDC_ISSUER: an external OpenID provider', () => {
  let idp: RunningPortal;
  let portal: RunningPortal;
  beforeAll(async () => {
    const db = await openPglite();
    const base = { HOST: '127.0.0.1', PORT: '0', SITE_DIR: './dist', LOG_LEVEL: 'silent' };
    idp = await startServer(EnvSchema.parse(base), { db });
    portal = await startServer(EnvSchema.parse({ ...base, OIDC_ISSUER: idp.oidc!.issuer, OIDC_CLIENT_ID: 'agent-portal' }), { db });
  });
  afterAll(async () => {
    await new Promise<void>((r) => portal.server.close(() => r()));
    portal.server.closeAllConnections();
    await idp.close();
  });

  it('turns the embedded provider off and tells the browser to use the external issuer', async () => {
    expect(portal.oidc).toBeUndefined();
    const cfg = (await (await fetch(`${portal.url}/auth-config.json`)).json()) as { authority: string; clientId: string };
    expect(cfg).toMatchObject({ authority: idp.oidc!.issuer, clientId: 'agent-portal' });
    expect((await fetch(`${portal.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });

  it("accepts the external issuer's tokens (verified against its JWKS) and refuses the wrong audience", async () => {
    const tokens = await signInForTokens(idp, 'agent@demo.test');
    const ok = await callApi(portal, 'User/GetUserAgencyList', { token: tokens.access_token, body: { AppName: 'AgentPortal' } });
    expect(ok.status).toBe(200);
    expect((ok.json!.result as unknown[]).length).toBe(2);
    const wrongAudience = await signWithProviderKey(idp, { sub: 'x' }, { audience: 'urn:someone-else' });
    const refused = await callApi(portal, 'User/GetUserAgencyList', { token: wrongAudience, body: { AppName: 'AgentPortal' } });
    expect(refused.status).toBe(401);
  });
});
