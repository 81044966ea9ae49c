/**
 * The open or completed work orders of one agency (GetOpenWorkOrders / GetCompletedWorkOrders): a table paged,
 * sorted and filtered by the server (search, date range, status, agency). Its state lives in the page URL (the
 * parent writes it); live status changes update a shown row in place or refetch the page.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { GetCompletedWorkOrders, GetOpenWorkOrders, type WorkOrderPage, type WorkOrderSort } from '../../lib/api/work-orders.ts';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import { formatDateTime, formatDay } from '../../lib/format-date.ts';
import { readerTimeZone } from '../../lib/time-zone.ts';
import { api } from '../../stores/api.ts';
import StatusBadge from './StatusBadge.tsx';
import { LIST_STATUSES, PAGE_SIZES, type ListKind, type ListState } from './lists.ts';
import { detailsHref, problemOf, problemReply } from './shared.ts';
import { statusLabel, type WorkOrdersT } from './status.ts';
import { useLiveReload } from './use-work-order-events.ts';

interface Props {
  kind: ListKind;
  /** The work orders' words (`useT('workOrders', 'messages')`, loaded). */
  t: WorkOrdersT;
  state: ListState;
  /** The user's agencies (the agency filter). */
  agencies: readonly { agencyNumber: string; agencyName: string }[];
  /** The header's active agency (the default of the agency filter). */
  activeAgency: string;
  /** Writes a new state (the parent puts it in the URL). */
  onState(next: ListState): void;
}

/** A column: its sort key and default direction when first clicked. */
interface Column {
  key: WorkOrderSort;
  label: string;
  first: 'asc' | 'desc';
}

/** The open or the completed list: filters, a sortable table, the pager. */
export default function WorkOrderTable({ kind, t, state, agencies, activeAgency, onState }: Props) {
  const lang = t.lang;
  const agencyNumber = state.agency && agencies.some((a) => a.agencyNumber === state.agency) ? state.agency : activeAgency;
  const request = useMemo(
    () => ({
      AgencyNumber: agencyNumber,
      Page: state.page,
      PageSize: state.size,
      SortBy: state.sort,
      SortDirection: state.dir,
      ...(state.q ? { Search: state.q } : {}),
      ...(state.from ? { From: state.from } : {}),
      ...(state.to ? { To: state.to } : {}),
      // The days are the reader's local days, as the list shows its times.
      ...(state.from || state.to ? { TimeZone: readerTimeZone() } : {}),
      ...(state.status ? { Status: state.status } : {}),
    }),
    [agencyNumber, state.page, state.size, state.sort, state.dir, state.q, state.from, state.to, state.status],
  );
  const key = JSON.stringify([kind, request]);
  const [data, setData] = useState<WorkOrderPage | null>(null);
  /** The request the shown data (or problem) answers: another one means the table is out of date (busy). */
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [problem, setProblem] = useState<(ReturnType<typeof problemOf> & { reply: ReturnType<typeof problemReply> }) | null>(null);
  const [updated, setUpdated] = useState<ReadonlySet<string>>(new Set());
  const seq = useRef(0);
  const regionRef = useRef<HTMLDivElement>(null);
  // Busy while the shown rows answer another request (a page, sort or filter change); a background refetch (live) is quiet.
  const busy = shownKey !== key;

  const load = useCallback(async () => {
    const n = ++seq.current;
    try {
      const page = await api.call(kind === 'open' ? GetOpenWorkOrders : GetCompletedWorkOrders, request, { ignoreErrors: true });
      if (n !== seq.current) return;
      setData(page);
      setProblem(null);
      setUpdated(new Set());
    } catch (err) {
      if (n !== seq.current) return;
      setProblem({ ...problemOf(err), reply: problemReply(err) });
    } finally {
      if (n === seq.current) {
        setShownKey(key);
      }
    }
  }, [kind, request, key]);

  useEffect(() => {
    void load();
  }, [load]);

  // Past the last page (the list shrank): go to the last one.
  useEffect(() => {
    if (data && data.TotalPages > 0 && data.Page > data.TotalPages) onState({ ...state, page: data.TotalPages });
  }, [data, state, onState]);

  // Live: a shown row changes in place; anything else refetches this page (debounced).
  useLiveReload(agencyNumber, load, (change) => {
    if (!data?.Items.some((row) => row.WorkOrderId === change.workOrderId)) return false;
    setData((cur) => cur && { ...cur, Items: cur.Items.map((row) => (row.WorkOrderId === change.workOrderId ? { ...row, Status: change.status, UpdatedAt: change.at } : row)) });
    setUpdated((cur) => new Set(cur).add(change.workOrderId));
    return true;
  });

  // The filter form: a draft applied on submit (Enter or the button).
  const initialDraft = useCallback(
    () => ({ q: state.q, from: state.from, to: state.to, status: state.status ?? '', agency: agencyNumber }),
    [state.q, state.from, state.to, state.status, agencyNumber],
  );
  const [draft, setDraft] = useState(initialDraft);
  useEffect(() => setDraft(initialDraft()), [initialDraft]);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    onState({
      ...state,
      page: 1,
      q: draft.q.trim().slice(0, 100),
      from: draft.from,
      to: draft.to,
      status: (draft.status || null) as WorkOrderStatus | null,
      agency: draft.agency === activeAgency ? null : draft.agency,
    });
  };
  const clear = () => onState({ ...state, page: 1, q: '', from: '', to: '', status: null, agency: null });
  const filtered = Boolean(state.q || state.from || state.to || state.status);

  const fieldProblem = problem?.status === 400 && problem.field && ['Search', 'From', 'To'].includes(problem.field) ? problem : null;
  const errorProps = (field: string, hint?: string) => {
    const bad = fieldProblem?.field === field;
    const ids = [hint, bad ? `wo-${kind}-${field}-error` : null].filter(Boolean).join(' ');
    return { 'aria-invalid': bad || undefined, 'aria-describedby': ids || undefined };
  };
  const fieldError = (field: string) =>
    fieldProblem?.field === field ? (
      <p className="field__error" id={`wo-${kind}-${field}-error`}>
        {t.message(fieldProblem.reply)}
      </p>
    ) : null;

  const columns: Column[] = [
    { key: 'WorkOrderId', label: t('workOrders.list.workOrder'), first: 'desc' },
    { key: 'ReferralNumber', label: t('workOrders.list.referral'), first: 'desc' },
    { key: 'PolicyholderName', label: t('workOrders.list.policyholder'), first: 'asc' },
    { key: 'PolicyNumber', label: t('workOrders.list.policyNumber'), first: 'asc' },
    { key: 'Vehicle', label: t('workOrders.list.vehicle'), first: 'asc' },
    { key: 'Status', label: t('workOrders.list.status'), first: 'asc' },
    { key: 'CreatedAt', label: t('workOrders.list.filed'), first: 'desc' },
    { key: 'UpdatedAt', label: t('workOrders.list.updated'), first: 'desc' },
  ];
  const sortBy = (c: Column) =>
    onState({ ...state, page: 1, sort: c.key, dir: state.sort === c.key ? (state.dir === 'asc' ? 'desc' : 'asc') : c.first });

  const totalPages = data ? Math.max(1, data.TotalPages) : 1;
  const page = data ? Math.min(data.Page, totalPages) : state.page;
  const goTo = (p: number) => {
    onState({ ...state, page: p });
    // The pressed button is disabled on the first or last page: keep focus in the list.
    if (p <= 1 || p >= totalPages) regionRef.current?.focus();
  };
  const rows = data?.Items ?? [];
  const blocking = problem;

  let body: ReactNode;
  if (blocking) {
    body = (
      <tr>
        <td colSpan={columns.length}>
          <div className="wo-state" role="alert">
            {blocking.status === 400 ? (
              <p>{fieldProblem ? t('workOrders.list.badFilter') : t.message(blocking.reply)}</p>
            ) : (
              <>
                <p>{t('workOrders.list.loadFailed')}</p>
                <button type="button" className="btn btn--secondary" onClick={() => void load()}>
                  {t('workOrders.list.retry')}
                </button>
              </>
            )}
          </div>
        </td>
      </tr>
    );
  } else if (!data) {
    body = Array.from({ length: state.size }, (_, i) => (
      <tr key={i} className="wo-skeleton-row" aria-hidden="true">
        {columns.map((c) => (
          <td key={c.key}>
            <span className="wo-skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columns.length}>
          <p className="wo-state" data-testid="wo-empty">
            {filtered ? t('workOrders.list.emptyFiltered') : t('workOrders.list.empty')}
          </p>
        </td>
      </tr>
    );
  } else {
    body = rows.map((r) => (
      <tr key={r.WorkOrderId} data-work-order-id={r.WorkOrderId} className={updated.has(r.WorkOrderId) ? 'is-updated' : undefined}>
        <th scope="row">
          <a href={detailsHref(r.WorkOrderId, r.ReferralNumber)}>{r.WorkOrderId}</a>
        </th>
        <td>{r.ReferralNumber}</td>
        <td>{`${r.PolicyholderFirstName} ${r.PolicyholderLastName}`}</td>
        <td>{r.PolicyNumber}</td>
        <td className="wo-col-wide">{r.Vehicle}</td>
        <td>
          <StatusBadge status={r.Status} t={t} />
        </td>
        <td className="wo-col-date">
          <time dateTime={r.CreatedAt}>{formatDay(r.CreatedAt, lang)}</time>
        </td>
        <td className="wo-col-date">
          <time dateTime={r.UpdatedAt}>{formatDateTime(r.UpdatedAt, lang, { zone: true })}</time>
        </td>
      </tr>
    ));
  }

  const id = (s: string) => `wo-${kind}-${s}`;
  return (
    <div className="wo-list">
      <form className="wo-filters" role="search" aria-label={t(`workOrders.list.filters.${kind}`)} onSubmit={submit} noValidate>
        <div className="field wo-filters__search">
          <label htmlFor={id('Search')}>{t('workOrders.list.search')}</label>
          <p className="field__hint" id={id('Search-hint')}>
            {t('workOrders.list.searchHint')}
          </p>
          <input
            id={id('Search')}
            type="search"
            value={draft.q}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            {...errorProps('Search', id('Search-hint'))}
          />
          {fieldError('Search')}
        </div>
        <div className="field">
          <label htmlFor={id('From')}>{t('workOrders.list.from')}</label>
          <input id={id('From')} type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} {...errorProps('From')} />
          {fieldError('From')}
        </div>
        <div className="field">
          <label htmlFor={id('To')}>{t('workOrders.list.to')}</label>
          <input id={id('To')} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} {...errorProps('To')} />
          {fieldError('To')}
        </div>
        <div className="field">
          <label htmlFor={id('Status')}>{t('workOrders.list.status')}</label>
          <select id={id('Status')} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
            <option value="">{t('workOrders.list.allStatuses')}</option>
            {LIST_STATUSES[kind].map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, t)}
              </option>
            ))}
          </select>
        </div>
        {agencies.length > 1 && (
          <div className="field wo-filters__agency">
            <label htmlFor={id('Agency')}>{t('workOrders.list.agency')}</label>
            <select id={id('Agency')} value={draft.agency} onChange={(e) => setDraft({ ...draft, agency: e.target.value })}>
              {agencies.map((a) => (
                <option key={a.agencyNumber} value={a.agencyNumber}>
                  {`${a.agencyName} (${a.agencyNumber})`}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="wo-filters__actions">
          <button type="submit" className="btn btn--secondary">
            {t('workOrders.list.apply')}
          </button>
          <button type="button" className="btn btn--link" onClick={clear}>
            {t('workOrders.list.clear')}
          </button>
        </div>
      </form>

      <div ref={regionRef} className={`table-wrap wo-table-wrap${busy && data ? ' is-busy' : ''}`} role="region" aria-labelledby={id('caption')} tabIndex={0}>
        <table className="table wo-table" aria-busy={busy || undefined}>
          <caption id={id('caption')}>{t(`workOrders.list.caption.${kind}`)}</caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const sorted = state.sort === c.key;
                return (
                  <th key={c.key} scope="col" className="wo-th-sort" aria-sort={sorted ? (state.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    <button type="button" className="wo-sort" onClick={() => sortBy(c)}>
                      {c.label}
                      <span className={`wo-sort__icon${sorted ? ` is-${state.dir}` : ''}`} aria-hidden="true" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>

      <nav className="wo-pager" aria-label={t(`workOrders.list.pages.${kind}`)}>
        <div className="wo-pager__size">
          <label htmlFor={id('size')}>{t('workOrders.list.rowsPerPage')}</label>
          <select id={id('size')} value={state.size} onChange={(e) => onState({ ...state, page: 1, size: Number(e.target.value) })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <p className="wo-pager__status" aria-live="polite" data-testid={id('page-status')}>
          {!data ? (
            t('workOrders.list.loading')
          ) : data.TotalCount === 0 ? (
            t('workOrders.list.none')
          ) : (
            <>
              <span>{t('workOrders.list.pageOf', { p: page, of: totalPages })}</span>
              <span className="muted">
                {' · '}
                {t('workOrders.list.showing', { first: (page - 1) * data.PageSize + 1, last: Math.min(page * data.PageSize, data.TotalCount), total: data.TotalCount })}
              </span>
            </>
          )}
        </p>
        <div className="wo-pager__buttons">
          <button type="button" className="btn btn--secondary" disabled={!data || page <= 1} onClick={() => goTo(page - 1)}>
            {t('workOrders.list.previous')}
          </button>
          <button type="button" className="btn btn--secondary" disabled={!data || page >= totalPages} onClick={() => goTo(page + 1)}>
            {t('workOrders.list.next')}
          </button>
        </div>
      </nav>
    </div>
  );
}
