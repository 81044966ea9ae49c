import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, openPglite, type Db } from '../../src/server/db/index.ts';
import { acquireDirLock } from '../../src/server/db/lock.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { DEMO_AGENCIES, DEMO_USERS, seedDemo, seedReference } from '../../src/server/db/seed.ts';
import { US_STATES, US_TIME_ZONES } from '../../src/server/db/reference-data.ts';
import { ONBOARDING_AGENCY_NUMBER } from '../../src/lib/api/sso-agency.ts';
import { loadEnv, publicOrigin } from '../../src/server/env.ts';
import { prepareDb } from '../../src/server/server.ts';

const tmpDirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'portal-db-test-'));
  tmpDirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
});

const count = async (db: Db, sql: string, params: (string | number)[] = []) => (await db.query<{ n: number }>(sql, params))[0]!.n;

describe('migrations and seeds (in-memory PGlite)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('migrate() applies each migration once; a second run applies nothing', async () => {
    const first = await migrate(db);
    expect(first).toContain('001_foundation.sql');
    const second = await migrate(db);
    expect(second).toEqual([]);
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(first);
    const tables = (await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'agencies', 'user_agencies', 'account_managers', 'states', 'time_zones', 'oidc_models', 'app_secrets', 'page_views', 'analytics_sessions', 'client_errors']),
    );
  });

  it('a migration that fails is rolled back and not recorded', async () => {
    const dir = tmp() + '/';
    writeFileSync(join(dir, '900_bad.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;\n');
    await expect(migrate(db, dir)).rejects.toThrow();
    expect(await count(db, "SELECT count(*)::int AS n FROM schema_migrations WHERE name = '900_bad.sql'")).toBe(0);
    expect(await count(db, "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half_done'")).toBe(0);
  });

  it('seedReference is idempotent: every state and time zone once', async () => {
    await seedReference(db);
    await seedReference(db);
    expect(await count(db, 'SELECT count(*)::int AS n FROM states')).toBe(US_STATES.length);
    expect(await count(db, 'SELECT count(*)::int AS n FROM time_zones')).toBe(US_TIME_ZONES.length);
  });

  it('seedDemo twice keeps one copy (created false the second time)', async () => {
    expect(await seedDemo(db)).toEqual({ created: true });
    const snapshot = async () => ({
      users: await count(db, 'SELECT count(*)::int AS n FROM users'),
      // The fixed onboarding agency of SSO swaps (migration 019) is reference data, not demo data.
      agencies: await count(db, 'SELECT count(*)::int AS n FROM agencies WHERE agency_number <> $1', [ONBOARDING_AGENCY_NUMBER]),
      links: await count(db, 'SELECT count(*)::int AS n FROM user_agencies'),
      managers: await count(db, 'SELECT count(*)::int AS n FROM account_managers'),
    });
    const before = await snapshot();
    expect(before).toEqual({
      users: DEMO_USERS.length,
      agencies: DEMO_AGENCIES.length,
      links: DEMO_USERS.reduce((n, u) => n + u.agencies.length, 0),
      managers: 2,
    });
    expect(await seedDemo(db)).toEqual({ created: false });
    expect(await snapshot()).toEqual(before);
  });

  it('the seed has one default agency per user with agencies, and passwords are hashed', async () => {
    const rows = await db.query<{ email: string; defaults: number; hash: string }>(
      `SELECT u.email, u.password_hash AS hash, count(*) FILTER (WHERE ua.is_default_agency)::int AS defaults
         FROM users u LEFT JOIN user_agencies ua ON ua.user_id = u.id GROUP BY u.email, u.password_hash ORDER BY u.email`,
    );
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(byEmail['agent@demo.test']!.defaults).toBe(1);
    expect(byEmail['admin@demo.test']!.defaults).toBe(1);
    expect(byEmail['internal@demo.test']!.defaults).toBe(0);
    for (const r of rows) expect(r.hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  it('the schema allows at most one default agency per user', async () => {
    const [u] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@demo.test'");
    await expect(db.query("UPDATE user_agencies SET is_default_agency = true WHERE user_id = $1", [u!.id])).rejects.toThrow(/unique|duplicate/i);
  });

  it('transactions commit on success', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO client_errors (user_id, error) VALUES (NULL, 'tx-commit')");
      return 42;
    });
    expect(result).toBe(42);
    expect(await count(db, "SELECT count(*)::int AS n FROM client_errors WHERE error = 'tx-commit'")).toBe(1);
  });

  it('transactions roll back on throw and the error passes through', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO client_errors (user_id, error) VALUES (NULL, 'tx-rollback')");
        await tx.query("INSERT INTO page_views (web_page) VALUES ('tx-rollback')");
        throw new Error('abort the transaction');
      }),
    ).rejects.toThrow('abort the transaction');
    expect(await count(db, "SELECT count(*)::int AS n FROM client_errors WHERE error = 'tx-rollback'")).toBe(0);
    expect(await count(db, "SELECT count(*)::int AS n FROM page_views WHERE web_page = 'tx-rollback'")).toBe(0);
    // The connection is still usable afterwards.
    expect(await count(db, 'SELECT 1::int AS n')).toBe(1);
  });

  it('transactions roll back on an SQL error inside them', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO client_errors (user_id, error) VALUES (NULL, 'tx-sql-error')");
        await tx.query('INSERT INTO client_errors (user_id, error) VALUES (NULL, NULL)');
      }),
    ).rejects.toThrow(/null/i);
    expect(await count(db, "SELECT count(*)::int AS n FROM client_errors WHERE error = 'tx-sql-error'")).toBe(0);
  });

  it('queries issued while a transaction runs do not see or join it (serialised)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query("INSERT INTO client_errors (user_id, error) VALUES (NULL, 'tx-serial')");
      await gate;
      throw new Error('rolled back');
    });
    // Queued behind the transaction: it must see the state after the rollback.
    const outside = count(db, "SELECT count(*)::int AS n FROM client_errors WHERE error = 'tx-serial'");
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await outside).toBe(0);
  });

  it('binds parameters safely (no SQL injection through values) and JSON-encodes objects', async () => {
    const evil = "x'); DROP TABLE users; --";
    await db.query('INSERT INTO client_errors (user_id, error) VALUES ($1, $2)', [null, evil]);
    expect(await count(db, 'SELECT count(*)::int AS n FROM client_errors WHERE error = $1', [evil])).toBe(1);
    expect(await count(db, 'SELECT count(*)::int AS n FROM users')).toBe(DEMO_USERS.length);
    await db.query("INSERT INTO app_secrets (name, value) VALUES ('test_json', $1)", [{ a: [1, 'two'] }]);
    const [row] = await db.query<{ value: unknown }>("SELECT value FROM app_secrets WHERE name = 'test_json'");
    expect(row!.value).toEqual({ a: [1, 'two'] });
  });

  it('prepareDb on an already prepared database changes nothing', async () => {
    const users = await count(db, 'SELECT count(*)::int AS n FROM users');
    await prepareDb({ DATABASE_URL: undefined, DATA_DIR: 'unused', SEED_DEMO: true }, db);
    expect(await count(db, 'SELECT count(*)::int AS n FROM users')).toBe(users);
    expect(await count(db, 'SELECT count(*)::int AS n FROM states')).toBe(US_STATES.length);
  });
});

describe('PGlite on disk', () => {
  // One directory for the on-disk cases (creating a PGlite cluster on disk takes seconds).
  let dir: string;
  beforeAll(() => {
    dir = tmp();
  });

  it('keeps data across close and reopen', async () => {
    const first = await openDb({ dataDir: dir });
    expect(first.kind).toBe('pglite');
    await migrate(first);
    await first.query("INSERT INTO client_errors (user_id, error) VALUES (NULL, 'persisted row')");
    await first.close();
    expect(existsSync(join(dir, 'portal.lock'))).toBe(false);

    const second = await openPglite(dir);
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await count(second, "SELECT count(*)::int AS n FROM client_errors WHERE error = 'persisted row'")).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('opening the same data directory twice in one process throws a clear error naming the directory', async () => {
    const first = await openPglite(dir);
    try {
      expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
      const err = await openPglite(dir).then(
        () => null,
        (e: Error) => e,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err!.message).toContain(dir);
      expect(err!.message).toContain(`process ${process.pid}`);
      expect(err!.message).toMatch(/in use/);
      // The first connection still works.
      expect(await count(first, 'SELECT 7::int AS n')).toBe(7);
    } finally {
      await first.close();
    }
    // Released: it opens again.
    const again = await openPglite(dir);
    await again.close();
  });

  it('a stale lock file left by a dead process is taken over', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(() => process.kill(dead, 0)).toThrow();
    writeFileSync(join(dir, 'portal.lock'), String(dead));
    const db = await openPglite(dir);
    try {
      expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
      expect(await count(db, "SELECT count(*)::int AS n FROM client_errors WHERE error = 'persisted row'")).toBe(1);
    } finally {
      await db.close();
    }
    expect(existsSync(join(dir, 'portal.lock'))).toBe(false);
  });

  it('a garbage lock file is taken over too', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'portal.lock'), 'not a pid');
    const lock = acquireDirLock(dir);
    expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    lock.release(); // twice is harmless
    expect(existsSync(join(dir, 'portal.lock'))).toBe(false);
  });

  it('release does not remove a lock another process took over', () => {
    const dir = tmp();
    const lock = acquireDirLock(dir);
    writeFileSync(join(dir, 'portal.lock'), '1');
    lock.release();
    expect(readFileSync(join(dir, 'portal.lock'), 'utf8')).toBe('1');
  });
});

describe('loadEnv', () => {
  const errorOf = (env: NodeJS.ProcessEnv) => {
    try {
      loadEnv(env);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('expected loadEnv to throw');
  };

  it('gives defaults for an empty environment', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 4321,
      HOST: '0.0.0.0',
      DATA_DIR: './.data',
      OIDC_CLIENT_ID: 'agent-portal',
      OIDC_AUDIENCE: 'urn:agent-portal:api',
      SITE_DIR: './dist',
      SEED_DEMO: true,
      LOGIN_MAX_FAILURES: 5,
      LOGIN_WINDOW_SECONDS: 900,
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(publicOrigin(env)).toBe('http://localhost:4321');
  });

  it('reads and coerces values; empty strings count as unset', () => {
    const env = loadEnv({ PORT: '8080', SEED_DEMO: 'false', DATABASE_URL: '', PUBLIC_URL: 'https://portal.example/', LOGIN_MAX_FAILURES: '3' });
    expect(env.PORT).toBe(8080);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.LOGIN_MAX_FAILURES).toBe(3);
    expect(publicOrigin(env)).toBe('https://portal.example');
    expect(loadEnv({ DATABASE_URL: 'postgresql://u:p@db:5432/portal' }).DATABASE_URL).toBe('postgresql://u:p@db:5432/portal');
    expect(loadEnv({ SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
  });

  it('PORT=abc gives a readable error naming PORT', () => {
    const msg = errorOf({ PORT: 'abc' });
    expect(msg).toMatch(/^Invalid server configuration:/);
    expect(msg).toMatch(/^\s+PORT: .+/m);
    expect(msg).not.toMatch(/DATABASE_URL/);
  });

  it('DATABASE_URL=mysql://x gives a readable error', () => {
    const msg = errorOf({ DATABASE_URL: 'mysql://x' });
    expect(msg).toContain('Invalid server configuration:');
    expect(msg).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('lists every problem at once', () => {
    const msg = errorOf({ PORT: '70000', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED_DEMO: 'yes', PUBLIC_URL: 'not a url' });
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SEED_DEMO', 'PUBLIC_URL']) expect(msg).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});

describe('cached reference loader', async () => {
  const { cached } = await import('../../src/server/routes/states.ts');
  it('loads once within the TTL, shares concurrent loads, reloads after it, and forgets failures', async () => {
    let t = 0;
    let loads = 0;
    let failNext = false;
    const get = cached(1000, async () => {
      loads++;
      if (failNext) {
        failNext = false;
        throw new Error('db down');
      }
      return loads;
    }, () => t);
    expect(await Promise.all([get(), get()])).toEqual([1, 1]);
    t = 999;
    expect(await get()).toBe(1);
    t = 1000;
    failNext = true;
    await expect(get()).rejects.toThrow('db down');
    expect(await get()).toBe(3);
    expect(loads).toBe(3);
  });
});
