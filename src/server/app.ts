import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serveStatic } from '@hono/node-server/serve-static';
import { CONTENT_BASE, DASHBOARD_BASE } from '../lib/api/contract.ts';
import { contentRoutes } from './routes/content.ts';
import { OIDC_SCOPES, type EmbeddedOidc } from './auth/oidc.ts';
import type { LoginLimiter } from './auth/login-limiter.ts';
import { log } from './log.ts';
import { fail, type AppEnv, type RouteDeps } from './routes/define.ts';
import { platformRoutes } from './routes/platform.ts';
import { statesRoutes } from './routes/states.ts';
import { accountManagerRoutes } from './routes/account-manager.ts';
import { userRoutes } from './routes/user.ts';
import { interactionRoutes } from './routes/interaction.ts';

/** What the browser needs to sign in: served as /auth-config.json. */
export interface BrowserAuthConfig {
  authority: string;
  clientId: string;
  scope: string;
  audience: string;
}

export interface AppOptions extends RouteDeps {
  headers: Record<string, string>;
  authConfig: BrowserAuthConfig;
  oidc?: EmbeddedOidc;
  limiter: LoginLimiter;
  /** Built static site; when absent only the API is served. */
  siteDir?: string;
}

/** The dashboard service: every call of src/lib/api mounted under its base path. */
export function dashboardService(deps: RouteDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.route('/', platformRoutes(deps));
  api.route('/', statesRoutes(deps));
  api.route('/', accountManagerRoutes(deps));
  api.route('/', userRoutes(deps));
  api.all('*', (c) => fail(c, 404, 'Not found.'));
  return api;
}

/** The content service: every call of src/lib/api/content.ts under its base path. */
export function contentService(deps: RouteDeps): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.route('/', contentRoutes(deps));
  api.all('*', (c) => fail(c, 404, 'Not found.'));
  return api;
}

/** The whole Hono app: security headers, API, sign-in interaction, config, static site. */
export function createApp(opts: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(opts.headers)) c.res.headers.set(k, v);
  });
  app.use('/agentdashboard/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, 'Request body too large.') }));
  app.use('/agentdashboard/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use('/api/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, 'Request body too large.') }));
  app.use('/api/*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app.route(DASHBOARD_BASE, dashboardService(opts));
  app.route(CONTENT_BASE, contentService(opts));
  if (opts.oidc) app.route('/', interactionRoutes({ ...opts, oidc: opts.oidc, limiter: opts.limiter }));
  app.get('/auth-config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(opts.authConfig);
  });

  app.onError((err, c) => {
    log.error('unhandled error', { path: c.req.path, error: String((err as Error)?.stack ?? err).slice(0, 2000) });
    return fail(c, 500, 'Sorry, something happened on our end. Please try again.');
  });

  if (opts.siteDir) {
    const root = resolve(opts.siteDir);
    const notFoundFile = join(root, '404.html');
    /** The built HTML file of a page path (directory index or .html), or null; never outside the site. */
    const pageFile = (path: string): string | null => {
      const clean = path.replace(/\/+$/, '');
      for (const f of [join(root, clean, 'index.html'), join(root, `${clean}.html`)]) {
        if (f.startsWith(root + '/') && existsSync(f) && statSync(f).isFile()) return f;
      }
      return null;
    };
    const htmlPage = (c: Context<AppEnv>, file: string) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(readFileSync(file, 'utf8'));
    };
    const TAG = /^[a-z0-9-]{1,60}$/;
    /** The content path a request reads: Spanish pages for a host containing 'espanol.' (spec). */
    const contentPath = (c: Context<AppEnv>) => {
      const path = c.req.path;
      const spanishHost = (c.req.header('host') ?? '').toLowerCase().includes('espanol.');
      if (!spanishHost || path === '/es' || path.startsWith('/es/') || /^\/(_astro|pagefind|api|agentdashboard|oidc)\//.test(path)) return path;
      if (path.startsWith('/dashboard/') && path !== '/dashboard/help') return path;
      return `/es${path === '/' ? '/' : path}`;
    };
    // /tagged-articles?tag=… (as the spec writes it) answers with the tag's prebuilt page; the Spanish host gets /es pages.
    app.use('*', async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
      const path = contentPath(c);
      if (/^(\/es)?\/tagged-articles\/?$/.test(path)) {
        const tag = c.req.query('tag');
        if (tag !== undefined) {
          const file = TAG.test(tag) ? pageFile(`${path.replace(/\/$/, '')}/${tag}`) : null;
          if (file) return htmlPage(c, file);
          const nf = pageFile('/404') ?? notFoundFile;
          return c.html(existsSync(nf) ? readFileSync(nf, 'utf8') : '<h1>Page not found</h1>', 404);
        }
      }
      if (path !== c.req.path) {
        const file = pageFile(path);
        if (file) return htmlPage(c, file);
      }
      return next();
    });
    app.use(
      '*',
      serveStatic({
        root,
        onFound: (path, c) => {
          c.header('Cache-Control', path.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
    app.notFound((c) => {
      if (c.req.path.startsWith('/agentdashboard/') || c.req.path.startsWith('/api/')) return fail(c, 404, 'Not found.');
      const html = existsSync(notFoundFile) ? readFileSync(notFoundFile, 'utf8') : '<h1>Page not found</h1>';
      return c.html(html, 404);
    });
  }
  return app;
}

export { OIDC_SCOPES };
