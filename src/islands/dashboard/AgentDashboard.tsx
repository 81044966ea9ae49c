import { useStore } from '@nanostores/react';
import GuardError from '../shared/GuardError.tsx';
import { useEffect, useState, type ComponentType } from 'react';
import { ClearAgencyNotificationFlag, UpdateUserDefaultAgency } from '../../lib/api/user.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $activeAgency, $user, $userStatus, setActiveAgency, setAgencyList } from '../../stores/user.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { useLang } from '../shared/use-lang.ts';
import { loadWorkOrdersPanel, type WorkOrdersProps } from '../shared/work-orders-panel.ts';
import { fileClaimButton } from '../../lib/roles.ts';
import QuickStart from './QuickStart.tsx';

/** Failed to load the work-order views (network): say so, offer a reload. */
function WorkOrdersUnavailable() {
  const { lang, s } = useLang();
  return (
    <section className="wo card" role="alert">
      <p>{TEXT[lang].workOrdersFailed}</p>
      <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
        {s.retry}
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

const TEXT = {
  en: {
    welcome: 'Welcome back',
    agencies: 'Your agencies',
    none: 'Your account is not connected to an agency yet.',
    noneHelp: 'It looks like your account isn’t currently connected to an active agency. To proceed, please search for your agency below or submit more information to ensure full access to your account.',
    number: 'Agency number',
    address: 'Address',
    dedicated: 'Dedicated',
    parent: 'Parent account',
    default: 'Default',
    makeDefault: 'Make default',
    active: 'Active',
    useThis: 'Use this agency',
    defaultSaved: 'Your default agency was updated.',
    changed: 'Your agency list changed: you now have access to',
    staff: 'You are signed in as',
    workOrdersFailed: 'We could not load the work orders. Please try again.',
  },
  es: {
    welcome: 'Bienvenido de nuevo',
    agencies: 'Sus agencias',
    none: 'Su cuenta aún no está conectada a una agencia.',
    noneHelp: 'Parece que su cuenta no está conectada a una agencia activa. Para continuar, busque su agencia o envíe más información para tener acceso completo a su cuenta.',
    number: 'Número de agencia',
    address: 'Dirección',
    dedicated: 'Dedicada',
    parent: 'Cuenta principal',
    default: 'Predeterminada',
    makeDefault: 'Hacer predeterminada',
    active: 'Activa',
    useThis: 'Usar esta agencia',
    defaultSaved: 'Se actualizó su agencia predeterminada.',
    changed: 'Su lista de agencias cambió: ahora tiene acceso a',
    staff: 'Ha iniciado sesión como',
    workOrdersFailed: 'No pudimos cargar las órdenes de trabajo. Inténtelo de nuevo.',
  },
} as const;

/** The agent dashboard: the signed-in user's agencies (default, active, notifications) and role; for agents and agency admins the quick start and the work orders of the active agency. */
export default function AgentDashboard() {
  const { lang, s } = useLang();
  const words = TEXT[lang];
  const status = useStore($userStatus);
  const user = useStore($user);
  const active = useStore($activeAgency);
  const [busy, setBusy] = useState<string | null>(null);
  const role = user.userDetails?.dashboardUserRole;
  const WorkOrders = useWorkOrders(status === 'ready' && (role === 'SFAD_Agent' || role === 'SFAD_Admin') && active !== null);

  if (status === 'error') {
    return <GuardError />;
  }
  if (status !== 'ready' || !user.userDetails) {
    return <p className="muted page-loading" aria-busy="true">{s.loading}</p>;
  }
  const details = user.userDetails;
  const notices = user.agencyList.filter((a) => a.showAgencyChangeNotification);

  const makeDefault = async (agencyNumber: string) => {
    setBusy(agencyNumber);
    try {
      const list = await withWaiting(() => api.call(UpdateUserDefaultAgency, { AgencyNumber: agencyNumber }));
      setAgencyList(list);
      showAlert('success', words.defaultSaved);
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
        {words.welcome}, {details.firstName}
      </h1>
      {user.userRole !== 'User' && (
        <p className="muted">
          {words.staff} <strong>{user.userRole}</strong>.
        </p>
      )}
      {/* Internal admins move work orders along in their console (issue 6). */}
      {details.dashboardUserRole === 'SFAD_InternalAdmin' && (
        <p>
          <a className="btn btn--secondary" href="/dashboard/work-order-console">{lang === 'es' ? 'Consola de órdenes de trabajo' : 'Work-order console'}</a>
        </p>
      )}
      {notices.map((a) => (
        <div key={a.agencyNumber} className="notice" role="status">
          <span>
            {words.changed} <strong>{a.agencyName}</strong>.
          </span>
          <button type="button" className="icon-btn" aria-label={`${s.dismiss}: ${a.agencyName}`} onClick={() => void clearNotice(a.agencyNumber)}>
            ×
          </button>
        </div>
      ))}
      {fileClaimButton(details.dashboardUserRole, user.userAccountsCount) === 'enabled' && <QuickStart lang={lang} />}
      {(role === 'SFAD_Agent' || role === 'SFAD_Admin') &&
        active &&
        (WorkOrders ? (
          <WorkOrders lang={lang} agencies={user.agencyList} activeAgency={active.agencyNumber} isAgencyAdmin={role === 'SFAD_Admin'} />
        ) : (
          <section className="wo wo--pending" aria-busy="true">
            <p className="muted">{s.loading}</p>
          </section>
        ))}
      {user.userRole === 'User' && (
        <section aria-labelledby="agencies-title">
          <h2 id="agencies-title">{words.agencies}</h2>
          {user.agencyList.length === 0 ? (
            <div className="card empty" data-testid="no-agencies">
              <p><strong>{words.none}</strong></p>
              <p>{words.noneHelp}</p>
            </div>
          ) : (
            <ul className="agency-cards">
              {user.agencyList.map((a) => (
                <li key={a.agencyNumber} className={`card agency-card${a.agencyNumber === active?.agencyNumber ? ' is-active' : ''}`} data-agency-number={a.agencyNumber}>
                  <h3>{a.agencyName}</h3>
                  <dl>
                    <dt>{words.number}</dt>
                    <dd>{a.agencyNumber}</dd>
                    <dt>{words.address}</dt>
                    <dd>{`${a.addressLine}, ${a.city}, ${a.stateCode} ${a.zipCode}`}</dd>
                    {a.parentAccountNumber && (
                      <>
                        <dt>{words.parent}</dt>
                        <dd>{a.parentAccountNumber}</dd>
                      </>
                    )}
                  </dl>
                  <p className="tags">
                    {a.isDefaultAgency && <span className="tag">{words.default}</span>}
                    {a.priority === 'D' && <span className="tag">{words.dedicated}</span>}
                    {a.agencyNumber === active?.agencyNumber && <span className="tag tag--active">{words.active}</span>}
                  </p>
                  <div className="agency-card__actions">
                    {a.agencyNumber !== active?.agencyNumber && (
                      <button type="button" className="btn btn--secondary" onClick={() => setActiveAgency(a.agencyNumber)}>
                        {words.useThis}
                      </button>
                    )}
                    {!a.isDefaultAgency && (
                      <button type="button" className="btn btn--link" disabled={busy !== null} onClick={() => void makeDefault(a.agencyNumber)}>
                        {words.makeDefault}
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
