// Issue 19: where a work-order list call and a content search spend their time, one call at a time (no concurrency):
// the service function timed in-process, and EXPLAIN ANALYZE of its queries. `npx tsx bench/profile-lists.ts`
// (PGlite, demo seed) or with DATABASE_URL (PostgreSQL: the database as it is, e.g. after the bench's --orders seed).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EnvSchema } from '../src/server/env.ts';
import { setLogLevel } from '../src/server/log.ts';
import { startServer } from '../src/server/server.ts';
import { openPostgres } from '../src/server/db/index.ts';
import { listWorkOrders, OPEN_STATUSES } from '../src/server/services/work-orders/lists.ts';
import { orderScope } from '../src/server/services/work-orders/access.ts';
import { dashboard } from '../src/server/services/work-orders/dashboard.ts';
import { searchArticles } from '../src/server/services/content.ts';
import type { UserRow } from '../src/server/services/users.ts';

setLogLevel('error');
// PostgreSQL: the database as it is (migrated and seeded, e.g. by `npm run bench -- --orders=N`); PGlite: a fresh portal.
const portal = process.env.DATABASE_URL
  ? null
  : await startServer(EnvSchema.parse({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-prof-')), SITE_DIR: './dist', LOG_LEVEL: 'error' }));
const db = portal?.db ?? (await openPostgres(process.env.DATABASE_URL!));
const [user] = await db.query<UserRow>("SELECT * FROM users WHERE email = 'agent@demo.test'");
const N = Number(process.env.PROFILE_N ?? 200);
async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, N); i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}: median ${ms[N >> 1]!.toFixed(2)} ms, p99 ${ms[Math.floor(N * 0.99)]!.toFixed(2)} ms`);
}
const admin = (await db.query<UserRow>("SELECT * FROM users WHERE email = 'admin@demo.test'"))[0]!;
const CLOSED = ['Completed', 'Survey complete', 'Cancelled'] as const;
// Issue 19: the shapes the list call takes (PROFILE_CASES=all: every filter and sort below; else the bench's two).
const cases: { label: string; agency: string; opts: Record<string, unknown>; who?: UserRow; statuses?: readonly string[] }[] = [
  { label: 'open list, page of 25 (10045821)', agency: '10045821', opts: { pageSize: 25 } },
  { label: "open list, search 'M', by policyholder (20077314)", agency: '20077314', opts: { search: 'M', sortBy: 'PolicyholderName' as const, sortDirection: 'asc' as const } },
  ...(process.env.PROFILE_CASES === 'all'
    ? [
        { label: 'open list, page 40 (10045821)', agency: '10045821', opts: { pageSize: 25, page: 40 } },
        { label: "open list, status 'Scheduled' (10045821)", agency: '10045821', opts: { status: 'Scheduled' } },
        { label: 'open list, one month filed (10045821)', agency: '10045821', opts: { from: '2026-09-01', to: '2026-09-30' } },
        { label: 'open list, by policyholder, no search (10045821)', agency: '10045821', opts: { sortBy: 'PolicyholderName', sortDirection: 'asc' } },
        { label: "open list, search 'Smi' (10045821)", agency: '10045821', opts: { search: 'Smi' } },
        { label: "open list, search 'PB0000070' (10045821)", agency: '10045821', opts: { search: 'PB0000070' } },
        { label: 'completed list, page of 25 (10045821)', agency: '10045821', opts: { pageSize: 25 }, statuses: CLOSED },
        { label: 'agency admin: open list (20077314)', agency: '20077314', opts: { pageSize: 25 }, who: admin },
      ]
    : []),
];
for (const c of cases) {
  const who = c.who ?? user!;
  const statuses = (c.statuses ?? OPEN_STATUSES) as typeof OPEN_STATUSES;
  await time(c.label, async () => listWorkOrders(db, await orderScope(db, who, c.agency), { ...c.opts, statuses }));
}
await time('orderScope 10045821', () => orderScope(db, user!, '10045821'));
await time('dashboard (GetDashboardWorkOrders) 10045821', async () => dashboard(db, await orderScope(db, user!, '10045821')));
await time('searchArticles en "windshield"', () => searchArticles(db, 'en', 'windshield'));
await time('searchArticles es "parabrisas"', () => searchArticles(db, 'es', 'parabrisas'));
if (process.env.PROFILE_EXPLAIN) {
  // The statements as the services send them, captured by wrapping query.
  const seen: [string, unknown[]][] = [];
  const orig = db.query.bind(db);
  (db as { query: typeof db.query }).query = (async (sql: string, params?: unknown[]) => {
    seen.push([sql, params ?? []]);
    return orig(sql, params as never);
  }) as typeof db.query;
  for (const c of cases) await listWorkOrders(db, await orderScope(db, c.who ?? user!, c.agency), { ...c.opts, statuses: (c.statuses ?? OPEN_STATUSES) as typeof OPEN_STATUSES });
  await searchArticles(db, 'en', 'windshield');
  await dashboard(db, await orderScope(db, user!, '10045821'));
  (db as { query: typeof db.query }).query = orig;
  for (const [sql, params] of seen) {
    const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE) ${sql}`, params as never);
    console.log(`\n--- ${sql.replace(/\s+/g, ' ').slice(0, 100)}\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}
await (portal ? portal.close() : db.close());
process.exit(0);
