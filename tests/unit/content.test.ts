import { mkdtempSync, readdirSync, readFileSync, cpSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, getUrl } from '../../src/lib/api/index.ts';
import { openPglite } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { CONTENT_SOURCE_DIR, readContentSource, seedContent } from '../../src/server/db/content-seed.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { writeSnapshot } from '../../src/server/services/content-snapshot.ts';
import { startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
const source = readContentSource();

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

async function get(name: keyof typeof CALLS, input: Record<string, string> = {}, init: RequestInit = {}) {
  const res = await fetch(`${portal.url}${getUrl(CALLS[name], input)}`, init);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON reply read freely by the test
  return { status: res.status, body: (await res.json()) as { isSuccess: boolean; message: string; result: any } };
}

describe('the committed content source', () => {
  it('has at least 30 articles, each in English and Spanish, with dates, authors and known tags', () => {
    expect(source.articles.length).toBeGreaterThanOrEqual(30);
    const tagKeys = new Set(source.tags.map((t) => t.key));
    for (const a of source.articles) {
      expect(a.versions.en.title && a.versions.es.title, a.route).toBeTruthy();
      expect(a.versions.en.title).not.toBe(a.versions.es.title);
      expect(a.author).toBeTruthy();
      expect(a.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const t of a.tags) expect(tagKeys.has(t)).toBe(true);
    }
  });

  it('a broken file is refused with its path in the message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-src-'));
    cpSync(CONTENT_SOURCE_DIR, dir, { recursive: true });
    const route = readdirSync(join(dir, 'articles'))[0]!;
    writeFileSync(join(dir, 'articles', route, 'es.md'), '---\ntitle: x\n---\nno summary');
    expect(() => readContentSource(dir)).toThrow(new RegExp(`${route}/es\\.md`));
  });

  it('is loaded once: a second seed keeps what editors changed', async () => {
    const db = await openPglite();
    await migrate(db);
    expect((await seedContent(db)).created).toBe(true);
    await db.query("UPDATE article_translations SET title = 'Edited' WHERE lang = 'en' AND article_route = $1", [source.articles[0]!.route]);
    expect((await seedContent(db)).created).toBe(false);
    const [row] = await db.query<{ title: string }>("SELECT title FROM article_translations WHERE lang = 'en' AND article_route = $1", [source.articles[0]!.route]);
    expect(row!.title).toBe('Edited');
    await db.close();
  });
});

describe('content service (spec section 7)', () => {
  it('TagList: the Result map in each language', async () => {
    const en = await get('TagList');
    expect(en.status).toBe(200);
    expect(en.body.result.Result).toEqual(Object.fromEntries(source.tags.map((t) => [t.key, t.en])));
    const es = await get('TagList', { lang: 'es' });
    expect(es.body.result.Result).toEqual(Object.fromEntries(source.tags.map((t) => [t.key, t.es])));
  });

  it('ArticleList: every article newest first; tagName filters', async () => {
    const all = await get('ArticleList');
    expect(all.body.result).toHaveLength(source.articles.length);
    const dates = all.body.result.map((a: { publishedOn: string }) => a.publishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    const coverage = await get('ArticleList', { tagName: 'coverage', lang: 'es' });
    const expected = source.articles.filter((a) => a.tags.includes('coverage'));
    expect(coverage.body.result.map((a: { articleRoute: string }) => a.articleRoute).sort()).toEqual(expected.map((a) => a.route).sort());
    for (const a of coverage.body.result) expect(a.lang).toBe('es');
    expect((await get('ArticleList', { tagName: 'no-such-tag' })).body.result).toEqual([]);
  });

  it('contents/{endpoint}: a page with its widgets; an unknown endpoint → 404', async () => {
    const home = await get('GetContents', { endpoint: 'Home', lang: 'es' });
    expect(home.status).toBe(200);
    expect(home.body.result).toMatchObject({ endpoint: 'Home', lang: 'es', pageName: 'Home' });
    expect(home.body.result.widgets.map((w: { type: string }) => w.type)).toContain('hero');
    const missing = await get('GetContents', { endpoint: 'NoSuchPage' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ isSuccess: false, result: null });
  });

  it('search/: every word must match; wildcards are literal; an empty term → 400 with the spec message', async () => {
    const cam = await get('SearchContent', { SearchTerm: '  camera windshield ' });
    expect(cam.status).toBe(200);
    expect(cam.body.result.length).toBeGreaterThan(0);
    for (const r of cam.body.result) {
      const a = source.articles.find((x) => x.route === r.articleRoute)!.versions.en;
      const text = `${a.title} ${a.summary} ${a.body}`.toLowerCase();
      expect(text).toContain('camera');
      expect(text).toContain('windshield');
    }
    expect((await get('SearchContent', { SearchTerm: '%' })).body.result).toEqual([]);
    expect((await get('SearchContent', { SearchTerm: 'zzqqxx-nothing' })).body.result).toEqual([]);
    const empty = await get('SearchContent', { SearchTerm: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Please enter a valid search term');
  });

  it('healthcheck and HealthCheckResults', async () => {
    expect((await get('ContentHealthcheck')).body.result).toEqual({ status: 'Healthy' });
    const r = await get('ContentHealthCheckResults');
    expect(r.body.result.status).toBe('Healthy');
    expect(r.body.result.checks[0]).toMatchObject({ name: 'database', status: 'Healthy' });
  });
});

describe('the snapshot', () => {
  it('writeSnapshot writes what the API serves', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'snap-')), 'snapshot');
    const counts = await writeSnapshot(portal.url, out);
    expect(counts.articles).toBe(source.articles.length * 2);
    expect(readdirSync(join(out, 'articles', 'es'))).toHaveLength(source.articles.length);
    const tags = JSON.parse(readFileSync(join(out, 'tags.json'), 'utf8'));
    expect(Object.keys(tags.es)).toEqual(source.tags.map((t) => t.key));
  });

  it('the committed snapshot (src/content/snapshot) matches the committed content source: run npm run content:snapshot -- --local after changing it', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'snap-')), 'snapshot');
    await writeSnapshot(portal.url, out);
    const strip = (s: string) => s;
    for (const lang of ['en', 'es']) {
      const files = readdirSync(join(out, 'articles', lang)).sort();
      expect(readdirSync(join('src/content/snapshot/articles', lang)).sort()).toEqual(files);
      for (const f of files) {
        expect(strip(readFileSync(join('src/content/snapshot/articles', lang, f), 'utf8')), f).toBe(strip(readFileSync(join(out, 'articles', lang, f), 'utf8')));
      }
    }
  });
});

describe('site routing of the content hub', () => {
  it('the Spanish host gets the Spanish page at the same path; the API is unchanged', async () => {
    // fetch() cannot set Host; node:http can.
    const { request } = await import('node:http');
    const url = new URL(portal.url);
    const got = await new Promise<{ status: number; body: string }>((res, rej) => {
      const req = request({ host: url.hostname, port: url.port, path: '/', headers: { host: `espanol.example.test:${url.port}` } }, (r) => {
        let body = '';
        r.on('data', (d) => (body += d));
        r.on('end', () => res({ status: r.statusCode ?? 0, body }));
      });
      req.on('error', rej);
      req.end();
    });
    // npm test builds the site before the unit tests.
    expect(got.status).toBe(200);
    expect(got.body).toContain('<html lang="es"');
  });
});
