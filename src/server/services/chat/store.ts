/**
 * Chats and their stored events (issue 18, docs/decisions/035-live-chat.md).
 *
 * Every message, system line and status change is a row of chat_events; its global id orders a stream's replay and
 * resume. Rows are written under one transaction-level advisory lock, so ids become visible in order: a stream that
 * has read up to id N never later finds a smaller id commit (which it would skip). A message carries the browser's
 * clientId: (chat, author, clientId) is unique, so a resent message is stored once and answered with the first row.
 *
 * Who may do what: an agent acts on their own chats only (another's id is answered as unknown, 404); staff act on
 * the chats they hold (accepted, or transferred to them): a waiting chat must be accepted first (409), another's is
 * refused (403). Notices go on the chat bus after the change committed.
 */
import { CHAT_MESSAGES } from '../../../lib/chat-messages.ts';
import type { Chat, ChatMessage, ChatStatus, ChatUpdate, ConsoleChat } from '../../../lib/api/chat.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { translatorFor } from '../../../lib/i18n/all.ts';
import { CE_MESSAGES } from '../../../lib/ce-messages.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import type { UserRow } from '../users.ts';
import { chatBus } from './bus.ts';
import { anyoneAvailable, isAvailable, isStaff } from './staff.ts';

/** Messages one user may send per minute (SendChatMessage, StartChat's first message). */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** The advisory lock that orders chat event ids (any constant of our own). */
const EVENT_LOCK = 18_024;

/** A row of chats with the names the replies show. */
interface ChatRow {
  id: number;
  agent_user_id: string;
  agency_number: string | null;
  agency_name: string | null;
  page: string;
  lang: Lang;
  status: ChatStatus;
  staff_user_id: string | null;
  staff_first_name: string | null;
  agent_first_name: string;
  agent_last_name: string;
  agent_email: string;
  created_at: Date | string;
  accepted_at: Date | string | null;
  closed_at: Date | string | null;
}
const CHAT_SELECT = `SELECT c.id, c.agent_user_id, c.agency_number, a.agency_name, c.page, c.lang, c.status, c.staff_user_id,
       s.first_name AS staff_first_name, u.first_name AS agent_first_name, u.last_name AS agent_last_name, u.email AS agent_email,
       c.created_at, c.accepted_at, c.closed_at
  FROM chats c JOIN users u ON u.id = c.agent_user_id LEFT JOIN users s ON s.id = c.staff_user_id
  LEFT JOIN agencies a ON a.agency_number = c.agency_number`;

/** A row of chat_events. */
export interface EventRow {
  id: string | number;
  chat_id: number;
  kind: 'message' | 'system' | 'status';
  author_side: 'agent' | 'staff' | 'system';
  author_user_id: string | null;
  author_name: string;
  body: string;
  client_id: string | null;
  created_at: Date | string;
}
const EVENT_COLUMNS = 'e.id, e.chat_id, e.kind, e.author_side, e.author_user_id, e.author_name, e.body, e.client_id, e.created_at';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** A stored message or system line as the contract carries it. */
export const messageOf = (e: EventRow): ChatMessage => ({
  id: Number(e.id),
  chatId: e.chat_id,
  from: e.author_side,
  author: e.author_name,
  text: e.body,
  clientId: e.client_id,
  at: iso(e.created_at),
});

async function chatRow(db: Queryable, chatId: number, lock = false): Promise<ChatRow | undefined> {
  if (lock) await db.query('SELECT id FROM chats WHERE id = $1 FOR UPDATE', [chatId]);
  const [row] = await db.query<ChatRow>(`${CHAT_SELECT} WHERE c.id = $1`, [chatId]);
  return row;
}

/** The chat without messages, as `viewerId` sees it (their unread count), with its newest event id. */
async function updateOf(db: Queryable, row: ChatRow, viewerId: string): Promise<ChatUpdate> {
  const [counts] = await db.query<{ last: string | number | null; unread: number }>(
    `SELECT max(e.id) AS last,
            count(*) FILTER (WHERE e.kind <> 'status' AND e.author_user_id IS DISTINCT FROM $2
                               AND e.id > coalesce((SELECT up_to FROM chat_read_marks WHERE chat_id = $1 AND user_id = $2), 0))::int AS unread
       FROM chat_events e WHERE e.chat_id = $1`,
    [row.id, viewerId],
  );
  return {
    id: row.id,
    status: row.status,
    agentName: `${row.agent_first_name} ${row.agent_last_name}`.trim(),
    agencyNumber: row.agency_number,
    agencyName: row.agency_name,
    page: row.page,
    staffName: row.staff_first_name,
    unread: Number(counts?.unread ?? 0),
    createdAt: iso(row.created_at),
    acceptedAt: isoOrNull(row.accepted_at),
    closedAt: isoOrNull(row.closed_at),
    lastEventId: Number(counts?.last ?? 0),
  };
}

/** The chat with its messages, as `viewerId` sees it. */
async function chatOf(db: Queryable, row: ChatRow, viewerId: string): Promise<Chat> {
  // The summary first: its lastEventId is then never newer than the messages read after it.
  const update = await updateOf(db, row, viewerId);
  const events = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM chat_events e WHERE e.chat_id = $1 AND e.kind <> 'status' AND e.id <= $2 ORDER BY e.id`, [
    row.id,
    update.lastEventId,
  ]);
  return { ...update, messages: events.map(messageOf) };
}

/** The chat as `viewerId` sees it now (null when it does not exist). */
export async function chatFor(db: Queryable, chatId: number, viewerId: string): Promise<Chat | null> {
  const row = await chatRow(db, chatId);
  return row ? chatOf(db, row, viewerId) : null;
}

/** The chat without messages as `viewerId` sees it now (the stream's `chat` event). */
export async function chatUpdateFor(db: Queryable, chatId: number, viewerId: string): Promise<ChatUpdate | null> {
  const row = await chatRow(db, chatId);
  return row ? updateOf(db, row, viewerId) : null;
}

/** The agent's context in the console: email, active work orders, wait. */
async function consoleChatOf(db: Queryable, row: ChatRow, viewerId: string): Promise<ConsoleChat> {
  const chat = await chatOf(db, row, viewerId);
  const orders = await db.query<{ referral_number: string; status: string; vehicle: string }>(
    `SELECT w.referral_number, w.status, r.vehicle FROM work_orders w JOIN referrals r ON r.referral_number = w.referral_number
      WHERE r.user_id = $1 AND w.status NOT IN ('Completed', 'Survey complete', 'Cancelled', 'Failed')
      ORDER BY w.updated_at DESC LIMIT 20`,
    [row.agent_user_id],
  );
  const until = row.accepted_at ? new Date(row.accepted_at) : row.closed_at ? new Date(row.closed_at) : new Date();
  return {
    chat,
    agentEmail: row.agent_email,
    activeWorkOrders: orders.map((o) => ({ referralNumber: o.referral_number, status: o.status, vehicle: o.vehicle })),
    waitSeconds: Math.max(0, Math.round((until.getTime() - new Date(row.created_at).getTime()) / 1000)),
  };
}

/** The console's view of one chat (the reply of AcceptChat and TransferChat). */
export async function consoleChatFor(db: Queryable, chatId: number, viewerId: string): Promise<ConsoleChat> {
  const row = await chatRow(db, chatId);
  if (!row) throw new HttpError(404, CHAT_MESSAGES.chatNotFound);
  return consoleChatOf(db, row, viewerId);
}

/** The waiting chats, oldest first (the console's queue and the `queue` event). */
export async function waitingQueue(db: Queryable, viewerId: string): Promise<ConsoleChat[]> {
  const rows = await db.query<ChatRow>(`${CHAT_SELECT} WHERE c.status = 'Waiting' ORDER BY c.created_at, c.id LIMIT 200`);
  return Promise.all(rows.map((r) => consoleChatOf(db, r, viewerId)));
}

/** The chats a staff member holds. */
export async function heldChats(db: Queryable, staffId: string): Promise<ConsoleChat[]> {
  const rows = await db.query<ChatRow>(`${CHAT_SELECT} WHERE c.status = 'Active' AND c.staff_user_id = $1 ORDER BY c.accepted_at, c.id`, [staffId]);
  return Promise.all(rows.map((r) => consoleChatOf(db, r, staffId)));
}

/** The newest event id of all chats (a reply that lists several chats reflects the events up to it). */
export async function newestEventId(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: string | number | null }>('SELECT max(id) AS id FROM chat_events');
  return Number(row?.id ?? 0);
}

/** The agent's open chat (Waiting or Active), or null. */
export async function myOpenChat(db: Queryable, user: UserRow): Promise<Chat | null> {
  const [row] = await db.query<ChatRow>(`${CHAT_SELECT} WHERE c.agent_user_id = $1 AND c.status <> 'Closed'`, [user.id]);
  return row ? chatOf(db, row, user.id) : null;
}

/** Appends one event (under the ordering lock: call inside a transaction). */
async function appendEvent(
  tx: Queryable,
  e: { chatId: number; kind: EventRow['kind']; side: EventRow['author_side']; userId: string | null; name: string; body: string; clientId?: string | null },
): Promise<EventRow | undefined> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [EVENT_LOCK]);
  const [row] = await tx.query<EventRow>(
    `INSERT INTO chat_events AS e (chat_id, kind, author_side, author_user_id, author_name, body, client_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (chat_id, author_user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
     RETURNING ${EVENT_COLUMNS}`,
    [e.chatId, e.kind, e.side, e.userId, e.name, e.body, e.clientId ?? null],
  );
  return row;
}

/** The message a user already sent with this clientId in this chat, if any. */
async function sentBefore(db: Queryable, chatId: number, userId: string, clientId: string): Promise<EventRow | undefined> {
  const [row] = await db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM chat_events e WHERE e.chat_id = $1 AND e.author_user_id = $2 AND e.client_id = $3`, [
    chatId,
    userId,
    clientId,
  ]);
  return row;
}

/** Refuses a user over the per-minute message limit (429). */
async function checkRate(db: Queryable, userId: string, perMinute: number): Promise<void> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM chat_events WHERE author_user_id = $1 AND kind = 'message' AND created_at > now() - interval '1 minute'",
    [userId],
  );
  if (Number(row?.n ?? 0) >= perMinute) throw new HttpError(429, CHAT_MESSAGES.tooManyMessages);
}

/** How the caller takes part in a chat. */
type Role = { side: 'agent'; name: string } | { side: 'staff'; name: string };

/**
 * The caller's part in a chat, or the refusal: an agent's own chat; a chat the staff member holds. Another agent's
 * chat, or a chat that does not exist, is unknown (404).
 */
async function partOf(db: Queryable, row: ChatRow | undefined, user: UserRow): Promise<Role> {
  if (!row) throw new HttpError(404, CHAT_MESSAGES.chatNotFound);
  if (row.agent_user_id === user.id) return { side: 'agent', name: user.first_name };
  if (!(await isStaff(db, user))) throw new HttpError(404, CHAT_MESSAGES.chatNotFound);
  if (row.staff_user_id === user.id) return { side: 'staff', name: user.first_name };
  if (row.status === 'Waiting') throw new HttpError(409, CHAT_MESSAGES.acceptFirst);
  if (row.status === 'Closed' && row.staff_user_id === null) throw new HttpError(409, CHAT_MESSAGES.chatClosed);
  throw new HttpError(403, CHAT_MESSAGES.notYourChat);
}

/** Starts a chat for an agent (or answers their open one), with an optional first message. */
export async function startChat(
  db: Db,
  user: UserRow,
  input: { page: string; agencyNumber?: string | null | undefined; text?: string | null | undefined; clientId?: string | null | undefined; lang: Lang },
  perMinute = CHAT_MESSAGES_PER_MINUTE,
): Promise<Chat> {
  const open = await db.query<{ id: number }>("SELECT id FROM chats WHERE agent_user_id = $1 AND status <> 'Closed'", [user.id]);
  let chatId = open[0]?.id;
  let started = false;
  if (chatId === undefined) {
    if (!(await anyoneAvailable(db))) throw new HttpError(409, CHAT_MESSAGES.notAvailable);
    let agency: string | null;
    if (input.agencyNumber) {
      const [member] = await db.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [user.id, input.agencyNumber]);
      if (!member) throw new HttpError(403, CE_MESSAGES.agencyNotYours);
      agency = input.agencyNumber;
    } else {
      const [def] = await db.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1 ORDER BY is_default_agency DESC, agency_number LIMIT 1', [user.id]);
      agency = def?.agency_number ?? null;
    }
    try {
      const [row] = await db.query<{ id: number }>('INSERT INTO chats (agent_user_id, agency_number, page, lang) VALUES ($1, $2, $3, $4) RETURNING id', [
        user.id,
        agency,
        input.page,
        input.lang,
      ]);
      chatId = row!.id;
      started = true;
    } catch (err) {
      // Two starts at once: the first one's chat is the open one.
      if ((err as { code?: string })?.code !== '23505') throw err;
      const [row] = await db.query<{ id: number }>("SELECT id FROM chats WHERE agent_user_id = $1 AND status <> 'Closed'", [user.id]);
      chatId = row!.id;
    }
  }
  if (input.text) {
    const clientId = input.clientId ?? `start-${chatId}`;
    if (!(await sentBefore(db, chatId, user.id, clientId))) {
      await checkRate(db, user.id, perMinute);
      await db.transaction((tx) => appendEvent(tx, { chatId: chatId!, kind: 'message', side: 'agent', userId: user.id, name: user.first_name, body: input.text!, clientId }));
    }
  }
  if (started || input.text) {
    chatBus.publish(db, { kind: 'events', chatId });
    chatBus.publish(db, { kind: 'queue' });
  }
  return (await chatFor(db, chatId, user.id))!;
}

/** Sends a message in a chat the caller takes part in; a resend with the same clientId answers the stored one. */
export async function sendMessage(db: Db, user: UserRow, input: { chatId: number; text: string; clientId: string }, perMinute = CHAT_MESSAGES_PER_MINUTE): Promise<ChatMessage> {
  const row = await chatRow(db, input.chatId);
  const part = await partOf(db, row, user);
  const before = await sentBefore(db, input.chatId, user.id, input.clientId);
  if (before) return messageOf(before);
  if (row!.status === 'Closed') throw new HttpError(409, CHAT_MESSAGES.chatClosed);
  await checkRate(db, user.id, perMinute);
  const stored = await db.transaction(async (tx) => {
    const [now] = await tx.query<{ status: ChatStatus }>('SELECT status FROM chats WHERE id = $1 FOR UPDATE', [input.chatId]);
    if (now?.status === 'Closed') throw new HttpError(409, CHAT_MESSAGES.chatClosed);
    return appendEvent(tx, { chatId: input.chatId, kind: 'message', side: part.side, userId: user.id, name: part.name, body: input.text, clientId: input.clientId });
  });
  // A resend racing the first send: the first one's row.
  const message = stored ?? (await sentBefore(db, input.chatId, user.id, input.clientId))!;
  chatBus.publish(db, { kind: 'events', chatId: input.chatId });
  if (row!.status === 'Waiting') chatBus.publish(db, { kind: 'queue' });
  return messageOf(message);
}

/** Says the caller is typing (or stopped) in a chat they take part in: not stored, a notice for the other side. */
export async function setTyping(db: Queryable, user: UserRow, input: { chatId: number; typing: boolean }): Promise<null> {
  const row = await chatRow(db, input.chatId);
  const part = await partOf(db, row, user);
  if (row!.status === 'Closed') throw new HttpError(409, CHAT_MESSAGES.chatClosed);
  chatBus.publish(db, { kind: 'typing', chatId: input.chatId, from: part.side, userId: user.id, typing: input.typing });
  return null;
}

/** Marks the caller's messages of a chat read up to an event id (never backwards). */
export async function markRead(db: Queryable, user: UserRow, input: { chatId: number; upTo: number }): Promise<null> {
  const row = await chatRow(db, input.chatId);
  await partOf(db, row, user);
  await db.query(
    `INSERT INTO chat_read_marks AS m (chat_id, user_id, up_to) VALUES ($1, $2, $3)
     ON CONFLICT (chat_id, user_id) DO UPDATE SET up_to = greatest(m.up_to, EXCLUDED.up_to)`,
    [input.chatId, user.id, input.upTo],
  );
  return null;
}

/** Accepts a waiting chat: the first staff member gets it, later ones 409. */
export async function acceptChat(db: Db, user: UserRow, chatId: number): Promise<ConsoleChat> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number; lang: Lang }>(
      "UPDATE chats SET status = 'Active', staff_user_id = $2, accepted_at = now() WHERE id = $1 AND status = 'Waiting' RETURNING id, lang",
      [chatId, user.id],
    );
    if (!row) {
      const [exists] = await tx.query('SELECT 1 FROM chats WHERE id = $1', [chatId]);
      throw exists ? new HttpError(409, CHAT_MESSAGES.alreadyAccepted) : new HttpError(404, CHAT_MESSAGES.chatNotFound);
    }
    const t = translatorFor(row.lang);
    await appendEvent(tx, { chatId, kind: 'status', side: 'staff', userId: user.id, name: user.first_name, body: 'Active' });
    await appendEvent(tx, { chatId, kind: 'system', side: 'system', userId: user.id, name: t('emails.chat.system'), body: t('emails.chat.accepted', { name: user.first_name }) });
  });
  chatBus.publish(db, { kind: 'events', chatId });
  chatBus.publish(db, { kind: 'queue' });
  return consoleChatFor(db, chatId, user.id);
}

/** Hands a chat the caller holds to another available staff member. */
export async function transferChat(db: Db, user: UserRow, chatId: number, toUserId: string): Promise<ConsoleChat> {
  const row = await chatRow(db, chatId);
  await partOf(db, row, user);
  if (row!.status === 'Closed') throw new HttpError(409, CHAT_MESSAGES.chatClosed);
  const [target] = await db.query<UserRow>("SELECT * FROM users WHERE id = $1 AND status = 'ACTIVE'", [toUserId]);
  if (!target || target.id === user.id || !(await isStaff(db, target)) || !(await isAvailable(db, target.id))) throw new HttpError(409, CHAT_MESSAGES.transferTarget);
  await db.transaction(async (tx) => {
    const [moved] = await tx.query("UPDATE chats SET staff_user_id = $3 WHERE id = $1 AND staff_user_id = $2 AND status = 'Active' RETURNING id", [chatId, user.id, target.id]);
    if (!moved) throw new HttpError(409, CHAT_MESSAGES.chatClosed);
    const t = translatorFor(row!.lang);
    // The status event is the transferring staff member's: their stream sees the chat leave them.
    await appendEvent(tx, { chatId, kind: 'status', side: 'staff', userId: user.id, name: user.first_name, body: 'Active' });
    await appendEvent(tx, {
      chatId,
      kind: 'system',
      side: 'system',
      userId: target.id,
      name: t('emails.chat.system'),
      body: t('emails.chat.transferred', { from: user.first_name, to: target.first_name }),
    });
  });
  chatBus.publish(db, { kind: 'events', chatId });
  return consoleChatFor(db, chatId, user.id);
}

/**
 * Closes a chat (the agent's own, or one the staff member holds): a status event and a system line; with
 * emailTranscript, the transcript goes to the agent through the outbox (in the same transaction). Closing a
 * closed chat answers it as it is.
 */
export async function closeChat(
  db: Db,
  user: UserRow,
  input: { chatId: number; emailTranscript: boolean },
  enqueueTranscript: (tx: Queryable, chatId: number) => Promise<void>,
): Promise<Chat> {
  const row = await chatRow(db, input.chatId);
  if (row?.status === 'Closed' && (row.agent_user_id === user.id || row.staff_user_id === user.id)) return (await chatFor(db, input.chatId, user.id))!;
  const part = await partOf(db, row, user);
  const closed = await db.transaction(async (tx) => {
    const [done] = await tx.query<{ id: number }>(
      "UPDATE chats SET status = 'Closed', closed_at = now(), closed_by = $2 WHERE id = $1 AND status <> 'Closed' RETURNING id",
      [input.chatId, part.side],
    );
    if (!done) return false;
    const t = translatorFor(row!.lang);
    await appendEvent(tx, { chatId: input.chatId, kind: 'status', side: part.side, userId: user.id, name: part.name, body: 'Closed' });
    await appendEvent(tx, { chatId: input.chatId, kind: 'system', side: 'system', userId: user.id, name: t('emails.chat.system'), body: t('emails.chat.closed', { name: part.name }) });
    if (input.emailTranscript) await enqueueTranscript(tx, input.chatId);
    return true;
  });
  if (closed) {
    chatBus.publish(db, { kind: 'events', chatId: input.chatId });
    if (row!.status === 'Waiting') chatBus.publish(db, { kind: 'queue' });
  }
  return (await chatFor(db, input.chatId, user.id))!;
}

/** The messages of a chat, oldest first (transcript, case). */
export async function messagesOf(db: Queryable, chatId: number): Promise<EventRow[]> {
  return db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM chat_events e WHERE e.chat_id = $1 AND e.kind <> 'status' ORDER BY e.id`, [chatId]);
}

/** The chat row for a transcript or a case (the agent's own chats only; else unknown). */
export async function ownChatRow(db: Queryable, chatId: number, userId: string): Promise<ChatRow> {
  const row = await chatRow(db, chatId);
  if (!row || row.agent_user_id !== userId) throw new HttpError(404, CHAT_MESSAGES.chatNotFound);
  return row;
}
export type { ChatRow };
export { chatRow };
