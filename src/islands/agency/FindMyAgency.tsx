/**
 * find-my-agency (spec section 2; issue 14): search by account number, agency name, phone or email
 * (AgencySearch/GetAgencies), the results with a link to select each, the empty state and the link to
 * agency-not-found. The search lives in the address (?by=…&q=…), so the dashboard's search form opens this page
 * with its results, and Back returns to them.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ACCOUNT_NOT_FOUND, GetAgencies, SEARCH_FIELDS, SEARCH_TERM_REQUIRED, type SearchField } from '../../lib/api/agency-search.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { rules } from '../../lib/claim/validation.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import { Loading, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import { problem, type Words } from './words.ts';
import { agencyAddEvent, send } from '../../lib/track-event.ts';

interface Search {
  by: SearchField;
  q: string;
}

/** The search in the address, if any. */
function searchInUrl(): Search | null {
  const params = new URLSearchParams(window.location.search);
  const by = params.get('by') as SearchField | null;
  const q = (params.get('q') ?? '').trim();
  return by && SEARCH_FIELDS.includes(by) && q ? { by, q } : null;
}

/** The browser's check of a search term: the spec's messages (section 5). */
function termProblem(s: Search): ServerMessage | null {
  const q = s.q.trim();
  if (q === '' || (s.by === 'AgencyName' && q.length < 2)) return problem(SEARCH_TERM_REQUIRED);
  const message = s.by === 'PrimaryPhone' ? rules.phone(q) : s.by === 'Email' ? rules.email(q) : null;
  return message ? problem(message) : null;
}

export default function FindMyAgency() {
  const t = useT('agency', 'messages');
  return <UserGate t={t}>{(_user, t) => <FindForm t={t} />}</UserGate>;
}

function FindForm({ t }: { t: Words }) {
  const initial = searchInUrl();
  const [by, setBy] = useState<SearchField>(initial?.by ?? 'AgencyName');
  const [q, setQ] = useState(initial?.q ?? '');
  const [error, setError] = useState<ServerMessage | null>(null);
  const [search, setSearch] = useState<Search | null>(initial && !termProblem(initial) ? initial : null);
  const termRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const call = useCall(search ? `${search.by}:${search.q}` : null, () =>
    api.call(GetAgencies, { [search!.by]: search!.q }, { ignoreErrors: true }),
  );
  const notFound = call.failed && call.problem?.status === 404;
  const shownError = error ?? (notFound ? (call.problem ? replyOf(call.problem) : problem(ACCOUNT_NOT_FOUND)) : null);

  // Back and forward move through searches.
  useEffect(() => {
    const onPop = () => {
      const s = searchInUrl();
      setSearch(s);
      if (s) {
        setBy(s.by);
        setQ(s.q);
      }
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  // A new answer: the results heading takes focus (a screen reader hears the count, the keyboard starts there).
  useEffect(() => {
    if (call.data && search) resultsRef.current?.focus();
  }, [call.data, search]);
  useEffect(() => {
    if (notFound) termRef.current?.focus();
  }, [notFound]);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const next = { by, q: q.trim() };
    const p = termProblem(next);
    setError(p);
    if (p) {
      termRef.current?.focus();
      return;
    }
    // Section 4's agency add flow: it starts with a search (issue 18; sent only after consent). Label: how it searches.
    send(agencyAddEvent('Start', next.by));
    const url = `${window.location.pathname}?${new URLSearchParams({ by: next.by, q: next.q })}`;
    if (search?.by === next.by && search.q === next.q) call.retry();
    else window.history.pushState(null, '', url);
    setSearch(next);
  };

  return (
    <div className="agency-search">
      <h1 id="find-agency-title">{t('agency.find.title')}</h1>
      <p>{t('agency.find.intro')}</p>
      <form className="card agency-search__form" role="search" aria-labelledby="find-agency-title" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor="agency-by">{t('agency.find.searchBy')}</label>
          <select
            id="agency-by"
            name="by"
            value={by}
            onChange={(e) => {
              setBy(e.target.value as SearchField);
              setError(null);
            }}
          >
            {SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`agency.by.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`field${shownError ? ' field--error' : ''}`}>
          <label htmlFor="agency-q">{t(`agency.by.${by}`)}</label>
          <p id="agency-q-hint" className="field__hint">
            {t(`agency.find.hint.${by}`)}
          </p>
          <input
            ref={termRef}
            id="agency-q"
            name="q"
            type={by === 'Email' ? 'email' : by === 'PrimaryPhone' ? 'tel' : 'text'}
            inputMode={by === 'AccountNumber' ? 'numeric' : undefined}
            autoComplete="off"
            maxLength={by === 'Email' ? 254 : 100}
            value={q}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? 'agency-q-hint agency-q-error' : 'agency-q-hint'}
            onChange={(e) => setQ(e.target.value)}
          />
          {shownError && (
            <p id="agency-q-error" className="field__error">
              {t.message(shownError)}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={call.loading} aria-busy={call.loading}>
          {call.loading ? t('agency.find.searching') : t('agency.find.search')}
        </button>
      </form>

      {search && call.loading && <Loading text={t('agency.find.searching')} />}
      {search && call.failed && !notFound && (
        <LoadFailed
          text={call.problem instanceof ApiError ? t.message(replyOf(call.problem)) : t('agency.find.failed')}
          retry={t('common.retry')}
          onRetry={call.retry}
        />
      )}
      {search && call.data && (
        <section className="agency-results" aria-labelledby="agency-results-title">
          <h2 id="agency-results-title" ref={resultsRef} tabIndex={-1}>
            {t.plural('agency.find.results', call.data.agencies.length)}
          </h2>
          {call.data.agencies.length === 0 ? (
            <p className="card empty-state" data-testid="agency-none">
              {t('agency.find.none')}
            </p>
          ) : (
            <ul className="agency-results__list">
              {call.data.agencies.map((a) => (
                <li key={a.agencyNumber} className="card agency-result">
                  <div>
                    <h3>{a.agencyName}</h3>
                    <p className="muted">
                      {a.agencyNumber} · {a.city}, {a.stateCode}
                    </p>
                  </div>
                  <a
                    className="btn btn--secondary"
                    href={`/dashboard/select-agency?agencyNumber=${encodeURIComponent(a.agencyNumber)}`}
                    aria-label={t('agency.find.selectAgency', { agency: a.agencyName })}
                  >
                    {t('agency.find.select')}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {call.data.hasMore && <p className="muted">{t('agency.find.more')}</p>}
        </section>
      )}
      <p className="agency-search__not-found">
        {t('agency.find.notFound')} <a href="/dashboard/agency-not-found">{t('agency.find.notFoundLink')}</a>
      </p>
    </div>
  );
}
