/**
 * Live chat with the Agency Care Desk (issue 18, spec sections 1, 2, 4 and 9): agents chat from the header's chat
 * button and the care-desk panel; care-desk staff (internal admins, or users given the care-desk group) answer from
 * the console at /dashboard/care-desk. Messages and chat events are stored with increasing ids: a stream
 * (`CareDesk/ChatEvents`, server-sent events, read with fetch like AgencyWorkOrder/Events) resumes after the last id
 * the tab saw, so a reload or a dropped connection loses nothing and repeats nothing. When no staff member is
 * available the chat button offers the web-to-case form instead (`CareDesk/CreateChatCase`).
 *
 * This module is loaded only when the chat opens (the header carries a button, not the chat).
 */
import { z } from 'zod/mini';
import { SIGNED_IN, body, defineCall, maybe, query, requiredText, text } from './contract.ts';

/** Who may chat as an agent: agents and agency admins. */
export const CHAT_AGENT_ROLES = ['SFAD_Agent', 'SFAD_Admin'] as const;
/**
 * Who may call the console's calls: every signed-in role passes the role check, then the route requires care-desk
 * staff (an internal admin, or a member of the care-desk group, table care_desk_members); others get 403.
 */
export const CHAT_STAFF_ACCESS = SIGNED_IN;
/** The longest chat message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;

/** A chat's id: a positive 32-bit integer. */
export const ChatIdSchema = z.int().check(z.positive(), z.lte(2_147_483_647));
/** A chat event id (for resume and read marks): a positive safe integer. */
export const ChatEventIdSchema = z.int().check(z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER));
/** The browser's id of a message it sends: sending again with the same id stores it once. */
const ClientIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid message id'));

export const CHAT_STATUSES = ['Waiting', 'Active', 'Closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** One stored message. `from` tells the side; `author` is the sender's display name (staff: first name only). */
export const ChatMessageSchema = z.object({
  /** The message's event id (increasing over all chats). */
  id: z.number(),
  chatId: z.number(),
  from: z.enum(['agent', 'staff', 'system']),
  author: z.string(),
  text: z.string(),
  clientId: z.nullable(z.string()),
  /** ISO time. */
  at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A chat as both sides see it. */
export const ChatSchema = z.object({
  id: z.number(),
  status: z.enum(CHAT_STATUSES),
  /** The agent's name and agency (the console shows them). */
  agentName: z.string(),
  agencyNumber: z.nullable(z.string()),
  agencyName: z.nullable(z.string()),
  /** The page the agent was on when the chat started (a path). */
  page: z.string(),
  /** The staff member answering (first name), or null while waiting. */
  staffName: z.nullable(z.string()),
  /** Messages the caller has not read yet. */
  unread: z.number(),
  /** ISO times. */
  createdAt: z.string(),
  acceptedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  /** Every message so far, oldest first. */
  messages: z.array(ChatMessageSchema),
  /** The newest event id of this chat the reply reflects (open the stream after it). */
  lastEventId: z.number(),
});
export type Chat = z.infer<typeof ChatSchema>;

/** Whether the chat button is enabled: true while at least one care-desk staff member is available. */
export const GetChatAvailability = defineCall({
  name: 'GetChatAvailability',
  method: 'GET',
  path: 'CareDesk/GetChatAvailability',
  request: query({}),
  result: z.object({ available: z.boolean() }),
  access: SIGNED_IN,
  mutates: false,
});

/** The caller's open chat (Waiting or Active), with its messages, or null: the chat panel resumes it after a reload. */
export const GetMyChat = defineCall({
  name: 'GetMyChat',
  method: 'GET',
  path: 'CareDesk/GetMyChat',
  request: query({}),
  result: z.nullable(ChatSchema),
  access: CHAT_AGENT_ROLES,
  mutates: false,
});

/**
 * Starts a chat (or answers the caller's open one): refused with 409 and the message 'No one at the Agency Care
 * Desk is available right now.' when no staff member is available (the panel offers the web-to-case form).
 */
export const StartChat = defineCall({
  name: 'StartChat',
  method: 'POST',
  path: 'CareDesk/StartChat',
  request: body({
    /** The page the agent is on (a path on this site). */
    page: requiredText('page', 300, z.regex(/^\//, 'Invalid page')),
    /** The active agency, if any. */
    agencyNumber: maybe(text(12)),
    /** The first message (optional). */
    text: maybe(text(CHAT_MESSAGE_MAX)),
    clientId: maybe(ClientIdSchema),
  }),
  result: ChatSchema,
  access: CHAT_AGENT_ROLES,
  mutates: true,
});

/** Sends a message in a chat the caller takes part in (the agent's own, or one the staff member accepted). */
export const SendChatMessage = defineCall({
  name: 'SendChatMessage',
  method: 'POST',
  path: 'CareDesk/SendChatMessage',
  request: body({ chatId: ChatIdSchema, text: requiredText('Message', CHAT_MESSAGE_MAX), clientId: ClientIdSchema }),
  result: ChatMessageSchema,
  access: SIGNED_IN,
  mutates: true,
});

/** Tells the other side the caller is typing (or stopped); not stored, sent on the stream as a `typing` event. */
export const SetChatTyping = defineCall({
  name: 'SetChatTyping',
  method: 'POST',
  path: 'CareDesk/SetChatTyping',
  request: body({ chatId: ChatIdSchema, typing: z.boolean() }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: true,
});

/** Marks the caller's messages of a chat read up to an event id (the unread counts follow). */
export const MarkChatRead = defineCall({
  name: 'MarkChatRead',
  method: 'POST',
  path: 'CareDesk/MarkChatRead',
  request: body({ chatId: ChatIdSchema, upTo: ChatEventIdSchema }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: true,
});

/** Closes a chat (agent: their own; staff: one they accepted); emailTranscript sends the agent the transcript. */
export const CloseChat = defineCall({
  name: 'CloseChat',
  method: 'POST',
  path: 'CareDesk/CloseChat',
  request: body({ chatId: ChatIdSchema, emailTranscript: z.boolean() }),
  result: ChatSchema,
  access: SIGNED_IN,
  mutates: true,
});

/**
 * The web-to-case form (when nobody is available, or after a chat): lands in the cases table (ce_cases) with the
 * conversation so far when chatId is given.
 */
export const CreateChatCase = defineCall({
  name: 'CreateChatCase',
  method: 'POST',
  path: 'CareDesk/CreateChatCase',
  request: body({
    subject: requiredText('Subject', 200),
    description: requiredText('Description', CHAT_MESSAGE_MAX),
    chatId: maybe(ChatIdSchema),
  }),
  result: z.object({ caseId: z.number() }),
  access: CHAT_AGENT_ROLES,
  mutates: true,
});

/**
 * Server-sent events of the caller's chats, after `after` (or the Last-Event-ID header; the larger wins): agents get
 * their own chats' events; staff get the events of the chats they hold now (accepted, or transferred to them) and
 * the queue. Not in CALLS: its success is a stream. On connect the stored events after `after` are replayed in id
 * order, then live ones follow; every stored event is sent once per stream, so a reconnect with the last SSE id
 * seen loses nothing and repeats nothing.
 * Events:
 * - `ready` (data {}): subscribed; sent first, before the replay.
 * - `message` (ChatMessage; SSE id = its id): a message of either side, or a system line (from 'system': accepted,
 *   transferred, closed).
 * - `chat` (ChatUpdate: the Chat without `messages`; SSE id = the event id): the chat's status or staff changed
 *   (accepted, transferred, closed). Staff who get a `chat` of a chat they do not show yet (a transfer to them)
 *   reload the console (GetCareDeskConsole).
 * - `typing` (ChatTyping; no id): the other side is typing (or stopped); not stored. A `typing: true` that is not
 *   followed by another within 6 s has lapsed.
 * - `availability` (ChatAvailability; no id): sent once after `ready` and whenever the chat button's state changes.
 * - staff only, `queue` (QueueEntry[]; no id): the whole waiting queue, oldest first, sent once after `ready` and
 *   whenever it changes (a chat started, accepted, closed, or a waiting agent wrote).
 * The stream ends when the access token expires (reconnect with the renewed one and the last SSE id); a comment
 * line every 25 s keeps proxies from closing it. A staff member's open stream keeps them available (see
 * SetCareDeskAvailability).
 */
export const ChatEvents = defineCall({
  name: 'ChatEvents',
  method: 'GET',
  path: 'CareDesk/ChatEvents',
  request: query({ after: maybe(z.coerce.number().check(z.int(), z.nonnegative())) }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: false,
});

/** A `chat` event: the chat without its messages (status, staff, unread changed). */
export const ChatUpdateSchema = z.omit(ChatSchema, { messages: true });
export type ChatUpdate = z.infer<typeof ChatUpdateSchema>;
/** A `typing` event. */
export const ChatTypingSchema = z.object({ chatId: z.number(), from: z.enum(['agent', 'staff']), typing: z.boolean() });
export type ChatTyping = z.infer<typeof ChatTypingSchema>;
/** An `availability` event. */
export const ChatAvailabilitySchema = z.object({ available: z.boolean() });

/** An active work order of the agent (the console's context). */
export const ChatWorkOrderSchema = z.object({ referralNumber: z.string(), status: z.string(), vehicle: z.string() });

/** A chat in the console: the chat plus the agent's context. */
export const ConsoleChatSchema = z.object({
  chat: ChatSchema,
  agentEmail: z.string(),
  activeWorkOrders: z.array(ChatWorkOrderSchema),
  /** Waiting time so far, or until accepted, in seconds. */
  waitSeconds: z.number(),
});
export type ConsoleChat = z.infer<typeof ConsoleChatSchema>;
/** One entry of the `queue` event (a waiting chat, as GetCareDeskConsole's `waiting` lists it). */
export const QueueEntrySchema = ConsoleChatSchema;
export type QueueEntry = ConsoleChat;

/** A care-desk staff member (transfer targets). */
export const StaffSchema = z.object({ userId: z.string(), name: z.string(), available: z.boolean(), activeChats: z.number() });

/** The console's state: the caller's availability, the queue of waiting chats, the caller's accepted chats, staff. */
export const GetCareDeskConsole = defineCall({
  name: 'GetCareDeskConsole',
  method: 'GET',
  path: 'CareDesk/GetCareDeskConsole',
  request: query({}),
  result: z.object({
    available: z.boolean(),
    waiting: z.array(ConsoleChatSchema),
    mine: z.array(ConsoleChatSchema),
    staff: z.array(StaffSchema),
    cannedAnswers: z.array(z.object({ id: z.string(), title: z.string(), text: z.string() })),
    /** The newest event id the reply reflects. */
    lastEventId: z.number(),
  }),
  access: CHAT_STAFF_ACCESS,
  mutates: false,
});

/**
 * Sets the caller available or away (every change is logged in care_desk_availability_log). Available lasts while
 * the staff member is really there: an open ChatEvents stream of theirs (or a console call) within the last 60 s;
 * without one, or when they sign out, the server sets them away itself (logged with the reason).
 */
export const SetCareDeskAvailability = defineCall({
  name: 'SetCareDeskAvailability',
  method: 'POST',
  path: 'CareDesk/SetCareDeskAvailability',
  request: body({ available: z.boolean() }),
  result: z.object({ available: z.boolean() }),
  access: CHAT_STAFF_ACCESS,
  mutates: true,
});

/** Accepts a waiting chat (the first staff member to accept gets it; later ones get 409). */
export const AcceptChat = defineCall({
  name: 'AcceptChat',
  method: 'POST',
  path: 'CareDesk/AcceptChat',
  request: body({ chatId: ChatIdSchema }),
  result: ConsoleChatSchema,
  access: CHAT_STAFF_ACCESS,
  mutates: true,
});

/** Hands an accepted chat to another available staff member (a system message tells the agent). */
export const TransferChat = defineCall({
  name: 'TransferChat',
  method: 'POST',
  path: 'CareDesk/TransferChat',
  request: body({ chatId: ChatIdSchema, toUserId: requiredText('toUserId', 64) }),
  result: ConsoleChatSchema,
  access: CHAT_STAFF_ACCESS,
  mutates: true,
});

/** Gives or takes the care-desk group (internal admins only): its members answer chats in the console. */
export const SetCareDeskMember = defineCall({
  name: 'SetCareDeskMember',
  method: 'POST',
  path: 'CareDesk/SetCareDeskMember',
  request: body({ userId: requiredText('userId', 64), member: z.boolean() }),
  result: z.object({ userId: z.string(), member: z.boolean() }),
  access: ['SFAD_InternalAdmin'],
  mutates: true,
});
