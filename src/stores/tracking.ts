/**
 * What sends analytics from the signed-in pages (issue 18, docs/decisions/032), loaded by the route guard only once
 * analytics are allowed (src/stores/analytics.ts): the id cookies, and section 4's events ('portal:track', from
 * `track()` and the plain scripts) queued and sent a moment later, or as the reader leaves the page, as LogPageView
 * calls with fetch keepalive (the calls need the bearer token, which sendBeacon cannot send) — never blocking
 * navigation.
 */
import { ID_COOKIE_DAYS } from '../lib/constants.ts';
import { LogPageView } from '../lib/api/platform.ts';
import { analyticsAllowed } from './analytics.ts';
import { api } from './api.ts';
import { $session } from './session.ts';

export const DEVICE_COOKIE = 'portal_device_id';
export const USER_COOKIE = 'portal_user_id';

/**
 * A random id cookie (90 days, SameSite=Lax, Secure on https), created when missing — only while analytics are
 * allowed; '' otherwise (nothing set, nothing to send).
 */
export function idCookie(name: string): string {
  if (!analyticsAllowed()) return '';
  const m = new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9-]{8,64})`).exec(document.cookie);
  if (m) return m[1]!;
  const id = crypto.randomUUID();
  document.cookie = `${name}=${id}; Max-Age=${ID_COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  return id;
}

/**
 * The device id cookie (90 days, SameSite=Lax, a random id), created when missing — only after consent; '' without
 * it.
 */
export function deviceId(): string {
  return idCookie(DEVICE_COOKIE);
}

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
function queueEvent(category: string, action: string, label?: string, value?: string | number): void {
  if (typeof window === 'undefined' || !analyticsAllowed() || queue.length >= MAX_QUEUE) return;
  const e: Event = { Category: category.slice(0, 100), Action: action.slice(0, 100) };
  const l = cut(label, 300);
  const v = cut(value, 300);
  if (l) e.Label = l;
  if (v) e.Value = v;
  queue.push(e);
  timer ??= setTimeout(flush, 2000);
}

let tracking = false;
/** Sends the queue when the page is hidden or left, and takes the plain scripts' 'portal:track' events. */
export function installTracking(): void {
  if (tracking || typeof window === 'undefined') return;
  tracking = true;
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('portal:track', (ev) => {
    const d = (ev as CustomEvent<{ category?: string; action?: string; label?: string; value?: string | number }>).detail;
    if (d?.category && d.action) queueEvent(d.category, d.action, d.label, d.value);
  });
}
