import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PublishStatus } from '../../lib/api/content-admin.ts';
import { writeSnapshot } from './content-snapshot.ts';
import { log } from '../log.ts';
import type { LiveSite } from '../live-site.ts';
import type { AdvisoryLock, Queryable } from '../db/index.ts';
import { topic, type Bus } from './bus.ts';

/**
 * A new site was published (issue 19): every process on the database switches to its folder, which is on storage
 * they all share (SITES_DIR), when it was built by the same code as theirs.
 */
export const sitePublished = topic<{ dir: string; stamp: string }>('site.published');

/** Switches `site` to each site another process publishes (built by the same code as `builtSite`); returns the unsubscribe. */
export function followPublications(bus: Bus, site: LiveSite, builtSite: string): () => void {
  const stamp = codeStamp(builtSite);
  return bus.subscribe(sitePublished, (p) => {
    if (resolve(p.dir) === site.dir) return;
    if (p.stamp !== stamp) {
      log.warn('a site published by other code was not switched to', { dir: p.dir });
      return;
    }
    if (!existsSync(join(p.dir, 'index.html'))) {
      log.error('a published site is not on this machine: SITES_DIR must be storage every process shares', { dir: p.dir });
      return;
    }
    site.switchTo(p.dir);
    log.info('site switched to a publication of another process', { site: p.dir.split('/').pop() });
  });
}

/** What a publication records (sites/current.json). */
interface Current {
  dir: string;
  /** The code the site was built with (see codeStamp): a site built by older code is not served. */
  stamp: string;
  publishedAt: string;
}

/**
 * The code a built site belongs to: the names of its hashed assets (content changes do not change
 * them; code changes do). Two builds of the same code share it.
 */
export function codeStamp(siteDir: string): string {
  const assets = join(siteDir, '_astro');
  const names = existsSync(assets) ? readdirSync(assets).filter((n) => n.endsWith('.js')).sort() : [];
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
}

/** The published site to serve at start: the last publication when built by the same code as `builtSite`. */
export function publishedSiteFor(sitesDir: string, builtSite: string): { dir: string | null; stale: boolean } {
  const file = join(sitesDir, 'current.json');
  if (!existsSync(file)) return { dir: null, stale: false };
  try {
    const cur = JSON.parse(readFileSync(file, 'utf8')) as Current;
    if (!existsSync(join(cur.dir, 'index.html'))) return { dir: null, stale: true };
    return cur.stamp === codeStamp(builtSite) ? { dir: cur.dir, stale: false } : { dir: null, stale: true };
  } catch {
    return { dir: null, stale: true };
  }
}

/** What createPublisher needs. */
export interface PublisherOptions {
  /** The portal's own origin: the snapshot reads its content API. */
  origin: string;
  /** Where builds go (DATA_DIR/sites). */
  sitesDir: string;
  site: LiveSite;
  /** The project (astro.config.mjs, src/, node_modules). */
  projectRoot?: string;
  /** The build steps' commands (tests replace them). */
  commands?: { build: string[]; index: (outDir: string) => string[] };
  /** Tells every process of a publication (db.bus, issue 19). */
  bus?: Bus;
  /** One build at a time across processes: the publishers' advisory lock (db.tryAdvisoryLock). */
  lock?: () => Promise<AdvisoryLock | null>;
  /** The status every process shows (several processes: publishStatusStore(db)); without it, this process's own. */
  shared?: SharedPublishStatus;
}

/** The publish status kept where every process reads it (issue 19). */
export interface SharedPublishStatus {
  save(status: PublishStatus): Promise<void>;
  load(): Promise<PublishStatus | null>;
  /** Whether some process holds the publishers' lock now (a 'running' row without one was cut short). */
  building(): Promise<boolean>;
}

/** The shared status in the database (table publish_status, migration 045), for PostgreSQL with several processes. */
export function publishStatusStore(db: Queryable, lockKey: number): SharedPublishStatus {
  return {
    async save(status) {
      await db.query(
        `INSERT INTO publish_status (id, status, updated_at) VALUES (1, $1, now())
         ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()`,
        [status],
      );
    },
    async load() {
      const [row] = await db.query<{ status: PublishStatus }>('SELECT status FROM publish_status WHERE id = 1');
      return row?.status ?? null;
    },
    async building() {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = $1
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [lockKey],
      );
      return (row?.n ?? 0) > 0;
    },
  };
}

// The refusal when another process is publishing, and the reason shown for a rebuild whose process stopped (its row
// still says running): in the contract, so the editor shows them in the reader's language.
export { PUBLISHING_ELSEWHERE, PUBLISH_INTERRUPTED } from '../../lib/api/content-admin.ts';
import { PUBLISHING_ELSEWHERE, PUBLISH_INTERRUPTED } from '../../lib/api/content-admin.ts';

/** Rebuilds and switches the served site, one rebuild at a time. */
export interface Publisher {
  /** This process's rebuild while it runs; else the last one of any process (opts.shared), or this process's. */
  status(): Promise<PublishStatus>;
  /** Starts a rebuild; null when one is already running. */
  start(requestedBy: string): PublishStatus | null;
  /** Resolves when the running rebuild (if any) has finished. */
  idle(): Promise<void>;
}

/** Runs a command; resolves with its output, rejects with the tail of it. */
function run(cmd: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((res, rej) => {
    const child = spawn(cmd[0]!, cmd.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (d: Buffer) => {
      out = (out + d.toString('utf8')).slice(-20000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => rej(new Error(`${cmd[0]}: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? res(out) : rej(new Error(`${cmd.slice(0, 3).join(' ')} exited with ${code}\n${out.slice(-2000)}`))));
  });
}

/** The commands that build the site into a folder of its own and index it with Pagefind (publisher, build-scale bench). */
export function siteBuildCommands(root: string) {
  const node = process.execPath;
  return {
    build: [node, join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
    index: (outDir: string) => [node, join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', outDir],
  };
}

/** The environment of such a build: its snapshot, output folder and cache (astro.config.mjs reads them), production mode. */
export function siteBuildEnv(paths: { snapshotDir: string; outDir: string; cacheDir: string }): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', CONTENT_SNAPSHOT_DIR: paths.snapshotDir, SITE_OUT_DIR: paths.outDir, ASTRO_CACHE_DIR: paths.cacheDir };
}

/** One rebuild at a time: snapshot → astro build into a new folder → Pagefind → switch the live site. */
export function createPublisher(opts: PublisherOptions): Publisher {
  const root = resolve(opts.projectRoot ?? process.cwd());
  const commands = opts.commands ?? siteBuildCommands(root);
  let state: PublishStatus = {
    state: 'idle',
    step: null,
    startedAt: null,
    finishedAt: null,
    error: null,
    liveSite: opts.site.dir.split('/').pop() ?? '',
    requestedBy: null,
  };
  let running: Promise<void> | null = null;

  async function rebuild(id: string) {
    const work = join(opts.sitesDir, `${id}.work`);
    const outDir = join(opts.sitesDir, id);
    const env = siteBuildEnv({ snapshotDir: join(work, 'snapshot'), outDir, cacheDir: join(work, 'cache') });
    let lock: AdvisoryLock | null = null;
    // Each step is shown by every process once this one holds the lock (a refused attempt is its own business).
    const set = async (next: PublishStatus) => {
      state = next;
      if (lock || !opts.lock) await opts.shared?.save(state).catch((err: unknown) => log.warn('publish status not shared', { error: String((err as Error)?.message ?? err).slice(0, 300) }));
    };
    try {
      if (opts.lock && !(lock = await opts.lock())) throw new Error(PUBLISHING_ELSEWHERE);
      mkdirSync(work, { recursive: true });
      await set({ ...state, step: 'snapshot' });
      await writeSnapshot(opts.origin, join(work, 'snapshot'));
      await set({ ...state, step: 'build' });
      await run(commands.build, root, env);
      await set({ ...state, step: 'index' });
      await run(commands.index(outDir), root, env);
      if (!existsSync(join(outDir, 'index.html'))) throw new Error('the build produced no home page');
      await set({ ...state, step: 'switch' });
      const previous = opts.site.dir;
      opts.site.switchTo(outDir);
      const cur: Current = { dir: outDir, stamp: codeStamp(outDir), publishedAt: new Date().toISOString() };
      writeFileSync(join(opts.sitesDir, 'current.json.tmp'), JSON.stringify(cur));
      // rename is atomic: current.json is always whole.
      renameSync(join(opts.sitesDir, 'current.json.tmp'), join(opts.sitesDir, 'current.json'));
      // Every other process switches too.
      await opts.bus?.publish(sitePublished, { dir: outDir, stamp: cur.stamp });
      // Keep the site before (a reader may still be loading its pages); remove older ones.
      for (const name of readdirSync(opts.sitesDir)) {
        const p = join(opts.sitesDir, name);
        if (p !== outDir && p !== previous && /^site-\d+$/.test(name)) rmSync(p, { recursive: true, force: true });
      }
      await set({ ...state, state: 'succeeded', finishedAt: new Date().toISOString(), liveSite: id });
      log.info('site published', { site: id, by: state.requestedBy });
    } catch (err) {
      rmSync(outDir, { recursive: true, force: true });
      const message = (err as Error).message.slice(-2000);
      await set({ ...state, state: 'failed', finishedAt: new Date().toISOString(), error: message });
      log.warn('site publish failed; the live site is unchanged', { site: id, error: message.slice(0, 500) });
    } finally {
      rmSync(work, { recursive: true, force: true });
      await lock?.release();
    }
  }

  return {
    async status() {
      if (running || !opts.shared) return { ...state };
      const shared = await opts.shared.load().catch(() => null);
      // This process's own attempt is newer (one refused while another built, say): show it.
      if (!shared || (state.startedAt !== null && (shared.startedAt === null || state.startedAt > shared.startedAt))) return { ...state };
      if (shared.state === 'running' && !(await opts.shared.building().catch(() => true))) {
        return { ...shared, state: 'failed', error: PUBLISH_INTERRUPTED };
      }
      return shared;
    },
    start(requestedBy) {
      if (running) return null;
      mkdirSync(opts.sitesDir, { recursive: true });
      const id = `site-${Date.now()}`;
      state = { state: 'running', step: 'snapshot', startedAt: new Date().toISOString(), finishedAt: null, error: null, liveSite: state.liveSite, requestedBy };
      running = rebuild(id).finally(() => {
        running = null;
      });
      return { ...state };
    },
    idle: () => running ?? Promise.resolve(),
  };
}
