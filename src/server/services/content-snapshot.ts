/**
 * The content snapshot the static site is built from: every article, page and tag list read from the content API
 * at `base` and written as files (articles as front matter + Markdown, pages and tags as JSON), and the upcoming CE
 * courses (GetCECourseList, both languages in each; courses/<courseId>.json) the course catalog is built from. The publisher
 * writes one before each rebuild; `npm run content:snapshot` (scripts/content-snapshot.ts) writes the committed one.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stringify as yaml } from 'yaml';
import { CALLS, envelope, getUrl, type CallContract } from '../../lib/api/index.ts';
import { CONTENT_LANGS, type Article } from '../../lib/api/content.ts';
import type { Course } from '../../lib/api/ce-courses.ts';

/** Where the committed snapshot lives (CONTENT_SNAPSHOT_DIR overrides it). */
export const DEFAULT_SNAPSHOT_DIR = 'src/content/snapshot';

/** One GET of the content API; null for a 404. */
async function get<C extends CallContract>(base: string, c: C, input: Record<string, string>) {
  const url = `${base}${getUrl(c, input)}`;
  const res = await fetch(url).catch((err: Error) => {
    throw new Error(`content snapshot: cannot reach ${url} (${err.message}). Start the portal (npm start) or use --local.`);
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`content snapshot: ${url} answered HTTP ${res.status}`);
  const parsed = envelope(c.result).safeParse(await res.json());
  if (!parsed.success) throw new Error(`content snapshot: ${url} answered an unexpected shape`);
  return parsed.data.result as unknown;
}

/** The front matter + Markdown file of one article in the snapshot. */
export function articleFile(a: Article): string {
  const { bodyMarkdown, lang: _lang, articleRoute: _route, ...meta } = a;
  return `---\n${yaml(meta).trim()}\n---\n\n${bodyMarkdown.trim()}\n`;
}

/** Known page endpoints (spec section 2 content page names). */
export const PAGE_ENDPOINTS = ['Home', 'AgencyCareDesk', 'CourseRegistration', 'Help', 'Search', 'TaggedArticles', 'NotFound'];

/** Reads everything from the API at `base` and replaces the snapshot in `outDir` (written aside, then renamed). */
export async function writeSnapshot(base: string, outDir: string): Promise<{ articles: number; pages: number; courses: number }> {
  const tmp = `${resolve(outDir)}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  let articles = 0;
  let pages = 0;
  const tags: Record<string, Record<string, string>> = {};
  for (const lang of CONTENT_LANGS) {
    tags[lang] = ((await get(base, CALLS.TagList, { lang })) as unknown as { Result: Record<string, string> }).Result;
    for (const a of (await get(base, CALLS.ArticleList, { lang })) as unknown as Article[]) {
      const file = join(tmp, 'articles', lang, `${a.articleRoute}.md`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, articleFile(a));
      articles++;
    }
    for (const endpoint of PAGE_ENDPOINTS) {
      const page = await get(base, CALLS.GetContents, { endpoint, lang });
      if (!page) continue;
      const file = join(tmp, 'pages', lang, `${endpoint}.json`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
      pages++;
    }
  }
  writeFileSync(join(tmp, 'tags.json'), `${JSON.stringify(tags, null, 2)}\n`);
  // The course catalog (issue 16): one file per upcoming course, as the public list answers it.
  const courseList = ((await get(base, CALLS.GetCECourseList, {})) ?? []) as Course[];
  mkdirSync(join(tmp, 'courses'), { recursive: true });
  for (const c of courseList) writeFileSync(join(tmp, 'courses', `${c.courseId}.json`), `${JSON.stringify(c, null, 2)}\n`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(resolve(outDir)), { recursive: true });
  renameSync(tmp, outDir);
  return { articles, pages, courses: courseList.length };
}
