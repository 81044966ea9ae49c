/**
 * manage-users (issue 15): the users of the active agency (an agency admin) or of every agency (an internal
 * admin), searched by agent number or by name/email, sorted on the server, paged with the cursor ('Show more
 * users'), exported to CSV; and the agency's pending onboarding requests, approved or denied with a reason.
 */
import { downloadText } from '../shared/download.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $activeAgency } from '../../stores/user.ts';
import { Empty, Loading, UserGate, type SignedInUser } from '../shared/PageState.tsx';
import LoadFailed from '../shared/LoadFailed.tsx';
import { useT } from '../shared/use-t.ts';
import OnboardingPanel from './OnboardingPanel.tsx';
import { type ListedUser, type UserSort, type UsersT, loadUserAdmin, roleLabel, statusLabel, usersCsv } from './shared.ts';

interface Search {
  by: 'name' | 'number';
  term: string;
  sort: UserSort;
  dir: 'asc' | 'desc';
}
const START: Search = { by: 'name', term: '', sort: 'name', dir: 'asc' };
const PAGE_SIZE = 25;

export default function ManageUsers() {
  const t = useT('users', 'messages');
  return <UserGate t={t}>{(user, words) => <UsersPage user={user} t={words} />}</UserGate>;
}

function UsersPage({ user, t }: { user: SignedInUser; t: UsersT }) {
  const id = useId();
  const internal = user.userDetails.dashboardUserRole === 'SFAD_InternalAdmin';
  const agency = useStore($activeAgency);
  const agencyNumber = internal ? null : (agency?.agencyNumber ?? null);
  const [search, setSearch] = useState<Search>(START);
  const [draft, setDraft] = useState<Search>(START);
  const [users, setUsers] = useState<ListedUser[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const seq = useRef(0);

  const request = (s: Search) => ({
    ...(agencyNumber ? { AgencyNumber: agencyNumber } : {}),
    Sort: s.sort,
    Direction: s.dir,
    PageSize: String(PAGE_SIZE),
  });
  const first = async (s: Search, size?: number) => {
    const c = await loadUserAdmin();
    const base = { ...request(s), ...(size ? { PageSize: String(size) } : {}) };
    return s.by === 'number' && s.term.trim()
      ? api.call(c.ListOktaUsersByAgentNumber, { ...base, AgentNumber: s.term.trim() })
      : api.call(c.ListOktaUsersByAgentNameOrEmail, { ...base, Term: s.term.trim() });
  };
  const reason = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 ? t.message(replyOf(err)) : t('users.manage.loadFailed'));

  useEffect(() => {
    if (!internal && !agencyNumber) return;
    const mine = ++seq.current;
    setBusy(true);
    setFailed(null);
    first(search).then(
      (page) => {
        if (mine !== seq.current) return;
        setUsers(page.Users);
        setNext(page.NextLink);
        setBusy(false);
      },
      (err: unknown) => {
        if (mine !== seq.current) return;
        setFailed(reason(err));
        setBusy(false);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, agencyNumber, attempt]);

  const more = async () => {
    if (!next) return;
    const mine = ++seq.current;
    setBusy(true);
    try {
      const c = await loadUserAdmin();
      const page = await api.call(c.ListOktaUsersByPaginationLink, { Link: next });
      if (mine !== seq.current) return;
      setUsers((old) => [...(old ?? []), ...page.Users]);
      setNext(page.NextLink);
    } catch (err) {
      if (mine === seq.current) setFailed(reason(err));
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  };

  const exportCsv = async () => {
    try {
      const c = await loadUserAdmin();
      const all: ListedUser[] = [];
      let page = await first(search, 100);
      all.push(...page.Users);
      while (page.NextLink) {
        page = await api.call(c.ListOktaUsersByPaginationLink, { Link: page.NextLink });
        all.push(...page.Users);
      }
      downloadText(`users${agencyNumber ? `-${agencyNumber}` : ''}.csv`, usersCsv(all, t, internal));
    } catch (err) {
      showAlert('warning', reason(err));
    }
  };

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSearch({ ...draft, sort: search.sort, dir: search.dir });
  };
  const sortBy = (sort: UserSort) => setSearch((s) => ({ ...s, sort, dir: s.sort === sort && s.dir === 'asc' ? 'desc' : 'asc' }));

  if (!internal && !agencyNumber) return <Empty text={t('users.manage.noAgency')} />;

  const columns: { key: UserSort | null; label: string }[] = [
    { key: 'name', label: t('users.manage.name') },
    { key: 'email', label: t('users.manage.email') },
    { key: null, label: t('users.manage.agentNumber') },
    { key: 'status', label: t('users.manage.status') },
    { key: null, label: t('users.manage.role') },
    { key: 'lastSignIn', label: t('users.manage.lastSignIn') },
    ...(internal ? [{ key: null, label: t('users.manage.agencies') }] : []),
  ];
  const sortLabel = columns.find((c) => c.key === search.sort)!.label;

  return (
    <div className="users-page">
      <div className="users-head">
        <h1>{t('users.manage.title')}</h1>
        <a className="btn btn--secondary" href="/dashboard/agency-admin-add">
          {t('users.manage.add')}
        </a>
      </div>
      {/* The introduction is product text (the page's static shell paints it first: issue 19); the agency is data. */}
      <p className="muted">{internal ? t('users.manage.introAll') : t('users.manage.intro')}</p>
      {!internal && agency && <p className="users-agency">{t('users.manage.agency', { agency: `${agency.agencyName} (${agency.agencyNumber})` })}</p>}

      <form className="wo-filters" role="search" aria-label={t('users.manage.searchLabel')} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-by`}>{t('users.manage.searchBy')}</label>
          <select id={`${id}-by`} value={draft.by} onChange={(e) => setDraft({ ...draft, by: e.target.value as Search['by'] })}>
            <option value="name">{t('users.manage.byName')}</option>
            <option value="number">{t('users.manage.byNumber')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-term`}>{t('users.manage.term')}</label>
          <p className="field__hint" id={`${id}-term-hint`}>
            {draft.by === 'number' ? t('users.manage.numberHint') : t('users.manage.termHint')}
          </p>
          <input id={`${id}-term`} type="search" value={draft.term} aria-describedby={`${id}-term-hint`} maxLength={100} onChange={(e) => setDraft({ ...draft, term: e.target.value })} />
        </div>
        <div className="wo-filters__actions">
          <button type="submit" className="btn btn--primary">
            {t('users.manage.search')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={exportCsv} disabled={!users?.length}>
            {t('users.manage.export')}
          </button>
        </div>
      </form>

      {failed ? (
        <LoadFailed text={failed} retry={t('common.retry')} onRetry={() => setAttempt((n) => n + 1)} />
      ) : users === null ? (
        <Loading text={t('users.manage.loading')} />
      ) : users.length === 0 ? (
        <Empty text={t('users.manage.empty')} />
      ) : (
        <>
          <div className="table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
            <table className="table users-table" aria-busy={busy || undefined}>
              <caption id={`${id}-caption`}>
                {t('users.manage.caption', { column: sortLabel, direction: search.dir === 'asc' ? t('users.manage.ascending') : t('users.manage.descending') })}
              </caption>
              <thead>
                <tr>
                  {columns.map((c) => {
                    const sorted = c.key !== null && search.sort === c.key;
                    return (
                      <th key={c.label} scope="col" aria-sort={sorted ? (search.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                        {c.key ? (
                          <button type="button" className="wo-sort" onClick={() => sortBy(c.key!)} aria-label={t('users.manage.sortBy', { column: c.label })}>
                            {c.label}
                            <span className={`wo-sort__icon${sorted ? ` is-${search.dir}` : ''}`} aria-hidden="true" />
                          </button>
                        ) : (
                          c.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.UserId}>
                    <th scope="row">
                      <a href={`/dashboard/user-details?userId=${encodeURIComponent(u.UserId)}`}>
                        {`${u.LastName}, ${u.FirstName}`}
                      </a>
                    </th>
                    <td className="users-email">{u.Email}</td>
                    <td>{u.AgentNumber ?? ''}</td>
                    <td>
                      <span className={`users-status users-status--${u.Status.toLowerCase()}`}>{statusLabel(u.Status, t)}</span>
                    </td>
                    <td>{roleLabel(u.DashboardUserRole, t)}</td>
                    <td>{u.LastSignIn ? formatDateTime(u.LastSignIn, t.lang) : t('users.manage.never')}</td>
                    {internal && <td>{u.Agencies.join(', ')}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted" aria-live="polite">
            {t('users.manage.shown', { count: users.length })}
          </p>
          {next && (
            <button type="button" className="btn btn--secondary" onClick={more} disabled={busy}>
              {t('users.manage.more')}
            </button>
          )}
        </>
      )}

      <OnboardingPanel t={t} agencyNumber={agencyNumber} />
    </div>
  );
}
