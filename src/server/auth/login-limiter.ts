import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createHash } from 'node:crypto';

/** Counts failed sign-ins per address and email, and says when to refuse. */
export interface LoginLimiter {
  /** Seconds to wait when blocked, else 0. */
  blockedFor(key: string): Promise<number>;
  /** Records one failure; resolves with the failures still allowed in the window (0: the next attempt is refused). */
  fail(key: string): Promise<number>;
  /** Forgets the failures of a key after a successful sign-in. */
  reset(key: string): Promise<void>;
  /** Failures allowed within the window. */
  readonly max: number;
}

/** A key that names the address and email without putting the email in logs. */
export function loginKey(ip: string, email: string): string {
  return `${ip}|${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

/** In-process limiter (see docs/decisions/004-rate-limiting.md for the multi-instance plan). */
export function createLoginLimiter(max: number, windowSeconds: number): LoginLimiter {
  const limiter = new RateLimiterMemory({ points: max, duration: windowSeconds });
  return {
    max,
    async blockedFor(key) {
      const res = await limiter.get(key);
      return res && res.consumedPoints >= max ? Math.ceil(res.msBeforeNext / 1000) : 0;
    },
    async fail(key) {
      try {
        return (await limiter.consume(key)).remainingPoints;
      } catch {
        return 0;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
