// `npm run bench`: page weight, Lighthouse, API load, time to file a claim, time to register and build scale, as one table and a JSON file.
// Not part of `npm test`: figures, not assertions (docs/performance.md explains each one).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CALLS, callPath } from '../src/lib/api/index.ts';
import { signInForTokens } from '../tests/unit/helpers/portal.ts';
import type { RunningPortal } from '../src/server/server.ts';
import { measurePage } from './page-weight.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PAGE_KINDS, type PageKind } from './pages.ts';
import { buildScale } from './build-scale.ts';
import { TIME_TO_FILE_GOAL_INTERACTIONS, timeToFile, timeToSignInWithTotp, type TimeToFile, type TimeToSignIn } from './time-to-file.ts';
import { DEMO_MFA_USERS, DEMO_TOTP_SECRET, timeStep, totpCode } from '../src/server/services/mfa.ts';
import { signInFlood, type FloodRow } from './sign-in-flood.ts';
import { timeToRegister, type TimeToRegister } from './time-to-register.ts';
// issue 18: live chat
import { chatLatency, type ChatLatency } from './chat-latency.ts';
// issue 19: one process vs two behind HAProxy on PostgreSQL
import { clusterRun } from './cluster.ts';

const args = new Set(process.argv.slice(2));
const only = (part: string) => ![...args].some((a) => a.startsWith('--only=')) || args.has(`--only=${part}`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// issue 17: shop search: a partial run (some pages, some load targets) for a feature's own rows; it prints its tables and
// leaves bench/results and docs/performance.md alone. BENCH_PATHS matches page paths, BENCH_TARGETS load targets.
const PATHS = process.env.BENCH_PATHS ? new RegExp(process.env.BENCH_PATHS) : null;
const TARGETS = process.env.BENCH_TARGETS ? new RegExp(process.env.BENCH_TARGETS) : null;
const PARTIAL = PATHS !== null || TARGETS !== null || [...args].some((a) => a.startsWith('--orders='));
const SITE = './dist';
const fmtKB = (n: number) => (n / 1024).toFixed(1);

function build(): void {
  const r = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('npm run build failed');
}

// Issue 19: --orders=N: the bench server on PostgreSQL (BENCH_DATABASE_URL, a database of the bench's own: it is
// migrated, seeded and filled with N generated work orders) instead of PGlite; a partial run (nothing written).
const ORDERS = [...args].find((a) => a.startsWith('--orders='))?.slice('--orders='.length);
if (ORDERS && !process.env.BENCH_DATABASE_URL) throw new Error('--orders needs BENCH_DATABASE_URL (a PostgreSQL database of its own)');

/** Memory of a portal process after a full garbage collection (bench/server.ts answers "mem" on stdin). */
export interface Memory { rssMB: number; heapMB: number }
async function startBenchServer(): Promise<{ child: ChildProcess; portal: string; bare: string; dataDir: string; memory(): Promise<Memory> }> {
  const env = ORDERS ? { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL, BENCH_ORDERS: ORDERS } : process.env;
  // BENCH_CPU_PROF=<folder>: the server process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, ['--expose-gc', ...prof, '--import', 'tsx', 'bench/server.ts'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  // Every line the server prints after its first one answers a "mem" request, in order.
  const waiting: ((line: string) => void)[] = [];
  const rl = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((res, rej) => {
    rl.once('line', (first) => {
      rl.on('line', (next) => waiting.shift()?.(next));
      res(first);
    });
    child.once('exit', (code) => rej(new Error(`bench server exited (${code})`)));
  });
  const memory = () =>
    new Promise<Memory>((res) => {
      waiting.push((l) => res(JSON.parse(l) as Memory));
      child.stdin!.write('mem\n');
    });
  return { child, memory, ...(JSON.parse(line) as { portal: string; bare: string; dataDir: string }) };
}

// ---- page weight -------------------------------------------------------------------------------
interface WeightRow { kind: string; path: string; html: number; htmlGz: number; css: number; cssGz: number; js: number; jsGz: number; lazyJsGz: number; framework: boolean }
function pageWeights(kinds: PageKind[]): WeightRow[] {
  return kinds.map((k) => {
    const w = measurePage(SITE, k.path);
    return {
      kind: k.kind, path: k.path,
      html: w.html.raw, htmlGz: w.html.gzip, css: w.css.raw, cssGz: w.css.gzip, js: w.js.raw, jsGz: w.js.gzip,
      lazyJsGz: w.lazyJs.gzip, framework: w.frameworkFiles.length > 0,
    };
  });
}

// ---- Lighthouse ----------------------------------------------------------------------------------
interface LighthouseRow { kind: string; path: string; performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number; tbtMs: number; cls: number }
async function signInPage(browser: Browser, base: string, email: string): Promise<Page> {
  // A context of its own: no provider session of an earlier sign-in (another user) carries over.
  const page = await (await browser.createBrowserContext()).newPage();
  await page.goto(`${base}/dashboard/login`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#login-email');
  await page.type('#login-email', email);
  await page.type('#login-password', 'Demo!2345');
  if ((DEMO_MFA_USERS as readonly string[]).includes(email)) {
    // Two-step sign-in (issue 14): the demo admins' code from the demo secret; a code already used (the same admin a
    // moment ago) is answered with the next one, then after the step changes (docs/decisions/021).
    await page.click('button[type=submit]');
    await page.waitForSelector('#mfa-code');
    let signedIn = false;
    for (let tries = 0; tries < 3 && !signedIn; tries++) {
      for (const step of [timeStep(), timeStep() + 1]) {
        await page.$eval('#mfa-code', (el) => ((el as HTMLInputElement).value = ''));
        await page.type('#mfa-code', totpCode(DEMO_TOTP_SECRET, step));
        const [res] = await Promise.all([page.waitForResponse((r) => /\/oidc\/interaction\/[^/]+\/mfa$/.test(r.url()) && r.request().method() === 'POST'), page.click('button[type=submit]')]);
        if (res.ok()) {
          signedIn = true;
          break;
        }
      }
      if (!signedIn) await new Promise((r) => setTimeout(r, (timeStep() + 1) * 30_000 - Date.now() + 100));
    }
  } else {
    // 'load', not network idle: the dashboard keeps its live work-order stream open.
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type=submit]')]);
  }
  await page.waitForFunction(() => location.pathname === '/dashboard/' && !!document.querySelector('.user-menu__button'), { timeout: 20000 });
  return page;
}
async function lighthouseRuns(base: string, kinds: PageKind[]): Promise<LighthouseRow[]> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const rows: LighthouseRow[] = [];
  try {
    for (const k of kinds.filter((k) => k.lighthouse !== false)) {
      const page = k.signedInAs ? await signInPage(browser, base, k.signedInAs) : await browser.newPage();
      if (k.signedInAs) {
        // Keep the tab's sessionStorage (the signed-in user) but start with an empty HTTP cache.
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await page.goto('about:blank');
      }
      const url = `${base}${k.lighthousePath ?? k.path}`;
      const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], disableStorageReset: !!k.signedInAs }, undefined, page);
      const lhr = result!.lhr;
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${landed}: not measured as intended`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const shifts = (lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined)?.items ?? [];
      if (process.env.BENCH_DEBUG) for (const it of shifts) console.error(`layout shift ${k.path}: ${it.score?.toFixed(3)} ${it.node?.selector} ${it.node?.snippet?.slice(0, 120)}`);
      rows.push({ kind: k.kind, path: k.path, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'), lcpMs: Math.round(audit('largest-contentful-paint')), tbtMs: Math.round(audit('total-blocking-time')), cls: Number(audit('cumulative-layout-shift').toFixed(3)) });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

// ---- API load ------------------------------------------------------------------------------------
interface LoadRow { target: string; reqPerSec: number; p50Ms: number; p99Ms: number; errors: number; ratioToBare: number; rssMB: number; heapMB: number }
type Measured = Omit<LoadRow, 'ratioToBare' | 'rssMB' | 'heapMB'>;
async function load(name: string, opts: autocannon.Options): Promise<Measured> {
  const r = await autocannon({ connections: 50, duration: SECONDS, ...opts });
  return { target: name, reqPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}
async function apiLoad(portal: string, bare: string, memory: () => Promise<Memory>): Promise<LoadRow[]> {
  const token = (await signInForTokens({ url: portal } as RunningPortal, 'agent@demo.test')).access_token;
  const json = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const adminAuth = { authorization: `Bearer ${(await signInForTokens({ url: portal } as RunningPortal, 'admin@demo.test')).access_token}` };
  // Issue 18: a running site-entry experiment, so that ExperimentsRun assigns a variant and logs the exposure.
  const internal = { 'content-type': 'application/json', authorization: `Bearer ${(await signInForTokens({ url: portal } as RunningPortal, 'internal@demo.test')).access_token}` };
  const experiment = { AppName: 'AgentPortal', name: 'Bench', key: 'bench-site-entry', triggerEvent: 'SiteEntry', triggerValue: null, variants: [{ name: 'control', weight: 50 }, { name: 'b', weight: 50 }], goalEvent: 'ClaimSubmitted' };
  const saved = (await (await fetch(`${portal}${callPath(CALLS.SaveExperiment)}`, { method: 'POST', headers: internal, body: JSON.stringify(experiment) })).json()) as { result: { id: number } | null };
  // On a bench database used before (--orders), the experiment is there and running already (its key is taken).
  if (saved.result) await fetch(`${portal}${callPath(CALLS.SetExperimentStatus)}`, { method: 'POST', headers: internal, body: JSON.stringify({ AppName: 'AgentPortal', id: saved.result.id, status: 'Running' }) });
  const targets: [string, autocannon.Options][] = [
    ['bare Hono JSON route (reference)', { url: bare }],
    ['static page /dashboard/login', { url: `${portal}/dashboard/login` }],
    ['GetStates (public GET)', { url: `${portal}${callPath(CALLS.GetStates)}?AppName=AgentPortal` }],
    ['content page /articles/what-is-adas-recalibration', { url: `${portal}/articles/what-is-adas-recalibration` }],
    ['content ArticleList/ (public GET)', { url: `${portal}${callPath(CALLS.ArticleList)}?tagName=coverage` }],
    ['content search/ (public GET)', { url: `${portal}${callPath(CALLS.SearchContent)}?SearchTerm=windshield` }],
    ['GetUserAgencyList (signed in)', { url: `${portal}${callPath(CALLS.GetUserAgencyList)}`, method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal' }) }],
    ['GetAccountManagerDetails (signed in)', { url: `${portal}${callPath(CALLS.GetAccountManagerDetails)}`, method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal', AccountNumber: '10045821' }) }],
    // Work orders (issue 6): the agent's first open page (default sort) and the dashboard (recent, counts, 12-week chart), on the demo seed.
    ['GetOpenWorkOrders (signed in, page of 25)', { url: `${portal}${callPath(CALLS.GetOpenWorkOrders)}`, method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal', AgencyNumber: '10045821', PageSize: 25 }) }],
    ['GetOpenWorkOrders (signed in, search + sort)', { url: `${portal}${callPath(CALLS.GetOpenWorkOrders)}`, method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal', AgencyNumber: '20077314', Search: 'M', SortBy: 'PolicyholderName', SortDirection: 'asc' }) }],
    ['GetDashboardWorkOrders (signed in)', { url: `${portal}${callPath(CALLS.GetDashboardWorkOrders)}`, method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal', AgencyNumber: '10045821' }) }],
    // Agency user administration (issue 15): the admin's search over Summit Ridge's 10,000 generated users (bench/server.ts), a page of 25.
    // CE courses (issue 16): the public catalog call (the static pages' source) and the seats the course pages fetch.
    ['GetCECourseList (public GET)', { url: `${portal}${callPath(CALLS.GetCECourseList)}?AppName=AgentPortal` }],
    ['GetValidateCourseIsMaximumLimit (public GET, 4 courses)', { url: `${portal}${callPath(CALLS.GetValidateCourseIsMaximumLimit)}?courseIds=1,2,3,4` }],
    ['ListOktaUsersByAgentNameOrEmail (agency admin, 10,000 users)', { url: `${portal}${callPath(CALLS.ListOktaUsersByAgentNameOrEmail)}?AgencyNumber=20077314&Term=bench12&Sort=name&PageSize=25`, headers: adminAuth }],
    // issue 17: shop search: the store locator's public calls (the 10 closest of ~500 shops; a name search, one page).
    ['GetClosestProgramProviders (public GET)', { url: `${portal}${callPath(CALLS.GetClosestProgramProviders)}?zipCode=33602` }],
    // issue 18: live chat — the chat button's state, polled (and streamed) to every signed-in agent tab.
    ['GetChatAvailability (signed in, every agent tab)', { url: `${portal}${callPath(CALLS.GetChatAvailability)}?AppName=AgentPortal`, headers: { authorization: json.authorization } }],
    // issue 18: the analytics calls under load (their per-user and per-device limits raised: bench/server.ts): an event
    // row as the tracker sends it, and the experiments' site-entry run of one device (one running experiment).
    ['LogPageView (signed in, an event)', { url: `${portal}${callPath(CALLS.LogPageView)}`, method: 'POST', headers: json, body: JSON.stringify({ AppName: 'AgentPortal', WebPage: '/search', Event: 'Event', Category: 'Search', Action: 'Content search', Label: 'windshield', Value: '0', UserName: 'agent@demo.test' }) }],
    ['ExperimentsRun (public POST, site entry)', { url: `${portal}${callPath(CALLS.ExperimentsRun)}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationName: 'AgentPortal', deviceId: 'bench-device-0001', triggerEvent: 'SiteEntry', triggerValue: 'SiteEntry' }) }],
    ['SpecificShopSearch (public POST, page of 10)', { url: `${portal}${callPath(CALLS.SpecificShopSearch)}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ AppName: 'AgentPortal', ProviderName: 'Glass', ServiceZipCode: '10001', Distance: 100, PageSize: 10, CountryCode: 'US' }) }],
  ];
  // Issue 19: the portal process's memory after each run (after a full GC): it must not grow from run to run.
  const rows: Omit<LoadRow, 'ratioToBare'>[] = [];
  for (const [name, opts] of targets.filter(([name], i) => i === 0 || !TARGETS || TARGETS.test(name))) rows.push({ ...(await load(name, opts)), ...(await memory()) });
  const ref = rows[0]!.reqPerSec || 1;
  return rows.map(({ rssMB, heapMB, ...r }) => ({ ...r, ratioToBare: Number((r.reqPerSec / ref).toFixed(3)), rssMB, heapMB }));
}

const memoryText = (m: Memory) => `${m.rssMB} MB RSS / ${m.heapMB} MB heap`;

// ---- report --------------------------------------------------------------------------------------
function table(title: string, rows: Record<string, unknown>[]): string {
  if (!rows.length) return `### ${title}\n\n(none)\n`;
  const cols = Object.keys(rows[0]!);
  const line = (vals: unknown[]) => `| ${vals.map((v) => String(v)).join(' | ')} |`;
  return [`### ${title}`, '', line(cols), line(cols.map(() => '---')), ...rows.map((r) => line(cols.map((c) => r[c]))), ''].join('\n');
}

async function main() {
  if (!args.has('--no-build')) build();
  const kinds = PAGE_KINDS.filter((k) => !PATHS || PATHS.test(k.path)).filter((k) => existsSync(`${SITE}${k.path === '/' ? '/index.html' : `${k.path.replace(/\/$/, '')}/index.html`}`) || existsSync(`${SITE}${k.path}.html`));
  const missing = PAGE_KINDS.filter((k) => (!PATHS || PATHS.test(k.path)) && !kinds.includes(k)).map((k) => `${k.kind} (${k.path})`);
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, notBuiltYet: missing };

  if (only('weight')) results.pageWeight = pageWeights(kinds);
  // Time to file needs the claim pages in the built site.
  const claimBuilt = kinds.some((k) => k.path === '/dashboard/start-claim');
  const registerBuilt = kinds.some((k) => k.path === '/dashboard/create-account');
  if (only('lighthouse') || only('load') || only('flood') || only('file') || only('signin') || only('chat') || (only('register') && registerBuilt)) {
    const srv = await startBenchServer();
    try {
      if (only('lighthouse')) results.lighthouse = await lighthouseRuns(srv.portal, kinds);
      if (only('load')) {
        results.memoryBeforeLoad = await srv.memory();
        results.apiLoad = await apiLoad(srv.portal, srv.bare, srv.memory);
      }
      if (only('flood')) results.signInFlood = await signInFlood(srv.portal, SECONDS);
      if (only('file') && claimBuilt) results.timeToFile = { ...(await timeToFile(srv.portal)), goalInteractions: TIME_TO_FILE_GOAL_INTERACTIONS };
      if (only('file') || only('signin')) results.timeToSignInWithTotp = await timeToSignInWithTotp(srv.portal);
      if (only('register') && registerBuilt) results.timeToRegister = await timeToRegister(srv.portal, srv.dataDir);
      // issue 18: live chat
      if (only('chat')) results.chatLatency = await chatLatency(srv.portal);
    } finally {
      srv.child.kill('SIGTERM');
    }
  }
  // Issue 19: the cluster run (PostgreSQL and HAProxy; bench/cluster.ts says where they come from).
  if (only('cluster')) results.cluster = await clusterRun(SECONDS);
  if (only('scale')) results.buildScale = await buildScale(Number(process.env.BENCH_ARTICLES ?? 10000));

  const filed = results.timeToFile as (TimeToFile & { goalInteractions: number }) | undefined;
  const registered = results.timeToRegister as TimeToRegister | undefined;
  const signedIn = results.timeToSignInWithTotp as TimeToSignIn | undefined;
  const byPage = (b: Record<string, number>) => Object.entries(b).map(([p, n]) => `${p} ${n}`).join(', ');
  const journeyRows = [
    ...(filed
      ? [
          {
            journey: 'File a claim: 2020 Camry by VIN, windshield replaced (required fields only)',
            interactions: filed.interactions,
            goal: `≤ ${filed.goalInteractions} (${filed.interactions <= filed.goalInteractions ? 'met' : `${filed.interactions - filed.goalInteractions} over`})`,
            'wall s': filed.seconds,
            'by page': byPage(filed.byPage),
            note: `referral ${filed.referralNumber}`,
          },
        ]
      : []),
    ...(registered
      ? [
          {
            journey: "Register: 'Create an account' → email link → password → agency search → request sent",
            interactions: registered.interactions,
            goal: '—',
            'wall s': registered.seconds,
            'by page': byPage(registered.byPage),
            note: `${registered.emailSeconds} s waiting for the email (outbox poll)`,
          },
        ]
      : []),
    ...(signedIn
      ? [
          {
            journey: `Sign in with TOTP (${signedIn.user}: email, password, code from the app)`,
            interactions: signedIn.interactions,
            goal: '—',
            'wall s': signedIn.seconds,
            'by page': `sign-in ${signedIn.interactions}`,
            note: '—',
          },
        ]
      : []),
  ];
  const weights = (results.pageWeight as WeightRow[] | undefined)?.map((w) => ({ page: w.kind, 'HTML KB (gz)': `${fmtKB(w.html)} (${fmtKB(w.htmlGz)})`, 'CSS KB (gz)': `${fmtKB(w.css)} (${fmtKB(w.cssGz)})`, 'JS KB (gz)': `${fmtKB(w.js)} (${fmtKB(w.jsGz)})`, 'on-demand JS KB gz': fmtKB(w.lazyJsGz), React: w.framework ? 'yes' : 'no' }));
  const report = [
    `Bench ${results.date as string} · Node ${process.version} · ${results.cpus as number} CPUs`,
    missing.length ? `Pages not built yet (later issues): ${missing.join(', ')}\n` : '',
    weights ? table('Page weight (first visit, module graph followed)', weights) : '',
    results.lighthouse ? table('Lighthouse (mobile defaults, Debian Chromium)', results.lighthouse as Record<string, unknown>[]) : '',
    results.apiLoad ? table(`API load (autocannon, 50 connections, ${SECONDS} s each; rssMB and heapMB: the portal process after each run and a full GC, ${memoryText(results.memoryBeforeLoad as Memory)} before the first)`, results.apiLoad as Record<string, unknown>[]) : '',
    results.cluster ? table(`Several processes: signed-in calls through HAProxy on PostgreSQL, one process then two (autocannon, 50 connections, ${SECONDS} s each; rssMB: each process after the run; cpuPerProcess: each portal process's CPU quota in cores, as machines of that size — bench/cluster.ts)`, results.cluster as Record<string, unknown>[]) : '',
    results.signInFlood ? table(`Static page during a sign-in flood (10 connections, ${SECONDS} s each)`, results.signInFlood as FloodRow[] as unknown as Record<string, unknown>[]) : '',
    journeyRows.length ? table('Time to complete (Debian Chromium; interactions = clicks, fills, selects, checks, key presses)', journeyRows) : '',
    results.buildScale ? table('Build scale', [results.buildScale as Record<string, unknown>]) : '',
    // issue 18: live chat
    results.chatLatency ? table('Live chat message latency (agent sends → staff stream receives, one after another)', [results.chatLatency as ChatLatency as unknown as Record<string, unknown>]) : '',
  ].join('\n');
  console.log(report);
  if (PARTIAL) return;
  mkdirSync('bench/results', { recursive: true });
  const json = JSON.stringify(results, null, 2);
  writeFileSync('bench/results/latest.json', json);
  writeFileSync(`bench/results/${(results.date as string).slice(0, 10)}.json`, json);
  // docs/performance.md shows the latest run between markers.
  const doc = 'docs/performance.md';
  if (existsSync(doc)) {
    const text = readFileSync(doc, 'utf8');
    const next = text.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, `<!-- bench:start -->\n${report}\n<!-- bench:end -->`);
    writeFileSync(doc, next);
  }
}

await main();
