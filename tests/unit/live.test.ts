/**
 * Live updates against the real portal: `GET AgencyWorkOrder/Events` (server-sent events, real tokens)
 * and the browser helper that reads it with fetch (src/lib/api/live.ts). Changes are driven through the
 * work-order service (a real committed change) or published on the bus directly.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callPath, CALLS } from '../../src/lib/api/index.ts';
import { AgencyWorkOrderEvents, openLiveEvents, readEventStream, type WorkOrderEvent } from '../../src/lib/api/live.ts';
import type { WorkOrderStatus } from '../../src/lib/work-orders.ts';
import { createVerifier } from '../../src/server/auth/tokens.ts';
import { liveRoutes, liveStreamCount, MAX_STREAMS_PER_USER, TOO_MANY_STREAMS } from '../../src/server/routes/live.ts';
import type { AppEnv } from '../../src/server/routes/define.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { publishStatusChange, type StatusChange } from '../../src/server/services/work-order-bus.ts';
import { advanceWorkOrder } from '../../src/server/services/work-orders/lifecycle.ts';
import { AUDIENCE, callApi, signInForTokens, signWithProviderKey, startTestPortal } from './helpers/portal.ts';
import { demoCar, referralRequest, type DemoCar } from './helpers/claims.ts';

let portal: RunningPortal;
const tokens: Record<'agent' | 'admin' | 'internal' | 'ce', string> = { agent: '', admin: '', internal: '', ce: '' };
let agentId: string;
let adminId: string;
let car: DemoCar;

const eventsUrl = () => `${portal.url}${callPath(AgencyWorkOrderEvents)}`;

/** An open stream: its events in order, read as they come. */
interface Stream {
  status: number;
  /** The next event (type and data). */
  next(): Promise<{ type: string; data: string }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}
const open: Stream[] = [];

/** Opens the events stream with a token and waits for its `ready` event (after which changes are delivered). */
async function openStream(token: string, query = ''): Promise<Stream> {
  const ctl = new AbortController();
  const res = await fetch(eventsUrl() + query, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
  const queue: { type: string; data: string }[] = [];
  const waiting: ((e: { type: string; data: string }) => void)[] = [];
  const ended =
    res.status === 200
      ? readEventStream(res.body!, (type, data) => {
          const w = waiting.shift();
          if (w) w({ type, data });
          else queue.push({ type, data });
        }).catch(() => undefined)
      : Promise.resolve();
  const stream: Stream = {
    status: res.status,
    next: () => new Promise((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))),
    ended,
    close: () => ctl.abort(),
  };
  open.push(stream);
  if (res.status === 200) expect(await stream.next()).toEqual({ type: 'ready', data: '{}' });
  else await res.body?.cancel();
  return stream;
}
/** The next status event of a stream. */
const nextStatus = async (s: Stream) => {
  const e = await s.next();
  expect(e.type).toBe('status');
  return JSON.parse(e.data) as WorkOrderEvent;
};

/** A change as the work-order service publishes it. */
const change = (agencyNumber: string, userId: string, status: WorkOrderStatus = 'Scheduled'): StatusChange => ({
  workOrderId: `WO${Math.floor(Math.random() * 1e6)}`,
  referralNumber: `26${Math.floor(Math.random() * 1e7)}`,
  agencyNumber,
  userId,
  previousStatus: 'Policyholder contacted',
  status,
  note: null,
  at: new Date('2026-05-06T07:08:09Z'),
});

beforeAll(async () => {
  portal = await startTestPortal();
  tokens.agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
  tokens.admin = (await signInForTokens(portal, 'admin@demo.test')).access_token;
  tokens.internal = (await signInForTokens(portal, 'internal@demo.test')).access_token;
  tokens.ce = (await signInForTokens(portal, 'ce@demo.test')).access_token;
  agentId = String(decodeJwt(tokens.agent).sub);
  adminId = String(decodeJwt(tokens.admin).sub);
  car = await demoCar(portal);
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  // Every stream's subscription is released when its client goes away.
  await vi.waitFor(() => expect(liveStreamCount()).toBe(0));
});
afterAll(async () => {
  await portal?.close();
});

describe('GET AgencyWorkOrder/Events', () => {
  it('401 without a token (or with a bad one), 403 for a CE admin, 400 for an unknown parameter: the JSON envelope', async () => {
    const none = await callApi(portal, callPath(AgencyWorkOrderEvents));
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ isSuccess: false, message: 'Unauthorized', code: 'unauthorized', result: null });
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await callApi(portal, callPath(AgencyWorkOrderEvents), { token: 'not-a-real-token-at-all' })).status).toBe(401);
    const ce = await callApi(portal, callPath(AgencyWorkOrderEvents), { token: tokens.ce });
    expect(ce.status).toBe(403);
    const bad = await callApi(portal, `${callPath(AgencyWorkOrderEvents)}?since=0`, { token: tokens.agent });
    expect(bad.status).toBe(400);
    expect(bad.json!.message).toContain('Unknown field(s): "since"');
    expect(liveStreamCount()).toBe(0);
  });

  it('a stream is text/event-stream, not cached, and starts with ready', async () => {
    const res = await fetch(eventsUrl(), { headers: { authorization: `Bearer ${tokens.agent}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('retry: 5000\nevent: ready\ndata: {}\n\n');
    await reader.cancel();
  });

  it("an agent gets the changes of their own orders only: not another agency's, not a colleague's", async () => {
    const s = await openStream(tokens.agent);
    await publishStatusChange(portal.db, change('30012967', adminId)); // an agency the agent is not in
    await publishStatusChange(portal.db, change('10045821', 'some-colleague')); // the agent's agency, filed by someone else
    const own = change('10045821', agentId);
    await publishStatusChange(portal.db, own);
    expect(await nextStatus(s)).toEqual({
      workOrderId: own.workOrderId,
      referralNumber: own.referralNumber,
      agencyNumber: '10045821',
      previousStatus: 'Policyholder contacted',
      status: 'Scheduled',
      at: '2026-05-06T07:08:09.000Z',
    });
  });

  it("an agency admin gets their agencies' changes, not another agency's; an internal admin gets every agency's", async () => {
    const admin = await openStream(tokens.admin);
    const internal = await openStream(tokens.internal);
    const harbor = change('10045821', agentId);
    await publishStatusChange(portal.db, harbor); // the agent's agency, which the admin is not in
    const summit = change('20077314', agentId, 'Completed'); // filed by the agent in the admin's agency
    await publishStatusChange(portal.db, summit);
    expect((await nextStatus(admin)).workOrderId).toBe(summit.workOrderId);
    expect((await nextStatus(internal)).workOrderId).toBe(harbor.workOrderId);
    expect((await nextStatus(internal)).workOrderId).toBe(summit.workOrderId);
  });

  it('a real change (the work-order service, committed) reaches the stream in order, and its alert is in the outbox', async () => {
    const body = referralRequest('10045821', car);
    body.Agent.Notifications = { ...body.Agent.Notifications, PolicyholderContactEmail: true, ServiceScheduledEmail: false };
    const filed = await callApi(portal, callPath(CALLS.CreateReferral), { token: tokens.agent, body, headers: { 'Idempotency-Key': randomUUID() } });
    expect(filed.status).toBe(200);
    const { WorkOrderId, ReferralNumber } = filed.json!.result as { WorkOrderId: string; ReferralNumber: string };
    const agent = await openStream(tokens.agent);
    const other = await openStream(tokens.admin);
    await advanceWorkOrder(portal.db, { workOrderId: WorkOrderId, status: 'Policyholder contacted' });
    await advanceWorkOrder(portal.db, { workOrderId: WorkOrderId, status: 'Scheduled' });
    const first = await nextStatus(agent);
    expect(first).toMatchObject({ workOrderId: WorkOrderId, referralNumber: ReferralNumber, previousStatus: 'Received', status: 'Policyholder contacted' });
    expect(await nextStatus(agent)).toMatchObject({ workOrderId: WorkOrderId, previousStatus: 'Policyholder contacted', status: 'Scheduled' });
    const rows = await portal.db.query<{ kind: string; recipient: string }>('SELECT kind, recipient FROM outbox WHERE work_order_id = $1 ORDER BY id', [WorkOrderId]);
    expect(rows).toEqual([{ kind: 'PolicyholderContact', recipient: 'agent@demo.test' }]);
    // The admin of other agencies saw none of it: the next thing they get is a change of their own agency.
    const mine = change('20077314', adminId);
    await publishStatusChange(portal.db, mine);
    expect((await nextStatus(other)).workOrderId).toBe(mine.workOrderId);
  });

  it(`each user may hold ${MAX_STREAMS_PER_USER} streams; one more → 429; closing one frees its place`, async () => {
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(tokens.agent));
    const refused = await callApi(portal, callPath(AgencyWorkOrderEvents), { token: tokens.agent });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ isSuccess: false, message: TOO_MANY_STREAMS, code: 'tooManyStreams', result: null });
    // Another user is not affected.
    expect((await openStream(tokens.admin)).status).toBe(200);
    streams[0]!.close();
    await vi.waitFor(() => expect(liveStreamCount()).toBe(MAX_STREAMS_PER_USER));
    expect((await openStream(tokens.agent)).status).toBe(200);
  });

  it('the stream ends when its access token expires (the client reconnects with the renewed one)', async () => {
    const shortLived = await signWithProviderKey(portal, { sub: agentId, scope: 'openid profile email' }, { expiresIn: '2s' });
    const s = await openStream(shortLived);
    await s.ended;
    await vi.waitFor(() => expect(liveStreamCount()).toBe(0));
  });

  it('sends a heartbeat comment while idle', async () => {
    const { oidc } = portal;
    const deps = { db: portal.db, origin: portal.url, verifier: createVerifier({ issuer: oidc!.issuer, audience: AUDIENCE, keys: oidc!.jwks as never }) };
    const app = new Hono<AppEnv>().route('/', liveRoutes(deps, { heartbeatMs: 20 }));
    const res = await app.request(`/${AgencyWorkOrderEvents.path}`, { headers: { authorization: `Bearer ${tokens.agent}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes(': heartbeat\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text.startsWith('retry: 5000\nevent: ready\ndata: {}\n\n')).toBe(true);
    await reader.cancel();
    expect(liveStreamCount()).toBe(0);
  });
});

describe('the browser helper (openLiveEvents)', () => {
  const viaPortal: typeof fetch = (input, init) => fetch(`${portal.url}${String(input)}`, init);

  it('delivers the changes the user may see, and close() ends the stream', async () => {
    const events: WorkOrderEvent[] = [];
    let ready = 0;
    const close = openLiveEvents({ getToken: () => tokens.agent, onEvent: (e) => events.push(e), onReady: () => ready++, fetch: viaPortal });
    await vi.waitFor(() => expect(ready).toBe(1));
    await publishStatusChange(portal.db, change('30012967', adminId));
    const own = change('10045821', agentId, 'Completed');
    await publishStatusChange(portal.db, own);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ workOrderId: own.workOrderId, status: 'Completed' });
    close();
    await vi.waitFor(() => expect(liveStreamCount()).toBe(0));
  });

  it('reconnects with the current token when the stream ends (token expiry)', async () => {
    const short = await signWithProviderKey(portal, { sub: agentId }, { expiresIn: '2s' });
    let token = short;
    let ready = 0;
    const close = openLiveEvents({
      getToken: () => token,
      onEvent: () => undefined,
      onReady: () => {
        ready++;
        // The session store has renewed the token by the time the first stream ends.
        token = tokens.agent;
      },
      fetch: viaPortal,
    });
    await vi.waitFor(() => expect(ready).toBe(2), { timeout: 15_000 });
    close();
  });

  it('stops and reports a 401; stops quietly without a token', async () => {
    let unauthorized = 0;
    openLiveEvents({ getToken: () => 'not-a-real-token-at-all', onEvent: () => undefined, onUnauthorized: () => unauthorized++, fetch: viaPortal });
    await vi.waitFor(() => expect(unauthorized).toBe(1));
    let calls = 0;
    openLiveEvents({ getToken: () => null, onEvent: () => undefined, fetch: (...a) => (calls++, viaPortal(...a)) });
    expect(calls).toBe(0);
  });

  it('readEventStream: events split anywhere (CRLF too), multi-line data, ids, comments skipped, an unfinished event dropped', async () => {
    const chunks = ['retry: 5000\r', '\nevent: ready\r\ndata: {}\r\n\r\n', ': heartbeat\n\n', 'id: 4', '2\nevent: status\ndata: {"a"', ':1}\n\ndata: line1\ndata:line2\n\n', 'event: status\ndata: x'];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const s of chunks) c.enqueue(new TextEncoder().encode(s));
        c.close();
      },
    });
    const seen: [string, string, string | undefined][] = [];
    await readEventStream(body, (type, data, id) => seen.push([type, data, id]));
    // An id belongs to its own event only.
    expect(seen).toEqual([
      ['ready', '{}', undefined],
      ['status', '{"a":1}', '42'],
      ['message', 'line1\nline2', undefined],
    ]);
  });
});
