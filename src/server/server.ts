import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LiveSite } from './live-site.ts';
import { createPublisher, followPublications, publishedSiteFor, publishStatusStore, type Publisher } from './services/publisher.ts';
import { LEADER_KEYS } from './db/leader.ts';
import { createEmbeddedOidc, OIDC_MOUNT, OIDC_SCOPES, type EmbeddedOidc } from './auth/oidc.ts';
import { createLoginLimiter } from './auth/login-limiter.ts';
import { counterStoreFor } from './auth/counter-store.ts';
import { derivedDemoIdpSecret } from './auth/secrets.ts';
import { openPasswordPool } from './auth/passwords.ts';
import { createVerifier, discoverJwksUri } from './auth/tokens.ts';
import { openDb, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo, seedReference } from './db/seed.ts';
import { warmCommonPasswords } from './auth/common-passwords.ts';
import { seedContent } from './db/content-seed.ts';
import { seedCeCourses } from './db/ce-courses-seed.ts';
import { seedShops } from './db/shops.ts';
import { setCourseLinkOrigin } from './services/ce/mail.ts';
import { seedWorkOrders } from './demo/work-orders-seed.ts';
import { seedCatalog } from './services/catalog.ts';
import { publicOrigin, siteOrigins, type Env } from './env.ts';
import { log } from './log.ts';
import { API_HEADERS, inlineScriptHashes, isApiPath, securityHeaders, setHeaders } from './security.ts';
import { mailboxDir } from './services/transports/index.ts';
import {
  AGENCY_IDP_MOUNT,
  createAgencyIdp,
  DEMO_IDP_AGENCY,
  DEMO_IDP_CLIENT_ID,
  DEMO_IDP_ID,
  DEMO_IDP_SECRET_ENV,
  DEMO_IDP_USERS,
  type AgencyIdp,
} from './auth/agency-idp.ts';
import { createSsoBroker, seedDemoIdp, SSO_REDIRECT_PATH, type SsoBroker } from './auth/sso-broker.ts';
// issue 18: live chat — staff no longer there are set away (logged); signing out sets them away at once.
import { signedOut, startAwaySweep } from './services/chat/staff.ts';

/** A running portal. */
export interface RunningPortal {
  url: string;
  db: Db;
  oidc?: EmbeddedOidc;
  /** The demo agency identity provider (AGENCY_IDP_DEMO), when on. */
  agencyIdp?: AgencyIdp;
  server: Server;
  /** The Hono app (its `routes` list every mounted route: the authorization matrix reads them). */
  app: ReturnType<typeof createApp>;
  /** The served site and its publisher (content editors). */
  site: LiveSite;
  publisher?: Publisher;
  close(): Promise<void>;
}

/** Opens and prepares the database: migrations, reference data, and demo data when asked. */
export async function prepareDb(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'SEED_DEMO'>, db?: Db): Promise<Db> {
  const conn = db ?? (await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  const applied = await migrate(conn);
  // The 100,000 common passwords, into memory once (the password policy's list check).
  warmCommonPasswords();
  if (applied.length) log.info('migrations applied', { applied });
  await seedReference(conn);
  if ((await seedCatalog(conn)).created) log.info('glass catalog seeded');
  if ((await seedShops(conn)).created) log.info('program shops seeded');
  if ((await seedContent(conn)).created) log.info('content loaded from src/server/db/content');
  if ((await seedCeCourses(conn)).created) log.info('demo CE courses loaded from src/server/db/content/ce-courses.json');
  if (env.SEED_DEMO) {
    const { created } = await seedDemo(conn);
    if (created) log.info('demo data seeded');
    const orders = await seedWorkOrders(conn);
    if (orders.created) log.info('demo work orders seeded', { orders: orders.orders });
  }
  return conn;
}

/** Starts the one process: static site, dashboard API, embedded OpenID provider, on one port. */
export async function startServer(env: Env, opts: { db?: Db } = {}): Promise<RunningPortal> {
  // Password hashes run on a pool of their own (the seed hashes too): sized before anything hashes.
  const closePasswordPool = openPasswordPool({ threads: env.PASSWORD_HASH_THREADS, queue: env.PASSWORD_HASH_QUEUE });
  const db = await prepareDb(env, opts.db).catch(async (err: unknown) => {
    await closePasswordPool();
    throw err;
  });
  // The port may be 0 (tests): listen first, then derive the origin from the real port.
  const server = createServer();
  // Idle keep-alive sockets stay open longer than clients' and proxies' own timeouts (Node's 5 s default
  // lets a reused socket close under a request: ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // The server listens before the app exists (the provider needs the real port): a request in between is told to
  // come back (503, Retry-After) instead of being left without an answer. A readiness probe polling the port
  // (Playwright's web server, a load balancer's health check) would otherwise hang on it: under load the window is
  // seconds long, and the e2e run waited its whole 5 minutes for a first request that never got a reply.
  let handle: RequestListener | null = null;
  server.on('request', (req, res) => {
    if (handle) return handle(req, res);
    res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
    res.end('Starting');
  });
  await new Promise<void>((res) => server.listen(env.PORT, env.HOST, res));
  const port = (server.address() as AddressInfo).port;
  const origin = publicOrigin({ ...env, PORT: port });
  setCourseLinkOrigin(origin);

  let oidc: EmbeddedOidc | undefined;
  let verifier;
  let authority: string;
  if (env.OIDC_ISSUER) {
    authority = env.OIDC_ISSUER;
    verifier = createVerifier({ issuer: env.OIDC_ISSUER, audience: env.OIDC_AUDIENCE, keys: await discoverJwksUri(env.OIDC_ISSUER) });
  } else {
    oidc = await createEmbeddedOidc({ db, origin, clientId: env.OIDC_CLIENT_ID, audience: env.OIDC_AUDIENCE, trustProxy: env.TRUST_PROXY });
    authority = oidc.issuer;
    verifier = createVerifier({ issuer: oidc.issuer, audience: env.OIDC_AUDIENCE, keys: oidc.jwks as never });
  }
  // Single sign-on through agencies' own providers (issue 17): client secrets from the environment; the demo
  // provider's own secret, when not set, is derived from the provider's cookie key (the same in every process).
  let agencyIdp: AgencyIdp | undefined;
  let broker: SsoBroker | undefined;
  if (oidc) {
    const demoSecret = process.env[DEMO_IDP_SECRET_ENV] || (await derivedDemoIdpSecret(db));
    const secretFor = (name: string) => (name === DEMO_IDP_SECRET_ENV ? demoSecret : process.env[name]);
    broker = createSsoBroker({ db, origin, secretFor });
    if (env.AGENCY_IDP_DEMO) {
      agencyIdp = await createAgencyIdp({
        db,
        origin,
        clientSecret: demoSecret,
        redirectUris: [origin + SSO_REDIRECT_PATH],
        postLogoutRedirectUris: siteOrigins(origin).map((o) => `${o}/dashboard/login`),
      });
      await seedDemoIdp(db, {
        id: DEMO_IDP_ID,
        agencyNumber: DEMO_IDP_AGENCY,
        name: 'Harbor Point Insurance Group (demo)',
        issuer: agencyIdp.issuer,
        clientId: DEMO_IDP_CLIENT_ID,
        secretEnv: DEMO_IDP_SECRET_ENV,
        domains: [...new Set(DEMO_IDP_USERS.map((u) => u.email.split('@')[1]!))],
      });
    }
  }
  // The served site: the last publication of the content editors when built by this code, else SITE_DIR.
  const sitesDir = env.SITES_DIR ?? join(env.DATA_DIR, 'sites');
  const published = existsSync(env.SITE_DIR) ? publishedSiteFor(sitesDir, env.SITE_DIR) : { dir: null, stale: false };
  const site = new LiveSite(published.dir ?? env.SITE_DIR);
  const secure = origin.startsWith('https://');
  // Pages may call the provider: from the Spanish host (another origin) and with an external issuer.
  const connectTo = [new URL(authority).origin];
  // A sign-in form on one host may end on the other (the Spanish host's readers sign in on the main one).
  const formTo = siteOrigins(origin);
  const headers = securityHeaders(inlineScriptHashes(site.dir), secure, connectTo, formTo);
  // A new site brings new inline-script hashes: the CSP follows the switch.
  site.onSwitch((dir) => Object.assign(headers, securityHeaders(inlineScriptHashes(dir), secure, connectTo, formTo)));
  // Publications reach every process on the database (the bus); one builds at a time (an advisory lock; issue 19).
  const publisher = existsSync(env.SITE_DIR)
    ? createPublisher({
        origin, sitesDir, site, bus: db.bus, lock: () => db.tryAdvisoryLock(LEADER_KEYS.publisher),
        // Several processes (PostgreSQL): every one shows the building process's steps. PGlite: one process, its own.
        shared: db.kind === 'postgres' ? publishStatusStore(db, LEADER_KEYS.publisher) : undefined,
      })
    : undefined;
  const unfollow = existsSync(env.SITE_DIR) ? followPublications(db.bus, site, env.SITE_DIR) : () => {};
  const app = createApp({
    db,
    verifier,
    origin,
    oidc,
    broker,
    limiter: createLoginLimiter({
      max: env.LOGIN_MAX_FAILURES,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
      accountMax: env.LOGIN_ACCOUNT_MAX_FAILURES,
      accountWindowSeconds: env.LOGIN_ACCOUNT_WINDOW_SECONDS,
      addressMax: env.LOGIN_ADDRESS_MAX_FAILURES,
      addressWindowSeconds: env.LOGIN_ADDRESS_WINDOW_SECONDS,
      knownAddressDays: env.LOGIN_KNOWN_ADDRESS_DAYS,
    }, counterStoreFor(db)),
    site,
    publisher,
    selfServiceUrl: env.SELF_SERVICE_URL,
    mfaRequiredRoles: env.MFA_REQUIRED_ROLES,
    health: { origin, oidcIssuer: authority, smtpUrl: env.SMTP_URL, mailboxDir: mailboxDir(env.DATA_DIR) },
    accounts: {
      ttls: { verify: env.ACCOUNT_VERIFY_TTL_SECONDS, reset: env.ACCOUNT_RESET_TTL_SECONDS, signin: 120 },
      limits: { perEmail: env.RECOVERY_MAX_PER_EMAIL, perAddress: env.RECOVERY_MAX_PER_ADDRESS, windowSeconds: env.RECOVERY_WINDOW_SECONDS },
    },
    authConfig: { authority, clientId: env.OIDC_CLIENT_ID, scope: OIDC_SCOPES, audience: env.OIDC_AUDIENCE },
    // issue 17: shop search
    shopSearchPerMinute: env.SHOP_SEARCH_MAX_PER_MINUTE,
    // issue 18: live chat
    chatMessagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
    // issue 18: analytics
    analyticsLimits: { perMinute: env.ANALYTICS_MAX_PER_MINUTE, bytesPerMinute: env.ANALYTICS_MAX_BYTES_PER_MINUTE },
  });
  // @hono/node-server swaps in its lighter Request/Response globals (hono/body-limit needs them); libraries
  // that need the full ones (Shiki's WebAssembly loader) are kept out of this process.
  const honoListener = getRequestListener(app.fetch);
  // Every answer's security headers, written on the Node response before anyone answers: the API's short set on API
  // calls, the site's (with its CSP) on everything else, the provider's pages included.
  handle = (req, res) => {
    const path = req.url ?? '/';
    setHeaders(res, isApiPath(path) ? API_HEADERS : headers);
    if (agencyIdp && (path === AGENCY_IDP_MOUNT || path.startsWith(AGENCY_IDP_MOUNT + '/'))) {
      agencyIdp.handle(req, res);
      return;
    }
    if (oidc && (path === OIDC_MOUNT || path.startsWith(OIDC_MOUNT + '/'))) {
      if (!path.startsWith(OIDC_MOUNT + '/interaction/')) {
        oidc.handle(req, res);
        return;
      }
      // The interaction routes reach the provider through Hono: the same host and protocol for it.
      oidc.vouch(req);
    }
    void honoListener(req, res);
  };
  if (published.stale && publisher) {
    // The code changed since the editors' last publication: rebuild their content with this code.
    log.info('the published site was built by other code: rebuilding it', { sitesDir });
    publisher.start('startup');
  }
  const stopAwaySweep = startAwaySweep(db);
  oidc?.provider.on('end_session.success', (ctx: { oidc?: { session?: { accountId?: string } } }) => {
    const accountId = ctx.oidc?.session?.accountId;
    if (accountId) signedOut(db, accountId).catch((err) => log.warn('care desk sign-out not recorded', { error: String((err as Error)?.message ?? err) }));
  });
  log.info('portal listening', { url: origin, database: db.kind, oidc: oidc ? 'embedded' : authority });
  return {
    url: origin,
    db,
    oidc,
    agencyIdp,
    server,
    app,
    site,
    publisher,
    async close() {
      stopAwaySweep();
      unfollow();
      await publisher?.idle();
      await new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      });
      await db.close();
      await closePasswordPool();
    },
  };
}
