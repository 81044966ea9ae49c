import type { EditableArticle } from '../../lib/api/content-admin.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import FieldErrorText from './FieldErrorText.tsx';
import { describedBy, fieldId, type EditorT } from './shared.ts';
import { toggleTag, updateField } from './store.ts';

/** The ids a choice group is described by: its hint, then its error when it has one. */
function groupDescribedBy(key: string, hasError: boolean): string {
  return [`${fieldId(key)}-hint`, hasError ? `${fieldId(key)}-error` : ''].filter(Boolean).join(' ');
}

/** "Article details": route (locked once saved), layout, author, date, status and topics. */
export default function DetailsFieldset({
  article,
  tags,
  isNew,
  fieldErrors,
  t,
}: {
  article: EditableArticle;
  tags: Record<string, string>;
  isNew: boolean;
  fieldErrors: Record<string, ServerMessage>;
  t: EditorT;
}) {
  const hasError = (key: string) => !!fieldErrors[key];
  const tagEntries = Object.entries(tags);
  // A topic the article still has but the list no longer offers stays visible (and can be unchecked).
  for (const tag of article.tags) if (!tags[tag]) tagEntries.push([tag, tag]);
  return (
    <fieldset className="card editor__fieldset">
      <legend>{t('editor.form.details')}</legend>
      <div className="field">
        <label htmlFor={fieldId('articleRoute')}>{t('editor.form.route')}</label>
        <input
          id={fieldId('articleRoute')}
          value={article.articleRoute}
          onChange={(event) => updateField('articleRoute', event.target.value)}
          readOnly={!isNew}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          aria-required="true"
          {...describedBy('articleRoute', hasError('articleRoute'), true)}
        />
        <p className="field__hint" id={`${fieldId('articleRoute')}-hint`}>
          {isNew ? t('editor.form.routeHintNew') : t('editor.form.routeHintEdit')}
        </p>
        <FieldErrorText field="articleRoute" error={fieldErrors.articleRoute} t={t} />
      </div>
      <div className="editor__row">
        <div className="field">
          <label htmlFor={fieldId('layout')}>{t('editor.form.layout')}</label>
          <select
            id={fieldId('layout')}
            value={article.layout}
            onChange={(event) => updateField('layout', event.target.value as EditableArticle['layout'])}
            {...describedBy('layout', hasError('layout'))}
          >
            <option value="standard">{t('editor.form.layouts.standard')}</option>
            <option value="wide">{t('editor.form.layouts.wide')}</option>
          </select>
          <FieldErrorText field="layout" error={fieldErrors.layout} t={t} />
        </div>
        <div className="field">
          <label htmlFor={fieldId('author')}>{t('editor.form.author')}</label>
          <input
            id={fieldId('author')}
            value={article.author}
            maxLength={120}
            onChange={(event) => updateField('author', event.target.value)}
            autoComplete="name"
            aria-required="true"
            {...describedBy('author', hasError('author'))}
          />
          <FieldErrorText field="author" error={fieldErrors.author} t={t} />
        </div>
        <div className="field">
          <label htmlFor={fieldId('publishedOn')}>{t('editor.form.publishedOn')}</label>
          <input
            id={fieldId('publishedOn')}
            type="date"
            value={article.publishedOn}
            onChange={(event) => updateField('publishedOn', event.target.value)}
            aria-required="true"
            {...describedBy('publishedOn', hasError('publishedOn'), true)}
          />
          <p className="field__hint" id={`${fieldId('publishedOn')}-hint`}>{t('editor.form.publishedOnHint')}</p>
          <FieldErrorText field="publishedOn" error={fieldErrors.publishedOn} t={t} />
        </div>
      </div>
      <fieldset className="choice-group" id={fieldId('status')} aria-describedby={groupDescribedBy('status', hasError('status'))}>
        <legend>{t('editor.form.status')}</legend>
        <p className="field__hint" id={`${fieldId('status')}-hint`}>{t('editor.form.statusHint')}</p>
        {(['draft', 'published'] as const).map((status) => (
          <label key={status} className="choice">
            <input
              type="radio"
              name="status"
              value={status}
              checked={article.status === status}
              onChange={() => updateField('status', status)}
              aria-invalid={hasError('status') ? true : undefined}
            />
            {t(`editor.status.${status}`)}
          </label>
        ))}
        <FieldErrorText field="status" error={fieldErrors.status} t={t} />
      </fieldset>
      <fieldset className="choice-group" id={fieldId('tags')} aria-describedby={groupDescribedBy('tags', hasError('tags'))}>
        <legend>{t('editor.form.topics')}</legend>
        <p className="field__hint" id={`${fieldId('tags')}-hint`}>{t('editor.form.topicsHint')}</p>
        <div className="choice-grid">
          {tagEntries.map(([tag, label]) => (
            <label key={tag} className="choice">
              <input
                type="checkbox"
                value={tag}
                checked={article.tags.includes(tag)}
                onChange={(event) => toggleTag(tag, event.target.checked)}
                aria-invalid={hasError('tags') ? true : undefined}
              />
              {label}
            </label>
          ))}
        </div>
        <FieldErrorText field="tags" error={fieldErrors.tags} t={t} />
      </fieldset>
    </fieldset>
  );
}
