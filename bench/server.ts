// The bench's server process: the real portal (fresh on-disk PGlite with demo data, built site) and, in
// the same process, a bare Hono JSON route as the reference for the API load figures.
// Its sign-in limits are high, so that the sign-in flood (bench/sign-in-flood.ts) reaches the password hash.
// Prints one JSON line {"portal": url, "bare": url, "dataDir": its data folder (the dev mailbox is in it)} when both listen.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { EnvSchema } from '../src/server/env.ts';
import { setLogLevel } from '../src/server/log.ts';
import { startServer } from '../src/server/server.ts';
import { createOutboxWorker, outboxConfigFromEnv } from '../src/server/services/outbox.ts';
import { setNotificationLinkOrigin } from '../src/server/services/notifications.ts';
import { createTransports } from '../src/server/services/transports/index.ts';

setLogLevel('error');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
// Issue 19: `npm run bench -- --orders=N` runs the server on PostgreSQL (BENCH_DATABASE_URL, passed as DATABASE_URL) with
// N generated work orders (seedBenchOrders below); without it, PGlite as always.
const env = EnvSchema.parse({ PORT: process.env.BENCH_PORT ?? '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_DIR: './dist', LOG_LEVEL: 'error', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}), LOGIN_MAX_FAILURES: '1000', LOGIN_ADDRESS_MAX_FAILURES: '10000', LOGIN_ACCOUNT_MAX_FAILURES: '10000', SHOP_SEARCH_MAX_PER_MINUTE: '1000000', CHAT_MESSAGES_PER_MINUTE: '1000000',
  // Issue 18: the analytics calls' per-user and per-device limits (decision 032) would answer the load rows with 429.
  ANALYTICS_MAX_PER_MINUTE: '1000000', ANALYTICS_MAX_BYTES_PER_MINUTE: '1000000000' });
const portal = await startServer(env);
// Issue 15: 10,000 generated users in Summit Ridge (20077314), for the user search's load row (ListOktaUsersByAgentNameOrEmail).
await portal.db.query(
  `WITH made AS (
     INSERT INTO users (email, first_name, last_name, agent_number, dashboard_user_role, status, last_login_at)
     SELECT 'bench-user-' || i || '@example.test', 'Bench' || (i % 97), 'User' || i, 'B' || lpad(i::text, 6, '0'), 'SFAD_Agent',
            (ARRAY['ACTIVE','ACTIVE','STAGED','DEPROVISIONED'])[1 + i % 4], now() - (i || ' minutes')::interval
       FROM generate_series(1, 10000) AS i
     ON CONFLICT DO NOTHING
     RETURNING id)
   INSERT INTO user_agencies (user_id, agency_number, is_default_agency) SELECT id, '20077314', true FROM made`,
);
if (process.env.BENCH_ORDERS) await seedBenchOrders(Number(process.env.BENCH_ORDERS));

/**
 * Issue 19: N work orders (with their referrals) generated in SQL, never committed data: across the three demo
 * agencies and their filers as in the demo plan (src/server/demo/work-orders-seed.ts), one in five open, filed over
 * the last three years. Once per database (a rerun with the same N keeps them), then VACUUM ANALYZE.
 */
async function seedBenchOrders(n: number) {
  const [have] = await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM work_orders WHERE work_order_id LIKE 'WB%'");
  if (have?.n === n) {
    await portal.db.query('VACUUM ANALYZE work_orders');
    return;
  }
  await portal.db.query("DELETE FROM work_order_events WHERE work_order_id LIKE 'WB%'");
  await portal.db.query("DELETE FROM work_orders WHERE work_order_id LIKE 'WB%'");
  await portal.db.query("DELETE FROM referrals WHERE referral_number LIKE 'B%'");
  const started = Date.now();
  await portal.db.query(
    `WITH who AS (SELECT (SELECT id FROM users WHERE email = 'agent@demo.test') AS agent, (SELECT id FROM users WHERE email = 'carrieredit@demo.test') AS editor,
                         (SELECT id FROM users WHERE email = 'admin@demo.test') AS admin),
     g AS (SELECT i, (ARRAY['10045821','10045821','10045821','20077314','20077314','20077314','30012967','30012967'])[1 + i % 8] AS agency,
                  (i / 8) % 10 AS share, now() - ((i % 1095) || ' days')::interval - ((i % 600) || ' minutes')::interval AS filed
             FROM generate_series(1, $1::int) AS i)
     INSERT INTO referrals (referral_number, agency_number, user_id, call_type, customer_first, customer_last, policy_number, carrier,
                            zip_code, car_id, vin, vehicle, repair_or_replace, total, submission, quote, created_at)
     SELECT 'B' || lpad(i::text, 9, '0'), agency,
            CASE agency WHEN '10045821' THEN CASE WHEN share < 7 THEN who.agent ELSE who.editor END
                        WHEN '20077314' THEN CASE WHEN share < 5 THEN who.agent ELSE who.admin END ELSE who.admin END,
            'Insurance',
            (ARRAY['James','Maria','Robert','Linda','Michael','Patricia','David','Jennifer','Carlos','Sofia','Mei','Noah'])[1 + i % 12],
            (ARRAY['Smith','Johnson','Garcia','Miller','Davis','Martinez','Lopez','Wilson','Moore','Martin','Nguyen','Patel','Murphy','Okafor'])[1 + (i / 12) % 14],
            'PB' || lpad((i * 7)::text, 9, '0'), 'State Farm', '33602', 1, NULL, '2020 Toyota Camry', CASE WHEN i % 5 = 0 THEN 'Repair' ELSE 'Replace' END,
            100 + (i % 900), '{"BenchSeed": true}'::jsonb, '{}'::jsonb, filed
       FROM g, who`,
    [n],
  );
  await portal.db.query(
    `INSERT INTO work_orders (work_order_id, referral_number, agency_number, filed_by, status, created_at, updated_at,
                              customer_last_lc, customer_first_lc, customer_full_lc, policy_lc)
     SELECT 'WB' || substr(r.referral_number, 2), r.referral_number, r.agency_number, r.user_id,
            CASE WHEN (i * 7919) % 100 < 20 THEN (ARRAY['Received','Policyholder contacted','Scheduled','In progress','Failed'])[1 + i % 5]
                 ELSE (ARRAY['Completed','Survey complete','Cancelled'])[1 + i % 3] END,
            r.created_at, r.created_at + ((i % 72) || ' hours')::interval,
            lower(r.customer_last), lower(r.customer_first), lower(r.customer_first || ' ' || r.customer_last), lower(r.policy_number)
       FROM referrals r, LATERAL (SELECT substr(r.referral_number, 2)::bigint AS i) k
      WHERE r.referral_number LIKE 'B%'`,
  );
  // One statement each: VACUUM may not run in the implicit transaction of a multi-statement script.
  await portal.db.query('VACUUM ANALYZE referrals');
  await portal.db.query('VACUUM ANALYZE work_orders');
  process.stderr.write(`bench: ${n} work orders seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

// The outbox worker as in `npm start` (src/server/main.ts): the registration journey reads its email from the dev mailbox.
setNotificationLinkOrigin(portal.url);
const outbox = createOutboxWorker({ db: portal.db, transports: createTransports(env, portal.db), config: outboxConfigFromEnv(env) });
outbox.start();
const bare = new Hono();
bare.get('/bare', (c) => c.json({ isSuccess: true, message: 'Success', result: null }));
const bareServer = serve({ fetch: bare.fetch, port: Number(process.env.BENCH_BARE_PORT ?? 0), hostname: '127.0.0.1' });
await new Promise<void>((res) => bareServer.once('listening', () => res()));
const addr = bareServer.address() as { port: number };
process.stdout.write(`${JSON.stringify({ portal: portal.url, bare: `http://127.0.0.1:${addr.port}/bare`, dataDir })}\n`);
const stop = async () => {
  bareServer.close();
  await outbox.stop();
  await portal.close();
  process.exit(0);
};
// Issue 19: memory after each load run. A line "mem" on stdin is answered on stdout with {"rssMB", "heapMB"} after a full
// garbage collection (the process runs with --expose-gc), so the figures compare what stays, not what waits for the GC.
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'mem') return;
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ rssMB: Math.round(m.rss / 1048576), heapMB: Math.round(m.heapUsed / 1048576) })}\n`);
});
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
