import { useStore } from '@nanostores/react';
import GuardError from '../shared/GuardError.tsx';
import { useEffect, useState, type ComponentType } from 'react';
import { ClearAgencyNotificationFlag, UpdateUserDefaultAgency } from '../../lib/api/user.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $activeAgency, $user, $userStatus, setActiveAgency, setAgencyList } from '../../stores/user.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { useCommonT, useT } from '../shared/use-t.ts';
import { loadWorkOrdersPanel, type WorkOrdersProps } from '../shared/work-orders-panel.ts';
import { fileClaimButton } from '../../lib/roles.ts';
import { CARE_DESK } from '../../lib/constants.ts';
import { formatPhone } from '../../lib/format.ts';
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

type WorkOrdersView = ComponentType<WorkOrdersProps>;
let workOrdersModule: Promise<WorkOrdersView> | null = null;
/**
 * The work orders (issue 6) load on demand: the dashboard's first-visit JavaScript stays inside its budget
 * (docs/decisions/005). A plain import() in an effect rather than React.lazy/Suspense: those two add their
 * exports to the React chunk every dashboard page loads.
 */
function useWorkOrders(wanted: boolean): WorkOrdersView | null {
  const [view, setView] = useState<WorkOrdersView | null>(null);
  useEffect(() => {
    if (!wanted || view) return;
    workOrdersModule ??= loadWorkOrdersPanel().then(
      (m) => m.default,
      () => WorkOrdersUnavailable,
    );
    let live = true;
    void workOrdersModule.then((component) => live && setView(() => component));
    return () => {
      live = false;
    };
  }, [wanted, view]);
  return view;
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
  const WorkOrders = useWorkOrders(status === 'ready' && (role === 'SFAD_Agent' || role === 'SFAD_Admin') && active !== null);

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
      {/* Internal admins move work orders along in their console (issue 6). */}
      {details.dashboardUserRole === 'SFAD_InternalAdmin' && (
        <p>
          <a className="btn btn--secondary" href="/dashboard/work-order-console">{t('dashboard.console')}</a>
        </p>
      )}
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
      {user.userRole === 'User' && (
        <section aria-labelledby="agencies-title">
          <h2 id="agencies-title">{t('dashboard.agencies')}</h2>
          {user.agencyList.length === 0 ? (
            <div className="card empty" data-testid="no-agencies">
              <p><strong>{t('dashboard.none')}</strong></p>
              <p>{t('dashboard.noneHelp')}</p>
              {/* The search the spec's message points to comes with agency onboarding (issue 14): until then, where to go. */}
              <p>{t('dashboard.noneNext')}</p>
              <ul className="contact__list" data-testid="no-agencies-care-desk">
                <li><a href={`tel:+1${CARE_DESK.phone}`}>{formatPhone(CARE_DESK.phone)}</a></li>
                <li><a href={`mailto:${CARE_DESK.email}`}>{CARE_DESK.email}</a></li>
                <li><a href="/agency-care-desk">{t('dashboard.noneCareDesk')}</a></li>
              </ul>
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
