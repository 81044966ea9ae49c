/**
 * manage-account (spec section 2; issue 6): a read-only summary of the signed-in user and the "Contact
 * preferences" form — the agent notification prefs of spec section 3 (text and email alerts on policyholder
 * contact, service scheduled, service complete, survey complete; AgentPhoneNo), read with
 * User/GetUserAgentContactPrefs and saved with User/UpdateUserAgentContactPrefs. The phone follows the spec's
 * rules and messages (section 5) and shows 3-3-4. New claims start with these alerts.
 * Agents and agency admins only (the route guard sends internal and CE admins to not-found).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { GetUserAgentContactPrefs, UpdateUserAgentContactPrefs, type AgentContactPrefs } from '../../lib/api/contact-prefs.ts';
import { ApiError, GENERIC_ERROR_TEXT } from '../../lib/api/client.ts';
import { MESSAGES, rules } from '../../lib/claim/validation.ts';
import { formatPhone } from '../../lib/format.ts';
import { isStaffAdmin } from '../../lib/roles.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { $user, $userStatus } from '../../stores/user.ts';
import GuardError from '../shared/GuardError.tsx';
import { useLang } from '../shared/use-lang.ts';
import LoadFailed from '../shared/LoadFailed.tsx';

/** The four alerts of spec section 3, by the names of the contract's flags (`${alert}Text`, `${alert}Email`). */
const ALERTS = ['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const;
const CHANNELS = ['Text', 'Email'] as const;
type Flag = `${(typeof ALERTS)[number]}${(typeof CHANNELS)[number]}`;

const TEXT = {
  en: {
    title: 'Manage my account',
    profile: 'Your profile',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    agentNumber: 'Agent number',
    agencies: 'Agencies',
    roles: { SFAD_Agent: 'Agent', SFAD_Admin: 'Agency admin', SFAD_InternalAdmin: 'Internal admin', SFAD_CEAdmin: 'CE admin' } as Record<string, string>,
    prefs: 'Contact preferences',
    prefsIntro: 'Choose the alerts you get about the work orders of your claims. New claims start with these alerts; you can still change them on each claim.',
    text: 'Text me when',
    email_: 'Email me when',
    events: {
      PolicyholderContact: 'The policyholder is contacted',
      ServiceScheduled: 'Service is scheduled',
      ServiceComplete: 'Service is complete',
      SurveyComplete: 'The survey is complete',
    },
    phone: 'Your mobile number for text alerts',
    phoneHint: 'Needed for text alerts. 10 digits, for example 813-555-0134.',
    save: 'Save contact preferences',
    saving: 'Saving…',
    saved: 'Your contact preferences were saved.',
    loading: 'Loading your contact preferences…',
    loadFailed: 'We could not load your contact preferences. Please try again.',
    retry: 'Try again',
    notForRole: 'Contact preferences are for agents and agency admins.',
    required: '(required)',
    messages: {} as Record<string, string>,
  },
  es: {
    title: 'Administrar mi cuenta',
    profile: 'Su perfil',
    name: 'Nombre',
    email: 'Correo electrónico',
    role: 'Rol',
    agentNumber: 'Número de agente',
    agencies: 'Agencias',
    roles: { SFAD_Agent: 'Agente', SFAD_Admin: 'Administrador de agencia', SFAD_InternalAdmin: 'Administrador interno', SFAD_CEAdmin: 'Administrador de EC' } as Record<string, string>,
    prefs: 'Preferencias de contacto',
    prefsIntro: 'Elija las alertas que recibe sobre las órdenes de trabajo de sus reclamos. Los reclamos nuevos empiezan con estas alertas; puede cambiarlas en cada reclamo.',
    text: 'Envíenme un texto cuando',
    email_: 'Envíenme un correo cuando',
    events: {
      PolicyholderContact: 'Se contacte al asegurado',
      ServiceScheduled: 'Se programe el servicio',
      ServiceComplete: 'Se complete el servicio',
      SurveyComplete: 'Se complete la encuesta',
    },
    phone: 'Su número de celular para alertas por texto',
    phoneHint: 'Necesario para las alertas por texto. 10 dígitos, por ejemplo 813-555-0134.',
    save: 'Guardar las preferencias de contacto',
    saving: 'Guardando…',
    saved: 'Se guardaron sus preferencias de contacto.',
    loading: 'Cargando sus preferencias de contacto…',
    loadFailed: 'No pudimos cargar sus preferencias de contacto. Inténtelo de nuevo.',
    retry: 'Intentar de nuevo',
    notForRole: 'Las preferencias de contacto son para agentes y administradores de agencia.',
    required: '(obligatorio)',
    // The spec's messages (section 5), in Spanish.
    messages: {
      [MESSAGES.phoneRequired]: 'El campo número de teléfono es obligatorio',
      [MESSAGES.phoneInvalid]: 'Ingrese un número de teléfono válido',
    } as Record<string, string>,
  },
};
type Text = (typeof TEXT)['en'];

type Prefs = Record<Flag, boolean> & { AgentPhoneNo: string };
const toPrefs = (p: AgentContactPrefs): Prefs => ({ ...p, AgentPhoneNo: p.AgentPhoneNo ? formatPhone(p.AgentPhoneNo) : '' });
const wantsText = (p: Prefs) => ALERTS.some((a) => p[`${a}Text`]);
/** The phone's message (the spec's English words), or null: required once a text alert is on. */
const phoneError = (p: Prefs) => (wantsText(p) ? rules.phone : rules.optionalPhone)(p.AgentPhoneNo);

/** The manage-account page. */
export default function ManageAccount() {
  const { lang, s } = useLang();
  const x = TEXT[lang];
  const userStatus = useStore($userStatus);
  const user = useStore($user);
  const d = user.userDetails;


  if (userStatus === 'error') return <GuardError />;
  if (userStatus !== 'ready' || !d) return <p className="muted page-loading" aria-busy="true">{s.loading}</p>;

  return (
    <div className="order-page account">
      <h1>{x.title}</h1>
      <section className="card order-section" aria-labelledby="profile-title">
        <h2 id="profile-title">{x.profile}</h2>
        <dl className="details" data-testid="profile">
          <dt>{x.name}</dt>
          <dd>{`${d.firstName} ${d.lastName}`}</dd>
          <dt>{x.email}</dt>
          <dd>{d.email}</dd>
          <dt>{x.role}</dt>
          <dd>{x.roles[d.dashboardUserRole] ?? d.dashboardUserRole}</dd>
          {d.agentNumber && (
            <>
              <dt>{x.agentNumber}</dt>
              <dd>{d.agentNumber}</dd>
            </>
          )}
          {user.agencyList.length > 0 && (
            <>
              <dt>{x.agencies}</dt>
              <dd>
                <ul className="order-list">
                  {user.agencyList.map((a) => (
                    <li key={a.agencyNumber}>
                      {a.agencyName} <span className="table__sub">{a.agencyNumber}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
      </section>
      {isStaffAdmin(d.dashboardUserRole) ? (
        <p className="card" data-testid="prefs-not-for-role">
          {x.notForRole}
        </p>
      ) : (
        <ContactPreferences x={x} />
      )}
    </div>
  );
}

/** The contact preferences form. */
function ContactPreferences({ x }: { x: Text }) {
  const [prefs, setPrefs] = useState<Prefs | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const m = (message: string) => x.messages[message] ?? message;

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setPrefs(toPrefs(await api.call(GetUserAgentContactPrefs, {})));
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  if (failed) {
    return (
      <LoadFailed text={x.loadFailed} retry={x.retry} onRetry={() => void load()} />
    );
  }
  if (!prefs) {
    return (
      <p className="muted order-loading" aria-busy="true">
        <span className="spinner spinner--small" aria-hidden="true" /> {x.loading}
      </p>
    );
  }

  const change = (patch: Partial<Prefs>) => {
    const next = { ...prefs, ...patch };
    setPrefs(next);
    // A message already shown follows the value (e.g. 'required' goes when the last text alert is cleared).
    if (error) setError(phoneError(next));
  };
  const textOn = wantsText(prefs);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const problem = phoneError(prefs);
    setError(problem);
    if (problem) {
      phoneRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await api.call(UpdateUserAgentContactPrefs, { ...prefs, AgentPhoneNo: prefs.AgentPhoneNo.trim() || null }, { ignoreErrors: true });
      setPrefs(toPrefs(saved));
      showAlert('success', x.saved);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { errors?: { path: string; message: string }[] } | null) : null;
      const phone = body?.errors?.find((f) => f.path === 'AgentPhoneNo');
      if (err instanceof ApiError && err.status === 400 && phone) {
        setError(phone.message);
        phoneRef.current?.focus();
      } else if (!(err instanceof ApiError && err.status === 401)) showAlert('warning', GENERIC_ERROR_TEXT);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card order-section" aria-labelledby="prefs-title">
      <h2 id="prefs-title">{x.prefs}</h2>
      <p className="muted">{x.prefsIntro}</p>
      <form className="account-prefs" noValidate onSubmit={(e) => void submit(e)}>
        <div className="account-prefs__groups">
          {CHANNELS.map((by) => (
            <fieldset key={by} className="choice-group">
              <legend>{by === 'Text' ? x.text : x.email_}</legend>
              {ALERTS.map((a) => {
                const flag: Flag = `${a}${by}`;
                return (
                  <label key={flag} className="choice">
                    <input type="checkbox" name={flag} checked={prefs[flag]} onChange={(e) => change({ [flag]: e.target.checked })} />
                    <span>{x.events[a]}</span>
                  </label>
                );
              })}
            </fieldset>
          ))}
        </div>
        <div className="field">
          <label htmlFor="agent-phone">
            {x.phone}
            {textOn && <span className="req"> {x.required}</span>}
          </label>
          <p id="agent-phone-hint" className="field__hint">
            {x.phoneHint}
          </p>
          <input
            ref={phoneRef}
            id="agent-phone"
            type="tel"
            autoComplete="tel"
            maxLength={20}
            value={prefs.AgentPhoneNo}
            aria-required={textOn}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'agent-phone-hint agent-phone-error' : 'agent-phone-hint'}
            onChange={(e) => change({ AgentPhoneNo: e.target.value })}
            onBlur={() => {
              const problem = phoneError(prefs);
              setError(problem);
              if (!problem && prefs.AgentPhoneNo.trim()) setPrefs({ ...prefs, AgentPhoneNo: formatPhone(prefs.AgentPhoneNo) });
            }}
          />
          {error && (
            <p id="agent-phone-error" className="field__error">
              {m(error)}
            </p>
          )}
        </div>
        <div className="order-actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
            {busy ? x.saving : x.save}
          </button>
        </div>
      </form>
    </section>
  );
}
