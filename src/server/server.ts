import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { createEmbeddedOidc, OIDC_MOUNT, OIDC_SCOPES, type EmbeddedOidc } from './auth/oidc.ts';
import { createLoginLimiter } from './auth/login-limiter.ts';
import { createVerifier, discoverJwksUri } from './auth/tokens.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo, seedReference } from './db/seed.ts';
import { seedContent } from './db/content-seed.ts';
import { publicOrigin, type Env } from './env.ts';
import { log } from './log.ts';
import { inlineScriptHashes, securityHeaders } from './security.ts';

/** A running portal. */
export interface RunningPortal {
  url: string;
  db: Db;
  oidc?: EmbeddedOidc;
  server: Server;
  /** The Hono app (its `routes` list every mounted route: the authorization matrix reads them). */
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/** Opens and prepares the database: migrations, reference data, and demo data when asked. */
export async function prepareDb(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'SEED_DEMO'>, db?: Db): Promise<Db> {
  const conn = db ?? (await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const applied = await migrate(conn);
  if (applied.length) log.info('migrations applied', { applied });
  await seedReference(conn);
  if ((await seedContent(conn)).created) log.info('content loaded from src/server/db/content');
  if (env.SEED_DEMO) {
    const { created } = await seedDemo(conn);
    if (created) log.info('demo data seeded');
  }
  return conn;
}

/** Starts the one process: static site, dashboard API, embedded OpenID provider, on one port. */
export async function startServer(env: Env, opts: { db?: Db } = {}): Promise<RunningPortal> {
  const db = await prepareDb(env, opts.db);
  // The port may be 0 (tests): listen first, then derive the origin from the real port.
  const server = createServer();
  await new Promise<void>((res) => server.listen(env.PORT, env.HOST, res));
  const port = (server.address() as AddressInfo).port;
  const origin = publicOrigin({ ...env, PORT: port });

  let oidc: EmbeddedOidc | undefined;
  let verifier;
  let authority: string;
  if (env.OIDC_ISSUER) {
    authority = env.OIDC_ISSUER;
    verifier = createVerifier({ issuer: env.OIDC_ISSUER, audience: env.OIDC_AUDIENCE, keys: await discoverJwksUri(env.OIDC_ISSUER) });
  } else {
    oidc = await createEmbeddedOidc({ db, origin, clientId: env.OIDC_CLIENT_ID, audience: env.OIDC_AUDIENCE });
    authority = oidc.issuer;
    verifier = createVerifier({ issuer: oidc.issuer, audience: env.OIDC_AUDIENCE, keys: oidc.jwks as never });
  }
  const headers = securityHeaders(inlineScriptHashes(env.SITE_DIR), origin.startsWith('https://'));
  const app = createApp({
    db,
    verifier,
    origin,
    headers,
    oidc,
    limiter: createLoginLimiter(env.LOGIN_MAX_FAILURES, env.LOGIN_WINDOW_SECONDS),
    siteDir: env.SITE_DIR,
    authConfig: { authority, clientId: env.OIDC_CLIENT_ID, scope: OIDC_SCOPES, audience: env.OIDC_AUDIENCE },
  });
  const honoListener = getRequestListener(app.fetch);
  server.on('request', (req, res) => {
    const path = req.url ?? '/';
    if (oidc && (path === OIDC_MOUNT || path.startsWith(OIDC_MOUNT + '/')) && !path.startsWith(OIDC_MOUNT + '/interaction/')) {
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      oidc.handle(req, res);
      return;
    }
    void honoListener(req, res);
  });
  log.info('portal listening', { url: origin, database: db.kind, oidc: oidc ? 'embedded' : authority });
  return {
    url: origin,
    db,
    oidc,
    server,
    app,
    async close() {
      await new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      });
      await db.close();
    },
  };
}
