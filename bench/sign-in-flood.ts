// Static-page latency during a flood of failed sign-ins (issue 14: 38 failed sign-ins a second slowed every page
// from about 4 ms to 4.8 s while the password hash shared libuv's threadpool with the site's file reads).
// `npm run bench -- --only=flood`, or alone: `npx tsx bench/sign-in-flood.ts` (starts its own bench server).
import autocannon from 'autocannon';
import { CLIENT_ID } from '../tests/unit/helpers/portal.ts';

export interface FloodRow {
  /** What ran beside the page load. */
  flood: string;
  /** Pages answered within the run (0: none came back before it ended). */
  pagesServed: number;
  pageP50Ms: number | string;
  pageP99Ms: number | string;
  pageErrors: number;
  /** Sign-in answers during the run, by status. */
  signIns: string;
}

/** A fresh interaction of the embedded provider: the login step's URL and its cookie. */
async function interaction(portal: string): Promise<{ url: string; cookie: string }> {
  const auth = new URL(`${portal}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${portal}/dashboard/login`,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'bench-flood',
  }).toString();
  const res = await fetch(auth, { redirect: 'manual' });
  const uid = new URL(res.headers.get('location')!, portal).pathname.split('/').pop()!;
  const cookie = res.headers
    .getSetCookie()
    .map((l) => l.split(';')[0])
    .join('; ');
  return { url: `${portal}/oidc/interaction/${uid}/login`, cookie };
}

/**
 * The static sign-in page under 10 connections for `seconds`: alone, then beside failed sign-ins (an unknown email,
 * a wrong password: the dummy hash) at each rate in `rates` per second. The bench server's sign-in limits are high
 * enough that every attempt reaches the hash.
 */
export async function signInFlood(portal: string, seconds: number, rates = [40, 200]): Promise<FloodRow[]> {
  const page = () => autocannon({ url: `${portal}/dashboard/login`, connections: 10, duration: seconds });
  const rows: FloodRow[] = [];
  const pageRow = (flood: string, r: autocannon.Result, signIns: string): FloodRow => ({
    flood,
    pagesServed: r.requests.total,
    pageP50Ms: r.requests.total ? r.latency.p50 : `> ${seconds * 1000}`,
    pageP99Ms: r.requests.total ? r.latency.p99 : `> ${seconds * 1000}`,
    pageErrors: r.errors + r.timeouts + r.non2xx,
    signIns,
  });
  rows.push(pageRow('none', await page(), '-'));
  let sent = 0;
  for (const rate of rates) {
    const step = await interaction(portal);
    const flood = autocannon({
      url: step.url,
      method: 'POST',
      connections: Math.min(rate, 100),
      overallRate: rate,
      duration: seconds,
      headers: { 'content-type': 'application/json', cookie: step.cookie },
      // A new unknown email each time: no per-(address, email) limit stops the flood before the hash.
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: `flood-${++sent}@nowhere.test`, password: 'Not-the-password-1!' }) }),
        },
      ],
    });
    const [p, f] = await Promise.all([page(), flood]);
    const byStatus = Object.entries(f.statusCodeStats ?? {})
      .map(([code, s]) => `${code}: ${(s as { count: number }).count}`)
      .join(', ');
    rows.push(pageRow(`${rate} failed sign-ins/s`, p, `${byStatus || 'none'}${f.errors + f.timeouts ? `, errors ${f.errors + f.timeouts}` : ''}`));
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { spawn } = await import('node:child_process');
  const { createInterface } = await import('node:readline');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((res) => createInterface({ input: child.stdout }).once('line', res));
  try {
    const rows = await signInFlood((JSON.parse(line) as { portal: string }).portal, Number(process.env.BENCH_SECONDS ?? 10));
    console.table(rows);
  } finally {
    child.kill('SIGTERM');
  }
}
