/**
 * Live chat with the Agency Care Desk (issue 18): the `CareDesk/*` calls of src/lib/api/chat.ts and the
 * `CareDesk/ChatEvents` stream. docs/decisions/035-live-chat.md.
 *
 * The stream copies AgencyWorkOrder/Events (routes/live.ts): bearer token, role check, validated query, a cap of
 * streams per user, a comment line every 25 s, the end at the token's expiry, X-Accel-Buffering off. What it sends
 * comes from the database: the chat bus (services/chat/bus.ts) only says that a chat has new events, and each stream
 * reads the rows after the last id it sent, so it replays after `after` / Last-Event-ID on connect and never sends
 * an event twice, whichever process wrote it once the bus spans processes (issue 19).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import {
  AcceptChat,
  ChatEvents,
  CloseChat,
  CreateChatCase,
  GetCareDeskConsole,
  GetChatAvailability,
  GetMyChat,
  MarkChatRead,
  SendChatMessage,
  SetCareDeskAvailability,
  SetCareDeskMember,
  SetChatTyping,
  StartChat,
  TransferChat,
  type ConsoleChat,
} from '../../lib/api/chat.ts';
import { describeIssues } from '../../lib/api/contract.ts';
import { CHAT_MESSAGES } from '../../lib/chat-messages.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { Db } from '../db/index.ts';
import { spanishOrigin } from '../env.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import { chatBus, type ChatNotice } from '../services/chat/bus.ts';
import { anyoneAvailable, anyoneAvailableCached, cannedAnswers, isAvailable, isStaff, listStaff, PRESENCE_TOUCH_MS, setAvailability, setMember, touchStaff } from '../services/chat/staff.ts';
import {
  acceptChat,
  chatUpdateFor,
  closeChat,
  heldChats,
  markRead,
  messageOf,
  myOpenChat,
  newestEventId,
  sendMessage,
  setTyping,
  startChat,
  transferChat,
  waitingQueue,
  type EventRow,
} from '../services/chat/store.ts';
import { createChatCase, enqueueTranscript } from '../services/chat/transcript.ts';
import type { UserRow } from '../services/users.ts';
import { authenticate, fail, linkBaseOf, mountCall, type AppEnv, type RouteDeps } from './define.ts';
import { eventStream } from './event-stream.ts';

/** Heartbeat interval (a comment line), ms. */
export const CHAT_HEARTBEAT_MS = 25_000;
/** Chat streams one user may hold open at once (several tabs); one more → 429. */
export const MAX_CHAT_STREAMS_PER_USER = 5;
/** Rows read at once when a stream catches up. */
const PAGE = 500;

/** The language of a request: the Spanish host's (or an Origin on it) is Spanish. */
export function langOf(c: Context<AppEnv>, origin: string): Lang {
  return linkBaseOf(c, origin).origin === spanishOrigin(origin) ? 'es' : 'en';
}

/** Staff only (403 with a message otherwise); a console call also says the staff member is there. */
async function requireStaff(db: Db, user: UserRow): Promise<void> {
  if (!(await isStaff(db, user))) throw new HttpError(403, CHAT_MESSAGES.notStaff);
  await touchStaff(db, user.id);
}

/** One open stream, as the dispatcher sees it. */
interface ChatStream {
  user: UserRow;
  staff: boolean;
  /** Chats whose events this stream sent (a staff member who transferred a chat still hears of it). */
  known: Set<number>;
  /** Reads and sends the rows after the stream's cursor. */
  wake(): void;
  send(event: string, data: unknown): void;
  lastAvailability: boolean | null;
}

/** The streams of each database, and the one bus subscription that serves them. */
const registries = new Map<Db, { streams: Set<ChatStream>; unsubscribe: () => void; queueBusy: boolean; queueAgain: boolean }>();

/** Open chat streams (all databases): tests wait on it to see a stream closed. */
export const chatStreamCount = () => [...registries.values()].reduce((n, r) => n + r.streams.size, 0);
/** Open streams per user id (this process). */
const perUser = new Map<string, number>();

/** Serves one notice to the streams of a database: one query per notice, not one per stream. */
async function dispatch(db: Db, notice: ChatNotice): Promise<void> {
  const reg = registries.get(db);
  if (!reg || reg.streams.size === 0) return;
  if (notice.kind === 'events' || notice.kind === 'typing') {
    const [chat] = await db.query<{ agent_user_id: string; staff_user_id: string | null }>('SELECT agent_user_id, staff_user_id FROM chats WHERE id = $1', [notice.chatId]);
    if (!chat) return;
    for (const s of reg.streams) {
      if (notice.kind === 'events') {
        if (s.known.has(notice.chatId) || s.user.id === chat.agent_user_id || s.user.id === chat.staff_user_id) s.wake();
      } else if (s.user.id !== notice.userId && (notice.from === 'agent' ? s.user.id === chat.staff_user_id : s.user.id === chat.agent_user_id)) {
        s.send('typing', { chatId: notice.chatId, from: notice.from, typing: notice.typing });
      }
    }
  } else if (notice.kind === 'availability') {
    const available = await anyoneAvailable(db);
    for (const s of reg.streams) {
      if (s.lastAvailability === available) continue;
      s.lastAvailability = available;
      s.send('availability', { available });
    }
  } else {
    if (![...reg.streams].some((s) => s.staff)) return;
    // Coalesced: a burst of queue changes computes the queue once more after the running computation.
    if (reg.queueBusy) {
      reg.queueAgain = true;
      return;
    }
    reg.queueBusy = true;
    try {
      do {
        reg.queueAgain = false;
        const queue = await waitingQueue(db, '');
        for (const s of reg.streams) if (s.staff) s.send('queue', queue);
      } while (reg.queueAgain);
    } finally {
      reg.queueBusy = false;
    }
  }
}

function register(db: Db, stream: ChatStream): () => void {
  let reg = registries.get(db);
  if (!reg) {
    const created = {
      streams: new Set<ChatStream>(),
      queueBusy: false,
      queueAgain: false,
      unsubscribe: chatBus.subscribe(db, (notice) => {
        dispatch(db, notice).catch((err) => log.warn('chat notice not served', { kind: notice.kind, error: String((err as Error)?.message ?? err) }));
      }),
    };
    registries.set(db, created);
    reg = created;
  }
  reg.streams.add(stream);
  return () => {
    reg.streams.delete(stream);
    if (reg.streams.size === 0) {
      reg.unsubscribe();
      registries.delete(db);
    }
  };
}

/** The stream's start: the larger of `after` and Last-Event-ID, or null when neither was given. */
function resumeFrom(after: number | null | undefined, lastEventId: string | undefined): number | null {
  const header = lastEventId && /^\d{1,15}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : null;
  const values = [after ?? null, header].filter((v): v is number => v !== null);
  return values.length ? Math.max(...values) : null;
}

export function chatRoutes(deps: RouteDeps, opts: { heartbeatMs?: number; presenceMs?: number } = {}): Hono<AppEnv> {
  const heartbeatMs = opts.heartbeatMs ?? CHAT_HEARTBEAT_MS;
  const presenceMs = opts.presenceMs ?? PRESENCE_TOUCH_MS;
  const db = deps.db;
  const r = new Hono<AppEnv>();

  mountCall(r, deps, GetChatAvailability, async () => ({ available: await anyoneAvailableCached(db) }));
  mountCall(r, deps, GetMyChat, ({ user }) => myOpenChat(db, user!));
  mountCall(r, deps, StartChat, ({ c, input, user }) => startChat(db, user!, { ...input, lang: langOf(c, deps.origin) }, deps.chatMessagesPerMinute));
  mountCall(r, deps, SendChatMessage, async ({ input, user }) => {
    const message = await sendMessage(db, user!, input, deps.chatMessagesPerMinute);
    if (message.from === 'staff') await touchStaff(db, user!.id);
    return message;
  });
  mountCall(r, deps, SetChatTyping, ({ input, user }) => setTyping(db, user!, input));
  mountCall(r, deps, MarkChatRead, ({ input, user }) => markRead(db, user!, input));
  mountCall(r, deps, CloseChat, ({ input, user }) => closeChat(db, user!, input, enqueueTranscript));
  mountCall(r, deps, CreateChatCase, ({ c, input, user }) => createChatCase(db, user!, { ...input, lang: langOf(c, deps.origin) }));
  mountCall(r, deps, GetCareDeskConsole, async ({ c, user }) => {
    await requireStaff(db, user!);
    // The newest id first: the lists read after it are at least as new (the stream opens after it).
    const lastEventId = await newestEventId(db);
    return {
      available: await isAvailable(db, user!.id),
      waiting: await waitingQueue(db, user!.id),
      mine: await heldChats(db, user!.id),
      staff: await listStaff(db),
      cannedAnswers: await cannedAnswers(db, langOf(c, deps.origin)),
      lastEventId,
    };
  });
  mountCall(r, deps, SetCareDeskAvailability, async ({ input, user }) => {
    await requireStaff(db, user!);
    return { available: await setAvailability(db, user!.id, input.available, 'set', user!.id) };
  });
  mountCall(r, deps, AcceptChat, async ({ input, user }) => {
    await requireStaff(db, user!);
    return acceptChat(db, user!, input.chatId);
  });
  mountCall(r, deps, TransferChat, async ({ input, user }): Promise<ConsoleChat> => {
    await requireStaff(db, user!);
    return transferChat(db, user!, input.chatId, input.toUserId);
  });
  mountCall(r, deps, SetCareDeskMember, async ({ input, user }) => {
    const [target] = await db.query('SELECT 1 FROM users WHERE id = $1', [input.userId]);
    if (!target) throw new HttpError(404, 'User not found.');
    return { userId: input.userId, member: await setMember(db, input.userId, input.member, user!) };
  });

  r.get('/' + ChatEvents.path, async (c) => {
    const user = await authenticate(c, deps);
    if (!user) {
      c.header('WWW-Authenticate', 'Bearer');
      return fail(c, 401, 'Unauthorized');
    }
    if (ChatEvents.access !== 'public' && !ChatEvents.access.includes(user.dashboard_user_role)) return fail(c, 403, 'You do not have access to this.');
    const parsed = ChatEvents.request.safeParse(c.req.query());
    if (!parsed.success) {
      const { message, errors } = describeIssues(parsed.error.issues);
      return fail(c, 400, message, errors);
    }
    if ((perUser.get(user.id) ?? 0) >= MAX_CHAT_STREAMS_PER_USER) return fail(c, 429, CHAT_MESSAGES.tooManyStreams);
    const staff = await isStaff(db, user);
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')![1]!;
    const exp = Number(decodeJwt(token).exp) * 1000;
    const from = resumeFrom(parsed.data.after, c.req.header('last-event-id'));
    return eventStream(c, {
      db,
      userId: user.id,
      counts: perUser,
      expiresAt: exp,
      heartbeatMs,
      open(sink) {
        let cursor = 0;
        /** Set once the start is known: a wake before it would read from 0. */
        let started = false;
        let pulling = false;
        let again = false;
        /** Sends one stored event. */
        const emit = async (row: EventRow) => {
          const id = Number(row.id);
          stream.known.add(row.chat_id);
          if (row.kind === 'status') {
            const update = await chatUpdateFor(db, row.chat_id, user.id);
            if (update) sink.write(`id: ${id}\nevent: chat\ndata: ${JSON.stringify(update)}\n\n`);
          } else {
            sink.write(`id: ${id}\nevent: message\ndata: ${JSON.stringify(messageOf(row))}\n\n`);
          }
          cursor = id;
        };
        /** Reads and sends every visible row after the cursor (runs never overlap; a wake during one runs again). */
        const pull = async () => {
          if (pulling) {
            again = true;
            return;
          }
          pulling = true;
          try {
            do {
              again = false;
              for (;;) {
                const rows = await db.query<EventRow>(
                  `SELECT e.id, e.chat_id, e.kind, e.author_side, e.author_user_id, e.author_name, e.body, e.client_id, e.created_at
                     FROM chat_events e JOIN chats c ON c.id = e.chat_id
                    WHERE e.id > $2 AND (c.agent_user_id = $1 OR c.staff_user_id = $1 OR e.author_user_id = $1)
                    ORDER BY e.id LIMIT ${PAGE}`,
                  [user.id, cursor],
                );
                for (const row of rows) {
                  if (sink.closed) return;
                  await emit(row);
                }
                if (rows.length < PAGE) break;
              }
            } while (again && !sink.closed);
          } finally {
            pulling = false;
          }
        };
        const wake = () => void (started ? pull() : Promise.resolve()).catch((err) => log.warn('chat events not sent', { error: String((err as Error)?.message ?? err) }));
        const stream: ChatStream = {
          user,
          staff,
          known: new Set(),
          wake,
          send: (event, data) => sink.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
          lastAvailability: null,
        };
        const unregister = register(db, stream);
        // An open console says its staff member is there (availability lasts while it does).
        const presence = staff ? setInterval(() => void touchStaff(db, user.id).catch(() => undefined), presenceMs) : null;
        sink.write('retry: 5000\nevent: ready\ndata: {}\n\n');
        // Subscribed before the start is read: an event committed meanwhile is read by the catch-up below.
        void (async () => {
          if (staff) await touchStaff(db, user.id);
          cursor = from ?? (await newestEventId(db));
          started = true;
          const available = await anyoneAvailable(db);
          stream.lastAvailability = available;
          stream.send('availability', { available });
          if (staff) stream.send('queue', await waitingQueue(db, ''));
          await pull();
        })().catch((err) => {
          log.warn('chat stream start failed', { error: String((err as Error)?.message ?? err) });
          sink.end();
        });
        return () => {
          unregister();
          if (presence) clearInterval(presence);
        };
      },
    });
  });
  return r;
}
