/**
 * manage-account (spec section 2; issue 6): a read-only summary of the signed-in user and the "Contact
 * preferences" form — the agent notification prefs of spec section 3 (text and email alerts on policyholder
 * contact, service scheduled, service complete, survey complete; AgentPhoneNo), read with
 * User/GetUserAgentContactPrefs and saved with User/UpdateUserAgentContactPrefs. The phone follows the spec's
 * rules and messages (section 5) and shows 3-3-4. New claims start with these alerts.
 * Agents and agency admins only (the route guard sends internal and CE admins to not-found).
 */
import { lazy, Suspense, useRef, useState, type SubmitEvent } from 'react';
import { GetUserAgentContactPrefs, UpdateUserAgentContactPrefs, type AgentContactPrefs } from '../../lib/api/contact-prefs.ts';
import { ApiError } from '../../lib/api/client.ts';
import type { ServerMessage, Translator } from '../../lib/i18n.ts';
import { MESSAGES, rules } from '../../lib/claim/validation.ts';
import { formatPhone } from '../../lib/format.ts';
import { isStaffAdmin } from '../../lib/roles.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { CallView, Loading, UserGate, type SignedInUser } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { leavingForSubmit } from '../shared/leaving-for-submit.ts';
import { useT } from '../shared/use-t.ts';
import Agencies from './Agencies.tsx';
// manage-account profile (issue 14): chunks loaded after the page, so its first visit stays within budget.
const Profile = lazy(() => import('./Profile.tsx'));
const ChangeEmail = lazy(() => import('./ChangeEmail.tsx'));
const ChangePassword = lazy(() => import('./ChangePassword.tsx'));

/** The Passkeys section (issue 14): a chunk of its own, outside the page's first-visit budget. */
const Passkeys = lazy(() => import('./Passkeys.tsx'));

/** Two-step sign-in (issue 14): a chunk of its own, loaded when the page renders. */
const Security = lazy(() => import('./Security.tsx'));

/** The four alerts of spec section 3, by the names of the contract's flags (`${alert}Text`, `${alert}Email`). */
const ALERTS = ['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const;
const CHANNELS = ['Text', 'Email'] as const;
type Flag = `${(typeof ALERTS)[number]}${(typeof CHANNELS)[number]}`;

type Words = Translator<'account' | 'messages' | 'common'>;

/** The code of a spec message (section 5) in the `messages` namespace, from its English text. */
const messageCodeOf = (message: string) => (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find((code) => MESSAGES[code] === message);

type Prefs = Record<Flag, boolean> & { AgentPhoneNo: string; AgentEmail: string };
const toPrefs = (p: AgentContactPrefs): Prefs => ({ ...p, AgentPhoneNo: p.AgentPhoneNo ? formatPhone(p.AgentPhoneNo) : '', AgentEmail: p.AgentEmail ?? '' });
const wantsText = (p: Prefs) => ALERTS.some((a) => p[`${a}Text`]);
const wantsEmail = (p: Prefs) => ALERTS.some((a) => p[`${a}Email`]);
/** The phone's message (the spec's English words, section 5's contact update), or null: needed once a text alert is on. */
const phoneError = (p: Prefs) => (wantsText(p) && !p.AgentPhoneNo.trim() ? MESSAGES.contactPhone : rules.optionalPhone(p.AgentPhoneNo));
/** The alerts address's message, or null: needed once an email alert is on. */
const emailError = (p: Prefs) => (wantsEmail(p) && !p.AgentEmail.trim() ? MESSAGES.contactEmail : rules.optionalEmail(p.AgentEmail));

/** The manage-account page. */
export default function ManageAccount() {
  const t = useT('account', 'messages');
  // UserGate only needs `t` to be non-null; its `T extends Translator<never>` bound rejects every real translator
  // (Translator is invariant in its namespaces), so the words go through it widened and are used from here.
  const gateWords = t as unknown as Translator<never> | null;
  return <UserGate t={gateWords}>{(user) => t && <Account user={user} t={t} />}</UserGate>;
}

/** The signed-in user's profile and, for agents and agency admins, their contact preferences. */
function Account({ user, t }: { user: SignedInUser; t: Words }) {
  const details = user.userDetails;
  return (
    <div className="order-page account">
      <h1>{t('account.title')}</h1>
      <section className="card order-section" aria-labelledby="profile-title">
        <h2 id="profile-title">{t('account.profile')}</h2>
        <dl className="details" data-testid="profile">
          <dt>{t('account.name')}</dt>
          <dd>{`${details.firstName} ${details.lastName}`}</dd>
          <dt>{t('account.email')}</dt>
          <dd>{details.email}</dd>
          <dt>{t('account.role')}</dt>
          <dd>{t.dynamic(`account.roles.${details.dashboardUserRole}`, details.dashboardUserRole)}</dd>
          {details.agentNumber && (
            <>
              <dt>{t('account.agentNumber')}</dt>
              <dd>{details.agentNumber}</dd>
            </>
          )}
          {user.agencyList.length > 0 && (
            <>
              <dt>{t('account.agencies')}</dt>
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
      <Suspense fallback={<Loading text={t('account.me.loading')} />}>
        <Profile t={t} />
        <ChangeEmail t={t} email={details.email} />
        <ChangePassword t={t} owner={details} />
      </Suspense>
      {!isStaffAdmin(details.dashboardUserRole) && user.agencyList.length > 0 && <Agencies user={user} t={t} />}
      {isStaffAdmin(details.dashboardUserRole) ? (
        <p className="card" data-testid="prefs-not-for-role">
          {t('account.notForRole')}
        </p>
      ) : (
        <ContactPreferences t={t} />
      )}
      <Suspense fallback={null}>
        <Passkeys />
        <Security email={details.email} />
      </Suspense>
    </div>
  );
}

/** The contact preferences: loaded once, then the form. */
function ContactPreferences({ t }: { t: Words }) {
  const call = useCall('contact-prefs', () => api.call(GetUserAgentContactPrefs, {}));
  return (
    <CallView call={call} loadingText={t('account.loading')} failedText={t('account.loadFailed')}>
      {(loaded) => <PreferencesForm initial={toPrefs(loaded)} t={t} />}
    </CallView>
  );
}

/** The contact preferences form. */
function PreferencesForm({ initial, t }: { initial: Prefs; t: Words }) {
  const [prefs, setPrefs] = useState<Prefs>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ServerMessage | null>(null);
  const [mailError, setMailError] = useState<ServerMessage | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const mailRef = useRef<HTMLInputElement>(null);
  /** A field's message as a server message (its code from the spec's English words), or null. */
  const problemOf = (message: string | null): ServerMessage | null => (message ? { message, code: messageCodeOf(message) } : null);
  const phoneProblem = (p: Prefs) => problemOf(phoneError(p));

  const change = (patch: Partial<Prefs>) => {
    const next = { ...prefs, ...patch };
    setPrefs(next);
    // A message already shown follows the value (e.g. 'required' goes when the last text alert is cleared).
    if (error) setError(phoneProblem(next));
    if (mailError) setMailError(problemOf(emailError(next)));
  };
  const textOn = wantsText(prefs);
  const emailOn = wantsEmail(prefs);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const problem = phoneProblem(prefs);
    const mailProblem = problemOf(emailError(prefs));
    setError(problem);
    setMailError(mailProblem);
    if (problem || mailProblem) {
      (problem ? phoneRef : mailRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await api.call(UpdateUserAgentContactPrefs, { ...prefs, AgentPhoneNo: prefs.AgentPhoneNo.trim() || null, AgentEmail: prefs.AgentEmail.trim() || null }, { ignoreErrors: true });
      setPrefs(toPrefs(saved));
      showAlert('success', t('account.saved'));
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { errors?: { path: string; message: string; code?: string }[] } | null) : null;
      const phone = body?.errors?.find((f) => f.path === 'AgentPhoneNo');
      const mail = body?.errors?.find((f) => f.path === 'AgentEmail');
      if (err instanceof ApiError && err.status === 400 && (phone || mail)) {
        setError(phone ? { message: phone.message, code: phone.code ?? messageCodeOf(phone.message) } : null);
        setMailError(mail ? { message: mail.message, code: mail.code ?? messageCodeOf(mail.message) } : null);
        (phone ? phoneRef : mailRef).current?.focus();
      } else if (!(err instanceof ApiError && err.status === 401)) showAlert('warning', t('messages.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card order-section" aria-labelledby="prefs-title">
      <h2 id="prefs-title">{t('account.prefs')}</h2>
      <p className="muted">{t('account.prefsIntro')}</p>
      <form className="account-prefs" noValidate onSubmit={(e) => void submit(e)}>
        <div className="account-prefs__groups">
          {CHANNELS.map((by) => (
            <fieldset key={by} className="choice-group">
              <legend>{by === 'Text' ? t('account.byText') : t('account.byEmail')}</legend>
              {ALERTS.map((a) => {
                const flag: Flag = `${a}${by}`;
                return (
                  <label key={flag} className="choice">
                    <input type="checkbox" name={flag} checked={prefs[flag]} onChange={(e) => change({ [flag]: e.target.checked })} />
                    <span>{t(`account.events.${a}`)}</span>
                  </label>
                );
              })}
            </fieldset>
          ))}
        </div>
        <div className="field">
          <label htmlFor="agent-phone">
            {t('account.phone')}
            {textOn && <span className="req"> {t('account.required')}</span>}
          </label>
          <p id="agent-phone-hint" className="field__hint">
            {t('account.phoneHint')}
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
            onBlur={(e) => {
              if (leavingForSubmit(e)) return;
              const problem = phoneProblem(prefs);
              setError(problem);
              if (!problem && prefs.AgentPhoneNo.trim()) setPrefs({ ...prefs, AgentPhoneNo: formatPhone(prefs.AgentPhoneNo) });
            }}
          />
          {error && (
            <p id="agent-phone-error" className="field__error">
              {t.message(error)}
            </p>
          )}
        </div>
        <div className={`field${mailError ? ' field--error' : ''}`}>
          <label htmlFor="agent-email">
            {t('account.alertEmail')}
            {emailOn && <span className="req"> {t('account.required')}</span>}
          </label>
          <p id="agent-email-hint" className="field__hint">
            {t('account.alertEmailHint')}
          </p>
          {mailError && (
            <p id="agent-email-error" className="field__error">
              {t.message(mailError)}
            </p>
          )}
          <input
            ref={mailRef}
            id="agent-email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={prefs.AgentEmail}
            aria-required={emailOn}
            aria-invalid={mailError ? true : undefined}
            aria-describedby={mailError ? 'agent-email-hint agent-email-error' : 'agent-email-hint'}
            onChange={(e) => change({ AgentEmail: e.target.value })}
            onBlur={(e) => !leavingForSubmit(e) && setMailError(problemOf(emailError(prefs)))}
          />
        </div>
        <div className="order-actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
            {busy ? t('account.saving') : t('account.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
