import type { ServerMessage } from '../../lib/i18n.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
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
 * (`onGoTo` opens its tab and focuses it). The shared error summary (src/islands/shared/ErrorSummary.tsx) draws it and
 * takes focus when it appears and after each refused save (`focusKey`).
 */
export default function EditorErrorSummary({
  t,
  fieldErrors,
  formErrors,
  onGoTo,
  focusKey,
}: {
  t: EditorT;
  fieldErrors: Record<string, ServerMessage>;
  formErrors: readonly ServerMessage[];
  onGoTo: (key: string) => void;
  focusKey: number;
}) {
  const errorKeys = FIELD_KEYS.filter((key) => fieldErrors[key]);
  const keyOf = new Map(errorKeys.map((key) => [fieldId(key), key]));
  const description =
    formErrors.length > 0 || errorKeys.length > 0 ? (
      <>
        {formErrors.length > 0 && <p>{formErrors.map((reply) => t.message(reply)).join(' ')}</p>}
        {errorKeys.length > 0 && <p>{t.plural('editor.form.fixFields', errorKeys.length)}</p>}
      </>
    ) : undefined;
  return (
    <ErrorSummary
      title={t('editor.form.problem')}
      description={description}
      errors={errorKeys.map((key) => ({ field: fieldId(key), text: `${labelOf(key, t)}: ${t.message(fieldErrors[key]!)}` }))}
      focusKey={focusKey}
      onGoTo={(id) => onGoTo(keyOf.get(id) ?? id)}
    />
  );
}
