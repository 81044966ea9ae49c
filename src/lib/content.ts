import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

export type Lang = 'en' | 'es';
export const LANGS: Lang[] = ['en', 'es'];

/** A content path in a language: Spanish pages live under /es. */
export const localPath = (lang: Lang, path: string) => (lang === 'es' ? `/es${path === '/' ? '/' : path}` : path);

/** The Astro getStaticPaths param of a language ([...locale]: undefined for English). */
export const localeParam = (lang: Lang) => (lang === 'es' ? 'es' : undefined);
export const langOfLocale = (locale: string | undefined): Lang => (locale === 'es' ? 'es' : 'en');

/** Published articles in a language, newest first. */
export async function articlesIn(lang: Lang): Promise<CollectionEntry<'articles'>[]> {
  const all = await getCollection('articles', (e) => e.id.startsWith(`${lang}/`));
  return all.sort((a, b) => b.data.publishedOn.localeCompare(a.data.publishedOn) || a.id.localeCompare(b.id));
}

/** The route of an article entry (its file name). */
export const routeOf = (e: CollectionEntry<'articles'>) => e.id.slice(3);

/** Tags: key → label in a language. */
export async function tagsIn(lang: Lang): Promise<Record<string, string>> {
  return ((await getEntry('tags', lang))?.data ?? {}) as Record<string, string>;
}

/** A content page of the snapshot, or a minimal one when the snapshot lacks it. */
export async function pageIn(endpoint: string, lang: Lang) {
  const entry = await getEntry('pages', `${lang}/${endpoint.toLowerCase()}`);
  return entry?.data ?? { endpoint, lang, pageName: endpoint, title: endpoint, description: '', widgets: [] };
}

/** Both languages' static paths for a [...locale] route. */
export const localePaths = () => LANGS.map((lang) => ({ params: { locale: localeParam(lang) }, props: { lang } }));
