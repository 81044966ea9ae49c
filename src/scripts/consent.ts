/**
 * Consent on every page (issue 18, docs/decisions/032), content pages included: 'Your privacy choices' and 'Cookie
 * preferences' ([data-consent-open]) open the preferences dialog, whose code (public/scripts/consent-dialog.js,
 * plain, no framework JavaScript) loads only on that click. No imports: no module of the signed-in core.
 */
const DIALOG = '/scripts/consent-dialog.js';
// The links open the dialog from now on (tests wait for it; before, they lead to the provider's pages).
document.documentElement.dataset.consentReady = '';
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.<HTMLAnchorElement>('a[data-consent-open]');
  if (!a) return;
  e.preventDefault();
  // A constant path the bundler does not follow (a computed one would make it add its import helper from the shared chunk).
  import(/* @vite-ignore */ DIALOG).then((m: { openConsentDialog: (a: HTMLAnchorElement) => void }) => m.openConsentDialog(a), () => location.assign(a.href));
});
