import { useStore } from '@nanostores/react';
import GuardError from '../shared/GuardError.tsx';
import { useCallback, useEffect, useRef, useState, type SubmitEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { GetEditableArticle, ListEditableArticles, PreviewArticle, SaveArticle, type EditableArticle } from '../../lib/api/content-admin.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $user, $userStatus } from '../../stores/user.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { useLang } from '../shared/use-lang.ts';
import { bannerUnlessHandled, COMMON, detailsUrl, LIST_PATH, problemOf, PUBLISH_ANCHOR } from './shared.ts';
import { formatDateTime } from '../../lib/format-date.ts';

type ContentLang = 'en' | 'es';
const LANGS: readonly ContentLang[] = ['en', 'es'];
type VersionKey = 'title' | 'summary' | 'bodyMarkdown';
type Row = ResultOf<typeof SaveArticle>;

const TEXT = {
  en: {
    newTitle: 'New article',
    editTitle: 'Edit article',
    back: 'Back to all articles',
    publishNote: 'Saved changes reach the site only when it is published.',
    publishLink: 'Go to “Publish site”',
    allRequired: 'All fields are required.',
    details: 'Article details',
    route: 'Article route',
    routeHintNew: 'Lowercase letters, digits and hyphens only, e.g. “checking-a-windshield-chip”. It becomes the address /articles/<route> and cannot change once saved.',
    routeHintEdit: 'The route of a saved article cannot change.',
    layout: 'Layout',
    layouts: { standard: 'Standard (text column)', wide: 'Wide (full page width)' },
    author: 'Author',
    publishedOn: 'Published on',
    publishedOnHint: 'The date shown on the article.',
    status: 'Status',
    statusHint: 'Drafts are saved but never shown on the site.',
    topics: 'Topics',
    topicsHint: 'Choose one to eight topics.',
    languages: 'Languages',
    articleTitle: 'Title',
    summary: 'Summary',
    text: 'Text (Markdown)',
    textHint: 'Markdown: “## ” starts a heading, “- ” a list item, [text](https://…) makes a link, *word* emphasises.',
    preview: (l: string) => `Preview ${l} text`,
    previewTitle: (l: string) => `Preview (${l})`,
    previewEmpty: 'Select the preview button to see the text as it will look on the site.',
    previewStale: 'The text has changed since this preview.',
    previewDone: (l: string) => `The ${l} preview is ready below the text.`,
    previewFailed: 'The preview could not be made.',
    save: 'Save article',
    saved: 'Article saved.',
    savedAt: (at: string) => `Saved ${at}. Publish the site to show the changes.`,
    lastUpdated: (at: string, by: string | null) => `Last saved ${at}${by ? ` by ${by}` : ''}.`,
    problem: 'There is a problem',
    fixFields: (n: number) => `Please correct ${n === 1 ? 'this field' : `these ${n} fields`}:`,
    errorsIn: (n: number) => `${n} error${n === 1 ? '' : 's'}`,
    notFound: 'We could not find this article.',
    notFoundHelp: 'It may have a different route. Choose it from the list of articles.',
    loading: 'Loading the article…',
  },
  es: {
    newTitle: 'Nuevo artículo',
    editTitle: 'Editar artículo',
    back: 'Volver a todos los artículos',
    publishNote: 'Los cambios guardados llegan al sitio solo cuando se publica.',
    publishLink: 'Ir a “Publicar el sitio”',
    allRequired: 'Todos los campos son obligatorios.',
    details: 'Datos del artículo',
    route: 'Ruta del artículo',
    routeHintNew: 'Solo minúsculas, dígitos y guiones, p. ej. “revisar-una-astilla”. Será la dirección /articles/<ruta> y no podrá cambiar una vez guardado.',
    routeHintEdit: 'La ruta de un artículo guardado no puede cambiar.',
    layout: 'Diseño',
    layouts: { standard: 'Estándar (columna de texto)', wide: 'Ancho (toda la página)' },
    author: 'Autor',
    publishedOn: 'Fecha de publicación',
    publishedOnHint: 'La fecha que muestra el artículo.',
    status: 'Estado',
    statusHint: 'Los borradores se guardan pero nunca se muestran en el sitio.',
    topics: 'Temas',
    topicsHint: 'Elija de uno a ocho temas.',
    languages: 'Idiomas',
    articleTitle: 'Título',
    summary: 'Resumen',
    text: 'Texto (Markdown)',
    textHint: 'Markdown: “## ” inicia un título, “- ” un elemento de lista, [texto](https://…) crea un enlace, *palabra* resalta.',
    preview: (l: string) => `Vista previa del texto en ${l.toLowerCase()}`,
    previewTitle: (l: string) => `Vista previa (${l.toLowerCase()})`,
    previewEmpty: 'Use el botón de vista previa para ver el texto como se verá en el sitio.',
    previewStale: 'El texto cambió desde esta vista previa.',
    previewDone: (l: string) => `La vista previa en ${l.toLowerCase()} está lista debajo del texto.`,
    previewFailed: 'No se pudo crear la vista previa.',
    save: 'Guardar artículo',
    saved: 'Artículo guardado.',
    savedAt: (at: string) => `Guardado ${at}. Publique el sitio para mostrar los cambios.`,
    lastUpdated: (at: string, by: string | null) => `Guardado por última vez ${at}${by ? ` por ${by}` : ''}.`,
    problem: 'Hay un problema',
    fixFields: (n: number) => `Corrija ${n === 1 ? 'este campo' : `estos ${n} campos`}:`,
    errorsIn: (n: number) => `${n} error${n === 1 ? '' : 'es'}`,
    notFound: 'No encontramos este artículo.',
    notFoundHelp: 'Puede tener otra ruta. Elíjalo en la lista de artículos.',
    loading: 'Cargando el artículo…',
  },
} as const;

/** The id of a field's control ('en.title' → 'f-en-title'). */
const fid = (key: string) => `f-${key.replace(/\./g, '-')}`;
/** The form's field keys, in screen order (error paths are matched to them). */
const FIELD_KEYS = ['articleRoute', 'layout', 'author', 'publishedOn', 'status', 'tags', ...LANGS.flatMap((l) => ['title', 'summary', 'bodyMarkdown'].map((k) => `${l}.${k}`))];

/** The field an error path belongs to ('article.en.title' → 'en.title', 'article.tags.2' → 'tags'), or null. */
function fieldOf(path: string): string | null {
  const p = path.replace(/^article\./, '');
  return FIELD_KEYS.find((k) => p === k || p.startsWith(`${k}.`)) ?? null;
}

const today = () => new Date().toLocaleDateString('en-CA');

function blankArticle(author: string): EditableArticle {
  const version = { title: '', summary: '', bodyMarkdown: '' };
  return { articleRoute: '', layout: 'standard', author, publishedOn: today(), status: 'draft', tags: [], en: { ...version }, es: { ...version } };
}

interface Preview {
  html: string | null;
  markdown: string;
  loading: boolean;
  error: string | null;
}
const NO_PREVIEW: Preview = { html: null, markdown: '', loading: false, error: null };

/**
 * The article form (internal admins): a new article, or the one named by ?articleRoute=. Both languages in
 * tabs, a preview per language (the server's Markdown pipeline), field errors of a 400 next to each field.
 * Nothing typed is lost when saving fails; a saved new article moves to its edit URL.
 */
export default function ArticleEditor() {
  const { lang, s } = useLang();
  const x = TEXT[lang];
  const c = COMMON[lang];
  const userStatus = useStore($userStatus);
  const user = useStore($user);

  // The article the page opened with (loaded once); a saved new article takes its route without reloading.
  const [initialRoute] = useState<string | null>(() => new URLSearchParams(window.location.search).get('articleRoute'));
  const [routeParam, setRouteParam] = useState(initialRoute);
  const [article, setArticle] = useState<EditableArticle | null>(null);
  const [tags, setTags] = useState<Record<string, string> | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'not-found' | 'failed'>('loading');
  const [tab, setTab] = useState<ContentLang>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedRow, setSavedRow] = useState<{ row: Row; justNow: boolean } | null>(null);
  const [previews, setPreviews] = useState<Record<ContentLang, Preview>>({ en: NO_PREVIEW, es: NO_PREVIEW });
  const [announce, setAnnounce] = useState('');
  const summaryRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef<Record<ContentLang, HTMLButtonElement | null>>({ en: null, es: null });
  const isNew = routeParam === null;
  const langName = (l: ContentLang) => (l === 'en' ? c.english : c.spanish);

  const load = useCallback(async () => {
    setState('loading');
    try {
      const [list, found] = await Promise.all([
        api.call(ListEditableArticles, {}),
        initialRoute === null
          ? Promise.resolve(null)
          : api.call(GetEditableArticle, { articleRoute: initialRoute }, { ignoreErrors: true }).catch((err: unknown) => {
              const p = problemOf(err);
              if (p.status === 400 || p.status === 404) return 'not-found' as const;
              bannerUnlessHandled(p.status, []);
              throw err;
            }),
      ]);
      setTags(list.tags);
      if (found === 'not-found') {
        setState('not-found');
        return;
      }
      if (found) {
        setArticle(found);
        const row = list.articles.find((a) => a.articleRoute === found.articleRoute);
        if (row) setSavedRow({ row, justNow: false });
      } else {
        const d = $user.get().userDetails;
        setArticle(blankArticle(d ? `${d.firstName} ${d.lastName}`.trim() : ''));
      }
      setState('ready');
    } catch {
      setState('failed');
    }
  }, [initialRoute]);

  useEffect(() => {
    if (userStatus === 'ready') void load();
  }, [userStatus, load]);

  if (userStatus === 'error') {
    return <GuardError />;
  }
  if (userStatus !== 'ready' || !user.userDetails) return <p className="muted page-loading" aria-busy="true">{s.loading}</p>;

  const backLink = (
    <p className="editor__back">
      <a href={LIST_PATH}>← {x.back}</a>
    </p>
  );
  if (state === 'loading') {
    return (
      <div className="editor">
        {backLink}
        <p className="muted" aria-busy="true">
          <span className="spinner spinner--small" aria-hidden="true" /> {x.loading}
        </p>
      </div>
    );
  }
  if (state === 'not-found' || state === 'failed' || !article || !tags) {
    return (
      <div className="editor">
        {backLink}
        <div className="card empty" role="alert">
          <h1>{state === 'not-found' ? x.notFound : c.loadFailed}</h1>
          {state === 'not-found' ? (
            <p>{x.notFoundHelp}</p>
          ) : (
            <button type="button" className="btn btn--primary" onClick={() => void load()}>
              {s.retry}
            </button>
          )}
        </div>
      </div>
    );
  }

  const clearError = (key: string) => {
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const update = <K extends keyof EditableArticle>(key: K, value: EditableArticle[K]) => {
    setArticle((a) => (a ? { ...a, [key]: value } : a));
    clearError(key);
  };
  const updateVersion = (l: ContentLang, key: VersionKey, value: string) => {
    setArticle((a) => (a ? { ...a, [l]: { ...a[l], [key]: value } } : a));
    clearError(`${l}.${key}`);
  };
  const toggleTag = (key: string, on: boolean) => {
    update('tags', on ? [...article.tags, key] : article.tags.filter((t) => t !== key));
  };

  /** aria-invalid and aria-describedby of a control (its hint, then its error). */
  const described = (key: string, hint = false) => {
    const ids = [hint ? `${fid(key)}-hint` : '', errors[key] ? `${fid(key)}-error` : ''].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': ids || undefined } as const;
  };
  const errorText = (key: string) =>
    errors[key] ? (
      <p className="field__error" id={`${fid(key)}-error`}>
        {errors[key]}
      </p>
    ) : null;
  const labelOf = (key: string): string => {
    const [first, second] = key.split('.') as [string, VersionKey | undefined];
    if (second) {
      const name = second === 'title' ? x.articleTitle : second === 'summary' ? x.summary : x.text;
      return `${langName(first as ContentLang)} – ${name}`;
    }
    return ({ articleRoute: x.route, layout: x.layout, author: x.author, publishedOn: x.publishedOn, status: x.status, tags: x.topics } as Record<string, string>)[first] ?? first;
  };
  const errorsIn = (l: ContentLang) => Object.keys(errors).filter((k) => k.startsWith(`${l}.`)).length;

  /** Moves to a field from the error summary (switching language tab when needed). */
  const goToField = (e: MouseEvent<HTMLAnchorElement>, key: string) => {
    e.preventDefault();
    const l = key.split('.')[0] as ContentLang;
    if (LANGS.includes(l)) setTab(l);
    // The tab panel shows on the next render; focus then.
    setTimeout(() => {
      const el = document.getElementById(fid(key));
      const target = el?.matches('input, select, textarea') ? el : el?.querySelector('input');
      target?.focus();
    }, 0);
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, l: ContentLang) => {
    const i = LANGS.indexOf(l);
    let next: ContentLang | undefined;
    if (e.key === 'ArrowRight') next = LANGS[(i + 1) % LANGS.length];
    else if (e.key === 'ArrowLeft') next = LANGS[(i - 1 + LANGS.length) % LANGS.length];
    else if (e.key === 'Home') next = LANGS[0];
    else if (e.key === 'End') next = LANGS[LANGS.length - 1];
    if (!next) return;
    e.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const preview = async (l: ContentLang) => {
    const markdown = article[l].bodyMarkdown;
    setPreviews((p) => ({ ...p, [l]: { ...p[l], loading: true, error: null } }));
    setAnnounce('');
    try {
      const { html } = await api.call(PreviewArticle, { lang: l, bodyMarkdown: markdown }, { ignoreErrors: true });
      setPreviews((p) => ({ ...p, [l]: { html, markdown, loading: false, error: null } }));
      setAnnounce(x.previewDone(langName(l)));
    } catch (err) {
      const p = problemOf(err);
      bannerUnlessHandled(p.status, [400]);
      const message = p.status === 400 ? (p.errors[0]?.message ?? p.message) : x.previewFailed;
      setPreviews((pv) => ({ ...pv, [l]: { ...pv[l], loading: false, error: message } }));
      setAnnounce(message);
    }
  };

  const save = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    setFormError(null);
    setSavedRow((r) => (r ? { ...r, justNow: false } : r));
    try {
      const row = await withWaiting(() => api.call(SaveArticle, { isNew, article }, { ignoreErrors: true }));
      setSavedRow({ row, justNow: true });
      showAlert('success', x.saved);
      if (isNew) {
        // Now an existing article: its edit URL, route locked (no reload: the form and the alert stay).
        window.history.replaceState(null, '', detailsUrl(row.articleRoute || article.articleRoute));
        setRouteParam(row.articleRoute || article.articleRoute);
      }
    } catch (err) {
      const p = problemOf(err);
      bannerUnlessHandled(p.status, [400, 404, 409]);
      if (p.status === 400 || p.status === 404 || p.status === 409) {
        const byField: Record<string, string> = {};
        const other: string[] = [];
        for (const fe of p.errors) {
          const key = fieldOf(fe.path);
          if (key && !byField[key]) byField[key] = fe.message;
          else if (!key) other.push(fe.message);
        }
        // A new article whose route is taken: say so at the route.
        if (p.status === 409 && isNew && !p.errors.length) byField.articleRoute = p.message;
        setErrors(byField);
        const keys = Object.keys(byField);
        setFormError(other.length ? other.join(' ') : keys.length ? null : p.message);
        // Show the language with the first error when the open one has none.
        const firstLang = FIELD_KEYS.filter((k) => byField[k]).map((k) => k.split('.')[0]).find((k): k is ContentLang => LANGS.includes(k as ContentLang));
        if (firstLang && !keys.some((k) => k.startsWith(`${tab}.`))) setTab(firstLang);
        setTimeout(() => summaryRef.current?.focus(), 0);
      }
    } finally {
      setSaving(false);
    }
  };

  const errorKeys = FIELD_KEYS.filter((k) => errors[k]);
  const tagEntries = Object.entries(tags);
  for (const t of article.tags) if (!tags[t]) tagEntries.push([t, t]);

  return (
    <div className="editor">
      {backLink}
      <h1>
        {isNew ? x.newTitle : x.editTitle}
        {!isNew && article.en.title && (
          <span className="editor__subtitle" lang="en">
            {article.en.title}
          </span>
        )}
      </h1>
      <p className="notice editor__publish-note">
        <span>
          {x.publishNote} <a href={`${LIST_PATH}#${PUBLISH_ANCHOR}`}>{x.publishLink}</a>
        </span>
      </p>
      {savedRow && !savedRow.justNow && (
        <p className="muted">{x.lastUpdated(formatDateTime(savedRow.row.updatedAt, lang), savedRow.row.updatedBy)}</p>
      )}

      {(errorKeys.length > 0 || formError) && (
        <div className="form-error error-summary" ref={summaryRef} tabIndex={-1}>
          <div role="alert">
            <h2 id="error-summary-title">{x.problem}</h2>
            {formError && <p>{formError}</p>}
            {errorKeys.length > 0 && (
              <>
                <p>{x.fixFields(errorKeys.length)}</p>
                <ul>
                  {errorKeys.map((k) => (
                    <li key={k}>
                      <a href={`#${fid(k)}`} onClick={(e) => goToField(e, k)}>
                        {labelOf(k)}: {errors[k]}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      )}

      <form className="editor__form" onSubmit={(e) => void save(e)} noValidate aria-describedby="all-required">
        <p id="all-required" className="muted">{x.allRequired}</p>
        <fieldset className="card editor__fieldset">
          <legend>{x.details}</legend>
          <div className="field">
            <label htmlFor={fid('articleRoute')}>{x.route}</label>
            <input
              id={fid('articleRoute')}
              value={article.articleRoute}
              onChange={(e) => update('articleRoute', e.target.value)}
              readOnly={!isNew}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              aria-required="true"
              {...described('articleRoute', true)}
            />
            <p className="field__hint" id={`${fid('articleRoute')}-hint`}>
              {isNew ? x.routeHintNew : x.routeHintEdit}
            </p>
            {errorText('articleRoute')}
          </div>
          <div className="editor__row">
            <div className="field">
              <label htmlFor={fid('layout')}>{x.layout}</label>
              <select id={fid('layout')} value={article.layout} onChange={(e) => update('layout', e.target.value as EditableArticle['layout'])} {...described('layout')}>
                <option value="standard">{x.layouts.standard}</option>
                <option value="wide">{x.layouts.wide}</option>
              </select>
              {errorText('layout')}
            </div>
            <div className="field">
              <label htmlFor={fid('author')}>{x.author}</label>
              <input id={fid('author')} value={article.author} maxLength={120} onChange={(e) => update('author', e.target.value)} autoComplete="name" aria-required="true" {...described('author')} />
              {errorText('author')}
            </div>
            <div className="field">
              <label htmlFor={fid('publishedOn')}>{x.publishedOn}</label>
              <input id={fid('publishedOn')} type="date" value={article.publishedOn} onChange={(e) => update('publishedOn', e.target.value)} aria-required="true" {...described('publishedOn', true)} />
              <p className="field__hint" id={`${fid('publishedOn')}-hint`}>{x.publishedOnHint}</p>
              {errorText('publishedOn')}
            </div>
          </div>
          <fieldset className="choice-group" id={fid('status')} aria-describedby={[`${fid('status')}-hint`, errors.status ? `${fid('status')}-error` : ''].filter(Boolean).join(' ')}>
            <legend>{x.status}</legend>
            <p className="field__hint" id={`${fid('status')}-hint`}>{x.statusHint}</p>
            {(['draft', 'published'] as const).map((st) => (
              <label key={st} className="choice">
                <input type="radio" name="status" value={st} checked={article.status === st} onChange={() => update('status', st)} aria-invalid={errors.status ? true : undefined} />
                {st === 'draft' ? c.draft : c.published}
              </label>
            ))}
            {errorText('status')}
          </fieldset>
          <fieldset className="choice-group" id={fid('tags')} aria-describedby={[`${fid('tags')}-hint`, errors.tags ? `${fid('tags')}-error` : ''].filter(Boolean).join(' ')}>
            <legend>{x.topics}</legend>
            <p className="field__hint" id={`${fid('tags')}-hint`}>{x.topicsHint}</p>
            <div className="choice-grid">
              {tagEntries.map(([key, label]) => (
                <label key={key} className="choice">
                  <input type="checkbox" value={key} checked={article.tags.includes(key)} onChange={(e) => toggleTag(key, e.target.checked)} aria-invalid={errors.tags ? true : undefined} />
                  {label}
                </label>
              ))}
            </div>
            {errorText('tags')}
          </fieldset>
        </fieldset>

        <div className="card editor__langs">
          <div role="tablist" aria-label={x.languages} className="tabs">
            {LANGS.map((l) => (
              <button
                key={l}
                type="button"
                role="tab"
                id={`tab-${l}`}
                aria-selected={tab === l}
                aria-controls={`panel-${l}`}
                tabIndex={tab === l ? 0 : -1}
                className="tabs__tab"
                ref={(el) => {
                  tabRefs.current[l] = el;
                }}
                onClick={() => setTab(l)}
                onKeyDown={(e) => onTabKey(e, l)}
              >
                {langName(l)}
                {errorsIn(l) > 0 && <span className="tabs__errors"> ({x.errorsIn(errorsIn(l))})</span>}
              </button>
            ))}
          </div>
          {LANGS.map((l) => {
            const pv = previews[l];
            return (
              <div key={l} role="tabpanel" id={`panel-${l}`} aria-labelledby={`tab-${l}`} hidden={tab !== l} className="tabs__panel">
                <div className="field">
                  <label htmlFor={fid(`${l}.title`)}>{x.articleTitle}</label>
                  <input id={fid(`${l}.title`)} lang={l} value={article[l].title} maxLength={200} onChange={(e) => updateVersion(l, 'title', e.target.value)} aria-required="true" {...described(`${l}.title`)} />
                  {errorText(`${l}.title`)}
                </div>
                <div className="field">
                  <label htmlFor={fid(`${l}.summary`)}>{x.summary}</label>
                  <textarea id={fid(`${l}.summary`)} lang={l} rows={3} maxLength={300} value={article[l].summary} onChange={(e) => updateVersion(l, 'summary', e.target.value)} aria-required="true" {...described(`${l}.summary`)} />
                  {errorText(`${l}.summary`)}
                </div>
                <div className="field">
                  <label htmlFor={fid(`${l}.bodyMarkdown`)}>{x.text}</label>
                  <textarea
                    id={fid(`${l}.bodyMarkdown`)}
                    lang={l}
                    rows={18}
                    className="editor__markdown"
                    value={article[l].bodyMarkdown}
                    onChange={(e) => updateVersion(l, 'bodyMarkdown', e.target.value)}
                    aria-required="true"
                    {...described(`${l}.bodyMarkdown`, true)}
                  />
                  <p className="field__hint" id={`${fid(`${l}.bodyMarkdown`)}-hint`}>{x.textHint}</p>
                  {errorText(`${l}.bodyMarkdown`)}
                </div>
                <button type="button" className="btn btn--secondary" onClick={() => void preview(l)} disabled={pv.loading} aria-controls={`preview-${l}`}>
                  {pv.loading && <span className="spinner spinner--small" aria-hidden="true" />}
                  {x.preview(langName(l))}
                </button>
                <section className="preview" id={`preview-${l}`} aria-labelledby={`preview-${l}-title`}>
                  <h2 id={`preview-${l}-title`} className="preview__title">{x.previewTitle(langName(l))}</h2>
                  {pv.error && <p className="field__error">{pv.error}</p>}
                  {pv.html !== null && pv.markdown !== article[l].bodyMarkdown && <p className="muted">{x.previewStale}</p>}
                  {pv.html !== null ? (
                    // The HTML comes from our own server's Markdown pipeline (PreviewArticle), the one that builds the site.
                    <div className={`article__body preview__body${article.layout === 'wide' ? ' preview__body--wide' : ''}`} lang={l} dangerouslySetInnerHTML={{ __html: pv.html }} />
                  ) : (
                    <p className="muted">{x.previewEmpty}</p>
                  )}
                </section>
              </div>
            );
          })}
        </div>

        <div className="editor__actions">
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {x.save}
          </button>
          <a href={LIST_PATH}>{x.back}</a>
        </div>
        <p role="status" className="editor__saved">
          {savedRow?.justNow ? x.savedAt(formatDateTime(savedRow.row.updatedAt, lang)) : ''}
        </p>
      </form>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </div>
  );
}
