import { z } from 'zod/mini';

/** Fields shared by the content service and the editor (a module of its own: the editor's pages do not load the content contracts). */

/** Languages of the content hub. */
export const CONTENT_LANGS = ['en', 'es'] as const;
export type ContentLang = (typeof CONTENT_LANGS)[number];
/** A tag key. */
export const TagKeySchema = z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,60}$/, 'Invalid tag'));
/** An article route (its URL segment). */
export const ArticleRouteSchema = z.string().check(z.regex(/^[a-z0-9-]{1,120}$/, 'Invalid article route'));
