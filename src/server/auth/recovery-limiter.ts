/**
 * Limits the calls that send account emails (forgot password, a fresh link, registration): per address
 * across emails and per email across addresses, with rate-limiter-flexible counters: in memory by default, in the
 * database on PostgreSQL (auth/counter-store.ts, docs/decisions/036). Keys never hold the email itself.
 */
import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { memoryStore, type CounterStore } from './counter-store.ts';

export interface RecoveryLimits {
  /** Requests per email address in the window. */
  perEmail: number;
  /** Requests per client address in the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_RECOVERY_LIMITS: RecoveryLimits = { perEmail: 5, perAddress: 30, windowSeconds: 3600 };

export interface RecoveryLimiter {
  /** Counts one request; resolves with 0 when allowed, else the seconds to wait. */
  take(address: string, email: string | null): Promise<number>;
}

const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24);

export function createRecoveryLimiter(limits: RecoveryLimits = DEFAULT_RECOVERY_LIMITS, store: CounterStore = memoryStore): RecoveryLimiter {
  const byAddress = store({ keyPrefix: 'recovery-ip', points: limits.perAddress, duration: limits.windowSeconds });
  const byEmail = store({ keyPrefix: 'recovery-email', points: limits.perEmail, duration: limits.windowSeconds });
  const consume = async (l: ReturnType<CounterStore>, key: string) => {
    try {
      await l.consume(key);
      return 0;
    } catch (res) {
      // A store that failed (the database) is an error, not a refusal.
      if (!(res instanceof RateLimiterRes)) throw res;
      return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    }
  };
  return {
    async take(address, email) {
      const a = await consume(byAddress, address);
      if (a) return a;
      return email ? consume(byEmail, emailKey(email)) : 0;
    },
  };
}
