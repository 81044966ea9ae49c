/**
 * The sign-in and account-email limits on PostgreSQL (auth/counter-store.ts, docs/decisions/036): counters in the
 * rate_limits table, shared by every process (here: two connections of their own). Runs when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { counterStoreFor } from '../../src/server/auth/counter-store.ts';
import { createRecoveryLimiter } from '../../src/server/auth/recovery-limiter.ts';
import { createLoginLimiter } from '../../src/server/auth/login-limiter.ts';
import { createAnalyticsLimiter } from '../../src/server/routes/analytics-limit.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../src/server/routes/define.ts';
import { scratchDatabase } from './helpers/cluster.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('limits counted in PostgreSQL (auth/counter-store.ts)', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!);
    a = await openPostgres(database.url);
    await migrate(a);
    b = await openPostgres(database.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('two connections (processes) count the same account emails: the limit is the limit of both together', async () => {
    const limits = { perEmail: 3, perAddress: 100, windowSeconds: 60 };
    const onA = createRecoveryLimiter(limits, counterStoreFor(a));
    const onB = createRecoveryLimiter(limits, counterStoreFor(b));
    expect(await onA.take('192.0.2.1', 'Shared@Example.com')).toBe(0);
    expect(await onB.take('192.0.2.2', 'shared@example.com')).toBe(0);
    expect(await onA.take('192.0.2.3', 'shared@example.com')).toBe(0);
    const wait = await onB.take('192.0.2.4', 'shared@example.com');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // The keys hold a hash, never the email.
    const keys = await a.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(keys.some((k) => k.key.includes('example.com'))).toBe(false);
  });

  it('a sign-in success on one process forgets the failures counted by the other', async () => {
    const limits = { max: 2, windowSeconds: 60, accountMax: 20, accountWindowSeconds: 60, addressMax: 50, addressWindowSeconds: 60, knownAddressDays: 1 };
    const onA = createLoginLimiter(limits, counterStoreFor(a));
    const onB = createLoginLimiter(limits, counterStoreFor(b));
    const attempt = { ip: '198.51.100.7', email: 'agent@demo.test' };
    await onA.fail(attempt);
    expect((await onB.fail(attempt)).reached).toContain('address-email');
    expect(await onA.blocked(attempt)).toMatchObject({ limit: 'address-email' });
    await onB.succeed(attempt);
    expect(await onA.blocked(attempt)).toBeNull();
  });
  it('the analytics limits (issue 18) count one device over two processes: the limit is the limit of both together', async () => {
    // The route hands the limiter its context only to set Retry-After on a refusal.
    const headers = new Map<string, string>();
    const c = { header: (k: string, v: string) => void headers.set(k, v) } as unknown as Context<AppEnv>;
    const onA = createAnalyticsLimiter({ perMinute: 3 }, counterStoreFor(a), 'analytics');
    const onB = createAnalyticsLimiter({ perMinute: 3 }, counterStoreFor(b), 'analytics');
    const device = `device:shared-${Date.now()}`;
    await onA(c, [device], { WebPage: '/a' });
    await onB(c, [device], { WebPage: '/b' });
    await onA(c, [device], { WebPage: '/c' });
    await expect(onB(c, [device], { WebPage: '/d' })).rejects.toMatchObject({ status: 429 });
    expect(Number(headers.get('Retry-After'))).toBeGreaterThan(0);
    // The experiments' counters are their own.
    await createAnalyticsLimiter({ perMinute: 3 }, counterStoreFor(b), 'experiments')(c, [device], {});
  });
});
