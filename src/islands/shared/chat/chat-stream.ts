/**
 * The chat's live stream (issue 18): `CareDesk/ChatEvents`, server-sent events read with fetch (EventSource cannot
 * send the bearer token), resumed after the last event id the tab saw, so a dropped connection or a reload loses
 * nothing and repeats nothing. Reconnects with backoff (1 s doubling to 30 s, jittered) like the work-order stream
 * (src/lib/api/live.ts, whose parser it reuses); stops on close(), on 401 (sign-in again) and on 403.
 */
import { callPath } from '../../../lib/api/contract.ts';
import { ChatEvents } from '../../../lib/api/chat.ts';
import { readEventStream } from '../../../lib/api/live.ts';
import { APP_NAME, HEADER_APP_NAME } from '../../../lib/constants.ts';
import { $session, handleUnauthorized } from '../../../stores/session.ts';

/** What the stream tells its reader. */
export interface ChatStreamHandlers {
  /** The event id to resume after (the newest the tab has). */
  after(): number;
  /** One event: its type and parsed data. */
  onEvent(type: string, data: unknown): void;
  /** Connected (true, after each (re)connection) or lost (false). */
  onConnected?(connected: boolean): void;
}

/** Waits ms, or less when the signal aborts. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((res) => {
    const t = setTimeout(res, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), res()), { once: true });
  });

/** Opens the chat stream and keeps it open until the returned close() is called. */
export function openChatStream(h: ChatStreamHandlers): () => void {
  const ctl = new AbortController();
  const { signal } = ctl;
  void (async () => {
    for (let failures = 0; !signal.aborted; ) {
      const token = $session.get()?.accessToken;
      if (!token) return;
      const after = h.after();
      try {
        const res = await fetch(`${callPath(ChatEvents)}?after=${after}`, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', [HEADER_APP_NAME]: APP_NAME, 'Last-Event-ID': String(after) },
          cache: 'no-store',
          signal,
        });
        if (res.status === 401) return void handleUnauthorized();
        if (res.status === 403) return;
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        await readEventStream(res.body, (type, data) => {
          if (type === 'ready') {
            failures = 0;
            h.onConnected?.(true);
            return;
          }
          let parsed: unknown;
          try {
            parsed = JSON.parse(data);
          } catch {
            return;
          }
          h.onEvent(type, parsed);
        });
      } catch {
        if (signal.aborted) return;
        failures++;
      }
      if (signal.aborted) return;
      h.onConnected?.(false);
      // An ended stream (token expiry) reconnects soon; failures back off.
      await sleep(Math.min(30_000, 1000 * 2 ** failures) * (0.5 + Math.random() / 2), signal);
    }
  })();
  return () => ctl.abort();
}

/** A fresh id for a message the browser sends (sending it again with the same id stores it once). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
