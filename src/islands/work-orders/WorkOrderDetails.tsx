/**
 * work-order-details (spec sections 2, 3 and 7: ServiceActivityDetail): the request of one work order —
 * policyholder, policy, vehicle, service, quote, scheduling, shop and appointment, technician — its progress
 * tracker (ProgressTracker.tsx) and the timeline of every status change; the survey link, the recalibration
 * certificate download and the resubmit of a failed referral. Live: a change of this order (the stream) loads it
 * again. An order the reader may not see shows "not found", like a missing one.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ServiceActivity } from '../../lib/api/work-orders.ts';
import { formatMoney, formatPhone } from '../../lib/format.ts';
import { formatDateTime, formatDay } from '../../lib/format-date.ts';
import { api } from '../../stores/api.ts';
import { UserGate } from '../shared/PageState.tsx';
import { useT } from '../shared/use-t.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import { OPEN_LIST_PATH, failureOf, loadContracts, orderFromUrl, surveyHref } from './shared.ts';
import ProgressTracker from './ProgressTracker.tsx';
import StatusBadge from './StatusBadge.tsx';
import { statusLabel, type WorkOrdersT } from './status.ts';
import { useWorkOrderEvents } from './use-work-order-events.ts';

// The resubmit dialog loads when it opens (the page's first visit stays light: docs/decisions/005).
const ResubmitDialog = lazy(() => import('./OrderActions.tsx'));

type State = { kind: 'loading' } | { kind: 'no-id' } | { kind: 'not-found' } | { kind: 'error' } | { kind: 'ready'; activity: ServiceActivity };

/** The work-order-details page: once the signed-in user and the words are there, the order of the URL. */
export default function WorkOrderDetails() {
  const t = useT('workOrders', 'messages');
  return <UserGate t={t}>{(_user, words) => <OrderDetailsPage t={words} />}</UserGate>;
}

/** Loads the order of the URL (again on each live change of it) and shows it, or why it cannot. */
function OrderDetailsPage({ t }: { t: WorkOrdersT }) {
  const [order] = useState(() => orderFromUrl());
  const [state, setState] = useState<State>(() => (order ? { kind: 'loading' } : { kind: 'no-id' }));
  const [announce, setAnnounce] = useState('');
  const shown = useRef<ServiceActivity | null>(null);

  const load = useCallback(
    async (quiet = false) => {
      if (!order) return;
      if (!quiet) setState({ kind: 'loading' });
      try {
        const { ServiceActivityDetail } = await loadContracts();
        // The referral number is part of the spec's request; a link without one (an email's) sends the id alone.
        const request = { workOrderId: order.workOrderId, ...(order.referralNumber ? { referralSequenceNumber: order.referralNumber } : {}) } as { workOrderId: string; referralSequenceNumber: string };
        const activity = await api.call(ServiceActivityDetail, request, { ignoreErrors: true });
        const before = shown.current;
        if (before && before.Status !== activity.Status) setAnnounce(t('workOrders.details.liveStatus', { status: statusLabel(activity.Status, t) }));
        shown.current = activity;
        setState({ kind: 'ready', activity });
      } catch (err) {
        const failure = failureOf(err);
        // A live refresh that fails keeps what is shown (the next change or a reconnection tries again).
        if (!quiet || !shown.current || failure === 'not-found') {
          shown.current = null;
          setState({ kind: failure });
        }
      }
    },
    [order, t],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const live = useWorkOrderEvents(state.kind === 'ready', {
    event: (change) => {
      if (change.workOrderId === order?.workOrderId) void load(true);
    },
    resync: () => void load(true),
  });

  if (state.kind === 'loading') {
    return (
      <p className="muted page-loading" aria-busy="true">
        {t('workOrders.details.loading')}
      </p>
    );
  }
  if (state.kind === 'no-id' || state.kind === 'not-found') {
    return (
      <div className="order-page">
        <div className="card empty" data-testid="work-order-not-found">
          <h1>{state.kind === 'no-id' ? t('workOrders.details.noId') : t('workOrders.details.notFound')}</h1>
          <p>{state.kind === 'no-id' ? t('workOrders.details.noIdText') : t('workOrders.details.notFoundText')}</p>
          <a className="btn btn--secondary" href={OPEN_LIST_PATH}>
            {t('workOrders.details.openList')}
          </a>
        </div>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="order-page">
        <LoadFailed text={t('workOrders.details.loadFailed')} retry={t('workOrders.details.retry')} onRetry={() => void load()} />
      </div>
    );
  }
  return <Details activity={state.activity} t={t} announce={announce} live={live} reload={() => load(true)} />;
}

/** A term and its value (a dash when empty). */
function Row({ term, children, none }: { term: string; children: ReactNode; none: string }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <>
      <dt>{term}</dt>
      <dd>{empty ? none : children}</dd>
    </>
  );
}

/** A titled card of terms. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card order-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** The order itself: its facts, actions, sections, quote and timeline. */
function Details({ activity, t, announce, live, reload }: { activity: ServiceActivity; t: WorkOrdersT; announce: string; live: boolean; reload: () => Promise<void> }) {
  const lang = t.lang;
  const none = t('workOrders.details.none');
  const money = (amount: number) => formatMoney(amount, lang);
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, lang, { zone: true })}</time> : null);
  const [confirming, setConfirming] = useState(false);
  const shop = activity.Appointment.Shop;
  const address = activity.ServiceAddress;

  return (
    <div className="order-page" data-live={live ? 'on' : 'off'}>
      <div className="order-head">
        <div>
          <h1>{t('workOrders.details.title', { id: activity.WorkOrderId })}</h1>
          {/* Product text, painted first by the page's static shell (issue 19). */}
          <p className="muted order-intro">{t('workOrders.details.intro')}</p>
          <dl className="order-facts">
            <Row none={none} term={t('workOrders.details.referral')}>
              <span data-testid="referral-number">{activity.ReferralNumber}</span>
            </Row>
            <Row none={none} term={t('workOrders.details.status')}>
              <StatusBadge status={activity.Status} t={t} testId="work-order-status" />
            </Row>
            <Row none={none} term={t('workOrders.details.agency')}>{`${activity.AgencyName} (${activity.AgencyNumber})`}</Row>
            <Row none={none} term={t('workOrders.details.filed')}>{time(activity.CreatedAt)}</Row>
            <Row none={none} term={t('workOrders.details.updated')}>{time(activity.UpdatedAt)}</Row>
          </dl>
        </div>
        {(activity.HasSurvey || activity.HasRecalibration || activity.CanResubmit) && (
          <div className="order-actions" role="group" aria-label={t('workOrders.details.actions')}>
            {activity.HasSurvey && (
              <a className="btn btn--secondary" href={surveyHref(activity.WorkOrderId, activity.ReferralNumber)}>
                {t('workOrders.details.survey')}
              </a>
            )}
            {activity.HasRecalibration && <CertificateButton workOrderId={activity.WorkOrderId} t={t} />}
            {activity.CanResubmit && (
              <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)}>
                {t('workOrders.details.resubmit')}
              </button>
            )}
          </div>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {confirming && (
        <Suspense fallback={null}>
          <ResubmitDialog workOrderId={activity.WorkOrderId} t={t} onClose={() => setConfirming(false)} reload={reload} />
        </Suspense>
      )}

      <ProgressTracker status={activity.Status} timeline={activity.Timeline} t={t} />

      <div className="order-grid">
        <Section id="order-policyholder" title={t('workOrders.details.policyholder')}>
          <dl className="details">
            <Row none={none} term={t('workOrders.details.name')}>{`${activity.Policyholder.FirstName} ${activity.Policyholder.LastName}`}</Row>
            <Row none={none} term={t('workOrders.details.phone')}>{formatPhone(activity.Policyholder.PhoneNumber)}</Row>
            {activity.Policyholder.PhoneNumberAlt && <Row none={none} term={t('workOrders.details.phoneAlt')}>{formatPhone(activity.Policyholder.PhoneNumberAlt)}</Row>}
            <Row none={none} term={t('workOrders.details.email')}>{activity.Policyholder.Email}</Row>
            <Row none={none} term={t('workOrders.details.textOk')}>{activity.Policyholder.OptInSms ? t('workOrders.details.textYes') : t('workOrders.details.textNo')}</Row>
            <Row none={none} term={t('workOrders.details.address')}>{[address.Address, address.City, `${address.State} ${address.ZipCode}`.trim()].filter(Boolean).join(', ')}</Row>
          </dl>
        </Section>
        <Section id="order-policy" title={t('workOrders.details.policy')}>
          <dl className="details">
            <Row none={none} term={t('workOrders.details.policyNumber')}>{activity.Policy.PolicyNumber}</Row>
            <Row none={none} term={t('workOrders.details.carrier')}>{activity.Policy.Carrier}</Row>
            <Row none={none} term={t('workOrders.details.deductible')}>{activity.Policy.Deductible === '' ? '' : money(Number(activity.Policy.Deductible) || 0)}</Row>
            <Row none={none} term={t('workOrders.details.damageDate')}>{formatDay(activity.Policy.DamageDate, lang)}</Row>
            {activity.Policy.AnyOther && <Row none={none} term={t('workOrders.details.anyOther')}>{activity.Policy.AnyOther}</Row>}
          </dl>
        </Section>
        <Section id="order-vehicle" title={t('workOrders.details.vehicle')}>
          <dl className="details">
            <Row none={none} term={t('workOrders.details.vehicle')}>{activity.Vehicle.Description}</Row>
            <Row none={none} term={t('workOrders.details.vin')}>{activity.Vehicle.Vin ? <span className="order-vin" data-testid="vin">{activity.Vehicle.Vin}</span> : null}</Row>
          </dl>
        </Section>
        <Section id="order-service" title={t('workOrders.details.service')}>
          <dl className="details">
            <Row none={none} term={t('workOrders.details.repairOrReplace')}>{t.dynamic(`workOrders.details.services.${activity.Service.RepairOrReplace}`, activity.Service.RepairOrReplace)}</Row>
            <Row none={none} term={t('workOrders.details.glass')}>{activity.Service.Glass.join(', ')}</Row>
            {activity.Service.NumberOfChipsOrCracks >= 0 && <Row none={none} term={t('workOrders.details.chips')}>{activity.Service.NumberOfChipsOrCracks > 3 ? '3+' : String(activity.Service.NumberOfChipsOrCracks)}</Row>}
            <Row none={none} term={t('workOrders.details.parts')}>
              {activity.Service.Parts.length > 0 && (
                <ul className="order-list">
                  {activity.Service.Parts.map((part) => (
                    <li key={part.PartNumber}>
                      {part.Description} <span className="table__sub">{part.PartNumber}
                        {part.Recalibration && part.Recalibration.toLowerCase() !== 'none' ? ` · ${t('workOrders.details.recalibration')}: ${t.dynamic(`workOrders.details.recalTypes.${part.Recalibration.toLowerCase()}`, part.Recalibration)}` : ''}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Row>
          </dl>
        </Section>
        <Section id="order-scheduling" title={t('workOrders.details.scheduling')}>
          <dl className="details">
            <Row none={none} term={t('workOrders.details.schedulingOption')}>{t.dynamic(`workOrders.details.schedulingOptions.${activity.SchedulingOption}`, activity.SchedulingOption)}</Row>
            <Row none={none} term={t('workOrders.details.contactMethod')}>{t.dynamic(`workOrders.details.contactMethods.${activity.PreferredContactMethod}`, activity.PreferredContactMethod)}</Row>
            <Row none={none} term={t('workOrders.details.shop')}>
              {shop && (
                <>
                  {shop.Name}
                  <span className="table__sub">
                    {`${shop.AddressLine}, ${shop.City}, ${shop.State} ${shop.ZipCode}`} · {formatPhone(shop.PhoneNumber)}
                  </span>
                </>
              )}
            </Row>
            <Row none={none} term={t('workOrders.details.appointment')}>{time(activity.Appointment.At) ?? t('workOrders.details.notYet')}</Row>
            <Row none={none} term={t('workOrders.details.technician')}>{activity.Technician ?? t('workOrders.details.notYet')}</Row>
            <Row none={none} term={t('workOrders.details.completed')}>{time(activity.CompletedAt) ?? t('workOrders.details.notYet')}</Row>
          </dl>
        </Section>
        <Section id="order-agent" title={t('workOrders.details.agent')}>
          <dl className="details">
            <Row none={none} term={t('workOrders.details.name')}>{activity.Agent.Name}</Row>
            <Row none={none} term={t('workOrders.details.agentNumber')}>{activity.Agent.AgentNumber}</Row>
            <Row none={none} term={t('workOrders.details.email')}>{activity.Agent.Email}</Row>
          </dl>
        </Section>
      </div>

      <section className="order-quote" aria-labelledby="order-quote-title">
        <h2 id="order-quote-title">{t('workOrders.details.quote')}</h2>
        <div className="table-wrap quote-table" role="region" aria-labelledby="order-quote-title" tabIndex={0}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('workOrders.details.item')}</th>
                <th scope="col">{t('workOrders.details.qty')}</th>
                <th scope="col">{t('workOrders.details.unit')}</th>
                <th scope="col">{t('workOrders.details.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {activity.Quote.Lines.map((line, i) => (
                <tr key={i}>
                  <th scope="row">
                    {line.Description}
                    {line.PartNumber && <span className="table__sub">{line.PartNumber}</span>}
                  </th>
                  <td>{line.Quantity}</td>
                  <td>{money(line.UnitPrice)}</td>
                  <td>{money(line.Amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="quote-totals">
            <div>
              <dt>{t('workOrders.details.subtotal')}</dt>
              <dd>{money(activity.Quote.Subtotal)}</dd>
            </div>
            <div>
              <dt>{t('workOrders.details.tax')}</dt>
              <dd>{money(activity.Quote.Tax)}</dd>
            </div>
            <div className="quote-totals__strong">
              <dt>{t('workOrders.details.total')}</dt>
              <dd data-testid="quote-total">{money(activity.Quote.Total)}</dd>
            </div>
            <div>
              <dt>{t('workOrders.details.deductible')}</dt>
              <dd>{money(activity.Quote.Deductible)}</dd>
            </div>
            <div>
              <dt>{t('workOrders.details.insurancePays')}</dt>
              <dd>{money(activity.Quote.InsurancePays)}</dd>
            </div>
            <div>
              <dt>{t('workOrders.details.policyholderPays')}</dt>
              <dd>{money(activity.Quote.PolicyholderPays)}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="card order-section" aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">{t('workOrders.details.timeline')}</h2>
        <ol className="order-timeline" data-testid="timeline">
          {activity.Timeline.map((entry, i) => (
            <li key={`${entry.At}-${i}`} className={i === activity.Timeline.length - 1 ? 'is-current' : undefined}>
              <StatusBadge status={entry.Status} t={t} /> <time dateTime={entry.At}>{formatDateTime(entry.At, lang, { zone: true })}</time>
              {entry.Note && <span className="table__sub">{entry.Note}</span>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** 'Download recalibration certificate' (the download itself loads on demand: OrderActions.tsx). */
function CertificateButton({ workOrderId, t }: { workOrderId: string; t: WorkOrdersT }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await (await import('./OrderActions.tsx')).downloadCertificate(workOrderId, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? t('workOrders.details.downloading') : t('workOrders.details.certificate')}
    </button>
  );
}
