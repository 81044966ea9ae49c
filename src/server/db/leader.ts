/**
 * One leader among the processes on one database (issue 19, docs/decisions/036): the process that holds advisory
 * lock `key` leads; the others stand by and take over when its connection (or the process) goes. On PGlite the one
 * process always leads.
 */
import type { AdvisoryLock, Db } from './index.ts';

/** Advisory lock keys of the portal's leaders (distinct from the migrations' lock, db/migrate.ts). */
export const LEADER_KEYS = { simulator: 7_310_020, publisher: 7_310_021 } as const;

export interface Leadership {
  /** True when this process leads now: it keeps the lock it holds, or takes it when free. */
  isLeader(): Promise<boolean>;
  /** Gives the lock up (on stop), so another process takes over at once. */
  resign(): Promise<void>;
}

export function leadership(db: Pick<Db, 'tryAdvisoryLock'>, key: number): Leadership {
  let lock: AdvisoryLock | null = null;
  return {
    async isLeader() {
      if (lock && (await lock.held())) return true;
      lock = await db.tryAdvisoryLock(key).catch(() => null);
      return lock !== null;
    },
    async resign() {
      await lock?.release();
      lock = null;
    },
  };
}
