// The experiments' runs in the browser (issue 18, docs/decisions/031 and 032), loaded by src/scripts/consent.ts
// only once analytics are allowed: the site-entry trigger once per visit (tab) and the page-entry trigger on each
// page, with the device id (its cookie: a random id, 90 days, SameSite=Lax, Secure on https). The assignments are
// kept in sessionStorage ('portal.experiments') and shown on <html> as data-exp-<key>="<variant>"; the event
// 'portal:experiments' (detail: key → variant) tells the page. Plain file served as it is: no framework JavaScript.
const EXPERIMENTS_KEY = 'portal.experiments';
const SITE_ENTRY_KEY = 'portal.siteEntryRun';
import { DEVICE_COOKIE, idCookie } from './consent-state.js';

// EXPERIMENT_SITE_ENTRY_VALUE and APP_NAME of src/lib/constants.ts.
const SITE_ENTRY_VALUE = 'SiteEntry';
const APP_NAME = 'AgentPortal';

/** The device id (its cookie, created when missing: this file loads only once analytics are allowed). */
const deviceId = () => idCookie(DEVICE_COOKIE);

function stored() {
  try {
    return JSON.parse(sessionStorage.getItem(EXPERIMENTS_KEY) || '{}');
  } catch {
    return {};
  }
}

function show(all) {
  for (const [key, variant] of Object.entries(all)) {
    if (/^[a-z0-9-]{1,40}$/i.test(key)) document.documentElement.setAttribute(`data-exp-${key.toLowerCase()}`, String(variant));
  }
  window.dispatchEvent(new CustomEvent('portal:experiments', { detail: all }));
}

async function run(triggerEvent, triggerValue) {
  const res = await fetch('/experiments/api/v1/experiments/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ applicationName: APP_NAME, deviceId: deviceId(), triggerEvent, triggerValue }),
    keepalive: true,
  });
  const reply = await res.json().catch(() => null);
  const all = stored();
  for (const a of (reply && reply.result) || []) all[a.key] = a.variant;
  try {
    sessionStorage.setItem(EXPERIMENTS_KEY, JSON.stringify(all));
  } catch {
    /* shown on this page only */
  }
  show(all);
}

let ran = false;
/** Runs once per page, when the browser is idle (the page is never delayed). */
export function runExperiments() {
  if (ran) return;
  ran = true;
  show(stored());
  ('requestIdleCallback' in window ? requestIdleCallback : setTimeout)(() => void runAll(), 'requestIdleCallback' in window ? { timeout: 3000 } : 0);
}

async function runAll() {
  try {
    if (!sessionStorage.getItem(SITE_ENTRY_KEY)) {
      sessionStorage.setItem(SITE_ENTRY_KEY, '1');
      await run('SiteEntry', SITE_ENTRY_VALUE);
    }
    await run('PageEntry', location.pathname.slice(0, 300));
  } catch {
    /* experiments never break the page */
  }
}
