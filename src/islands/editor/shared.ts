import { ApiError, GENERIC_ERROR_TEXT } from '../../lib/api/client.ts';
import type { ServerMessage, Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';

/** The editor's list page. */
export const LIST_PATH = '/dashboard/article';
/** The editor's article page (new, or `?articleRoute=`). */
export const DETAILS_PATH = '/dashboard/article-details';
/** The Publish panel of the list page (the editor links to it). */
export const PUBLISH_ANCHOR = 'publish';

/** The edit URL of an article. */
export function detailsUrl(articleRoute: string): string {
  return `${DETAILS_PATH}?articleRoute=${encodeURIComponent(articleRoute)}`;
}

/** One field error of a 400 reply: where, the English text, and its code and parameters when the server sends them. */
export interface FieldError extends ServerMessage {
  path: string;
}

/** What a failed call tells the form: its status, the reply (for `t.message`) and its field errors. */
export interface Problem {
  status: number;
  reply: ServerMessage;
  errors: FieldError[];
}

/** What a failed call tells the form: its status, the reply's message (with code/params) and field errors (from the reply body). */
export function problemOf(err: unknown): Problem {
  if (!(err instanceof ApiError)) return { status: 0, reply: { message: String((err as Error)?.message ?? err) }, errors: [] };
  const body = err.body as { message?: unknown; code?: unknown; params?: unknown; errors?: unknown } | null | undefined;
  const errors = Array.isArray(body?.errors)
    ? body.errors.filter((fe): fe is FieldError => typeof fe?.path === 'string' && typeof fe?.message === 'string')
    : [];
  const message = typeof body?.message === 'string' && body.message ? body.message : err.message;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const params = body?.params && typeof body.params === 'object' ? (body.params as ServerMessage['params']) : undefined;
  return { status: err.status, reply: { message, code, params }, errors };
}

/**
 * For calls made with `ignoreErrors` (the page handles 400/404/409 itself): shows the generic red banner for
 * the other failures, as the client would have (a 401 already went to sign-in).
 */
export function bannerUnlessHandled(status: number, handled: readonly number[]): void {
  if (status === 401 || handled.includes(status)) return;
  showAlert('warning', GENERIC_ERROR_TEXT);
}

/** The id of a field's control ('en.title' → 'f-en-title'). */
export function fieldId(key: string): string {
  return `f-${key.replace(/\./g, '-')}`;
}

/** aria-invalid and aria-describedby of a control (its hint when it has one, then its error when there is one). */
export function describedBy(key: string, hasError: boolean, hasHint = false) {
  const ids = [hasHint ? `${fieldId(key)}-hint` : '', hasError ? `${fieldId(key)}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': hasError ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** The editor islands' translator (their words, the server's messages, the chrome). */
export type EditorT = Translator<'editor' | 'messages' | 'common'>;
