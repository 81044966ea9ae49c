// The static shells of the dashboard and sign-in pages (decision 041 and its addendum) on the Spanish host: built once,
// in English, they read Spanish from their first paint there (the layouts' inline script puts in the words each shell
// word carries), before any island's JavaScript. Here the islands' JavaScript never loads (its module requests are
// aborted), so what the page shows is the static HTML and its inline scripts only. The expected words come from the
// dictionaries, not copied here.
import type { Page } from '@playwright/test';
import { interpolate, type Key, type Lang, type Namespace } from '../../src/lib/i18n.ts';
import { translatorFor } from '../../src/lib/i18n/all.ts';
import { pageTitle } from '../../src/lib/page-title.ts';
import { expect, spanishOrigin, test } from './fixtures.ts';

/** Opens a page with the built modules (/_astro/*.js: the islands, their framework, the page scripts) blocked. */
async function openShell(page: Page, url: string): Promise<void> {
  await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => route.abort());
  await page.goto(url);
}

/** The dashboard header's static look (DashboardLayout's fallback): logo, primary links, explore. */
async function expectHeaderPlaceholder(page: Page, lang: Lang, onDashboard: boolean): Promise<void> {
  const t = translatorFor(lang);
  const header = page.locator('.site-header--placeholder');
  await expect(header.locator('.logo')).toHaveAttribute('aria-label', t('common.homeLogo'));
  const nav = header.locator('nav.nav');
  await expect(nav).toHaveAttribute('aria-label', t('common.primaryNav'));
  await expect(nav.locator('a.nav__link')).toHaveText([t('common.myDashboard'), t('common.agencyCareDesk'), t('common.ceCourses')]);
  if (onDashboard) await expect(nav.locator('a.nav__link').first()).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('.explore__button')).toHaveText(t('common.explore'));
  await expect(header.locator('.menu-toggle')).toHaveText(t('common.menu'));
}

/** What a shell says: its heading, introduction and waiting line (keys), and the page's document title. */
interface Shell {
  title: Key<Namespace>;
  intro: Key<Namespace>;
  waiting?: Key<Namespace>;
  docTitle: (lang: Lang) => string;
}

/** The heading and introduction of a shell, and its language, title and skip link. */
async function expectShell(page: Page, lang: Lang, words: Shell): Promise<void> {
  const t = translatorFor(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: t(words.title), exact: true })).toBeVisible();
  await expect(main.getByText(t(words.intro), { exact: true })).toBeVisible();
  const waiting = main.locator('.page-loading, .waiting-inline');
  if (words.waiting) await expect(waiting).toHaveText(t(words.waiting));
  else await expect(waiting).toHaveCount(0);
  await expect(page.locator('.skip-link')).toHaveText(t('common.skipToContent'));
  await expect(page).toHaveTitle(words.docTitle(lang));
}

/** A route's document title (src/lib/page-title.ts). */
const routeTitle = (route: string) => (lang: Lang) => pageTitle(route, lang);
/** The accounts pages' document title: their heading in the portal's title pattern (as forgotpassword.astro writes it). */
const headingTitle = (key: Key<Namespace>) => (lang: Lang) => interpolate(translatorFor(lang)('pages.documentTitle'), { page: translatorFor(lang)(key) });

/** The pages checked: path, the shell's heading and introduction keys, its waiting line, the document title, and which layout. */
const PAGES: readonly (Shell & { path: string; dashboard: boolean })[] = [
  { path: '/dashboard/login', title: 'login.title', intro: 'login.intro', waiting: 'common.justASec', docTitle: routeTitle('login'), dashboard: false },
  { path: '/dashboard/', title: 'dashboard.quickStart.title', intro: 'dashboard.quickStart.intro', waiting: 'common.loading', docTitle: routeTitle('dashboard'), dashboard: true },
  { path: '/dashboard/analytics', title: 'admin.analytics.title', intro: 'admin.analytics.intro', waiting: 'common.loading', docTitle: routeTitle('analytics'), dashboard: true },
  { path: '/dashboard/global-banner', title: 'banners.screen.title', intro: 'banners.screen.intro', waiting: 'common.loading', docTitle: routeTitle('global-banner'), dashboard: true },
  { path: '/dashboard/CE-MyCourses', title: 'courses.mine.allTitle', intro: 'courses.mine.intro', waiting: 'common.loading', docTitle: routeTitle('CE-MyCourses'), dashboard: true },
  { path: '/dashboard/forgotpassword', title: 'accounts.forgot.title', intro: 'accounts.forgot.intro', docTitle: headingTitle('accounts.forgot.title'), dashboard: false },
];

test.describe('the static shells on the Spanish host read Spanish before any island loads', () => {
  for (const p of PAGES) {
    test(`${p.path}: Spanish shell on the Spanish host, English on the main host`, async ({ page, baseURL }) => {
      for (const [lang, origin] of [['es', spanishOrigin(baseURL!)], ['en', baseURL!]] as const) {
        await openShell(page, `${origin}${p.path}`);
        await expectShell(page, lang, p);
        if (p.dashboard) await expectHeaderPlaceholder(page, lang, p.path === '/dashboard/');
        else await expect(page.locator('header.site-header .logo')).toHaveAttribute('aria-label', translatorFor(lang)('common.homeLogo'));
      }
    });
  }

  test('the sign-in page with ?lang=es on the main host reads Spanish too (its waiting line keeps its spinner)', async ({ page }) => {
    await openShell(page, '/dashboard/login?lang=es');
    await expectShell(page, 'es', PAGES[0]!);
    await expect(page.locator('.login-card .waiting-inline .spinner')).toHaveCount(1);
  });

  test('mixed text: the article editor shell keeps its arrow and its link, in Spanish', async ({ page, baseURL }) => {
    for (const [lang, origin] of [['es', spanishOrigin(baseURL!)], ['en', baseURL!]] as const) {
      const t = translatorFor(lang);
      await openShell(page, `${origin}/dashboard/article-details`);
      await expect(page.locator('.editor__back a')).toHaveText(`← ${t('editor.form.back')}`);
      await expect(page.locator('.editor__publish-note > span')).toHaveText(`${t('editor.form.publishNote')} ${t('editor.form.publishLink')}`);
      await expect(page.locator('.editor__publish-note a')).toHaveText(t('editor.form.publishLink'));
      await expect(page.locator('main .page-loading')).toHaveText(t('common.loading'));
    }
  });
});
