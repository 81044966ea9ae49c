import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { acquireDirLock, type DirLock } from './lock.ts';
import { memoryBus, postgresBus, type Bus } from '../services/bus.ts';

/** Parameters a query may bind. */
export type Param = string | number | boolean | null | Date | Record<string, unknown> | unknown[];

/** The queries every part of the server runs; one shape for PGlite and PostgreSQL. */
export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: Param[]): Promise<T[]>;
}

/** A session-level advisory lock held on a connection of its own (PostgreSQL), or the one process's (PGlite). */
export interface AdvisoryLock {
  /** True while the lock is held; false once its connection was lost (the lock went with it) or it was released. */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

/** A database connection: queries, multi-statement scripts, transactions, close. */
export interface Db extends Queryable {
  /** Which engine is behind this connection. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The topic bus of this database (services/bus.ts): in memory on PGlite, LISTEN/NOTIFY on PostgreSQL, so that
   * every process on one database hears it. Publish after the change's transaction has committed.
   */
  readonly bus: Bus;
  /**
   * Takes advisory lock `key` if no other process holds it (PostgreSQL: pg_try_advisory_lock on a reserved
   * connection, held until release or until that connection is lost), else null. PGlite is one process: always
   * granted. Leaders (the demo simulator) use it, through db/leader.ts.
   */
  tryAdvisoryLock(key: number): Promise<AdvisoryLock | null>;
  /** Closes the connection and releases any lock. */
  close(): Promise<void>;
  /**
   * Calls fn with the payload of every NOTIFY on channel from now on (LISTEN); resolves to the unlisten function.
   * On PGlite, a notification reaches fn before the query whose commit sent it resolves. On PostgreSQL it comes
   * through the bus's listening connection, a moment after the commit: `bus.hearing` and `bus.onGap` tell when
   * notifications may have been missed.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
}

function normaliseParams(params: Param[] = []): unknown[] {
  return params.map((p) => (p !== null && typeof p === 'object' && !(p instanceof Date) ? JSON.stringify(p) : p));
}

/** Wraps a PGlite instance (in memory when dataDir is undefined). */
export async function openPglite(dataDir?: string): Promise<Db> {
  let lock: DirLock | undefined;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    lock = acquireDirLock(dir);
  }
  let pg: PGlite;
  try {
    pg = new PGlite(dataDir ? resolve(dataDir, 'pgdata') : undefined);
    await pg.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  // PGlite is one connection: serialise transactions so queries of one never interleave with another.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  };
  const bus = memoryBus();
  return {
    kind: 'pglite',
    bus,
    tryAdvisoryLock: async () => {
      let released = false;
      return {
        held: async () => !released,
        release: async () => void (released = true),
      };
    },
    query: <T>(sql: string, params?: Param[]) =>
      serial(async () => (await pg.query<T>(sql, normaliseParams(params))).rows),
    exec: (sql) => serial(async () => void (await pg.exec(sql))),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      serial(() =>
        pg.transaction(async (tx) =>
          fn({ query: async <R>(sql: string, params?: Param[]) => (await tx.query<R>(sql, normaliseParams(params))).rows }),
        ),
      ) as Promise<T>,
    close: async () => {
      await chain;
      await bus.close();
      await pg.close();
      lock?.release();
    },
    listen: (channel, fn) => pg.listen(channel, fn),
  };
}

/** application_name of the connections that hold advisory locks (pg_stat_activity). */
export const LOCK_APPLICATION_NAME = 'portal-lock';

/** Connects to PostgreSQL through a pool. */
export async function openPostgres(url: string): Promise<Db> {
  const sql = postgres(url, { max: 10, onnotice: () => undefined });
  // postgres.js learns each parameter's type from the server and serialises json/jsonb itself. Issue 19: a query with
  // parameters is a named prepared statement on each connection (decision 043): unprepared, postgres.js asked the
  // server to describe it before every run (two round trips and a parse each time); prepared, the second run of the
  // same text is one round trip. The texts are the code's own (values always travel as parameters), so each
  // connection keeps a bounded set; a statement a migration invalidates is prepared again (postgres.js retries it).
  const run = async <T>(q: postgres.Sql | postgres.TransactionSql, text: string, params: Param[] = []) =>
    (await q.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: params.length > 0 })) as unknown as T[];
  const bus = postgresBus(url, sql);
  /** The connections of held advisory locks: closing the database ends them (and the locks). */
  const locks = new Set<() => Promise<void>>();
  try {
    await bus.ready;
  } catch (err) {
    await bus.close().catch(() => undefined);
    await sql.end({ timeout: 1 });
    throw err;
  }
  return {
    kind: 'postgres',
    bus,
    async tryAdvisoryLock(key) {
      // A connection of its own: the lock lives as long as it does, and its closing tells at once that the lock went.
      let gone = false;
      const conn = postgres(url, {
        max: 1,
        max_lifetime: null,
        onnotice: () => undefined,
        connection: { application_name: LOCK_APPLICATION_NAME },
        onclose: () => void (gone = true),
      });
      const end = () => {
        locks.delete(end);
        return conn.end({ timeout: 1 }).catch(() => undefined);
      };
      locks.add(end);
      try {
        const [row] = await conn<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(${key}) AS ok`;
        if (!row?.ok) {
          await end();
          return null;
        }
      } catch (err) {
        await end();
        throw err;
      }
      return {
        async held() {
          if (gone) return false;
          // A connection that closed unnoticed would come back as a new session without the lock: ask.
          const [row] = await conn<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_locks
             WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted AND classid = 0 AND objid = ${key}`.catch(() => [{ n: 0 }]);
          if (row?.n && !gone) return true;
          gone = true;
          await end();
          return false;
        },
        async release() {
          if (gone) return;
          gone = true;
          await conn`SELECT pg_advisory_unlock(${key})`.catch(() => undefined);
          await end();
        },
      };
    },
    query: (text, params) => run(sql, text, params),
    exec: async (text) => void (await sql.unsafe(text)),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) =>
      (await sql.begin((tx) => fn({ query: (text, params) => run(tx, text, params) }))) as T,
    close: async () => {
      await Promise.all([...locks].map((end) => end()));
      await bus.close();
      await sql.end();
    },
    // Through the bus's listening connection: one connection for all of them, and bus.onGap / bus.hearing cover it.
    listen: async (channel, fn) => {
      const off = await bus.channel(channel, fn);
      return async () => off();
    },
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in dataDir. */
export function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
