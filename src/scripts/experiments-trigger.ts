/**
 * The experiments' trigger on the content and public pages (issue 18, docs/decisions/032); the signed-in pages run
 * it from src/stores/tracking.ts, which the route guard loads once analytics are allowed. Once analytics are allowed
 * (the choice 'granted' in localStorage 'portal.consent', no Global Privacy Control signal: the rule and names of
 * public/scripts/consent-state.js, read here without loading it, so that a reader without consent loads nothing), after the page has loaded, public/scripts/experiments.js runs the site-entry trigger
 * (once per visit) and the page-entry trigger when the browser is idle; without consent it never loads. No imports.
 */
const EXPERIMENTS = '/scripts/experiments.js';
const experiments = () => {
  try {
    if (localStorage.getItem('portal.consent') === 'granted' && !(navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl)
      import(/* @vite-ignore */ EXPERIMENTS).then((m: { runExperiments: () => void }) => m.runExperiments(), () => 0);
  } catch {
    /* no storage: no consent */
  }
};
addEventListener('load', () => setTimeout(experiments));
addEventListener('portal:consent', experiments);
