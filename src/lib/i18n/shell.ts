/**
 * The words of the dashboard and sign-in pages' static shells (decision 041, addendum): those pages are built once, in
 * English, and the Spanish host serves the same HTML. Each shell word carries its Spanish text beside it, which the
 * layouts' inline script (DashboardLayout, PublicLayout) puts in before the first paint on a Spanish page; the islands
 * then draw the same words from their own dictionaries.
 *
 *   const { t, es, label } = shellWords();
 *   <h2 {...es('dashboard.quickStart.title')}>{t('dashboard.quickStart.title')}</h2>
 *   <nav {...label('common.primaryNav')}>…</nav>
 *
 * `es(key)` gives `data-es`: the inline script puts it in place of the element's first text that is not blank (the
 * element's text when it has only text; so `<a>← {t(key)}</a>` or `{t(key)} <span …>` work with a `frame` holding the
 * same surrounding characters). `label(key)` gives the English `aria-label` and its Spanish `data-es-label`.
 */
import type { Key, Namespace, Params } from '../i18n.ts';
import { translatorFor } from './all.ts';

/** What an element's text has around its words (the English and the Spanish the same). */
export interface Frame {
  before?: string;
  after?: string;
}

export interface ShellWords {
  /** The English text (as `translatorFor('en')`). */
  t: (key: Key<Namespace>, params?: Params) => string;
  /** The element's Spanish text, for the inline script: spread it on the element whose text is `t(key, params)`. */
  es: (key: Key<Namespace>, params?: Params, frame?: Frame) => { 'data-es': string };
  /** An English `aria-label` and its Spanish text. */
  label: (key: Key<Namespace>, params?: Params) => { 'aria-label': string; 'data-es-label': string };
}

/** The shell's words: English text, and the Spanish attributes that go with it. */
export function shellWords(): ShellWords {
  const en = translatorFor('en');
  const es = translatorFor('es');
  return {
    t: (key, params) => en(key, params),
    es: (key, params, frame) => ({ 'data-es': `${frame?.before ?? ''}${es(key, params)}${frame?.after ?? ''}` }),
    label: (key, params) => ({ 'aria-label': en(key, params), 'data-es-label': es(key, params) }),
  };
}
