import { atom } from 'nanostores';
import { SUCCESS_ALERT_MS } from '../lib/constants.ts';
import { langOf } from '../lib/i18n.ts';
import { loadTranslator } from '../lib/i18n/translate.ts';

/** Alert banner styles (spec section 4). */
export type AlertKind = 'warning' | 'success' | 'success-persist';
/** One alert banner. */
export interface Alert {
  id: number;
  kind: AlertKind;
  text: string;
}

/** The alert banners on screen. */
export const $alerts = atom<Alert[]>([]);
let nextId = 1;

/** Shows an alert; 'success' hides itself after 3 seconds, 'warning' and 'success-persist' stay. */
export function showAlert(kind: AlertKind, text: string): number {
  const existing = $alerts.get().find((a) => a.kind === kind && a.text === text);
  if (existing) return existing.id;
  const id = nextId++;
  $alerts.set([...$alerts.get(), { id, kind, text }]);
  if (kind === 'success') setTimeout(() => dismissAlert(id), SUCCESS_ALERT_MS);
  return id;
}

/** Removes one alert. */
export function dismissAlert(id: number): void {
  $alerts.set($alerts.get().filter((a) => a.id !== id));
}

/**
 * Shows the generic error banner (spec section 8, `messages.genericError`) in the page's language: the English
 * text at once; another language once its `messages` file has loaded (the English text if it cannot load).
 */
export function showGenericError(english: string): void {
  const lang = typeof window === 'undefined' ? 'en' : langOf(window.location);
  if (lang === 'en') {
    showAlert('warning', english);
    return;
  }
  loadTranslator(lang, ['messages']).then(
    (t) => showAlert('warning', t('messages.genericError')),
    () => showAlert('warning', english),
  );
}
