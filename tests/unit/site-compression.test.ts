// Issue 19 (dashboard LCP): the built site's text files go out gzip-compressed when the browser accepts it (the
// first-visit budget is counted in gzip bytes); the bytes a reader gets back are the file's, API answers stay raw.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { LiveSite } from '../../src/server/live-site.ts';
import { acceptsGzip, servedBodies, siteRoutes } from '../../src/server/site.ts';
import { startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(portal.url);
  return new Promise((res, rej) => {
    const req = request({ host: '127.0.0.1', port: url.port, path, headers: { host: url.host, ...headers } }, (r) => {
      const parts: Buffer[] = [];
      r.on('data', (d: Buffer) => parts.push(d));
      r.on('end', () => res({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', rej);
    req.end();
  });
}

describe('Accept-Encoding', () => {
  it('gzip unless refused', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('served bodies (one cache of the files as served, per site)', () => {
  const root = mkdtempSync(join(tmpdir(), 'served-bodies-'));
  const write = (dir: string, name: string, text: string) => {
    mkdirSync(join(root, dir, dirname(name)), { recursive: true });
    writeFileSync(join(root, dir, name), text);
    return join(root, dir, name);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a file is read and compressed once: text over 1 KB gets its gzip, small text and binary files none', async () => {
    const js = write('once', 'a.js', 'a'.repeat(5000));
    const small = write('once', 'small.js', 'a'.repeat(100));
    const font = write('once', 'f.woff2', 'a'.repeat(5000));
    const served = servedBodies(new LiveSite(join(root, 'once')), 'https://portal.example');
    const first = await served(js);
    expect(gunzipSync(first.gzip!).equals(Buffer.from('a'.repeat(5000)))).toBe(true);
    expect(Buffer.from(first.raw).equals(readFileSync(js))).toBe(true);
    // The live folder does not change; were it to, the body kept is what is served (nothing read or compressed again).
    writeFileSync(js, 'b'.repeat(5000));
    expect(await served(js)).toBe(first);
    expect((await served(small)).gzip).toBeNull();
    expect((await served(font)).gzip).toBeNull();
  });

  it('a republished site serves the new bytes, raw and gzip, for a path served (and kept) before the switch', async () => {
    const page = (word: string) => `<link rel="alternate" hreflang="es" href="/es/guide"><p>${`${word} `.repeat(2000)}</p>`;
    const script = (word: string) => `${word}();`.repeat(500);
    /** A built site in `dir` whose page and script say `word`. */
    const build = (dir: string, word: string) => {
      write(dir, 'guide/index.html', page(word));
      write(dir, 'app.js', script(word));
      return join(root, dir);
    };
    const site = new LiveSite(build('site-1', 'old'));
    const { routes } = siteRoutes(site, 'https://portal.example');
    const get = async (path: string, gzip: boolean) => {
      const res = await routes.request(path, { headers: gzip ? { 'accept-encoding': 'gzip' } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('content-encoding')).toBe(gzip ? 'gzip' : null);
      const body = Buffer.from(await res.arrayBuffer());
      return (gzip ? gunzipSync(body) : body).toString('utf8');
    };
    /** The page (its alternate made absolute) and the script of `word`, raw and gzip. */
    const serves = async (word: string) => {
      for (const gzip of [false, true]) {
        expect(await get('/guide', gzip)).toBe(page(word).replace('href="/es', 'href="https://portal.example/es'));
        expect(await get('/app.js', gzip)).toBe(script(word));
      }
    };
    await serves('old');
    // Publishing builds a new folder and switches to it (every process, on the site.published message).
    site.switchTo(build('site-2', 'new'));
    await serves('new');
    // Nothing of a site is kept past a switch: back to the first folder (rebuilt meanwhile), its files are read afresh.
    site.switchTo(build('site-1', 'again'));
    await serves('again');
  });
});

describe('the site over HTTP', () => {
  it('a page and its script come gzip-compressed to a browser that accepts it, and decompress to the built bytes', async () => {
    const page = await get('/dashboard/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers.vary).toMatch(/Accept-Encoding/i);
    const html = gunzipSync(page.body).toString('utf8');
    expect(html.toLowerCase()).toContain('<!doctype html>');
    // The sign-in form's island (over the 1 KB below which a file goes as it is).
    const script = /component-url="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const js = await get(script!, { 'accept-encoding': 'gzip' });
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['cache-control']).toContain('immutable');
    const again = await get(script!, { 'accept-encoding': 'gzip' });
    expect(again.body.equals(js.body)).toBe(true);
    const plain = await get(script!, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(js.body).equals(plain.body)).toBe(true);
    expect(plain.body.equals(readFileSync(`./dist${script!}`))).toBe(true);
  });

  it('API answers and the font are sent as they are', async () => {
    const states = await get('/agentdashboard/api/v1/Location/GetStates?AppName=AgentPortal', { 'accept-encoding': 'gzip' });
    expect(states.headers['content-encoding']).toBeUndefined();
    const html = (await get('/dashboard/login', {})).body.toString('utf8');
    const font = /href="(\/_astro\/[^"]+\.woff2)"/.exec(html)?.[1];
    expect(font).toBeTruthy();
    expect((await get(font!, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });
});
