/**
 * What the work-order pages share (issue 6): their paths and links, the status names in both languages,
 * dates with times, the page's order from its URL, the failure kinds of a call, the live stream and the
 * contracts (loaded on demand: the pages' first paint needs none of their schemas, docs/decisions/005).
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError, GENERIC_ERROR_TEXT } from '../../lib/api/client.ts';
import { openLiveEvents, type WorkOrderEvent } from '../../lib/api/live.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $session, handleUnauthorized } from '../../stores/session.ts';

/** Where the work-order pages live. */
export const DETAILS_PATH = '/dashboard/work-order-details';
export const SURVEY_PATH = '/dashboard/order-survey-details';
export const CONSOLE_PATH = '/dashboard/work-order-console';
/** The agent's open work orders (the dashboard's list view). */
export const OPEN_LIST_PATH = '/dashboard/?view=open';

/** The query of a work order's pages: its id, and its referral number when known (ServiceActivityDetail asks for both). */
function orderQuery(workOrderId: string, referralNumber?: string | null): string {
  const q = new URLSearchParams({ workOrderId });
  if (referralNumber) q.set('referralNumber', referralNumber);
  return q.toString();
}
/** The details page of a work order. */
export const detailsHref = (workOrderId: string, referralNumber?: string | null) => `${DETAILS_PATH}?${orderQuery(workOrderId, referralNumber)}`;
/** The survey page of a work order. */
export const surveyHref = (workOrderId: string, referralNumber?: string | null) => `${SURVEY_PATH}?${orderQuery(workOrderId, referralNumber)}`;

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

/** The statuses in the page language. */
export const STATUS_LABELS: Record<Lang, Record<WorkOrderStatus, string>> = {
  en: {
    Received: 'Received',
    'Policyholder contacted': 'Policyholder contacted',
    Scheduled: 'Scheduled',
    'In progress': 'In progress',
    Completed: 'Completed',
    'Survey complete': 'Survey complete',
    Cancelled: 'Cancelled',
    Failed: 'Failed',
  },
  es: {
    Received: 'Recibida',
    'Policyholder contacted': 'Asegurado contactado',
    Scheduled: 'Programada',
    'In progress': 'En curso',
    Completed: 'Completada',
    'Survey complete': 'Encuesta completa',
    Cancelled: 'Cancelada',
    Failed: 'Fallida',
  },
};

/** The CSS modifier of a status badge. */
export const statusClass = (s: WorkOrderStatus) => `order-status order-status--${s.toLowerCase().replace(/\s+/g, '-')}`;

/** A time for reading, in the page language and the reader's time zone (with its abbreviation). */
export function formatDateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(lang === 'es' ? 'es-US' : 'en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

/** A day (YYYY-MM-DD or an ISO time) for reading. */
export function formatDay(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' });
}

/** A money amount in USD. */
export const formatUsd = (n: number, lang: Lang) => new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(n);

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

/**
 * Listens to the live stream of work-order changes while `enabled` (the page's user is loaded): `onEvent` runs
 * for each change the caller may see; `onReady` after each reconnection (a page may refetch what it missed).
 * True once the stream is subscribed (pages mark it with `data-live`, which tests wait for).
 */
export function useLiveEvents(enabled: boolean, onEvent: (e: WorkOrderEvent) => void, onReady?: () => void): boolean {
  const handlers = useRef({ onEvent, onReady });
  handlers.current = { onEvent, onReady };
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let first = true;
    const close = openLiveEvents({
      getToken: () => $session.get()?.accessToken ?? null,
      onEvent: (e) => handlers.current.onEvent(e),
      onReady: () => {
        setSubscribed(true);
        // The first subscription follows the page's own load; a reconnection may have missed changes.
        if (!first) handlers.current.onReady?.();
        first = false;
      },
      onUnauthorized: () => void handleUnauthorized(),
    });
    return () => {
      close();
      setSubscribed(false);
    };
  }, [enabled]);
  return subscribed;
}

export type { WorkOrderEvent };
