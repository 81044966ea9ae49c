import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Db } from './index.ts';

/** The committed starting content: articles (Markdown with front matter), tags and pages (JSON). */
export const CONTENT_SOURCE_DIR = fileURLToPath(new URL('./content/', import.meta.url));

const LANGS = ['en', 'es'] as const;

const FrontMatter = z.strictObject({
  title: z.string().min(1).max(200),
  summary: z.string().min(1).max(300),
  tags: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
  author: z.string().min(1).max(120),
  publishedOn: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.date().transform((d) => d.toISOString().slice(0, 10))]),
  layout: z.enum(['standard', 'wide']),
});
const Tag = z.strictObject({ key: z.string().regex(/^[a-z0-9-]+$/), en: z.string().min(1), es: z.string().min(1) });
const Page = z.object({
  endpoint: z.string().regex(/^[A-Za-z0-9-]+$/),
  lang: z.enum(LANGS),
  pageName: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  widgets: z.array(z.looseObject({ type: z.string() })),
});

/** Splits a Markdown file into its YAML front matter and body. */
export function splitFrontMatter(text: string): { data: unknown; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error('no front matter');
  return { data: parseYaml(m[1]!), body: m[2]!.trim() + '\n' };
}

export interface SourceArticle {
  route: string;
  layout: 'standard' | 'wide';
  author: string;
  publishedOn: string;
  tags: string[];
  versions: Record<(typeof LANGS)[number], { title: string; summary: string; body: string }>;
}

/** Reads and checks the committed content; throws naming the file at the first problem. */
export function readContentSource(dir = CONTENT_SOURCE_DIR) {
  const tags = z.array(Tag).parse(JSON.parse(readFileSync(join(dir, 'tags.json'), 'utf8')));
  const tagKeys = new Set(tags.map((t) => t.key));
  const articles: SourceArticle[] = [];
  const articlesDir = join(dir, 'articles');
  for (const route of readdirSync(articlesDir).sort()) {
    const versions = {} as SourceArticle['versions'];
    let meta: z.infer<typeof FrontMatter> | null = null;
    for (const lang of LANGS) {
      const file = join(articlesDir, route, `${lang}.md`);
      try {
        const { data, body } = splitFrontMatter(readFileSync(file, 'utf8'));
        const fm = FrontMatter.parse(data);
        for (const t of fm.tags) if (!tagKeys.has(t)) throw new Error(`unknown tag ${t}`);
        meta ??= fm;
        versions[lang] = { title: fm.title, summary: fm.summary, body };
      } catch (err) {
        throw new Error(`content source ${file}: ${(err as Error).message}`, { cause: err });
      }
    }
    articles.push({ route, layout: meta!.layout, author: meta!.author, publishedOn: meta!.publishedOn, tags: meta!.tags, versions });
  }
  const pages: z.infer<typeof Page>[] = [];
  const pagesDir = join(dir, 'pages');
  if (existsSync(pagesDir)) {
    for (const f of readdirSync(pagesDir).filter((n) => n.endsWith('.json')).sort()) {
      try {
        pages.push(Page.parse(JSON.parse(readFileSync(join(pagesDir, f), 'utf8'))));
      } catch (err) {
        throw new Error(`content source ${join(pagesDir, f)}: ${(err as Error).message}`, { cause: err });
      }
    }
  }
  return { tags, articles, pages };
}

/** Loads the committed content into empty content tables (first start); a later start keeps editors' work. */
export async function seedContent(db: Db, dir = CONTENT_SOURCE_DIR): Promise<{ created: boolean }> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_tags');
  if ((row?.n ?? 0) > 0 || !existsSync(join(dir, 'tags.json'))) return { created: false };
  const { tags, articles, pages } = readContentSource(dir);
  await db.transaction(async (tx) => {
    for (const [i, t] of tags.entries()) {
      await tx.query('INSERT INTO content_tags (tag_key, label_en, label_es, sort_order) VALUES ($1, $2, $3, $4)', [t.key, t.en, t.es, i]);
    }
    for (const a of articles) {
      await tx.query('INSERT INTO articles (article_route, layout, author, published_on, updated_at) VALUES ($1, $2, $3, $4, $4::date)', [a.route, a.layout, a.author, a.publishedOn]);
      for (const lang of LANGS) {
        const v = a.versions[lang];
        await tx.query('INSERT INTO article_translations (article_route, lang, title, summary, body_md) VALUES ($1, $2, $3, $4, $5)', [a.route, lang, v.title, v.summary, v.body]);
      }
      for (const t of a.tags) await tx.query('INSERT INTO article_tags (article_route, tag_key) VALUES ($1, $2)', [a.route, t]);
    }
    for (const p of pages) {
      await tx.query('INSERT INTO content_pages (endpoint, lang, page_name, title, description, widgets) VALUES ($1, $2, $3, $4, $5, $6)', [p.endpoint, p.lang, p.pageName, p.title, p.description, p.widgets]);
    }
  });
  return { created: true };
}
