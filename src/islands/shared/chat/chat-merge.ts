/**
 * The chat's pure message bookkeeping (issue 18), shared by the agent's panel (chat-store.ts) and the care-desk
 * console: messages are kept by event id (the stream, a send's answer, a reload's GetMyChat or the console's state
 * all merge), so a message seen twice shows once, and always in id order (the server's order of events).
 */
import type { ChatMessage } from '../../../lib/api/chat.ts';

/** The result of a merge: the list, the messages it did not have, and the newest id seen. */
export interface Merged {
  messages: ChatMessage[];
  fresh: ChatMessage[];
  lastId: number;
}

/** Adds messages to a list, each once (a later copy of an id replaces the earlier), oldest first. */
export function mergeById(current: readonly ChatMessage[], incoming: readonly ChatMessage[], lastId = 0): Merged {
  const byId = new Map(current.map((m) => [m.id, m]));
  const fresh: ChatMessage[] = [];
  for (const m of incoming) {
    if (!byId.has(m.id)) fresh.push(m);
    byId.set(m.id, m);
    lastId = Math.max(lastId, m.id);
  }
  return { messages: [...byId.values()].sort((a, b) => a.id - b.id), fresh, lastId };
}

/**
 * The fresh messages that count as unread for a reader: for the agent, the care desk's (its staff and its system
 * lines: "Jordan joined the chat."); for staff, the agent's.
 */
export function unreadFor(fresh: readonly ChatMessage[], reader: 'agent' | 'staff'): ChatMessage[] {
  return fresh.filter((m) => (reader === 'agent' ? m.from !== 'agent' : m.from === 'agent'));
}
