import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import { formatDateTime } from '../../lib/format-date.ts';
import { showAlert } from '../../stores/alerts.ts';
import { Loading, UserGate } from '../shared/PageState.tsx';
import { useT } from '../shared/use-t.ts';
import DetailsFieldset from './DetailsFieldset.tsx';
import ErrorSummary from './ErrorSummary.tsx';
import LanguageFields from './LanguageFields.tsx';
import LanguageTabs from './LanguageTabs.tsx';
import SaveBar from './SaveBar.tsx';
import { fieldId, LIST_PATH, PUBLISH_ANCHOR, type EditorT } from './shared.ts';
import { $articleEditor, $previewAnnouncement, $previews, CONTENT_LANGS, loadArticle, openTab, saveArticle, type ContentLang } from './store.ts';

/**
 * The article form (internal admins): a new article, or the one named by ?articleRoute=. Both languages in
 * tabs, a preview per language (the server's Markdown pipeline), field errors of a 400 next to each field.
 * Nothing typed is lost when saving fails; a saved new article moves to its edit URL.
 */
export default function ArticleEditor() {
  const t = useT('editor', 'messages');
  return <UserGate t={t}>{(_user, words) => <EditorPage t={words} />}</UserGate>;
}

/** The page once the user and the words are there: loads the article once, then its states. */
function EditorPage({ t }: { t: EditorT }) {
  // The article the page opened with (loaded once); a saved new article takes its route without reloading.
  const [initialRoute] = useState<string | null>(() => new URLSearchParams(window.location.search).get('articleRoute'));
  const editor = useStore($articleEditor);
  useEffect(() => {
    void loadArticle(initialRoute);
  }, [initialRoute]);

  const frame = (children: ReactNode) => (
    <div className="editor">
      <p className="editor__back">
        <a href={LIST_PATH}>← {t('editor.form.back')}</a>
      </p>
      {children}
    </div>
  );
  if (editor.phase === 'loading') return frame(<Loading text={t('editor.form.loading')} className="muted" />);
  if (editor.phase !== 'ready' || !editor.article || !editor.tags) {
    const notFound = editor.phase === 'not-found';
    return frame(
      <div className="card empty" role="alert">
        <h1>{notFound ? t('editor.form.notFound') : t('editor.loadFailed')}</h1>
        {notFound ? (
          <p>{t('editor.form.notFoundHelp')}</p>
        ) : (
          <button type="button" className="btn btn--secondary" onClick={() => void loadArticle(initialRoute)}>
            {t('common.retry')}
          </button>
        )}
      </div>,
    );
  }
  return frame(<EditorForm t={t} />);
}

/** The form of a loaded article: heading, error summary, details, language tabs, save bar. */
function EditorForm({ t }: { t: EditorT }) {
  const editor = useStore($articleEditor);
  const previews = useStore($previews);
  const announcement = useStore($previewAnnouncement);
  // Refused saves so far: the error summary takes focus again after each one.
  const [refusals, setRefusals] = useState(0);
  const { article, tags, fieldErrors, formErrors, saved, tab } = editor;
  if (!article || !tags) return null;
  const isNew = editor.articleRoute === null;

  /** Moves to a field from the error summary (switching language tab when needed). */
  const goToField = (key: string) => {
    const lang = key.split('.')[0] as ContentLang;
    if (CONTENT_LANGS.includes(lang)) openTab(lang);
    // The tab panel shows on the next render; focus then.
    setTimeout(() => {
      const element = document.getElementById(fieldId(key));
      const target = element?.matches('input, select, textarea') ? element : element?.querySelector('input');
      target?.focus();
    }, 0);
  };

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await saveArticle();
    if (outcome === 'saved') showAlert('success', t('editor.form.saved'));
    if (outcome === 'refused') setRefusals((n) => n + 1);
  };

  let announcementText = '';
  if (announcement?.ok) announcementText = t(`editor.preview.done.${announcement.lang}`);
  else if (announcement) {
    const error = previews[announcement.lang].error;
    announcementText = !error || error === 'failed' ? t('editor.preview.failed') : t.message(error);
  }

  return (
    <>
      <h1>
        {isNew ? t('editor.form.newTitle') : t('editor.form.editTitle')}
        {!isNew && article.en.title && (
          <span className="editor__subtitle" lang="en">
            {article.en.title}
          </span>
        )}
      </h1>
      <p className="notice editor__publish-note">
        <span>
          {t('editor.form.publishNote')} <a href={`${LIST_PATH}#${PUBLISH_ANCHOR}`}>{t('editor.form.publishLink')}</a>
        </span>
      </p>
      {saved && !saved.justNow && (
        <p className="muted">
          {saved.row.updatedBy
            ? t('editor.form.lastUpdatedBy', { at: formatDateTime(saved.row.updatedAt, t.lang), by: saved.row.updatedBy })
            : t('editor.form.lastUpdated', { at: formatDateTime(saved.row.updatedAt, t.lang) })}
        </p>
      )}

      <ErrorSummary t={t} fieldErrors={fieldErrors} formErrors={formErrors} onGoTo={goToField} focusKey={refusals} />

      <form className="editor__form" onSubmit={(event) => void save(event)} noValidate aria-describedby="all-required">
        <p id="all-required" className="muted">
          {t('editor.form.allRequired')}
        </p>
        <DetailsFieldset article={article} tags={tags} isNew={isNew} fieldErrors={fieldErrors} t={t} />
        <div className="card editor__langs">
          <LanguageTabs tab={tab} fieldErrors={fieldErrors} t={t} />
          {CONTENT_LANGS.map((lang) => (
            <LanguageFields key={lang} lang={lang} article={article} fieldErrors={fieldErrors} preview={previews[lang]} hidden={tab !== lang} t={t} />
          ))}
        </div>
        <SaveBar saving={editor.saving} saved={saved} t={t} />
      </form>
      <p className="visually-hidden" role="status">
        {announcementText}
      </p>
    </>
  );
}
