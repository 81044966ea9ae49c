import type { MouseEvent, Ref } from 'react';
import type { ServerMessage } from '../../lib/i18n.ts';
import { FIELD_KEYS, type ContentLang, type VersionKey } from './store.ts';
import { fieldId, type EditorT } from './shared.ts';

const VERSION_LABELS = { title: 'editor.form.articleTitle', summary: 'editor.form.summary', bodyMarkdown: 'editor.form.text' } as const;
const FIELD_LABELS = {
  articleRoute: 'editor.form.route',
  layout: 'editor.form.layout',
  author: 'editor.form.author',
  publishedOn: 'editor.form.publishedOn',
  status: 'editor.form.status',
  tags: 'editor.form.topics',
} as const;

/** A field's label as the summary names it ('en.title' → 'English – Title'). */
function labelOf(key: string, t: EditorT): string {
  const [first, second] = key.split('.') as [string, VersionKey | undefined];
  if (second) return t('editor.form.fieldInLang', { lang: t(`editor.langs.${first as ContentLang}`), field: t(VERSION_LABELS[second]) });
  return first in FIELD_LABELS ? t(FIELD_LABELS[first as keyof typeof FIELD_LABELS]) : first;
}

/**
 * "There is a problem": the save's refusals that belong to no field, then a link to each field with an error
 * (`onGoTo` opens its tab and focuses it). Focused by the form after a refused save.
 */
export default function ErrorSummary({
  t,
  fieldErrors,
  formErrors,
  onGoTo,
  ref,
}: {
  t: EditorT;
  fieldErrors: Record<string, ServerMessage>;
  formErrors: readonly ServerMessage[];
  onGoTo: (key: string) => void;
  ref: Ref<HTMLDivElement>;
}) {
  const errorKeys = FIELD_KEYS.filter((key) => fieldErrors[key]);
  if (errorKeys.length === 0 && formErrors.length === 0) return null;
  const goTo = (event: MouseEvent<HTMLAnchorElement>, key: string) => {
    event.preventDefault();
    onGoTo(key);
  };
  return (
    <div className="form-error error-summary" ref={ref} tabIndex={-1}>
      <div role="alert">
        <h2 id="error-summary-title">{t('editor.form.problem')}</h2>
        {formErrors.length > 0 && <p>{formErrors.map((reply) => t.message(reply)).join(' ')}</p>}
        {errorKeys.length > 0 && (
          <>
            <p>{t.plural('editor.form.fixFields', errorKeys.length)}</p>
            <ul>
              {errorKeys.map((key) => (
                <li key={key}>
                  <a href={`#${fieldId(key)}`} onClick={(event) => goTo(event, key)}>
                    {labelOf(key, t)}: {t.message(fieldErrors[key]!)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
