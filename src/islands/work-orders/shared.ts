/**
 * What the work-order screens share (issue 6): their paths and links, the page's order from its URL, the failure
 * kinds of a call and the contracts (loaded on demand: the pages' first paint needs none of their schemas,
 * docs/decisions/005). Status names are in status.ts, dates in src/lib/format-date.ts, money in src/lib/format.ts, the live stream in
 * src/stores/work-order-events.ts.
 */
import { ApiError, GENERIC_ERROR_TEXT, replyOf } from '../../lib/api/client.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';

/** Where the work-order pages live and the links to one order: src/lib/work-order-links.ts. */
export { CONSOLE_PATH, DETAILS_PATH, detailsHref, OPEN_LIST_PATH, SURVEY_PATH, surveyHref } from '../../lib/work-order-links.ts';

/**
 * The order a page is about, from its URL: `workOrderId` (WO and digits) and the referral number
 * (`referralNumber`, or the spec's `referralSequenceNumber`); null when the id is missing or malformed.
 */
export function orderFromUrl(search: string = location.search): { workOrderId: string; referralNumber: string | null } | null {
  const q = new URLSearchParams(search);
  const id = (q.get('workOrderId') ?? '').trim().toUpperCase();
  if (!/^WO\d{1,12}$/.test(id)) return null;
  const ref = (q.get('referralNumber') ?? q.get('referralSequenceNumber') ?? '').trim();
  return { workOrderId: id, referralNumber: /^\d{6,12}$/.test(ref) ? ref : null };
}

/** How a call failed, as a page shows it. */
export type Failure = 'not-found' | 'error';

/**
 * Sorts a failed call (made with ignoreErrors) for the page: 400, 403 and 404 are "not found" (never another
 * agency's data, and no hint whether it exists); anything else shows the red banner of spec section 8.
 */
export function failureOf(err: unknown): Failure {
  const status = err instanceof ApiError ? err.status : 0;
  if (status === 400 || status === 403 || status === 404) return 'not-found';
  if (status !== 401) showAlert('warning', GENERIC_ERROR_TEXT);
  return 'error';
}

/** The message of a refused change (409 and the like), else null. */
export function refusalOf(err: unknown): { status: number; message: string } | null {
  if (!(err instanceof ApiError)) return null;
  const body = err.body as { message?: unknown } | null | undefined;
  return { status: err.status, message: typeof body?.message === 'string' && body.message ? body.message : err.message };
}

/** The work-order contracts, loaded once on demand. */
export const loadContracts = () => import('./contracts.ts');

/** Reads the message of a failed list call and, for a 400, the field it names (From, To, Search…). */
export function problemOf(err: unknown): { status: number; message: string; field: string | null } {
  const e = err as { status?: unknown; message?: unknown; body?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : 0;
  const body = e?.body as { message?: unknown; errors?: unknown } | null | undefined;
  const first = Array.isArray(body?.errors) ? (body.errors[0] as { path?: unknown; message?: unknown } | undefined) : undefined;
  if (status === 400 && first && typeof first.message === 'string') {
    return { status, message: first.message, field: typeof first.path === 'string' ? first.path : null };
  }
  return { status, message: typeof e?.message === 'string' ? e.message : '', field: null };
}

/**
 * What a failed list call says, for `t.message()`: the field error a 400 names first (with its code), else
 * the reply's own message and code.
 */
export function problemReply(err: unknown): ServerMessage {
  if (!(err instanceof ApiError)) return { message: err instanceof Error ? err.message : '' };
  const reply = replyOf(err);
  const first = err.status === 400 ? reply.errors?.[0] : undefined;
  return first && typeof first.message === 'string' ? first : reply;
}
