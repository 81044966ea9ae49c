/**
 * The chat notifier (issue 18): notices on the portal's bus that say only THAT something changed, never what. Each chat
 * stream then reads the new rows from the database after the last id it sent (routes/chat.ts), so the stored
 * events stay the one source of truth, and the streams are correct across processes (the bus is PostgreSQL
 * LISTEN/NOTIFY there, issue 19). Typing is the one signal that is not stored: it
 * rides on the notice itself and is lost if nobody listens (harmless: it lapses after a few seconds anyway).
 * docs/decisions/035-live-chat.md.
 */

import type { Db, Queryable } from '../../db/index.ts';
import { log } from '../../log.ts';
import { topic } from '../bus.ts';

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

/** The notices' topic on the portal's bus (services/bus.ts): in memory on PGlite, LISTEN/NOTIFY on PostgreSQL. */
export const CHAT_TOPIC = topic<ChatNotice>('chat.notice');

/** The database's bus; a bare query runner (a transaction) has none. */
const busOf = (db: Queryable): Db['bus'] => {
  const bus = (db as Partial<Db>).bus;
  if (!bus) throw new Error('chat notices need the database connection (with its bus), not a transaction');
  return bus;
};

/**
 * The chat notices of one database, on its bus: every process that serves chat streams for that database hears
 * them (issue 19), so a message sent through process A reaches a stream held by process B.
 */
export const chatBus = {
  /** Calls fn for every notice published from now on (any process); returns the unsubscribe function. */
  subscribe(db: Queryable, fn: (notice: ChatNotice) => void): () => void {
    return busOf(db).subscribe(CHAT_TOPIC, fn);
  },
  /** Tells every subscriber, after the change committed; a delivery failure is logged by the bus, never thrown. */
  publish(db: Queryable, notice: ChatNotice): void {
    busOf(db)
      .publish(CHAT_TOPIC, notice)
      .catch((err: unknown) => log.warn('chat notice not published', { kind: notice.kind, error: String((err as Error)?.message ?? err) }));
  },
};
