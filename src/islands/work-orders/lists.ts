/**
 * The work-order lists of the dashboard (issue 6): their words in English and Spanish, and the tab and list state
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
import type { Lang } from '../../lib/i18n.ts';
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

/** The words of the work-order views. */
export const TEXT = {
  en: {
    title: 'Work orders',
    tabs: 'Work orders',
    overview: 'Overview',
    open: 'Open',
    completed: 'Completed',
    scopeAgent: (agency: string) => `The work orders you filed for ${agency}.`,
    scopeAdmin: (agency: string) => `Every work order of ${agency}.`,
    live: 'Live updates on',
    liveOff: 'Live updates paused',
    nowStatus: (id: string, status: string) => `${id} is now ${status}`,
    loading: 'Loading the work orders…',
    loadFailed: 'We could not load the work orders. Please try again.',
    retry: 'Try again',
    // Overview
    byStatus: 'Orders by status',
    openTotal: (n: number) => `${n} open`,
    completedTotal: (n: number) => `${n} completed`,
    seeOpen: 'See the open work orders',
    seeCompleted: 'See the completed work orders',
    countLink: (n: number, status: string) => `${status}: ${n}`,
    chartTitle: 'Orders filed per week, by status now',
    chartDesc: (weeks: number, total: number) => `Stacked bars for the last ${weeks} weeks, ${total} orders in all. The numbers are in the table under the chart.`,
    chartTable: 'Show the numbers as a table',
    weekOf: 'Week of',
    total: 'Total',
    recent: 'Recent work orders',
    noOrders: 'There are no work orders for this agency yet.',
    noOrdersHelp: 'Claims you file show up here as work orders.',
    // Lists
    caption: { open: 'Open work orders', completed: 'Completed work orders' } as Record<ListKind, string>,
    filters: { open: 'Filter the open work orders', completed: 'Filter the completed work orders' } as Record<ListKind, string>,
    pages: { open: 'Pages of the open work orders', completed: 'Pages of the completed work orders' } as Record<ListKind, string>,
    search: 'Search',
    searchHint: 'Policyholder name, policy number or referral number',
    from: 'Filed from',
    to: 'Filed to',
    status: 'Status',
    allStatuses: 'All statuses',
    agency: 'Agency',
    apply: 'Search',
    clear: 'Clear filters',
    workOrder: 'Work order',
    referral: 'Referral',
    policyholder: 'Policyholder',
    policyNumber: 'Policy number',
    vehicle: 'Vehicle',
    filed: 'Filed',
    updated: 'Last update',
    sortBy: (col: string) => `Sort by ${col}`,
    empty: 'No work orders match.',
    emptyFiltered: 'No work orders match these filters. Change or clear them to see more.',
    rowsPerPage: 'Rows per page',
    pageOf: (p: number, of: number) => `Page ${p} of ${of}`,
    showing: (first: number, last: number, total: number) => `${first}–${last} of ${total} work orders`,
    none: '0 work orders',
    previous: 'Previous page',
    next: 'Next page',
    badFilter: 'Fix the filters above to see the work orders.',
  },
  es: {
    title: 'Órdenes de trabajo',
    tabs: 'Órdenes de trabajo',
    overview: 'Resumen',
    open: 'Abiertas',
    completed: 'Completadas',
    scopeAgent: (agency: string) => `Las órdenes de trabajo que usted presentó para ${agency}.`,
    scopeAdmin: (agency: string) => `Todas las órdenes de trabajo de ${agency}.`,
    live: 'Actualizaciones en vivo activas',
    liveOff: 'Actualizaciones en vivo en pausa',
    nowStatus: (id: string, status: string) => `${id} ahora está en estado: ${status}`,
    loading: 'Cargando las órdenes de trabajo…',
    loadFailed: 'No pudimos cargar las órdenes de trabajo. Inténtelo de nuevo.',
    retry: 'Intentar de nuevo',
    byStatus: 'Órdenes por estado',
    openTotal: (n: number) => `${n} abiertas`,
    completedTotal: (n: number) => `${n} completadas`,
    seeOpen: 'Ver las órdenes abiertas',
    seeCompleted: 'Ver las órdenes completadas',
    countLink: (n: number, status: string) => `${status}: ${n}`,
    chartTitle: 'Órdenes presentadas por semana, según su estado actual',
    chartDesc: (weeks: number, total: number) => `Barras apiladas de las últimas ${weeks} semanas, ${total} órdenes en total. Los números están en la tabla bajo el gráfico.`,
    chartTable: 'Mostrar los números en una tabla',
    weekOf: 'Semana del',
    total: 'Total',
    recent: 'Órdenes de trabajo recientes',
    noOrders: 'Todavía no hay órdenes de trabajo para esta agencia.',
    noOrdersHelp: 'Los reclamos que presente aparecerán aquí como órdenes de trabajo.',
    caption: { open: 'Órdenes de trabajo abiertas', completed: 'Órdenes de trabajo completadas' } as Record<ListKind, string>,
    filters: { open: 'Filtrar las órdenes abiertas', completed: 'Filtrar las órdenes completadas' } as Record<ListKind, string>,
    pages: { open: 'Páginas de las órdenes abiertas', completed: 'Páginas de las órdenes completadas' } as Record<ListKind, string>,
    search: 'Buscar',
    searchHint: 'Nombre del asegurado, número de póliza o número de referencia',
    from: 'Presentadas desde',
    to: 'Presentadas hasta',
    status: 'Estado',
    allStatuses: 'Todos los estados',
    agency: 'Agencia',
    apply: 'Buscar',
    clear: 'Borrar filtros',
    workOrder: 'Orden de trabajo',
    referral: 'Referencia',
    policyholder: 'Asegurado',
    policyNumber: 'Número de póliza',
    vehicle: 'Vehículo',
    filed: 'Presentada',
    updated: 'Última actualización',
    sortBy: (col: string) => `Ordenar por ${col}`,
    empty: 'Ninguna orden de trabajo coincide.',
    emptyFiltered: 'Ninguna orden de trabajo coincide con estos filtros. Cámbielos o bórrelos para ver más.',
    rowsPerPage: 'Filas por página',
    pageOf: (p: number, of: number) => `Página ${p} de ${of}`,
    showing: (first: number, last: number, total: number) => `${first}–${last} de ${total} órdenes de trabajo`,
    none: '0 órdenes de trabajo',
    previous: 'Página anterior',
    next: 'Página siguiente',
    badFilter: 'Corrija los filtros de arriba para ver las órdenes de trabajo.',
  },
} as const;
export type Text = (typeof TEXT)[Lang];

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
