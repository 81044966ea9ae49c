// The privacy and cookie preferences dialog (issue 18, docs/decisions/032), loaded by src/scripts/consent.ts only
// when 'Your privacy choices' or 'Cookie preferences' is clicked. A native modal <dialog>: focus stays inside,
// Escape closes, and focus returns to the link that opened it. The words come from the page (both languages,
// written at build time from the i18n files). A plain file served as it is: no framework JavaScript. The choice is
// kept in localStorage ('portal.consent': 'granted' or 'denied', nothing else); a withdrawal removes the analytics
// id cookies; 'portal:consent' tells the page (src/stores/analytics.ts starts the signed-in analytics on it).
// The choice, the GPC signal and the cookies: ./consent-state.js, shared with the experiments and the tracker.
import { gpcOn, readChoice, saveChoice as save } from './consent-state.js';

export function openConsentDialog(opener) {
  const all = JSON.parse(document.getElementById('consent-words')?.dataset.words || '{}');
  const es = location.hostname.includes('espanol.') || document.documentElement.lang === 'es';
  const w = all[es ? 'es' : 'en'];
  const choice = readChoice();
  const gpc = gpcOn();
  document.querySelector('dialog.consent-dialog')?.remove();
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const dialog = el('dialog', { className: 'dialog consent-dialog' });
  dialog.setAttribute('aria-labelledby', 'consent-title');
  dialog.setAttribute('aria-describedby', 'consent-intro');
  dialog.dataset.testid = 'consent-dialog';
  const radio = (value, label, hint) => {
    const input = el('input', { type: 'radio', name: 'consent-analytics', value, checked: value === 'granted' ? choice === 'granted' && !gpc : choice !== 'granted' || gpc });
    input.setAttribute('aria-describedby', `consent-hint-${value}`);
    if (value === 'granted' && gpc) input.disabled = true;
    return el('label', { className: 'choice-card' }, input, el('span', {}, el('strong', {}, label), el('br'), el('small', { id: `consent-hint-${value}` }, hint)));
  };
  const form = el('form', { method: 'dialog' });
  form.append(
    el('h2', { id: 'consent-title' }, w.title),
    el('p', { id: 'consent-intro' }, w.intro),
    ...(gpc ? [el('p', { className: 'consent-dialog__gpc', role: 'note' }, w.gpc)] : []),
    el('h3', {}, w.necessaryTitle),
    el('p', {}, w.necessaryText),
    el('fieldset', { className: 'consent-dialog__choices' }, el('legend', {}, w.choiceLegend), el('div', { className: 'choice-cards' }, radio('denied', w.deny, w.denyHint), radio('granted', w.allow, w.allowHint))),
  );
  const cancel = el('button', { type: 'button', className: 'btn btn--secondary' }, w.cancel);
  const submit = el('button', { type: 'submit', className: 'btn btn--primary' }, w.save);
  const status = el('p', { className: 'visually-hidden', role: 'status' });
  form.append(el('div', { className: 'dialog__actions' }, cancel, submit));
  dialog.append(form);
  cancel.addEventListener('click', () => dialog.close());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const picked = form.querySelector('input[name="consent-analytics"]:checked');
    save(picked && picked.value === 'granted' && !gpc ? 'granted' : 'denied');
    status.textContent = w.saved;
    dialog.close();
  });
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener.focus();
  });
  if (!document.getElementById('consent-style')) {
    const style = el('style', { id: 'consent-style' });
    style.textContent =
      '.consent-dialog{width:min(560px,calc(100% - 1rem));max-width:560px;max-height:calc(100dvh - 1rem);overflow:auto}' +
      '.consent-dialog h3{font-size:1rem;margin:var(--space-4,1rem) 0 var(--space-1,.25rem)}' +
      '.consent-dialog fieldset{border:0;padding:0;margin:var(--space-4,1rem) 0 0}.consent-dialog legend{font-weight:600;margin-bottom:var(--space-2,.5rem)}' +
      '.consent-dialog .choice-cards{grid-template-columns:1fr}' +
      '.consent-dialog__gpc{padding:.6rem 1rem;background:var(--color-accent-subtle,#e8f1fb);border:1px solid var(--color-accent-border,#b6cfe8);border-radius:var(--radius-md,6px)}';
    document.head.append(style);
  }
  document.body.append(dialog, status);
  setTimeout(() => status.remove(), 5000);
  dialog.showModal();
}
