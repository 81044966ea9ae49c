/**
 * Issue 18: a care-desk staff member who signs out is unavailable at once, logged with the reason 'signed-out'.
 * Through the real sign-out: the embedded provider's end-session endpoint with the id token, its confirmation form
 * posted as the browser posts it, which fires the provider's `end_session.success` (src/server/server.ts); PGlite
 * and the CareDesk calls over HTTP. (tests/unit/chat.test.ts calls the hook's function directly.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, getUrl } from '../../src/lib/api/contract.ts';
import { GetChatAvailability, SetCareDeskAvailability } from '../../src/lib/api/chat.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { answerMfaStep, callApi, confirmSignOut, signInForTokens, startInteraction, startTestPortal, type Tokens } from './helpers/portal.ts';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

/** Signs in through the provider as a browser does (keeping its cookies for the sign-out). */
async function browserSignIn(email: string) {
  const flow = await startInteraction(portal);
  const res = await flow.post('login', { email, password: 'Demo!2345' });
  expect(res.status).toBe(200);
  const step = ((await res.json()) as { result: { redirectTo?: string; mfa?: string } }).result;
  const next = step.mfa === 'totp' ? await answerMfaStep((body) => flow.post('mfa', body), {}) : step.redirectTo!;
  const tokens: Tokens = await flow.finish(next);
  return { flow, tokens };
}

/** Signs out as the portal's page does: end-session with the id token, then the provider's confirmation form. */
async function browserSignOut(flow: Awaited<ReturnType<typeof browserSignIn>>['flow'], idToken: string): Promise<void> {
  const back = `${portal.url}/dashboard/login`;
  const res = await confirmSignOut(portal, flow.go, `${portal.url}/oidc/session/end?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: back, client_id: 'agent-portal' })}`);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(back);
}

describe('signing out sets care-desk staff away', () => {
  it("a staff member's real sign-out: unavailable at once, one log row with the reason 'signed-out'", async () => {
    const agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
    const available = async () => (await callApi(portal, getUrl(GetChatAvailability, {}), { token: agent })).json!.result as { available: boolean };
    const { flow, tokens } = await browserSignIn('ce@demo.test');
    const set = await callApi(portal, callPath(SetCareDeskAvailability), { token: tokens.access_token, body: { AppName: 'AgentPortal', available: true } });
    expect(set.status).toBe(200);
    expect(await available()).toEqual({ available: true });
    const [ce] = await portal.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'ce@demo.test'");
    const before = await portal.db.query<{ id: number }>('SELECT id FROM care_desk_availability_log WHERE user_id = $1', [ce!.id]);

    await browserSignOut(flow, tokens.id_token!);

    // The hook runs on the provider's event; its write is awaited by nothing the browser sees, so wait for the row.
    await expect
      .poll(async () => portal.db.query('SELECT available, reason, changed_by FROM care_desk_availability_log WHERE user_id = $1 AND id > $2 ORDER BY id', [ce!.id, before.at(-1)?.id ?? 0]))
      .toEqual([{ available: false, reason: 'signed-out', changed_by: ce!.id }]);
    // The 1 s shared answer was cleared by the change: the agent's next check says nobody is there.
    expect(await available()).toEqual({ available: false });
  });

});
