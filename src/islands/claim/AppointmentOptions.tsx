/**
 * appointment-option-details: how the appointment is scheduled (a shop near the policyholder for
 * 'ScheduleAtShop'), the policyholder's preferred contact method and text consent, and the agent's alerts.
 */
import { lazy, Suspense, useState } from 'react';
import { FLOW_PATHS, firstIncomplete, STAGE } from '../../lib/claim/flow.ts';
import { appointmentChecks, CONTACT_METHODS, detailsChecks, SCHEDULING_OPTIONS } from '../../lib/claim/checks.ts';
import { formatPhone } from '../../lib/format.ts';
import { MESSAGES, messageOf } from '../../lib/claim/validation.ts';
import { api } from '../../stores/api.ts';
import { $claimFlow, updateClaim, type AppointmentDetails } from '../../stores/claim.ts';
import { Choices } from './choices.tsx';
import { useForm } from './fields.tsx';
import { ClaimPage, Failed, FinishQuote, Loading, Nav, useCall, type Ctx } from './ui.tsx';

const AgentAlerts = lazy(() => import('./AgentAlerts.tsx'));

export default function AppointmentOptions() {
  return <ClaimPage claim stage={STAGE.appointment}>{(page) => <Appointment page={page} />}</ClaimPage>;
}

function Appointment({ page }: { page: Ctx }) {
  const { t, flow } = page;
  const a = flow.appointment;
  const form = useForm(page, messageOf);
  const [fromReview] = useState(() => new URLSearchParams(location.search).get('from') === 'review');
  const set = (patch: Partial<AppointmentDetails>) => updateClaim({ appointment: { ...$claimFlow.get().appointment, ...patch } });
  const atShop = a.SchedulingOption === 'ScheduleAtShop';
  // The shops near the policyholder, for 'ScheduleAtShop' (the QuickQuote contracts load with the first list).
  const shops = useCall(atShop && flow.ZipCode ? `${flow.ZipCode}|${a.ExcludeShops}` : null, async () => {
    const { GetApplicableClosestProviders } = await import('../../lib/api/quick-quote.ts');
    return api.call(GetApplicableClosestProviders, { ZipCode: flow.ZipCode, ExcludeShops: a.ExcludeShops });
  });
  if (firstIncomplete(flow) !== null) return <FinishQuote t={t} />;

  const check = (id: string) => (appointmentChecks($claimFlow.get()).find(([k]) => k === id)?.[1] ?? null);
  return (
    <>
      <h1>{t('claim.appointment')}</h1>
      <form
        className="card flow-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const g = $claimFlow.get();
          if (!form.all(appointmentChecks(g))) return;
          // The contact method decides whether the claim details need an email.
          updateClaim({ appointmentDone: true, detailsDone: g.detailsDone && detailsChecks(g).every(([, message]) => !message) });
          location.assign(fromReview ? FLOW_PATHS.review : FLOW_PATHS.details);
        }}
      >
        <p className="muted">{t('claim.requiredNote')}</p>
        <Choices
          form={form}
          id="scheduling"
          legend={t('claim.scheduling')}
          req
          options={SCHEDULING_OPTIONS.map((v) => ({ value: v, label: t.dynamic(`claim.schedulingOptions.${v}`, v) }))}
          value={a.SchedulingOption}
          onChange={(v) => set({ SchedulingOption: v })}
          check={(v) => (v ? null : MESSAGES.schedulingOption)}
        />
        <Choices
          form={form}
          id="exclude-shops"
          legend={t('claim.shopPreference')}
          hint={t('claim.excludeHint')}
          multiple
          options={[{ value: 'yes', label: t('claim.excludeShops') }]}
          value={a.ExcludeShops ? ['yes'] : []}
          onChange={(v) => {
            const exclude = v.length > 0;
            const owned = shops.data?.find((s) => s.ShopId === a.ShopId)?.IsProviderOwned;
            set({ ExcludeShops: exclude, ...(exclude && owned ? { ShopId: '', ShopName: '' } : {}) });
          }}
        />
        {atShop &&
          (shops.failed ? (
            <Failed t={t} retry={shops.retry} />
          ) : !shops.data ? (
            <Loading t={t} />
          ) : shops.data.length === 0 ? (
            <p className="muted flow-empty">{t('claim.noShops')}</p>
          ) : (
            <Choices
              form={form}
              id="shop"
              legend={t('claim.shop')}
              req
              options={shops.data.map((s) => ({
                value: s.ShopId,
                label: (
                  <>
                    {s.Name} · {t('claim.miles', { miles: s.DistanceMiles.toFixed(1) })}
                    <span className="table__sub">
                      {`${s.AddressLine}, ${s.City}, ${s.State} ${s.ZipCode}`} · {formatPhone(s.PhoneNumber)}
                    </span>
                  </>
                ),
              }))}
              value={a.ShopId}
              onChange={(v) => set({ ShopId: v, ShopName: shops.data?.find((s) => s.ShopId === v)?.Name ?? '' })}
              check={() => check('shop')}
            />
          ))}
        <Choices
          form={form}
          id="contact"
          legend={t('claim.contactMethod')}
          req
          row
          options={CONTACT_METHODS.map((v) => ({ value: v, label: t.dynamic(`claim.contactMethods.${v}`, v) }))}
          value={a.PreferredContactMethod}
          onChange={(v) => {
            set({ PreferredContactMethod: v });
            if (v !== 'Text') form.set('text-consent', null);
          }}
          check={(v) => (v ? null : MESSAGES.contactMethod)}
        />
        <Choices
          form={form}
          id="text-consent"
          legend={t('claim.textMessages')}
          req={a.PreferredContactMethod === 'Text'}
          multiple
          options={[{ value: 'yes', label: t('claim.textConsent') }]}
          value={a.TextCheckBox ? ['yes'] : []}
          onChange={(v) => set({ TextCheckBox: v.length > 0 })}
          check={() => check('text-consent')}
        />
        {/* The agent's own alerts: loaded with the page's first paint, apart (docs/decisions/005: the route's JS budget). */}
        <Suspense fallback={<Loading t={t} />}>
          <AgentAlerts form={form} t={t} a={a} set={set} />
        </Suspense>
        <Nav t={t} backHref={fromReview ? FLOW_PATHS.review : FLOW_PATHS.quote} next={t('claim.continue')} />
      </form>
    </>
  );
}
