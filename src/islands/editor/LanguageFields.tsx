import type { EditableArticle } from '../../lib/api/content-admin.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import ArticlePreview from './ArticlePreview.tsx';
import FieldErrorText from './FieldErrorText.tsx';
import { describedBy, fieldId, type EditorT } from './shared.ts';
import { previewText, updateVersion, type ContentLang, type Preview } from './store.ts';

/** One language's tab panel: title, summary, Markdown text, and its preview. */
export default function LanguageFields({
  lang,
  article,
  fieldErrors,
  preview,
  hidden,
  t,
}: {
  lang: ContentLang;
  article: EditableArticle;
  fieldErrors: Record<string, ServerMessage>;
  preview: Preview;
  hidden: boolean;
  t: EditorT;
}) {
  const version = article[lang];
  const key = (field: string) => `${lang}.${field}`;
  return (
    <div role="tabpanel" id={`panel-${lang}`} aria-labelledby={`tab-${lang}`} hidden={hidden} className="tabs__panel">
      <div className="field">
        <label htmlFor={fieldId(key('title'))}>{t('editor.form.articleTitle')}</label>
        <input
          id={fieldId(key('title'))}
          lang={lang}
          value={version.title}
          maxLength={200}
          onChange={(event) => updateVersion(lang, 'title', event.target.value)}
          aria-required="true"
          {...describedBy(key('title'), !!fieldErrors[key('title')])}
        />
        <FieldErrorText field={key('title')} error={fieldErrors[key('title')]} t={t} />
      </div>
      <div className="field">
        <label htmlFor={fieldId(key('summary'))}>{t('editor.form.summary')}</label>
        <textarea
          id={fieldId(key('summary'))}
          lang={lang}
          rows={3}
          maxLength={300}
          value={version.summary}
          onChange={(event) => updateVersion(lang, 'summary', event.target.value)}
          aria-required="true"
          {...describedBy(key('summary'), !!fieldErrors[key('summary')])}
        />
        <FieldErrorText field={key('summary')} error={fieldErrors[key('summary')]} t={t} />
      </div>
      <div className="field">
        <label htmlFor={fieldId(key('bodyMarkdown'))}>{t('editor.form.text')}</label>
        <textarea
          id={fieldId(key('bodyMarkdown'))}
          lang={lang}
          rows={18}
          className="editor__markdown"
          value={version.bodyMarkdown}
          onChange={(event) => updateVersion(lang, 'bodyMarkdown', event.target.value)}
          aria-required="true"
          {...describedBy(key('bodyMarkdown'), !!fieldErrors[key('bodyMarkdown')], true)}
        />
        <p className="field__hint" id={`${fieldId(key('bodyMarkdown'))}-hint`}>{t('editor.form.textHint')}</p>
        <FieldErrorText field={key('bodyMarkdown')} error={fieldErrors[key('bodyMarkdown')]} t={t} />
      </div>
      <button type="button" className="btn btn--secondary" onClick={() => void previewText(lang)} disabled={preview.loading} aria-controls={`preview-${lang}`}>
        {preview.loading && <span className="spinner spinner--small" aria-hidden="true" />}
        {t(`editor.preview.button.${lang}`)}
      </button>
      <ArticlePreview lang={lang} preview={preview} markdown={version.bodyMarkdown} layout={article.layout} t={t} />
    </div>
  );
}
