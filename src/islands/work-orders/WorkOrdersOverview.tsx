/**
 * The dashboard's work-order overview of the active agency (GetDashboardWorkOrders, loaded by use-dashboard.ts): the
 * big numbers (open, needs attention, closed — completed and cancelled apart), counts by status (each a link to its
 * list), the 12-week chart and the most recently changed orders.
 */
import { DASHBOARD_RECENT } from '../../lib/api/work-orders.ts';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../lib/work-orders.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import StatusBadge from './StatusBadge.tsx';
import StatusChart from './StatusChart.tsx';
import { listLinkOf, listOf, type ListKind } from './lists.ts';
import { detailsHref } from './shared.ts';
import { statusLabel, statusSlug, type WorkOrdersT } from './status.ts';
import type { DashboardState } from './use-dashboard.ts';

interface Props {
  /** The work orders' words (`useT('workOrders', 'messages')`, loaded). */
  t: WorkOrdersT;
  /** The active agency's dashboard. */
  dash: DashboardState;
  /** Opens a list tab (links are intercepted: no reload). */
  onOpenList(kind: ListKind, status?: WorkOrderStatus): void;
}

/** The overview tab: the big numbers, counts by status, the weekly chart and the recent orders of the active agency. */
export default function WorkOrdersOverview({ t, dash, onOpenList }: Props) {
  const lang = t.lang;
  const { data, failed, busy } = dash;

  const listLink = (kind: ListKind, status?: WorkOrderStatus) => listLinkOf(onOpenList, kind, status);

  if (failed && !data) {
    return (
      <LoadFailed className="card wo-load-failed" text={t('workOrders.list.loadFailed')} retry={t('workOrders.list.retry')} onRetry={() => void dash.reload()} />
    );
  }

  const counts = new Map(data?.CountsByStatus.map((c) => [c.Status, c.Count]));
  const total = data ? data.OpenCount + data.ClosedCount : 0;

  return (
    <div className={`wo-overview${busy && data ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <ul className="wo-kpis" aria-label={t('workOrders.list.atAGlance')}>
        <li className="wo-kpi">
          <a className="wo-kpi__link" {...listLink('open')} data-testid="wo-open-total">
            <span className="wo-kpi__n">{data ? data.OpenCount : '–'}</span> <span className="wo-kpi__label">{t('workOrders.list.openLabel')}</span>
          </a>
          <p className="wo-kpi__hint">{t('workOrders.list.openHint')}</p>
        </li>
        <li className={`wo-kpi${data && data.NeedsAttentionCount > 0 ? ' wo-kpi--alert' : ''}`}>
          <a className="wo-kpi__link" {...listLink('open', 'Failed')} data-testid="wo-attention-total">
            <span className="wo-kpi__n">{data ? data.NeedsAttentionCount : '–'}</span> <span className="wo-kpi__label">{t('workOrders.list.attentionLabel')}</span>
          </a>
          <p className="wo-kpi__hint">{t('workOrders.list.attentionHint')}</p>
        </li>
        <li className="wo-kpi">
          <a className="wo-kpi__link" {...listLink('completed')} data-testid="wo-closed-total">
            <span className="wo-kpi__n">{data ? data.ClosedCount : '–'}</span> <span className="wo-kpi__label">{t('workOrders.list.closedLabel')}</span>
          </a>
          <p className="wo-kpi__hint" data-testid="wo-closed-split">
            {data ? t('workOrders.list.closedHint', { completed: data.CompletedCount, cancelled: data.CancelledCount }) : '\u00a0'}
          </p>
        </li>
      </ul>

      <div className="wo-block">
        <h3 id="wo-counts-title">{t('workOrders.list.byStatus')}</h3>
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
                            <time dateTime={r.UpdatedAt}>{formatDateTime(r.UpdatedAt, lang, { zone: true })}</time>
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
