import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryStore, type CounterStore } from './counter-store.ts';
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';

/** Which limit refused or was reached (docs/decisions/020-sign-in-throttling-and-hash-pool.md). */
export type LoginLimitName = 'address-email' | 'account' | 'address';

/** One sign-in attempt, as the limits see it. */
export interface LoginAttempt {
  /** The connection's remote address (never a header). */
  ip: string;
  email: string;
}

/** The limits' settings (env: LOGIN_*). */
export interface LoginLimits {
  /** Failures per address and email within `windowSeconds` (LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS). */
  max: number;
  windowSeconds: number;
  /** Failures per account from all addresses (LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_ACCOUNT_WINDOW_SECONDS). */
  accountMax: number;
  accountWindowSeconds: number;
  /** Failures per address across all emails (LOGIN_ADDRESS_MAX_FAILURES, LOGIN_ADDRESS_WINDOW_SECONDS). */
  addressMax: number;
  addressWindowSeconds: number;
  /**
   * Days an address stays known for an account after a successful sign-in from it (LOGIN_KNOWN_ADDRESS_DAYS; 0:
   * off): the account limit neither counts nor refuses it, so others' guesses cannot lock the owner out.
   */
  knownAddressDays: number;
}

/** Counts failed sign-ins and says when to refuse. */
export interface LoginLimiter {
  /** The first limit that refuses this attempt and the seconds to wait, or null. */
  blocked(attempt: LoginAttempt): Promise<{ limit: LoginLimitName; wait: number } | null>;
  /** Records one failure; resolves with the failures still allowed by the address-and-email limit and the limits this failure reached. */
  fail(attempt: LoginAttempt): Promise<{ left: number; reached: LoginLimitName[] }>;
  /** After a successful sign-in: forgets the failures of this address and email and of the account; the address becomes known for the account. */
  succeed(attempt: LoginAttempt): Promise<void>;
  /** Failures allowed per address and email within the window. */
  readonly max: number;
  readonly limits: LoginLimits;
}

/**
 * The counters: `memoryStore` by default (one process, PGlite); on PostgreSQL the server passes
 * `counterStoreFor(db)` (auth/counter-store.ts), so every process counts the same failures (issue 19).
 */
export { memoryStore, type CounterStore };

const emailHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);

/** A key that names the address and email without putting the email in logs. */
export function loginKey(ip: string, email: string): string {
  return `${ip}|${emailHash(email)}`;
}

/**
 * The address as the per-address limit counts it: IPv4 (also IPv4-mapped IPv6) whole, IPv6 by its /64 network,
 * since one host usually holds a whole /64 and could otherwise change address at every attempt.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The sign-in limits over a counter store (see docs/decisions/004 and 020). */
export function createLoginLimiter(limits: LoginLimits, store: CounterStore = memoryStore): LoginLimiter {
  const pair = store({ keyPrefix: 'login-pair', points: limits.max, duration: limits.windowSeconds });
  const account = store({ keyPrefix: 'login-account', points: limits.accountMax, duration: limits.accountWindowSeconds });
  const address = store({ keyPrefix: 'login-address', points: limits.addressMax, duration: limits.addressWindowSeconds });
  const knownSeconds = limits.knownAddressDays * 86400;
  const known = knownSeconds > 0 ? store({ keyPrefix: 'login-known', points: 1, duration: knownSeconds }) : null;

  const keys = (a: LoginAttempt) => ({ pair: loginKey(a.ip, a.email), account: emailHash(a.email), address: addressKey(a.ip), known: loginKey(addressKey(a.ip), a.email) });
  const waitOf = async (limiter: RateLimiterAbstract, key: string, max: number) => {
    const res = await limiter.get(key);
    return res && res.consumedPoints >= max ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
  };
  const isKnown = async (key: string) => (known ? (await known.get(key)) !== null : false);
  /** Consumes one point; the points left (0 when the limit is reached or passed). */
  const consume = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      return (await limiter.consume(key)).remainingPoints;
    } catch (err) {
      if (err instanceof Error) throw err; // the store failed, not the limit
      return 0;
    }
  };

  return {
    max: limits.max,
    limits,
    async blocked(a) {
      const k = keys(a);
      const pairWait = await waitOf(pair, k.pair, limits.max);
      if (pairWait) return { limit: 'address-email', wait: pairWait };
      const addressWait = await waitOf(address, k.address, limits.addressMax);
      if (addressWait) return { limit: 'address', wait: addressWait };
      const accountWait = await waitOf(account, k.account, limits.accountMax);
      if (accountWait && !(await isKnown(k.known))) return { limit: 'account', wait: accountWait };
      return null;
    },
    async fail(a) {
      const k = keys(a);
      const reached: LoginLimitName[] = [];
      const left = await consume(pair, k.pair);
      if (left <= 0) reached.push('address-email');
      if ((await consume(address, k.address)) <= 0) reached.push('address');
      if (!(await isKnown(k.known)) && (await consume(account, k.account)) <= 0) reached.push('account');
      return { left, reached };
    },
    async succeed(a) {
      const k = keys(a);
      await pair.delete(k.pair);
      await account.delete(k.account);
      if (known) await known.set(k.known, 1, knownSeconds);
    },
  };
}
