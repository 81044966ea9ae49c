import { readFile } from 'node:fs/promises';
import { extname, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { LiveSite } from './live-site.ts';
import { fail, type AppEnv } from './routes/define.ts';

const TAG = /^[a-z0-9-]{1,60}$/;

// issue 17: shop search: the store locator's prebuilt pages have a Spanish build, like help.
const SPANISH_DASHBOARD_PAGES = /^\/dashboard\/(shop-search|specific-shop-search|specific-shop-results)\/?$/;

/** The content path a request reads: the Spanish page for a host containing 'espanol.' (spec section 2). */
export function contentPathFor(path: string, host: string | undefined): string {
  const spanishHost = (host ?? '').toLowerCase().includes('espanol.');
  if (!spanishHost || path === '/es' || path.startsWith('/es/') || /^\/(_astro|pagefind|api|agentdashboard|oidc)\//.test(path) || extname(path)) return path;
  if (path.startsWith('/dashboard/') && path !== '/dashboard/help' && !SPANISH_DASHBOARD_PAGES.test(path)) return path;
  return `/es${path === '/' ? '/' : path}`;
}

/** Paths that are never redirected to the public origin: the services, the OpenID provider and the sign-in settings. */
const NOT_PAGES = /^\/(agentdashboard|api|oidc|experiments)(\/|$)|^\/auth-config\.json$/;

/**
 * Where a request for the site that arrived on another host must go, or null to serve it. Sign-in works only
 * on the public origin (the provider's redirect URI, its CORS and the browser's `connect-src 'self'` all name
 * it), so a page opened at http://127.0.0.1:PORT (or any other name of the machine) is sent to the same path on
 * PUBLIC_URL instead of failing at sign-in. The host is the proxy's `X-Forwarded-Host` when there is one, else
 * `Host`; without either nothing is judged. A Spanish host (containing 'espanol.', spec section 1) is the site's
 * second origin and is served as it is. Only page requests (GET, HEAD) move: the API, the provider and
 * /auth-config.json answer on any host, as before. The target is always PUBLIC_URL, never the request's host.
 */
export function otherOriginRedirect(
  origin: string,
  req: { method: string; path: string; search: string; host: string | undefined; forwardedHost: string | undefined },
): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (NOT_PAGES.test(req.path)) return null;
  const raw = (req.forwardedHost?.split(',')[0] ?? req.host ?? '').trim().toLowerCase();
  if (!raw || raw.includes('espanol.')) return null;
  const publicUrl = new URL(origin);
  let host: string;
  try {
    // The same default-port rules as the origin's (example.com:443 is example.com on https).
    host = new URL(`${publicUrl.protocol}//${raw}`).host;
  } catch {
    return null;
  }
  if (host === publicUrl.host) return null;
  return `${publicUrl.origin}${req.path}${req.search}`;
}

/** A page's language alternates as the build writes them: a path, since the origin is known only when serving. */
const RELATIVE_ALTERNATE = /(<link rel="alternate" hreflang="[a-z-]+" href=")\//g;

/**
 * The page's hreflang alternates made absolute on the public origin (search engines and Lighthouse refuse
 * relative ones); other bytes untouched. Only HTML that carries alternates is rewritten.
 */
export function absoluteAlternates(html: string, origin: string): string {
  return html.includes('hreflang=') ? html.replace(RELATIVE_ALTERNATE, `$1${origin}/`) : html;
}

/** Text files worth compressing (fonts, images and videos are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.xml', '.txt', '.vtt', '.webmanifest', '.map']);
/** Smaller bodies are sent as they are (the header would eat the gain). */
const MIN_COMPRESS_BYTES = 1024;
/**
 * How many bytes of files (raw and gzip) `servedBodies` keeps: the demo site whole (about 6.6 MB raw, 2 MB gzip); of a
 * large site (10,000 articles of about 17 KB raw and 5 KB gzip each) the most read two thousand pages or so.
 */
const SERVED_CACHE_BYTES = 48 * 1024 * 1024;
/** A bigger file (a video, say) is never kept but read for each request, as every file was before: it would push out hundreds of pages. */
const KEPT_FILE_MAX_BYTES = 4 * 1024 * 1024;

/** Whether the request's Accept-Encoding accepts gzip (not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** A file of the site as it is served. */
export interface ServedBody {
  /** Its bytes; a page's with its alternates made absolute. */
  raw: Uint8Array<ArrayBuffer>;
  /** The same gzip-compressed, for text over MIN_COMPRESS_BYTES; else null (sent as it is). */
  gzip: Uint8Array<ArrayBuffer> | null;
}

/** Reads a file, rewrites it when it is a page, and compresses it when worth it. */
async function readServed(file: string, origin: string): Promise<ServedBody> {
  const raw = extname(file) === '.html' ? new TextEncoder().encode(absoluteAlternates(await readFile(file, 'utf8'), origin)) : await readFile(file);
  // Copied to its own exact size: zlib's answer may be a slice of a larger buffer, which the cache would keep whole.
  const gzip = COMPRESSIBLE.has(extname(file)) && raw.length >= MIN_COMPRESS_BYTES ? new Uint8Array(gzipSync(raw, { level: 9 })) : null;
  return { raw, gzip };
}

/**
 * The live site's files as served, each read, rewritten (pages: `absoluteAlternates`) and compressed (issue 19: the
 * first-visit budget is counted in gzip bytes; on Lighthouse's slow 4G the raw core and stylesheet were most of a
 * dashboard page's load) once per site. A site's folder never changes once it is live: publishing builds a new one
 * and every process switches to it (`site.onSwitch`: the publishing process, and the others on its `site.published`
 * message), so the files are forgotten only on a switch. A file read for the site before a switch (found before it,
 * read after) is served but not kept. The least recently served go first past `maxBytes` (raw and gzip counted); a
 * file bigger than that or than KEPT_FILE_MAX_BYTES is never kept.
 */
export function servedBodies(site: LiveSite, origin: string, maxBytes = SERVED_CACHE_BYTES): (file: string) => Promise<ServedBody> {
  const kept = new Map<string, ServedBody>();
  let bytes = 0;
  /** Counts switches: a read that began before one is not kept. */
  let switches = 0;
  site.onSwitch(() => {
    kept.clear();
    bytes = 0;
    switches++;
  });
  const size = (b: ServedBody) => b.raw.length + (b.gzip?.length ?? 0);
  return async (file) => {
    const hit = kept.get(file);
    if (hit) {
      // Most recently served last.
      kept.delete(file);
      kept.set(file, hit);
      return hit;
    }
    const seen = switches;
    const body = await readServed(file, origin);
    if (seen !== switches || !file.startsWith(site.dir + sep) || size(body) > Math.min(maxBytes, KEPT_FILE_MAX_BYTES)) return body;
    // Another request read it meanwhile: one copy kept.
    const other = kept.get(file);
    if (other) return other;
    kept.set(file, body);
    bytes += size(body);
    for (const [f, b] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(f);
      bytes -= size(b);
    }
    return body;
  };
}

/**
 * Serves the live site: query URLs of the spec, the Spanish host, static files; `notFound` answers the rest.
 * `origin` (PUBLIC_URL) makes the pages' hreflang alternates absolute.
 */
export function siteRoutes(site: LiveSite, origin: string): { routes: Hono<AppEnv>; notFound: (c: Context<AppEnv>) => Promise<Response> } {
  const r = new Hono<AppEnv>();
  const served = servedBodies(site, origin);
  const send = async (c: Context<AppEnv>, file: string, status: 200 | 404 = 200) => {
    const body = await served(file);
    // Hono's table has no WebVTT: the videos' captions (public/videos/*.vtt, decision 033) are text/vtt.
    c.header('Content-Type', extname(file) === '.vtt' ? 'text/vtt; charset=utf-8' : (getMimeType(file) ?? 'application/octet-stream'));
    c.header('Cache-Control', file.includes(`${sep}_astro${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    // Only the built site's files are compressed (no API answer: nothing secret is ever compressed beside what a
    // reader sends).
    if (body.gzip) {
      c.header('Vary', 'Accept-Encoding');
      if (acceptsGzip(c.req.header('accept-encoding'))) {
        c.header('Content-Encoding', 'gzip');
        return c.body(body.gzip, status);
      }
    }
    return c.body(body.raw, status);
  };
  const notFound = async (c: Context<AppEnv>) => {
    if (c.req.path.startsWith('/agentdashboard/') || c.req.path.startsWith('/api/')) return fail(c, 404, 'Not found.');
    const spanish = contentPathFor(c.req.path, c.req.header('host')).startsWith('/es/') || c.req.path === '/es';
    const file = (spanish ? site.fileFor('/es/404') : null) ?? site.fileFor('/404');
    return file ? send(c, file, 404) : c.html('<h1>Page not found</h1>', 404);
  };
  r.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = contentPathFor(c.req.path, c.req.header('host'));
    // /tagged-articles?tag=… (as the spec writes it): the tag's prebuilt page.
    if (/^(\/es)?\/tagged-articles\/?$/.test(path) && c.req.query('tag') !== undefined) {
      const tag = c.req.query('tag')!;
      const file = TAG.test(tag) ? site.fileFor(`${path.replace(/\/$/, '')}/${tag}`) : null;
      return file ? send(c, file) : notFound(c);
    }
    const file = site.fileFor(path) ?? (path !== c.req.path ? site.fileFor(c.req.path) : null);
    return file ? send(c, file) : next();
  });
  return { routes: r, notFound };
}
