/**
 * Live chat with the Agency Care Desk (issue 18) against the real portal: real tokens from the embedded provider,
 * PGlite, the CareDesk calls over HTTP and the ChatEvents stream read as server-sent events; the transcript email
 * read from the dev mailbox and the web-to-case case from ce_cases, both delivered by the real outbox worker.
 *
 * Availability is driven by the real calls; "not seen for 60 s" is made by moving a staff member's last_seen_at
 * back in the database (no waiting).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, getUrl } from '../../src/lib/api/index.ts';
import { ChatEvents, CHAT_MESSAGE_MAX, type Chat, type ChatMessage, type ConsoleChat } from '../../src/lib/api/chat.ts';
import { readEventStream } from '../../src/lib/api/live.ts';
import { CHAT_MESSAGES } from '../../src/lib/chat-messages.ts';
import { EnvSchema, spanishOrigin } from '../../src/server/env.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { chatStreamCount, MAX_CHAT_STREAMS_PER_USER } from '../../src/server/routes/chat.ts';
import { chatFigures } from '../../src/server/services/chat/figures.ts';
import { anyoneAvailable, PRESENCE_WINDOW_SECONDS, signedOut, sweepAway } from '../../src/server/services/chat/staff.ts';
import { CHAT_MESSAGES_PER_MINUTE } from '../../src/server/services/chat/store.ts';
import { createOutboxWorker } from '../../src/server/services/outbox.ts';
import { createTransports, mailboxDir } from '../../src/server/services/transports/index.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

type Who = 'agent' | 'other' | 'internal' | 'ce' | 'plainAdmin';
const EMAILS: Record<Who, string> = {
  // Alex Rivera: Harbor Point (10045821, default) and Summit Ridge.
  agent: 'agent@demo.test',
  // Jamie Park: Summit Ridge (20077314, default) and Lakeshore: another agent, another default agency.
  other: 'multi@demo.test',
  // Staff by role.
  internal: 'internal@demo.test',
  // Staff by the care-desk group (the demo seed).
  ce: 'ce@demo.test',
  // An agency admin: an agent-side caller, not staff.
  plainAdmin: 'admin@demo.test',
};

let portal: RunningPortal;
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;

type Reply = Awaited<ReturnType<typeof callApi>>;
/** Calls a CareDesk call by name as someone (GET query or POST body), from the Spanish host when `es`. */
async function call(name: keyof typeof CALLS, who: Who, input: Record<string, unknown> = {}, opts: { es?: boolean } = {}): Promise<Reply> {
  const c = CALLS[name];
  const headers = opts.es ? { origin: spanishOrigin(portal.url) } : undefined;
  const base = { token: tokens[who], ...(headers ? { headers } : {}) };
  return c.method === 'GET' ? callApi(portal, getUrl(c, input), base) : callApi(portal, callPath(c), { ...base, body: { AppName: 'AgentPortal', ...input } });
}
/** The result of a call that must succeed. */
async function ok<T>(name: keyof typeof CALLS, who: Who, input: Record<string, unknown> = {}, opts: { es?: boolean } = {}): Promise<T> {
  const res = await call(name, who, input, opts);
  expect(res.status, `${name} as ${who}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json!.result as T;
}
const clientId = () => randomUUID().replaceAll('-', '');

/** One server-sent event. */
interface Sse {
  id: string | null;
  type: string;
  data: unknown;
}
/** An open ChatEvents stream: its events in order, read as they come. */
interface Stream {
  status: number;
  body: unknown;
  next(): Promise<Sse>;
  /** The next event of a type (skipping others, which are kept in `skipped`). */
  nextOf(type: string): Promise<Sse>;
  skipped: Sse[];
  close(): void;
}
const open: Stream[] = [];

/** Opens ChatEvents and waits for `ready`. */
async function openStream(who: Who, opts: { after?: number; lastEventId?: string } = {}): Promise<Stream> {
  const ctl = new AbortController();
  const q = opts.after === undefined ? '' : `?after=${opts.after}`;
  const res = await fetch(`${portal.url}${callPath(ChatEvents)}${q}`, {
    headers: { authorization: `Bearer ${tokens[who]}`, ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}) },
    signal: ctl.signal,
  });
  const queue: Sse[] = [];
  const waiting: ((e: Sse) => void)[] = [];
  const push = (e: Sse) => {
    const w = waiting.shift();
    if (w) w(e);
    else queue.push(e);
  };
  let body: unknown = null;
  if (res.status === 200) {
    void readEventStream(res.body!, (type, data, id) => push({ id: id ?? null, type, data: JSON.parse(data) })).catch(() => {
      /* aborted */
    });
  } else body = await res.json();
  const stream: Stream = {
    status: res.status,
    body,
    skipped: [],
    next: () => new Promise((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))),
    async nextOf(type) {
      for (;;) {
        const e = await stream.next();
        if (e.type === type) return e;
        stream.skipped.push(e);
      }
    },
    close: () => ctl.abort(),
  };
  open.push(stream);
  if (res.status === 200) expect((await stream.next()).type).toBe('ready');
  return stream;
}
const closeAll = () => {
  for (const s of open.splice(0)) s.close();
};

/** Runs the outbox once into a fresh mailbox; answers the mailbox's files' text. */
async function deliver(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-outbox-'));
  const worker = createOutboxWorker({ db: portal.db, transports: createTransports(EnvSchema.parse({ DATA_DIR: dataDir }), portal.db), config: { pollMs: 3_600_000 } });
  await worker.runOnce();
  await worker.stop();
  const dir = mailboxDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}
/** The text of an email file, quoted-printable soft breaks and escapes undone. */
const plain = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** Sets a staff member away and clears every chat: each test starts from nobody available and no open chat. */
async function reset() {
  closeAll();
  await portal.db.query("UPDATE chats SET status = 'Closed', closed_at = now() WHERE status <> 'Closed'");
  await portal.db.query('UPDATE care_desk_staff_status SET available = false');
}

beforeAll(async () => {
  portal = await startTestPortal();
  for (const who of Object.keys(EMAILS) as Who[]) {
    tokens[who] = (await signInForTokens(portal, EMAILS[who])).access_token;
    ids[who] = String(decodeJwt(tokens[who]).sub);
  }
}, 120_000);
afterEach(closeAll);
afterAll(async () => {
  closeAll();
  await portal?.close();
});

describe('availability', () => {
  it('is off until a staff member sets it; only staff may; every change is logged with who and why', async () => {
    await reset();
    expect(await ok('GetChatAvailability', 'agent')).toEqual({ available: false });
    const refused = await call('StartChat', 'agent', { page: '/dashboard' });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ isSuccess: false, message: CHAT_MESSAGES.notAvailable, code: 'chatNotAvailable' });

    for (const who of ['agent', 'plainAdmin'] as const) {
      const res = await call('SetCareDeskAvailability', who, { available: true });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ message: CHAT_MESSAGES.notStaff, code: 'chatNotStaff' });
    }
    const logBefore = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM care_desk_availability_log');
    expect(await ok('SetCareDeskAvailability', 'ce', { available: true })).toEqual({ available: true });
    expect(await ok('GetChatAvailability', 'agent')).toEqual({ available: true });
    // The same value again is no change: not logged again.
    await ok('SetCareDeskAvailability', 'ce', { available: true });
    const log = await portal.db.query<{ user_id: string; available: boolean; reason: string; changed_by: string }>(
      'SELECT user_id, available, reason, changed_by FROM care_desk_availability_log ORDER BY id DESC LIMIT 1',
    );
    expect(log).toEqual([{ user_id: ids.ce, available: true, reason: 'set', changed_by: ids.ce }]);
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM care_desk_availability_log'))[0]!.n).toBe(logBefore[0]!.n + 1);

    // Away: logged, off.
    await ok('SetCareDeskAvailability', 'ce', { available: false });
    expect(await ok('GetChatAvailability', 'agent')).toEqual({ available: false });
    expect((await portal.db.query('SELECT available, reason FROM care_desk_availability_log ORDER BY id DESC LIMIT 1'))[0]).toEqual({ available: false, reason: 'set' });
  });

  it('lasts only while the staff member is seen: not seen for 60 s → off at once, then set away and logged by the sweep', async () => {
    await reset();
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    expect(await ok('GetChatAvailability', 'agent')).toEqual({ available: true });
    await portal.db.query(`UPDATE care_desk_staff_status SET last_seen_at = now() - make_interval(secs => ${PRESENCE_WINDOW_SECONDS + 1}) WHERE user_id = $1`, [ids.internal]);
    // The rule itself (GetChatAvailability reuses its answer for a second in a process; the sweep's change clears it).
    expect(await anyoneAvailable(portal.db)).toBe(false);
    expect(await sweepAway(portal.db)).toEqual([ids.internal]);
    expect(await ok('GetChatAvailability', 'agent')).toEqual({ available: false });
    expect((await portal.db.query('SELECT user_id, available, reason, changed_by FROM care_desk_availability_log ORDER BY id DESC LIMIT 1'))[0]).toEqual({
      user_id: ids.internal,
      available: false,
      reason: 'console-gone',
      changed_by: null,
    });
    // Nothing more to sweep.
    expect(await sweepAway(portal.db)).toEqual([]);
  });

  it('an open console stream keeps its staff member seen; an agent stream hears the button change', async () => {
    await reset();
    const agentStream = await openStream('agent');
    expect((await agentStream.nextOf('availability')).data).toEqual({ available: false });
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    expect((await agentStream.nextOf('availability')).data).toEqual({ available: true });
    await portal.db.query(`UPDATE care_desk_staff_status SET last_seen_at = now() - make_interval(secs => ${PRESENCE_WINDOW_SECONDS + 1}) WHERE user_id = $1`, [ids.internal]);
    // Opening the console says the staff member is there again.
    const console = await openStream('internal');
    expect((await console.nextOf('availability')).data).toEqual({ available: true });
    expect(await ok('GetChatAvailability', 'agent')).toEqual({ available: true });
    expect(await sweepAway(portal.db)).toEqual([]);
    // Signing out: away at once, logged.
    await signedOut(portal.db, ids.internal);
    expect((await agentStream.nextOf('availability')).data).toEqual({ available: false });
    expect((await portal.db.query('SELECT available, reason FROM care_desk_availability_log ORDER BY id DESC LIMIT 1'))[0]).toEqual({ available: false, reason: 'signed-out' });
  });

  it('the care-desk group: internal admins give and take it; a member who leaves is set away (logged); others get 403', async () => {
    await reset();
    expect((await call('SetCareDeskMember', 'ce', { userId: ids.agent, member: true })).status).toBe(403);
    await ok('SetCareDeskAvailability', 'ce', { available: true });
    expect(await ok('SetCareDeskMember', 'internal', { userId: ids.ce, member: false })).toEqual({ userId: ids.ce, member: false });
    expect((await portal.db.query('SELECT available, reason, changed_by FROM care_desk_availability_log ORDER BY id DESC LIMIT 1'))[0]).toEqual({
      available: false,
      reason: 'removed',
      changed_by: ids.internal,
    });
    expect((await call('GetCareDeskConsole', 'ce')).status).toBe(403);
    expect(await ok('SetCareDeskMember', 'internal', { userId: ids.ce, member: true })).toEqual({ userId: ids.ce, member: true });
    expect((await call('GetCareDeskConsole', 'ce')).status).toBe(200);
    expect((await call('SetCareDeskMember', 'internal', { userId: 'no-such-user', member: true })).status).toBe(404);
  });
});

describe('a chat from start to close', () => {
  it('agent starts, staff accept (first wins), messages both ways on the streams, typing, unread, transfer, close with transcript', async () => {
    await reset();
    const staffStream = await openStream('internal');
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    const agentStream = await openStream('agent');

    const first = clientId();
    const chat = await ok<Chat>('StartChat', 'agent', { page: '/dashboard/work-orders', text: 'Hello, I need help with a claim', clientId: first });
    expect(chat).toMatchObject({ status: 'Waiting', agentName: 'Alex Rivera', agencyNumber: '10045821', page: '/dashboard/work-orders', staffName: null });
    expect(chat.messages).toMatchObject([{ from: 'agent', author: 'Alex', text: 'Hello, I need help with a claim', clientId: first }]);
    // Started again: the open chat, not a second one.
    expect((await ok<Chat>('StartChat', 'agent', { page: '/dashboard' })).id).toBe(chat.id);

    // The staff stream's queue shows it, with the agent's context.
    let queue: ConsoleChat[];
    do queue = (await staffStream.nextOf('queue')).data as ConsoleChat[];
    while (!queue.some((q) => q.chat.id === chat.id));
    expect(queue.find((q) => q.chat.id === chat.id)).toMatchObject({ agentEmail: 'agent@demo.test', chat: { agencyName: expect.any(String), status: 'Waiting' } });

    // The console lists it; the staff member accepts; a second staff member is too late.
    const consoleBefore = await ok<{ waiting: ConsoleChat[]; staff: { userId: string; available: boolean }[]; cannedAnswers: unknown[] }>('GetCareDeskConsole', 'internal');
    expect(consoleBefore.waiting.map((w) => w.chat.id)).toContain(chat.id);
    expect(consoleBefore.staff).toEqual(expect.arrayContaining([expect.objectContaining({ userId: ids.internal, available: true }), expect.objectContaining({ userId: ids.ce })]));
    expect(consoleBefore.cannedAnswers.length).toBeGreaterThanOrEqual(3);
    expect((await call('SendChatMessage', 'internal', { chatId: chat.id, text: 'Hi', clientId: clientId() })).json).toMatchObject({ code: 'chatAcceptFirst' });
    const accepted = await ok<ConsoleChat>('AcceptChat', 'internal', { chatId: chat.id });
    expect(accepted.chat).toMatchObject({ status: 'Active', staffName: 'Jordan' });
    const late = await call('AcceptChat', 'ce', { chatId: chat.id });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ message: CHAT_MESSAGES.alreadyAccepted });

    // The agent hears it: the chat's new status, then the system line.
    const changed = await agentStream.nextOf('chat');
    expect(changed.data).toMatchObject({ id: chat.id, status: 'Active', staffName: 'Jordan' });
    expect(Number(changed.id)).toBeGreaterThan(chat.lastEventId);
    expect((await agentStream.nextOf('message')).data).toMatchObject({ from: 'system', text: 'Jordan joined the chat.' });

    // Both ways.
    const staffMsg = await ok<ChatMessage>('SendChatMessage', 'internal', { chatId: chat.id, text: 'Hi Alex, how can I help?', clientId: clientId() });
    const got = await agentStream.nextOf('message');
    expect(got.data).toEqual(staffMsg);
    expect(got.id).toBe(String(staffMsg.id));
    const agentMsg = await ok<ChatMessage>('SendChatMessage', 'agent', { chatId: chat.id, text: 'Referral 2612345 is stuck', clientId: clientId() });
    // The staff stream also carries the chat's earlier events once the chat is theirs (each id once): up to this one.
    let seen;
    do seen = await staffStream.nextOf('message');
    while (seen.id !== String(agentMsg.id));
    expect(seen.data).toEqual(agentMsg);

    // Typing reaches the other side only.
    await ok('SetChatTyping', 'agent', { chatId: chat.id, typing: true });
    expect((await staffStream.nextOf('typing')).data).toEqual({ chatId: chat.id, from: 'agent', typing: true });

    // Unread: the agent has the system line and the staff message unread; reading clears them.
    expect((await ok<Chat>('GetMyChat', 'agent'))!.unread).toBe(2);
    await ok('MarkChatRead', 'agent', { chatId: chat.id, upTo: staffMsg.id });
    expect((await ok<Chat>('GetMyChat', 'agent'))!.unread).toBe(0);
    // A read mark never goes back.
    await ok('MarkChatRead', 'agent', { chatId: chat.id, upTo: 1 });
    expect((await ok<Chat>('GetMyChat', 'agent'))!.unread).toBe(0);

    // Transfer: only to available staff; the new holder's stream hears it, the old one sees the chat leave.
    const refused = await call('TransferChat', 'internal', { chatId: chat.id, toUserId: ids.ce });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ message: CHAT_MESSAGES.transferTarget });
    await ok('SetCareDeskAvailability', 'ce', { available: true });
    const ceStream = await openStream('ce');
    await ok<ConsoleChat>('TransferChat', 'internal', { chatId: chat.id, toUserId: ids.ce });
    expect((await ceStream.nextOf('chat')).data).toMatchObject({ id: chat.id, staffName: 'Casey' });
    expect((await staffStream.nextOf('chat')).data).toMatchObject({ id: chat.id, staffName: 'Casey' });
    // (The agent's stream also carries the agent's own messages: their other tabs show them.)
    let line;
    do line = (await agentStream.nextOf('message')).data as ChatMessage;
    while (line.from !== 'system');
    expect(line).toMatchObject({ from: 'system', text: 'Jordan passed the chat to Casey.' });
    const notYours = await call('SendChatMessage', 'internal', { chatId: chat.id, text: 'Still me?', clientId: clientId() });
    expect(notYours.status).toBe(403);
    expect(notYours.json).toMatchObject({ message: CHAT_MESSAGES.notYourChat });
    expect((await ok<{ mine: ConsoleChat[] }>('GetCareDeskConsole', 'ce')).mine.map((m) => m.chat.id)).toEqual([chat.id]);
    await ok<ChatMessage>('SendChatMessage', 'ce', { chatId: chat.id, text: 'Casey here, I see referral 2612345.', clientId: clientId() });

    // The agent closes and asks for the transcript: both sides hear it; the email reaches the mailbox.
    const closed = await ok<Chat>('CloseChat', 'agent', { chatId: chat.id, emailTranscript: true });
    expect(closed).toMatchObject({ status: 'Closed', closedAt: expect.any(String) });
    expect((await ceStream.nextOf('chat')).data).toMatchObject({ id: chat.id, status: 'Closed' });
    expect((await ceStream.nextOf('message')).data).toMatchObject({ from: 'system', text: 'Alex closed the chat.' });
    expect(await ok('GetMyChat', 'agent')).toBeNull();
    expect((await call('SendChatMessage', 'agent', { chatId: chat.id, text: 'one more', clientId: clientId() })).json).toMatchObject({ code: 'chatClosed' });
    // Closing again answers the closed chat (no second email).
    expect((await ok<Chat>('CloseChat', 'agent', { chatId: chat.id, emailTranscript: true })).status).toBe('Closed');

    const mails = (await deliver()).map(plain).filter((m) => m.includes('Your chat with the Agency Care Desk'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatch(/^To: agent@demo\.test/m);
    for (const line of ['Hello Alex,', 'Alex: Hello, I need help with a claim', 'Jordan: Hi Alex, how can I help?', 'Casey: Casey here, I see referral 2612345.', 'Jordan passed the chat to Casey.', 'Alex closed the chat.']) {
      expect(mail).toContain(line);
    }
    expect(mail).toMatch(/\[\d\d:\d\d\] Alex: Referral 2612345 is stuck/);
  });

  it('a chat from the Spanish host speaks Spanish: system lines and the transcript', async () => {
    await reset();
    await ok('SetCareDeskAvailability', 'ce', { available: true });
    const chat = await ok<Chat>('StartChat', 'other', { page: '/dashboard', text: 'Hola', clientId: clientId() }, { es: true });
    expect(chat.agencyNumber).toBe('20077314');
    await ok('AcceptChat', 'ce', { chatId: chat.id });
    await ok('CloseChat', 'ce', { chatId: chat.id, emailTranscript: true });
    expect((await call('AcceptChat', 'ce', { chatId: chat.id })).status).toBe(409);
    const lines = (await portal.db.query<{ body: string }>("SELECT body FROM chat_events WHERE chat_id = $1 AND kind = 'system' ORDER BY id", [chat.id])).map((r) => r.body);
    expect(lines).toEqual(['Casey se unió al chat.', 'Casey cerró el chat.']);
    const mail = (await deliver()).map(plain).find((m) => m.includes('multi@demo.test'));
    expect(mail).toContain('Esta es la transcripción de su chat con Atención a Agencias');
    expect(mail).toContain('Jamie: Hola');
  });
});

describe('stored events: resume and duplicates', () => {
  it('a stream opened after id N replays exactly the events after N the caller may see, then live ones (after= or Last-Event-ID)', async () => {
    await reset();
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    const chat = await ok<Chat>('StartChat', 'agent', { page: '/dashboard', text: 'one', clientId: clientId() });
    await ok('AcceptChat', 'internal', { chatId: chat.id });
    // Another agent's chat, meanwhile: never on this agent's stream.
    await ok('SetCareDeskAvailability', 'ce', { available: true });
    const otherChat = await ok<Chat>('StartChat', 'other', { page: '/dashboard', text: 'not yours', clientId: clientId() });
    const sent: ChatMessage[] = [];
    for (const text of ['two', 'three', 'four']) sent.push(await ok<ChatMessage>('SendChatMessage', 'agent', { chatId: chat.id, text, clientId: clientId() }));
    await ok('SendChatMessage', 'other', { chatId: otherChat.id, text: 'still not yours', clientId: clientId() });
    const n = sent[0]!.id;
    const expected = (await portal.db.query<{ id: string }>('SELECT id FROM chat_events WHERE chat_id = $1 AND id > $2 ORDER BY id', [chat.id, n])).map((r) => String(r.id));
    expect(expected).toHaveLength(2);

    for (const opts of [{ after: n }, { lastEventId: String(n) }, { after: 0, lastEventId: String(n) }]) {
      const s = await openStream('agent', opts);
      const got: string[] = [];
      while (got.length < expected.length) {
        const e = await s.next();
        if (e.id !== null) got.push(e.id);
      }
      expect(got).toEqual(expected);
      // Then live: the next one, once.
      const live = await ok<ChatMessage>('SendChatMessage', 'internal', { chatId: chat.id, text: `live ${JSON.stringify(opts)}`, clientId: clientId() });
      const e = await s.nextOf('message');
      expect(e.id).toBe(String(live.id));
      expected.push(String(live.id));
      s.close();
    }
    // The other agent's events never reached this agent's streams.
    const otherIds = (await portal.db.query<{ id: string }>('SELECT id FROM chat_events WHERE chat_id = $1', [otherChat.id])).map((r) => String(r.id));
    for (const s of open) expect([...s.skipped.map((e) => e.id)].filter((id) => id && otherIds.includes(id))).toEqual([]);
  });

  it('a resent message (same clientId) is stored once and answered with the first one', async () => {
    await reset();
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    const chat = await ok<Chat>('StartChat', 'agent', { page: '/dashboard' });
    const id = clientId();
    const a = await ok<ChatMessage>('SendChatMessage', 'agent', { chatId: chat.id, text: 'Only once', clientId: id });
    const b = await ok<ChatMessage>('SendChatMessage', 'agent', { chatId: chat.id, text: 'Only once', clientId: id });
    expect(b).toEqual(a);
    const [c, d] = await Promise.all([
      call('SendChatMessage', 'agent', { chatId: chat.id, text: 'Twice at once', clientId: 'same-id-at-once' }),
      call('SendChatMessage', 'agent', { chatId: chat.id, text: 'Twice at once', clientId: 'same-id-at-once' }),
    ]);
    expect(c.json!.result).toEqual(d.json!.result);
    expect((await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_events WHERE chat_id = $1 AND kind = 'message'", [chat.id]))[0]!.n).toBe(2);
    // The same clientId from the staff side is another message.
    await ok('AcceptChat', 'internal', { chatId: chat.id });
    expect((await ok<ChatMessage>('SendChatMessage', 'internal', { chatId: chat.id, text: 'Mine', clientId: id })).id).not.toBe(a.id);
  });
});

describe('object level: an agent reads and writes only their own chats', () => {
  it("another agent's chat id is unknown (404) to every call; GetMyChat is one's own", async () => {
    await reset();
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    const chat = await ok<Chat>('StartChat', 'agent', { page: '/dashboard', text: 'private', clientId: clientId() });
    expect(await ok('GetMyChat', 'other')).toBeNull();
    for (const [name, input] of [
      ['SendChatMessage', { chatId: chat.id, text: 'x', clientId: clientId() }],
      ['SetChatTyping', { chatId: chat.id, typing: true }],
      ['MarkChatRead', { chatId: chat.id, upTo: 1 }],
      ['CloseChat', { chatId: chat.id, emailTranscript: true }],
      ['CreateChatCase', { subject: 'x', description: 'y', chatId: chat.id }],
    ] as const) {
      for (const who of ['other', 'plainAdmin'] as const) {
        const res = await call(name, who, input);
        expect(res.status, `${name} as ${who}`).toBe(404);
        expect(res.json).toMatchObject({ isSuccess: false, message: CHAT_MESSAGES.chatNotFound, result: null });
      }
    }
    expect((await ok<Chat>('GetMyChat', 'agent'))!.status).toBe('Waiting');
    // An agent cannot use the console.
    for (const name of ['GetCareDeskConsole', 'AcceptChat'] as const) expect((await call(name, 'agent', name === 'AcceptChat' ? { chatId: chat.id } : {})).status).toBe(403);
    // Staff cannot start a chat (agents' call).
    expect((await call('StartChat', 'internal', { page: '/dashboard' })).status).toBe(403);
    // An agency not the agent's.
    await ok('CloseChat', 'agent', { chatId: chat.id, emailTranscript: false });
    expect((await call('StartChat', 'agent', { page: '/dashboard', agencyNumber: '30012967' })).status).toBe(403);
  });
});

describe('web-to-case', () => {
  it('lands in ce_cases through the outbox with the conversation so far; the CE case list still works', async () => {
    await reset();
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    const chat = await ok<Chat>('StartChat', 'agent', { page: '/dashboard/start-claim', text: 'My claim will not submit', clientId: clientId() });
    await ok('AcceptChat', 'internal', { chatId: chat.id });
    await ok('SendChatMessage', 'internal', { chatId: chat.id, text: 'Let me open a case for you.', clientId: clientId() });
    const { caseId } = await ok<{ caseId: number }>('CreateChatCase', 'agent', { subject: 'Claim will not submit', description: 'The submit button spins', chatId: chat.id });
    // Without a chat (nobody available).
    await ok('CreateChatCase', 'other', { subject: 'Question about billing', description: 'Nobody was there' });
    await deliver();
    const [row] = await portal.db.query<{ subject: string; course_id: number | null; status: string; fields: Record<string, unknown> }>(
      'SELECT subject, course_id, status, fields FROM ce_cases WHERE outbox_id = $1',
      [caseId],
    );
    expect(row).toMatchObject({ subject: 'Chat case: Claim will not submit', course_id: null, status: 'New' });
    expect(row!.fields).toMatchObject({ Type: 'Care desk chat', Subject: 'Claim will not submit', Description: 'The submit button spins', Email: 'agent@demo.test', AgencyNumber: '10045821', ChatID: chat.id, Page: '/dashboard/start-claim' });
    expect(row!.fields.Conversation).toMatch(/Alex: My claim will not submit[\s\S]*Jordan joined the chat\.[\s\S]*Jordan: Let me open a case for you\./);
    const plainCase = await portal.db.query<{ fields: Record<string, unknown> }>("SELECT fields FROM ce_cases WHERE subject = 'Chat case: Question about billing'");
    expect(plainCase[0]!.fields).toMatchObject({ ChatID: null, Conversation: null, AgencyNumber: '20077314' });

    // The CE admins' list shows these cases (no course).
    const ceToken = tokens.ce;
    const list = await callApi(portal, 'CECourses/GetCECases?status=New', { token: ceToken });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json!.result)).toContain('Chat case: Claim will not submit');
  });
});

describe('limits', () => {
  it('message length, the per-minute rate (429 in both languages) and the stream cap', async () => {
    await reset();
    await ok('SetCareDeskAvailability', 'internal', { available: true });
    const chat = await ok<Chat>('StartChat', 'other', { page: '/dashboard' });
    const long = await call('SendChatMessage', 'other', { chatId: chat.id, text: 'x'.repeat(CHAT_MESSAGE_MAX + 1), clientId: clientId() });
    expect(long.status).toBe(400);
    await ok('SendChatMessage', 'other', { chatId: chat.id, text: 'x'.repeat(CHAT_MESSAGE_MAX), clientId: clientId() });
    const [sentRow] = await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM chat_events WHERE author_user_id = $1 AND kind = 'message' AND created_at > now() - interval '1 minute'", [ids.other]);
    for (let i = sentRow!.n; i < CHAT_MESSAGES_PER_MINUTE; i++) await ok('SendChatMessage', 'other', { chatId: chat.id, text: `m${i}`, clientId: clientId() });
    const limited = await call('SendChatMessage', 'other', { chatId: chat.id, text: 'too many', clientId: clientId() });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ message: CHAT_MESSAGES.tooManyMessages, code: 'chatTooManyMessages' });
    const es = await import('../../src/lib/i18n/es/messages.ts');
    expect(es.default.chatTooManyMessages).toMatch(/demasiado rápido/);

    const streams: Stream[] = [];
    for (let i = 0; i < MAX_CHAT_STREAMS_PER_USER; i++) streams.push(await openStream('other'));
    const extra = await openStream('other');
    expect(extra.status).toBe(429);
    expect(extra.body).toMatchObject({ message: CHAT_MESSAGES.tooManyStreams });
    const count = chatStreamCount();
    streams[0]!.close();
    while (chatStreamCount() >= count) await new Promise((r) => setImmediate(r));
    expect((await openStream('other')).status).toBe(200);
  });

  it('the stream refuses bad queries (400) and missing tokens (401), with headers for proxies on success', async () => {
    expect((await fetch(`${portal.url}${callPath(ChatEvents)}?after=-1`, { headers: { authorization: `Bearer ${tokens.agent}` } })).status).toBe(400);
    expect((await fetch(`${portal.url}${callPath(ChatEvents)}?nope=1`, { headers: { authorization: `Bearer ${tokens.agent}` } })).status).toBe(400);
    const anon = await fetch(`${portal.url}${callPath(ChatEvents)}`);
    expect(anon.status).toBe(401);
    const ctl = new AbortController();
    const res = await fetch(`${portal.url}${callPath(ChatEvents)}`, { headers: { authorization: `Bearer ${tokens.agent}` }, signal: ctl.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toBe('no-store');
    ctl.abort();
  });
});

describe('chat figures (analytics)', () => {
  it('chats per day, answered vs missed, median and p90 wait', async () => {
    const day = (d: string, h: number, waitS: number | null, closedUnanswered = false) =>
      portal.db.query(
        `INSERT INTO chats (agent_user_id, page, status, created_at, accepted_at, closed_at)
         VALUES ($1, '/x', $2, $3::timestamptz, CASE WHEN $4::int IS NULL THEN NULL ELSE $3::timestamptz + make_interval(secs => $4::int) END, $5::timestamptz)`,
        [ids.plainAdmin, waitS !== null || closedUnanswered ? 'Closed' : 'Waiting', `${d}T${String(h).padStart(2, '0')}:00:00Z`, waitS, waitS !== null || closedUnanswered ? `${d}T23:00:00Z` : null],
      );
    // 2020-03-01: waits 10, 20, 30, 40 s and one missed; 2020-03-02: wait 100 s and one missed.
    for (const [i, w] of [10, 20, 30, 40].entries()) await day('2020-03-01', i + 1, w);
    await day('2020-03-01', 9, null, true);
    await day('2020-03-02', 1, 100);
    await day('2020-03-02', 2, null, true);
    const f = await chatFigures(portal.db, { from: new Date('2020-03-01T00:00:00Z'), to: new Date('2020-03-03T00:00:00Z') });
    expect(f.days).toEqual([
      { day: '2020-03-01', chats: 5, answered: 4, missed: 1 },
      { day: '2020-03-02', chats: 2, answered: 1, missed: 1 },
    ]);
    expect(f).toMatchObject({ chats: 7, answered: 5, missed: 2, medianWaitSeconds: 30, p90WaitSeconds: 76 });
    expect(await chatFigures(portal.db, { from: new Date('2019-01-01T00:00:00Z'), to: new Date('2019-01-02T00:00:00Z') })).toEqual({
      days: [],
      chats: 0,
      answered: 0,
      missed: 0,
      medianWaitSeconds: null,
      p90WaitSeconds: null,
    });
  });
});
