/**
 * The article form's state (one form per page): the article being edited, its topics, the open language
 * tab, the field errors of the last save, the save itself and the previews. Components read the stores and
 * call the verbs below; the logic (loading, saving, matching error paths to fields) lives here.
 */
import { atom, map } from 'nanostores';
import { GetEditableArticle, ListEditableArticles, PreviewArticle, SaveArticle, type EditableArticle } from '../../lib/api/content-admin.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { $user } from '../../stores/user.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { bannerUnlessHandled, detailsUrl, problemOf } from './shared.ts';

/** A language an article is written in. */
export type ContentLang = 'en' | 'es';
/** The article's languages, in tab order. */
export const CONTENT_LANGS: readonly ContentLang[] = ['en', 'es'];
/** A field of one language's version. */
export type VersionKey = 'title' | 'summary' | 'bodyMarkdown';
/** A saved article's list row (when and by whom it was saved). */
export type SavedRow = ResultOf<typeof SaveArticle>;

/** The form's field keys, in screen order (error paths are matched to them). */
export const FIELD_KEYS = [
  'articleRoute',
  'layout',
  'author',
  'publishedOn',
  'status',
  'tags',
  ...CONTENT_LANGS.flatMap((lang) => (['title', 'summary', 'bodyMarkdown'] as const).map((key) => `${lang}.${key}`)),
];

/** The field an error path belongs to ('article.en.title' → 'en.title', 'article.tags.2' → 'tags'), or null. */
export function fieldOf(path: string): string | null {
  const local = path.replace(/^article\./, '');
  return FIELD_KEYS.find((key) => local === key || local.startsWith(`${key}.`)) ?? null;
}

/** Where the form stands. */
export interface ArticleEditorState {
  phase: 'loading' | 'ready' | 'not-found' | 'failed';
  /** The route of the article being edited; null for a new article (until it is saved). */
  articleRoute: string | null;
  article: EditableArticle | null;
  /** The topics to choose from (key → label). */
  tags: Record<string, string> | null;
  tab: ContentLang;
  /** The last save's field errors by field key. */
  fieldErrors: Record<string, ServerMessage>;
  /** The last save's refusals that belong to no field. */
  formErrors: ServerMessage[];
  saving: boolean;
  /** The saved row; `justNow` once saved on this page. */
  saved: { row: SavedRow; justNow: boolean } | null;
}

/** One language's preview: the server's HTML of the Markdown it was made from. */
export interface Preview {
  html: string | null;
  markdown: string;
  loading: boolean;
  /** A refusal of the Markdown, or 'failed' when the preview could not be made. */
  error: ServerMessage | 'failed' | null;
}

const NO_PREVIEW: Preview = { html: null, markdown: '', loading: false, error: null };

/** The form's state. */
export const $articleEditor = map<ArticleEditorState>({
  phase: 'loading',
  articleRoute: null,
  article: null,
  tags: null,
  tab: 'en',
  fieldErrors: {},
  formErrors: [],
  saving: false,
  saved: null,
});
/** The preview of each language. */
export const $previews = map<Record<ContentLang, Preview>>({ en: NO_PREVIEW, es: NO_PREVIEW });
/** The last preview's outcome, for the screen-reader announcement. */
export const $previewAnnouncement = atom<{ lang: ContentLang; ok: boolean } | null>(null);

function today(): string {
  return new Date().toLocaleDateString('en-CA');
}

function blankArticle(author: string): EditableArticle {
  const version = { title: '', summary: '', bodyMarkdown: '' };
  return { articleRoute: '', layout: 'standard', author, publishedOn: today(), status: 'draft', tags: [], en: { ...version }, es: { ...version } };
}

/** Loads the topics and the article named by `articleRoute` (null: a blank new article by the signed-in user). */
export async function loadArticle(articleRoute: string | null): Promise<void> {
  $articleEditor.set({ ...$articleEditor.get(), phase: 'loading', articleRoute, fieldErrors: {}, formErrors: [], saved: null });
  $previews.set({ en: NO_PREVIEW, es: NO_PREVIEW });
  try {
    const [list, found] = await Promise.all([
      api.call(ListEditableArticles, {}),
      articleRoute === null
        ? Promise.resolve(null)
        : api.call(GetEditableArticle, { articleRoute }, { ignoreErrors: true }).catch((err: unknown) => {
            const problem = problemOf(err);
            if (problem.status === 400 || problem.status === 404) return 'not-found' as const;
            bannerUnlessHandled(problem.status, []);
            throw err;
          }),
    ]);
    if (found === 'not-found') {
      $articleEditor.set({ ...$articleEditor.get(), tags: list.tags, phase: 'not-found' });
      return;
    }
    let article: EditableArticle;
    let saved: ArticleEditorState['saved'] = null;
    if (found) {
      article = found;
      const row = list.articles.find((listed) => listed.articleRoute === found.articleRoute);
      if (row) saved = { row, justNow: false };
    } else {
      const details = $user.get().userDetails;
      article = blankArticle(details ? `${details.firstName} ${details.lastName}`.trim() : '');
    }
    $articleEditor.set({ ...$articleEditor.get(), tags: list.tags, article, saved, phase: 'ready' });
  } catch {
    $articleEditor.setKey('phase', 'failed');
  }
}

function clearFieldError(key: string): void {
  const { fieldErrors } = $articleEditor.get();
  if (!fieldErrors[key]) return;
  const { [key]: _gone, ...rest } = fieldErrors;
  $articleEditor.setKey('fieldErrors', rest);
}

/** Changes one of the article's fields (and clears that field's error). */
export function updateField<K extends keyof EditableArticle>(key: K, value: EditableArticle[K]): void {
  const { article } = $articleEditor.get();
  if (!article) return;
  $articleEditor.setKey('article', { ...article, [key]: value });
  clearFieldError(key);
}

/** Changes a field of one language's version (and clears that field's error). */
export function updateVersion(lang: ContentLang, key: VersionKey, value: string): void {
  const { article } = $articleEditor.get();
  if (!article) return;
  $articleEditor.setKey('article', { ...article, [lang]: { ...article[lang], [key]: value } });
  clearFieldError(`${lang}.${key}`);
}

/** Adds or removes a topic. */
export function toggleTag(tag: string, on: boolean): void {
  const tags = $articleEditor.get().article?.tags ?? [];
  updateField('tags', on ? [...tags, tag] : tags.filter((other) => other !== tag));
}

/** Opens a language's tab. */
export function openTab(lang: ContentLang): void {
  $articleEditor.setKey('tab', lang);
}

/** How many field errors a language's tab holds. */
export function errorCountIn(fieldErrors: Record<string, ServerMessage>, lang: ContentLang): number {
  return Object.keys(fieldErrors).filter((key) => key.startsWith(`${lang}.`)).length;
}

/** Renders a language's Markdown with the server's pipeline (the one that builds the site). */
export async function previewText(lang: ContentLang): Promise<void> {
  const markdown = $articleEditor.get().article?.[lang].bodyMarkdown ?? '';
  const before = $previews.get()[lang];
  $previews.setKey(lang, { ...before, loading: true, error: null });
  $previewAnnouncement.set(null);
  try {
    const { html } = await api.call(PreviewArticle, { lang, bodyMarkdown: markdown }, { ignoreErrors: true });
    $previews.setKey(lang, { html, markdown, loading: false, error: null });
    $previewAnnouncement.set({ lang, ok: true });
  } catch (err) {
    const problem = problemOf(err);
    bannerUnlessHandled(problem.status, [400]);
    const error = problem.status === 400 ? (problem.errors[0] ?? problem.reply) : 'failed';
    $previews.setKey(lang, { ...$previews.get()[lang], loading: false, error });
    $previewAnnouncement.set({ lang, ok: false });
  }
}

/**
 * Saves the article: 'saved' (a new article then moves to its edit URL, route locked, without reloading),
 * 'refused' (field and form errors are set; nothing typed is lost) or 'failed' (the banner said so).
 */
export async function saveArticle(): Promise<'saved' | 'refused' | 'failed' | 'busy'> {
  const start = $articleEditor.get();
  const article = start.article;
  if (start.saving || !article) return 'busy';
  const isNew = start.articleRoute === null;
  $articleEditor.set({ ...start, saving: true, fieldErrors: {}, formErrors: [], saved: start.saved ? { ...start.saved, justNow: false } : null });
  try {
    const row = await withWaiting(() => api.call(SaveArticle, { isNew, article }, { ignoreErrors: true }));
    const route = row.articleRoute || article.articleRoute;
    if (isNew) window.history.replaceState(null, '', detailsUrl(route));
    $articleEditor.set({ ...$articleEditor.get(), saving: false, saved: { row, justNow: true }, articleRoute: route });
    return 'saved';
  } catch (err) {
    const problem = problemOf(err);
    bannerUnlessHandled(problem.status, [400, 404, 409]);
    if (problem.status !== 400 && problem.status !== 404 && problem.status !== 409) {
      $articleEditor.setKey('saving', false);
      return 'failed';
    }
    const byField: Record<string, ServerMessage> = {};
    const other: ServerMessage[] = [];
    for (const fieldError of problem.errors) {
      const key = fieldOf(fieldError.path);
      if (key && !byField[key]) byField[key] = fieldError;
      else if (!key) other.push(fieldError);
    }
    // A new article whose route is taken: say so at the route.
    if (problem.status === 409 && isNew && !problem.errors.length) byField.articleRoute = problem.reply;
    const keys = Object.keys(byField);
    const formErrors = other.length ? other : keys.length ? [] : [problem.reply];
    // Show the language with the first error when the open one has none.
    const current = $articleEditor.get();
    const firstLang = FIELD_KEYS.filter((key) => byField[key])
      .map((key) => key.split('.')[0])
      .find((prefix): prefix is ContentLang => CONTENT_LANGS.includes(prefix as ContentLang));
    const tab = firstLang && !keys.some((key) => key.startsWith(`${current.tab}.`)) ? firstLang : current.tab;
    $articleEditor.set({ ...current, saving: false, fieldErrors: byField, formErrors, tab });
    return 'refused';
  }
}
