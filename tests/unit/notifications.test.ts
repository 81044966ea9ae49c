/**
 * Agent notifications against the real portal (PGlite, the embedded provider, real tokens): the contact
 * preferences calls, the outbox rows a status change owes, the worker sending through the dev mailbox,
 * SMTP and an HTTP SMS webhook (a real local server that fails first), retries with backoff, dead rows.
 * The worker runs on a test clock (its `now`), so backoff is checked without waiting.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALLS, callPath, getUrl, type CallContract } from '../../src/lib/api/index.ts';
import { MESSAGES } from '../../src/lib/claim/validation.ts';
import type { WorkOrderStatus } from '../../src/lib/work-orders.ts';
import { EnvSchema } from '../../src/server/env.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { enqueueStatusNotifications, setNotificationLinkOrigin, toE164 } from '../../src/server/services/notifications.ts';
import { createOutboxWorker, retryDelayMs, type OutboxWorker } from '../../src/server/services/outbox.ts';
import { publishStatusChange, type StatusChange } from '../../src/server/services/work-order-bus.ts';
import { createTransports, mailboxDir } from '../../src/server/services/transports/index.ts';
import { createCasesTableTransport } from '../../src/server/services/transports/crm.ts';
import { createSmtpTransport } from '../../src/server/services/transports/email.ts';
import { createMailboxSmsProvider, createTwilioSmsProvider, createWebhookSmsProvider } from '../../src/server/services/transports/sms.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';
import { demoCar, referralRequest, type DemoCar } from './helpers/claims.ts';

let portal: RunningPortal;
let agent: string;
let agentId: string;
let admin: string;
let adminId: string;
let ce: string;
let car: DemoCar;

/** Calls as the agent, or with another token ('' for none). */
async function call(name: keyof typeof CALLS, input: Record<string, unknown>, token: string = agent) {
  const c: CallContract = CALLS[name];
  const body = { AppName: 'AgentPortal', ...input };
  const opts = token ? { token } : {};
  return c.method === 'GET' ? callApi(portal, getUrl(c, body), opts) : callApi(portal, callPath(c), { ...opts, body });
}
const errorsOf = (res: { json: { errors?: unknown[] } | null }) => (res.json?.errors ?? []) as { path: string; message: string }[];

const ALL_OFF = {
  PolicyholderContactText: false, PolicyholderContactEmail: false, ServiceScheduledText: false, ServiceScheduledEmail: false,
  ServiceCompleteText: false, ServiceCompleteEmail: false, SurveyCompleteText: false, SurveyCompleteEmail: false,
};

/** Files a claim as the agent with these alerts; answers its referral and work order. */
async function fileClaim(notifications: Record<string, unknown>, token = agent, account = '10045821') {
  const body = referralRequest(account, car);
  body.Agent.Notifications = { ...ALL_OFF, AgentPhoneNo: null, ...notifications } as typeof body.Agent.Notifications;
  const res = await callApi(portal, callPath(CALLS.CreateReferral), { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const r = res.json!.result as { ReferralNumber: string; WorkOrderId: string };
  return { referralNumber: r.ReferralNumber, workOrderId: r.WorkOrderId };
}

/** A change of that work order to a status (as the work-order service would publish it). */
const changeOf = (o: { referralNumber: string; workOrderId: string }, status: WorkOrderStatus, userId = agentId, agencyNumber = '10045821'): StatusChange => ({
  workOrderId: o.workOrderId,
  referralNumber: o.referralNumber,
  agencyNumber,
  userId,
  previousStatus: null,
  status,
  note: null,
  at: new Date('2026-03-04T15:06:00Z'),
});

/** Enqueues inside a transaction, as the work-order service does. */
const enqueue = (change: StatusChange) => portal.db.transaction((tx) => enqueueStatusNotifications(tx, change));

interface OutboxRow {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
}
const rowsOf = (workOrderId: string) =>
  portal.db.query<OutboxRow>('SELECT * FROM outbox WHERE work_order_id = $1 ORDER BY id', [workOrderId]);

beforeAll(async () => {
  portal = await startTestPortal();
  agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
  admin = (await signInForTokens(portal, 'admin@demo.test')).access_token;
  ce = (await signInForTokens(portal, 'ce@demo.test')).access_token;
  agentId = String(decodeJwt(agent).sub);
  adminId = String(decodeJwt(admin).sub);
  car = await demoCar(portal);
});
afterAll(async () => {
  setNotificationLinkOrigin(null);
  await portal?.close();
});
// Each test's worker sees only its own rows: earlier rows are set aside as sent.
beforeEach(async () => {
  await portal.db.query(`UPDATE outbox SET status = 'sent', sent_at = now() WHERE status <> 'sent'`);
});

describe('contact preferences (User/GetUserAgentContactPrefs, User/UpdateUserAgentContactPrefs)', () => {
  it('start with every alert off and no phone', async () => {
    const res = await call('GetUserAgentContactPrefs', {}, admin);
    expect(res.status).toBe(200);
    // Email alerts go to the account's email until another address is saved (manage-account profile).
    expect(res.json!.result).toEqual({ ...ALL_OFF, AgentPhoneNo: null, AgentEmail: 'admin@demo.test' });
  });

  it("a text alert needs the agent's phone: 'Please enter a phone number' (spec section 5, contact update); a bad one: 'Please enter a valid phone number'", async () => {
    const missing = await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, ServiceScheduledText: true });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing)).toEqual([{ path: 'AgentPhoneNo', message: MESSAGES.contactPhone, code: 'contactPhone' }]);
    const empty = await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, SurveyCompleteText: true, AgentPhoneNo: '  ' });
    expect(errorsOf(empty)).toEqual([{ path: 'AgentPhoneNo', message: MESSAGES.contactPhone, code: 'contactPhone' }]);
    const bad = await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, AgentPhoneNo: '555-01' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toEqual([{ path: 'AgentPhoneNo', message: MESSAGES.phoneInvalid, code: 'phoneInvalid' }]);
    const notBool = await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, ServiceCompleteEmail: 'yes' });
    expect(notBool.status).toBe(400);
    expect((await call('GetUserAgentContactPrefs', {})).json!.result).toEqual({ ...ALL_OFF, AgentPhoneNo: null, AgentEmail: 'agent@demo.test' });
  });

  it('saves them (the phone shown NNN-NNN-NNNN) and reads them back; only for the caller', async () => {
    const saved = await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, ServiceScheduledText: true, ServiceCompleteEmail: true, AgentPhoneNo: '(813) 555-0199' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const want = { ...ALL_OFF, ServiceScheduledText: true, ServiceCompleteEmail: true, AgentPhoneNo: '813-555-0199', AgentEmail: 'agent@demo.test' };
    expect(saved.json!.result).toEqual(want);
    expect((await call('GetUserAgentContactPrefs', {})).json!.result).toEqual(want);
    expect((await call('GetUserAgentContactPrefs', { userId: agentId })).json!.result).toEqual(want);
    // The agency admin's stay as they were.
    expect((await call('GetUserAgentContactPrefs', {}, admin)).json!.result).toEqual({ ...ALL_OFF, AgentPhoneNo: null, AgentEmail: 'admin@demo.test' });
    // Saving again replaces them (no phone now that no text alert is on).
    const again = await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, PolicyholderContactEmail: true, AgentPhoneNo: null });
    expect(again.json!.result).toEqual({ ...ALL_OFF, PolicyholderContactEmail: true, AgentPhoneNo: null, AgentEmail: 'agent@demo.test' });
  });

  it("another user's preferences → 403 and nothing changes; CE and internal admins → 403; no token → 401", async () => {
    const before = await portal.db.query('SELECT * FROM user_contact_prefs ORDER BY user_id');
    const other = await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, SurveyCompleteEmail: true, UserId: adminId });
    expect(other.status).toBe(403);
    expect(other.json!.message).toBe('You may only change your own contact preferences.');
    expect((await call('GetUserAgentContactPrefs', { userId: adminId })).status).toBe(403);
    expect((await call('GetUserAgentContactPrefs', {}, ce)).status).toBe(403);
    expect((await call('UpdateUserAgentContactPrefs', ALL_OFF, ce)).status).toBe(403);
    const anonymous = await call('UpdateUserAgentContactPrefs', ALL_OFF, '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(await portal.db.query('SELECT * FROM user_contact_prefs ORDER BY user_id')).toEqual(before);
  });
});

describe('enqueueStatusNotifications: the outbox rows a change owes', () => {
  it("writes one row per channel the referral's alerts ask for, naming referral, work order, policyholder, vehicle and status", async () => {
    setNotificationLinkOrigin('https://portal.example.com');
    const o = await fileClaim({ PolicyholderContactEmail: true, ServiceScheduledEmail: true, ServiceScheduledText: true, AgentPhoneNo: '(727) 555-0142' });
    expect(await enqueue(changeOf(o, 'Policyholder contacted'))).toBe(1);
    expect(await enqueue(changeOf(o, 'Scheduled'))).toBe(2);
    const rows = await rowsOf(o.workOrderId);
    expect(rows.map((r) => [r.channel, r.kind, r.recipient, r.status, r.attempts])).toEqual([
      ['email', 'PolicyholderContact', 'agent@demo.test', 'pending', 0],
      ['email', 'ServiceScheduled', 'agent@demo.test', 'pending', 0],
      ['sms', 'ServiceScheduled', '+17275550142', 'pending', 0],
    ]);
    const email = rows[1]!;
    expect(email.subject).toBe(`Referral ${o.referralNumber}: Service scheduled (work order ${o.workOrderId})`);
    for (const text of [o.referralNumber, o.workOrderId, 'Pat Morales', `${car.Year} ${car.Make} ${car.Model}`, car.Vin, 'New status: Scheduled', '2026-03-04 15:06 UTC']) {
      expect(email.body_text).toContain(text);
    }
    expect(email.body_text).toContain(`https://portal.example.com/dashboard/work-order-details?workOrderId=${o.workOrderId}`);
    expect(email.body_html).toContain(`<td>Pat Morales</td>`);
    expect(rows[2]!.body_text).toBe(`Agent Portal: referral ${o.referralNumber} (${o.workOrderId}), Pat Morales, ${car.Year} ${car.Make} ${car.Model} ${car.Style}: Scheduled.`);
    setNotificationLinkOrigin(null);
  });

  it('statuses without an alert, and alerts the agent did not ask for, write nothing', async () => {
    const o = await fileClaim({ ServiceCompleteEmail: true });
    for (const s of ['Received', 'Policyholder contacted', 'Scheduled', 'In progress', 'Survey complete', 'Cancelled', 'Failed'] as const) {
      expect(await enqueue(changeOf(o, s)), s).toBe(0);
    }
    expect(await enqueue(changeOf(o, 'Completed'))).toBe(1);
    expect((await rowsOf(o.workOrderId)).map((r) => r.kind)).toEqual(['ServiceComplete']);
  });

  it("a text alert without any phone writes only the email; the preferences' phone stands in for a referral without one", async () => {
    await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, AgentPhoneNo: null });
    const o = await fileClaim({ SurveyCompleteText: true, SurveyCompleteEmail: true });
    expect(await enqueue(changeOf(o, 'Survey complete'))).toBe(1);
    await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, SurveyCompleteText: true, AgentPhoneNo: '813 555 0177' });
    expect(await enqueue(changeOf(o, 'Survey complete'))).toBe(2);
    expect((await rowsOf(o.workOrderId)).map((r) => [r.channel, r.recipient])).toEqual([
      ['email', 'agent@demo.test'],
      ['email', 'agent@demo.test'],
      ['sms', '+18135550177'],
    ]);
  });

  it('email alerts go to the address the contact preferences name (the account email until another is saved)', async () => {
    await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, AgentPhoneNo: null, AgentEmail: 'alerts@harborpoint.example' });
    const o = await fileClaim({ ServiceCompleteEmail: true });
    expect(await enqueue(changeOf(o, 'Completed'))).toBe(1);
    // Back to the account's own email (stored as "the account's").
    await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, AgentPhoneNo: null, AgentEmail: 'agent@demo.test' });
    expect(await enqueue(changeOf(o, 'Completed'))).toBe(1);
    expect((await rowsOf(o.workOrderId)).map((r) => [r.channel, r.recipient])).toEqual([
      ['email', 'alerts@harborpoint.example'],
      ['email', 'agent@demo.test'],
    ]);
  });

  it("the referral's choices win; a referral that recorded none follows the agent's preferences", async () => {
    await call('UpdateUserAgentContactPrefs', { ...ALL_OFF, ServiceScheduledEmail: true, ServiceScheduledText: true, AgentPhoneNo: '813-555-0100' });
    const chose = await fileClaim({ ServiceScheduledEmail: false });
    expect(await enqueue(changeOf(chose, 'Scheduled'))).toBe(0);
    const none = await fileClaim({});
    await portal.db.query(`UPDATE referrals SET submission = submission #- '{Agent,Notifications}' WHERE referral_number = $1`, [none.referralNumber]);
    expect(await enqueue(changeOf(none, 'Scheduled'))).toBe(2);
    expect((await rowsOf(none.workOrderId)).map((r) => [r.channel, r.recipient])).toEqual([
      ['email', 'agent@demo.test'],
      ['sms', '+18135550100'],
    ]);
  });

  it('the alerts go to the agent who filed the referral (the agency admin here), and roll back with the change', async () => {
    const o = await fileClaim({ PolicyholderContactEmail: true }, admin, '20077314');
    await expect(
      portal.db.transaction(async (tx) => {
        expect(await enqueueStatusNotifications(tx, changeOf(o, 'Policyholder contacted', adminId, '20077314'))).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(o.workOrderId)).toEqual([]);
    expect(await enqueue(changeOf(o, 'Policyholder contacted', adminId, '20077314'))).toBe(1);
    expect((await rowsOf(o.workOrderId))[0]!.recipient).toBe('admin@demo.test');
  });

  it('phone numbers become E.164', () => {
    expect(toE164('(813) 555-0134')).toBe('+18135550134');
    expect(toE164('1-813-555-0134')).toBe('+18135550134');
    expect(toE164('555-0134')).toBeNull();
    expect(toE164(null)).toBeNull();
  });
});

/** A test clock for the worker. */
function clock(start = Date.now() + 1000) {
  let t = start;
  return { now: () => new Date(t), set: (d: Date) => void (t = d.getTime()), advance: (ms: number) => void (t += ms) };
}
const transportEnv = (dataDir: string, extra: Record<string, string> = {}) => EnvSchema.parse({ DATA_DIR: dataDir, ...extra });

describe('the outbox worker', () => {
  let workers: OutboxWorker[] = [];
  const worker = (opts: Parameters<typeof createOutboxWorker>[0]) => {
    const w = createOutboxWorker(opts);
    workers.push(w);
    return w;
  };
  beforeEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('sends through the dev mailbox: an .eml per email and a .txt per text, named after the row; nothing twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-mailbox-'));
    const o = await fileClaim({ ServiceCompleteEmail: true, ServiceCompleteText: true, AgentPhoneNo: '813-555-0134' });
    expect(await enqueue(changeOf(o, 'Completed'))).toBe(2);
    const w = worker({ db: portal.db, transports: createTransports(transportEnv(dataDir), portal.db), now: clock().now });
    expect(await w.runOnce()).toEqual({ sent: 2, retried: 0, dead: 0 });

    const [email, sms] = await rowsOf(o.workOrderId);
    const files = readdirSync(mailboxDir(dataDir)).sort();
    const id6 = (id: string) => String(id).padStart(6, '0');
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-${id6(email!.id)}-email-agent@demo\\.test\\.eml$`));
    expect(files[1]).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-${id6(sms!.id)}-sms-\\+18135550134\\.txt$`));
    const eml = readFileSync(join(mailboxDir(dataDir), files[0]!), 'utf8');
    expect(eml).toContain('To: agent@demo.test');
    expect(eml).toContain('From: Agent Portal <no-reply@localhost>');
    expect(eml).toMatch(/^Subject: Referral \d+: Service complete \(work order WO\d+\)$/m);
    expect(eml).toContain(`Message-ID: <outbox-${email!.id}.`);
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Pat Morales');
    const txt = readFileSync(join(mailboxDir(dataDir), files[1]!), 'utf8');
    expect(txt).toContain('To: +18135550134');
    expect(txt).toContain(`referral ${o.referralNumber} (${o.workOrderId}), Pat Morales`);
    expect(txt).toContain(': Completed.');

    for (const r of await rowsOf(o.workOrderId)) {
      expect(r.status).toBe('sent');
      expect(r.attempts).toBe(1);
      expect(r.sent_at).not.toBeNull();
    }
    // Nothing due any more: a second run sends nothing, and no file is added.
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(readdirSync(mailboxDir(dataDir))).toHaveLength(2);
  });

  it('a failing SMS webhook is retried with growing delays and eventually sends once; nothing lost, nothing sent twice', async () => {
    const received: { key: string; auth: string; body: { to: string; body: string; reference: string } }[] = [];
    let failuresLeft = 3;
    const server: Server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ key: String(req.headers['idempotency-key']), auth: String(req.headers.authorization), body: JSON.parse(data) });
        if (failuresLeft-- > 0) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('try later');
        } else {
          res.writeHead(202).end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    try {
      const o = await fileClaim({ PolicyholderContactText: true, AgentPhoneNo: '813-555-0120' });
      expect(await enqueue(changeOf(o, 'Policyholder contacted'))).toBe(1);
      const c = clock();
      const transports = createTransports(transportEnv(mkdtempSync(join(tmpdir(), 'outbox-webhook-')), { SMS_WEBHOOK_URL: url, SMS_WEBHOOK_TOKEN: 'webhook-secret' }), portal.db);
      expect(transports.sms.kind).toBe('webhook');
      const w = worker({ db: portal.db, transports, now: c.now, config: { retryBaseMs: 30_000, retryMaxMs: 3_600_000, maxAttempts: 8 } });

      const delays: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 });
        const [row] = await rowsOf(o.workOrderId);
        expect(row!.status).toBe('pending');
        expect(row!.attempts).toBe(attempt);
        expect(row!.last_error).toBe('The SMS webhook answered HTTP 503: try later');
        const delay = new Date(row!.next_attempt_at).getTime() - c.now().getTime();
        // Equal jitter: between half and all of 30 s · 2^(attempt-1).
        expect(delay).toBeGreaterThanOrEqual(15_000 * 2 ** (attempt - 1));
        expect(delay).toBeLessThanOrEqual(30_000 * 2 ** (attempt - 1));
        delays.push(delay);
        // Not due yet: a run now sends nothing and calls nobody.
        c.advance(delay - 1);
        expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
        expect(received).toHaveLength(attempt);
        c.advance(1);
      }
      expect(delays[1]).toBeGreaterThanOrEqual(delays[0]!);
      expect(delays[2]).toBeGreaterThanOrEqual(delays[1]!);

      expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
      const [row] = await rowsOf(o.workOrderId);
      expect(row).toMatchObject({ status: 'sent', attempts: 4, last_error: 'The SMS webhook answered HTTP 503: try later' });
      c.advance(86_400_000);
      expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
      // Four requests, the same message and idempotency key each time.
      expect(received).toHaveLength(4);
      expect(new Set(received.map((r) => r.key))).toEqual(new Set([`outbox-${row!.id}`]));
      expect(received.every((r) => r.auth === 'Bearer webhook-secret' && r.body.to === '+18135550120' && r.body.body === row!.body_text)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('after the last attempt a row stays as dead with its error (kept, never claimed again)', async () => {
    const o = await fileClaim({ ServiceScheduledEmail: true });
    expect(await enqueue(changeOf(o, 'Scheduled'))).toBe(1);
    const c = clock();
    // An SMTP server that is not there: every attempt fails.
    const transports = { email: createSmtpTransport('smtp://127.0.0.1:1', 'Agent Portal <no-reply@localhost>'), sms: createMailboxSmsProvider(tmpdir()), crm: createCasesTableTransport(portal.db) };
    const w = worker({ db: portal.db, transports, now: c.now, config: { maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 1500 } });
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 });
    c.advance(1500);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 });
    // The cap: the second delay is at most retryMaxMs.
    const [second] = await rowsOf(o.workOrderId);
    expect(new Date(second!.next_attempt_at).getTime() - c.now().getTime()).toBeLessThanOrEqual(1500);
    c.advance(1500);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, dead: 1 });
    c.advance(86_400_000);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    const [row] = await rowsOf(o.workOrderId);
    expect(row).toMatchObject({ status: 'dead', attempts: 3, sent_at: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('two workers at once send each row exactly once (the atomic claim)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-two-'));
    const orders = [];
    for (let i = 0; i < 6; i++) {
      const o = await fileClaim({ ServiceCompleteEmail: true, ServiceCompleteText: true, AgentPhoneNo: `813-555-01${10 + i}` });
      expect(await enqueue(changeOf(o, 'Completed'))).toBe(2);
      orders.push(o);
    }
    const c = clock();
    const make = () => worker({ db: portal.db, transports: createTransports(transportEnv(dataDir), portal.db), now: c.now, config: { batchSize: 2 } });
    const results = await Promise.all([make().runOnce(), make().runOnce(), make().runOnce()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
    expect(readdirSync(mailboxDir(dataDir))).toHaveLength(12);
    for (const o of orders) for (const r of await rowsOf(o.workOrderId)) expect([r.status, r.attempts]).toEqual(['sent', 1]);
  });

  it('a claimed row whose worker died is claimed again after its lease; after the last attempt it is dead', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-lease-'));
    const a = await fileClaim({ ServiceScheduledEmail: true });
    const b = await fileClaim({ ServiceScheduledEmail: true });
    await enqueue(changeOf(a, 'Scheduled'));
    await enqueue(changeOf(b, 'Scheduled'));
    const c = clock();
    // As a worker that crashed would leave them: claimed, lease running out in a minute.
    const lease = new Date(c.now().getTime() + 60_000).toISOString();
    await portal.db.query(`UPDATE outbox SET status = 'sending', claim_token = 'crashed', locked_until = $2::timestamptz, attempts = 1 WHERE work_order_id = $1`, [a.workOrderId, lease]);
    await portal.db.query(`UPDATE outbox SET status = 'sending', claim_token = 'crashed', locked_until = $2::timestamptz, attempts = 2 WHERE work_order_id = $1`, [b.workOrderId, lease]);
    const w = worker({ db: portal.db, transports: createTransports(transportEnv(dataDir), portal.db), now: c.now, config: { maxAttempts: 2 } });
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    c.advance(60_000);
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, dead: 1 });
    expect((await rowsOf(a.workOrderId))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await rowsOf(b.workOrderId))[0]).toMatchObject({ status: 'dead', attempts: 2, last_error: 'the last attempt did not finish (lease expired)' });
  });

  it('started, it runs at once when a change is published on the bus (no poll needed), and stops cleanly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-bus-'));
    const w = worker({ db: portal.db, transports: createTransports(transportEnv(dataDir), portal.db), config: { pollMs: 3_600_000 } });
    w.start();
    // The first run at start finds nothing; then a change commits and is published.
    const o = await fileClaim({ PolicyholderContactEmail: true });
    await portal.db.transaction((tx) => enqueueStatusNotifications(tx, changeOf(o, 'Policyholder contacted')));
    await publishStatusChange(portal.db, changeOf(o, 'Policyholder contacted'));
    await vi.waitFor(async () => expect((await rowsOf(o.workOrderId))[0]!.status).toBe('sent'), { timeout: 10_000 });
    expect(readdirSync(mailboxDir(dataDir))).toHaveLength(1);
    await w.stop();
    // Stopped: a change published now is not sent by it.
    const p = await fileClaim({ PolicyholderContactEmail: true });
    await enqueue(changeOf(p, 'Policyholder contacted'));
    await publishStatusChange(portal.db, changeOf(p, 'Policyholder contacted'));
    expect((await rowsOf(p.workOrderId))[0]!.status).toBe('pending');
  });
});

describe('transports and backoff', () => {
  it('retry delays double from the base, are jittered between half and all, and are capped', () => {
    const cfg = { retryBaseMs: 1000, retryMaxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, cfg, () => 1))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, cfg, () => 0))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect(retryDelayMs(1000, cfg, () => 1)).toBe(10_000);
  });

  it('the configuration picks SMTP, Twilio or the webhook when set, else the mailbox; Twilio variables go together', () => {
    const dir = tmpdir();
    expect(Object.values(createTransports(transportEnv(dir), portal.db)).map((t) => t.kind)).toEqual(['mailbox', 'mailbox', 'cases-table']);
    const smtp = createTransports(transportEnv(dir, { SMTP_URL: 'smtp://user:pass@127.0.0.1:2525', SMS_WEBHOOK_URL: 'https://sms.example.com/send', CRM_CASE_URL: 'https://crm.example.com/cases' }), portal.db);
    expect([smtp.email.kind, smtp.sms.kind, smtp.crm.kind]).toEqual(['smtp', 'webhook', 'http']);
    smtp.email.close();
    const twilio = createTransports(transportEnv(dir, { TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+18135550000', SMS_WEBHOOK_URL: 'https://sms.example.com/send' }), portal.db);
    expect(twilio.sms.kind).toBe('twilio');
    expect(() => transportEnv(dir, { TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/go together/);
    expect(() => transportEnv(dir, { SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it("Twilio: the Messages API with basic auth and the form fields; an error answer is a failed attempt with Twilio's words", async () => {
    const seen: { path: string; auth: string; form: URLSearchParams }[] = [];
    let status = 201;
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', auth: String(req.headers.authorization), form: new URLSearchParams(data) });
        res.writeHead(status, { 'content-type': 'application/json' }).end(status === 201 ? '{"sid":"SM1"}' : '{"code":21211,"message":"Invalid To number"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const sms = createTwilioSmsProvider({ accountSid: 'AC123', authToken: 'tok', from: '+18135550000', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      await sms.send('+18135550134', 'hello', { id: 1, createdAt: new Date() });
      expect(seen[0]!.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(seen[0]!.auth).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
      expect(Object.fromEntries(seen[0]!.form)).toEqual({ To: '+18135550134', From: '+18135550000', Body: 'hello' });
      status = 400;
      await expect(sms.send('+1', 'x', { id: 2, createdAt: new Date() })).rejects.toThrow('Twilio answered HTTP 400: {"code":21211,"message":"Invalid To number"}');
    } finally {
      server.close();
    }
  });

  it('the webhook provider refuses a non-2xx answer', async () => {
    const sms = createWebhookSmsProvider({ url: 'http://127.0.0.1:1/none' });
    await expect(sms.send('+18135550134', 'x', { id: 3, createdAt: new Date() })).rejects.toThrow();
  });
});
