import { Hono } from 'hono';
import { ArticleList, ContentHealthcheck, ContentHealthCheckResults, GetContents, SearchContent, TagList } from '../../lib/api/content.ts';
import { getPage, listArticles, searchArticles, searchWords, tagMap } from '../services/content.ts';
import { readCacheFor } from '../services/read-cache.ts';
import { HttpError } from '../errors.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The content service (spec section 7): public, read-only. */
export function contentRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, GetContents, async ({ input }) => {
    const page = await getPage(deps.db, input.endpoint, input.lang ?? 'en');
    if (!page) throw new HttpError(404, 'Not found.');
    return page;
  });
  mountCall(r, deps, ArticleList, ({ input }) => listArticles(deps.db, input.lang ?? 'en', input.tagName));
  mountCall(r, deps, TagList, async ({ input }) => ({ Result: await tagMap(deps.db, input.lang ?? 'en') }));
  // Kept in memory on PGlite until an article changes (decision 039), under the words the search uses.
  mountCall(r, deps, SearchContent, ({ input }) => {
    const lang = input.lang ?? 'en';
    return readCacheFor(deps.db).result('content', JSON.stringify([lang, searchWords(input.SearchTerm)]), () => searchArticles(deps.db, lang, input.SearchTerm));
  });
  const checks = async () => {
    const out: { name: string; status: 'Healthy' | 'Unhealthy'; detail: string }[] = [];
    try {
      const [row] = await deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM articles WHERE status = 'published'");
      out.push({ name: 'database', status: 'Healthy', detail: `${row?.n ?? 0} published articles` });
    } catch (err) {
      out.push({ name: 'database', status: 'Unhealthy', detail: (err as Error).message.slice(0, 200) });
    }
    return out;
  };
  mountCall(r, deps, ContentHealthcheck, async () => ({ status: (await checks()).every((c) => c.status === 'Healthy') ? 'Healthy' : 'Unhealthy' }) as const);
  mountCall(r, deps, ContentHealthCheckResults, async () => {
    const list = await checks();
    return { status: list.every((c) => c.status === 'Healthy') ? ('Healthy' as const) : ('Unhealthy' as const), checks: list };
  });
  return r;
}
