/**
 * The work-order lists of the dashboard (issue 6): the tab and list state
 * kept in the page URL (?view=open&page=2…) so links and Back work. Loaded on demand with the lists
 * (docs/decisions/005): the dashboard page does not import it.
 */
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  SORT_DIRECTIONS,
  WORK_ORDER_SORTS,
  type SortDirection,
  type WorkOrderSort,
} from '../../lib/api/work-orders.ts';
import type { MouseEvent } from 'react';
import { CLOSED_STATUSES, isOpen, WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../lib/work-orders.ts';

/** The three tabs. */
export const VIEWS = ['overview', 'open', 'completed'] as const;
export type View = (typeof VIEWS)[number];
/** A list tab. */
export type ListKind = Exclude<View, 'overview'>;

/** Page sizes the lists offer. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The statuses each list holds. */
export const LIST_STATUSES: Record<ListKind, readonly WorkOrderStatus[]> = {
  open: WORK_ORDER_STATUSES.filter(isOpen),
  completed: CLOSED_STATUSES,
};

/** Tells the list a status belongs to. */
export const listOf = (status: WorkOrderStatus): ListKind => (isOpen(status) ? 'open' : 'completed');


/** The state of a list (from the URL). */
export interface ListState {
  page: number;
  size: number;
  sort: WorkOrderSort;
  dir: SortDirection;
  /** Search term (trimmed; '' → every order). */
  q: string;
  /** ISO days ('' → open-ended). */
  from: string;
  to: string;
  /** One of the user's agencies; null → the active agency. */
  agency: string | null;
  status: WorkOrderStatus | null;
}

/** A list's default state. */
export const DEFAULT_LIST: ListState = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  sort: DEFAULT_SORT.SortBy,
  dir: DEFAULT_SORT.SortDirection,
  q: '',
  from: '',
  to: '',
  agency: null,
  status: null,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The tab a URL asks for (anything unknown → the overview). */
export function viewOf(search: string): View {
  const v = new URLSearchParams(search).get('view');
  return v === 'open' || v === 'completed' ? v : 'overview';
}

/** The list state a URL asks for; unknown or invalid values fall back to the defaults (the server checks again). */
export function listStateOf(search: string, kind: ListKind): ListState {
  const sp = new URLSearchParams(search);
  const int = (k: string) => {
    const n = Number(sp.get(k));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const size = int('size');
  const sort = sp.get('sort');
  const dir = sp.get('dir');
  const status = sp.get('status');
  const day = (k: string) => {
    const v = sp.get(k)?.trim() ?? '';
    return ISO_DAY.test(v) ? v : '';
  };
  return {
    page: Math.min(int('page') ?? 1, 1_000_000),
    size: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST.size,
    sort: (WORK_ORDER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as WorkOrderSort) : DEFAULT_LIST.sort,
    dir: (SORT_DIRECTIONS as readonly string[]).includes(dir ?? '') ? (dir as SortDirection) : DEFAULT_LIST.dir,
    q: (sp.get('q') ?? '').trim().slice(0, 100),
    from: day('from'),
    to: day('to'),
    agency: /^\d{4,12}$/.test(sp.get('agency') ?? '') ? sp.get('agency') : null,
    status: LIST_STATUSES[kind].includes(status as WorkOrderStatus) ? (status as WorkOrderStatus) : null,
  };
}

/** The URL query of a tab and (for a list) its state; defaults are left out. */
export function queryOf(view: View, list?: Partial<ListState>): string {
  const sp = new URLSearchParams();
  if (view !== 'overview') sp.set('view', view);
  if (view !== 'overview' && list) {
    const s = { ...DEFAULT_LIST, ...list };
    if (s.page !== 1) sp.set('page', String(s.page));
    if (s.size !== DEFAULT_LIST.size) sp.set('size', String(s.size));
    if (s.sort !== DEFAULT_LIST.sort || s.dir !== DEFAULT_LIST.dir) {
      sp.set('sort', s.sort);
      sp.set('dir', s.dir);
    }
    if (s.q) sp.set('q', s.q);
    if (s.from) sp.set('from', s.from);
    if (s.to) sp.set('to', s.to);
    if (s.status) sp.set('status', s.status);
    if (s.agency) sp.set('agency', s.agency);
  }
  const q = sp.toString();
  return q ? `?${q}` : '';
}

/** The props of a link to a list (a tab, perhaps one status), opened in place on a plain click (no reload). */
export function listLinkOf(onOpenList: (kind: ListKind, status?: WorkOrderStatus) => void, kind: ListKind, status?: WorkOrderStatus) {
  return {
    href: queryOf(kind, status ? { status } : undefined) || '?',
    onClick: (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      onOpenList(kind, status);
    },
  };
}
