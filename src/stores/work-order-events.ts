/**
 * The live stream of work-order status changes (issue 6: `GET AgencyWorkOrder/Events`, read by openLiveEvents):
 * one stream per tab for every work-order screen (the dashboard's lists and overview, the details, survey and
 * console pages). It is open while anything listens (`onMount`) and the tab is visible; a hidden tab closes it and
 * showing the tab again reopens it. After every (re)connection but the first, listeners resync: changes may have
 * been missed in the gap.
 */
import { atom, onMount } from 'nanostores';
import { openLiveEvents, type WorkOrderEvent } from '../lib/api/live.ts';
import { $session, handleUnauthorized } from './session.ts';

export type { WorkOrderEvent };

/** True while the stream is subscribed (the server said `ready`): screens show "Live updates on" or `data-live="on"`. */
export const $workOrderStream = atom<boolean>(false);

/** What a listener of the stream is told. */
export interface WorkOrderEventsListener {
  /** A status change the user may see. */
  event(change: WorkOrderEvent): void;
  /** The stream reconnected after a gap (a dropped stream, a hidden tab): changes may have been missed. */
  resync?(): void;
}

const listeners = new Set<WorkOrderEventsListener>();

/** Listens to the stream's changes, keeping the stream open, until the returned function is called. */
export function listenWorkOrderEvents(listener: WorkOrderEventsListener): () => void {
  listeners.add(listener);
  const unbind = $workOrderStream.listen(() => {});
  return () => {
    listeners.delete(listener);
    unbind();
  };
}

onMount($workOrderStream, () => {
  let close: (() => void) | null = null;
  let connectedBefore = false;
  const open = () => {
    close ??= openLiveEvents({
      getToken: () => $session.get()?.accessToken ?? null,
      onUnauthorized: () => void handleUnauthorized(),
      onReady: () => {
        $workOrderStream.set(true);
        // The first subscription follows the screens' own loads; a reconnection may have missed changes.
        if (connectedBefore) for (const listener of [...listeners]) listener.resync?.();
        connectedBefore = true;
      },
      onEvent: (change) => {
        for (const listener of [...listeners]) listener.event(change);
      },
    });
  };
  const shut = () => {
    close?.();
    close = null;
    $workOrderStream.set(false);
  };
  const onVisibility = () => (document.visibilityState === 'hidden' ? shut() : open());
  onVisibility();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    shut();
  };
});
