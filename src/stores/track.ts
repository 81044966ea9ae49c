/**
 * Section 4's events (issue 18, docs/decisions/032): `track(category, action, label?, value?)` queues an event and
 * sends the queue a moment later, or as the reader leaves the page, as LogPageView calls with fetch keepalive
 * (the calls need the bearer token, which sendBeacon cannot send) — never blocking navigation. Nothing is queued
 * or sent without consent. Plain scripts (the global banner) dispatch 'portal:track' on window instead.
 */
import { LogPageView } from '../lib/api/platform.ts';
import { analyticsAllowed } from '../lib/consent.ts';
import { api } from './api.ts';
import { $session } from './session.ts';

type Event = { Category: string; Action: string; Label?: string; Value?: string };
const queue: Event[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
/** Events kept at most (a runaway loop must not flood the server; it limits per user too). */
const MAX_QUEUE = 20;

function flush(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const session = $session.get();
  const events = queue.splice(0);
  if (!session || !analyticsAllowed()) return;
  const WebPage = window.location.pathname.slice(0, 300);
  for (const e of events) {
    api.call(LogPageView, { WebPage, Event: 'Event', UserName: session.email, ...e }, { ignoreErrors: true, keepalive: true }).catch(() => undefined);
  }
}

const cut = (s: string | number | undefined, n: number) => (s === undefined || s === '' ? undefined : String(s).slice(0, n));

/** Queues one event (Category / Action / Label / Value); sent within two seconds or when the page is left. */
export function track(category: string, action: string, label?: string, value?: string | number): void {
  if (typeof window === 'undefined' || !analyticsAllowed() || queue.length >= MAX_QUEUE) return;
  const e: Event = { Category: category.slice(0, 100), Action: action.slice(0, 100) };
  const l = cut(label, 300);
  const v = cut(value, 300);
  if (l) e.Label = l;
  if (v) e.Value = v;
  queue.push(e);
  timer ??= setTimeout(flush, 2000);
}

let installed = false;
/** Sends the queue when the page is hidden or left, and takes the plain scripts' 'portal:track' events. */
export function installTracking(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('portal:track', (ev) => {
    const d = (ev as CustomEvent<{ category?: string; action?: string; label?: string; value?: string }>).detail;
    if (d?.category && d.action) track(d.category, d.action, d.label, d.value);
  });
}
