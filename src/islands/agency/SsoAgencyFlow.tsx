/**
 * sso-agency-flow (spec section 2; issue 17): an SSO user without a linked agency searches (GetAgenciesSSO),
 * chooses, files the request (SubmitSSOAgencyRequest), works meanwhile under the fixed onboarding agency
 * (AssignOnboardingAgency, UpdateOnboardingAgencyClaims; the SSO-session header carries it), and, once the request
 * is approved, swaps it for the real one (VerifySV2OnboardingSwap). GetUserDetailsSSO says where they stand.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SEARCH_TERM_REQUIRED, type AgencyHit } from '../../lib/api/agency-search.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import {
  AssignOnboardingAgency,
  GetAgenciesSSO,
  GetUserDetailsSSO,
  SubmitSSOAgencyRequest,
  UpdateOnboardingAgencyClaims,
  VerifySV2OnboardingSwap,
} from '../../lib/api/sso-agency.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { safeReferral } from '../../lib/navigation.ts';
import { api } from '../../stores/api.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import { Loading, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import { problem, type Words } from './words.ts';

/** Where the SSO-session header finds the onboarding agency (src/stores/api.ts). */
const ONBOARDING_KEY = 'portal.onboardingAgency';
const remember = (agency: string | null) => {
  try {
    if (agency) sessionStorage.setItem(ONBOARDING_KEY, agency);
    else sessionStorage.removeItem(ONBOARDING_KEY);
  } catch {
    /* no storage */
  }
};

export default function SsoAgencyFlow() {
  const t = useT('agency', 'messages');
  return <UserGate t={t}>{(_user, t) => <Flow t={t} />}</UserGate>;
}

type Note = { key: 'agency.sso.stillPending' | 'agency.sso.failed' } | { key: 'agency.sso.swapped'; agency: string } | { reply: ServerMessage };

function Flow({ t }: { t: Words }) {
  const [version, setVersion] = useState(0);
  const details = useCall(`details:${version}`, () => api.call(GetUserDetailsSSO, {}, { ignoreErrors: true }));
  const [note, setNote] = useState<Note | null>(null);
  const [busy, setBusy] = useState(false);
  const d = details.data;

  useEffect(() => {
    if (!d) return;
    remember(d.onboardingAgency);
    // Linked to a real agency and not onboarding any more: nothing to do here.
    if (d.agencyNumbers.length > 0 && !d.onboardingAgency && !note) {
      window.location.replace(safeReferral(new URLSearchParams(window.location.search).get('next')) ?? '/dashboard/');
    }
  }, [d, note]);

  if (details.loading || (!d && !details.failed)) return <Loading text={t('common.loading')} />;
  if (details.failed || !d) {
    if (details.problem?.status === 403) return <p className="card">{t('agency.sso.notSso')}</p>;
    return <LoadFailed text={t('agency.sso.failed')} retry={t('common.retry')} onRetry={details.retry} />;
  }
  const noteText = note && ('reply' in note ? t.message(note.reply) : note.key === 'agency.sso.swapped' ? t(note.key, { agency: note.agency }) : t(note.key));

  const check = async () => {
    setBusy(true);
    setNote(null);
    try {
      const r = await api.call(VerifySV2OnboardingSwap, {}, { ignoreErrors: true });
      if (r.swapped || (r.status === 'Approved' && r.agencyNumber)) {
        remember(null);
        setNote({ key: 'agency.sso.swapped', agency: d.request?.agencyName ?? r.agencyNumber ?? '' });
      } else if (r.status === 'Pending') setNote({ key: 'agency.sso.stillPending' });
      setVersion((v) => v + 1);
    } catch (err) {
      setNote(err instanceof ApiError && err.status < 500 ? { reply: replyOf(err) } : { key: 'agency.sso.failed' });
    }
    setBusy(false);
  };

  const continueLink = (
    <a className="btn btn--primary" href="/dashboard/">
      {t('agency.sso.continue')}
    </a>
  );

  if (note && 'key' in note && note.key === 'agency.sso.swapped') {
    return (
      <div className="agency-search">
        <h1>{t('agency.sso.title')}</h1>
        <p className="card" role="status">{noteText}</p>
        {continueLink}
      </div>
    );
  }

  const request = d.request;
  if (request?.status === 'Pending' || (request?.status === 'Approved' && d.onboardingAgency)) {
    return (
      <div className="agency-search">
        <h1>{t('agency.sso.title')}</h1>
        <section className="card" aria-labelledby="sso-pending-title">
          <h2 id="sso-pending-title">{t('agency.sso.pendingTitle')}</h2>
          <p>{t('agency.sso.pending', { agency: request.agencyName })}</p>
          {noteText && <p role="status">{noteText}</p>}
          <div className="form-actions">
            <button type="button" className="btn btn--secondary" onClick={() => void check()} disabled={busy} aria-busy={busy}>
              {busy ? t('agency.sso.checking') : t('agency.sso.check')}
            </button>
            {continueLink}
          </div>
        </section>
      </div>
    );
  }

  return (
    <Search
      t={t}
      denied={request?.status === 'Denied' ? request.agencyName : null}
      onRequested={() => {
        setNote(null);
        setVersion((v) => v + 1);
      }}
    />
  );
}

function Search({ t, denied, onRequested }: { t: Words; denied: string | null; onRequested: () => void }) {
  const [q, setQ] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [error, setError] = useState<ServerMessage | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const termRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const call = useCall(term, () => api.call(GetAgenciesSSO, { SearchTerm: term! }, { ignoreErrors: true }));

  useEffect(() => {
    if (call.data) resultsRef.current?.focus();
  }, [call.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = q.trim();
    if (next.length < 2) {
      setError(problem(SEARCH_TERM_REQUIRED));
      termRef.current?.focus();
      return;
    }
    setError(null);
    if (next === term) call.retry();
    else setTerm(next);
  };

  const choose = async (agency: AgencyHit) => {
    setSending(agency.agencyNumber);
    setSendError(null);
    try {
      await api.call(SubmitSSOAgencyRequest, { AgencyNumber: agency.agencyNumber }, { ignoreErrors: true });
      await api.call(AssignOnboardingAgency, {}, { ignoreErrors: true });
      const claims = await api.call(UpdateOnboardingAgencyClaims, {}, { ignoreErrors: true });
      remember(claims.onboardingAgency);
      onRequested();
    } catch (err) {
      setSendError(err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('agency.sso.failed'));
      setSending(null);
    }
  };

  return (
    <div className="agency-search">
      <h1 id="sso-agency-title">{t('agency.sso.title')}</h1>
      <p>{t('agency.sso.intro')}</p>
      {denied && (
        <p className="card" role="status">
          {t('agency.sso.denied', { agency: denied })}
        </p>
      )}
      <form className="card agency-search__form" role="search" aria-labelledby="sso-agency-title" noValidate onSubmit={submit}>
        <div className={`field${error ? ' field--error' : ''}`}>
          <label htmlFor="sso-agency-q">{t('agency.sso.search')}</label>
          <input
            ref={termRef}
            id="sso-agency-q"
            name="q"
            type="text"
            autoComplete="off"
            maxLength={100}
            value={q}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sso-agency-q-error' : undefined}
            onChange={(e) => setQ(e.target.value)}
          />
          {error && (
            <p id="sso-agency-q-error" className="field__error">
              {t.message(error)}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={call.loading} aria-busy={call.loading}>
          {call.loading ? t('agency.sso.searching') : t('agency.sso.searchButton')}
        </button>
      </form>
      {term && call.loading && <Loading text={t('agency.sso.searching')} />}
      {term && call.failed && (
        <LoadFailed text={call.problem ? t.message(replyOf(call.problem)) : t('agency.sso.failed')} retry={t('common.retry')} onRetry={call.retry} />
      )}
      {sendError && (
        <p className="form-error" role="alert">
          {sendError}
        </p>
      )}
      {call.data && (
        <section aria-labelledby="sso-results">
          <h2 id="sso-results" tabIndex={-1} ref={resultsRef}>
            {call.data.agencies.length ? t('agency.sso.results', { count: String(call.data.agencies.length) }) : t('agency.sso.none')}
          </h2>
          <ul className="agency-results__list">
            {call.data.agencies.map((a) => (
              <li key={a.agencyNumber} className="card agency-result">
                <p>
                  <strong>{a.agencyName}</strong>
                  <br />
                  {a.city}, {a.stateCode} · {a.agencyNumber}
                </p>
                <button type="button" className="btn btn--primary" disabled={sending !== null} aria-busy={sending === a.agencyNumber} onClick={() => void choose(a)}>
                  {sending === a.agencyNumber ? t('agency.sso.sending') : t('agency.sso.choose', { agency: a.agencyName })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
