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
