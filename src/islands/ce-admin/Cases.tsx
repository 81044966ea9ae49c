/**
 * The web-to-case cases (/dashboard/ce-cases, issue 16): registrations made without an account arrive as cases; CE
 * admins filter them by status, a page at a time, set a case's status and add notes.
 */
import { useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { CASE_STATUSES, GetCECases, UpdateCECase, type CeCase } from '../../lib/api/ce-admin.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import type { Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

type Words = Translator<'ceAdmin' | 'messages' | 'common'>;
type Status = (typeof CASE_STATUSES)[number];

export default function Cases() {
  const t = useT('ceAdmin', 'messages');
  const [status, setStatus] = useState<Status | ''>('New');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const call = useCall(`ce-cases:${status}:${page}:${version}`, () => api.call(GetCECases, { ...(status ? { status } : {}), page: String(page) }));
  if (!t) return null;
  return (
    <section className="flow" data-testid="ce-cases">
      <div className="page-head">
        <h1>{t('ceAdmin.cases.title')}</h1>
        <p className="muted">{t('ceAdmin.cases.intro')}</p>
      </div>
      <div className="field">
        <label htmlFor="ce-case-filter">{t('ceAdmin.cases.filter')}</label>
        <select
          id="ce-case-filter"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status | '');
            setPage(1);
          }}
        >
          <option value="">{t('ceAdmin.cases.all')}</option>
          {CASE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`ceAdmin.cases.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <CallView call={call} loadingText={t('ceAdmin.cases.loading')} failedText={t('ceAdmin.cases.loadFailed')} emptyText={t('ceAdmin.cases.empty')} isEmpty={(d) => d.cases.length === 0}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              <ul className="flow ce-cases__list">
                {data.cases.map((c) => (
                  <CaseCard key={`${c.caseId}:${c.updatedAt}`} t={t} item={c} onSaved={() => setVersion((v) => v + 1)} />
                ))}
              </ul>
              <nav className="banner-actions" aria-label={t('ceAdmin.cases.page', { page, pages })}>
                <button type="button" className="btn btn--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('ceAdmin.cases.previous')}
                </button>
                <span>{t('ceAdmin.cases.page', { page, pages })}</span>
                <button type="button" className="btn btn--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('ceAdmin.cases.next')}
                </button>
              </nav>
            </>
          );
        }}
      </CallView>
    </section>
  );
}

function CaseCard({ t, item, onSaved }: { t: Words; item: CeCase; onSaved: () => void }) {
  const [status, setStatus] = useState<Status>(item.status);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const f = item.fields as Record<string, unknown>;
  const str = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
  const person = [str('FirstName'), str('LastName')].filter(Boolean).join(' ') || str('Email');
  const save = async () => {
    setBusy(true);
    try {
      await api.call(UpdateCECase, { CaseID: item.caseId, Status: status, ...(note.trim() ? { Note: note } : {}) }, { ignoreErrors: true });
      showAlert('success', t('ceAdmin.cases.saved', { id: item.caseId }));
      onSaved();
    } catch (err) {
      showAlert('warning', err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card flow" data-testid="ce-case">
      <h2 className="h3">
        #{item.caseId} · {item.subject}
      </h2>
      <p className="muted">
        {t('ceAdmin.cases.colPerson')}: {person} {str('Email') && `<${str('Email')}>`} · {t('ceAdmin.cases.colCreated')}: {formatDateTime(item.createdAt, t.lang)}
      </p>
      <dl className="ce-cases__fields">
        {Object.entries(f)
          .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{String(v)}</dd>
            </div>
          ))}
      </dl>
      {item.notes.length > 0 && (
        <>
          <h3 className="h4">{t('ceAdmin.cases.notes')}</h3>
          <ul>
            {item.notes.map((n, i) => (
              <li key={i}>
                {n.text} <span className="muted">— {n.by}, {formatDateTime(n.at, t.lang)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="ce-course-form__row">
        <div className="field">
          <label htmlFor={`ce-case-status-${item.caseId}`}>{t('ceAdmin.cases.setStatus', { id: item.caseId })}</label>
          <select id={`ce-case-status-${item.caseId}`} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            {CASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`ceAdmin.cases.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`ce-case-note-${item.caseId}`}>{t('ceAdmin.cases.note', { id: item.caseId })}</label>
          <textarea id={`ce-case-note-${item.caseId}`} rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
      <p>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()}>
          {t('ceAdmin.cases.addNote')}
        </button>
      </p>
    </li>
  );
}
