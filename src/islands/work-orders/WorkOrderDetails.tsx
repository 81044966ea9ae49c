/**
 * work-order-details (spec sections 2, 3 and 7: ServiceActivityDetail): the request of one work order —
 * policyholder, policy, vehicle, service, quote, scheduling, shop and appointment, technician — and the
 * timeline of every status change; the survey link, the recalibration certificate download and the resubmit of
 * a failed referral. Live: a change of this order (the stream) loads it again. An order the reader may not see
 * shows "not found", like a missing one.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ServiceActivity } from '../../lib/api/work-orders.ts';
import { formatMoney, formatPhone } from '../../lib/format.ts';
import { formatDateTime, formatDay } from '../../lib/format-date.ts';
import type { Lang } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { $userStatus } from '../../stores/user.ts';
import GuardError from '../shared/GuardError.tsx';
import { useLang } from '../shared/use-lang.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import { OPEN_LIST_PATH, failureOf, loadContracts, orderFromUrl, surveyHref } from './shared.ts';
import StatusBadge from './StatusBadge.tsx';
import { statusLabel } from './status.ts';
import { useWorkOrderEvents } from './use-work-order-events.ts';

// The resubmit dialog loads when it opens (the page's first visit stays light: docs/decisions/005).
const ResubmitDialog = lazy(() => import('./OrderActions.tsx'));

const TEXT = {
  en: {
    title: (id: string) => `Work order ${id}`,
    referral: 'Referral number',
    status: 'Status',
    agency: 'Agency',
    filed: 'Filed',
    updated: 'Last change',
    loading: 'Loading the work order…',
    notFound: 'Work order not found',
    notFoundText: 'We could not find this work order, or it is not one of yours. Open it from your work orders.',
    noId: 'No work order was chosen',
    noIdText: 'Open a work order from your list of work orders.',
    openList: 'Open work orders',
    loadFailed: 'We could not load this work order. Please try again.',
    retry: 'Try again',
    liveStatus: (s: string) => `The status changed: ${s}.`,
    actions: 'Actions',
    survey: 'View the survey',
    certificate: 'Download recalibration certificate',
    downloading: 'Downloading…',
    resubmit: 'Resubmit referral',
    policyholder: 'Policyholder',
    name: 'Name',
    phone: 'Phone number',
    phoneAlt: 'Other phone number',
    email: 'Email',
    textOk: 'Text messages',
    textYes: 'Agrees to receive text messages',
    textNo: 'No text messages',
    address: 'Service address',
    policy: 'Policy',
    policyNumber: 'Policy number',
    carrier: 'Carrier',
    deductible: 'Deductible',
    damageDate: 'Damage date',
    anyOther: 'Anything else',
    vehicle: 'Vehicle',
    vin: 'VIN',
    service: 'Glass and service',
    repairOrReplace: 'Service',
    glass: 'Glass',
    chips: 'Chips or cracks',
    parts: 'Parts',
    recalibration: 'Camera recalibration',
    recalTypes: { static: 'static', dynamic: 'dynamic' } as Record<string, string>,
    quote: 'Quote',
    item: 'Item',
    qty: 'Qty',
    unit: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    total: 'Quote total',
    insurancePays: 'Insurance pays',
    policyholderPays: 'Policyholder pays',
    scheduling: 'Scheduling',
    schedulingOption: 'Scheduling option',
    contactMethod: 'Preferred contact method',
    shop: 'Shop',
    appointment: 'Appointment',
    technician: 'Technician',
    completed: 'Completed',
    notYet: 'Not yet',
    agent: 'Agent',
    agentNumber: 'Agent number',
    timeline: 'Status history',
    none: '—',
    schedulingOptions: {
      CallPolicyholder: 'We call the policyholder to schedule',
      PolicyholderCalls: 'The policyholder calls us to schedule',
      ScheduleAtShop: 'Schedule at a shop near the policyholder',
    } as Record<string, string>,
    contactMethods: { Phone: 'Phone call', Text: 'Text message', Email: 'Email' } as Record<string, string>,
    services: { Repair: 'Repair', Replace: 'Replace' } as Record<string, string>,
  },
  es: {
    title: (id: string) => `Orden de trabajo ${id}`,
    referral: 'Número de referencia',
    status: 'Estado',
    agency: 'Agencia',
    filed: 'Presentada',
    updated: 'Último cambio',
    loading: 'Cargando la orden de trabajo…',
    notFound: 'No se encontró la orden de trabajo',
    notFoundText: 'No pudimos encontrar esta orden de trabajo, o no es una de las suyas. Ábrala desde sus órdenes de trabajo.',
    noId: 'No se eligió ninguna orden de trabajo',
    noIdText: 'Abra una orden de trabajo desde su lista de órdenes.',
    openList: 'Órdenes de trabajo abiertas',
    loadFailed: 'No pudimos cargar esta orden de trabajo. Inténtelo de nuevo.',
    retry: 'Intentar de nuevo',
    liveStatus: (s: string) => `El estado cambió: ${s}.`,
    actions: 'Acciones',
    survey: 'Ver la encuesta',
    certificate: 'Descargar el certificado de recalibración',
    downloading: 'Descargando…',
    resubmit: 'Reenviar la referencia',
    policyholder: 'Asegurado',
    name: 'Nombre',
    phone: 'Número de teléfono',
    phoneAlt: 'Otro número de teléfono',
    email: 'Correo electrónico',
    textOk: 'Mensajes de texto',
    textYes: 'Acepta recibir mensajes de texto',
    textNo: 'Sin mensajes de texto',
    address: 'Dirección del servicio',
    policy: 'Póliza',
    policyNumber: 'Número de póliza',
    carrier: 'Aseguradora',
    deductible: 'Deducible',
    damageDate: 'Fecha del daño',
    anyOther: 'Algo más',
    vehicle: 'Vehículo',
    vin: 'VIN',
    service: 'Vidrio y servicio',
    repairOrReplace: 'Servicio',
    glass: 'Vidrio',
    chips: 'Astillas o grietas',
    parts: 'Piezas',
    recalibration: 'Recalibración de cámara',
    recalTypes: { static: 'estática', dynamic: 'dinámica' } as Record<string, string>,
    quote: 'Cotización',
    item: 'Concepto',
    qty: 'Cant.',
    unit: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    tax: 'Impuesto',
    total: 'Total de la cotización',
    insurancePays: 'Paga el seguro',
    policyholderPays: 'Paga el asegurado',
    scheduling: 'Programación',
    schedulingOption: 'Opción de programación',
    contactMethod: 'Método de contacto preferido',
    shop: 'Taller',
    appointment: 'Cita',
    technician: 'Técnico',
    completed: 'Completada',
    notYet: 'Todavía no',
    agent: 'Agente',
    agentNumber: 'Número de agente',
    timeline: 'Historial de estados',
    none: '—',
    schedulingOptions: {
      CallPolicyholder: 'Llamamos al asegurado para programarla',
      PolicyholderCalls: 'El asegurado nos llama para programarla',
      ScheduleAtShop: 'Programarla en un taller cerca del asegurado',
    } as Record<string, string>,
    contactMethods: { Phone: 'Llamada telefónica', Text: 'Mensaje de texto', Email: 'Correo electrónico' } as Record<string, string>,
    services: { Repair: 'Reparación', Replace: 'Reemplazo' } as Record<string, string>,
  },
};
type Text = (typeof TEXT)['en'];

type State = { kind: 'loading' } | { kind: 'no-id' } | { kind: 'not-found' } | { kind: 'error' } | { kind: 'ready'; d: ServiceActivity };

/** The work-order-details page. */
export default function WorkOrderDetails() {
  const { lang, s } = useLang();
  const x: Text = TEXT[lang];
  const userStatus = useStore($userStatus);
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
        const d = await api.call(ServiceActivityDetail, request, { ignoreErrors: true });
        const before = shown.current;
        if (before && before.Status !== d.Status) setAnnounce(x.liveStatus(statusLabel(d.Status, lang)));
        shown.current = d;
        setState({ kind: 'ready', d });
      } catch (err) {
        const failure = failureOf(err);
        // A live refresh that fails keeps what is shown (the next change or a reconnection tries again).
        if (!quiet || !shown.current || failure === 'not-found') {
          shown.current = null;
          setState({ kind: failure });
        }
      }
    },
    [order, lang, x],
  );

  useEffect(() => {
    if (userStatus === 'ready') void load();
  }, [userStatus, load]);

  const ready = state.kind === 'ready';
  const live = useWorkOrderEvents(userStatus === 'ready' && ready, {
    event: (change) => {
      if (change.workOrderId === order?.workOrderId) void load(true);
    },
    resync: () => void load(true),
  });

  if (userStatus === 'error') return <GuardError />;
  if (userStatus !== 'ready' || state.kind === 'loading') {
    return (
      <p className="muted page-loading" aria-busy="true">
        {userStatus === 'ready' ? x.loading : s.loading}
      </p>
    );
  }
  if (state.kind === 'no-id' || state.kind === 'not-found') {
    return (
      <div className="order-page">
        <div className="card empty" data-testid="work-order-not-found">
          <h1>{state.kind === 'no-id' ? x.noId : x.notFound}</h1>
          <p>{state.kind === 'no-id' ? x.noIdText : x.notFoundText}</p>
          <a className="btn btn--secondary" href={OPEN_LIST_PATH}>
            {x.openList}
          </a>
        </div>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="order-page">
        <LoadFailed text={x.loadFailed} retry={x.retry} onRetry={() => void load()} />
      </div>
    );
  }
  return <Details d={state.d} x={x} lang={lang} announce={announce} live={live} reload={() => load(true)} />;
}

/** A term and its value (a dash when empty). */
function Row({ term, children, x }: { term: string; children: ReactNode; x: Text }) {
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <>
      <dt>{term}</dt>
      <dd>{empty ? x.none : children}</dd>
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

function Details({ d, x, lang, announce, live, reload }: { d: ServiceActivity; x: Text; lang: Lang; announce: string; live: boolean; reload: () => Promise<void> }) {
  const money = (amount: number) => formatMoney(amount, lang);
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, lang, { zone: true })}</time> : null);
  const [confirming, setConfirming] = useState(false);
  const shop = d.Appointment.Shop;
  const a = d.ServiceAddress;

  return (
    <div className="order-page" data-live={live ? 'on' : 'off'}>
      <div className="order-head">
        <div>
          <h1>{x.title(d.WorkOrderId)}</h1>
          <dl className="order-facts">
            <Row term={x.referral} x={x}>
              <span data-testid="referral-number">{d.ReferralNumber}</span>
            </Row>
            <Row term={x.status} x={x}>
              <StatusBadge status={d.Status} lang={lang} testId="work-order-status" />
            </Row>
            <Row term={x.agency} x={x}>{`${d.AgencyName} (${d.AgencyNumber})`}</Row>
            <Row term={x.filed} x={x}>{time(d.CreatedAt)}</Row>
            <Row term={x.updated} x={x}>{time(d.UpdatedAt)}</Row>
          </dl>
        </div>
        {(d.HasSurvey || d.HasRecalibration || d.CanResubmit) && (
          <div className="order-actions" role="group" aria-label={x.actions}>
            {d.HasSurvey && (
              <a className="btn btn--secondary" href={surveyHref(d.WorkOrderId, d.ReferralNumber)}>
                {x.survey}
              </a>
            )}
            {d.HasRecalibration && <CertificateButton workOrderId={d.WorkOrderId} x={x} lang={lang} />}
            {d.CanResubmit && (
              <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)}>
                {x.resubmit}
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
          <ResubmitDialog workOrderId={d.WorkOrderId} lang={lang} onClose={() => setConfirming(false)} reload={reload} />
        </Suspense>
      )}

      <div className="order-grid">
        <Section id="order-policyholder" title={x.policyholder}>
          <dl className="details">
            <Row term={x.name} x={x}>{`${d.Policyholder.FirstName} ${d.Policyholder.LastName}`}</Row>
            <Row term={x.phone} x={x}>{formatPhone(d.Policyholder.PhoneNumber)}</Row>
            {d.Policyholder.PhoneNumberAlt && <Row term={x.phoneAlt} x={x}>{formatPhone(d.Policyholder.PhoneNumberAlt)}</Row>}
            <Row term={x.email} x={x}>{d.Policyholder.Email}</Row>
            <Row term={x.textOk} x={x}>{d.Policyholder.OptInSms ? x.textYes : x.textNo}</Row>
            <Row term={x.address} x={x}>{[a.Address, a.City, `${a.State} ${a.ZipCode}`.trim()].filter(Boolean).join(', ')}</Row>
          </dl>
        </Section>
        <Section id="order-policy" title={x.policy}>
          <dl className="details">
            <Row term={x.policyNumber} x={x}>{d.Policy.PolicyNumber}</Row>
            <Row term={x.carrier} x={x}>{d.Policy.Carrier}</Row>
            <Row term={x.deductible} x={x}>{d.Policy.Deductible === '' ? '' : money(Number(d.Policy.Deductible) || 0)}</Row>
            <Row term={x.damageDate} x={x}>{formatDay(d.Policy.DamageDate, lang)}</Row>
            {d.Policy.AnyOther && <Row term={x.anyOther} x={x}>{d.Policy.AnyOther}</Row>}
          </dl>
        </Section>
        <Section id="order-vehicle" title={x.vehicle}>
          <dl className="details">
            <Row term={x.vehicle} x={x}>{d.Vehicle.Description}</Row>
            <Row term={x.vin} x={x}>{d.Vehicle.Vin ? <span data-testid="vin">{d.Vehicle.Vin}</span> : null}</Row>
          </dl>
        </Section>
        <Section id="order-service" title={x.service}>
          <dl className="details">
            <Row term={x.repairOrReplace} x={x}>{x.services[d.Service.RepairOrReplace] ?? d.Service.RepairOrReplace}</Row>
            <Row term={x.glass} x={x}>{d.Service.Glass.join(', ')}</Row>
            {d.Service.NumberOfChipsOrCracks >= 0 && <Row term={x.chips} x={x}>{d.Service.NumberOfChipsOrCracks > 3 ? '3+' : String(d.Service.NumberOfChipsOrCracks)}</Row>}
            <Row term={x.parts} x={x}>
              {d.Service.Parts.length > 0 && (
                <ul className="order-list">
                  {d.Service.Parts.map((p) => (
                    <li key={p.PartNumber}>
                      {p.Description} <span className="table__sub">{p.PartNumber}
                        {p.Recalibration && p.Recalibration.toLowerCase() !== 'none' ? ` · ${x.recalibration}: ${x.recalTypes[p.Recalibration.toLowerCase()] ?? p.Recalibration}` : ''}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Row>
          </dl>
        </Section>
        <Section id="order-scheduling" title={x.scheduling}>
          <dl className="details">
            <Row term={x.schedulingOption} x={x}>{x.schedulingOptions[d.SchedulingOption] ?? d.SchedulingOption}</Row>
            <Row term={x.contactMethod} x={x}>{x.contactMethods[d.PreferredContactMethod] ?? d.PreferredContactMethod}</Row>
            <Row term={x.shop} x={x}>
              {shop && (
                <>
                  {shop.Name}
                  <span className="table__sub">
                    {`${shop.AddressLine}, ${shop.City}, ${shop.State} ${shop.ZipCode}`} · {formatPhone(shop.PhoneNumber)}
                  </span>
                </>
              )}
            </Row>
            <Row term={x.appointment} x={x}>{time(d.Appointment.At) ?? x.notYet}</Row>
            <Row term={x.technician} x={x}>{d.Technician ?? x.notYet}</Row>
            <Row term={x.completed} x={x}>{time(d.CompletedAt) ?? x.notYet}</Row>
          </dl>
        </Section>
        <Section id="order-agent" title={x.agent}>
          <dl className="details">
            <Row term={x.name} x={x}>{d.Agent.Name}</Row>
            <Row term={x.agentNumber} x={x}>{d.Agent.AgentNumber}</Row>
            <Row term={x.email} x={x}>{d.Agent.Email}</Row>
          </dl>
        </Section>
      </div>

      <section className="order-quote" aria-labelledby="order-quote-title">
        <h2 id="order-quote-title">{x.quote}</h2>
        <div className="table-wrap quote-table" role="region" aria-labelledby="order-quote-title" tabIndex={0}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{x.item}</th>
                <th scope="col">{x.qty}</th>
                <th scope="col">{x.unit}</th>
                <th scope="col">{x.amount}</th>
              </tr>
            </thead>
            <tbody>
              {d.Quote.Lines.map((l, i) => (
                <tr key={i}>
                  <th scope="row">
                    {l.Description}
                    {l.PartNumber && <span className="table__sub">{l.PartNumber}</span>}
                  </th>
                  <td>{l.Quantity}</td>
                  <td>{money(l.UnitPrice)}</td>
                  <td>{money(l.Amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="quote-totals">
            <div>
              <dt>{x.subtotal}</dt>
              <dd>{money(d.Quote.Subtotal)}</dd>
            </div>
            <div>
              <dt>{x.tax}</dt>
              <dd>{money(d.Quote.Tax)}</dd>
            </div>
            <div className="quote-totals__strong">
              <dt>{x.total}</dt>
              <dd data-testid="quote-total">{money(d.Quote.Total)}</dd>
            </div>
            <div>
              <dt>{x.deductible}</dt>
              <dd>{money(d.Quote.Deductible)}</dd>
            </div>
            <div>
              <dt>{x.insurancePays}</dt>
              <dd>{money(d.Quote.InsurancePays)}</dd>
            </div>
            <div>
              <dt>{x.policyholderPays}</dt>
              <dd>{money(d.Quote.PolicyholderPays)}</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="card order-section" aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title">{x.timeline}</h2>
        <ol className="order-timeline" data-testid="timeline">
          {d.Timeline.map((e, i) => (
            <li key={`${e.At}-${i}`} className={i === d.Timeline.length - 1 ? 'is-current' : undefined}>
              <StatusBadge status={e.Status} lang={lang} /> <time dateTime={e.At}>{formatDateTime(e.At, lang, { zone: true })}</time>
              {e.Note && <span className="table__sub">{e.Note}</span>}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** 'Download recalibration certificate' (the download itself loads on demand: OrderActions.tsx). */
function CertificateButton({ workOrderId, x, lang }: { workOrderId: string; x: Text; lang: Lang }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await (await import('./OrderActions.tsx')).downloadCertificate(workOrderId, lang);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? x.downloading : x.certificate}
    </button>
  );
}
