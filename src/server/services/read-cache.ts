/**
 * The signed-in calls' hot reads, kept in memory (issue 19): the caller's users row, read by every signed-in call
 * (authenticate), and their agency list (GetUserAgencyList, read by every dashboard page). Profiling a signed-in
 * call on PGlite showed the two queries as most of its time (docs/performance.md).
 *
 * The database says when an entry is stale, whoever wrote it: triggers (migration 025) NOTIFY channel
 * 'portal_cache' with 'u:<user id>' on every change of users and user_agencies, and '*' on every change of agencies.
 * A read that began before a notification is not kept (the epoch check), so a reply never brings back what a
 * committed change replaced.
 *
 * On PGlite (one process per data folder) a notification reaches the cache before the query that committed the
 * change resolves, so the next request sees the change. On PostgreSQL (several processes) the notifications come to
 * every process through the bus's listening connection (decision 036), a moment after the commit (the delay is
 * measured in docs/decisions/038), so each read first waits for `bus.caughtUp()` (its own notification heard back,
 * after everything committed before it): a change committed through any process before the read began is seen.
 * While that connection is down (`bus.hearing` false) nothing is served from or kept in memory, and when it listens
 * again (`bus.onGap`) everything kept is dropped, since notifications may have been missed.
 */
import type { UserAgency } from '../../lib/api/user.ts';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { findUserById, listUserAgencies, type UserRow } from './users.ts';

/** The channel the triggers notify. */
export const CACHE_CHANNEL = 'portal_cache';
/** Entries kept at most; past it the cache starts again empty (a bound on memory, not an LRU: misses are cheap). */
export const MAX_ENTRIES = 20_000;
/** An entry is read again after this long even without a notification (a safety net, not the invalidation). */
export const ENTRY_TTL_MS = 60_000;

interface Entry<T> {
  value: T;
  until: number;
}

/** The hot reads of one database. */
export interface ReadCache {
  user(id: string): Promise<UserRow | undefined>;
  agencies(userId: string): Promise<UserAgency[]>;
  /**
   * A read's answer kept under key (decision 039): 'lists' (work-order list pages and dashboards; cleared by any
   * change of the orders, their referrals, events, surveys or recalibrations, shops, users or agencies) or 'content'
   * (search answers; cleared by any change of the articles). load must depend only on the key and the database, and answer a new value each
   * time (one nobody else holds). Each caller gets its own copy.
   */
  result<T>(kind: ResultKind, key: string, load: () => Promise<T>): Promise<T>;
  /** Resolves once the cache hears the database's notifications (until then it keeps nothing). */
  readonly ready: Promise<void>;
}

/** The kinds of kept answers, named as the triggers of migration 042 notify them. */
export type ResultKind = 'lists' | 'content';

class NotifiedReadCache implements ReadCache {
  readonly #db: Db;
  readonly #users = new Map<string, Entry<UserRow | undefined>>();
  readonly #agencies = new Map<string, Entry<UserAgency[]>>();
  readonly #results: Record<ResultKind, Map<string, Entry<unknown>>> = { lists: new Map(), content: new Map() };
  /** Counts notifications: a read is kept only when none arrived while it ran. */
  #epoch = 0;
  /** True once LISTEN is in place; until then nothing is kept. */
  #listening = false;
  readonly ready: Promise<void>;

  constructor(db: Db) {
    this.#db = db;
    this.ready = db.listen(CACHE_CHANNEL, (payload) => this.#invalidate(payload)).then(
      () => void (this.#listening = true),
      (err: unknown) => log.warn('read cache off: LISTEN failed', { error: String((err as Error)?.message ?? err) }),
    );
    db.bus.onGap(() => this.#invalidate('*'));
  }

  /** Whether every notification reaches the cache now. */
  #hears(): boolean {
    return this.#listening && this.#db.bus.hearing;
  }

  #invalidate(payload: string) {
    this.#epoch++;
    if (payload.startsWith('u:')) {
      const id = payload.slice(2);
      this.#users.delete(id);
      this.#agencies.delete(id);
      // A list names the agent who filed each order.
      this.#results.lists.clear();
    } else if (payload === 'lists' || payload === 'content') {
      this.#results[payload].clear();
    } else {
      this.#users.clear();
      this.#agencies.clear();
      this.#results.lists.clear();
      this.#results.content.clear();
    }
  }

  /** Answers are copied only when kept: a value nobody else holds (a read not kept) goes to the caller as it is. */
  async #read<T>(map: Map<string, Entry<T>>, key: string, load: () => Promise<T>, copy: (v: T) => T): Promise<T> {
    if (!this.#hears()) return load();
    // PostgreSQL: before answering from memory, hear every notification of what was committed before this read
    // (through any process), so that a caller who just changed something (on another process) reads the change. Not
    // known: read the database. A miss reads the database anyway, so it does not wait. (PGlite's notifications are in
    // before the writing query resolves: no wait, and a miss starts its query at once.)
    if (this.#db.bus.kind === 'postgres' && map.has(key) && !(await this.#db.bus.caughtUp())) return load();
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.until > now) return copy(hit.value);
    const epoch = this.#epoch;
    const value = await load();
    if (!this.#hears() || epoch !== this.#epoch) return value;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, { value, until: now + ENTRY_TTL_MS });
    return copy(value);
  }

  user(id: string) {
    // On PostgreSQL the users row (status, role, session version: what revocation changes) is always read from the
    // database, so that a sign-out or deactivation through one process holds on the very next call to any other,
    // without waiting for the notification (decision 038, addendum).
    if (this.#db.kind === 'postgres') return findUserById(this.#db, id);
    return this.#read(this.#users, id, () => findUserById(this.#db, id), (u) => (u ? { ...u } : u));
  }

  agencies(userId: string) {
    return this.#read(this.#agencies, userId, () => listUserAgencies(this.#db, userId), (list) => list.map((a) => ({ ...a })));
  }

  result<T>(kind: ResultKind, key: string, load: () => Promise<T>): Promise<T> {
    return this.#read(this.#results[kind] as Map<string, Entry<T>>, key, load, (v) => structuredClone(v));
  }
}

const caches = new WeakMap<Db, ReadCache>();

/** The read cache of a database (one per connection object). */
export function readCacheFor(db: Db): ReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new NotifiedReadCache(db);
    caches.set(db, cache);
  }
  return cache;
}
