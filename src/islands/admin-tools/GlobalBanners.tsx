/**
 * The internal admins' banner screen (/dashboard/global-banner, issue 15): the banners (title, dates, whether it
 * shows now, who changed it last), a form to create or edit one with section 5's rules (checked here on Save and
 * again by the server, src/lib/banner.ts), and deleting one after a confirmation. Calls: src/lib/api/global-banner.ts;
 * docs/decisions/024.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { CreateBanner, DeleteBanner, EditBanner, GetBanner, type Banner } from '../../lib/api/global-banner.ts';
import { BANNER_MESSAGES, bannerProblems, isCurrentBanner, type BannerFields } from '../../lib/banner.ts';
import type { Key, ServerMessage, Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { Field } from '../shared/Field.tsx';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

type Words = Translator<'banners' | 'messages' | 'common'>;
type FieldName = keyof BannerFields;
type Form = { bannerTitle: string; bannerAlertText: string; urlLabel: string; url: string; startDate: string; endDate: string };

/** Each rule's message in the `messages` namespace (the server's codes). */
const CODES: Record<(typeof BANNER_MESSAGES)[keyof typeof BANNER_MESSAGES], Key<'messages'>> = {
  [BANNER_MESSAGES.titleRequired]: 'messages.bannerTitleRequired',
  [BANNER_MESSAGES.alertTextRequired]: 'messages.bannerAlertTextRequired',
  [BANNER_MESSAGES.urlLabelRequired]: 'messages.bannerUrlLabelRequired',
  [BANNER_MESSAGES.urlRequired]: 'messages.bannerUrlRequired',
  [BANNER_MESSAGES.urlInvalid]: 'messages.bannerUrlInvalid',
  [BANNER_MESSAGES.startDateRequired]: 'messages.bannerStartDateRequired',
  [BANNER_MESSAGES.endDateRequired]: 'messages.bannerEndDateRequired',
  [BANNER_MESSAGES.endDateAfterStart]: 'messages.bannerEndDateAfterStart',
  [BANNER_MESSAGES.dateInvalid]: 'messages.dateInvalid',
};

const FIELDS: FieldName[] = ['bannerTitle', 'bannerAlertText', 'urlLabel', 'url', 'startDate', 'endDate'];
const EMPTY: Form = { bannerTitle: '', bannerAlertText: '', urlLabel: '', url: '', startDate: '', endDate: '' };
const fieldId = (f: FieldName) => `banner-${f}`;

/** The reader's local date, yyyy-mm-dd. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export default function GlobalBanners() {
  const t = useT('banners', 'messages');
  const [version, setVersion] = useState(0);
  const call = useCall(`banners:${version}`, () => api.call(GetBanner, {}));
  // null: the form is closed; 'new': creating; a banner: editing it.
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [removing, setRemoving] = useState<Banner | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [focusTarget, focusLater] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    focusLater(null);
  }, [focusTarget, call.data, editing]);
  if (!t) return null;

  const remove = async (b: Banner) => {
    try {
      await withWaiting(() => api.call(DeleteBanner, { id: b.id }, { ignoreErrors: true }));
      setRemoving(null);
      setRemoveError(null);
      showAlert('success', t('banners.screen.deleted'));
      setVersion((v) => v + 1);
      focusLater('banner-new');
    } catch (err) {
      setRemoveError(err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError'));
    }
  };

  return (
    <section className="flow" data-testid="global-banners">
      <div className="page-head">
        <h1>{t('banners.screen.title')}</h1>
        <p className="muted">{t('banners.screen.intro')}</p>
      </div>
      {editing === null ? (
        <p>
          <button id="banner-new" type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            {t('banners.screen.newBanner')}
          </button>
        </p>
      ) : (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.id}
          t={t}
          banner={editing === 'new' ? null : editing}
          onDone={(saved) => {
            const was = editing;
            setEditing(null);
            if (saved) {
              showAlert('success', t(was === 'new' ? 'banners.screen.created' : 'banners.screen.saved'));
              setVersion((v) => v + 1);
            }
            focusLater(was !== 'new' && was ? `banner-edit-${was.id}` : 'banner-new');
          }}
        />
      )}
      <h2>{t('banners.screen.listTitle')}</h2>
      <CallView call={call} loadingText={t('banners.screen.loading')} failedText={t('banners.screen.loadFailed')} emptyText={t('banners.screen.empty')} isEmpty={(d) => d.length === 0}>
        {(list) => <BannerTable list={list} t={t} onEdit={setEditing} onDelete={(b) => (setRemoveError(null), setRemoving(b))} />}
      </CallView>
      {removing && (
        <ConfirmDialog
          title={t('banners.screen.confirmTitle')}
          text={t('banners.screen.confirmText', { title: removing.bannerTitle })}
          confirmLabel={t('banners.screen.confirmDelete')}
          cancelLabel={t('banners.screen.cancel')}
          tone="destructive"
          error={removeError}
          onConfirm={() => void remove(removing)}
          onCancel={() => {
            focusLater(`banner-delete-${removing.id}`);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

function BannerTable({ list, t, onEdit, onDelete }: { list: Banner[]; t: Words; onEdit: (b: Banner) => void; onDelete: (b: Banner) => void }) {
  const today = localToday();
  const day = (iso: string) => new Intl.DateTimeFormat(t.lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return (
    <div className="table-wrap" role="region" aria-label={t('banners.screen.listTitle')} tabIndex={0}>
      <table className="table" data-testid="banner-table">
        <thead>
          <tr>
            <th scope="col">{t('banners.screen.colTitle')}</th>
            <th scope="col">{t('banners.screen.colDates')}</th>
            <th scope="col">{t('banners.screen.colStatus')}</th>
            <th scope="col">{t('banners.screen.colBy')}</th>
            <th scope="col">{t('banners.screen.colActions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((b) => (
            <tr key={b.id} data-testid="banner-row">
              <th scope="row">
                {b.bannerTitle}
                <span className="table__sub">{b.bannerAlertText}</span>
              </th>
              <td>{t('banners.screen.period', { start: day(b.startDate), end: day(b.endDate) })}</td>
              <td>{isCurrentBanner(b, today) ? t('banners.screen.showing') : b.startDate > today ? t('banners.screen.scheduled') : t('banners.screen.ended')}</td>
              <td>{b.modifiedBy}</td>
              <td>
                <div className="banner-actions">
                  <button id={`banner-edit-${b.id}`} type="button" className="btn btn--secondary" aria-label={t('banners.screen.editNamed', { title: b.bannerTitle })} onClick={() => onEdit(b)}>
                    {t('banners.screen.edit')}
                  </button>
                  <button id={`banner-delete-${b.id}`} type="button" className="btn btn--secondary" aria-label={t('banners.screen.deleteNamed', { title: b.bannerTitle })} onClick={() => onDelete(b)}>
                    {t('banners.screen.delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BannerForm({ t, banner, onDone }: { t: Words; banner: Banner | null; onDone: (saved: Banner | null) => void }) {
  const [form, setForm] = useState<Form>(() =>
    banner
      ? { bannerTitle: banner.bannerTitle, bannerAlertText: banner.bannerAlertText, urlLabel: banner.urlLabel ?? '', url: banner.url ?? '', startDate: banner.startDate, endDate: banner.endDate }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState(0);
  const [busy, setBusy] = useState(false);

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems = bannerProblems(form);
    const mine: Partial<Record<FieldName, string>> = {};
    for (const p of problems) mine[p.field] ??= t(CODES[p.message]);
    setErrors(mine);
    setFormError(null);
    if (problems.length) {
      setRefused((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = await withWaiting(() => (banner ? api.call(EditBanner, { id: banner.id, ...form }, { ignoreErrors: true }) : api.call(CreateBanner, form, { ignoreErrors: true })));
      onDone(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        const reply = replyOf(err);
        const fromServer: Partial<Record<FieldName, string>> = {};
        for (const fe of reply.errors ?? []) {
          const path = (fe as ServerMessage & { path?: string }).path as FieldName | undefined;
          if (path && FIELDS.includes(path)) fromServer[path] ??= t.message(fe);
        }
        setErrors(fromServer);
        if (Object.keys(fromServer).length === 0) setFormError(t.message(reply));
      } else {
        setFormError(t('messages.genericError'));
      }
      setRefused((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const input = (f: FieldName, type: 'text' | 'date' | 'url' = 'text') => (aria: { id: string }) => (
    <input {...aria} type={type} name={f} value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.target.value })} autoComplete="off" />
  );
  const required = { marker: t('banners.screen.required'), markerClass: 'req' as const };
  const optional = { marker: t('banners.screen.optional') };
  return (
    <form className="card banner-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="banner-form-title" data-testid="banner-form">
      <h2 id="banner-form-title">{t(banner ? 'banners.screen.editTitle' : 'banners.screen.createTitle')}</h2>
      <ErrorSummary
        title={t('banners.screen.errorTitle')}
        errors={FIELDS.filter((f) => errors[f]).map((f) => ({ field: fieldId(f), text: errors[f]! }))}
        description={formError}
        focusKey={refused}
      />
      <Field id={fieldId('bannerTitle')} label={t('banners.screen.bannerTitle')} error={errors.bannerTitle} {...required}>
        {input('bannerTitle')}
      </Field>
      <Field id={fieldId('bannerAlertText')} label={t('banners.screen.bannerAlertText')} error={errors.bannerAlertText} {...required}>
        {(aria) => <textarea {...aria} name="bannerAlertText" rows={3} value={form.bannerAlertText} onChange={(e) => setForm({ ...form, bannerAlertText: e.target.value })} />}
      </Field>
      <Field id={fieldId('urlLabel')} label={t('banners.screen.urlLabel')} error={errors.urlLabel} {...optional}>
        {input('urlLabel')}
      </Field>
      <Field id={fieldId('url')} label={t('banners.screen.url')} hint={t('banners.screen.urlHint')} error={errors.url} {...optional}>
        {input('url')}
      </Field>
      <div className="banner-form__dates">
        <Field id={fieldId('startDate')} label={t('banners.screen.startDate')} error={errors.startDate} {...required}>
          {input('startDate', 'date')}
        </Field>
        <Field id={fieldId('endDate')} label={t('banners.screen.endDate')} error={errors.endDate} {...required}>
          {input('endDate', 'date')}
        </Field>
      </div>
      <div className="banner-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('banners.screen.save')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => onDone(null)} disabled={busy}>
          {t('banners.screen.cancel')}
        </button>
      </div>
    </form>
  );
}
