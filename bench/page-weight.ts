import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes of one kind of resource: raw and gzip. */
export interface Bytes {
  raw: number;
  gzip: number;
}

/** What the browser loads for one page on first visit, from the built site. */
export interface PageWeight {
  path: string;
  html: Bytes;
  css: Bytes;
  js: Bytes;
  /** Every JS file loaded on first visit (static module graph followed), relative to the site root. */
  jsFiles: string[];
  /** JS the page may load later with import() (on demand, not on first visit), and its files. */
  lazyJs: Bytes;
  lazyJsFiles: string[];
  /** Framework (React) runtime files among them. */
  frameworkFiles: string[];
}

const sizeOf = (buf: Buffer): Bytes => ({ raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
const add = (a: Bytes, b: Bytes): Bytes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });

/** The HTML file a URL path is served from (directory format). */
export function htmlFileFor(siteDir: string, urlPath: string): string {
  const clean = urlPath.split(/[?#]/)[0]!.replace(/\/+$/, '');
  const candidates = [join(siteDir, clean, 'index.html'), join(siteDir, `${clean}.html`)];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  if (!found) throw new Error(`No built page for ${urlPath} in ${siteDir}`);
  return found;
}

/** Static imports of a built ES module (import … from "x", import "x", export … from "x"). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+)["']/g)) out.push(m[1]!);
  return out;
}

/** Dynamic imports of a built ES module (import("x")), which islands use to load their component. */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)].map((m) => m[1]!);
}

/**
 * Measures a built page as the browser loads it: the HTML, its stylesheets, and every script — module
 * scripts, island components and renderers (component-url / renderer-url) and, recursively, their
 * static imports.
 */
export function measurePage(siteDir: string, urlPath: string): PageWeight {
  const htmlPath = htmlFileFor(siteDir, urlPath);
  const html = readFileSync(htmlPath);
  // A <template>'s content is inert: its scripts load only if the page's own code puts them in the document (the
  // content hub's signed-in header, for signed-in readers); they are not part of the first visit.
  const text = html.toString('utf8').replace(/<template\b[\s\S]*?<\/template>/gi, '');
  let css: Bytes = { raw: 0, gzip: 0 };
  for (const m of text.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    css = add(css, sizeOf(readFileSync(join(siteDir, m[1]!))));
  }
  for (const m of text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) css = add(css, sizeOf(Buffer.from(m[1]!)));

  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (ref: string, from: string) => {
    if (/^(https?:)?\/\//.test(ref)) return;
    const abs = ref.startsWith('/') ? normalize(ref) : normalize(join(dirname(from), ref));
    if (!seen.has(abs)) {
      seen.add(abs);
      queue.push(abs);
    }
  };
  for (const m of text.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) enqueue(m[1]!, '/');
  for (const m of text.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) enqueue(m[1]!, '/');
  for (const m of text.matchAll(/(?:component|renderer)-url="([^"]+)"/g)) enqueue(m[1]!, '/');
  let js: Bytes = { raw: 0, gzip: 0 };
  // Inline scripts (Astro's island loader) count as JS too.
  for (const m of text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]!.trim()) {
      js = add(js, sizeOf(Buffer.from(m[1]!)));
      for (const ref of [...staticImports(m[1]!)]) enqueue(ref, '/');
    }
  }
  // Island components (component-url) and renderers are entry points above; import() inside the site's
  // modules is code loaded on demand, counted apart.
  const lazyRefs: { ref: string; from: string }[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    const buf = readFileSync(join(siteDir, file));
    js = add(js, sizeOf(buf));
    const code = buf.toString('utf8');
    for (const ref of staticImports(code)) enqueue(ref, file);
    for (const ref of dynamicImports(code)) if (ref.startsWith('.') || ref.startsWith('/')) lazyRefs.push({ ref, from: file });
  }
  const jsFiles = [...seen].sort();
  // The on-demand graph: dynamic imports and their static imports not already loaded.
  const eager = new Set(seen);
  let lazyJs: Bytes = { raw: 0, gzip: 0 };
  for (const { ref, from } of lazyRefs) enqueue(ref, from);
  while (queue.length) {
    const file = queue.shift()!;
    const buf = readFileSync(join(siteDir, file));
    lazyJs = add(lazyJs, sizeOf(buf));
    const code = buf.toString('utf8');
    for (const ref of [...staticImports(code), ...dynamicImports(code)]) if (ref.startsWith('.') || ref.startsWith('/')) enqueue(ref, file);
  }
  const lazyJsFiles = [...seen].filter((f) => !eager.has(f)).sort();
  return {
    path: urlPath,
    html: sizeOf(html),
    css,
    js,
    jsFiles,
    lazyJs,
    lazyJsFiles,
    frameworkFiles: jsFiles.filter((f) => /\/(client|react|jsx-runtime|index)\.[\w-]+\.js$/.test(f) && isFramework(siteDir, f)),
  };
}

function isFramework(siteDir: string, file: string): boolean {
  const code = readFileSync(join(siteDir, file), 'utf8');
  return /react\.dev|__SECRET_INTERNALS|react-dom|ReactCurrentDispatcher|react\.element/.test(code);
}
