/**
 * Publishing with several processes on one PostgreSQL (issue 19, docs/decisions/036): one build at a time across
 * processes (an advisory lock), and every process switches to the new site (SITES_DIR shared, a message on the bus).
 * Two portals on one database of their own; the build steps are stand-ins (a real astro build takes minutes,
 * tests/unit/publisher.test.ts runs one). Runs when TEST_DATABASE_URL is set and the site is built.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/index.ts';
import { LEADER_KEYS } from '../../src/server/db/leader.ts';
import { EnvSchema } from '../../src/server/env.ts';
import { startServer, type RunningPortal } from '../../src/server/server.ts';
import { codeStamp, createPublisher, PUBLISH_INTERRUPTED, PUBLISHING_ELSEWHERE, publishStatusStore, type Publisher } from '../../src/server/services/publisher.ts';
import { LiveSite } from '../../src/server/live-site.ts';
import { scratchDatabase } from './helpers/cluster.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const hasDist = existsSync('dist/index.html');

/** Build steps that make a site of the same code as dist (its script names) whose home page says `text`. */
const standIn = (text: string, waitMs = 0) => ({
  build: [process.execPath, '-e', `setTimeout(() => {}, ${waitMs})`],
  index: (outDir: string) => [
    process.execPath,
    '-e',
    `const fs = require('node:fs'); const out = process.argv[1];
     fs.mkdirSync(out + '/_astro', { recursive: true });
     for (const f of fs.readdirSync('dist/_astro')) if (f.endsWith('.js')) fs.writeFileSync(out + '/_astro/' + f, '');
     fs.writeFileSync(out + '/index.html', '<!doctype html><h1>${text}</h1>');`,
    outDir,
  ],
});

describe.skipIf(!serverUrl || !hasDist)('publishing on two processes', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let a: RunningPortal;
  let b: RunningPortal;
  const sitesDir = mkdtempSync(join(tmpdir(), 'shared-sites-'));
  const start = async () =>
    startServer(
      EnvSchema.parse({ PORT: '0', HOST: '127.0.0.1', SITE_DIR: './dist', SITES_DIR: sitesDir, DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-')), LOG_LEVEL: 'silent', DATABASE_URL: database.url }),
      { db: await openPostgres(database.url) },
    );
  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!);
    a = await start();
    b = await start();
  }, 180_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** A publisher like A's own, with stand-in build steps. */
  const publisherOf = (p: RunningPortal, site: LiveSite, text: string, waitMs = 0): Publisher =>
    createPublisher({ origin: p.url, sitesDir, site, commands: standIn(text, waitMs), bus: p.db.bus, lock: () => p.db.tryAdvisoryLock(LEADER_KEYS.publisher), shared: publishStatusStore(p.db, LEADER_KEYS.publisher) });
  const lockHeld = async () => (await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted", [LEADER_KEYS.publisher]))[0]!.n > 0;

  it('a site published on A is served by B without a restart', async () => {
    const text = `Published ${Date.now()}`;
    const pub = publisherOf(a, a.site, text);
    expect(pub.start('editor@demo.test')).not.toBeNull();
    await pub.idle();
    expect(await pub.status()).toMatchObject({ state: 'succeeded', error: null });
    expect(codeStamp(a.site.dir)).toBe(codeStamp('dist'));
    for (let i = 0; b.site.dir !== a.site.dir; i++) {
      if (i > 100) throw new Error(`B still serves ${b.site.dir}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await (await fetch(`${b.url}/`)).text()).toContain(text);
  });

  it('one build at a time across processes: a second publisher elsewhere is refused while one builds', async () => {
    const first = publisherOf(a, new LiveSite('dist'), 'first', 3000);
    const second = publisherOf(b, new LiveSite('dist'), 'second');
    first.start('one@demo.test');
    // Wait until the first holds the lock (taken before its snapshot step).
    for (let i = 0; (await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted", [LEADER_KEYS.publisher]))[0]!.n === 0; i++) {
      if (i > 100) throw new Error('the first publisher never took the lock');
      await new Promise((r) => setTimeout(r, 50));
    }
    second.start('two@demo.test');
    await second.idle();
    expect(await second.status()).toMatchObject({ state: 'failed', error: PUBLISHING_ELSEWHERE });
    await first.idle();
    expect(await first.status()).toMatchObject({ state: 'succeeded' });
  });

  it("every process shows the building process's steps, and a build whose process stopped shows as failed", async () => {
    const builder = publisherOf(a, new LiveSite('dist'), 'shown', 2500);
    const onB = publisherOf(b, new LiveSite('dist'), 'unused');
    builder.start('shown@demo.test');
    for (let i = 0; !(await lockHeld()); i++) {
      if (i > 100) throw new Error('the builder never took the lock');
      await new Promise((r) => setTimeout(r, 50));
    }
    // B builds nothing, yet shows A's rebuild as it goes (the stand-in build step waits 2.5 s).
    for (let i = 0; (await onB.status()).step !== 'build'; i++) {
      if (i > 100) throw new Error(`B never showed the build step: ${JSON.stringify(await onB.status())}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await onB.status()).toMatchObject({ state: 'running', step: 'build', requestedBy: 'shown@demo.test' });
    await builder.idle();
    const done = await onB.status();
    expect(done).toMatchObject({ state: 'succeeded', requestedBy: 'shown@demo.test', error: null });
    expect(done.liveSite).toMatch(/^site-\d+$/);

    // A row left 'running' by a process that died (nobody holds the lock): shown as failed, not running for ever.
    await publishStatusStore(a.db, LEADER_KEYS.publisher).save({ ...done, state: 'running', step: 'index', startedAt: new Date().toISOString(), finishedAt: null });
    expect(await lockHeld()).toBe(false);
    expect(await onB.status()).toMatchObject({ state: 'failed', step: 'index', error: PUBLISH_INTERRUPTED });
  });
});
