import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/index.ts';
import { EnvSchema } from '../../src/server/env.ts';
import { startServer, type RunningPortal } from '../../src/server/server.ts';
import { codeStamp, createPublisher, publishedSiteFor } from '../../src/server/services/publisher.ts';
import { callApi, signInForTokens } from './helpers/portal.ts';

const hasDist = existsSync('dist/index.html');
const ROUTE = 'resetting-your-password';
let dataDir: string;
let portal: RunningPortal;
let token: string;

const start = async () => startServer(EnvSchema.parse({ PORT: '0', HOST: '127.0.0.1', SITE_DIR: './dist', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { db: await openPglite() });
const page = async (p: RunningPortal, path: string) => (await fetch(`${p.url}${path}`)).text();
const title = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

beforeAll(async () => {
  if (!hasDist) return;
  dataDir = mkdtempSync(join(tmpdir(), 'portal-publish-'));
  portal = await start();
  token = (await signInForTokens(portal, 'internal@demo.test')).access_token;
});
afterAll(async () => {
  await portal?.close();
});

async function waitForPublish() {
  for (let i = 0; i < 240; i++) {
    const s = (await callApi(portal, 'ContentAdmin/GetPublishStatus', { token, body: { AppName: 't' } })).json!.result as { state: string; error: string | null };
    if (s.state !== 'running') return s;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('publish did not finish in 120 s');
}

describe.skipIf(!hasDist)('publishing: snapshot, build into a new folder, Pagefind, atomic switch', () => {
  it('an edited article reaches the site only when published; one rebuild at a time; no restart', { timeout: 180_000 }, async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON reply read freely by the test
    const article = ((await callApi(portal, 'ContentAdmin/GetArticle', { token, body: { AppName: 't', articleRoute: ROUTE } })).json!.result) as Record<string, any>;
    const newTitle = `Resetting your password, step by step (${Date.now()})`;
    const saved = await callApi(portal, 'ContentAdmin/SaveArticle', { token, body: { AppName: 't', isNew: false, article: { ...article, en: { ...article.en, title: newTitle } } } });
    expect(saved.status).toBe(200);
    expect(title(await page(portal, `/articles/${ROUTE}`))).not.toBe(newTitle);

    const before = portal.site.dir;
    const started = await callApi(portal, 'ContentAdmin/PublishSite', { token, body: { AppName: 't', note: 'test' } });
    expect(started.status).toBe(200);
    expect(started.json!.result).toMatchObject({ state: 'running', requestedBy: 'internal@demo.test' });
    const again = await callApi(portal, 'ContentAdmin/PublishSite', { token, body: { AppName: 't', note: 'twice' } });
    expect(again.status).toBe(409);
    // Readers keep getting the old site while it builds.
    expect(title(await page(portal, `/articles/${ROUTE}`))).not.toBe(newTitle);

    const done = await waitForPublish();
    expect(done).toMatchObject({ state: 'succeeded', error: null });
    expect(portal.site.dir).not.toBe(before);
    expect(title(await page(portal, `/articles/${ROUTE}`))).toBe(newTitle);
    // Search index rebuilt too, and the CSP follows the new site's inline scripts.
    expect(existsSync(join(portal.site.dir, 'pagefind', 'pagefind.js'))).toBe(true);
    expect((await fetch(`${portal.url}/articles/${ROUTE}`)).headers.get('content-security-policy')).toContain("script-src 'self'");
    const cur = JSON.parse(readFileSync(join(dataDir, 'sites', 'current.json'), 'utf8')) as { dir: string; stamp: string };
    expect(cur.dir).toBe(portal.site.dir);
    expect(cur.stamp).toBe(codeStamp('dist'));
  });

  it('a restart serves the published site (same code); another code stamp makes it stale', async () => {
    expect(publishedSiteFor(join(dataDir, 'sites'), 'dist')).toEqual({ dir: portal.site.dir, stale: false });
    const second = await start();
    try {
      expect(second.site.dir).toBe(portal.site.dir);
    } finally {
      await second.close();
    }
    const other = mkdtempSync(join(tmpdir(), 'sites-'));
    writeFileSync(join(other, 'current.json'), JSON.stringify({ dir: portal.site.dir, stamp: 'other-code', publishedAt: '' }));
    expect(publishedSiteFor(other, 'dist')).toEqual({ dir: null, stale: true });
  });

  it('a failed build keeps the live site and says why', { timeout: 60_000 }, async () => {
    const live = portal.site.dir;
    const failing = createPublisher({
      origin: portal.url,
      sitesDir: join(dataDir, 'sites'),
      site: portal.site,
      commands: { build: [process.execPath, '-e', 'console.error("astro: boom in the build"); process.exit(3)'], index: () => [process.execPath, '-e', ''] },
      // The failed build must not take the live site's folder with it.
    });
    expect(failing.start('test')).toMatchObject({ state: 'running' });
    await failing.idle();
    const s = await failing.status();
    expect(s.state).toBe('failed');
    expect(s.error).toContain('boom in the build');
    expect(portal.site.dir).toBe(live);
    expect((await fetch(`${portal.url}/articles/${ROUTE}`)).status).toBe(200);
  });
});
