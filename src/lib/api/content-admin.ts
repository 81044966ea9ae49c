import { z } from 'zod/mini';
import { body, defineCall, requiredText, StringMapSchema, text } from './contract.ts';
import { ArticleRouteSchema, CONTENT_LANGS, TagKeySchema } from './content-fields.ts';

/** Two article texts of 40,000 characters (up to 6 bytes each as JSON) fit. */
const EDITOR_BODY_LIMIT = 1024 * 1024;

/** Only internal admins edit and publish content. */
const EDITORS = ['SFAD_InternalAdmin'] as const;

/** Article text: Markdown only — raw HTML and script links are refused (the site renders it as is). */
export const MarkdownSchema = z.string().check(
  z.maxLength(40000, 'Must be at most 40000 characters'),
  z.refine((v) => !/<\/?[a-z][^>]*>/i.test(v), 'HTML is not allowed: use Markdown'),
  z.refine((v) => !/\]\(\s*(javascript|data|vbscript):/i.test(v), 'Links must be web or site addresses'),
);

/** One language version of an article as the editor writes it. */
export const ArticleVersionSchema = z.object({
  title: requiredText('Title', 200),
  summary: requiredText('Summary', 300),
  bodyMarkdown: MarkdownSchema.check(z.minLength(1, 'Text is required')),
});

/** An article in the editor: both languages, tags, and whether it is published. */
export const EditableArticleSchema = z.object({
  articleRoute: ArticleRouteSchema,
  layout: z.enum(['standard', 'wide']),
  author: requiredText('Author', 120),
  publishedOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD')),
  status: z.enum(['draft', 'published']),
  tags: z.array(TagKeySchema).check(z.minLength(1, 'Choose at least one topic'), z.maxLength(8, 'At most 8 topics')),
  en: ArticleVersionSchema,
  es: ArticleVersionSchema,
});
export type EditableArticle = z.infer<typeof EditableArticleSchema>;

/** A row of the editor's list. */
export const ArticleRowSchema = z.object({
  articleRoute: z.string(),
  titleEn: z.string(),
  titleEs: z.string(),
  status: z.enum(['draft', 'published']),
  tags: z.array(z.string()),
  publishedOn: z.string(),
  updatedAt: z.string(),
  updatedBy: z.nullable(z.string()),
});

/** The state of the site rebuild (one at a time). */
export const PublishStatusSchema = z.object({
  state: z.enum(['idle', 'running', 'succeeded', 'failed']),
  /** The current or last step: snapshot, build, index, switch. */
  step: z.nullable(z.enum(['snapshot', 'build', 'index', 'switch'])),
  startedAt: z.nullable(z.string()),
  finishedAt: z.nullable(z.string()),
  /** Why the last rebuild failed (the tail of its output), else null. */
  error: z.nullable(z.string()),
  /** The folder the site is served from now (its name only). */
  liveSite: z.string(),
  requestedBy: z.nullable(z.string()),
});
export type PublishStatus = z.infer<typeof PublishStatusSchema>;
/** PublishStatus.error when another portal process was publishing (issue 19); the editor shows it translated. */
export const PUBLISHING_ELSEWHERE = 'Another portal process is publishing the site right now. Try again when it is done.';
/** PublishStatus.error of a rebuild whose process stopped before it finished (issue 19); shown translated. */
export const PUBLISH_INTERRUPTED = 'The portal process that was publishing stopped before it finished. The live site is unchanged; publish again.';

/** Every article, drafts included, for the editor. */
export const ListEditableArticles = defineCall({
  name: 'ListEditableArticles',
  method: 'POST',
  path: 'ContentAdmin/ListArticles',
  request: body({}),
  result: z.object({ articles: z.array(ArticleRowSchema), tags: StringMapSchema }),
  access: EDITORS,
  mutates: false,
});

/** One article with both languages, for editing. */
export const GetEditableArticle = defineCall({
  name: 'GetEditableArticle',
  method: 'POST',
  path: 'ContentAdmin/GetArticle',
  request: body({ articleRoute: ArticleRouteSchema }),
  result: EditableArticleSchema,
  access: EDITORS,
  mutates: false,
});

/** Creates (isNew) or updates an article; the site changes only when it is published. */
export const SaveArticle = defineCall({
  name: 'SaveArticle',
  method: 'POST',
  path: 'ContentAdmin/SaveArticle',
  request: body({ isNew: z.boolean(), article: EditableArticleSchema }),
  result: ArticleRowSchema,
  access: EDITORS,
  mutates: true,
  maxBody: EDITOR_BODY_LIMIT,
});

/** The HTML a language version will have on the site (same Markdown pipeline as the build). */
export const PreviewArticle = defineCall({
  name: 'PreviewArticle',
  method: 'POST',
  path: 'ContentAdmin/PreviewArticle',
  request: body({ lang: z.enum(CONTENT_LANGS), bodyMarkdown: MarkdownSchema }),
  result: z.object({ html: z.string() }),
  access: EDITORS,
  mutates: false,
  maxBody: EDITOR_BODY_LIMIT,
});

/** Starts a rebuild of the site (snapshot, build, index, switch); refused with 409 while one runs. */
export const PublishSite = defineCall({
  name: 'PublishSite',
  method: 'POST',
  path: 'ContentAdmin/PublishSite',
  request: body({ note: text(200) }),
  result: PublishStatusSchema,
  access: EDITORS,
  mutates: true,
});

/** The rebuild's progress. */
export const GetPublishStatus = defineCall({
  name: 'GetPublishStatus',
  method: 'POST',
  path: 'ContentAdmin/GetPublishStatus',
  request: body({}),
  result: PublishStatusSchema,
  access: EDITORS,
  mutates: false,
});
