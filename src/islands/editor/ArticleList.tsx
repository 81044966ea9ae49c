import { ListEditableArticles } from '../../lib/api/content-admin.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { api } from '../../stores/api.ts';
import { CallView, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import PublishPanel from './PublishPanel.tsx';
import { DETAILS_PATH, detailsUrl, type EditorT } from './shared.ts';

type ListResult = ResultOf<typeof ListEditableArticles>;

/** The editor's list (internal admins): every article, drafts included, and the "Publish site" panel. */
export default function ArticleList() {
  const t = useT('editor', 'messages');
  return <UserGate t={t}>{(_user, words) => <ListPage t={words} />}</UserGate>;
}

/** The list page once the user and the words are there. */
function ListPage({ t }: { t: EditorT }) {
  const call = useCall('articles', () => api.call(ListEditableArticles, {}));
  return (
    <div className="editor">
      <div className="editor__head">
        <div>
          <h1>{t('editor.list.title')}</h1>
          <p className="muted">{t('editor.list.intro')}</p>
        </div>
        <a className="btn btn--primary" href={DETAILS_PATH}>
          {t('editor.list.newArticle')}
        </a>
      </div>
      <div className="editor__grid">
        <section aria-labelledby="articles-title" className="editor__main">
          <h2 id="articles-title" className="visually-hidden">
            {t('editor.allArticles')}
          </h2>
          <CallView call={call} loadingText={t('editor.list.loading')} failedText={t('editor.loadFailed')}>
            {(list) => <ArticlesTable list={list} t={t} />}
          </CallView>
        </section>
        <PublishPanel t={t} />
      </div>
    </div>
  );
}

/** The articles, or a note that there are none yet. */
function ArticlesTable({ list, t }: { list: ListResult; t: EditorT }) {
  if (list.articles.length === 0) {
    return (
      <div className="card empty" data-testid="no-articles">
        <p>
          <strong>{t('editor.list.empty')}</strong>
        </p>
        <p>{t('editor.list.emptyHelp')}</p>
      </div>
    );
  }
  const drafts = list.articles.filter((article) => article.status === 'draft').length;
  const tagLabel = (key: string) => list.tags[key] ?? key;
  return (
    <div className="table-wrap" role="region" aria-label={t('editor.list.tableLabel')} tabIndex={0}>
      <table className="table">
        <caption>
          {t.plural('editor.list.caption', list.articles.length)}
          {drafts > 0 && t.plural('editor.list.captionDrafts', drafts)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('editor.list.titleEn')}</th>
            <th scope="col">{t('editor.list.titleEs')}</th>
            <th scope="col">{t('editor.list.status')}</th>
            <th scope="col">{t('editor.list.topics')}</th>
            <th scope="col">{t('editor.list.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {list.articles.map((article) => (
            <tr key={article.articleRoute} data-article-route={article.articleRoute}>
              <th scope="row">
                <a href={detailsUrl(article.articleRoute)} lang="en">
                  {article.titleEn}
                </a>
                <span className="table__sub">{article.articleRoute}</span>
              </th>
              <td lang="es">{article.titleEs}</td>
              <td>
                <span className={`status status--${article.status}`}>{t(`editor.status.${article.status}`)}</span>
              </td>
              <td>{article.tags.map(tagLabel).join(', ')}</td>
              <td>
                <time dateTime={article.updatedAt}>{formatDateTime(article.updatedAt, t.lang)}</time>
                {article.updatedBy && (
                  <span className="table__sub">
                    {t('editor.list.by')} {article.updatedBy}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
