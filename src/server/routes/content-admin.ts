import { satteri } from '@astrojs/markdown-satteri';
import { recordAudit } from '../services/audit.ts';
import { Hono } from 'hono';
import {
  GetEditableArticle,
  GetPublishStatus,
  ListEditableArticles,
  PreviewArticle,
  PublishSite,
  SaveArticle,
  type EditableArticle,
} from '../../lib/api/content-admin.ts';
import { sanitizeArticleHtml } from '../../lib/article-html.ts';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import type { Publisher } from '../services/publisher.ts';
import { ARTICLE_TAGS_SQL, day, iso, tagMap } from '../services/content.ts';
import { HttpError } from '../errors.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';


let renderer: ReturnType<ReturnType<typeof satteri>['createRenderer']> | null = null;
/** The same Markdown processor as the Astro build (Sätteri), and the same sanitiser as the article pages. */
export async function renderMarkdown(md: string): Promise<string> {
  // No syntax highlighting, here and in astro.config.mjs: articles have no code, and Shiki's WebAssembly loader breaks under the server's Response.
  renderer ??= satteri().createRenderer({ syntaxHighlight: false });
  return sanitizeArticleHtml((await (await renderer).render(md)).code);
}

type RowData = { article_route: string; title_en: string; title_es: string; status: 'draft' | 'published'; tags: string[] | null; published_on: string | Date; updated_at: string | Date; updated_by: string | null };

/** The editor's rows: every article, or the one of `route`; most recently changed first. */
async function articleRows(db: Db, route: string | null) {
  const rows = await db.query<RowData>(
    `SELECT a.article_route, en.title AS title_en, es.title AS title_es, a.status, a.published_on, a.updated_at, a.updated_by,
            ${ARTICLE_TAGS_SQL}
       FROM articles a
       JOIN article_translations en ON en.article_route = a.article_route AND en.lang = 'en'
       JOIN article_translations es ON es.article_route = a.article_route AND es.lang = 'es'
      WHERE ($1::text IS NULL OR a.article_route = $1)
      ORDER BY a.updated_at DESC, a.article_route`,
    [route],
  );
  return rows.map(toRow);
}

const toRow = (r: RowData) => ({
  articleRoute: r.article_route,
  titleEn: r.title_en,
  titleEs: r.title_es,
  status: r.status,
  tags: r.tags ?? [],
  publishedOn: day(r.published_on),
  updatedAt: iso(r.updated_at),
  updatedBy: r.updated_by,
});

async function getArticle(db: Db, route: string): Promise<EditableArticle | null> {
  const [a] = await db.query<{ layout: 'standard' | 'wide'; author: string; published_on: string | Date; status: 'draft' | 'published' }>(
    'SELECT layout, author, published_on, status FROM articles WHERE article_route = $1',
    [route],
  );
  if (!a) return null;
  const versions = await db.query<{ lang: 'en' | 'es'; title: string; summary: string; body_md: string }>(
    'SELECT lang, title, summary, body_md FROM article_translations WHERE article_route = $1',
    [route],
  );
  const tags = await db.query<{ tag_key: string }>('SELECT tag_key FROM article_tags WHERE article_route = $1 ORDER BY tag_key', [route]);
  const v = (lang: 'en' | 'es') => {
    const x = versions.find((r) => r.lang === lang);
    return { title: x?.title ?? '', summary: x?.summary ?? '', bodyMarkdown: x?.body_md ?? '' };
  };
  return { articleRoute: route, layout: a.layout, author: a.author, publishedOn: day(a.published_on), status: a.status, tags: tags.map((t) => t.tag_key), en: v('en'), es: v('es') };
}

/** True for a day PostgreSQL's date accepts: the contract checks only the YYYY-MM-DD shape (2024-02-30 and 0000-01-01 pass it). */
const isCalendarDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.toISOString().slice(0, 10) === s;
};

/** The content editor's calls (internal admins; access is in the contracts). */
export function contentAdminRoutes(deps: RouteDeps & { publisher?: Publisher }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, ListEditableArticles, async () => ({ articles: await articleRows(deps.db, null), tags: await tagMap(deps.db, 'en') }));
  mountCall(r, deps, GetEditableArticle, async ({ input }) => {
    const a = await getArticle(deps.db, input.articleRoute);
    if (!a) throw new HttpError(404, 'Article not found.');
    return a;
  });
  mountCall(r, deps, SaveArticle, async ({ input, user }) => {
    const a = input.article;
    if (!isCalendarDay(a.publishedOn)) throw new HttpError(400, 'Invalid request: article.publishedOn: Not a calendar date');
    const known = new Set(Object.keys(await tagMap(deps.db, 'en')));
    const unknown = a.tags.filter((t) => !known.has(t));
    if (unknown.length) throw new HttpError(400, `Invalid request: article.tags: Unknown topic(s): ${unknown.join(', ')}`);
    await deps.db.transaction(async (tx) => {
      const [exists] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM articles WHERE article_route = $1', [a.articleRoute]);
      if (input.isNew && exists!.n > 0) throw new HttpError(409, 'An article with this route already exists.');
      if (!input.isNew && exists!.n === 0) throw new HttpError(404, 'Article not found.');
      if (input.isNew) {
        await tx.query('INSERT INTO articles (article_route, layout, author, published_on, status, updated_by) VALUES ($1, $2, $3, $4, $5, $6)', [a.articleRoute, a.layout, a.author, a.publishedOn, a.status, user!.email]);
      } else {
        await tx.query('UPDATE articles SET layout = $2, author = $3, published_on = $4, status = $5, updated_at = now(), updated_by = $6 WHERE article_route = $1', [a.articleRoute, a.layout, a.author, a.publishedOn, a.status, user!.email]);
      }
      for (const lang of ['en', 'es'] as const) {
        const v = a[lang];
        await tx.query(
          `INSERT INTO article_translations (article_route, lang, title, summary, body_md) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (article_route, lang) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary, body_md = EXCLUDED.body_md`,
          [a.articleRoute, lang, v.title, v.summary, v.bodyMarkdown],
        );
      }
      await tx.query('DELETE FROM article_tags WHERE article_route = $1', [a.articleRoute]);
      for (const t of a.tags) await tx.query('INSERT INTO article_tags (article_route, tag_key) VALUES ($1, $2)', [a.articleRoute, t]);
    });
    log.info('article saved', { article: a.articleRoute, by: user!.id, isNew: input.isNew });
    await recordAudit(deps.db, { actor: { id: user!.id, email: user!.email }, action: input.isNew ? 'createArticle' : 'saveArticle', entity: 'article', entityId: a.articleRoute, after: { status: a.status, layout: a.layout, author: a.author, publishedOn: a.publishedOn, tags: a.tags, titles: { en: a.en.title, es: a.es.title } } });
    return (await articleRows(deps.db, a.articleRoute))[0]!;
  });
  mountCall(r, deps, PreviewArticle, async ({ input }) => ({ html: await renderMarkdown(input.bodyMarkdown) }));
  mountCall(r, deps, PublishSite, async ({ user }) => {
    if (!deps.publisher) throw new HttpError(409, 'Publishing is not available on this server (no built site).');
    const started = deps.publisher.start(user!.email);
    if (!started) throw new HttpError(409, 'A rebuild is already running. Its progress is shown here.');
    await recordAudit(deps.db, { actor: { id: user!.id, email: user!.email }, action: 'publishSite', entity: 'site', after: { startedAt: started.startedAt } });
    return started;
  });
  mountCall(r, deps, GetPublishStatus, async () => {
    if (!deps.publisher) return { state: 'idle' as const, step: null, startedAt: null, finishedAt: null, error: null, liveSite: '', requestedBy: null };
    return await deps.publisher.status();
  });
  return r;
}
