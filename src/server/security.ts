import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sha256 CSP sources of every inline script in the built site's HTML (Astro's island loader). */
export function inlineScriptHashes(siteDir: string): string[] {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) {
        const html = readFileSync(p, 'utf8');
        for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
          if (m[1]!.trim()) hashes.add(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
        }
      }
    }
  };
  walk(siteDir);
  return [...hashes].sort();
}

/**
 * The security headers every response carries. `connectTo` names the other origins pages may call: the OpenID
 * provider's, which pages on the Spanish host (another origin) reach for sign-in and renewal. `formTo` names the other
 * origins a form's submission may end on: the site's two hosts. The browser checks form-action along the whole redirect
 * chain, and a sign-in form on the main host (the demo agency provider's) ends on the Spanish host for its readers.
 */
export function securityHeaders(
  scriptHashes: readonly string[],
  secure: boolean,
  connectTo: readonly string[] = [],
  formTo: readonly string[] = [],
): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets Pagefind compile its WebAssembly search; it does not allow eval() of JavaScript.
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${connectTo.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formTo.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  };
}

/**
 * The API services (JSON calls; never documents): each one's path prefix, and the ceiling of a request body under it
 * in bytes (app.ts; each call's own limit, contract.maxBody, is applied by mountCall). The editor's calls take up to
 * 1 MB, a CE course image of 1 MB comes as base64 in UploadCECourseImage's 1.6 MB.
 */
export const API_SERVICES = [
  { prefix: '/agentdashboard/', maxBody: 1_600_000 },
  { prefix: '/api/', maxBody: 64 * 1024 },
  { prefix: '/experiments/', maxBody: 64 * 1024 },
] as const;
export const isApiPath = (path: string) => API_SERVICES.some((s) => path.startsWith(s.prefix));

/**
 * The headers of every API answer (issue 19). A JSON answer is never a document: it runs no script and loads nothing,
 * so its policy allows nothing at all (`default-src 'none'`) and it may not be framed; the site's long policy (about
 * 930 bytes of script hashes and hosts) was written on every call for no use. The headers that matter for a
 * response that is not a page stay: HSTS, nosniff, no framing, same-origin resource and opener policies, no referrer,
 * and API answers are never cached (an image call sets its own Cache-Control, which takes precedence).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

/**
 * Writes a set of headers on a Node response before the app answers (issue 19). Headers the app's answer carries
 * itself take precedence (Node merges setHeader's with writeHead's, writeHead's winning): an image call's own
 * Cache-Control. Set here rather than on the Web Response in a middleware, where reading `c.res.headers` turned
 * @hono/node-server's light response into a full Response with a Headers object on every call.
 */
export function setHeaders(res: { setHeader(name: string, value: string): unknown }, headers: Record<string, string>): void {
  for (const k in headers) res.setHeader(k, headers[k]!);
}
