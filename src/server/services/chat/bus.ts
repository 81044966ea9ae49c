/**
 * The chat notifier (issue 18): a tiny in-process bus that says only THAT something changed, never what. Each chat
 * stream then reads the new rows from the database after the last id it sent (routes/chat.ts), so the stored
 * events stay the one source of truth: swapping this notifier for PostgreSQL LISTEN/NOTIFY (issue 19) makes the
 * streams correct across processes without changing their logic. Typing is the one signal that is not stored: it
 * rides on the notice itself and is lost if nobody listens (harmless: it lapses after a few seconds anyway).
 * docs/decisions/035-live-chat.md.
 */

/** What changed. */
export type ChatNotice =
  /** Chat `chatId` has new stored events (messages, system lines, status changes). */
  | { kind: 'events'; chatId: number }
  /** Someone is typing in a chat (or stopped): not stored. */
  | { kind: 'typing'; chatId: number; from: 'agent' | 'staff'; userId: string; typing: boolean }
  /** A staff member's availability changed (the chat button may change). */
  | { kind: 'availability' }
  /** The waiting queue changed (a chat started, was accepted or closed, or a waiting agent wrote). */
  | { kind: 'queue' };

type Listener = (notice: ChatNotice) => void;
const listeners = new Set<Listener>();

export const chatBus = {
  /** Calls fn for every notice published from now on; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
  /** Tells every subscriber, after the change committed (a throwing subscriber does not stop the others). */
  publish(notice: ChatNotice): void {
    for (const fn of [...listeners]) {
      try {
        fn(notice);
      } catch {
        // A broken stream must not break the change that was already committed.
      }
    }
  },
  /** How many listen now (tests). */
  get size(): number {
    return listeners.size;
  },
};
