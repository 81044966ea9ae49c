/**
 * Limits the calls that send account emails (forgot password, a fresh link, registration): per address
 * across emails and per email across addresses, with rate-limiter-flexible's memory limiter (one process;
 * docs/decisions/004-rate-limiting.md for the multi-instance plan). Keys never hold the email itself.
 */
import { createHash } from 'node:crypto';
import { RateLimiterMemory } from 'rate-limiter-flexible';

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

export function createRecoveryLimiter(limits: RecoveryLimits = DEFAULT_RECOVERY_LIMITS): RecoveryLimiter {
  const byAddress = new RateLimiterMemory({ keyPrefix: 'recovery-ip', points: limits.perAddress, duration: limits.windowSeconds });
  const byEmail = new RateLimiterMemory({ keyPrefix: 'recovery-email', points: limits.perEmail, duration: limits.windowSeconds });
  const consume = async (l: RateLimiterMemory, key: string) => {
    try {
      await l.consume(key);
      return 0;
    } catch (res) {
      return Math.max(1, Math.ceil(((res as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000));
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
