/**
 * work-order-console (internal admins, issue 6): any agency's work orders (InternalAdmin/GetWorkOrderConsole),
 * searched, filtered and paged on the server; each row shows its status and moves to one of its next statuses
 * (AdvanceWorkOrder) with an optional note. The row updates from the reply, and from the live stream when
 * someone else (or the simulator) changes it. A refused change says why and keeps the chosen status and note.
 */
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { ConsoleRow, GetWorkOrderConsole } from '../../lib/api/work-orders.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { nextStatuses, WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../lib/work-orders.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { UserGate } from '../shared/PageState.tsx';
import { useT } from '../shared/use-t.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import type { WorkOrderEvent } from '../../stores/work-order-events.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import { detailsHref, failureOf, loadContracts, refusalOf } from './shared.ts';
import StatusBadge from './StatusBadge.tsx';
import { statusLabel, type WorkOrdersT } from './status.ts';
import { useWorkOrderEvents } from './use-work-order-events.ts';


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

/** The work-order console: once the signed-in user and the words are there, the console itself. */
export default function WorkOrderConsole() {
  const t = useT('workOrders', 'messages');
  return <UserGate t={t}>{(_user, words) => <ConsolePage t={words} />}</UserGate>;
}

/** The filters, the page of work orders with a status change per row, and the pager. */
function ConsolePage({ t }: { t: WorkOrdersT }) {
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
  shownIds.current = new Set(page?.Items.map((row) => row.WorkOrderId));

  const load = useCallback(
    async (wanted: Filters) => {
      const mine = ++seq.current;
      setLoading(true);
      setFailed(null);
      try {
        const { GetWorkOrderConsole } = await loadContracts();
        const result = await api.call(
          GetWorkOrderConsole,
          {
            Scope: wanted.Scope,
            Page: wanted.Page,
            PageSize: PAGE_SIZE,
            ...(wanted.Search.trim() ? { Search: wanted.Search.trim() } : {}),
            ...(wanted.Status ? { Status: wanted.Status } : {}),
            ...(wanted.AgencyNumber.trim() ? { AgencyNumber: wanted.AgencyNumber.trim() } : {}),
          },
          { ignoreErrors: true },
        );
        if (mine === seq.current) setPage(result);
      } catch (err) {
        if (mine !== seq.current) return;
        const refusal = refusalOf(err);
        // A 400 is the filters (e.g. an agency number that is not one); the server's message says which.
        if (refusal?.status === 400 && err instanceof ApiError) setFailed(`${t('workOrders.console.invalid')} ${t.message(replyOf(err))}`);
        else if (failureOf(err) === 'error' || refusal?.status === 403 || refusal?.status === 404) setFailed(t('workOrders.console.loadFailed'));
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [t],
  );

  useEffect(() => {
    void load(filters);
  }, [filters, load]);

  // Live: a change made elsewhere (another admin, the simulator, an agent's resubmit) updates its row.
  const onEvent = useCallback(
    (change: WorkOrderEvent) => {
      if (!shownIds.current.has(change.workOrderId)) return;
      setPage((shown) => shown && { ...shown, Items: shown.Items.map((row) => (row.WorkOrderId === change.workOrderId ? withStatus(row, change.status, change.at) : row)) });
      setDrafts((current) => {
        const draft = current[change.workOrderId];
        // A chosen status that is no longer allowed is cleared; the note stays.
        if (!draft || !draft.status || nextStatuses(change.status).includes(draft.status)) return current;
        return { ...current, [change.workOrderId]: { ...draft, status: '' } };
      });
      setAnnounce(t('workOrders.console.liveChanged', { id: change.workOrderId, status: statusLabel(change.status, t) }));
    },
    [t],
  );
  const live = useWorkOrderEvents(true, { event: onEvent, resync: () => void load(filters) });

  const draftOf = (id: string) => drafts[id] ?? EMPTY_DRAFT;
  const setDraft = (id: string, patch: Partial<Draft>) => setDrafts((current) => ({ ...current, [id]: { ...(current[id] ?? EMPTY_DRAFT), ...patch } }));

  const advance = async (row: ConsoleRow) => {
    const draft = draftOf(row.WorkOrderId);
    if (!draft.status || !row.NextStatuses.includes(draft.status)) {
      setDraft(row.WorkOrderId, { error: t('workOrders.console.chooseFirst') });
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
      setPage((shown) => shown && { ...shown, Items: shown.Items.map((item) => (item.WorkOrderId === reply.WorkOrderId ? { ...withStatus(item, reply.Status, reply.At), NextStatuses: reply.NextStatuses } : item)) });
      setDrafts((current) => ({ ...current, [row.WorkOrderId]: EMPTY_DRAFT }));
      showAlert('success', t('workOrders.console.advanced', { id: reply.WorkOrderId, status: statusLabel(reply.Status, t) }));
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal?.status === 401) return;
      if (refusal && refusal.status >= 400 && refusal.status < 500) {
        // 409: not a next status any more (someone moved it); the row is reloaded, the note kept.
        setDraft(row.WorkOrderId, { busy: false, error: err instanceof ApiError ? t.message(replyOf(err)) : refusal.message });
        void load(filters);
        return;
      }
      failureOf(err);
      setDraft(row.WorkOrderId, { busy: false, error: t('workOrders.console.loadFailed') });
      return;
    }
  };

  const submitFilters = (e: SubmitEvent) => {
    e.preventDefault();
    setFilters({ ...form, Page: 1 });
  };

  return (
    <div className="order-page order-console" data-live={live ? 'on' : 'off'}>
      <h1>{t('workOrders.console.title')}</h1>
      <p className="muted">{t('workOrders.console.intro')}</p>
      <form className="card order-filters" role="search" aria-label={t('workOrders.console.filters')} onSubmit={submitFilters}>
        <div className="field">
          <label htmlFor="order-search">{t('workOrders.console.search')}</label>
          <input id="order-search" type="search" maxLength={100} value={form.Search} onChange={(e) => setForm({ ...form, Search: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="order-scope">{t('workOrders.console.scope')}</label>
          <select id="order-scope" value={form.Scope} onChange={(e) => setForm({ ...form, Scope: e.target.value as Scope, Status: '' })}>
            {(['Open', 'Completed', 'All'] as const).map((scope) => (
              <option key={scope} value={scope}>
                {t(`workOrders.console.scopes.${scope}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-status">{t('workOrders.console.status')}</label>
          <select id="order-status" value={form.Status} onChange={(e) => setForm({ ...form, Status: e.target.value as WorkOrderStatus | '' })}>
            <option value="">{t('workOrders.console.anyStatus')}</option>
            {WORK_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status, t)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-agency">{t('workOrders.console.agency')}</label>
          <input id="order-agency" inputMode="numeric" maxLength={12} aria-describedby="order-agency-hint" value={form.AgencyNumber} onChange={(e) => setForm({ ...form, AgencyNumber: e.target.value })} />
          <p id="order-agency-hint" className="field__hint">
            {t('workOrders.console.agencyHint')}
          </p>
        </div>
        <div className="order-filters__actions">
          <button type="submit" className="btn btn--secondary">
            {t('workOrders.console.find')}
          </button>
          <button
            type="button"
            className="btn btn--link"
            onClick={() => {
              setForm(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          >
            {t('workOrders.console.clear')}
          </button>
        </div>
      </form>

      <p className="visually-hidden" role="status">
        {announce}
      </p>

      {failed ? (
        <LoadFailed text={failed} retry={t('workOrders.console.retry')} onRetry={() => void load(filters)} />
      ) : !page ? (
        <p className="muted order-loading" aria-busy="true">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('workOrders.console.loading')}
        </p>
      ) : page.Items.length === 0 ? (
        <div className="card empty" data-testid="console-empty">
          <p>
            <strong>{t('workOrders.console.empty')}</strong>
          </p>
          <p>{t('workOrders.console.emptyHelp')}</p>
        </div>
      ) : (
        <>
          <div className="table-wrap" role="region" aria-label={t('workOrders.console.tableLabel')} tabIndex={0} aria-busy={loading}>
            <table className="table order-table">
              <caption>{t.plural('workOrders.console.caption', page.TotalCount)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('workOrders.console.workOrder')}</th>
                  <th scope="col">{t('workOrders.console.policyholder')}</th>
                  <th scope="col">{t('workOrders.console.agencyCol')}</th>
                  <th scope="col">{t('workOrders.console.status')}</th>
                  <th scope="col">{t('workOrders.console.updated')}</th>
                  <th scope="col">{t('workOrders.console.change')}</th>
                </tr>
              </thead>
              <tbody>
                {page.Items.map((row) => (
                  <ConsoleTableRow key={row.WorkOrderId} row={row} t={t} draft={draftOf(row.WorkOrderId)} setDraft={(patch) => setDraft(row.WorkOrderId, patch)} advance={() => void advance(row)} />
                ))}
              </tbody>
            </table>
          </div>
          {page.TotalPages > 1 && (
            <nav className="order-pager" aria-label={t('workOrders.console.pages')}>
              <button type="button" className="btn btn--secondary" disabled={page.Page <= 1 || loading} onClick={() => setFilters({ ...filters, Page: page.Page - 1 })}>
                {t('workOrders.console.previous')}
              </button>
              <span>{t('workOrders.console.pageOf', { p: page.Page, n: page.TotalPages })}</span>
              <button type="button" className="btn btn--secondary" disabled={page.Page >= page.TotalPages || loading} onClick={() => setFilters({ ...filters, Page: page.Page + 1 })}>
                {t('workOrders.console.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

/** A row with a new status (from a reply or the stream): its next statuses follow the lifecycle. */
function withStatus(row: ConsoleRow, status: WorkOrderStatus, at: string): ConsoleRow {
  return { ...row, Status: status, UpdatedAt: at, NextStatuses: nextStatuses(status), CanResubmit: status === 'Failed' };
}

/** One work order of the console, with its status change form. */
function ConsoleTableRow({ row, t, draft, setDraft, advance }: { row: ConsoleRow; t: WorkOrdersT; draft: Draft; setDraft: (patch: Partial<Draft>) => void; advance: () => void }) {
  const id = row.WorkOrderId;
  const errorId = `advance-${id}-error`;
  // A chosen status the row no longer allows (it changed meanwhile) shows as not chosen.
  const chosen = draft.status && row.NextStatuses.includes(draft.status) ? draft.status : '';
  return (
    <tr data-work-order={id}>
      <th scope="row">
        <a href={detailsHref(id, row.ReferralNumber)}>{id}</a>
        <span className="table__sub">{row.ReferralNumber}</span>
      </th>
      <td>
        {`${row.PolicyholderFirstName} ${row.PolicyholderLastName}`}
        <span className="table__sub">{row.Vehicle}</span>
      </td>
      <td>
        {row.AgencyName}
        <span className="table__sub">{row.AgencyNumber}</span>
      </td>
      <td>
        <StatusBadge status={row.Status} t={t} testId="console-status" />
      </td>
      <td>
        <time dateTime={row.UpdatedAt}>{formatDateTime(row.UpdatedAt, t.lang, { zone: true })}</time>
      </td>
      <td>
        {row.NextStatuses.length === 0 ? (
          <span className="muted">{t('workOrders.console.final')}</span>
        ) : (
          <form
            className="order-advance"
            aria-label={t('workOrders.console.change') + ': ' + id}
            onSubmit={(e) => {
              e.preventDefault();
              advance();
            }}
          >
            <label className="visually-hidden" htmlFor={`next-${id}`}>
              {t('workOrders.console.nextFor', { id })}
            </label>
            <select
              id={`next-${id}`}
              value={chosen}
              aria-invalid={draft.error ? true : undefined}
              aria-describedby={draft.error ? errorId : undefined}
              onChange={(e) => setDraft({ status: e.target.value as WorkOrderStatus | '', error: null })}
            >
              <option value="">{t('workOrders.console.choose')}</option>
              {row.NextStatuses.map((next) => (
                <option key={next} value={next}>
                  {statusLabel(next, t)}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`note-${id}`}>
              {t('workOrders.console.noteFor', { id })}
            </label>
            <input id={`note-${id}`} type="text" maxLength={500} placeholder={t('workOrders.console.note')} value={draft.note} onChange={(e) => setDraft({ note: e.target.value })} />
            <button type="submit" className="btn btn--secondary" disabled={draft.busy} aria-busy={draft.busy}>
              {draft.busy ? t('workOrders.console.advancing') : t('workOrders.console.advance')}
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
