// Issue 19: the signed-in calls' hot reads (the caller's users row and agency list) come from memory on PGlite, and
// every change the database commits — through any code path, in or out of a transaction — is seen by the next read
// (triggers of migration 025 NOTIFY the cache). And a verified access token is remembered only until it expires.
import { generateKeyPair, exportJWK, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifier } from '../../src/server/auth/tokens.ts';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo, seedReference } from '../../src/server/db/seed.ts';
import { readCacheFor } from '../../src/server/services/read-cache.ts';
import { findUserByEmail } from '../../src/server/services/users.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';
import { scratchDatabase } from './helpers/cluster.ts';

describe('read cache (PGlite): every committed change is seen by the next read', () => {
  let db: Db;
  let userId: string;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await seedReference(db);
    await seedDemo(db);
    userId = (await findUserByEmail(db, 'agent@demo.test'))!.id;
  });
  afterAll(async () => {
    await db.close();
  });

  it('a users row changed by a plain UPDATE, inside a transaction, or deleted', async () => {
    const cache = readCacheFor(db);
    const before = (await cache.user(userId))!;
    // The second read is served from memory: a change made behind the database's back (none here) would not show,
    // which is what the triggers are for.
    expect((await cache.user(userId))!.first_name).toBe(before.first_name);

    await db.query('UPDATE users SET first_name = $1 WHERE id = $2', ['Renamed', userId]);
    expect((await cache.user(userId))!.first_name).toBe('Renamed');

    await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [userId]);
    });
    expect((await cache.user(userId))!.session_version).toBe(before.session_version + 1);

    await db.query("UPDATE users SET status = 'DEPROVISIONED' WHERE id = $1", [userId]);
    expect((await cache.user(userId))!.status).toBe('DEPROVISIONED');
    await db.query("UPDATE users SET status = 'ACTIVE', first_name = $1 WHERE id = $2", [before.first_name, userId]);
    expect((await cache.user(userId))!.status).toBe('ACTIVE');
  });

  it('a rolled-back change is not seen; a read racing a write never keeps the old row', async () => {
    const cache = readCacheFor(db);
    const name = (await cache.user(userId))!.first_name;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('UPDATE users SET first_name = $1 WHERE id = $2', ['Never', userId]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await cache.user(userId))!.first_name).toBe(name);

    // A miss whose query is queued before the write: it answers the old row, but must not keep it.
    await db.query('UPDATE users SET first_name = first_name WHERE id = $1', [userId]); // empties the entry
    const racing = cache.user(userId);
    const write = db.query('UPDATE users SET first_name = $1 WHERE id = $2', ['Raced', userId]);
    expect((await racing)!.first_name).toBe(name);
    await write;
    expect((await cache.user(userId))!.first_name).toBe('Raced');
    await db.query('UPDATE users SET first_name = $1 WHERE id = $2', [name, userId]);
  });

  it('the agency list follows user_agencies and agencies changes', async () => {
    const cache = readCacheFor(db);
    const list = await cache.agencies(userId);
    expect(list.length).toBeGreaterThan(0);
    const [first] = list;

    await db.query('UPDATE agencies SET agency_name = $1 WHERE agency_number = $2', ['Renamed Agency', first!.agencyNumber]);
    expect((await cache.agencies(userId)).find((a) => a.agencyNumber === first!.agencyNumber)!.agencyName).toBe('Renamed Agency');
    await db.query('UPDATE agencies SET agency_name = $1 WHERE agency_number = $2', [first!.agencyName, first!.agencyNumber]);

    await db.query('DELETE FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [userId, first!.agencyNumber]);
    expect((await cache.agencies(userId)).map((a) => a.agencyNumber)).not.toContain(first!.agencyNumber);
    await db.query('INSERT INTO user_agencies (user_id, agency_number, is_default_agency) VALUES ($1, $2, $3)', [userId, first!.agencyNumber, first!.isDefaultAgency]);
    expect((await cache.agencies(userId)).map((a) => a.agencyNumber)).toContain(first!.agencyNumber);
  });

  it('answers copies: a caller changing what it got does not change the next answer', async () => {
    const cache = readCacheFor(db);
    const u = (await cache.user(userId))!;
    u.first_name = 'Scribbled';
    expect((await cache.user(userId))!.first_name).not.toBe('Scribbled');
    const list = await cache.agencies(userId);
    list[0]!.agencyName = 'Scribbled';
    expect((await cache.agencies(userId))[0]!.agencyName).not.toBe('Scribbled');
  });
});

describe('read cache: a read not kept is not copied', () => {
  it('while the cache does not hear yet, the caller gets what load answered; once kept, copies', async () => {
    const db = await openPglite();
    try {
      const cache = readCacheFor(db);
      // Before LISTEN is in place nothing is kept: the loaded value, nobody else's, goes to the caller as it is.
      const own = { words: ['glass'] };
      expect(await cache.result('content', 'k', async () => own)).toBe(own);
      await cache.ready;
      const loaded = { words: ['glass'] };
      const first = await cache.result('content', 'k', async () => loaded);
      expect(first).not.toBe(loaded);
      first.words.push('scribbled');
      expect(await cache.result('content', 'k', async () => ({ words: ['not read'] }))).toEqual({ words: ['glass'] });
    } finally {
      await db.close();
    }
  });
});

describe('read cache through the API', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(async () => {
    await portal.close();
  });

  it('a deactivated user is refused on the very next call, and an agency added to them is listed on the next call', async () => {
    const tokens = await signInForTokens(portal, 'multi@demo.test');
    const list = async () => callApi(portal, 'User/GetUserAgencyList', { token: tokens.access_token, body: { AppName: 'AgentPortal' } });
    const first = await list();
    expect(first.status).toBe(200);
    const id = (await findUserByEmail(portal.db, 'multi@demo.test'))!.id;
    const count = (first.json!.result as unknown[]).length;

    await portal.db.query("INSERT INTO user_agencies (user_id, agency_number, is_default_agency) VALUES ($1, '10045821', false) ON CONFLICT DO NOTHING", [id]);
    const second = await list();
    expect((second.json!.result as unknown[]).length).toBe(count + 1);
    await portal.db.query("DELETE FROM user_agencies WHERE user_id = $1 AND agency_number = '10045821'", [id]);

    await portal.db.query("UPDATE users SET status = 'DEPROVISIONED' WHERE id = $1", [id]);
    expect((await list()).status).toBe(401);
    await portal.db.query("UPDATE users SET status = 'ACTIVE' WHERE id = $1", [id]);
    expect((await list()).status).toBe(200);
  });
});

describe('verified tokens are remembered until they expire', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token verified once is refused once its expiry has passed, even though it was remembered', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const verifier = createVerifier({ issuer: 'https://issuer.test', audience: 'aud', keys: { keys: [jwk] } });
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer('https://issuer.test')
      .setAudience('aud')
      .setSubject('user-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(privateKey);
    expect((await verifier.verify(token)).sub).toBe('user-1');
    expect((await verifier.verify(token)).sub).toBe('user-1');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((now + 120) * 1000);
    await expect(verifier.verify(token)).rejects.toThrow();
    // A token with a changed byte is never taken for the remembered one.
    vi.useRealTimers();
    await expect(verifier.verify(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))).rejects.toThrow();
  });
});

// Issue 19: on PostgreSQL (several processes) the kept answers are invalidated across processes: the triggers'
// notifications reach every process through its bus connection. Two Db objects here stand for two processes (each
// has its own pool, bus connection and cache). Runs when TEST_DATABASE_URL is set, on a database of its own.
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('read cache (PostgreSQL): invalidated across processes', () => {
  let a: Db;
  let b: Db;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let userId: string;
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
    return check();
  };
  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl!, 'portal_cache');
    a = await openPostgres(scratch.url);
    await migrate(a);
    await seedReference(a);
    await seedDemo(a);
    b = await openPostgres(scratch.url);
    await Promise.all([readCacheFor(a).ready, readCacheFor(b).ready]);
    userId = (await findUserByEmail(a, 'agent@demo.test'))!.id;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  it("B keeps the agency list in memory, and a change committed through A reaches B's cache", async () => {
    const cacheB = readCacheFor(b);
    const before = await cacheB.agencies(userId);
    expect(before.length).toBeGreaterThan(0);
    // Kept: a change that notifies nobody (the trigger switched off) is not seen by B…
    await a.exec('ALTER TABLE agencies DISABLE TRIGGER agencies_cache');
    await a.query('UPDATE agencies SET agency_name = $1 WHERE agency_number = $2', ['Unannounced', before[0]!.agencyNumber]);
    await a.exec('ALTER TABLE agencies ENABLE TRIGGER agencies_cache');
    expect((await cacheB.agencies(userId))[0]!.agencyName).toBe(before[0]!.agencyName);
    // …and one that notifies reaches B (a moment after A's commit).
    await a.query('UPDATE agencies SET agency_name = $1 WHERE agency_number = $2', ['Announced', before[0]!.agencyNumber]);
    expect(await until(async () => (await cacheB.agencies(userId)).some((x) => x.agencyName === 'Announced'))).toBe(true);
    // A link removed through A: B's list loses it.
    const [link] = await a.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1 AND NOT is_default_agency LIMIT 1', [userId]);
    if (link) {
      await a.query('DELETE FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [userId, link.agency_number]);
      expect(await until(async () => !(await cacheB.agencies(userId)).some((x) => x.agencyNumber === link.agency_number))).toBe(true);
    }
  });

  it("read-your-writes: a change committed through A is in B's very next answer, with no wait (twenty rounds, agency list and a kept list result)", async () => {
    const cacheB = readCacheFor(b);
    const agencyNumber = (await cacheB.agencies(userId))[0]!.agencyNumber;
    const nameOf = () => a.query<{ agency_name: string }>('SELECT agency_name FROM agencies WHERE agency_number = $1', [agencyNumber]).then((r) => r[0]!.agency_name);
    for (let n = 1; n <= 20; n++) {
      // Kept in B first, so that a stale answer would come from memory.
      await cacheB.agencies(userId);
      await cacheB.result('lists', 'the agency name', nameOf);
      await a.query('UPDATE agencies SET agency_name = $1 WHERE agency_number = $2', [`Round ${n}`, agencyNumber]);
      // B asked at once, before its listening connection's socket has been read.
      expect((await cacheB.agencies(userId)).find((x) => x.agencyNumber === agencyNumber)!.agencyName).toBe(`Round ${n}`);
      expect(await cacheB.result('lists', 'the agency name', nameOf)).toBe(`Round ${n}`);
    }
  });

  it('the users row (what revocation changes) is read from the database on every call', async () => {
    const cacheB = readCacheFor(b);
    const before = (await cacheB.user(userId))!;
    await a.exec('ALTER TABLE users DISABLE TRIGGER users_cache');
    await a.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [userId]);
    await a.exec('ALTER TABLE users ENABLE TRIGGER users_cache');
    expect((await cacheB.user(userId))!.session_version).toBe(before.session_version + 1);
  });

  it("while B's bus connection is down nothing is served from memory, and what was kept is dropped when it listens again", async () => {
    const cacheB = readCacheFor(b);
    const before = await cacheB.agencies(userId);
    await a.exec('ALTER TABLE agencies DISABLE TRIGGER agencies_cache');
    try {
      await a.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'portal-bus' AND datname = current_database()");
      await until(async () => !b.bus.hearing);
      expect(b.bus.hearing).toBe(false);
      // Missed by every cache (no notification): B, not hearing, reads the database.
      await a.query('UPDATE agencies SET agency_name = $1 WHERE agency_number = $2', ['While deaf', before[0]!.agencyNumber]);
      expect((await cacheB.agencies(userId))[0]!.agencyName).toBe('While deaf');
      expect(await until(async () => b.bus.hearing)).toBe(true);
      // Listening again: a fresh read, then kept again (the next unannounced change is not seen).
      expect((await cacheB.agencies(userId))[0]!.agencyName).toBe('While deaf');
      await a.query('UPDATE agencies SET agency_name = $1 WHERE agency_number = $2', ['Unannounced again', before[0]!.agencyNumber]);
      expect((await cacheB.agencies(userId))[0]!.agencyName).toBe('While deaf');
    } finally {
      await a.exec('ALTER TABLE agencies ENABLE TRIGGER agencies_cache');
    }
  });
});
