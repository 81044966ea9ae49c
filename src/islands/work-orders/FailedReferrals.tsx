/**
 * The failed-referral banner above the dashboard's work-order tabs: the active agency's Failed orders (the five most
 * recently failed, with when and why), each with its action, 'Resubmit referral' (ResubmitFailedReferral: the order
 * goes back to Received and the shop gets it again), confirmed in the details page's dialog (loaded when opened).
 * Nothing shows while no order needs attention.
 */
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { detailsHref } from './shared.ts';
import { listLinkOf, type ListKind } from './lists.ts';
import type { WorkOrdersT } from './status.ts';
import type { DashboardState } from './use-dashboard.ts';

const ResubmitDialog = lazy(() => import('./OrderActions.tsx'));

interface Props {
  t: WorkOrdersT;
  dash: DashboardState;
  onOpenList(kind: ListKind, status?: WorkOrderStatus): void;
}

export default function FailedReferrals({ t, dash, onOpenList }: Props) {
  const [resubmitting, setResubmitting] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  /** Set when the dialog closes: the focus goes back once the page shows what the dialog changed. */
  const refocus = useRef(false);
  /** The button the focus went back to, while it has it. */
  const returned = useRef<HTMLElement | null>(null);
  const d = dash.data;
  const close = () => {
    refocus.current = true;
    setResubmitting(null);
  };
  // After each render (the dialog's reload is in by the time it closes): back to the button that opened the dialog;
  // when its order left the list (resubmitted), to the banner's title, or the tabs' when the banner is gone. A later
  // render (a live change) that removes the button the focus went back to moves the focus the same way.
  useLayoutEffect(() => {
    const elsewhere = () => titleRef.current ?? document.getElementById('wo-title');
    if (refocus.current) {
      refocus.current = false;
      const target = opener.current?.isConnected ? opener.current : elsewhere();
      target?.focus();
      returned.current = target === opener.current ? target : null;
      return;
    }
    const back = returned.current;
    if (!back) return;
    if (back.isConnected) {
      if (document.activeElement !== back) returned.current = null;
      return;
    }
    returned.current = null;
    if (!document.activeElement || document.activeElement === document.body) elsewhere()?.focus();
  });

  const dialog = resubmitting && (
    <Suspense fallback={null}>
      <ResubmitDialog workOrderId={resubmitting} t={t} onClose={close} reload={dash.reload} />
    </Suspense>
  );
  // Shown for the agency the data is of; hidden while another agency's loads. An open dialog stays, in the same place
  // (a refusal says why even when its order has left the list).
  if (!d || dash.busy || d.NeedsAttentionCount === 0 || d.NeedsAttention.length === 0) return dialog ? <>{null}{dialog}</> : null;

  return (
    <>
      <section className="wo-attention" aria-labelledby="wo-attention-title" data-testid="wo-attention">
        <h3 id="wo-attention-title" ref={titleRef} tabIndex={-1}>
          {t.plural('workOrders.attention.title', d.NeedsAttentionCount)}
        </h3>
        <p className="wo-attention__text">{t('workOrders.attention.text')}</p>
        <ul className="wo-attention__list">
          {d.NeedsAttention.map((o) => (
            <li key={o.WorkOrderId} className="wo-attention__item" data-work-order-id={o.WorkOrderId}>
              <div className="wo-attention__order">
                <a href={detailsHref(o.WorkOrderId, o.ReferralNumber)}>{o.WorkOrderId}</a>
                <span>{`${o.PolicyholderFirstName} ${o.PolicyholderLastName}`}</span>
                <span className="wo-attention__vehicle">{o.Vehicle}</span>
                <span className="wo-attention__why">
                  {t('workOrders.attention.failedAt', { at: formatDateTime(o.FailedAt, t.lang, { zone: true }) })}
                  {o.Reason ? ` ${t('workOrders.attention.reason', { reason: o.Reason })}` : ''}
                </span>
              </div>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setResubmitting(o.WorkOrderId);
                }}
              >
                {t('workOrders.details.resubmit')}
                <span className="visually-hidden"> {o.WorkOrderId}</span>
              </button>
            </li>
          ))}
        </ul>
        {d.NeedsAttentionCount > d.NeedsAttention.length && (
          <p className="wo-attention__more">
            <a {...listLinkOf(onOpenList, 'open', 'Failed')}>{t('workOrders.attention.seeAll', { n: d.NeedsAttentionCount })}</a>
          </p>
        )}
      </section>
      {dialog}
    </>
  );
}
