/**
 * agency-not-found (spec section 2; issue 14): the agent describes the agency they could not find (name,
 * address, city, state from States/GetStates, ZIP, phone, email, their agent number) and files the same
 * onboarding request as select-agency (User/VerifyUserAgencyInformation with AgencyDetails). The spec's
 * section-5 messages for phone, email, ZIP and state, checked as a field is left and on submit (and again on
 * the server).
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { VerifyUserAgencyInformation, type OnboardingRequest } from '../../lib/api/agency-search.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetStates } from '../../lib/api/states.ts';
import { rules, type Rule } from '../../lib/claim/validation.ts';
import { formatPhone } from '../../lib/format.ts';
import { agencyAddEvent, send } from '../../lib/track-event.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { CallView, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import { RequestSent } from './SelectAgency.tsx';
import { problem, type Words } from './words.ts';

const FIELDS = ['AgencyName', 'AddressLine', 'City', 'State', 'ZipCode', 'PhoneNumber', 'Email', 'AgentNumber'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** Each field's rule (the same the contract applies) and its label key. */
const RULES: Record<Field, Rule> = {
  AgencyName: rules.required('agency name'),
  AddressLine: rules.required('address'),
  City: rules.required('city'),
  State: rules.state,
  ZipCode: rules.zip,
  PhoneNumber: rules.phone,
  Email: rules.email,
  AgentNumber: () => null,
};
const LABEL = {
  AgencyName: 'name',
  AddressLine: 'address',
  City: 'city',
  State: 'state',
  ZipCode: 'zip',
  PhoneNumber: 'phone',
  Email: 'email',
  AgentNumber: 'agentNumber',
} as const;
const AUTOCOMPLETE: Partial<Record<Field, string>> = { AgencyName: 'organization', AddressLine: 'street-address', City: 'address-level2', State: 'address-level1', ZipCode: 'postal-code', PhoneNumber: 'tel', Email: 'email' };
const id = (f: Field) => `anf-${f}`;

export default function AgencyNotFound() {
  const t = useT('agency', 'messages');
  return <UserGate t={t}>{(_user, t) => <NotFoundForm t={t} />}</UserGate>;
}

function NotFoundForm({ t }: { t: Words }) {
  const states = useCall('states', () => api.call(GetStates, {}));
  const [values, setValues] = useState<Values>(() => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Values);
  const [errors, setErrors] = useState<Partial<Record<Field, ServerMessage>>>({});
  const [refused, setRefused] = useState<ServerMessage | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [request, setRequest] = useState<OnboardingRequest | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const check = (f: Field, v: string) => {
    const message = RULES[f](v);
    return message ? problem(message) : undefined;
  };
  const leave = (f: Field) => {
    const p = check(f, values[f]);
    setErrors((e) => ({ ...e, [f]: p }));
    if (!p && f === 'PhoneNumber') setValues((v) => ({ ...v, PhoneNumber: formatPhone(v.PhoneNumber) }));
  };
  const change = (f: Field, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    // A message already shown follows the value.
    if (errors[f]) setErrors((e) => ({ ...e, [f]: check(f, v) }));
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const found = Object.fromEntries(FIELDS.map((f) => [f, check(f, values[f])]).filter(([, p]) => p)) as Partial<Record<Field, ServerMessage>>;
    setErrors(found);
    setRefused(null);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    // Section 4's agency add flow events (issue 18; sent only after consent).
    send(agencyAddEvent('Submit', 'agency-not-found'));
    try {
      const { AgentNumber, ...rest } = values;
      const details = { ...rest, ...(AgentNumber.trim() ? { AgentNumber: AgentNumber.trim() } : {}) };
      setRequest(await withWaiting(() => api.call(VerifyUserAgencyInformation, { AgencyDetails: details }, { ignoreErrors: true })));
      send(agencyAddEvent('Done', 'agency-not-found'));
    } catch (err) {
      send(agencyAddEvent('Failed', 'agency-not-found'));
      if (err instanceof ApiError && err.status < 500) {
        const reply = replyOf(err);
        // Field errors the server found (it repeats the browser's checks) go beside their fields.
        const byField: Partial<Record<Field, ServerMessage>> = {};
        for (const fe of reply.errors ?? []) {
          const f = FIELDS.find((k) => (fe as { path?: string }).path === `AgencyDetails.${k}`);
          if (f) byField[f] = fe;
        }
        setErrors(byField);
        if (Object.keys(byField).length === 0) setRefused(reply);
      } else setRefused({ message: t('common.loadFailed') });
    } finally {
      setBusy(false);
    }
  };

  if (request) {
    return (
      <div className="agency-search">
        <h1>{t('agency.notFound.title')}</h1>
        <RequestSent t={t} request={request} title={t('agency.notFound.doneTitle')} text={t('agency.notFound.done', { agency: request.agencyName })} />
      </div>
    );
  }

  const summary = FIELDS.filter((f) => errors[f]).map((f) => ({ text: t.message(errors[f]!), field: id(f) }));
  const input = (f: Field, type = 'text', extra: Record<string, unknown> = {}) => (
    <div className={`field${errors[f] ? ' field--error' : ''}`} key={f}>
      <label htmlFor={id(f)}>{t(`agency.notFound.${LABEL[f]}`)}</label>
      <input
        id={id(f)}
        name={f}
        type={type}
        autoComplete={AUTOCOMPLETE[f] ?? 'off'}
        value={values[f]}
        aria-required={f !== 'AgentNumber'}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `${id(f)}-error` : undefined}
        onChange={(e) => change(f, e.target.value)}
        onBlur={() => leave(f)}
        {...extra}
      />
      {errors[f] && (
        <p id={`${id(f)}-error`} className="field__error">
          {t.message(errors[f]!)}
        </p>
      )}
    </div>
  );

  return (
    <div className="agency-search">
      <h1>{t('agency.notFound.title')}</h1>
      <p>{t('agency.notFound.intro')}</p>
      <ErrorSummary title={t('agency.errorsTitle')} errors={summary} description={refused ? t.message(refused) : undefined} focusKey={attempt} />
      <form ref={form} className="card agency-form" noValidate onSubmit={(e) => void submit(e)}>
        {input('AgencyName', 'text', { maxLength: 100 })}
        {input('AddressLine', 'text', { maxLength: 200 })}
        {input('City', 'text', { maxLength: 100 })}
        <div className={`field${errors.State ? ' field--error' : ''}`}>
          <label htmlFor={id('State')}>{t('agency.notFound.state')}</label>
          <CallView call={states} failedText={t('agency.notFound.statesFailed')}>
            {(list) => (
              <select
                id={id('State')}
                name="State"
                autoComplete="address-level1"
                value={values.State}
                aria-required
                aria-invalid={errors.State ? true : undefined}
                aria-describedby={errors.State ? `${id('State')}-error` : undefined}
                onChange={(e) => {
                  change('State', e.target.value);
                  setErrors((old) => ({ ...old, State: check('State', e.target.value) }));
                }}
              >
                <option value="">{t('agency.notFound.chooseState')}</option>
                {list.map((s) => (
                  <option key={s.stateCode} value={s.stateCode}>
                    {s.stateName}
                  </option>
                ))}
              </select>
            )}
          </CallView>
          {errors.State && (
            <p id={`${id('State')}-error`} className="field__error">
              {t.message(errors.State)}
            </p>
          )}
        </div>
        {input('ZipCode', 'text', { inputMode: 'numeric', maxLength: 10 })}
        {input('PhoneNumber', 'tel', { maxLength: 20 })}
        {input('Email', 'email', { maxLength: 254 })}
        {input('AgentNumber', 'text', { maxLength: 20 })}
        <div className="order-actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
            {t('agency.notFound.submit')}
          </button>
          <a className="btn btn--tertiary" href="/dashboard/find-my-agency">
            {t('agency.notFound.back')}
          </a>
        </div>
      </form>
    </div>
  );
}
