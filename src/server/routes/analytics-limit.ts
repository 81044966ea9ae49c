/**
 * The analytics calls' limits (issue 18, docs/decisions/032-analytics-consent.md): SetupAnalytics, LogPageView,
 * ViewError/error and experiments/run are counted per device and per signed-in user, in calls and in bytes of
 * input per minute (one agent once wrote 2,000 × 4 KB rows in under five seconds). Counted where the other limits
 * count (auth/counter-store.ts: in memory on PGlite, in the database on PostgreSQL, so several processes count
 * together; issue 19). Over either limit → 429 and nothing stored.
 */
import type { Context } from 'hono';
import { memoryStore, type CounterStore } from '../auth/counter-store.ts';
import { HttpError } from '../errors.ts';
import { log } from '../log.ts';
import type { AppEnv } from './define.ts';

/** Calls per device or user per minute by default (ANALYTICS_MAX_PER_MINUTE): a page view a second. */
export const ANALYTICS_CALLS_PER_MINUTE = 60;
/** Bytes of input per device or user per minute by default (ANALYTICS_MAX_BYTES_PER_MINUTE). */
export const ANALYTICS_BYTES_PER_MINUTE = 64 * 1024;
/** The refusal over the limit. */
export const TOO_MANY_ANALYTICS = 'Too many analytics events. Please wait a minute and try again.';

export interface AnalyticsLimits {
  perMinute?: number;
  bytesPerMinute?: number;
}

/** True when the request carries the Global Privacy Control signal: the analytics calls then store nothing. */
export const gpcOn = (c: Context<AppEnv>) => c.req.header('sec-gpc')?.trim() === '1';

/**
 * Counts one call of `bytes` bytes for each key ('user:…', 'device:…'); throws 429 over a limit. `name` keeps the
 * counters of one service apart from another's (the dashboard's analytics calls, the experiments run).
 */
export function createAnalyticsLimiter(limits: AnalyticsLimits = {}, store: CounterStore = memoryStore, name = 'analytics') {
  const calls = store({ keyPrefix: `${name}-calls`, points: limits.perMinute ?? ANALYTICS_CALLS_PER_MINUTE, duration: 60 });
  const bytes = store({ keyPrefix: `${name}-bytes`, points: limits.bytesPerMinute ?? ANALYTICS_BYTES_PER_MINUTE, duration: 60 });
  return async (c: Context<AppEnv>, keys: (string | null | undefined)[], input: unknown) => {
    const size = Math.max(1, Buffer.byteLength(JSON.stringify(input ?? null)));
    for (const key of keys) {
      if (!key) continue;
      try {
        await calls.consume(key);
        await bytes.consume(key, size);
      } catch (res) {
        if (res instanceof Error) throw res;
        c.header('Retry-After', String(Math.max(1, Math.ceil(((res as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000))));
        log.warn('analytics rate limit', { key: key.split(':')[0] });
        throw new HttpError(429, TOO_MANY_ANALYTICS);
      }
    }
  };
}
