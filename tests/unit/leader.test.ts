/**
 * One leader among the processes on one database (db/leader.ts, docs/decisions/036): the demo simulator runs in the
 * process holding its advisory lock; another takes over when that one stops or loses its connection. PostgreSQL
 * parts run when TEST_DATABASE_URL is set (on a database of their own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index.ts';
import { leadership, LEADER_KEYS } from '../../src/server/db/leader.ts';
import { prepareDb } from '../../src/server/server.ts';
import { startSimulator } from '../../src/server/demo/simulator.ts';
import { scratchDatabase } from './helpers/cluster.ts';

describe('leadership on PGlite', () => {
  it('the one process always leads', async () => {
    const db = await openPglite();
    const l = leadership(db, LEADER_KEYS.simulator);
    expect(await l.isLeader()).toBe(true);
    await l.resign();
    expect(await l.isLeader()).toBe(true);
    await db.close();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('leadership on PostgreSQL (advisory lock)', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!);
    a = await prepareDb({ DATABASE_URL: database.url, DATA_DIR: '.', SEED_DEMO: true }, await openPostgres(database.url));
    b = await openPostgres(database.url);
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('one leader at a time; the other takes over when it resigns', async () => {
    const onA = leadership(a, 42_001);
    const onB = leadership(b, 42_001);
    expect(await onA.isLeader()).toBe(true);
    expect(await onB.isLeader()).toBe(false);
    expect(await onA.isLeader()).toBe(true);
    await onA.resign();
    expect(await onB.isLeader()).toBe(true);
    expect(await onA.isLeader()).toBe(false);
    await onB.resign();
  });

  it("the other takes over when the leader's connection is cut, and the old leader knows it no longer leads", async () => {
    const onA = leadership(a, 42_002);
    const onB = leadership(b, 42_002);
    expect(await onA.isLeader()).toBe(true);
    expect(await onB.isLeader()).toBe(false);
    const admin = postgres(database.url, { max: 1, onnotice: () => undefined });
    await admin`SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = 42002 AND granted`;
    await admin.end();
    expect(await onB.isLeader()).toBe(true);
    expect(await onA.isLeader()).toBe(false);
    await onB.resign();
  });

  it('two simulators on one database: only the leader moves orders; when it stops, the other does', async () => {
    const simA = startSimulator(a, { everyMs: 0, leader: leadership(a, LEADER_KEYS.simulator) });
    const simB = startSimulator(b, { everyMs: 0, leader: leadership(b, LEADER_KEYS.simulator) });
    expect(await simA.tick()).not.toBeNull();
    expect(await simB.tick()).toBeNull();
    expect(await simA.tick()).not.toBeNull();
    await simA.stop();
    expect(await simB.tick()).not.toBeNull();
    await simB.stop();
  });
});
