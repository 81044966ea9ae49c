/**
 * The one HAProxy configuration of the portal's cluster (issue 19), used by `npm run start:cluster`
 * (scripts/start-cluster.sh), the unit tests' helper (tests/unit/helpers/cluster.ts) and the cluster end-to-end run
 * (scripts/e2e-cluster.ts), so the tests exercise the configuration the script runs:
 *  - round robin without stickiness (any process answers any request: the shared state is in PostgreSQL);
 *  - an HTTP health check of each process on the portal's Healthcheck call (`{"status":"Healthy"}`), a process
 *    taken out after two failed checks and back after two good ones;
 *  - long client/server/tunnel timeouts, so the live streams (SSE) are not cut by the balancer;
 *  - each answer names the process that served it in `X-Served-By` (the server's name), and the stats page
 *    (`/stats`, `/stats;csv`) on its own port, on 127.0.0.1.
 *
 * Run with arguments it prints the configuration:
 *   node --import tsx scripts/haproxy-config.ts --port 8080 --stats-port 8404 [--bind '*'] [--check-every-ms 1000] \
 *     --server p1=4331 --server p2=4332
 */
import { pathToFileURL } from 'node:url';

/** The portal's health call (Healthcheck: `{"status":"Healthy"}` when its database answers). */
export const HEALTH_PATH = '/agentdashboard/api/v1/healthcheck';

/** What the configuration is made of. */
export interface HaproxyConfigOptions {
  /** The balancer's public port. */
  port: number;
  /** The stats page's port (bound on 127.0.0.1). */
  statsPort: number;
  /** The portal processes: HAProxy's name for each and its port on 127.0.0.1. */
  servers: { name: string; port: number }[];
  /** The address the public port is bound on: '127.0.0.1' (default) or '*' (every interface). */
  bind?: string;
  /** The health check's interval (default 1000 ms). */
  checkEveryMs?: number;
}

/** The configuration text. */
export function haproxyConfig(opts: HaproxyConfigOptions): string {
  const inter = opts.checkEveryMs ?? 1000;
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-server-close',
    '  timeout connect 2s',
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout tunnel 1h',
    '  timeout http-request 30s',
    '  timeout queue 10s',
    '  retries 2',
    '  option redispatch',
    'frontend portal',
    `  bind ${opts.bind ?? '127.0.0.1'}:${opts.port}`,
    '  default_backend portals',
    'backend portals',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${HEALTH_PATH} ver HTTP/1.1 hdr Host localhost`,
    `  http-check expect rstring '"status":"Healthy"'`,
    `  default-server inter ${inter} fastinter ${inter} downinter ${inter} fall 2 rise 2`,
    '  http-response set-header X-Served-By %[srv_name]',
    ...opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    'listen stats',
    `  bind 127.0.0.1:${opts.statsPort}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

/** One server's row of HAProxy's stats CSV (`/stats;csv`): its state and how many sessions it has had. */
export interface ServerStats {
  name: string;
  /** 'UP', 'DOWN', 'no check', … */
  status: string;
  /** Sessions now (a live stream is one until it ends). */
  current: number;
  /** Sessions in all (with `http-server-close`, about one per request). */
  total: number;
}

/** The backend servers' rows of a stats CSV. */
export function parseServerStats(csv: string, backend = 'portals'): ServerStats[] {
  // # pxname,svname,qcur,qmax,scur,smax,slim,stot,bin,bout,dreq,dresp,ereq,econ,eresp,wretr,wredis,status,…
  return csv
    .split('\n')
    .map((l) => l.split(','))
    .filter((c) => c[0] === backend && c[1] !== 'FRONTEND' && c[1] !== 'BACKEND' && c.length > 17)
    .map((c) => ({ name: c[1]!, status: c[17]!, current: Number(c[4]), total: Number(c[7]) }));
}

function usage(): never {
  process.stderr.write('usage: haproxy-config.ts --port N --stats-port N [--bind ADDR] [--check-every-ms N] --server NAME=PORT…\n');
  process.exit(2);
}

/** The command line: the options above as flags, the configuration on stdout. */
function main(args: string[]): void {
  const opts: Partial<HaproxyConfigOptions> & { servers: { name: string; port: number }[] } = { servers: [] };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    const value = args[++i];
    if (value === undefined) usage();
    if (flag === '--port') opts.port = Number(value);
    else if (flag === '--stats-port') opts.statsPort = Number(value);
    else if (flag === '--bind') opts.bind = value;
    else if (flag === '--check-every-ms') opts.checkEveryMs = Number(value);
    else if (flag === '--server') {
      const [name, port] = value.split('=');
      if (!name || !Number(port)) usage();
      opts.servers.push({ name, port: Number(port) });
    } else usage();
  }
  if (!opts.port || !opts.statsPort || !opts.servers.length) usage();
  process.stdout.write(haproxyConfig(opts as HaproxyConfigOptions));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
