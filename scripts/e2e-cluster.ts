/**
 * The cluster of the end-to-end run (issue 19, playwright.cluster.config.ts): two real portal processes on one
 * PostgreSQL database behind a real HAProxy, with the configuration `npm run start:cluster` runs
 * (scripts/haproxy-config.ts). Started by Playwright as its web server; SIGTERM or SIGINT stops it all.
 *
 *  - PostgreSQL: the server of TEST_DATABASE_URL, or the one scripts/start-test-postgres.sh starts when it is unset;
 *    a scratch database of this run's own (created here, dropped on exit).
 *  - The processes: `src/server/main.ts` as `npm run serve` starts it, the first migrating and seeding before the
 *    second starts; each with its own DATA_DIR (E2E_DATA_DIR/p1, /p2) whose `mailbox` is one shared folder
 *    (E2E_DATA_DIR/mailbox, where tests/e2e/mailbox.ts reads), one SITES_DIR, and one PUBLIC_URL: the balancer's
 *    http://localhost:E2E_CLUSTER_PORT (the OpenID issuer).
 *  - HAProxy on E2E_CLUSTER_PORT, its stats on 127.0.0.1:E2E_CLUSTER_STATS_PORT (the cluster tests read them).
 * On exit it prints how many sessions each process served.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerStats } from './haproxy-config.ts';
import { ensureHaproxy, scratchDatabase, startHaproxy, startPortalProcess, type Haproxy, type PortalProcess } from '../tests/unit/helpers/cluster.ts';

const log = (line: string) => process.stderr.write(`[cluster] ${line}\n`);
const port = Number(process.env.E2E_CLUSTER_PORT ?? 4392);
const statsPort = Number(process.env.E2E_CLUSTER_STATS_PORT ?? port + 1);
const firstPort = Number(process.env.E2E_CLUSTER_FIRST_PORT ?? 0);
const root = resolve(process.env.E2E_DATA_DIR ?? '.data-e2e-cluster');
const publicUrl = `http://localhost:${port}`;

const processes: PortalProcess[] = [];
let haproxy: Haproxy | null = null;
let drop: (() => Promise<void>) | null = null;
let stopping: Promise<void> | null = null;
/** HAProxy's latest stats (read every few seconds: on SIGTERM to the process group HAProxy may already be gone). */
let served: ServerStats[] = [];

/** Stops HAProxy, then the processes, then drops the database; prints the sessions each process served. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    if (haproxy) {
      served = await haproxy.stats().catch(() => served);
      await haproxy.stop();
    }
    if (served.length) log(`sessions served: ${served.map((s) => `${s.name} ${s.total}`).join(', ')}`);
    await Promise.all(processes.map((p) => p.stop()));
    if (drop) await drop().catch((e: unknown) => log(`could not drop the scratch database: ${String(e)}`));
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void stopAll().then(() => process.exit(0));
  });
}

try {
  const binary = ensureHaproxy();
  if (binary.path === null) throw new Error(binary.reason);
  const serverUrl = process.env.TEST_DATABASE_URL || execFileSync('bash', ['scripts/start-test-postgres.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const db = await scratchDatabase(serverUrl, 'portal_e2e');
  drop = db.drop;
  log(`database ${db.name}; data in ${root}`);

  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'mailbox'), { recursive: true });
  mkdirSync(join(root, 'sites'), { recursive: true });
  const env: Record<string, string> = { SITES_DIR: join(root, 'sites'), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  for (const name of ['p1', 'p2']) {
    const dataDir = join(root, name);
    mkdirSync(dataDir);
    symlinkSync('../mailbox', join(dataDir, 'mailbox'));
    const started = await startPortalProcess(name, {
      databaseUrl: db.url,
      publicUrl,
      dataDir,
      env,
      port: firstPort ? firstPort + processes.length : 0,
      log: (text) => process.stderr.write(text.replace(/^(?=.)/gm, `[${name}] `)),
    });
    processes.push(started);
    log(`${name} answers on 127.0.0.1:${started.port}`);
  }
  haproxy = await startHaproxy(binary.path, processes, { port, statsPort, dir: root });
  log(`HAProxy at ${publicUrl} (stats http://127.0.0.1:${statsPort}/stats): both processes UP`);
} catch (e) {
  log(`could not start: ${e instanceof Error ? e.message : String(e)}`);
  await stopAll();
  process.exit(1);
}

setInterval(() => {
  void haproxy
    ?.stats()
    .then((s) => (served = s))
    .catch(() => undefined);
}, 3000).unref();

// A process that dies ends the run (Playwright sees its web server gone).
for (const p of processes) {
  p.child.once('exit', (code, signal) => {
    if (stopping) return;
    log(`${p.name} exited (${code ?? signal}): stopping`);
    void stopAll().then(() => process.exit(1));
  });
}
