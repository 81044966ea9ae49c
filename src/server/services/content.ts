import type { Article, ContentLang, ContentPage } from '../../lib/api/content.ts';
import type { Db } from '../db/index.ts';

interface ArticleRow {
  article_route: string;
  lang: ContentLang;
  title: string;
  summary: string;
  author: string;
  published_on: string | Date;
  updated_at: string | Date;
  layout: 'standard' | 'wide';
  tags: string[] | null;
  body_md: string;
}

/** A date column as YYYY-MM-DD (PGlite and postgres.js hand dates back as Date or text). */
export const day = (d: string | Date) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10);
/** A timestamp column as ISO 8601. */
export const iso = (d: string | Date) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
/** SQL: an article's tag keys, sorted (`a` is the articles row). */
export const ARTICLE_TAGS_SQL = '(SELECT array_agg(g.tag_key ORDER BY g.tag_key) FROM article_tags g WHERE g.article_route = a.article_route) AS tags';

const toArticle = (r: ArticleRow): Article => ({
  articleRoute: r.article_route,
  lang: r.lang,
  title: r.title,
  summary: r.summary,
  author: r.author,
  publishedOn: day(r.published_on),
  updatedAt: iso(r.updated_at),
  layout: r.layout,
  tags: r.tags ?? [],
  bodyMarkdown: r.body_md,
});

const ARTICLE_SELECT = `
  SELECT a.article_route, t.lang, t.title, t.summary, a.author, a.published_on, a.updated_at, a.layout, t.body_md,
         ${ARTICLE_TAGS_SQL}
  FROM articles a JOIN article_translations t ON t.article_route = a.article_route
  WHERE a.status = 'published' AND t.lang = $1`;

/** Published articles in a language, newest first; those with a tag when given. */
export async function listArticles(db: Db, lang: ContentLang, tag?: string): Promise<Article[]> {
  const rows = tag
    ? await db.query<ArticleRow>(`${ARTICLE_SELECT} AND EXISTS (SELECT 1 FROM article_tags g WHERE g.article_route = a.article_route AND g.tag_key = $2) ORDER BY a.published_on DESC, a.article_route`, [lang, tag])
    : await db.query<ArticleRow>(`${ARTICLE_SELECT} ORDER BY a.published_on DESC, a.article_route`, [lang]);
  return rows.map(toArticle);
}

/** Tags: key → label in a language, in their order. */
export async function tagMap(db: Db, lang: ContentLang): Promise<Record<string, string>> {
  const rows = await db.query<{ tag_key: string; label: string }>(
    `SELECT tag_key, ${lang === 'es' ? 'label_es' : 'label_en'} AS label FROM content_tags ORDER BY sort_order, tag_key`,
  );
  return Object.fromEntries(rows.map((r) => [r.tag_key, r.label]));
}

/** A content page by endpoint, or null. */
export async function getPage(db: Db, endpoint: string, lang: ContentLang): Promise<ContentPage | null> {
  const [row] = await db.query<{ endpoint: string; lang: ContentLang; page_name: string; title: string; description: string; widgets: unknown }>(
    'SELECT endpoint, lang, page_name, title, description, widgets FROM content_pages WHERE lower(endpoint) = lower($1) AND lang = $2',
    [endpoint, lang],
  );
  if (!row) return null;
  const widgets = typeof row.widgets === 'string' ? JSON.parse(row.widgets) : row.widgets;
  return { endpoint: row.endpoint, lang: row.lang, pageName: row.page_name, title: row.title, description: row.description, widgets: widgets as ContentPage['widgets'] };
}

/** The words of a search term: letters and digits (any script), lower case; punctuation separates words. At most 8. */
export const searchWords = (term: string): string[] => (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

/**
 * Published articles containing every word of the term (title, summary or text), best first (issue 19: a full-text
 * index, migration 041). Every word but the last matches as a word of the article's language (stemmed: 'windshields'
 * finds 'windshield'); the last, which a reader may still be typing, also as the start of a word ('calib' finds
 * 'calibration'). Ranked by where the words are (title, then summary, then text) and how often, then newest first.
 */
export async function searchArticles(db: Db, lang: ContentLang, term: string) {
  const words = searchWords(term);
  if (!words.length) return [];
  const config = lang === 'es' ? 'spanish' : 'english';
  // The words hold only letters and digits, so quoting each makes a safe tsquery text.
  const whole = words.slice(0, -1).map((w) => `'${w}'`).join(' & ');
  const last = `'${words[words.length - 1]}':*`;
  const rows = await db.query<ArticleRow>(
    `WITH q AS (SELECT to_tsquery('${config}', $2) && (to_tsquery('${config}', $3) || to_tsquery('simple', $3)) AS q)
     ${ARTICLE_SELECT} AND t.search_doc @@ (SELECT q FROM q)
     ORDER BY ts_rank(t.search_doc, (SELECT q FROM q)) DESC, a.published_on DESC, a.article_route LIMIT 50`,
    [lang, whole, last],
  );
  return rows.map((r) => ({ articleRoute: r.article_route, title: r.title, summary: r.summary, tags: r.tags ?? [] }));
}
