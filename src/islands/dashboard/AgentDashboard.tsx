import { useStore } from '@nanostores/react';
import GuardError from '../shared/GuardError.tsx';
import { useEffect, useState, type ComponentType } from 'react';
import { GetUserAgencyList, GetUserDetails, UpdateUserDefaultAgency } from '../../lib/api/user.ts';
import { ClearAgencyNotificationFlag } from '../../lib/api/user-calls.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $activeAgency, $user, $userStatus, setActiveAgency, setAgencyList, setUserData } from '../../stores/user.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { useCommonT, useT } from '../shared/use-t.ts';
import { loadWorkOrdersPanel, type WorkOrdersProps } from '../shared/work-orders-panel.ts';
import { loadAdminTools, loadCeAdminTools, loadRequestAdminAccess } from '../shared/admin-panels.ts';
import { fileClaimButton } from '../../lib/roles.ts';
import type { OnboardingRequest } from '../../lib/api/agency-search.ts';
import { SEARCH_FIELDS } from '../../lib/agency.ts';
import type { Translator } from '../../lib/i18n.ts';
import QuickStart from './QuickStart.tsx';

/** Failed to load the work-order views (network): say so, offer a reload. */
function WorkOrdersUnavailable() {
  const t = useT('dashboard');
  return (
    <section className="wo card" role="alert">
      <p>{t?.('dashboard.workOrdersFailed')}</p>
      <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
        {t?.('common.retry')}
      </button>
    </section>
  );
}

/**
 * The work orders (issue 6) load on demand: the dashboard's first-visit JavaScript stays inside its budget
 * (docs/decisions/005); a chunk that fails to load (network) shows WorkOrdersUnavailable instead.
 */
const loadWorkOrders = () => loadWorkOrdersPanel().catch(() => ({ default: WorkOrdersUnavailable as ComponentType<WorkOrdersProps> }));

/**
 * A panel loaded on demand once `wanted` (null until then, and when its chunk fails to load). A plain import() in an
 * effect rather than React.lazy/Suspense: those two add their exports to the React chunk every dashboard page loads.
 */
function useLazyPanel<P extends object>(wanted: boolean, load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> | null {
  const [view, setView] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!wanted || view) return;
    let live = true;
    load().then(
      (m) => live && setView(() => m.default),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `load` is a module-level function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, view]);
  return view;
}

/**
 * Reads the signed-in user's details and agencies again (an agency added since sign-in: an approved onboarding
 * request), keeping the tab's active agency; the header follows the store. Quiet on failure.
 */
async function refreshUser(userId: string): Promise<void> {
  const [details, agencies] = await Promise.all([
    api.call(GetUserDetails, { userId }, { ignoreErrors: true }),
    api.call(GetUserAgencyList, {}, { ignoreErrors: true }),
  ]);
  setUserData(details, agencies);
}

/** How often the dashboard looks again while a request is under review (also on focus), ms. */
const PENDING_POLL_MS = 15_000;

/**
 * The caller's pending onboarding requests (issue 14). While one is pending the dashboard looks again on focus
 * and every PENDING_POLL_MS; when one is decided it reads the user's agencies again, so an approved agency
 * shows here and in the header without a new sign-in.
 */
function usePendingRequests(wanted: boolean, userId: string | undefined): OnboardingRequest[] {
  const [pending, setPending] = useState<OnboardingRequest[]>([]);
  const hasPending = pending.length > 0;
  useEffect(() => {
    if (!wanted || !userId) return;
    let live = true;
    let before: number | null = null;
    const look = async () => {
      try {
        // The contract loads on demand: the dashboard's first-visit JavaScript stays inside its budget (docs/decisions/005).
        const { GetOnboardingRequests } = await import('../../lib/api/agency-search.ts');
        const mine = (await api.call(GetOnboardingRequests, { Scope: 'mine' }, { ignoreErrors: true })).filter((r) => r.status === 'Pending');
        if (!live) return;
        if (before !== null && mine.length < before) await refreshUser(userId);
        before = mine.length;
        setPending(mine);
      } catch {
        /* shown again on the next look */
      }
    };
    void look();
    const onFocus = () => void look();
    window.addEventListener('focus', onFocus);
    const timer = hasPending ? setInterval(onFocus, PENDING_POLL_MS) : undefined;
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
      clearInterval(timer);
    };
  }, [wanted, userId, hasPending]);
  return pending;
}

/** The search under the zero-accounts message (spec section 8: 'search for your agency below'): it opens find-my-agency with the results. */
function AgencySearchBox({ t }: { t: Translator<'dashboard' | 'common'> }) {
  return (
    <form className="agency-search-box" role="search" aria-labelledby="agency-search-title" action="/dashboard/find-my-agency" method="get">
      <h3 id="agency-search-title">{t('dashboard.searchTitle')}</h3>
      <div className="agency-search-box__row">
        <div className="field">
          <label htmlFor="dash-agency-by">{t('dashboard.searchBy')}</label>
          <select id="dash-agency-by" name="by" defaultValue="AgencyName">
            {SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`dashboard.by.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="dash-agency-q">{t('dashboard.searchTerm')}</label>
          <input id="dash-agency-q" name="q" type="search" autoComplete="off" maxLength={254} />
        </div>
        <button type="submit" className="btn btn--primary">
          {t('dashboard.search')}
        </button>
      </div>
      <p>
        <a href="/dashboard/agency-not-found">{t('dashboard.notFoundLink')}</a>
      </p>
    </form>
  );
}

/** The agent dashboard: the signed-in user's agencies (default, active, notifications) and role; for agents and agency admins the quick start and the work orders of the active agency. */
export default function AgentDashboard() {
  const t = useT('dashboard');
  const status = useStore($userStatus);
  const user = useStore($user);
  const active = useStore($activeAgency);
  const [busy, setBusy] = useState<string | null>(null);
  const role = user.userDetails?.dashboardUserRole;
  const common = useCommonT();
  const WorkOrders = useLazyPanel(status === 'ready' && (role === 'SFAD_Agent' || role === 'SFAD_Admin') && active !== null, loadWorkOrders);
  const pending = usePendingRequests(status === 'ready' && (role === 'SFAD_Agent' || role === 'SFAD_Admin'), user.userDetails?.userId);
  // Issue 15: the internal admins' tools; an agent's request to become their agency's admin.
  const AdminTools = useLazyPanel(status === 'ready' && role === 'SFAD_InternalAdmin', loadAdminTools);
  const CeTools = useLazyPanel(status === 'ready' && role === 'SFAD_CEAdmin', loadCeAdminTools);
  const AskAdmin = useLazyPanel(status === 'ready' && role === 'SFAD_Agent' && active !== null, loadRequestAdminAccess);

  if (status === 'error') {
    return <GuardError />;
  }
  if (status !== 'ready' || !user.userDetails || !t) {
    return <p className="muted page-loading" aria-busy="true">{common('common.loading')}</p>;
  }
  const details = user.userDetails;
  const notices = user.agencyList.filter((a) => a.showAgencyChangeNotification);

  const makeDefault = async (agencyNumber: string) => {
    setBusy(agencyNumber);
    try {
      const list = await withWaiting(() => api.call(UpdateUserDefaultAgency, { AgencyNumber: agencyNumber }));
      setAgencyList(list);
      showAlert('success', t('dashboard.defaultSaved'));
    } catch {
      /* the client already showed the error banner */
    } finally {
      setBusy(null);
    }
  };
  const clearNotice = async (agencyNumber: string) => {
    try {
      await api.call(ClearAgencyNotificationFlag, { AgencyNumber: agencyNumber });
      setAgencyList(user.agencyList.map((a) => (a.agencyNumber === agencyNumber ? { ...a, showAgencyChangeNotification: false } : a)));
    } catch {
      /* banner shown by the client */
    }
  };

  return (
    <div className="dashboard">
      <h1>
        {t('dashboard.welcome', { name: details.firstName })}
      </h1>
      {user.userRole !== 'User' && (
        <p className="muted">
          {t('dashboard.staff')} <strong>{user.userRole}</strong>.
        </p>
      )}
      {/* Internal admins' tools (issue 15), the work-order console of issue 6 among them. */}
      {details.dashboardUserRole === 'SFAD_InternalAdmin' &&
        (AdminTools ? (
          <AdminTools />
        ) : (
          <p>
            <a className="btn btn--secondary" href="/dashboard/work-order-console">{t('dashboard.console')}</a>
          </p>
        ))}
      {/* CE admins' tools (issue 16). */}
      {details.dashboardUserRole === 'SFAD_CEAdmin' && CeTools && <CeTools />}
      {notices.map((a) => (
        <div key={a.agencyNumber} className="notice" role="status">
          <span>
            {t('dashboard.changed')} <strong>{a.agencyName}</strong>.
          </span>
          <button type="button" className="icon-btn" aria-label={`${t('common.dismiss')}: ${a.agencyName}`} onClick={() => void clearNotice(a.agencyNumber)}>
            ×
          </button>
        </div>
      ))}
      {pending.length > 0 && (
        <div className="notice notice--review" role="status" data-testid="agency-under-review">
          <p>
            <strong>{t('dashboard.underReview')}</strong>
            {pending.map((r) => (
              <span key={r.requestId} className="muted">
                {' '}
                {t('dashboard.underReviewAgency', { agency: r.agencyName })}
              </span>
            ))}
          </p>
        </div>
      )}
      {fileClaimButton(details.dashboardUserRole, user.userAccountsCount) === 'enabled' && <QuickStart t={t} />}
      {(role === 'SFAD_Agent' || role === 'SFAD_Admin') &&
        active &&
        (WorkOrders ? (
          <WorkOrders agencies={user.agencyList} activeAgency={active.agencyNumber} isAgencyAdmin={role === 'SFAD_Admin'} />
        ) : (
          <section className="wo wo--pending" aria-busy="true">
            <p className="muted">{t('common.loading')}</p>
          </section>
        ))}
      {AskAdmin && active && <AskAdmin key={active.agencyNumber} agencyNumber={active.agencyNumber} agencyName={active.agencyName} />}
      {user.userRole === 'User' && (
        <section aria-labelledby="agencies-title">
          <h2 id="agencies-title">{t('dashboard.agencies')}</h2>
          {user.agencyList.length === 0 ? (
            <div className="card empty" data-testid="no-agencies">
              <p><strong>{t('dashboard.none')}</strong></p>
              <p>{t('dashboard.noneHelp')}</p>
              <AgencySearchBox t={t} />
            </div>
          ) : (
            <ul className="agency-cards">
              {user.agencyList.map((a) => (
                <li key={a.agencyNumber} className={`card agency-card${a.agencyNumber === active?.agencyNumber ? ' is-active' : ''}`} data-agency-number={a.agencyNumber}>
                  <h3>{a.agencyName}</h3>
                  <dl>
                    <dt>{t('dashboard.number')}</dt>
                    <dd>{a.agencyNumber}</dd>
                    <dt>{t('dashboard.address')}</dt>
                    <dd>{`${a.addressLine}, ${a.city}, ${a.stateCode} ${a.zipCode}`}</dd>
                    {a.parentAccountNumber && (
                      <>
                        <dt>{t('dashboard.parent')}</dt>
                        <dd>{a.parentAccountNumber}</dd>
                      </>
                    )}
                  </dl>
                  <p className="tags">
                    {a.isDefaultAgency && <span className="tag">{t('dashboard.default')}</span>}
                    {a.priority === 'D' && <span className="tag">{t('dashboard.dedicated')}</span>}
                    {a.agencyNumber === active?.agencyNumber && <span className="tag tag--active">{t('dashboard.active')}</span>}
                  </p>
                  <div className="agency-card__actions">
                    {a.agencyNumber !== active?.agencyNumber && (
                      <button type="button" className="btn btn--secondary" onClick={() => setActiveAgency(a.agencyNumber)}>
                        {t('dashboard.useThis')}
                      </button>
                    )}
                    {!a.isDefaultAgency && (
                      <button type="button" className="btn btn--link" disabled={busy !== null} onClick={() => void makeDefault(a.agencyNumber)}>
                        {t('dashboard.makeDefault')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
