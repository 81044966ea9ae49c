/**
 * Analytics with consent in the signed-in pages (issue 18, docs/decisions/032). The route guard loads this module
 * once the page is ready (it is no part of any page's first visit); it sends nothing until analytics are allowed:
 * the reader chose 'granted' in the preferences dialog (localStorage CONSENT_KEY, holding only the choice) and the
 * browser sends no Global Privacy Control signal. Then: the id cookies (random ids, 90 days, SameSite=Lax, Secure on
 * https), the experiments' site-entry and page-entry runs (public/scripts/experiments.js, when the browser is idle),
 * and section 4's events ('portal:track', from `track()` in src/lib/track-event.ts and the plain scripts) queued and
 * sent a moment later, or as the reader leaves the page, as LogPageView calls with fetch keepalive (the calls need
 * the bearer token, which sendBeacon cannot send) — never blocking navigation. It also wires the footer's
 * preferences links (src/scripts/consent.ts, as on the content pages).
 */
import '../scripts/consent.ts';
import { LogPageView, SetupAnalytics } from '../lib/api/tracking.ts';
import { analyticsClientTag } from '../lib/analytics-client-tag.ts';
import { continueEvent, logFields } from '../lib/track-event-page.ts';
import { api } from './api.ts';
import { $session } from './session.ts';

/** Set once the visit's analytics session was started (SetupAnalytics once per visit, tab). */
const ANALYTICS_KEY = 'portal.analyticsStarted';

/** The consent and id-cookie rules: public/scripts/consent-state.js, the one plain module the dialog and experiments use too. */
interface ConsentState {
  CONSENT_EVENT: string;
  DEVICE_COOKIE: string;
  USER_COOKIE: string;
  analyticsAllowed(): boolean;
  idCookie(name: string): string;
}
// A constant path the bundler does not follow (a plain file served as it is, like experiments.js).
const STATE = '/scripts/consent-state.js';
/** Loaded by whenAllowed() before anything below runs. */
let state: ConsentState | null = null;

/** True when analytics may run: the reader allowed them and the browser sends no GPC signal (false until loaded). */
export const analyticsAllowed = (): boolean => state?.analyticsAllowed() ?? false;

let allowed: Promise<void> | null = null;
/**
 * Resolves once analytics are allowed (at once, or when the dialog allows them; never without consent), after
 * starting what runs with them: the user id cookie, the experiments' runs (not on the content pages, whose layout runs
 * them: `experiments` false), the events' sending.
 */
export function whenAllowed(experiments = true): Promise<void> {
  allowed ??= (import(/* @vite-ignore */ STATE) as Promise<ConsentState>).then(
    (m) =>
      new Promise<void>((resolve) => {
        state = m;
        const on = () => {
          if (!m.analyticsAllowed()) return;
          window.removeEventListener(m.CONSENT_EVENT, on);
          start(experiments);
          resolve();
        };
        window.addEventListener(m.CONSENT_EVENT, on);
        on();
      }),
    // The file did not load (offline, a new deploy): no analytics on this page, as without consent.
    () => new Promise<void>(() => undefined),
  );
  return allowed;
}

/** The device id cookie (a random id, 90 days, SameSite=Lax), created when missing — only after consent; '' without it. */
export const deviceId = (): string => state?.idCookie(state.DEVICE_COOKIE) ?? '';

/** The client tag the analytics session carries (issue 17): the address's own, else the tab's remembered one. */
export function clientTag(): string | null {
  return analyticsClientTag(location.search, sessionStorage.getItem('portal.clientTag'));
}

type Fields = ReturnType<typeof logFields>;
const queue: Fields[] = [];
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

/** Queues one event (Category / Action / Label / Value); sent within two seconds or when the page is left. */
function queueEvent(category: string, action: string, label?: string, value?: string | number): void {
  if (typeof window === 'undefined' || !analyticsAllowed() || queue.length >= MAX_QUEUE) return;
  queue.push(logFields({ category, action, label, value }));
  timer ??= setTimeout(flush, 2000);
}

/** Starts what runs with consent (once): the user id cookie, the experiments' runs, the events' sending. */
function start(experiments: boolean): void {
  state?.idCookie(state.USER_COOKIE);
  // The experiments' site-entry (once per visit) and page-entry runs, when the browser is idle (a plain file, shared
  // with the content pages' src/scripts/experiments-trigger.ts).
  const script = '/scripts/experiments.js';
  if (experiments) import(/* @vite-ignore */ script).then((m: { runExperiments: () => void }) => m.runExperiments(), () => undefined);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('portal:track', (ev) => {
    const d = (ev as CustomEvent<{ category?: string; action?: string; label?: string; value?: string | number }>).detail;
    if (d?.category && d.action) queueEvent(d.category, d.action, d.label, d.value);
  });
  // The claim flow's continue (section 4): its steps' submit button.
  document.addEventListener('click', (ev) => {
    const form = (ev.target as Element).closest?.('button[type="submit"]')?.closest<HTMLFormElement>('form.flow-step');
    if (form) {
      const e = continueEvent(form.dataset.step ?? '');
      queueEvent(e.category, e.action, e.label, e.value);
    }
  });
  // The tracker listens: events that happen as a page opens were waiting for this (sendWhenListening()).
  document.documentElement.dataset.tracking = '';
  window.dispatchEvent(new Event('portal:tracking'));
}

/**
 * The site-wide analytics trigger on route changes (the route guard calls it once the page is ready): one analytics
 * session per visit (tab), a page view per page; sent only once analytics are allowed (consent, no GPC:
 * docs/decisions/032).
 */
export async function trackPage(route: string, userName: string): Promise<void> {
  try {
    await whenAllowed();
    if (!sessionStorage.getItem(ANALYTICS_KEY)) {
      await api.call(
        SetupAnalytics,
        { ClientTag: clientTag(), UserName: userName, UserAgent: navigator.userAgent.slice(0, 512), DeviceId: deviceId() },
        { ignoreErrors: true },
      );
      sessionStorage.setItem(ANALYTICS_KEY, '1');
    }
    await api.call(LogPageView, { WebPage: route, Event: 'PageView', UserName: userName }, { ignoreErrors: true });
  } catch {
    /* analytics never blocks the page */
  }
}
