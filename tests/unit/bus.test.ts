/**
 * The topic bus (services/bus.ts, docs/decisions/036): in memory on PGlite; LISTEN/NOTIFY on PostgreSQL, across
 * connections (as across processes), and listening again after its connection is cut. The PostgreSQL part runs when
 * TEST_DATABASE_URL is set, on a database of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { openPglite, openPostgres, type Db } from '../../src/server/db/index.ts';
import { BUS_APPLICATION_NAME, MAX_PAYLOAD_BYTES, memoryBus, topic } from '../../src/server/services/bus.ts';
import { onStatusChange, publishStatusChange, type StatusChange, BUS_NOTE_CHARS } from '../../src/server/services/work-order-bus.ts';
import { scratchDatabase } from './helpers/cluster.ts';

const hello = topic<{ n: number; text: string }>('test.hello');
const other = topic<{ n: number }>('test.other');
const change = (note: string | null = null): StatusChange => ({
  workOrderId: 'WO1',
  referralNumber: 'R1',
  agencyNumber: '10045821',
  userId: 'u1',
  previousStatus: 'Received',
  status: 'Policyholder contacted',
  note,
  at: new Date('2026-03-04T05:06:07.089Z'),
});

describe('the in-memory bus (PGlite)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
  });
  afterAll(async () => {
    await db.close();
  });

  it('delivers to the subscribers of the topic only, at once, and not after unsubscribing', async () => {
    const seen: unknown[] = [];
    const off = db.bus.subscribe(hello, (m) => seen.push(m));
    const offOther = db.bus.subscribe(other, (m) => seen.push({ other: m }));
    await db.bus.publish(hello, { n: 1, text: 'one' });
    expect(seen).toEqual([{ n: 1, text: 'one' }]);
    off();
    offOther();
    await db.bus.publish(hello, { n: 2, text: 'two' });
    expect(seen).toHaveLength(1);
  });

  it('a throwing subscriber does not stop the others', async () => {
    const seen: number[] = [];
    const offs = [
      db.bus.subscribe(hello, () => {
        throw new Error('broken stream');
      }),
      db.bus.subscribe(hello, (m) => seen.push(m.n)),
    ];
    await db.bus.publish(hello, { n: 3, text: 'three' });
    expect(seen).toEqual([3]);
    for (const off of offs) off();
  });

  it('refuses a message too big for NOTIFY, here as on PostgreSQL', async () => {
    await expect(db.bus.publish(hello, { n: 4, text: 'x'.repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(/NOTIFY takes at most/);
  });

  it('a work-order change travels whole (its time a Date), its note cut to BUS_NOTE_CHARS', async () => {
    const seen: StatusChange[] = [];
    const off = onStatusChange(db, (c) => seen.push(c));
    await publishStatusChange(db, change('short note'));
    await publishStatusChange(db, change('n'.repeat(5000)));
    off();
    expect(seen[0]).toEqual(change('short note'));
    expect(seen[0]!.at).toBeInstanceOf(Date);
    expect(seen[1]!.note).toHaveLength(BUS_NOTE_CHARS);
  });

  it('two databases in one process have two buses', async () => {
    const second = await openPglite();
    const seen: number[] = [];
    const off = second.bus.subscribe(hello, (m) => seen.push(m.n));
    await db.bus.publish(hello, { n: 5, text: 'five' });
    off();
    await second.close();
    expect(seen).toEqual([]);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL bus (LISTEN/NOTIFY)', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!);
    a = await openPostgres(database.url);
    b = await openPostgres(database.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** The next n messages of a topic on a bus. */
  const collect = <T>(db: Db, t: ReturnType<typeof topic<T>>, n: number) => {
    const got: T[] = [];
    let off = () => {};
    const done = new Promise<T[]>((resolve) => {
      off = db.bus.subscribe(t, (m) => {
        got.push(m);
        if (got.length === n) resolve(got);
      });
    });
    return { got, done: done.finally(() => off()) };
  };

  it('a message published on one connection reaches the subscribers of every connection, the publisher included, in order', async () => {
    const onA = collect(a, hello, 3);
    const onB = collect(b, hello, 3);
    for (const n of [1, 2, 3]) await a.bus.publish(hello, { n, text: `m${n}` });
    expect((await onB.done).map((m) => m.n)).toEqual([1, 2, 3]);
    expect((await onA.done).map((m) => m.n)).toEqual([1, 2, 3]);
  });

  it('a NOTIFY inside a transaction is heard on commit only; a rolled-back one never', async () => {
    const onB = collect(b, hello, 1);
    const payload = (n: number) => JSON.stringify({ t: hello.name, m: { n, text: 'tx' } });
    await a
      .transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', ['portal_bus', payload(10)]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await a.transaction(async (tx) => {
      await tx.query('SELECT pg_notify($1, $2)', ['portal_bus', payload(11)]);
    });
    expect((await onB.done).map((m) => m.n)).toEqual([11]);
  });

  it('a work-order change crosses with its Date', async () => {
    const got = new Promise<StatusChange>((resolve) => {
      const off = onStatusChange(b, (c) => {
        off();
        resolve(c);
      });
    });
    await publishStatusChange(a, change('across'));
    expect(await got).toEqual(change('across'));
  });

  it('refuses a payload over the NOTIFY limit before sending it', async () => {
    await expect(a.bus.publish(hello, { n: 0, text: 'x'.repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(/NOTIFY takes at most/);
  });

  it('caughtUp: answers true once what was committed before it (through another connection) has been heard', async () => {
    expect(await memoryBus().caughtUp()).toBe(true);
    // Twenty rounds: a message published through A, then B's caughtUp called at once (before B's socket is read):
    // when it answers, B's subscriber has the message.
    const seenByB: number[] = [];
    const off = b.bus.subscribe(hello, (m) => seenByB.push(m.n));
    try {
      for (let n = 1; n <= 20; n++) {
        await a.bus.publish(hello, { n, text: 'before the sync' });
        expect(await b.bus.caughtUp()).toBe(true);
        expect(seenByB.at(-1)).toBe(n);
      }
      // Fifty calls made together (they share notifications) all answer true.
      const answers = await Promise.all(Array.from({ length: 50 }, () => b.bus.caughtUp()));
      expect(answers.every(Boolean)).toBe(true);
    } finally {
      off();
    }
  });

  it("listens again after its connection is cut (pg_terminate_backend), and hears what is published after", async () => {
    const admin = postgres(database.url, { max: 1, onnotice: () => undefined });
    try {
      const before = await admin<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${database.name} AND application_name = ${BUS_APPLICATION_NAME}`;
      expect(before.length).toBe(2);
      // Cut both listening connections.
      const seenByB: number[] = [];
      const off = b.bus.subscribe(hello, (m) => seenByB.push(m.n));
      let gaps = 0;
      const offGap = b.bus.onGap(() => gaps++);
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${database.name} AND application_name = ${BUS_APPLICATION_NAME}`;
      // Publish until B hears again: messages sent while it was away are lost (decision 036), later ones arrive.
      for (let n = 100; !seenByB.length; n++) {
        if (n > 300) throw new Error('the bus did not listen again');
        await a.bus.publish(hello, { n, text: 'after the cut' });
        await new Promise((r) => setTimeout(r, 100));
      }
      off();
      offGap();
      // B was told that messages may have been missed (live streams end on it).
      expect(gaps).toBe(1);
      const after = await admin<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = ${database.name} AND application_name = ${BUS_APPLICATION_NAME}`;
      expect(after.length).toBe(2);
      expect(after.map((r) => r.pid)).not.toContain(before[0]!.pid);
    } finally {
      await admin.end();
    }
  });
});
