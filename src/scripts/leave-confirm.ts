/**
 * The logo's leave-page confirm on public pages (src/components/courses/LeaveConfirm.astro): with a saved course the
 * logo opens the dialog instead of leaving; 'Yes, leave' forgets the course and follows the logo, 'No, stay here'
 * (or Escape) closes it and gives the focus back to the logo. Plain code, no framework.
 */
import { langOf } from '../lib/i18n.ts';
import { SAVED_COURSE_KEY } from '../lib/routes.ts';

const dialog = document.querySelector<HTMLDialogElement>('dialog[data-leave-confirm]');
const logo = document.querySelector<HTMLAnchorElement>('header a.logo');
if (dialog && logo) {
  const all = JSON.parse(dialog.dataset.words ?? '{}') as Record<string, { title: string; text: string; yes: string; no: string }>;
  const words = all[langOf(window.location)] ?? all.en!;
  const yes = dialog.querySelector<HTMLButtonElement>('[data-leave-yes]')!;
  const no = dialog.querySelector<HTMLButtonElement>('[data-leave-no]')!;
  dialog.querySelector('h2')!.textContent = words.title;
  dialog.querySelector('p')!.textContent = words.text;
  yes.textContent = words.yes;
  no.textContent = words.no;
  const saved = () => {
    try {
      return Boolean(sessionStorage.getItem(SAVED_COURSE_KEY));
    } catch {
      return false;
    }
  };
  logo.addEventListener('click', (e) => {
    if (!saved() || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    dialog.showModal();
    no.focus();
  });
  no.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => logo.focus());
  yes.addEventListener('click', () => {
    try {
      sessionStorage.removeItem(SAVED_COURSE_KEY);
    } catch {
      /* no storage */
    }
    window.location.assign(logo.href);
  });
}
