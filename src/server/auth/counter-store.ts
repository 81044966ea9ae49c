/**
 * Where the limits keep their counters (issue 19, docs/decisions/036): in memory on PGlite (one process), in the
 * `rate_limits` table on PostgreSQL, so that every process counts the same failures. rate-limiter-flexible's
 * RateLimiterPostgres speaks the `pg` driver's interface (`query({ text, values })` → `{ rows, rowCount }`); this
 * file gives it that interface over our own connection (postgres.js), so the library's atomic upsert runs unchanged
 * and no second driver is needed.
 */
import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db, Param } from '../db/index.ts';

/**
 * Makes one counter: `points` within `duration` seconds, keys apart by `keyPrefix`. Every store has the
 * RateLimiterAbstract interface (get, consume, delete, set).
 */
export type CounterStore = (opts: { keyPrefix: string; points: number; duration: number }) => RateLimiterMemory | RateLimiterPostgres;

/** Counters in this process's memory. */
export const memoryStore: CounterStore = (opts) => new RateLimiterMemory(opts);

/** The table of the shared counters (migration 030). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** Counters in the database's `rate_limits` table, shared by every process on it. */
export function postgresStore(db: Db): CounterStore {
  const client = {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await db.query(q.text, (q.values ?? []) as Param[]);
      // postgres.js puts the affected row count on the result (a DELETE returns no rows).
      const count = (rows as unknown as { count?: number }).count;
      return { rows, rowCount: typeof count === 'number' ? count : rows.length };
    },
  };
  return (opts) =>
    new RateLimiterPostgres({
      ...opts,
      storeClient: client,
      storeType: 'client',
      tableName: RATE_LIMITS_TABLE,
      tableCreated: true,
      // Rows of windows that ended over an hour ago are deleted every 5 minutes (a timer that does not hold the process).
      clearExpiredByTimeout: true,
    });
}

/** The store for a database: shared on PostgreSQL, in memory on PGlite. */
export const counterStoreFor = (db: Db): CounterStore => (db.kind === 'postgres' ? postgresStore(db) : memoryStore);
