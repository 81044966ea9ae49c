// Issue 19 (dashboard LCP): the built site's text files go out gzip-compressed when the browser accepts it (the
// first-visit budget is counted in gzip bytes); the bytes a reader gets back are the file's, API answers stay raw.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPortal } from '../../src/server/server.ts';
import { acceptsGzip, compressedBodies } from '../../src/server/site.ts';
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

describe('compressed bodies', () => {
  it('are kept while the file is the same and made again when it changes; the oldest goes first', () => {
    const bodies = compressedBodies(2);
    const a = Buffer.from('a'.repeat(5000));
    const first = bodies('/a.js', a);
    expect(bodies('/a.js', Buffer.from(a))).toBe(first);
    const changed = Buffer.from('b'.repeat(5000));
    expect(gunzipSync(bodies('/a.js', changed)).toString()).toBe(changed.toString());
    bodies('/b.js', a);
    bodies('/c.js', a);
    expect(bodies('/a.js', changed)).not.toBe(first);
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
