import { Hono } from 'hono';
import type { LiveSite } from './live-site.ts';
import { otherOriginRedirect, siteRoutes } from './site.ts';
import { CONTENT_BASE, DASHBOARD_BASE, EXPERIMENTS_BASE } from '../lib/api/contract.ts';
import { contentRoutes } from './routes/content.ts';
import { contentAdminRoutes } from './routes/content-admin.ts';
import { OIDC_SCOPES, type EmbeddedOidc } from './auth/oidc.ts';
import type { LoginLimiter } from './auth/login-limiter.ts';
import { log } from './log.ts';
import { PasswordHashBusy } from './errors.ts';
import { bodyCeiling, fail, type AppEnv, type RouteDeps } from './routes/define.ts';
import { API_SERVICES } from './security.ts';
import { platformRoutes } from './routes/platform.ts';
import { statesRoutes } from './routes/states.ts';
import { accountManagerRoutes } from './routes/account-manager.ts';
import { userRoutes } from './routes/user.ts';
import { quickQuoteRoutes } from './routes/quick-quote.ts';
import { quickSubmitRoutes } from './routes/quick-submit.ts';
import { carrierRoutes } from './routes/carrier.ts';
import { cobrandedRoutes } from './routes/cobranded.ts';
import { workOrderRoutes } from './routes/work-orders.ts';
import { interactionRoutes } from './routes/interaction.ts';
import { contactPrefsRoutes } from './routes/contact-prefs.ts';
import { manageAccountRoutes } from './routes/manage-account.ts';
import { liveRoutes } from './routes/live.ts';
import { agencySearchRoutes } from './routes/agency-search.ts';
import { oktaRoutes } from './routes/okta.ts';
import { interactionTicketRoutes } from './routes/interaction-ticket.ts';
import { interactionPasskeyRoutes } from './routes/interaction-passkey.ts';
import { interactionSsoRoutes } from './routes/interaction-sso.ts';
import { ssoAgencyRoutes } from './routes/sso-agency.ts';
import type { SsoBroker } from './auth/sso-broker.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { interactionMfaRoutes, MfaSignIn } from './routes/interaction-mfa.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { internalAdminRoutes } from './routes/internal-admin.ts';
import { userAdminRoutes } from './routes/user-admin.ts';
import { globalBannerRoutes } from './routes/global-banner.ts';
import { ceCoursesRoutes } from './routes/ce-courses.ts';
// issue 17: shop search
import { shopSearchRoutes } from './routes/shop-search.ts';
import { healthcheckRoutes } from './routes/healthcheck.ts';
import { ceAdminRoutes } from './routes/ce-admin.ts';
// issue 18: experiments
import { experimentsAdminRoutes, experimentsRunRoutes } from './routes/experiments.ts';
// issue 18: live chat
import { chatRoutes } from './routes/chat.ts';
import { analyticsRoutes } from './routes/analytics.ts';

/** What the browser needs to sign in: served as /auth-config.json. */
export interface BrowserAuthConfig {
  authority: string;
  clientId: string;
  scope: string;
  audience: string;
}

/** What createApp needs: the route dependencies, sign-in config, provider, limiter and site. */
export interface AppOptions extends RouteDeps {
  authConfig: BrowserAuthConfig;
  oidc?: EmbeddedOidc;
  limiter: LoginLimiter;
  /** Sign-in through agencies' own providers (issue 17); only with the embedded provider. */
  broker?: SsoBroker;
  /** The built static site; when absent only the API is served. */
  site?: LiveSite;
}

/** A service: its routers under one base path, and a 404 envelope for any other path below it. */
function service(routers: Hono<AppEnv>[]): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  for (const router of routers) api.route('/', router);
  api.all('*', (c) => fail(c, 404, 'Not found.'));
  return api;
}

/** The dashboard service: every dashboard call of src/lib/api. */
export const dashboardService = (deps: RouteDeps) =>
  service([
    platformRoutes(deps),
    statesRoutes(deps),
    accountManagerRoutes(deps),
    userRoutes(deps),
    contactPrefsRoutes(deps),
    manageAccountRoutes(deps),
    liveRoutes(deps),
    quickQuoteRoutes(deps),
    quickSubmitRoutes(deps),
    carrierRoutes(deps),
    cobrandedRoutes(deps),
    workOrderRoutes(deps),
    contentAdminRoutes(deps),
    agencySearchRoutes(deps),
    oktaRoutes(deps),
    passkeyRoutes(deps),
    mfaRoutes(deps),
    internalAdminRoutes(deps),
    userAdminRoutes(deps),
    globalBannerRoutes(deps),
    healthcheckRoutes(deps),
    ceAdminRoutes(deps),
    ceCoursesRoutes(deps),
    // issue 17: shop search
    shopSearchRoutes(deps),
    // issue 17: single sign-on
    ssoAgencyRoutes(deps),
    // issue 18: experiments (the internal admins' calls)
    experimentsAdminRoutes(deps),
    // issue 18: live chat with the Agency Care Desk (the calls and the ChatEvents stream)
    chatRoutes(deps),
    // issue 18: the analytics page
    analyticsRoutes(deps),
  ]);

/** The content service: every call of src/lib/api/content.ts. */
export const contentService = (deps: RouteDeps) => service([contentRoutes(deps)]);

/** The experiments service (issue 18): the browser's experiments/run. */
export const experimentsService = (deps: RouteDeps) => service([experimentsRunRoutes(deps)]);

/** The whole Hono app (its security headers are written by server.ts): API, sign-in interaction, config, static site. */
export function createApp(opts: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (opts.site) {
    // A page opened on another host (http://127.0.0.1:PORT) goes to the same path on PUBLIC_URL, where sign-in works.
    app.use('*', async (c, next) => {
      const url = new URL(c.req.url);
      const to = otherOriginRedirect(opts.origin, {
        method: c.req.method,
        path: url.pathname,
        search: url.search,
        host: c.req.header('host'),
        forwardedHost: c.req.header('x-forwarded-host'),
      });
      if (!to) return next();
      c.header('Cache-Control', 'no-store');
      return c.redirect(to, 307);
    });
  }
  // Each call's own body limit (contract.maxBody, default 64 KB) is applied by mountCall; these are the ceilings of each
  // service (API_SERVICES in security.ts, the same table that says which answers get the API's headers). API answers
  // are never cached: `Cache-Control: no-store` comes with the API's headers (API_HEADERS in security.ts, written by
  // server.ts); the two image calls set their own (course images are immutable, a new upload is a new id; co-brand
  // logos are kept a day and checked by ETag, issue 17), their refusals keep no-store.
  for (const { prefix, maxBody } of API_SERVICES) app.use(`${prefix}*`, bodyCeiling(maxBody));
  app.route(DASHBOARD_BASE, dashboardService(opts));
  app.route(CONTENT_BASE, contentService(opts));
  app.route(EXPERIMENTS_BASE, experimentsService(opts));
  if (opts.oidc) {
    // The second step of sign-in (issue 14): its pending state is shared by the steps that lead to it. A passkey
    // is itself two factors (the device and its PIN or biometric): its step finishes the sign-in directly.
    const mfa = new MfaSignIn(opts.db, opts.mfaRequiredRoles);
    app.route('/', interactionRoutes({ ...opts, oidc: opts.oidc, limiter: opts.limiter, mfa }));
    app.route('/', interactionTicketRoutes({ ...opts, oidc: opts.oidc, mfa }));
    app.route('/', interactionMfaRoutes({ ...opts, oidc: opts.oidc, limiter: opts.limiter, mfa }));
    app.route('/', interactionPasskeyRoutes({ ...opts, oidc: opts.oidc, limiter: opts.limiter }));
    if (opts.broker) app.route('/', interactionSsoRoutes({ ...opts, oidc: opts.oidc, broker: opts.broker }));
  }
  app.get('/auth-config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(opts.authConfig);
  });

  app.onError((err, c) => {
    // A route that let the hash pool's refusal through (registration, password change): 429, not 500.
    if (err instanceof PasswordHashBusy) {
      c.header('Retry-After', String(err.retryAfter));
      return fail(c, 429, err.message);
    }
    log.error('unhandled error', { path: c.req.path, error: String((err as Error)?.stack ?? err).slice(0, 2000) });
    return fail(c, 500, 'Sorry, something happened on our end. Please try again.');
  });

  if (opts.site) {
    const { routes, notFound } = siteRoutes(opts.site, opts.origin);
    app.route('/', routes);
    app.notFound(notFound);
  } else {
    app.notFound((c) => fail(c, 404, 'Not found.'));
  }
  return app;
}

export { OIDC_SCOPES };
