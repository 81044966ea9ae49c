/**
 * The dashboard's work-order overview of the active agency (GetDashboardWorkOrders): counts by status (each a
 * link to its list), the 12-week chart and the most recently changed orders. Live changes refetch it (debounced).
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { DASHBOARD_RECENT, GetDashboardWorkOrders, type Dashboard } from '../../lib/api/work-orders.ts';
import type { Lang } from '../../lib/i18n.ts';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../lib/work-orders.ts';
import { api } from '../../stores/api.ts';
import StatusChart from './StatusChart.tsx';
import type { LiveSubscribe } from './WorkOrderTable.tsx';
import { detailsUrl, formatDateTime, listOf, problemOf, queryOf, statusLabel, statusSlug, TEXT, type ListKind } from './work-orders-shared.ts';
import LoadFailed from '../shared/LoadFailed.tsx';

interface Props {
  lang: Lang;
  agencyNumber: string;
  subscribe: LiveSubscribe;
  /** Opens a list tab (links are intercepted: no reload). */
  onOpenList(kind: ListKind, status?: WorkOrderStatus): void;
}

const REFETCH_DEBOUNCE_MS = 400;

export default function WorkOrdersOverview({ lang, agencyNumber, subscribe, onOpenList }: Props) {
  const x = TEXT[lang];
  const [data, setData] = useState<Dashboard | null>(null);
  /** The agency the shown data is of: another one means the overview is out of date (busy). */
  const [shownAgency, setShownAgency] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);
  // Busy while the shown data is of another agency; a background refetch (live) is quiet.
  const busy = shownAgency !== agencyNumber;

  const load = useCallback(async () => {
    const n = ++seq.current;
    try {
      const d = await api.call(GetDashboardWorkOrders, { AgencyNumber: agencyNumber }, { ignoreErrors: true });
      if (n !== seq.current) return;
      setData(d);
      setFailed(false);
    } catch (err) {
      if (n !== seq.current) return;
      // A 401 is handled by the client (back to sign-in).
      if (problemOf(err).status !== 401) setFailed(true);
    } finally {
      if (n === seq.current) {
        setShownAgency(agencyNumber);
      }
    }
  }, [agencyNumber]);

  useEffect(() => {
    void load();
  }, [load]);

  const latest = useRef({ agencyNumber, load });
  latest.current = { agencyNumber, load };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void latest.current.load(), REFETCH_DEBOUNCE_MS);
    };
    const off = subscribe({
      event: (e) => {
        if (e.agencyNumber === latest.current.agencyNumber) refetch();
      },
      resync: refetch,
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [subscribe]);

  /** A link to a list, opened in place on a plain click. */
  const listLink = (kind: ListKind, status?: WorkOrderStatus) => ({
    href: queryOf(kind, status ? { status } : undefined) || '?',
    onClick: (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      onOpenList(kind, status);
    },
  });

  if (failed && !data) {
    return (
      <LoadFailed className="card wo-state" text={x.loadFailed} retry={x.retry} onRetry={() => void load()} />
    );
  }

  const counts = new Map(data?.CountsByStatus.map((c) => [c.Status, c.Count]));
  const total = data ? data.OpenCount + data.CompletedCount : 0;

  return (
    <div className={`wo-overview${busy && data ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <div className="wo-block">
        <h3 id="wo-counts-title">{x.byStatus}</h3>
        <p className="wo-totals">
          <a {...listLink('open')} data-testid="wo-open-total">
            {data ? x.openTotal(data.OpenCount) : x.open}
          </a>
          <a {...listLink('completed')} data-testid="wo-completed-total">
            {data ? x.completedTotal(data.CompletedCount) : x.completed}
          </a>
        </p>
        <ul className="wo-counts">
          {WORK_ORDER_STATUSES.map((s) => (
            <li key={s}>
              <a className="wo-count" {...listLink(listOf(s), s)} data-status={s}>
                <span className="wo-count__n">{data ? (counts.get(s) ?? 0) : '–'}</span>{' '}
                <span className="wo-count__label">
                  <span className={`wo-swatch wo-fill--${statusSlug(s)}`} aria-hidden="true" />
                  {statusLabel(s, lang)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>

      {data && total === 0 ? (
        <div className="card empty wo-block" data-testid="wo-no-orders">
          <p>
            <strong>{x.noOrders}</strong>
          </p>
          <p>{x.noOrdersHelp}</p>
        </div>
      ) : (
        <>
          <div className="wo-block">
            <h3 id="wo-chart-title">{x.chartTitle}</h3>
            {data ? <StatusChart weekly={data.Weekly} lang={lang} titleId="wo-chart-title" /> : <div className="wo-chart-placeholder" aria-hidden="true" />}
          </div>

          <div className="wo-block">
            <h3 id="wo-recent-title">{x.recent}</h3>
            <div className="table-wrap" role="region" aria-labelledby="wo-recent-caption" tabIndex={0}>
              <table className="table wo-table">
                <caption id="wo-recent-caption" className="visually-hidden">
                  {x.recent}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{x.workOrder}</th>
                    <th scope="col">{x.policyholder}</th>
                    <th scope="col">{x.vehicle}</th>
                    <th scope="col">{x.status}</th>
                    <th scope="col">{x.updated}</th>
                  </tr>
                </thead>
                <tbody>
                  {data
                    ? data.Recent.map((r) => (
                        <tr key={r.WorkOrderId} data-work-order-id={r.WorkOrderId}>
                          <th scope="row">
                            <a href={detailsUrl(r.WorkOrderId, r.ReferralNumber)}>{r.WorkOrderId}</a>
                          </th>
                          <td>{`${r.PolicyholderFirstName} ${r.PolicyholderLastName}`}</td>
                          <td className="wo-col-wide">{r.Vehicle}</td>
                          <td>
                            <span className={`wo-status wo-status--${statusSlug(r.Status)}`} data-status={r.Status}>
                              {statusLabel(r.Status, lang)}
                            </span>
                          </td>
                          <td className="wo-col-date">
                            <time dateTime={r.UpdatedAt}>{formatDateTime(r.UpdatedAt, lang)}</time>
                          </td>
                        </tr>
                      ))
                    : Array.from({ length: DASHBOARD_RECENT }, (_, i) => (
                        <tr key={i} className="wo-skeleton-row" aria-hidden="true">
                          {Array.from({ length: 5 }, (__, j) => (
                            <td key={j}>
                              <span className="wo-skeleton" />
                            </td>
                          ))}
                        </tr>
                      ))}
                </tbody>
              </table>
            </div>
            <p className="wo-more">
              <a {...listLink('open')}>{x.seeOpen}</a>
              <a {...listLink('completed')}>{x.seeCompleted}</a>
            </p>
          </div>
        </>
      )}
    </div>
  );
}
