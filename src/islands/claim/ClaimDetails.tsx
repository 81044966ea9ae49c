/**
 * submit_claimdetails: the insurance claim details (policy, policyholder, carrier, deductible, phone) and
 * the additional details (service address, damage date, anything else). ZIP, city and state start from
 * step 1; the deductible from the quote's (0 where state law waives it for a windshield); the damage date starts as today.
 */
import { useState } from 'react';
import { GetStates } from '../../lib/api/states.ts';
import { GetInsuranceCompanies } from '../../lib/api/user.ts';
import { FLOW_PATHS, firstIncomplete, STAGE } from '../../lib/claim/flow.ts';
import { detailsChecks, openingDeductible, zeroDeductible } from '../../lib/claim/checks.ts';
import { isoDay, messageOf, rules } from '../../lib/claim/validation.ts';
import { DAMAGE_DATE_YEARS } from '../../lib/constants.ts';
import { formatPhone } from '../../lib/format.ts';
import { api } from '../../stores/api.ts';
import { $claimFlow, updateClaim, type AdditionalDetails, type InsuranceClaimDetails } from '../../stores/claim.ts';
import { TextField, useForm } from './fields.tsx';
import { ClaimPage, Failed, FinishQuote, Nav, useCall, type Ctx } from './ui.tsx';

export default function ClaimDetails() {
  return <ClaimPage claim stage={STAGE.details}>{(page) => <Details page={page} />}</ClaimPage>;
}

function Details({ page }: { page: Ctx }) {
  const { t, flow } = page;
  const form = useForm(page, messageOf);
  const [fromReview] = useState(() => {
    // Prefill what the flow already knows.
    const g = $claimFlow.get();
    const d = g.additionalDetails;
    // Claims are mostly filed the day the damage happens: the damage date starts as today (the review shows it).
    if (!d.zipCode && g.ZipCode) updateClaim({ additionalDetails: { ...d, zipCode: g.ZipCode, city: d.city || g.City, selectedState: d.selectedState || g.State, damageDate: d.damageDate || isoDay(new Date()) } });
    // Where state law waives the deductible (the hint under the field says so) it starts at 0, whatever the quote step had.
    const deductible = openingDeductible(g);
    if (deductible !== g.insuranceClaimDetails.deductible) updateClaim({ insuranceClaimDetails: { ...$claimFlow.get().insuranceClaimDetails, deductible } });
    return new URLSearchParams(location.search).get('from') === 'review';
  });
  const carriers = useCall('carriers', () => api.call(GetInsuranceCompanies, {}));
  const states = useCall('states', () => api.call(GetStates, {}));
  if (firstIncomplete(flow) !== null) return <FinishQuote t={t} />;

  const i = flow.insuranceClaimDetails;
  const d = flow.additionalDetails;
  const setI = (patch: Partial<InsuranceClaimDetails>) => updateClaim({ insuranceClaimDetails: { ...$claimFlow.get().insuranceClaimDetails, ...patch } });
  const setD = (patch: Partial<AdditionalDetails>) => updateClaim({ additionalDetails: { ...$claimFlow.get().additionalDetails, ...patch } });
  const emailRequired = flow.appointment.PreferredContactMethod === 'Email';
  const today = new Date();
  const earliest = new Date(today.getFullYear() - DAMAGE_DATE_YEARS, today.getMonth(), today.getDate());

  return (
    <>
      <h1>{t('claim.claimDetails')}</h1>
      <form
        className="card flow-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.all(detailsChecks($claimFlow.get()))) return;
          updateClaim({ detailsDone: true });
          location.assign(FLOW_PATHS.review);
        }}
      >
        <p className="muted">{t('claim.requiredNote')}</p>
        <fieldset className="flow-fieldset">
          <legend>{t('claim.insurance')}</legend>
          <div className="flow-fields">
            <TextField form={form} id="policy-number" label={t('claim.policyNumber')} req maxLength={40} value={i.policyNumber} onChange={(v) => setI({ policyNumber: v })} rule={rules.required('policy number')} />
            <TextField form={form} id="first-name" label={t('claim.firstName')} req maxLength={50} autoComplete="off" value={i.firstName} onChange={(v) => setI({ firstName: v })} rule={rules.name('first name')} />
            <TextField form={form} id="last-name" label={t('claim.lastName')} req maxLength={50} autoComplete="off" value={i.lastName} onChange={(v) => setI({ lastName: v })} rule={rules.name('last name')} />
            <TextField
              form={form}
              id="email"
              label={t('claim.email')}
              type="email"
              req={emailRequired}
              maxLength={254}
              autoComplete="off"
              value={i.emailId}
              onChange={(v) => setI({ emailId: v })}
              rule={emailRequired ? rules.email : rules.optionalEmail}
            />
            <div>
              <TextField form={form} id="carrier" label={t('claim.carrier')} as="select" req value={i.carrier} onChange={(v) => setI({ carrier: v })} rule={rules.required('carrier')}>
                <option value="">{carriers.loading ? t('claim.loading') : t('claim.choose')}</option>
                {carriers.data?.map((co) => (
                  <option key={co.InsuranceCompanyId} value={co.Name}>
                    {co.Name}
                  </option>
                ))}
              </TextField>
              {carriers.failed && <Failed t={t} retry={carriers.retry} />}
            </div>
            <TextField form={form} id="deductible" label={t('claim.deductible')} hint={zeroDeductible(flow) ? t('claim.zeroDeductible', { state: flow.State }) : undefined} req inputMode="decimal" maxLength={20} value={i.deductible} onChange={(v) => setI({ deductible: v })} rule={rules.amount('deductible')} />
            <TextField
              form={form}
              id="phone"
              label={t('claim.phone')}
              type="tel"
              req
              maxLength={20}
              autoComplete="off"
              value={i.phoneNumber}
              onChange={(v) => setI({ phoneNumber: v })}
              rule={rules.phone}
              format={formatPhone}
            />
          </div>
        </fieldset>
        <fieldset className="flow-fieldset">
          <legend>{t('claim.additional')}</legend>
          <div className="flow-fields">
            <TextField form={form} id="street" label={t('claim.street')} req maxLength={120} value={d.streetAddress} onChange={(v) => setD({ streetAddress: v })} rule={rules.required('street address')} />
            <TextField form={form} id="city" label={t('claim.city')} req maxLength={60} value={d.city} onChange={(v) => setD({ city: v })} rule={rules.required('city')} />
            <div>
              <TextField form={form} id="state" label={t('claim.state')} as="select" req value={d.selectedState} onChange={(v) => setD({ selectedState: v })} rule={rules.state}>
                <option value="">{states.loading ? t('claim.loading') : t('claim.choose')}</option>
                {states.data?.map((st) => (
                  <option key={st.stateCode} value={st.stateCode}>
                    {st.stateName}
                  </option>
                ))}
              </TextField>
              {states.failed && <Failed t={t} retry={states.retry} />}
            </div>
            <TextField form={form} id="zip-code" label={t('claim.zipCode')} req inputMode="numeric" maxLength={10} value={d.zipCode} onChange={(v) => setD({ zipCode: v })} rule={rules.zip} />
            <TextField
              form={form}
              id="damage-date"
              label={t('claim.damageDate')}
              type="date"
              req
              min={isoDay(earliest)}
              max={isoDay(today)}
              value={d.damageDate}
              onChange={(v) => setD({ damageDate: v })}
              rule={rules.damageDate}
            />
          </div>
          <TextField form={form} id="any-other" label={t('claim.anyOther')} as="textarea" rows={4} maxLength={1000} value={d.anyOther} onChange={(v) => setD({ anyOther: v })} />
        </fieldset>
        <Nav t={t} backHref={fromReview ? FLOW_PATHS.review : FLOW_PATHS.appointment} next={t('claim.continue')} />
      </form>
    </>
  );
}
