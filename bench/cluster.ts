// Issue 19: the cluster run — signed-in calls through a real HAProxy to one portal process, then to two, on one
// PostgreSQL database (a scratch database of the bench's own on the server of BENCH_DATABASE_URL or
// TEST_DATABASE_URL, or on the local test server scripts/start-test-postgres.sh starts). Both processes run during both
// runs (the second idles in the first), so only the balancer's list changes; the balancer keeps its port, which is the
// portal's PUBLIC_URL (the OpenID issuer), and the tokens signed in through it are used by both runs.
// Also each process's resident memory after every load run (it must not grow from run to run).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { CALLS, callPath } from '../src/lib/api/index.ts';
import { signInForTokens } from '../tests/unit/helpers/portal.ts';
import { ensureHaproxy, freePort, scratchDatabase, startHaproxy, startPortalProcess, type Haproxy, type PortalProcess } from '../tests/unit/helpers/cluster.ts';

export interface ClusterRow {
  target: string;
  processes: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** reqPerSec against the same target with one process. */
  speedup: number;
  /** Resident memory of each process after the run (MB), in process order. */
  rssMB: string;
  /** The CPU each portal process may use (cores), or 'all' when it could not be capped. */
  cpuPerProcess: string;
}

/**
 * Each portal process as a machine of a fixed size (issue 19). On one small machine the balancer, PostgreSQL, the
 * load generator and the portal processes share the cores, so a second process finds no core of its own and two
 * processes measure the machine, not the scale-out (1.0–1.2× on 2 cores). With a CPU quota per process (a Linux cgroup:
 * BENCH_CLUSTER_CPU cores each, default 0.5), one process has 0.5 of a core and two have 0.5 each, as two machines
 * of that size behind the balancer would, while the rest of the machine runs the balancer, the database and the load.
 * Needs write access to the cgroup file system (root here); without it the run is uncapped and says so.
 */
const CPU_PER_PROCESS = Number(process.env.BENCH_CLUSTER_CPU ?? 0.5);
interface CpuCap { release(): void }
function capCpu(name: string, pid: number | undefined, cores: number): CpuCap | null {
  if (!pid || !(cores > 0)) return null;
  const period = 100_000;
  const quota = Math.round(cores * period);
  // cgroup v1's cpu controller, else cgroup v2 (cpu.max) where this process may make a child group.
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  const group = existsSync(`${v1}/cpu.cfs_quota_us`) ? `${v1}/portal-bench-${name}` : `${v2}/portal-bench-${name}`;
  try {
    mkdirSync(group, { recursive: true });
    if (group.startsWith(v1)) {
      writeFileSync(`${group}/cpu.cfs_period_us`, String(period));
      writeFileSync(`${group}/cpu.cfs_quota_us`, String(quota));
    } else {
      writeFileSync(`${group}/cpu.max`, `${quota} ${period}`);
    }
    writeFileSync(`${group}/cgroup.procs`, String(pid));
  } catch {
    return null;
  }
  return {
    release() {
      try {
        rmdirSync(group);
      } catch {
        /* still has a process (it is stopping): the empty group is left for the next run to reuse */
      }
    },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMB(pid: number | undefined): number {
  if (!pid) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

function serverUrl(): string {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return given;
  return execFileSync('bash', ['scripts/start-test-postgres.sh'], { encoding: 'utf8' }).trim();
}

export async function clusterRun(seconds: number): Promise<ClusterRow[]> {
  const haproxyBinary = ensureHaproxy();
  if (haproxyBinary.path === null) throw new Error(`the cluster run needs HAProxy: ${haproxyBinary.reason}`);
  const db = await scratchDatabase(serverUrl(), 'portal_bench_cluster');
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const procs: PortalProcess[] = [];
  let balancer: Haproxy | null = null;
  const caps: CpuCap[] = [];
  try {
    // The first process migrates and seeds; the second starts on the database it made. High limits, as bench/server.ts.
    const env = { LOG_LEVEL: 'error', LOGIN_MAX_FAILURES: '1000', ANALYTICS_MAX_PER_MINUTE: '1000000' };
    procs.push(await startPortalProcess('a', { databaseUrl: db.url, publicUrl, env }));
    procs.push(await startPortalProcess('b', { databaseUrl: db.url, publicUrl, env }));
    // Capped once both have started (migrations and the demo seed run at full speed).
    for (const p of procs) {
      const cap = capCpu(p.name, p.child.pid, CPU_PER_PROCESS);
      if (cap) caps.push(cap);
    }
    const cpuPerProcess = caps.length === procs.length ? String(CPU_PER_PROCESS) : 'all';
    balancer = await startHaproxy(haproxyBinary.path, procs.slice(0, 1), { port });
    const token = (await signInForTokens(balancer.portal, 'agent@demo.test')).access_token;
    const json = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const targets: [string, autocannon.Options][] = [
      ['GetUserAgencyList (signed in)', { method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal' }), url: callPath(CALLS.GetUserAgencyList) }],
      ['GetAccountManagerDetails (signed in)', { method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal', AccountNumber: '10045821' }), url: callPath(CALLS.GetAccountManagerDetails) }],
      ['GetOpenWorkOrders (signed in, page of 25)', { method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal', AgencyNumber: '10045821', PageSize: 25 }), url: callPath(CALLS.GetOpenWorkOrders) }],
    ];
    const rows: ClusterRow[] = [];
    for (const n of [1, 2]) {
      if (n === 2) {
        await balancer.stop();
        balancer = await startHaproxy(haproxyBinary.path, procs, { port });
      }
      for (const [target, opts] of targets) {
        const r = await autocannon({ connections: 50, duration: seconds, ...opts, url: `${balancer.url}${String(opts.url)}` });
        const one = rows.find((x) => x.target === target && x.processes === 1);
        const reqPerSec = Math.round(r.requests.average);
        rows.push({
          target,
          processes: n,
          reqPerSec,
          p50Ms: r.latency.p50,
          p99Ms: r.latency.p99,
          errors: r.errors + r.timeouts + r.non2xx,
          speedup: one ? Number((reqPerSec / (one.reqPerSec || 1)).toFixed(2)) : 1,
          rssMB: procs.map((p) => rssMB(p.child.pid)).join(' / '),
          cpuPerProcess,
        });
      }
    }
    return rows;
  } finally {
    await balancer?.stop();
    for (const p of procs) await p.stop();
    for (const c of caps) c.release();
    await db.drop();
  }
}
