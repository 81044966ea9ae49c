/**
 * The specific-shop form (issue 17): checks the fields on submit with the spec's messages (shop name required, ZIP,
 * optional phone) before opening specific-shop-results; the first wrong field gets the focus. Plain code.
 */
import { PHONE_PATTERN, ZIP_PATTERN } from './shop-rules.ts';

const form = document.querySelector<HTMLFormElement>('form[data-shop-form="specific"]');
const checks: [string, (v: string) => boolean][] = [
  ['shop-name', (v) => v.trim() !== ''],
  ['shop-phone', (v) => v.trim() === '' || PHONE_PATTERN.test(v.trim())],
  ['shop-zip', (v) => ZIP_PATTERN.test(v.trim())],
];
form?.addEventListener('submit', (e) => {
  let first: HTMLInputElement | null = null;
  for (const [id, ok] of checks) {
    const input = document.getElementById(id) as HTMLInputElement;
    const error = document.getElementById(`${id}-error`)!;
    const bad = !ok(input.value);
    error.hidden = !bad;
    error.textContent = bad ? (error.dataset.message ?? '') : '';
    input.closest('.field')?.classList.toggle('field--error', bad);
    if (bad) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    if (bad && !first) first = input;
  }
  if (first) {
    e.preventDefault();
    first.focus();
  }
});
