import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef } from 'react';
import { $workOrderStream, listenWorkOrderEvents, type WorkOrderEvent, type WorkOrderEventsListener } from '../../stores/work-order-events.ts';

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

/** Live changes within this many ms are reloaded together. */
const RELOAD_DEBOUNCE_MS = 400;

/**
 * Reloads (debounced) on each live change of this agency and on a resync, with the latest render's `load`.
 * `inPlace` may apply a change itself instead (true: applied, no reload).
 */
export function useLiveReload(agencyNumber: string, load: () => unknown, inPlace?: (change: WorkOrderEvent) => boolean): void {
  const latest = useRef({ agencyNumber, load, inPlace });
  latest.current = { agencyNumber, load, inPlace };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void latest.current.load(), RELOAD_DEBOUNCE_MS);
    };
    const off = listenWorkOrderEvents({
      event: (change) => {
        const { agencyNumber: agency, inPlace: apply } = latest.current;
        if (change.agencyNumber === agency && !apply?.(change)) reload();
      },
      resync: reload,
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);
}
