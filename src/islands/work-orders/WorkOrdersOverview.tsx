/**
 * The dashboard's work-order overview of the active agency (GetDashboardWorkOrders): counts by status (each a
 * link to its list), the 12-week chart and the most recently changed orders. Live changes refetch it (debounced).
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { DASHBOARD_RECENT, GetDashboardWorkOrders, type Dashboard } from '../../lib/api/work-orders.ts';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../lib/work-orders.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { api } from '../../stores/api.ts';
import { listenWorkOrderEvents } from '../../stores/work-order-events.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import StatusBadge from './StatusBadge.tsx';
import StatusChart from './StatusChart.tsx';
import { listOf, queryOf, type ListKind } from './lists.ts';
import { detailsHref, problemOf } from './shared.ts';
import { statusLabel, statusSlug, type WorkOrdersT } from './status.ts';

interface Props {
  /** The work orders' words (`useT('workOrders', 'messages')`, loaded). */
  t: WorkOrdersT;
  agencyNumber: string;
  /** Opens a list tab (links are intercepted: no reload). */
  onOpenList(kind: ListKind, status?: WorkOrderStatus): void;
}

const REFETCH_DEBOUNCE_MS = 400;

/** The overview tab: counts by status, the weekly chart and the recent orders of the active agency. */
export default function WorkOrdersOverview({ t, agencyNumber, onOpenList }: Props) {
  const lang = t.lang;
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
    const off = listenWorkOrderEvents({
      event: (change) => {
        if (change.agencyNumber === latest.current.agencyNumber) refetch();
      },
      resync: refetch,
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);

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
      <LoadFailed className="card wo-state" text={t('workOrders.list.loadFailed')} retry={t('workOrders.list.retry')} onRetry={() => void load()} />
    );
  }

  const counts = new Map(data?.CountsByStatus.map((c) => [c.Status, c.Count]));
  const total = data ? data.OpenCount + data.ClosedCount : 0;

  return (
    <div className={`wo-overview${busy && data ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <div className="wo-block">
        <h3 id="wo-counts-title">{t('workOrders.list.byStatus')}</h3>
        <p className="wo-totals">
          <a {...listLink('open')} data-testid="wo-open-total">
            {data ? t('workOrders.list.openTotal', { n: data.OpenCount }) : t('workOrders.list.open')}
          </a>
          <a {...listLink('completed')} data-testid="wo-completed-total">
            {data ? t('workOrders.list.completedTotal', { n: data.CompletedCount }) : t('workOrders.list.completed')}
          </a>
        </p>
        <ul className="wo-counts">
          {WORK_ORDER_STATUSES.map((s) => (
            <li key={s}>
              <a className="wo-count" {...listLink(listOf(s), s)} data-status={s}>
                <span className="wo-count__n">{data ? (counts.get(s) ?? 0) : '–'}</span>{' '}
                <span className="wo-count__label">
                  <span className={`wo-swatch wo-fill--${statusSlug(s)}`} aria-hidden="true" />
                  {statusLabel(s, t)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>

      {data && total === 0 ? (
        <div className="card empty wo-block" data-testid="wo-no-orders">
          <p>
            <strong>{t('workOrders.list.noOrders')}</strong>
          </p>
          <p>{t('workOrders.list.noOrdersHelp')}</p>
        </div>
      ) : (
        <>
          <div className="wo-block">
            <h3 id="wo-chart-title">{t('workOrders.list.chartTitle')}</h3>
            {data ? <StatusChart weekly={data.Weekly} t={t} titleId="wo-chart-title" /> : <div className="wo-chart-placeholder" aria-hidden="true" />}
          </div>

          <div className="wo-block">
            <h3 id="wo-recent-title">{t('workOrders.list.recent')}</h3>
            <div className="table-wrap" role="region" aria-labelledby="wo-recent-caption" tabIndex={0}>
              <table className="table wo-table">
                <caption id="wo-recent-caption" className="visually-hidden">
                  {t('workOrders.list.recent')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('workOrders.list.workOrder')}</th>
                    <th scope="col">{t('workOrders.list.policyholder')}</th>
                    <th scope="col">{t('workOrders.list.vehicle')}</th>
                    <th scope="col">{t('workOrders.list.status')}</th>
                    <th scope="col">{t('workOrders.list.updated')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data
                    ? data.Recent.map((r) => (
                        <tr key={r.WorkOrderId} data-work-order-id={r.WorkOrderId}>
                          <th scope="row">
                            <a href={detailsHref(r.WorkOrderId, r.ReferralNumber)}>{r.WorkOrderId}</a>
                          </th>
                          <td>{`${r.PolicyholderFirstName} ${r.PolicyholderLastName}`}</td>
                          <td className="wo-col-wide">{r.Vehicle}</td>
                          <td>
                            <StatusBadge status={r.Status} t={t} />
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
              <a {...listLink('open')}>{t('workOrders.list.seeOpen')}</a>
              <a {...listLink('completed')}>{t('workOrders.list.seeCompleted')}</a>
            </p>
          </div>
        </>
      )}
    </div>
  );
}
