/**
 * The internal admins' co-branding screen (/dashboard/cobranded-agencies, issue 17): the co-branded or tagged
 * agencies (client tag, logo, who changed it), a search for any other agency, and a form that co-brands an agency,
 * sets its client tag and uploads its logo (PNG, JPEG or WebP up to 256 KB: checked here and again by the server,
 * which reads the type from the bytes). Calls: src/lib/api/cobranded.ts; docs/decisions/030.
 */
import { useEffect, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { CLIENT_TAG, GetCobrandedAgencies, MAX_LOGO_BYTES, SaveCobrandedAgency, type CobrandedAgency } from '../../lib/api/cobranded.ts';
import type { Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { Field } from '../shared/Field.tsx';
import { CallView } from '../shared/PageState.tsx';
import { readBase64 } from '../shared/read-file.ts';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

type Words = Translator<'admin' | 'messages' | 'common'>;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export default function CobrandedAgencies() {
  const t = useT('admin', 'messages');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [version, setVersion] = useState(0);
  const call = useCall(`cobrand:${query}:${version}`, () => api.call(GetCobrandedAgencies, query ? { Search: query } : {}));
  const [editing, setEditing] = useState<CobrandedAgency | null>(null);
  const [focusTarget, focusLater] = useState<string | null>(null);
  useEffect(() => {
    // The list may be reloading: focus once the control is there.
    const el = focusTarget && document.getElementById(focusTarget);
    if (!el) return;
    el.focus();
    focusLater(null);
  }, [focusTarget, call.data, editing]);
  if (!t) return null;

  const onSearch = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setEditing(null);
    setQuery(search.trim());
  };

  return (
    <section className="flow" data-testid="cobranded-agencies">
      <div className="page-head">
        <h1>{t('admin.cobrand.title')}</h1>
        <p className="muted">{t('admin.cobrand.intro')}</p>
      </div>
      <form className="admin-filters" role="search" onSubmit={onSearch}>
        <Field id="cobrand-search" label={t('admin.cobrand.search')} hint={t('admin.cobrand.searchHint')}>
          {(aria) => <input {...aria} type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />}
        </Field>
        <button type="submit" className="btn btn--secondary">
          {t('admin.cobrand.find')}
        </button>
      </form>
      {editing && (
        <CobrandForm
          key={editing.agencyNumber}
          t={t}
          agency={editing}
          onDone={(saved) => {
            const number = editing.agencyNumber;
            setEditing(null);
            if (saved) {
              showAlert('success', t('admin.cobrand.saved', { agency: saved.agencyName }));
              setVersion((v) => v + 1);
            }
            focusLater(`cobrand-edit-${number}`);
          }}
        />
      )}
      <h2>{t(query ? 'admin.cobrand.results' : 'admin.cobrand.listTitle')}</h2>
      <CallView
        call={call}
        loadingText={t('admin.cobrand.loading')}
        failedText={t('admin.cobrand.loadFailed')}
        emptyText={t(query ? 'admin.cobrand.noMatch' : 'admin.cobrand.empty')}
        isEmpty={(d) => d.agencies.length === 0}
      >
        {(d) => <AgencyTable t={t} list={d.agencies} onEdit={(a) => (setEditing(a), focusLater('cobrand-is'))} />}
      </CallView>
    </section>
  );
}

function AgencyTable({ t, list, onEdit }: { t: Words; list: CobrandedAgency[]; onEdit: (a: CobrandedAgency) => void }) {
  const when = (iso: string) => new Intl.DateTimeFormat(t.lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' }).format(new Date(iso));
  return (
    <div className="table-wrap" role="region" aria-label={t('admin.cobrand.listTitle')} tabIndex={0}>
      <table className="table" data-testid="cobrand-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.cobrand.colAgency')}</th>
            <th scope="col">{t('admin.cobrand.colTag')}</th>
            <th scope="col">{t('admin.cobrand.colCobranded')}</th>
            <th scope="col">{t('admin.cobrand.colLogo')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('admin.requests.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((a) => (
            <tr key={a.agencyNumber} data-agency={a.agencyNumber}>
              <td>
                {a.agencyName}
                <br />
                <span className="muted">{a.agencyNumber}</span>
              </td>
              <td>{a.clientTag ?? <span className="muted">{t('admin.cobrand.none')}</span>}</td>
              <td>{t(a.isCobranded ? 'admin.cobrand.yes' : 'admin.cobrand.no')}</td>
              <td>
                {a.logo ? (
                  t('admin.cobrand.logoInfo', { type: a.logo.contentType.replace('image/', '').toUpperCase(), size: Math.max(1, Math.round(a.logo.bytes / 1024)), by: a.logo.updatedBy, date: when(a.logo.updatedAt) })
                ) : (
                  <span className="muted">{t('admin.cobrand.noLogo')}</span>
                )}
              </td>
              <td>
                <button id={`cobrand-edit-${a.agencyNumber}`} type="button" className="btn btn--secondary" onClick={() => onEdit(a)} aria-label={t('admin.cobrand.editLabel', { agency: a.agencyName })}>
                  {t('admin.cobrand.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CobrandForm({ t, agency, onDone }: { t: Words; agency: CobrandedAgency; onDone: (saved: CobrandedAgency | null) => void }) {
  const [isCobranded, setIsCobranded] = useState(agency.isCobranded);
  const [tag, setTag] = useState(agency.clientTag ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<{ field?: string; text: string }[]>([]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    setFile(f);
    setPreview(f && LOGO_TYPES.includes(f.type) ? URL.createObjectURL(f) : null);
  };
  const problems = () => {
    const p: { field: string; text: string }[] = [];
    if (tag.trim() && !CLIENT_TAG.test(tag.trim())) p.push({ field: 'cobrand-tag', text: t('messages.cobrandClientTagRule') });
    if (file && !LOGO_TYPES.includes(file.type)) p.push({ field: 'cobrand-logo', text: t('messages.cobrandLogoType') });
    else if (file && file.size > MAX_LOGO_BYTES) p.push({ field: 'cobrand-logo', text: t('messages.cobrandLogoSize') });
    const willHaveLogo = Boolean(file) || (Boolean(agency.logo) && !removeLogo);
    if (isCobranded && !willHaveLogo) p.push({ field: 'cobrand-logo', text: t('messages.cobrandLogoNeeded') });
    return p;
  };
  const onSubmit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const p = problems();
    setErrors(p);
    if (p.length) return;
    try {
      const LogoBase64 = file ? await readBase64(file) : null;
      const saved = await withWaiting(() =>
        api.call(SaveCobrandedAgency, { AgencyNumber: agency.agencyNumber, IsCobranded: isCobranded, ClientTag: tag.trim(), LogoBase64, RemoveLogo: removeLogo && !file }, { ignoreErrors: true }),
      );
      onDone(saved);
    } catch (err) {
      const reply = err instanceof ApiError && err.status < 500 ? replyOf(err) : null;
      const field = reply && /tag/i.test(reply.message) ? 'cobrand-tag' : reply && /logo/i.test(reply.message) ? 'cobrand-logo' : undefined;
      setErrors([{ field, text: reply ? t.message(reply) : t('messages.genericError') }]);
    }
  };
  const errorOf = (id: string) => errors.find((x) => x.field === id)?.text;

  return (
    <form className="card flow" aria-labelledby="cobrand-form-title" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="cobrand-form">
      <h2 id="cobrand-form-title">{t('admin.cobrand.formTitle', { agency: agency.agencyName })}</h2>
      {errors.length > 0 && <ErrorSummary title={t('admin.cobrand.errorsTitle')} errors={errors} />}
      <div className="field">
        <label className="choice">
          <input id="cobrand-is" type="checkbox" checked={isCobranded} onChange={(e) => setIsCobranded(e.target.checked)} /> {t('admin.cobrand.isCobranded')}
        </label>
      </div>
      <Field id="cobrand-tag" label={t('admin.cobrand.tag')} hint={t('admin.cobrand.tagHint')} marker={t('admin.cobrand.optional')} error={errorOf('cobrand-tag')}>
        {(aria) => <input {...aria} value={tag} maxLength={40} autoComplete="off" spellCheck={false} onChange={(e) => setTag(e.target.value)} />}
      </Field>
      {tag.trim() && CLIENT_TAG.test(tag.trim()) && (
        <p className="muted">
          {t('admin.cobrand.link')} <code>{`${typeof location === 'undefined' ? '' : location.origin}/dashboard/start-claim?clientTag=${tag.trim()}`}</code>
        </p>
      )}
      <Field id="cobrand-logo" label={t('admin.cobrand.logo')} hint={t('admin.cobrand.logoHint')} error={errorOf('cobrand-logo')}>
        {(aria) => <input {...aria} type="file" accept={LOGO_TYPES.join(',')} onChange={onFile} />}
      </Field>
      {preview && <img className="cobrand-preview" src={preview} alt={t('admin.cobrand.preview')} width="148" height="36" />}
      {agency.logo && !file && (
        <div className="field">
          <label className="choice">
            <input id="cobrand-remove" type="checkbox" checked={removeLogo} onChange={(e) => setRemoveLogo(e.target.checked)} /> {t('admin.cobrand.removeLogo')}
          </label>
        </div>
      )}
      <p className="actions">
        <button type="submit" className="btn btn--primary">
          {t('admin.cobrand.save')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => onDone(null)}>
          {t('admin.cancel')}
        </button>
      </p>
    </form>
  );
}
