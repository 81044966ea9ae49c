import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef } from 'react';
import { $workOrderStream, listenWorkOrderEvents, type WorkOrderEventsListener } from '../../stores/work-order-events.ts';

/** Stands in for the stream while a screen does not listen (reading $workOrderStream would open it). */
const $notListening = atom(false);

/**
 * Listens to the live work-order stream while `enabled` (e.g. once the page's user and order are loaded), with the
 * listener of the latest render; returns true while the stream is subscribed.
 */
export function useWorkOrderEvents(enabled: boolean, listener: WorkOrderEventsListener): boolean {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!enabled) return;
    return listenWorkOrderEvents({ event: (change) => latest.current.event(change), resync: () => latest.current.resync?.() });
  }, [enabled]);
  return useStore(enabled ? $workOrderStream : $notListening);
}
