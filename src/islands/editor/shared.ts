import { ApiError, GENERIC_ERROR_TEXT } from '../../lib/api/client.ts';
import { showAlert } from '../../stores/alerts.ts';

/** Where the editor's pages live. */
export const LIST_PATH = '/dashboard/article';
export const DETAILS_PATH = '/dashboard/article-details';
/** The Publish panel of the list page (the editor links to it). */
export const PUBLISH_ANCHOR = 'publish';

/** The edit URL of an article. */
export function detailsUrl(articleRoute: string): string {
  return `${DETAILS_PATH}?articleRoute=${encodeURIComponent(articleRoute)}`;
}

/** Texts both editor pages use. */
export const COMMON = {
  en: {
    draft: 'Draft',
    published: 'Published',
    english: 'English',
    spanish: 'Spanish',
    allArticles: 'All articles',
    loadFailed: 'We could not load the articles. Please try again.',
  },
  es: {
    draft: 'Borrador',
    published: 'Publicado',
    english: 'Inglés',
    spanish: 'Español',
    allArticles: 'Todos los artículos',
    loadFailed: 'No pudimos cargar los artículos. Inténtelo de nuevo.',
  },
} as const;

/** One field error of a 400 reply. */
export interface FieldError {
  path: string;
  message: string;
}

/** What a failed call tells the form: its status, message and field errors (from the reply body). */
export function problemOf(err: unknown): { status: number; message: string; errors: FieldError[] } {
  if (!(err instanceof ApiError)) return { status: 0, message: String((err as Error)?.message ?? err), errors: [] };
  const body = err.body as { message?: unknown; errors?: unknown } | null | undefined;
  const errors = Array.isArray(body?.errors)
    ? body.errors.filter((e): e is FieldError => typeof e?.path === 'string' && typeof e?.message === 'string')
    : [];
  const message = typeof body?.message === 'string' && body.message ? body.message : err.message;
  return { status: err.status, message, errors };
}

/**
 * For calls made with `ignoreErrors` (the page handles 400/404/409 itself): shows the generic red banner for
 * the other failures, as the client would have (a 401 already went to sign-in).
 */
export function bannerUnlessHandled(status: number, handled: readonly number[]): void {
  if (status === 401 || handled.includes(status)) return;
  showAlert('warning', GENERIC_ERROR_TEXT);
}
