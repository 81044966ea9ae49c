/**
 * The agent's side of the live chat (issue 18): availability, the open chat, its messages (merged by event id, so
 * the stream and a send's answer never show a message twice), messages on their way (by clientId, resent with the
 * same id), the other side's typing, the unread count while the panel is closed, and the stream.
 *
 * Availability: checked CHAT_AVAILABILITY_DELAY_MS after load, then kept live by the chat stream while a chat is
 * open (its `availability` events), else by a light poll (AVAILABILITY_POLL_MS, visible tabs only): an open stream
 * per signed-in tab would hold a server connection for every agent who never chats.
 */
import { atom, map } from 'nanostores';
import {
  CloseChat,
  GetChatAvailability,
  GetMyChat,
  MarkChatRead,
  SendChatMessage,
  SetChatTyping,
  StartChat,
  type Chat,
  type ChatMessage,
} from '../../../lib/api/chat.ts';
import { track } from '../../../lib/track-event.ts';
import { api } from '../../../stores/api.ts';
import { mergeById, unreadFor } from './chat-merge.ts';
import { openChatStream, newClientId } from './chat-stream.ts';

/**
 * How often availability is polled while no chat stream is open (decision 037: the answer is shared per second in a
 * process, so the poll costs a token check, not a database read).
 */
export const AVAILABILITY_POLL_MS = 10_000;
/** The other side's typing shows this long after its last `typing` event. */
export const TYPING_SHOWN_MS = 6000;
/** sessionStorage: the panel was open (a reload opens it again). */
const OPEN_KEY = 'portal.chatOpen';

/** The chat's state without its messages. */
export type ChatInfo = Omit<Chat, 'messages'>;
/** A message on its way. */
export interface PendingMessage {
  clientId: string;
  text: string;
  state: 'sending' | 'failed';
}

/** null until the first check answers. */
export const $available = atom<boolean | null>(null);
export const $chat = atom<ChatInfo | null>(null);
export const $messages = atom<ChatMessage[]>([]);
export const $pending = map<Record<string, PendingMessage | undefined>>({});
export const $otherTyping = atom(false);
export const $unread = atom(0);
export const $panelOpen = atom(false);
/** False while the stream is lost (reconnecting). */
export const $connected = atom(true);

let lastEventId = 0;
let closeStream: (() => void) | null = null;
let typingTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;

/** Adds messages, each once (by id), oldest first; drops the pending ones they answer. */
function mergeMessages(incoming: readonly ChatMessage[]): ChatMessage[] {
  const merged = mergeById($messages.get(), incoming, lastEventId);
  lastEventId = merged.lastId;
  for (const m of incoming) if (m.clientId && $pending.get()[m.clientId]) $pending.setKey(m.clientId, undefined);
  $messages.set(merged.messages);
  return merged.fresh;
}

function setChatInfo(chat: ChatInfo): void {
  lastEventId = Math.max(lastEventId, chat.lastEventId);
  const { messages: _ignored, ...info } = chat as Chat;
  $chat.set(info);
}

/** Answers a chat from the server (GetMyChat, StartChat, CloseChat): state, messages, stream. */
function applyChat(chat: Chat | null): void {
  if (!chat) return;
  setChatInfo(chat);
  mergeMessages(chat.messages);
  if (!$panelOpen.get()) $unread.set(chat.unread);
  if (chat.status === 'Closed') stopStream();
  else startStream();
}

function onEvent(type: string, data: unknown): void {
  const chat = $chat.get();
  if (type === 'message') {
    const m = data as ChatMessage;
    if (chat && m.chatId !== chat.id) return;
    const fresh = mergeMessages([m]);
    const incoming = unreadFor(fresh, 'agent');
    if (incoming.length) {
      $otherTyping.set(false);
      if ($panelOpen.get() && document.visibilityState === 'visible') void markRead();
      else $unread.set($unread.get() + incoming.length);
    }
  } else if (type === 'chat') {
    const c = data as ChatInfo;
    if (chat && c.id !== chat.id) return;
    setChatInfo(c);
    if (c.status === 'Closed') {
      $otherTyping.set(false);
      stopStream();
    }
  } else if (type === 'typing') {
    const e = data as { chatId: number; from: string; typing: boolean };
    if (!chat || e.chatId !== chat.id || e.from === 'agent') return;
    $otherTyping.set(e.typing);
    clearTimeout(typingTimer);
    if (e.typing) typingTimer = setTimeout(() => $otherTyping.set(false), TYPING_SHOWN_MS);
  } else if (type === 'availability') {
    $available.set((data as { available: boolean }).available);
  }
}

function startStream(): void {
  if (closeStream) return;
  stopPoll();
  closeStream = openChatStream({ after: () => lastEventId, onEvent, onConnected: (c) => $connected.set(c) });
}

function stopStream(): void {
  closeStream?.();
  closeStream = null;
  $connected.set(true);
  startPoll();
}

async function checkAvailability(): Promise<void> {
  try {
    $available.set((await api.call(GetChatAvailability, {}, { ignoreErrors: true })).available);
  } catch {
    /* the next poll tries again */
  }
}

function startPoll(): void {
  if (pollTimer || closeStream) return;
  pollTimer = setInterval(() => {
    if (document.visibilityState === 'visible') void checkAvailability();
  }, AVAILABILITY_POLL_MS);
}

function stopPoll(): void {
  clearInterval(pollTimer);
  pollTimer = undefined;
}

let started = false;
/** The first check (the launcher calls it CHAT_AVAILABILITY_DELAY_MS after load): availability and the open chat. */
export async function startChatState(): Promise<void> {
  if (started) return;
  started = true;
  const [, mine] = await Promise.all([checkAvailability(), api.call(GetMyChat, {}, { ignoreErrors: true }).catch(() => null)]);
  applyChat(mine);
  if (!closeStream) startPoll();
  // The poll skips hidden tabs: a tab shown again asks at once.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && pollTimer) void checkAvailability();
  });
  let reopen = false;
  try {
    reopen = sessionStorage.getItem(OPEN_KEY) === '1';
  } catch {
    /* no storage */
  }
  if (reopen) setPanelOpen(true);
}

/** Opens or hides the panel (remembered for the tab, so a reload opens it again). */
export function setPanelOpen(open: boolean): void {
  $panelOpen.set(open);
  try {
    if (open) sessionStorage.setItem(OPEN_KEY, '1');
    else sessionStorage.removeItem(OPEN_KEY);
  } catch {
    /* no storage */
  }
  if (open) {
    void markRead();
    // A fresh answer when the panel opens without a chat (the poll may be up to AVAILABILITY_POLL_MS old).
    if (!$chat.get() || $chat.get()?.status === 'Closed') void checkAvailability();
  }
}

/** Marks the chat read up to the newest message (the unread count goes to 0). */
export async function markRead(): Promise<void> {
  const chat = $chat.get();
  $unread.set(0);
  if (!chat || chat.status === 'Closed' || lastEventId === 0) return;
  await api.call(MarkChatRead, { chatId: chat.id, upTo: lastEventId }, { ignoreErrors: true }).catch(() => undefined);
}

/** Starts a chat from this page (its path and the active agency), with an optional first message. */
export async function startChat(page: string, agencyNumber: string | null, text: string): Promise<void> {
  $messages.set([]);
  $pending.set({});
  lastEventId = 0;
  const first = text.trim();
  const chat = await api.call(StartChat, { page, agencyNumber, ...(first ? { text: first, clientId: newClientId() } : {}) }, { ignoreErrors: true });
  track('Chat', 'Chat started', page);
  if (first) track('Chat', 'Message sent');
  applyChat(chat);
}

/** Sends a message (again, with the same clientId, after a failure). */
export async function sendMessage(text: string, clientId = newClientId()): Promise<void> {
  const chat = $chat.get();
  if (!chat) return;
  $pending.setKey(clientId, { clientId, text, state: 'sending' });
  try {
    const m = await api.call(SendChatMessage, { chatId: chat.id, text, clientId }, { ignoreErrors: true });
    mergeMessages([m]);
    $pending.setKey(clientId, undefined);
    track('Chat', 'Message sent');
  } catch {
    if ($pending.get()[clientId]) $pending.setKey(clientId, { clientId, text, state: 'failed' });
  }
}

let typingSent = 0;
/** Tells the care desk the agent is typing (at most every 3 s) or stopped. */
export function sendTyping(typing: boolean): void {
  const chat = $chat.get();
  if (!chat || chat.status === 'Closed') return;
  const now = Date.now();
  if (typing && now - typingSent < 3000) return;
  typingSent = typing ? now : 0;
  void api.call(SetChatTyping, { chatId: chat.id, typing }, { ignoreErrors: true }).catch(() => undefined);
}

/** Ends the chat; emailTranscript sends the agent the transcript. */
export async function endChat(emailTranscript: boolean): Promise<void> {
  const chat = $chat.get();
  if (!chat) return;
  const closed = await api.call(CloseChat, { chatId: chat.id, emailTranscript }, { ignoreErrors: true });
  track('Chat', 'Chat closed', emailTranscript ? 'transcript' : undefined);
  applyChat(closed);
}

/** Forgets a closed chat (the panel offers a new one). */
export function clearChat(): void {
  $chat.set(null);
  $messages.set([]);
  $pending.set({});
  lastEventId = 0;
}
