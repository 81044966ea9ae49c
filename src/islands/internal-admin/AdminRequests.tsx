/**
 * Admin access requests for internal admins (issue 15): filter by status and by agent or agency name (spec
 * section 3), pending first; approve (optional reason) or deny (reason required) in a dialog. The requester is
 * emailed by the server.
 */
import { useState, type FormEvent } from 'react';
import {
  ADMIN_REQUEST_FILTERS,
  ADMIN_REQUEST_STATUSES,
  ApproveRequest,
  DenyRequest,
  GetAdminRequests,
  type AdminRequest,
} from '../../lib/api/internal-admin.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { Field } from '../shared/Field.tsx';
import { CallView, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import { formatDateTime } from '../../lib/format-date.ts';

type Status = (typeof ADMIN_REQUEST_STATUSES)[number];
type FilterBy = (typeof ADMIN_REQUEST_FILTERS)[number];
interface Filters {
  status: Status | '';
  filterBy: FilterBy;
  search: string;
  page: number;
}

export default function AdminRequests() {
  const t = useT('admin', 'messages');
  const [filters, setFilters] = useState<Filters>({ status: 'Pending', filterBy: 'agent_name', search: '', page: 1 });
  const [draft, setDraft] = useState(filters);
  const [deciding, setDeciding] = useState<{ request: AdminRequest; decision: 'approve' | 'deny' } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify({ ...filters, version });
  const list = useCall(key, () =>
    api.call(GetAdminRequests, {
      ...(filters.status ? { Status: filters.status } : {}),
      FilterBy: filters.filterBy,
      ...(filters.search.trim() ? { Search: filters.search.trim() } : {}),
      Page: String(filters.page),
    }, { ignoreErrors: true }),
  );

  return (
    <UserGate t={t}>
      {(_user, t) => {
        const submit = (e: FormEvent) => {
          e.preventDefault();
          setFilters({ ...draft, page: 1 });
        };
        const open = (request: AdminRequest, decision: 'approve' | 'deny') => {
          setDeciding({ request, decision });
          setReason('');
          setReasonError(null);
          setDialogError(null);
        };
        const decide = async () => {
          if (!deciding) return;
          const text = reason.trim();
          if (deciding.decision === 'deny' && !text) {
            setReasonError(t('admin.requests.reasonRequired'));
            return;
          }
          setBusy(true);
          try {
            const r = deciding.request;
            if (deciding.decision === 'approve') {
              await api.call(ApproveRequest, { RequestId: r.requestId, ...(text ? { Reason: text } : {}) }, { ignoreErrors: true });
              showAlert('success', t('admin.requests.approved', { name: r.agentName, agency: r.agencyName }));
            } else {
              await api.call(DenyRequest, { RequestId: r.requestId, Reason: text }, { ignoreErrors: true });
              showAlert('success', t('admin.requests.denied', { name: r.agentName }));
            }
            setDeciding(null);
            setVersion((v) => v + 1);
          } catch (err) {
            setDialogError(err instanceof ApiError ? t.message(replyOf(err)) : t('common.loadFailed'));
          } finally {
            setBusy(false);
          }
        };
        const r = deciding?.request;
        return (
          <div className="admin-page">
            <h1>{t('admin.requests.title')}</h1>
            <p className="muted">{t('admin.requests.intro')}</p>
            <form className="card admin-filters" role="search" onSubmit={submit}>
              <Field id="req-status" label={t('admin.requests.status')}>
                {(aria) => (
                  <select {...aria} value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as Status | '' })}>
                    <option value="">{t('admin.requests.statuses.all')}</option>
                    {ADMIN_REQUEST_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`admin.requests.statuses.${s}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="req-filter" label={t('admin.requests.filterBy')}>
                {(aria) => (
                  <select {...aria} value={draft.filterBy} onChange={(e) => setDraft({ ...draft, filterBy: e.target.value as FilterBy })}>
                    {ADMIN_REQUEST_FILTERS.map((f) => (
                      <option key={f} value={f}>
                        {t(`admin.requests.filters.${f}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="req-search" label={t('admin.requests.search')}>
                {(aria) => <input {...aria} type="search" maxLength={100} value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />}
              </Field>
              <button type="submit" className="btn btn--secondary">
                {t('admin.requests.apply')}
              </button>
            </form>
            <CallView call={list} emptyText={t('admin.requests.none')} isEmpty={(d) => d.requests.length === 0}>
              {(data) => {
                const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
                return (
                  <>
                    <p className="muted" role="status">
                      {t.plural('admin.requests.count', data.total)}
                    </p>
                    <div className="table-wrap">
                      <table className="table admin-table">
                        <caption>{t('admin.requests.caption')}</caption>
                        <thead>
                          <tr>
                            <th scope="col">{t('admin.requests.agent')}</th>
                            <th scope="col">{t('admin.requests.agency')}</th>
                            <th scope="col">{t('admin.requests.requested')}</th>
                            <th scope="col">{t('admin.requests.status')}</th>
                            <th scope="col">{t('admin.requests.actions')}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {data.requests.map((q) => (
                            <tr key={q.requestId} data-request-id={q.requestId}>
                              <th scope="row">
                                {q.agentName}
                                <span className="table__sub">{q.agentEmail}</span>
                              </th>
                              <td>
                                {q.agencyName}
                                <span className="table__sub">{q.agencyNumber}</span>
                              </td>
                              <td>{formatDateTime(q.createdAt, t.lang)}</td>
                              <td>
                                <span className={`tag admin-status admin-status--${q.status.toLowerCase()}`}>{t(`admin.requests.statuses.${q.status}`)}</span>
                                {q.decidedBy && <span className="table__sub">{t('admin.requests.by', { who: q.decidedBy })}</span>}
                                {q.reason && <span className="table__sub">{q.reason}</span>}
                              </td>
                              <td>
                                {q.status === 'Pending' && (
                                  <span className="admin-actions">
                                    <button type="button" className="btn btn--secondary" aria-label={t('admin.requests.approveLabel', { name: q.agentName, agency: q.agencyName })} onClick={() => open(q, 'approve')}>
                                      {t('admin.requests.approve')}
                                    </button>
                                    <button type="button" className="btn btn--link" aria-label={t('admin.requests.denyLabel', { name: q.agentName, agency: q.agencyName })} onClick={() => open(q, 'deny')}>
                                      {t('admin.requests.deny')}
                                    </button>
                                  </span>
                                )}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    {pages > 1 && (
                      <nav className="admin-pager" aria-label={t('admin.requests.page', { page: filters.page, pages })}>
                        <button type="button" className="btn btn--secondary" disabled={filters.page <= 1} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
                          {t('admin.requests.previous')}
                        </button>
                        <span>{t('admin.requests.page', { page: filters.page, pages })}</span>
                        <button type="button" className="btn btn--secondary" disabled={filters.page >= pages} onClick={() => setFilters({ ...filters, page: filters.page + 1 })}>
                          {t('admin.requests.next')}
                        </button>
                      </nav>
                    )}
                  </>
                );
              }}
            </CallView>
            {deciding && r && (
              <ConfirmDialog
                title={t(deciding.decision === 'approve' ? 'admin.requests.approveTitle' : 'admin.requests.denyTitle', { name: r.agentName, agency: r.agencyName })}
                text={t(deciding.decision === 'approve' ? 'admin.requests.approveText' : 'admin.requests.denyText')}
                confirmLabel={t(deciding.decision === 'approve' ? 'admin.requests.approve' : 'admin.requests.deny')}
                cancelLabel={t('admin.cancel')}
                tone={deciding.decision === 'approve' ? 'primary' : 'destructive'}
                busy={busy}
                error={dialogError}
                onConfirm={() => void decide()}
                onCancel={() => setDeciding(null)}
              >
                <Field
                  id="decision-reason"
                  label={deciding.decision === 'approve' ? t('admin.requests.reasonOptional') : t('admin.requests.reason')}
                  error={reasonError}
                >
                  {(aria) => <textarea {...aria} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
                </Field>
              </ConfirmDialog>
            )}
          </div>
        );
      }}
    </UserGate>
  );
}
