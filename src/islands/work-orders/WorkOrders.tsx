/**
 * The agent dashboard's work orders (issue 6), loaded on demand by AgentDashboard (docs/decisions/005): a tablist
 * "Overview" / "Open" / "Completed" whose tab and list state live in the page URL (?view=open&page=2…), so links,
 * reloads and Back work; and the live stream of status changes (src/stores/work-order-events.ts) while the dashboard
 * is open and visible, announced in a polite live region (the shown view listens to the stream itself). Above the
 * tabs, whatever the tab, the active agency's failed referrals wait with their action (FailedReferrals.tsx); the
 * overview and the banner share one dashboard call (use-dashboard.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCommonT, useT } from '../shared/use-t.ts';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import FailedReferrals from './FailedReferrals.tsx';
import WorkOrdersOverview from './WorkOrdersOverview.tsx';
import WorkOrderTable from './WorkOrderTable.tsx';
import { useDashboard } from './use-dashboard.ts';
import { listStateOf, queryOf, viewOf, VIEWS, type ListKind, type ListState, type View } from './lists.ts';
import { statusLabel } from './status.ts';
import { useWorkOrderEvents } from './use-work-order-events.ts';

/** The query parameters this component owns (others in the URL are kept). */
const OWN_PARAMS = ['view', 'page', 'size', 'sort', 'dir', 'q', 'from', 'to', 'status', 'agency'];

/** What the dashboard gives the work-order panel. */
export interface WorkOrdersProps {
  /** The user's agencies. */
  agencies: readonly { agencyNumber: string; agencyName: string }[];
  /** The header's active agency. */
  activeAgency: string;
  /** An agency admin (sees every order of the agency) rather than an agent (the orders they filed). */
  isAgencyAdmin: boolean;
}

/** The work orders of the dashboard: the tabs, the shown view and the live announcements. */
export default function WorkOrders({ agencies, activeAgency, isAgencyAdmin }: WorkOrdersProps) {
  const t = useT('workOrders', 'messages');
  const common = useCommonT();
  const [search, setSearch] = useState(() => window.location.search);
  const view = viewOf(search);
  const listState = useMemo(() => (view === 'overview' ? null : listStateOf(search, view)), [search, view]);
  const tabRefs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});
  const dash = useDashboard(activeAgency);

  // Back and Forward move between tabs.
  useEffect(() => {
    const onPop = () => setSearch(window.location.search);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  /** Puts a tab and its state in the URL: a new history entry for a tab change, the same entry for a list change. */
  const navigate = useCallback((query: string, push: boolean) => {
    const sp = new URLSearchParams(window.location.search);
    for (const k of OWN_PARAMS) sp.delete(k);
    for (const [k, v] of new URLSearchParams(query)) sp.set(k, v);
    const q = sp.toString();
    const url = `${window.location.pathname}${q ? `?${q}` : ''}${window.location.hash}`;
    if (push) window.history.pushState(null, '', url);
    else window.history.replaceState(window.history.state, '', url);
    setSearch(window.location.search);
  }, []);

  const selectView = (v: View, focus = false) => {
    if (v !== view) navigate(queryOf(v, v === 'overview' ? undefined : {}), true);
    if (focus) tabRefs.current[v]?.focus();
  };
  const onTabKey = (e: KeyboardEvent) => {
    const i = VIEWS.indexOf(view);
    const next =
      e.key === 'ArrowRight' ? VIEWS[(i + 1) % VIEWS.length] : e.key === 'ArrowLeft' ? VIEWS[(i - 1 + VIEWS.length) % VIEWS.length] : e.key === 'Home' ? VIEWS[0] : e.key === 'End' ? VIEWS[VIEWS.length - 1] : null;
    if (!next) return;
    e.preventDefault();
    selectView(next, true);
  };
  const openList = useCallback(
    (kind: ListKind, status?: WorkOrderStatus) => {
      navigate(queryOf(kind, status ? { status } : {}), true);
      tabRefs.current[kind]?.focus();
    },
    [navigate],
  );
  const onListState = useCallback((next: ListState) => view !== 'overview' && navigate(queryOf(view, next), false), [navigate, view]);

  // The header's agency changed: a list that named another agency follows the header again.
  const prevActive = useRef(activeAgency);
  useEffect(() => {
    if (prevActive.current === activeAgency) return;
    prevActive.current = activeAgency;
    if (listState?.agency && view !== 'overview') navigate(queryOf(view, { ...listState, agency: null, page: 1 }), false);
  }, [activeAgency, listState, navigate, view]);

  const shownAgency = listState?.agency && agencies.some((a) => a.agencyNumber === listState.agency) ? listState.agency : activeAgency;
  const agencyName = agencies.find((a) => a.agencyNumber === shownAgency)?.agencyName ?? shownAgency;

  // Live updates: a change of the shown agency is announced (the shown view updates itself).
  const [announcement, setAnnouncement] = useState('');
  const connected = useWorkOrderEvents(true, {
    event: (change) => {
      if (t && change.agencyNumber === shownAgency) setAnnouncement(t('workOrders.list.nowStatus', { id: change.workOrderId, status: statusLabel(change.status, t) }));
    },
  });

  if (!t) {
    return (
      <section className="wo wo--pending" aria-busy="true">
        <p className="muted">{common('common.loading')}</p>
      </section>
    );
  }
  const label: Record<View, string> = { overview: t('workOrders.list.overview'), open: t('workOrders.list.open'), completed: t('workOrders.list.completed') };
  return (
    <section className="wo" aria-labelledby="wo-title">
      <div className="wo__head">
        <h2 id="wo-title" tabIndex={-1}>
          {t('workOrders.list.title')}
        </h2>
        <p className="muted" data-testid="wo-scope">
          {isAgencyAdmin ? t('workOrders.list.scopeAdmin', { agency: agencyName }) : t('workOrders.list.scopeAgent', { agency: agencyName })}
        </p>
      </div>
      <FailedReferrals t={t} dash={dash} onOpenList={openList} />
      <div role="tablist" aria-label={t('workOrders.list.tabs')} className="tabs wo-tabs">
        {VIEWS.map((v) => (
          <button
            key={v}
            ref={(el) => {
              tabRefs.current[v] = el;
            }}
            type="button"
            role="tab"
            id={`wo-tab-${v}`}
            aria-selected={view === v}
            aria-controls={`wo-panel-${v}`}
            tabIndex={view === v ? 0 : -1}
            className="tabs__tab"
            onClick={() => selectView(v)}
            onKeyDown={onTabKey}
          >
            {label[v]}
          </button>
        ))}
      </div>
      <div className="wo-live">
        <span className={`wo-live__state${connected ? ' is-on' : ''}`}>{connected ? t('workOrders.list.live') : ''}</span>
        <span role="status" className="wo-live__message" data-testid="wo-live">
          {announcement}
        </span>
      </div>
      {VIEWS.map((v) => (
        <div key={v} role="tabpanel" id={`wo-panel-${v}`} aria-labelledby={`wo-tab-${v}`} hidden={view !== v} tabIndex={0} className="tabs__panel wo-panel">
          {view === v &&
            (v === 'overview' ? (
              <WorkOrdersOverview t={t} dash={dash} onOpenList={openList} />
            ) : (
              listState && (
                <WorkOrderTable
                  key={v}
                  kind={v}
                  t={t}
                  state={listState}
                  agencies={agencies}
                  activeAgency={activeAgency}
                  onState={onListState}
                />
              )
            ))}
        </div>
      ))}
    </section>
  );
}
