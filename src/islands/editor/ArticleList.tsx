import { useStore } from '@nanostores/react';
import GuardError from '../shared/GuardError.tsx';
import { useCallback, useEffect, useState } from 'react';
import { ListEditableArticles } from '../../lib/api/content-admin.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import { api } from '../../stores/api.ts';
import { $userStatus } from '../../stores/user.ts';
import { useLang } from '../shared/use-lang.ts';
import PublishPanel from './PublishPanel.tsx';
import { COMMON, DETAILS_PATH, detailsUrl } from './shared.ts';
import { formatDateTime } from '../../lib/format-date.ts';

const TEXT = {
  en: {
    title: 'Articles',
    intro: 'Write and edit the articles of the content hub, in English and Spanish. Saved changes reach the site when it is published.',
    newArticle: 'New article',
    caption: (n: number, drafts: number) => `${n} article${n === 1 ? '' : 's'}${drafts ? `, ${drafts} draft${drafts === 1 ? '' : 's'}` : ''}`,
    titleEn: 'Title (English)',
    titleEs: 'Title (Spanish)',
    status: 'Status',
    topics: 'Topics',
    updated: 'Updated',
    by: 'by',
    empty: 'There are no articles yet.',
    emptyHelp: 'Create the first one with “New article”.',
    loading: 'Loading the articles…',
    tableLabel: 'Articles table',
  },
  es: {
    title: 'Artículos',
    intro: 'Escriba y edite los artículos del centro de contenido, en inglés y en español. Los cambios guardados llegan al sitio cuando se publica.',
    newArticle: 'Nuevo artículo',
    caption: (n: number, drafts: number) => `${n} artículo${n === 1 ? '' : 's'}${drafts ? `, ${drafts} borrador${drafts === 1 ? '' : 'es'}` : ''}`,
    titleEn: 'Título (inglés)',
    titleEs: 'Título (español)',
    status: 'Estado',
    topics: 'Temas',
    updated: 'Actualizado',
    by: 'por',
    empty: 'Todavía no hay artículos.',
    emptyHelp: 'Cree el primero con “Nuevo artículo”.',
    loading: 'Cargando los artículos…',
    tableLabel: 'Tabla de artículos',
  },
} as const;

type ListResult = ResultOf<typeof ListEditableArticles>;

/** The editor's list (internal admins): every article, drafts included, and the "Publish site" panel. */
export default function ArticleList() {
  const { lang, s } = useLang();
  const x = TEXT[lang];
  const c = COMMON[lang];
  const userStatus = useStore($userStatus);
  const [list, setList] = useState<ListResult | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setList(await api.call(ListEditableArticles, {}));
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    if (userStatus === 'ready') void load();
  }, [userStatus, load]);

  if (userStatus === 'error') {
    return <GuardError />;
  }
  if (userStatus !== 'ready') return <p className="muted page-loading" aria-busy="true">{s.loading}</p>;

  const drafts = list?.articles.filter((a) => a.status === 'draft').length ?? 0;
  const tagLabel = (key: string) => list?.tags[key] ?? key;

  return (
    <div className="editor">
      <div className="editor__head">
        <div>
          <h1>{x.title}</h1>
          <p className="muted">{x.intro}</p>
        </div>
        <a className="btn btn--primary" href={DETAILS_PATH}>
          {x.newArticle}
        </a>
      </div>
      <div className="editor__grid">
        <section aria-labelledby="articles-title" className="editor__main">
          <h2 id="articles-title" className="visually-hidden">{c.allArticles}</h2>
          {failed ? (
            <div className="card" role="alert">
              <p>{c.loadFailed}</p>
              <button type="button" className="btn btn--primary" onClick={() => void load()}>
                {s.retry}
              </button>
            </div>
          ) : !list ? (
            <p className="muted editor__loading" aria-busy="true">
              <span className="spinner spinner--small" aria-hidden="true" /> {x.loading}
            </p>
          ) : list.articles.length === 0 ? (
            <div className="card empty" data-testid="no-articles">
              <p><strong>{x.empty}</strong></p>
              <p>{x.emptyHelp}</p>
            </div>
          ) : (
            <div className="table-wrap" role="region" aria-label={x.tableLabel} tabIndex={0}>
              <table className="table">
                <caption>{x.caption(list.articles.length, drafts)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{x.titleEn}</th>
                    <th scope="col">{x.titleEs}</th>
                    <th scope="col">{x.status}</th>
                    <th scope="col">{x.topics}</th>
                    <th scope="col">{x.updated}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.articles.map((a) => (
                    <tr key={a.articleRoute} data-article-route={a.articleRoute}>
                      <th scope="row">
                        <a href={detailsUrl(a.articleRoute)} lang="en">{a.titleEn}</a>
                        <span className="table__sub">{a.articleRoute}</span>
                      </th>
                      <td lang="es">{a.titleEs}</td>
                      <td>
                        <span className={`status status--${a.status}`}>{a.status === 'draft' ? c.draft : c.published}</span>
                      </td>
                      <td>{a.tags.map(tagLabel).join(', ')}</td>
                      <td>
                        <time dateTime={a.updatedAt}>{formatDateTime(a.updatedAt, lang)}</time>
                        {a.updatedBy && (
                          <span className="table__sub">
                            {x.by} {a.updatedBy}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <PublishPanel lang={lang} />
      </div>
    </div>
  );
}
