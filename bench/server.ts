// The bench's server process: the real portal (fresh on-disk PGlite with demo data, built site) and, in
// the same process, a bare Hono JSON route as the reference for the API load figures.
// Its sign-in limits are high, so that the sign-in flood (bench/sign-in-flood.ts) reaches the password hash.
// Prints one JSON line {"portal": url, "bare": url, "dataDir": its data folder (the dev mailbox is in it)} when both listen.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
const env = EnvSchema.parse({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_DIR: './dist', LOG_LEVEL: 'error', LOGIN_MAX_FAILURES: '1000', LOGIN_ADDRESS_MAX_FAILURES: '10000', LOGIN_ACCOUNT_MAX_FAILURES: '10000', SHOP_SEARCH_MAX_PER_MINUTE: '1000000',
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
     RETURNING id)
   INSERT INTO user_agencies (user_id, agency_number, is_default_agency) SELECT id, '20077314', true FROM made`,
);
// The outbox worker as in `npm start` (src/server/main.ts): the registration journey reads its email from the dev mailbox.
setNotificationLinkOrigin(portal.url);
const outbox = createOutboxWorker({ db: portal.db, transports: createTransports(env, portal.db), config: outboxConfigFromEnv(env) });
outbox.start();
const bare = new Hono();
bare.get('/bare', (c) => c.json({ isSuccess: true, message: 'Success', result: null }));
const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((res) => bareServer.once('listening', () => res()));
const addr = bareServer.address() as { port: number };
process.stdout.write(`${JSON.stringify({ portal: portal.url, bare: `http://127.0.0.1:${addr.port}/bare`, dataDir })}\n`);
const stop = async () => {
  bareServer.close();
  await outbox.stop();
  await portal.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
