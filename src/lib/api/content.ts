import { z } from 'zod/mini';
import { CONTENT_BASE, defineCall, query, StringMapSchema } from './contract.ts';

import { CONTENT_LANGS, TagKeySchema as TagKey } from './content-fields.ts';

export { CONTENT_LANGS, type ContentLang } from './content-fields.ts';
const Lang = z.optional(z.enum(CONTENT_LANGS));

/** One widget of a content page (spec section 2); `type` names the widget, the rest is its content. */
export const WidgetSchema = z.looseObject({
  type: z.enum([
    'hero',
    'how-can-we-help',
    'registration-agency-contact',
    'action-card',
    'header-element',
    'additional-resource-card',
    'course-description',
    'course-details',
    'event-info-details',
    'page-config',
  ]),
});
export type Widget = z.infer<typeof WidgetSchema> & Record<string, unknown>;

/** A content page: its name, head texts and widgets. */
export const ContentPageSchema = z.object({
  endpoint: z.string(),
  lang: z.enum(CONTENT_LANGS),
  pageName: z.string(),
  title: z.string(),
  description: z.string(),
  widgets: z.array(WidgetSchema),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** An article in one language. */
export const ArticleSchema = z.object({
  articleRoute: z.string(),
  lang: z.enum(CONTENT_LANGS),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  publishedOn: z.string(),
  updatedAt: z.string(),
  layout: z.enum(['standard', 'wide']),
  tags: z.array(z.string()),
  /** Markdown (headings from ##, lists, links, emphasis). */
  bodyMarkdown: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** Page contents by endpoint (Home, AgencyCareDesk, CourseRegistration, Help, Search, TaggedArticles, NotFound). */
export const GetContents = defineCall({
  name: 'GetContents',
  method: 'GET',
  base: CONTENT_BASE,
  path: 'contents/:endpoint',
  request: query({ endpoint: z.string().check(z.regex(/^[A-Za-z0-9-]{1,60}$/, 'Invalid endpoint')), lang: Lang }),
  result: ContentPageSchema,
  access: 'public',
  mutates: false,
});

/** Published articles, newest first; only those with the tag when tagName is given. */
export const ArticleList = defineCall({
  name: 'ArticleList',
  method: 'GET',
  base: CONTENT_BASE,
  path: 'ArticleList/',
  request: query({ tagName: z.optional(TagKey), lang: Lang }),
  result: z.array(ArticleSchema),
  access: 'public',
  mutates: false,
});

/** The tags: key → label in the asked language. */
export const TagList = defineCall({
  name: 'TagList',
  method: 'GET',
  base: CONTENT_BASE,
  path: 'TagList',
  request: query({ lang: Lang }),
  result: z.object({ Result: StringMapSchema }),
  access: 'public',
  mutates: false,
});

/** Articles whose title, summary or text contain every word of SearchTerm (spec section 5 trims it). */
export const SearchContent = defineCall({
  name: 'SearchContent',
  method: 'GET',
  base: CONTENT_BASE,
  path: 'search/',
  request: query({
    SearchTerm: z.string().check(z.trim(), z.minLength(1, 'Please enter a valid search term'), z.maxLength(200, 'Must be at most 200 characters')),
    lang: Lang,
  }),
  result: z.array(z.object({ articleRoute: z.string(), title: z.string(), summary: z.string(), tags: z.array(z.string()) })),
  access: 'public',
  mutates: false,
});

/** The content service is up. */
export const ContentHealthcheck = defineCall({
  name: 'ContentHealthcheck',
  method: 'GET',
  base: CONTENT_BASE,
  path: 'healthcheck',
  request: query({}),
  result: z.object({ status: z.enum(['Healthy', 'Unhealthy']) }),
  access: 'public',
  mutates: false,
});

/** The content service's checks, one by one. */
export const ContentHealthCheckResults = defineCall({
  name: 'ContentHealthCheckResults',
  method: 'GET',
  base: CONTENT_BASE,
  path: 'HealthCheckResults',
  request: query({}),
  result: z.object({
    status: z.enum(['Healthy', 'Unhealthy']),
    checks: z.array(z.object({ name: z.string(), status: z.enum(['Healthy', 'Unhealthy']), detail: z.string() })),
  }),
  access: 'public',
  mutates: false,
});

export { ArticleRouteSchema, TagKeySchema } from './content-fields.ts';
