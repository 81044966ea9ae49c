import type { EditableArticle } from '../../lib/api/content-admin.ts';
import type { ContentLang, Preview } from './store.ts';
import type { EditorT } from './shared.ts';

/** One language's preview: the server's HTML of its Markdown, a note when the text changed since, or its refusal. */
export default function ArticlePreview({ lang, preview, markdown, layout, t }: { lang: ContentLang; preview: Preview; markdown: string; layout: EditableArticle['layout']; t: EditorT }) {
  return (
    <section className="preview" id={`preview-${lang}`} aria-labelledby={`preview-${lang}-title`}>
      <h2 id={`preview-${lang}-title`} className="preview__title">{t(`editor.preview.title.${lang}`)}</h2>
      {preview.error && <p className="field__error">{preview.error === 'failed' ? t('editor.preview.failed') : t.message(preview.error)}</p>}
      {preview.html !== null && preview.markdown !== markdown && <p className="muted">{t('editor.preview.stale')}</p>}
      {preview.html !== null ? (
        // The HTML comes from our own server's Markdown pipeline (PreviewArticle), the one that builds the site.
        <div className={`article__body preview__body${layout === 'wide' ? ' preview__body--wide' : ''}`} lang={lang} dangerouslySetInnerHTML={{ __html: preview.html }} />
      ) : (
        <p className="muted">{t('editor.preview.empty')}</p>
      )}
    </section>
  );
}
