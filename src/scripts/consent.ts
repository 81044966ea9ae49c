/**
 * Consent and experiments on every page (issue 18, docs/decisions/032), content pages included — plain code, no
 * framework JavaScript:
 * - 'Your privacy choices' and 'Cookie preferences' ([data-consent-open]) open the preferences dialog, whose code
 *   (public/scripts/consent-dialog.js) loads only on that click.
 * - Once analytics are allowed (consent given, no GPC signal), after the page has loaded and when the browser is
 *   idle: the experiments' site-entry run once per visit and a page-entry run per page, with the device id. The
 *   assignments are kept in sessionStorage and shown on <html> as data-exp-<key>="<variant>" (event
 *   'portal:experiments').
 */
import { APP_NAME, EXPERIMENT_SITE_ENTRY_VALUE } from '../lib/constants.ts';
import { analyticsAllowed, consentChoice, DEVICE_COOKIE, gpcOn, idCookie, setConsent, whenAllowed } from '../lib/consent.ts';

const EXPERIMENTS_KEY = 'portal.experiments';
const SITE_ENTRY_KEY = 'portal.siteEntryRun';
const RUN_URL = '/experiments/api/v1/experiments/run';

type Assignment = { experimentId: number; key: string; variant: string };

function showAssignments(all: Record<string, string>): void {
  for (const [key, variant] of Object.entries(all)) {
    if (/^[a-z0-9-]{1,40}$/i.test(key)) document.documentElement.setAttribute(`data-exp-${key.toLowerCase()}`, variant);
  }
  window.dispatchEvent(new CustomEvent('portal:experiments', { detail: all }));
}

function stored(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(EXPERIMENTS_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

async function run(triggerEvent: 'SiteEntry' | 'PageEntry', triggerValue: string): Promise<void> {
  if (!analyticsAllowed()) return;
  const deviceId = idCookie(DEVICE_COOKIE);
  const res = await fetch(RUN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ applicationName: APP_NAME, deviceId, triggerEvent, triggerValue }),
    keepalive: true,
  });
  const reply = (await res.json().catch(() => null)) as { result?: Assignment[] } | null;
  const all = stored();
  for (const a of reply?.result ?? []) all[a.key] = a.variant;
  try {
    sessionStorage.setItem(EXPERIMENTS_KEY, JSON.stringify(all));
  } catch {
    /* shown for this page only */
  }
  showAssignments(all);
}

async function runExperiments(): Promise<void> {
  try {
    if (!sessionStorage.getItem(SITE_ENTRY_KEY)) {
      sessionStorage.setItem(SITE_ENTRY_KEY, '1');
      await run('SiteEntry', EXPERIMENT_SITE_ENTRY_VALUE);
    }
    await run('PageEntry', location.pathname);
  } catch {
    /* experiments never break the page */
  }
}

// Earlier assignments of this visit show at once; the runs wait for load, idle time and consent.
showAssignments(stored());
const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200));
const start = () => idle(() => whenAllowed(() => void runExperiments()));
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });

document.addEventListener('click', (e) => {
  const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-consent-open]');
  if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
  e.preventDefault();
  const words = document.getElementById('consent-words')?.textContent ?? '{}';
  const es = location.hostname.includes('espanol.') || document.documentElement.lang === 'es';
  // A plain file (public/scripts/): an import the bundler does not follow, so this module stays on its own.
  const view = '/scripts/consent-dialog.js';
  import(/* @vite-ignore */ view)
    .then((m: { openConsentDialog: (opts: unknown) => void }) =>
      m.openConsentDialog({ opener: link, words: (JSON.parse(words) as Record<string, unknown>)[es ? 'es' : 'en'], choice: consentChoice(), gpc: gpcOn(), save: setConsent }),
    )
    .catch(() => {
      window.location.href = link.href;
    });
});
