/**
 * The work-order dashboard of the active agency (GetDashboardWorkOrders), for the overview and the failed-referral
 * banner above the tabs: loaded for the agency, again on each live change of that agency (debounced) and on a
 * reconnection. Loaded on demand with the work orders (docs/decisions/005).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { GetDashboardWorkOrders, type Dashboard } from '../../lib/api/work-orders.ts';
import { api } from '../../stores/api.ts';
import { problemOf } from './shared.ts';
import { useLiveReload } from './use-work-order-events.ts';

/** What the dashboard's views read. */
export interface DashboardState {
  /** The last dashboard loaded (kept while another agency's loads, or a refetch fails). */
  data: Dashboard | null;
  /** The last load failed (not a 401: the client sends the reader to sign in). */
  failed: boolean;
  /** The shown data is of another agency (loading). */
  busy: boolean;
  /** Loads it again; resolves once the newest load (this one, or a later one that superseded it) has set its data. */
  reload(): Promise<void>;
}


export function useDashboard(agencyNumber: string): DashboardState {
  const [data, setData] = useState<Dashboard | null>(null);
  /** The agency the shown data is of: another one means the data is out of date (busy). */
  const [shownAgency, setShownAgency] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);
  /** The newest load: a superseded one waits for it, so that reload() resolves with the newest data set. */
  const newest = useRef<Promise<void>>(Promise.resolve());

  const loadOnce = useCallback(async () => {
    const n = ++seq.current;
    try {
      const d = await api.call(GetDashboardWorkOrders, { AgencyNumber: agencyNumber }, { ignoreErrors: true });
      if (n !== seq.current) return;
      setData(d);
      setFailed(false);
    } catch (err) {
      if (n !== seq.current) return;
      // A 401 is handled by the client (back to sign-in).
      if (problemOf(err).status !== 401) setFailed(true);
    } finally {
      if (n === seq.current) setShownAgency(agencyNumber);
    }
  }, [agencyNumber]);

  const load = useCallback(async () => {
    let mine = loadOnce();
    newest.current = mine;
    await mine;
    // Superseded (a live change's load began meanwhile): its answer, not this one's, is what the page shows.
    while (newest.current !== mine) await (mine = newest.current);
  }, [loadOnce]);

  useEffect(() => {
    void load();
  }, [load]);

  useLiveReload(agencyNumber, load);

  return { data, failed, busy: shownAgency !== agencyNumber, reload: load };
}
