/**
 * The topic bus (issue 19, docs/decisions/036-shared-state-on-postgresql.md): small messages every process of the
 * portal hears. In memory on PGlite (one process per data directory); PostgreSQL LISTEN/NOTIFY when DATABASE_URL is
 * set, so a change committed through process A reaches a live stream held by process B. Every `Db` carries its bus
 * (`db.bus`). Publish after the change's transaction has committed. Live work-order events ride on it; chat and any
 * later live feature get a topic of their own.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { log } from '../log.ts';

/** A kind of message: its name and how it travels as JSON. */
export interface Topic<T> {
  readonly name: string;
  /** The message as plain JSON. */
  encode(message: T): unknown;
  /** The message back from its JSON. */
  decode(json: unknown): T;
}

/** A topic; without a codec the message must be plain JSON already. */
export function topic<T>(name: string, codec?: { encode(message: T): unknown; decode(json: unknown): T }): Topic<T> {
  if (!/^[a-z][a-z0-9.-]{0,62}$/.test(name)) throw new Error(`bad topic name ${name}`);
  return { name, encode: codec?.encode ?? ((m) => m), decode: codec?.decode ?? ((j) => j as T) };
}

/** Publishes and subscribes to topics. */
export interface Bus {
  readonly kind: 'memory' | 'postgres';
  /**
   * Sends a message to every subscriber of the topic in every process (this one included). Rejects only when the
   * message is too big for NOTIFY (a programming error); a delivery failure is logged, never thrown: the change it
   * announces is already committed.
   */
  publish<T>(topic: Topic<T>, message: T): Promise<void>;
  /** Calls fn with every message of the topic published from now on; returns the unsubscribe function. */
  subscribe<T>(topic: Topic<T>, fn: (message: T) => void): () => void;
  /**
   * Calls fn each time messages may have been missed: the listening connection closed and listens again (PostgreSQL;
   * never in memory). Live streams end then, so their browsers reconnect and reload what they show.
   */
  onGap(fn: () => void): () => void;
  /**
   * True while the bus hears every message: false between the listening connection's close and its next LISTEN
   * (PostgreSQL), when messages may be missed. What relies on hearing every message (a cache) is bypassed then.
   */
  readonly hearing: boolean;
  /**
   * Calls fn with the payload of every NOTIFY on a channel of the database's own (the triggers' channel of the read
   * cache, decision 038) through the bus's listening connection, so that onGap and hearing cover it too. PostgreSQL
   * only (PGlite's `db.listen` delivers its notifications); resolves once the channel is listened to.
   */
  channel(name: string, fn: (payload: string) => void): Promise<() => void>;
  /**
   * Read-your-writes across processes: resolves true once every message and channel notification of a transaction
   * committed before the call has been heard (and its listeners called); false when that cannot be known (the
   * listening connection is down or closed meanwhile, or no answer came within SYNC_TIMEOUT_MS). In memory: true at
   * once. On PostgreSQL the bus NOTIFYs a channel of its own and waits to hear it back: notifications reach a listener
   * in the order their transactions committed, so hearing it means hearing everything committed before it. Calls
   * made while one is on its way share the next one.
   */
  caughtUp(): Promise<boolean>;
  /** Resolves when the bus hears messages (PostgreSQL: the first LISTEN is in place). */
  readonly ready: Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

/** The one NOTIFY channel of the portal. */
export const BUS_CHANNEL = 'portal_bus';
/** NOTIFY payloads must be shorter than 8000 bytes. */
export const MAX_PAYLOAD_BYTES = 7999;
/** application_name of the listening connection (operators and tests find it in pg_stat_activity). */
export const BUS_APPLICATION_NAME = 'portal-bus';
/** How long caughtUp waits to hear its own notification back before answering false. */
export const SYNC_TIMEOUT_MS = 2000;

interface Envelope {
  t: string;
  m: unknown;
}

/** The subscribers of one bus, by topic name, and their delivery (a throwing subscriber does not stop the others). */
function subscribers() {
  const byTopic = new Map<string, Set<(json: unknown) => void>>();
  return {
    add<T>(t: Topic<T>, fn: (message: T) => void): () => void {
      const wrapped = (json: unknown) => fn(t.decode(json));
      let set = byTopic.get(t.name);
      if (!set) byTopic.set(t.name, (set = new Set()));
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
    deliver(envelope: Envelope): void {
      for (const fn of [...(byTopic.get(envelope.t) ?? [])]) {
        try {
          fn(envelope.m);
        } catch (err) {
          // A broken subscriber (a closed stream) must not break the others.
          log.warn('bus subscriber failed', { topic: envelope.t, error: String((err as Error)?.message ?? err).slice(0, 500) });
        }
      }
    },
  };
}

/** The payload of a message: JSON, refused when too big for NOTIFY. */
function payloadOf<T>(t: Topic<T>, message: T): string {
  const payload = JSON.stringify({ t: t.name, m: t.encode(message) } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`bus message of topic ${t.name} is ${Buffer.byteLength(payload)} bytes: NOTIFY takes at most ${MAX_PAYLOAD_BYTES}`);
  }
  return payload;
}

/** The in-process bus (PGlite): delivered at once, after the same JSON round trip PostgreSQL would make. */
export function memoryBus(): Bus {
  const subs = subscribers();
  return {
    kind: 'memory',
    publish(t, message) {
      try {
        subs.deliver(JSON.parse(payloadOf(t, message)) as Envelope);
        return Promise.resolve();
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    subscribe: (t, fn) => subs.add(t, fn),
    onGap: () => () => undefined,
    hearing: true,
    channel: () => Promise.reject(new Error('the in-memory bus has no database channels: use db.listen')),
    caughtUp: () => Promise.resolve(true),
    ready: Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/**
 * The PostgreSQL bus: `notify` sends on the pool (`sql`); a dedicated connection of its own LISTENs on BUS_CHANNEL
 * and, when it closes, listens again with backoff until it succeeds (messages sent meanwhile are lost).
 */
export function postgresBus(url: string, sql: postgres.Sql): Bus {
  const subs = subscribers();
  const gaps = new Set<() => void>();
  /** The database channels listened to besides BUS_CHANNEL, with their listeners. */
  const channels = new Map<string, Set<(payload: string) => void>>();
  let hearing = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 100;
  /** caughtUp's channel, this bus's alone (other processes do not hear it), and the calls waiting on it. */
  const syncChannel = `portal_sync_${randomBytes(8).toString('hex')}`;
  interface Sync {
    token: string;
    promise: Promise<boolean>;
    done(heard: boolean): void;
    timer?: NodeJS.Timeout;
  }
  /** The notification on its way, and the one the calls made meanwhile wait for (sent when the first is heard). */
  let inFlight: Sync | null = null;
  let queued: Sync | null = null;
  let syncs = 0;
  const newSync = (): Sync => {
    let done!: (heard: boolean) => void;
    const promise = new Promise<boolean>((resolve) => (done = resolve));
    return { token: String(++syncs), promise, done };
  };
  const settle = (s: Sync, heard: boolean) => {
    if (inFlight !== s) return;
    clearTimeout(s.timer);
    inFlight = null;
    s.done(heard);
    const next = queued;
    queued = null;
    if (next) {
      if (hearing) send(next);
      else next.done(false);
    }
  };
  const send = (s: Sync) => {
    inFlight = s;
    s.timer = setTimeout(() => settle(s, false), SYNC_TIMEOUT_MS);
    s.timer.unref();
    listener.unsafe('SELECT pg_notify($1, $2)', [syncChannel, s.token]).catch(() => settle(s, false));
  };
  // onnotify is an option of the connections (postgres.js's own listen() uses it) its types do not list.
  const options: postgres.Options<Record<string, never>> & { onnotify(channel: string, payload: string): void } = {
    max: 1,
    // No idle timeout (the default): the connection stays open while it listens.
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => undefined,
    connection: { application_name: BUS_APPLICATION_NAME },
    onnotify(channel, payload) {
      if (channel === syncChannel) {
        if (inFlight?.token === payload) settle(inFlight, true);
        return;
      }
      if (channel !== BUS_CHANNEL) {
        for (const fn of [...(channels.get(channel) ?? [])]) {
          try {
            fn(payload);
          } catch (err) {
            log.warn('bus channel listener failed', { channel, error: String((err as Error)?.message ?? err).slice(0, 300) });
          }
        }
        return;
      }
      let envelope: Envelope;
      try {
        envelope = JSON.parse(payload) as Envelope;
      } catch {
        log.warn('bus: a message that is not JSON was ignored');
        return;
      }
      subs.deliver(envelope);
    },
    onclose() {
      hearing = false;
      if (inFlight) settle(inFlight, false);
      if (closed) return;
      log.warn('bus: the listening connection closed; listening again');
      schedule();
    },
  };
  const listener = postgres(url, options);
  const listen = async () => {
    await listener.unsafe(`LISTEN ${BUS_CHANNEL}`);
    await listener.unsafe(`LISTEN ${syncChannel}`);
    for (const name of channels.keys()) await listener.unsafe(`LISTEN ${name}`);
    delay = 100;
    hearing = true;
  };
  const again = async () => {
    await listen();
    log.info('bus: listening again');
    for (const fn of [...gaps]) {
      try {
        fn();
      } catch (err) {
        log.warn('bus gap listener failed', { error: String((err as Error)?.message ?? err).slice(0, 300) });
      }
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      again().catch((err) => {
        log.warn('bus: could not listen; trying again', { error: String((err as Error)?.message ?? err).slice(0, 300), inMs: delay });
        delay = Math.min(delay * 2, 5000);
        schedule();
      });
    }, delay);
    retry.unref();
  };
  const ready = listen();
  // The first failure is the caller's (start-up fails); later ones retry.
  ready.catch(() => undefined);
  return {
    kind: 'postgres',
    async publish(t, message) {
      const payload = payloadOf(t, message);
      try {
        await sql`SELECT pg_notify(${BUS_CHANNEL}, ${payload})`;
      } catch (err) {
        log.warn('bus: message not sent', { topic: t.name, error: String((err as Error)?.message ?? err).slice(0, 300) });
      }
    },
    subscribe: (t, fn) => subs.add(t, fn),
    onGap(fn) {
      gaps.add(fn);
      return () => void gaps.delete(fn);
    },
    get hearing() {
      return hearing;
    },
    async channel(name, fn) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name) || name === BUS_CHANNEL) throw new Error(`bad channel name ${name}`);
      let set = channels.get(name);
      if (!set) {
        channels.set(name, (set = new Set()));
        try {
          await ready;
          await listener.unsafe(`LISTEN ${name}`);
        } catch (err) {
          channels.delete(name);
          throw err;
        }
      }
      set.add(fn);
      return () => void set.delete(fn);
    },
    caughtUp() {
      if (!hearing) return Promise.resolve(false);
      if (!inFlight) {
        const s = newSync();
        send(s);
        return s.promise;
      }
      // One is on its way, sent perhaps before this call: wait for the next one.
      queued ??= newSync();
      return queued.promise;
    },
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (inFlight) settle(inFlight, false);
      await listener.end({ timeout: 1 });
    },
  };
}
