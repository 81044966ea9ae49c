/**
 * Consent on every page (issue 18, docs/decisions/032), content pages included: a few lines, no imports (no module
 * of the signed-in core, no framework JavaScript).
 * - 'Your privacy choices' and 'Cookie preferences' ([data-consent-open]) open the preferences dialog, whose code
 *   (public/scripts/consent-dialog.js) loads only on that click.
 * - Once analytics are allowed (the choice 'granted' in localStorage 'portal.consent', and no Global Privacy
 *   Control signal), after the page has loaded, public/scripts/experiments.js runs the experiments' site-entry
 *   trigger (once per visit) and page-entry trigger when the browser is idle; without consent it never loads.
 * The key and event names are those of src/stores/analytics.ts. Plain files are imported by a constant path each
 * (a computed one would make the bundler add its import helper from the shared chunk).
 */
const EXPERIMENTS = '/scripts/experiments.js';
const DIALOG = '/scripts/consent-dialog.js';
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
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[data-consent-open]');
  if (!a) return;
  e.preventDefault();
  import(/* @vite-ignore */ DIALOG).then((m: { openConsentDialog: (a: HTMLAnchorElement) => void }) => m.openConsentDialog(a), () => location.assign(a.href));
});
