/**
 * Issue 19: several portal processes on one PostgreSQL, behind a load balancer, with nothing that silently works only
 * in one process (docs/decisions/036-shared-state-on-postgresql.md). Two real `main.ts` processes (A and B) on two
 * ports, one database of their own, a balancer in front that sends each request where the test says. Runs when
 * TEST_DATABASE_URL is set (scripts/start-test-postgres.sh).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import postgres from 'postgres';
import { callPath } from '../../src/lib/api/index.ts';
import { AgencyWorkOrderEvents, readEventStream, type WorkOrderEvent } from '../../src/lib/api/live.ts';
import { ChatEvents } from '../../src/lib/api/chat.ts';
import { nextStatuses, type WorkOrderStatus } from '../../src/lib/work-orders.ts';
import { mailboxDir } from '../../src/server/services/transports/index.ts';
import { callApi, CLIENT_ID, signInForTokens, startInteraction, type Tokens } from './helpers/portal.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { totpCode } from '../../src/server/services/mfa.ts';
import { scratchDatabase, startBalancer, startPortalProcess, type Balancer, type PortalProcess } from './helpers/cluster.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

interface StreamEvent {
  type: string;
  data: string;
}

/**
 * Reads an open event stream in the background: `events` so far, and `waitFor` the first that matches (15 s at most;
 * the error shows what came).
 */
function collectEvents(res: Response): { events: StreamEvent[]; waitFor: (match: (e: StreamEvent) => boolean, what: string) => Promise<StreamEvent> } {
  const events: StreamEvent[] = [];
  let wake = () => {};
  void readEventStream(res.body!, (type, data) => {
    events.push({ type, data });
    wake();
  }).catch(() => undefined);
  const waitFor = async (match: (e: StreamEvent) => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} on B's stream; events: ${JSON.stringify(events).slice(0, 2000)}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 250);
      });
    }
  };
  return { events, waitFor };
}

describe.skipIf(!serverUrl)('two portal processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let lb: Balancer;
  let a: PortalProcess;
  let b: PortalProcess;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!);
    lb = await startBalancer();
    const env = { OUTBOX_POLL_SECONDS: '0.2' };
    // A migrates and seeds; B starts on the prepared database (as a rolling deployment does).
    a = await startPortalProcess('a', { databaseUrl: database.url, publicUrl: lb.url, env });
    b = await startPortalProcess('b', { databaseUrl: database.url, publicUrl: lb.url, env });
    sql = postgres(database.url, { max: 2, onnotice: () => undefined });
  }, 300_000);

  afterAll(async () => {
    await sql?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await lb?.close();
    await database?.drop();
  }, 60_000);

  /** Signs in through process `via`. */
  const signIn = (via: PortalProcess, email: string): Promise<Tokens> => {
    lb.to(via);
    return signInForTokens(lb.portal, email);
  };

  it('a change made through A reaches a live stream held by B', async () => {
    const agent = await signIn(b, 'agent@demo.test');
    const internal = await signIn(a, 'internal@demo.test');
    const agentId = decodeJwt(agent.access_token).sub!;
    const [order] = await sql<{ work_order_id: string; status: WorkOrderStatus }[]>`
      SELECT w.work_order_id, w.status FROM work_orders w JOIN referrals r USING (referral_number)
       WHERE r.user_id = ${agentId} AND w.status IN ('Received', 'Policyholder contacted', 'Scheduled')
       ORDER BY w.work_order_id LIMIT 1`;
    expect(order, 'a demo order of the agent that can move').toBeDefined();

    // The stream is held by B (the balancer keeps an open connection where it was sent).
    lb.to(b);
    const ctl = new AbortController();
    const res = await fetch(`${lb.url}${callPath(AgencyWorkOrderEvents)}`, { headers: { authorization: `Bearer ${agent.access_token}` }, signal: ctl.signal });
    expect(res.status).toBe(200);
    const { waitFor } = collectEvents(res);
    try {
      await waitFor((e) => e.type === 'ready', 'ready');
      const status = nextStatuses(order!.status)[0]!;
      lb.to(a);
      const moved = await callApi(lb.portal, 'InternalAdmin/AdvanceWorkOrder', { token: internal.access_token, body: { AppName: 'AgentPortal', WorkOrderId: order!.work_order_id, Status: status } });
      expect(moved.status, JSON.stringify(moved.json)).toBe(200);
      const event = JSON.parse((await waitFor((e) => e.type === 'status', 'status event')).data) as WorkOrderEvent;
      expect(event).toMatchObject({ workOrderId: order!.work_order_id, previousStatus: order!.status, status });
    } finally {
      ctl.abort();
    }
  });

  it('live chat across processes: a chat started and written through A reaches the staff stream held by B', async () => {
    const agent = await signIn(a, 'agent@demo.test');
    const internal = await signIn(a, 'internal@demo.test');
    lb.to(a);
    const set = await callApi(lb.portal, 'CareDesk/SetCareDeskAvailability', { token: internal.access_token, body: { AppName: 'AgentPortal', available: true } });
    expect(set.status, JSON.stringify(set.json)).toBe(200);

    lb.to(b);
    const ctl = new AbortController();
    const res = await fetch(`${lb.url}${callPath(ChatEvents)}`, { headers: { authorization: `Bearer ${internal.access_token}` }, signal: ctl.signal });
    expect(res.status).toBe(200);
    const { events, waitFor } = collectEvents(res);
    try {
      await waitFor((e) => e.type === 'queue', 'first queue');
      lb.to(a);
      const started = await callApi(lb.portal, 'CareDesk/StartChat', { token: agent.access_token, body: { AppName: 'AgentPortal', page: '/dashboard', text: 'Hello from process A', clientId: 'cluster-start-0001' } });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      const chatId = (started.json!.result as { id: number }).id;
      // The waiting chat shows in B's queue.
      await waitFor((e) => e.type === 'queue' && e.data.includes('Hello from process A'), 'queue with the new chat');
      const accepted = await callApi(lb.portal, 'CareDesk/AcceptChat', { token: internal.access_token, body: { AppName: 'AgentPortal', chatId } });
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
      const sent = await callApi(lb.portal, 'CareDesk/SendChatMessage', { token: agent.access_token, body: { AppName: 'AgentPortal', chatId, text: 'Second line through A', clientId: 'cluster-send-0001' } });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      await waitFor((e) => e.type === 'message' && e.data.includes('Second line through A'), 'the message');
      const messages = events.filter((e) => e.type === 'message' && e.data.includes('Second line through A'));
      expect(messages).toHaveLength(1);
      await callApi(lb.portal, 'CareDesk/CloseChat', { token: internal.access_token, body: { AppName: 'AgentPortal', chatId, emailTranscript: false } });
    } finally {
      ctl.abort();
      lb.to(a);
      await callApi(lb.portal, 'CareDesk/SetCareDeskAvailability', { token: internal.access_token, body: { AppName: 'AgentPortal', available: false } });
    }
  });

  it("a stream held by B ends when B's bus connection was cut (changes may have been missed): the browser reconnects and reloads", async () => {
    const agent = await signIn(b, 'agent@demo.test');
    lb.to(b);
    const res = await fetch(`${lb.url}${callPath(AgencyWorkOrderEvents)}`, { headers: { authorization: `Bearer ${agent.access_token}` } });
    expect(res.status).toBe(200);
    const types: string[] = [];
    const ended = readEventStream(res.body!, (type) => types.push(type));
    while (!types.includes('ready')) await new Promise((r) => setTimeout(r, 50));
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${database.name} AND application_name = 'portal-bus'`;
    await ended;
    expect(types).toEqual(['ready']);
  });

  it('five failed sign-ins spread over A and B give 429', async () => {
    const email = `nobody-${Date.now()}@demo.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      lb.to(i % 2 ? b : a);
      const flow = await startInteraction(lb.portal);
      const res = await flow.post('login', { email, password: `Wrong-pass-${i}!` });
      statuses.push(res.status);
    }
    // Three failures on A, two on B: the sixth attempt (on B) is refused for the five.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    lb.to(a);
    const onA = await startInteraction(lb.portal);
    expect((await onA.post('login', { email, password: 'Wrong-pass-7!' })).status).toBe(429);
  });

  it('one key set for every process: a token issued by A is accepted by B, and the JWKS is the same', async () => {
    const tokens = await signIn(a, 'admin@demo.test');
    lb.to(b);
    const list = await callApi(lb.portal, 'User/GetUserAgencyList', { token: tokens.access_token, body: { AppName: 'AgentPortal' } });
    expect(list.status).toBe(200);
    const jwks = async (p: PortalProcess, path: string) => (await fetch(`http://127.0.0.1:${p.port}${path}`)).json();
    expect(await jwks(a, '/oidc/jwks')).toEqual(await jwks(b, '/oidc/jwks'));
    // The demo agency provider too (its keys were made at each start before: SSO through A, checked on B, failed).
    const demo = await jwks(a, '/agency-idp/jwks');
    expect(demo).toMatchObject({ keys: [expect.objectContaining({ kty: 'RSA' })] });
    expect(await jwks(b, '/agency-idp/jwks')).toEqual(demo);
  });

  it('a refresh token rotated on A is refused on B; the new one works on B', async () => {
    const tokens = await signIn(a, 'agent@demo.test');
    const refresh = (via: PortalProcess, token: string) => {
      lb.to(via);
      return fetch(`${lb.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: CLIENT_ID }),
      });
    };
    const rotated = await refresh(a, tokens.refresh_token!);
    expect(rotated.status).toBe(200);
    const fresh = (await rotated.json()) as Tokens;
    expect(fresh.refresh_token).toBeTruthy();
    expect(fresh.refresh_token).not.toBe(tokens.refresh_token);
    const replay = await refresh(b, tokens.refresh_token!);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');
    // Reusing a rotated refresh token revokes the grant (oidc-provider): the fresh one is refused too, on B.
    expect((await refresh(b, fresh.refresh_token!)).status).toBe(400);
  });

  it('single sign-on through the demo agency provider with every request (the broker\'s own included) going round robin', async () => {
    lb.roundRobin(a, b);
    const flow = await startInteraction(lb.portal);
    let res = await flow.go(`${lb.url}/oidc/interaction/${flow.uid}/sso?idp=harbor-point-demo`);
    expect(res.status).toBe(303);
    res = await flow.go(res.headers.get('location')!);
    const form = new URL(res.headers.get('location')!, lb.url);
    expect((await flow.go(form.href)).status).toBe(200);
    res = await flow.go(`${form.href}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: lb.url },
      body: new URLSearchParams({ email: 'sso.agent@harborpoint.test', password: DEMO_PASSWORD }).toString(),
    });
    expect(res.status).toBe(303);
    let next = new URL(res.headers.get('location')!, lb.url);
    for (let i = 0; i < 5 && next.pathname !== '/dashboard/sso-redirect'; i++) next = new URL((await flow.go(next.href)).headers.get('location')!, lb.url);
    expect(next.pathname).toBe('/dashboard/sso-redirect');
    res = await flow.go(next.href);
    let to = res.headers.get('location')!;
    if (to.includes('/sso-return')) to = (await flow.go(new URL(to, lb.url).href)).headers.get('location')!;
    expect(to).toContain(`/oidc/auth/${flow.uid}`);
    const tokens = await flow.finish(to);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ isSSOLogin: true });
  });

  it('two-step sign-in with the password step on one process and the code step on the other', async () => {
    lb.roundRobin(a, b);
    // GET /oidc/auth on A, the password on B, the code on A (signInForTokens answers the demo admins' TOTP step).
    const tokens = await signInForTokens(lb.portal, 'ce@demo.test');
    expect(decodeJwt(tokens.access_token)).toMatchObject({ dashboardUserRole: 'SFAD_CEAdmin' });
  });

  it('a two-step enrolment started on A is confirmed on B', async () => {
    const { access_token: token } = await signIn(a, 'carrieredit@demo.test');
    const started = await callApi(lb.portal, 'User/StartTotpEnrollment', { token, body: { AppName: 'AgentPortal' } });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const secret = (started.json!.result as { Secret: string }).Secret;
    lb.to(b);
    const confirmed = await callApi(lb.portal, 'User/ConfirmTotpEnrollment', { token, body: { AppName: 'AgentPortal', Code: totpCode(secret) } });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect((confirmed.json!.result as { RecoveryCodes: string[] }).RecoveryCodes.length).toBeGreaterThan(0);
  });

  it("wrong current passwords spread over A and B: the fifth is the last, then 429 (the account's own limit)", async () => {
    const { access_token: token } = await signIn(a, 'agent@demo.test');
    lb.roundRobin(a, b);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await callApi(lb.portal, 'User/ChangeUserPassword', { token, body: { AppName: 'AgentPortal', CurrentPassword: `Not-Mine-${i}-pass`, NewPassword: 'Brand-New-Glass-77' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('two outbox workers send each message once', async () => {
    const n = 40;
    const ids = await sql<{ id: string }[]>`
      INSERT INTO outbox (channel, recipient, subject, body_text, kind)
      SELECT 'email', 'cluster' || g || '@example.com', 'Cluster ' || g, 'Message ' || g, 'PolicyholderContact'
        FROM generate_series(1, ${n}) g
      RETURNING id`;
    const wanted = new Set(ids.map((r) => String(r.id).padStart(6, '0')));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [{ left } = { left: n }] = await sql<{ left: number }[]>`SELECT count(*)::int AS left FROM outbox WHERE id = ANY(${ids.map((r) => r.id)}) AND status <> 'sent'`;
      if (left === 0) break;
      if (Date.now() > deadline) throw new Error(`${left} messages still unsent`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const files = [a, b].flatMap((p) => {
      try {
        return readdirSync(mailboxDir(p.dataDir)).map((f) => join(p.name, f));
      } catch {
        return [];
      }
    });
    const sentIds = files.map((f) => /-(\d{6})-email-/.exec(f)?.[1]).filter((id): id is string => !!id && wanted.has(id));
    expect(sentIds.sort()).toEqual([...wanted].sort());
    // Each message was claimed once: no second attempt by the other worker.
    const [{ attempts } = { attempts: 0 }] = await sql<{ attempts: number }[]>`SELECT max(attempts)::int AS attempts FROM outbox WHERE id = ANY(${ids.map((r) => r.id)})`;
    expect(attempts).toBe(1);
  });
});
