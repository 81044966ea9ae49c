/**
 * Live updates of work orders (issue 6): `GET AgencyWorkOrder/Events`, a stream of server-sent events
 * (text/event-stream) of the status changes the caller may see. EventSource cannot send the bearer
 * Authorization header, so the browser reads the stream with fetch: `openLiveEvents` parses it,
 * reconnects with backoff (the server ends a stream when its access token expires; the next one takes
 * the renewed token) and stops on close(). Small on purpose: it ships with the dashboard pages.
 *
 * Events: `ready` once the stream is subscribed (data `{}`), then `status` per change (data: a
 * WorkOrderEvent as JSON); comment lines (`: heartbeat`) keep idle connections open.
 */
import { z } from 'zod/mini';
import { APP_NAME, HEADER_APP_NAME } from '../constants.ts';
import { WORK_ORDER_ROLES } from '../roles.ts';
import type { WorkOrderStatus } from '../work-orders.ts';
import { callPath, defineCall, query } from './contract.ts';

/** The stream's contract: no parameters (AppName optional), the work-order roles. Not in CALLS: its success is a stream, not an envelope. */
export const AgencyWorkOrderEvents = defineCall({
  name: 'AgencyWorkOrderEvents',
  method: 'GET',
  path: 'AgencyWorkOrder/Events',
  request: query({}),
  result: z.null(),
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** One status change, as a list needs it. */
export interface WorkOrderEvent {
  workOrderId: string;
  referralNumber: string;
  agencyNumber: string;
  previousStatus: WorkOrderStatus | null;
  status: WorkOrderStatus;
  /** ISO time of the change. */
  at: string;
}

/** What openLiveEvents needs. */
export interface LiveOptions {
  /** The current access token (null: signed out, the stream stops). */
  getToken(): string | null;
  /** A status change. */
  onEvent(e: WorkOrderEvent): void;
  /** The stream is subscribed (after each (re)connection). */
  onReady?(): void;
  /** HTTP 401: the stream stops (the caller signs in again). */
  onUnauthorized?(): void;
  fetch?: typeof fetch;
}

/** Waits ms, or less when the signal aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((res) => {
    const t = setTimeout(res, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), res()), { once: true });
  });

/**
 * Reads an event stream: calls emit(type, data, id) per event (blank-line terminated; id: the event's own `id:`
 * field, if any); comments and unknown fields are skipped. Resolves when the stream ends.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, emit: (type: string, data: string, id?: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  let type = '';
  let id: string | undefined;
  let data: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buf += decoder.decode(value, { stream: true });
    // A trailing '\r' may be half of a '\r\n': it waits with the unfinished line.
    const end = buf.endsWith('\r') ? buf.length - 1 : buf.length;
    const lines = buf.slice(0, end).split(/\r\n|\r|\n/);
    buf = lines.pop()! + buf.slice(end);
    for (const line of lines) {
      if (line === '') {
        if (data.length) emit(type || 'message', data.join('\n'), id);
        type = '';
        id = undefined;
        data = [];
      } else if (!line.startsWith(':')) {
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const v = i < 0 ? '' : line.slice(i + (line[i + 1] === ' ' ? 2 : 1));
        if (field === 'event') type = v;
        else if (field === 'id') id = v;
        else if (field === 'data') data.push(v);
      }
    }
  }
}

/** Opens the live stream and keeps it open (reconnecting with backoff, 1 s doubling to 30 s, jittered) until the returned close() is called. */
export function openLiveEvents(opts: LiveOptions): () => void {
  const ctl = new AbortController();
  const { signal } = ctl;
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  void (async () => {
    for (let failures = 0; !signal.aborted; ) {
      const token = opts.getToken();
      if (!token) return;
      try {
        const res = await doFetch(callPath(AgencyWorkOrderEvents), {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', [HEADER_APP_NAME]: APP_NAME },
          cache: 'no-store',
          signal,
        });
        if (res.status === 401) return opts.onUnauthorized?.();
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        await readEventStream(res.body, (type, data) => {
          if (type === 'ready') {
            failures = 0;
            opts.onReady?.();
          } else if (type === 'status') opts.onEvent(JSON.parse(data) as WorkOrderEvent);
        });
      } catch {
        if (signal.aborted) return;
        failures++;
      }
      // An ended stream (token expiry) reconnects soon; failures back off.
      await sleep(Math.min(30_000, 1000 * 2 ** failures) * (0.5 + Math.random() / 2), signal);
    }
  })();
  return () => ctl.abort();
}
