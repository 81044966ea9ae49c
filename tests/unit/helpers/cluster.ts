/**
 * Several real portal processes on one PostgreSQL database (issue 19): a database of their own on the test server
 * (TEST_DATABASE_URL), `src/server/main.ts` started as `npm run serve` starts it, once per process, and a small load
 * balancer in front that sends each request to the process the test names.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { HEALTH_PATH, haproxyConfig, parseServerStats, type ServerStats } from '../../../scripts/haproxy-config.ts';
import { DEMO_IDP_SECRET_ENV } from '../../../src/server/auth/agency-idp.ts';
import type { RunningPortal } from '../../../src/server/server.ts';

/** A database of its own on the server of `serverUrl`, dropped by `drop`. */
export async function scratchDatabase(serverUrl: string, prefix = 'portal_bus'): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    async drop() {
      const a = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((res) => s.listen(0, '127.0.0.1', res));
  const { port } = s.address() as AddressInfo;
  await new Promise((res) => s.close(res));
  return port;
}

/** One portal process. */
export interface PortalProcess {
  name: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** What it printed (for failures). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `src/server/main.ts` in a process of its own on `port`, and resolves once it answers requests. `env` adds to
 * (or overrides) the settings; the process inherits PATH and the like, never TEST_DATABASE_URL.
 */
export async function startPortalProcess(
  name: string,
  opts: { databaseUrl: string; publicUrl: string; env?: Record<string, string>; port?: number; dataDir?: string; log?: (line: string) => void },
): Promise<PortalProcess> {
  const port = opts.port || (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), `portal-${name}-`));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.TEST_DATABASE_URL;
  // The demo agency provider's client secret is derived from the database's keys when not set (decision 036).
  delete env[DEMO_IDP_SECRET_ENV];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: opts.publicUrl,
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: dataDir,
    SITE_DIR: './dist',
    LOG_LEVEL: 'warn',
    ...opts.env,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString('utf8')).slice(-20_000);
    opts.log?.(d.toString('utf8'));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  // Ready when it answers /auth-config.json (a 503 before the app exists).
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`portal ${name} exited with ${child.exitCode}:\n${out}`);
    const res = await fetch(`http://127.0.0.1:${port}/auth-config.json`).catch(() => null);
    if (res?.status === 200) break;
    if (i > 900) {
      await stop();
      throw new Error(`portal ${name} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { name, port, dataDir, child, output: () => out, stop };
}

/** The load balancer: one public port; each request goes to the process last named by `to`. */
export interface Balancer {
  url: string;
  port: number;
  /** Sends the following requests to this process. */
  to(target: PortalProcess): void;
  /** Sends each following request to the next of these processes in turn (round robin). */
  roundRobin(...targets: PortalProcess[]): void;
  /** A RunningPortal-shaped handle for the helpers that only need the URL (signInForTokens, callApi). */
  portal: RunningPortal;
  close(): Promise<void>;
}

/** Starts the balancer on `port` (0: any). Requests keep their Host header (the public one), like a real proxy's. */
export async function startBalancer(port = 0): Promise<Balancer> {
  let targets: PortalProcess[] = [];
  let turn = 0;
  const server: Server = createServer((req, res) => {
    const target = targets.length ? targets[turn++ % targets.length]! : null;
    if (!target) {
      res.writeHead(502).end('no target');
      return;
    }
    const up = request({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers }, (ur) => {
      res.writeHead(ur.statusCode ?? 502, ur.rawHeaders);
      ur.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((res) => server.listen(port, '127.0.0.1', res));
  const actual = (server.address() as AddressInfo).port;
  const url = `http://localhost:${actual}`;
  return {
    url,
    port: actual,
    to(t) {
      targets = [t];
    },
    roundRobin(...ts) {
      targets = ts;
      turn = 0;
    },
    portal: { url } as RunningPortal,
    async close() {
      server.closeAllConnections();
      await new Promise((res) => server.close(res));
    },
  };
}

export { HEALTH_PATH, haproxyConfig };

/**
 * Debian's HAProxy binary, installed with apt-get when missing (as root, or through `sudo -n` when that needs no
 * password: CI machines are fresh); `reason` says why there is none.
 */
export function ensureHaproxy(): { path: string } | { path: null; reason: string } {
  const find = () => ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p)) ?? null;
  let path = find();
  if (!path && existsSync('/usr/bin/apt-get')) {
    const root = process.getuid?.() === 0;
    const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
    if (root || sudo) {
      const run = (args: string[]) =>
        root
          ? spawnSync('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, stdio: 'ignore' })
          : spawnSync('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args], { stdio: 'ignore' });
      if (run(['update', '-qq']).status === 0) run(['install', '-y', '-qq', 'haproxy']);
      path = find();
    }
  }
  return path ? { path } : { path: null, reason: 'haproxy is not installed and could not be installed with apt-get (needs root or sudo, and Debian)' };
}

/** A real HAProxy in front of portal processes: round robin, no stickiness, health checks on HEALTH_PATH. */
export interface Haproxy {
  /** The public origin (http://localhost:port). */
  url: string;
  port: number;
  /** The stats page's port on 127.0.0.1 (`/stats`, `/stats;csv`). */
  statsPort: number;
  /** A RunningPortal-shaped handle for the helpers that only need the URL. */
  portal: RunningPortal;
  /** HAProxy's view of a server (named by the process's name): 'UP', 'DOWN', 'no check', … */
  serverStatus(name: string): Promise<string>;
  /** Every server's row of the stats (state, sessions now and in all). */
  stats(): Promise<ServerStats[]>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts HAProxy with the configuration of scripts/haproxy-config.ts (the one `npm run start:cluster` runs) on `port`
 * (0: a free one) in front of `targets`; resolves once every target is UP.
 */
export async function startHaproxy(
  binary: string,
  targets: PortalProcess[],
  opts: { port?: number; statsPort?: number; checkEveryMs?: number; dir?: string } = {},
): Promise<Haproxy> {
  const port = opts.port || (await freePort());
  const statsPort = opts.statsPort || (await freePort());
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'portal-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig({ port, statsPort, servers: targets.map((t) => ({ name: t.name, port: t.port })), checkEveryMs: opts.checkEveryMs }));
  const child = spawn(binary, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const stats = async () => parseServerStats(await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text());
  const serverStatus = async (name: string) => (await stats()).find((s) => s.name === name)?.status ?? 'unknown';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${out}`);
    const states = await Promise.all(targets.map((t) => serverStatus(t.name).catch(() => 'unknown')));
    if (states.every((s) => s === 'UP')) break;
    if (i > 300) {
      await stop();
      throw new Error(`haproxy did not see every process UP (${states.join(', ')}):\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = `http://localhost:${port}`;
  return { url, port, statsPort, portal: { url } as RunningPortal, serverStatus, stats, output: () => out, stop };
}
