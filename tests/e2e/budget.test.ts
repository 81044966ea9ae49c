import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { measurePage, htmlFileFor } from '../../bench/page-weight.ts';
import { DASHBOARD_JS_BUDGET_GZIP, PAGE_KINDS } from '../../bench/pages.ts';
import { expect, test, waitForDashboard } from './fixtures.ts';

/** The built site the server serves (SITE_DIR, as the e2e server reads it). */
const SITE = process.env.SITE_DIR ?? './dist';
/** The built HTML file of a path, or null when the build has none. */
const builtFile = (path: string): string | null => {
  try {
    return htmlFileFor(SITE, path);
  } catch {
    return null;
  }
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

test.describe('page-weight budgets (built site)', () => {
  for (const k of PAGE_KINDS) {
    test(`${k.kind} (${k.path})`, () => {
      // A listed page missing from the build fails (no skip): PAGE_KINDS lists only pages the site builds.
      expect(builtFile(k.path), `${k.path} is listed in bench/pages.ts PAGE_KINDS but is not in the build (${SITE})`).not.toBeNull();
      const w = measurePage(SITE, k.path);
      if (k.group === 'content') {
        expect(w.frameworkFiles, `${k.kind} ${k.path} loads framework JavaScript (${w.frameworkFiles.join(', ')}): content pages ship only the islands they need`).toEqual([]);
      } else {
        const over = w.js.gzip - DASHBOARD_JS_BUDGET_GZIP;
        expect(over, `${k.kind} ${k.path} loads ${kb(w.js.gzip)} gzip JS on first visit: ${kb(over)} over the ${kb(DASHBOARD_JS_BUDGET_GZIP)} budget`).toBeLessThanOrEqual(0);
      }
    });
  }
});

test('the agent dashboard in Chromium downloads what the page-weight measure counts (first visit), within the budget', async ({ page, signInAs }) => {
  await signInAs('agent');
  await page.goto('/dashboard/');
  await waitForDashboard(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && new URL(r.url()).origin === new URL(page.url()).origin) scripts.add(new URL(r.url()).pathname);
  });
  await page.reload();
  await waitForDashboard(page);
  // The work orders load on demand (import()) and keep a live stream open (no network idle): wait for them instead.
  await expect(page.getByRole('img', { name: 'Orders filed per week, by status now' })).toBeVisible();

  const measured = measurePage(SITE, '/dashboard/');
  const all = [...scripts].sort();
  // First visit: every file of the static graph; anything else Chromium loaded is on-demand code (counted apart).
  const loaded = all.filter((f) => measured.jsFiles.includes(f));
  expect(loaded, 'scripts Chromium loaded vs. the static module graph').toEqual(measured.jsFiles);
  expect(all.filter((f) => !loaded.includes(f) && !measured.lazyJsFiles.includes(f)), 'scripts in neither the static nor the on-demand graph').toEqual([]);
  const gzip = loaded.reduce((sum, f) => sum + gzipSync(readFileSync(`${SITE}${f}`), { level: 9 }).length, 0);
  // Inline scripts count too (the island loader), as in measurePage.
  const inline = [...readFileSync(htmlFileFor(SITE, '/dashboard/'), 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!.trim())
    .filter(Boolean)
    .reduce((sum, code) => sum + gzipSync(Buffer.from(code), { level: 9 }).length, 0);
  expect(gzip + inline).toBe(measured.js.gzip);
  expect(gzip + inline, `dashboard first visit: ${kb(gzip + inline)} gzip JS`).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_GZIP);
});
