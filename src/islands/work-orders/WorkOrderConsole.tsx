/**
 * work-order-console (internal admins, issue 6): any agency's work orders (InternalAdmin/GetWorkOrderConsole),
 * searched, filtered and paged on the server; each row shows its status and moves to one of its next statuses
 * (AdvanceWorkOrder) with an optional note. The row updates from the reply, and from the live stream when
 * someone else (or the simulator) changes it. A refused change says why and keeps the chosen status and note.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ConsoleRow, GetWorkOrderConsole } from '../../lib/api/work-orders.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import type { Lang } from '../../lib/i18n.ts';
import { nextStatuses, WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../lib/work-orders.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { $userStatus } from '../../stores/user.ts';
import GuardError from '../shared/GuardError.tsx';
import { useLang } from '../shared/use-lang.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import type { WorkOrderEvent } from '../../stores/work-order-events.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import { detailsHref, failureOf, loadContracts, refusalOf } from './shared.ts';
import StatusBadge from './StatusBadge.tsx';
import { statusLabel } from './status.ts';
import { useWorkOrderEvents } from './use-work-order-events.ts';

const TEXT = {
  en: {
    title: 'Work-order console',
    intro: 'Find any agency’s work orders and move them along their lifecycle. Each change notifies the agent as their alerts say.',
    filters: 'Find work orders',
    search: 'Policyholder, policy number or referral number',
    scope: 'Show',
    scopes: { Open: 'Open work orders', Completed: 'Completed work orders', All: 'All work orders' },
    status: 'Status',
    anyStatus: 'Any status',
    agency: 'Agency number',
    agencyHint: 'Empty: every agency.',
    find: 'Find',
    clear: 'Clear',
    caption: (n: number) => `${n} work order${n === 1 ? '' : 's'}`,
    tableLabel: 'Work orders',
    workOrder: 'Work order',
    policyholder: 'Policyholder',
    agencyCol: 'Agency',
    vehicle: 'Vehicle',
    updated: 'Last change',
    change: 'Change the status',
    nextFor: (id: string) => `Next status of ${id}`,
    noteFor: (id: string) => `Note for ${id} (optional)`,
    note: 'Note (optional)',
    choose: 'Choose…',
    advance: 'Advance',
    advancing: 'Saving…',
    final: 'No further status',
    advanced: (id: string, s: string) => `${id} is now ${s}.`,
    chooseFirst: 'Choose the next status first.',
    liveChanged: (id: string, s: string) => `${id} changed to ${s}.`,
    loading: 'Loading the work orders…',
    empty: 'No work orders match.',
    emptyHelp: 'Change the search or the filters.',
    loadFailed: 'We could not load the work orders. Please try again.',
    retry: 'Try again',
    invalid: 'Please check the filters.',
    pages: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    pageOf: (p: number, n: number) => `Page ${p} of ${n}`,
  },
  es: {
    title: 'Consola de órdenes de trabajo',
    intro: 'Busque las órdenes de trabajo de cualquier agencia y hágalas avanzar en su ciclo. Cada cambio avisa al agente según sus alertas.',
    filters: 'Buscar órdenes de trabajo',
    search: 'Asegurado, número de póliza o número de referencia',
    scope: 'Mostrar',
    scopes: { Open: 'Órdenes abiertas', Completed: 'Órdenes completadas', All: 'Todas las órdenes' },
    status: 'Estado',
    anyStatus: 'Cualquier estado',
    agency: 'Número de agencia',
    agencyHint: 'Vacío: todas las agencias.',
    find: 'Buscar',
    clear: 'Borrar',
    caption: (n: number) => `${n} orden${n === 1 ? '' : 'es'} de trabajo`,
    tableLabel: 'Órdenes de trabajo',
    workOrder: 'Orden de trabajo',
    policyholder: 'Asegurado',
    agencyCol: 'Agencia',
    vehicle: 'Vehículo',
    updated: 'Último cambio',
    change: 'Cambiar el estado',
    nextFor: (id: string) => `Siguiente estado de ${id}`,
    noteFor: (id: string) => `Nota para ${id} (opcional)`,
    note: 'Nota (opcional)',
    choose: 'Elija…',
    advance: 'Avanzar',
    advancing: 'Guardando…',
    final: 'Sin más estados',
    advanced: (id: string, s: string) => `${id} ahora está en ${s}.`,
    chooseFirst: 'Elija primero el siguiente estado.',
    liveChanged: (id: string, s: string) => `${id} cambió a ${s}.`,
    loading: 'Cargando las órdenes de trabajo…',
    empty: 'Ninguna orden de trabajo coincide.',
    emptyHelp: 'Cambie la búsqueda o los filtros.',
    loadFailed: 'No pudimos cargar las órdenes de trabajo. Inténtelo de nuevo.',
    retry: 'Intentar de nuevo',
    invalid: 'Revise los filtros.',
    pages: 'Páginas',
    previous: 'Página anterior',
    next: 'Página siguiente',
    pageOf: (p: number, n: number) => `Página ${p} de ${n}`,
  },
};
type Text = (typeof TEXT)['en'];

type Scope = 'Open' | 'Completed' | 'All';
interface Filters {
  Search: string;
  Scope: Scope;
  Status: WorkOrderStatus | '';
  AgencyNumber: string;
  Page: number;
}
const NO_FILTERS: Filters = { Search: '', Scope: 'Open', Status: '', AgencyNumber: '', Page: 1 };
const PAGE_SIZE = 25;

type ConsolePage = ResultOf<typeof GetWorkOrderConsole>;
/** What the admin has typed or chosen in one row (kept across reloads of the list: nothing is lost). */
interface Draft {
  status: WorkOrderStatus | '';
  note: string;
  busy: boolean;
  error: string | null;
}
const EMPTY_DRAFT: Draft = { status: '', note: '', busy: false, error: null };

/** The work-order console. */
export default function WorkOrderConsole() {
  const { lang, s } = useLang();
  const x = TEXT[lang];
  const userStatus = useStore($userStatus);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [form, setForm] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState<ConsolePage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [announce, setAnnounce] = useState('');
  const seq = useRef(0);
  // The rows on screen (the live stream updates only those).
  const shownIds = useRef(new Set<string>());
  shownIds.current = new Set(page?.Items.map((r) => r.WorkOrderId));


  const load = useCallback(
    async (f: Filters) => {
      const mine = ++seq.current;
      setLoading(true);
      setFailed(null);
      try {
        const { GetWorkOrderConsole } = await loadContracts();
        const result = await api.call(
          GetWorkOrderConsole,
          {
            Scope: f.Scope,
            Page: f.Page,
            PageSize: PAGE_SIZE,
            ...(f.Search.trim() ? { Search: f.Search.trim() } : {}),
            ...(f.Status ? { Status: f.Status } : {}),
            ...(f.AgencyNumber.trim() ? { AgencyNumber: f.AgencyNumber.trim() } : {}),
          },
          { ignoreErrors: true },
        );
        if (mine === seq.current) setPage(result);
      } catch (err) {
        if (mine !== seq.current) return;
        const r = refusalOf(err);
        // A 400 is the filters (e.g. an agency number that is not one); the server's message says which.
        if (r?.status === 400) setFailed(`${x.invalid} ${r.message}`);
        else if (failureOf(err) === 'error' || r?.status === 403 || r?.status === 404) setFailed(x.loadFailed);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [x],
  );

  useEffect(() => {
    if (userStatus === 'ready') void load(filters);
  }, [userStatus, filters, load]);

  // Live: a change made elsewhere (another admin, the simulator, an agent's resubmit) updates its row.
  const onEvent = useCallback(
    (e: WorkOrderEvent) => {
      if (!shownIds.current.has(e.workOrderId)) return;
      setPage((p) => p && { ...p, Items: p.Items.map((r) => (r.WorkOrderId === e.workOrderId ? withStatus(r, e.status, e.at) : r)) });
      setDrafts((d) => {
        const draft = d[e.workOrderId];
        // A chosen status that is no longer allowed is cleared; the note stays.
        if (!draft || !draft.status || nextStatuses(e.status).includes(draft.status)) return d;
        return { ...d, [e.workOrderId]: { ...draft, status: '' } };
      });
      setAnnounce(x.liveChanged(e.workOrderId, statusLabel(e.status, lang)));
    },
    [x, lang],
  );
  const live = useWorkOrderEvents(userStatus === 'ready', { event: onEvent, resync: () => void load(filters) });

  const draftOf = (id: string) => drafts[id] ?? EMPTY_DRAFT;
  const setDraft = (id: string, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [id]: { ...(d[id] ?? EMPTY_DRAFT), ...patch } }));

  const advance = async (row: ConsoleRow) => {
    const draft = draftOf(row.WorkOrderId);
    if (!draft.status || !row.NextStatuses.includes(draft.status)) {
      setDraft(row.WorkOrderId, { error: x.chooseFirst });
      document.getElementById(`next-${row.WorkOrderId}`)?.focus();
      return;
    }
    setDraft(row.WorkOrderId, { busy: true, error: null });
    try {
      const { AdvanceWorkOrder } = await loadContracts();
      const reply = await api.call(
        AdvanceWorkOrder,
        { WorkOrderId: row.WorkOrderId, Status: draft.status, ...(draft.note.trim() ? { Note: draft.note.trim() } : {}) },
        { ignoreErrors: true },
      );
      setPage((p) => p && { ...p, Items: p.Items.map((r) => (r.WorkOrderId === reply.WorkOrderId ? { ...withStatus(r, reply.Status, reply.At), NextStatuses: reply.NextStatuses } : r)) });
      setDrafts((d) => ({ ...d, [row.WorkOrderId]: EMPTY_DRAFT }));
      showAlert('success', x.advanced(reply.WorkOrderId, statusLabel(reply.Status, lang)));
    } catch (err) {
      const r = refusalOf(err);
      if (r?.status === 401) return;
      if (r && r.status >= 400 && r.status < 500) {
        // 409: not a next status any more (someone moved it); the row is reloaded, the note kept.
        setDraft(row.WorkOrderId, { busy: false, error: r.message });
        void load(filters);
        return;
      }
      failureOf(err);
      setDraft(row.WorkOrderId, { busy: false, error: x.loadFailed });
      return;
    }
  };

  const submitFilters = (e: SubmitEvent) => {
    e.preventDefault();
    setFilters({ ...form, Page: 1 });
  };

  if (userStatus === 'error') return <GuardError />;
  if (userStatus !== 'ready') return <p className="muted page-loading" aria-busy="true">{s.loading}</p>;

  return (
    <div className="order-page order-console" data-live={live ? 'on' : 'off'}>
      <h1>{x.title}</h1>
      <p className="muted">{x.intro}</p>
      <form className="card order-filters" role="search" aria-label={x.filters} onSubmit={submitFilters}>
        <div className="field">
          <label htmlFor="order-search">{x.search}</label>
          <input id="order-search" type="search" maxLength={100} value={form.Search} onChange={(e) => setForm({ ...form, Search: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="order-scope">{x.scope}</label>
          <select id="order-scope" value={form.Scope} onChange={(e) => setForm({ ...form, Scope: e.target.value as Scope, Status: '' })}>
            {(['Open', 'Completed', 'All'] as const).map((v) => (
              <option key={v} value={v}>
                {x.scopes[v]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-status">{x.status}</label>
          <select id="order-status" value={form.Status} onChange={(e) => setForm({ ...form, Status: e.target.value as WorkOrderStatus | '' })}>
            <option value="">{x.anyStatus}</option>
            {WORK_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status, lang)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-agency">{x.agency}</label>
          <input id="order-agency" inputMode="numeric" maxLength={12} aria-describedby="order-agency-hint" value={form.AgencyNumber} onChange={(e) => setForm({ ...form, AgencyNumber: e.target.value })} />
          <p id="order-agency-hint" className="field__hint">
            {x.agencyHint}
          </p>
        </div>
        <div className="order-filters__actions">
          <button type="submit" className="btn btn--primary">
            {x.find}
          </button>
          <button
            type="button"
            className="btn btn--link"
            onClick={() => {
              setForm(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            {x.clear}
          </button>
        </div>
      </form>

      <p className="visually-hidden" role="status">
        {announce}
      </p>

      {failed ? (
        <LoadFailed text={failed} retry={x.retry} onRetry={() => void load(filters)} />
      ) : !page ? (
        <p className="muted order-loading" aria-busy="true">
          <span className="spinner spinner--small" aria-hidden="true" /> {x.loading}
        </p>
      ) : page.Items.length === 0 ? (
        <div className="card empty" data-testid="console-empty">
          <p>
            <strong>{x.empty}</strong>
          </p>
          <p>{x.emptyHelp}</p>
        </div>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label={x.tableLabel} tabIndex={0} aria-busy={loading}>
            <table className="table order-table">
              <caption>{x.caption(page.TotalCount)}</caption>
              <thead>
                <tr>
                  <th scope="col">{x.workOrder}</th>
                  <th scope="col">{x.policyholder}</th>
                  <th scope="col">{x.agencyCol}</th>
                  <th scope="col">{x.status}</th>
                  <th scope="col">{x.updated}</th>
                  <th scope="col">{x.change}</th>
                </tr>
              </thead>
              <tbody>
                {page.Items.map((r) => (
                  <ConsoleTableRow key={r.WorkOrderId} r={r} x={x} lang={lang} draft={draftOf(r.WorkOrderId)} setDraft={(p) => setDraft(r.WorkOrderId, p)} advance={() => void advance(r)} />
                ))}
              </tbody>
            </table>
          </div>
          {page.TotalPages > 1 && (
            <nav className="order-pager" aria-label={x.pages}>
              <button type="button" className="btn btn--secondary" disabled={page.Page <= 1 || loading} onClick={() => setFilters({ ...filters, Page: page.Page - 1 })}>
                {x.previous}
              </button>
              <span>{x.pageOf(page.Page, page.TotalPages)}</span>
              <button type="button" className="btn btn--secondary" disabled={page.Page >= page.TotalPages || loading} onClick={() => setFilters({ ...filters, Page: page.Page + 1 })}>
                {x.next}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

/** A row with a new status (from a reply or the stream): its next statuses follow the lifecycle. */
function withStatus(r: ConsoleRow, status: WorkOrderStatus, at: string): ConsoleRow {
  return { ...r, Status: status, UpdatedAt: at, NextStatuses: nextStatuses(status), CanResubmit: status === 'Failed' };
}

function ConsoleTableRow({ r, x, lang, draft, setDraft, advance }: { r: ConsoleRow; x: Text; lang: Lang; draft: Draft; setDraft: (p: Partial<Draft>) => void; advance: () => void }) {
  const id = r.WorkOrderId;
  const errorId = `advance-${id}-error`;
  // A chosen status the row no longer allows (it changed meanwhile) shows as not chosen.
  const chosen = draft.status && r.NextStatuses.includes(draft.status) ? draft.status : '';
  return (
    <tr data-work-order={id}>
      <th scope="row">
        <a href={detailsHref(id, r.ReferralNumber)}>{id}</a>
        <span className="table__sub">{r.ReferralNumber}</span>
      </th>
      <td>
        {`${r.PolicyholderFirstName} ${r.PolicyholderLastName}`}
        <span className="table__sub">{r.Vehicle}</span>
      </td>
      <td>
        {r.AgencyName}
        <span className="table__sub">{r.AgencyNumber}</span>
      </td>
      <td>
        <StatusBadge status={r.Status} lang={lang} testId="console-status" />
      </td>
      <td>
        <time dateTime={r.UpdatedAt}>{formatDateTime(r.UpdatedAt, lang, { zone: true })}</time>
      </td>
      <td>
        {r.NextStatuses.length === 0 ? (
          <span className="muted">{x.final}</span>
        ) : (
          <form
            className="order-advance"
            aria-label={x.change + ': ' + id}
            onSubmit={(e) => {
              e.preventDefault();
              advance();
            }}
          >
            <label className="visually-hidden" htmlFor={`next-${id}`}>
              {x.nextFor(id)}
            </label>
            <select
              id={`next-${id}`}
              value={chosen}
              aria-invalid={draft.error ? true : undefined}
              aria-describedby={draft.error ? errorId : undefined}
              onChange={(e) => setDraft({ status: e.target.value as WorkOrderStatus | '', error: null })}
            >
              <option value="">{x.choose}</option>
              {r.NextStatuses.map((next) => (
                <option key={next} value={next}>
                  {statusLabel(next, lang)}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`note-${id}`}>
              {x.noteFor(id)}
            </label>
            <input id={`note-${id}`} type="text" maxLength={500} placeholder={x.note} value={draft.note} onChange={(e) => setDraft({ note: e.target.value })} />
            <button type="submit" className="btn btn--primary" disabled={draft.busy} aria-busy={draft.busy}>
              {draft.busy ? x.advancing : x.advance}
            </button>
            {draft.error && (
              <p id={errorId} className="field__error" role="alert">
                {draft.error}
              </p>
            )}
          </form>
        )}
      </td>
    </tr>
  );
}
