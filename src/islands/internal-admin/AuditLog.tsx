/**
 * The audit log (issue 15): internal admins see every change, agency admins their agencies' part (the server
 * narrows it). Filters by action, record type, who, agency and days; newest first with "Show more" (a cursor);
 * Export to CSV reads every page of the current filters.
 */
import { useState, type FormEvent } from 'react';
import { GetAuditLog, type AuditEntry } from '../../lib/api/internal-admin.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { downloadText } from '../shared/download.ts';
import { Field } from '../shared/Field.tsx';
import { CallView, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

/** The record types the portal writes (src/server/services/audit.ts callers). */
const ENTITIES = ['user', 'adminRequest', 'onboardingRequest', 'banner', 'healthConfig', 'article', 'site'] as const;
/** At most this many rows in one export. */
const EXPORT_MAX = 10_000;

interface Filters {
  Action: string;
  Entity: string;
  Actor: string;
  AgencyNumber: string;
  From: string;
  To: string;
}
const EMPTY: Filters = { Action: '', Entity: '', Actor: '', AgencyNumber: '', From: '', To: '' };

/** The filters as the call's input: empty ones left out. */
const inputOf = (f: Filters, before?: string) => ({
  ...Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])),
  ...(before ? { Before: before } : {}),
});

/** A change as one line: "FirstName: Alex → Alexa". */
function changeText(before: unknown, after: unknown): string {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`)
    .join('; ');
}

export default function AuditLog() {
  const t = useT('admin', 'messages');
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [more, setMore] = useState<{ entries: AuditEntry[]; nextCursor: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Quiet: CallView shows a refusal in the page (no second, generic banner).
  const first = useCall(JSON.stringify(filters), () => api.call(GetAuditLog, inputOf(filters), { ignoreErrors: true }));

  return (
    <UserGate t={t}>
      {(user, t) => {
        const internal = user.userDetails.dashboardUserRole === 'SFAD_InternalAdmin';
        const submit = (e: FormEvent) => {
          e.preventDefault();
          setMore(null);
          setFilters(draft);
        };
        const field = (name: keyof Filters, type = 'text', max = 100) => (
          <Field id={`audit-${name}`} label={t(`admin.audit.${name === 'AgencyNumber' ? 'agency' : (name.toLowerCase() as 'action' | 'actor' | 'from' | 'to')}`)}>
            {(aria) => <input {...aria} type={type} maxLength={max} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.target.value })} />}
          </Field>
        );
        const loadMore = async (cursor: string) => {
          setLoadingMore(true);
          try {
            const page = await api.call(GetAuditLog, inputOf(filters, cursor));
            setMore((m) => ({ entries: [...(m?.entries ?? []), ...page.entries], nextCursor: page.nextCursor }));
          } catch {
            /* the client showed the error banner */
          } finally {
            setLoadingMore(false);
          }
        };
        const exportCsv = async () => {
          setExporting(true);
          try {
            const rows: AuditEntry[] = [];
            let cursor: string | undefined;
            do {
              const page = await api.call(GetAuditLog, inputOf(filters, cursor));
              rows.push(...page.entries);
              cursor = page.nextCursor ?? undefined;
            } while (cursor && rows.length < EXPORT_MAX);
            const header = [t('admin.audit.when'), t('admin.audit.who'), t('admin.audit.action'), t('admin.audit.entity'), t('admin.audit.record'), t('admin.audit.agency'), 'before', 'after'];
            const csv = toCsv([
              header,
              ...rows.map((r) => [r.at, r.actorEmail ?? t('admin.audit.system'), r.action, r.entity, r.entityId, r.agencyNumber, r.before === null ? '' : JSON.stringify(r.before), r.after === null ? '' : JSON.stringify(r.after)]),
            ]);
            downloadText(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, csv);
            showAlert('success', t('admin.audit.exported', { count: rows.length }));
          } catch {
            /* the client showed the error banner */
          } finally {
            setExporting(false);
          }
        };
        return (
          <div className="admin-page">
            <h1>{t('admin.audit.title')}</h1>
            <p className="muted">{internal ? t('admin.audit.intro') : t('admin.audit.introAgency')}</p>
            <form className="card admin-filters" role="search" onSubmit={submit}>
              {field('Action', 'text', 60)}
              <Field id="audit-Entity" label={t('admin.audit.entity')}>
                {(aria) => (
                  <select {...aria} value={draft.Entity} onChange={(e) => setDraft({ ...draft, Entity: e.target.value })}>
                    <option value="">{t('admin.audit.any')}</option>
                    {ENTITIES.map((e) => (
                      <option key={e} value={e}>
                        {e}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {field('Actor', 'text', 254)}
              {field('AgencyNumber', 'text', 12)}
              {field('From', 'date')}
              {field('To', 'date')}
              <button type="submit" className="btn btn--secondary">
                {t('admin.audit.apply')}
              </button>
            </form>
            <CallView call={first} emptyText={t('admin.audit.none')} isEmpty={(d) => d.entries.length === 0}>
              {(data) => {
                const entries = [...data.entries, ...(more?.entries ?? [])];
                const cursor = more ? more.nextCursor : data.nextCursor;
                return (
                  <>
                    <p className="admin-actions">
                      <button type="button" className="btn btn--secondary" disabled={exporting} onClick={() => void exportCsv()}>
                        {exporting ? t('admin.audit.exporting') : t('admin.audit.export')}
                      </button>
                    </p>
                    <div className="table-wrap">
                      <table className="table admin-table">
                        <caption>{t('admin.audit.caption')}</caption>
                        <thead>
                          <tr>
                            <th scope="col">{t('admin.audit.when')}</th>
                            <th scope="col">{t('admin.audit.who')}</th>
                            <th scope="col">{t('admin.audit.action')}</th>
                            <th scope="col">{t('admin.audit.record')}</th>
                            <th scope="col">{t('admin.audit.changes')}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {entries.map((e) => (
                            <tr key={e.id}>
                              <th scope="row">{formatDateTime(e.at, t.lang)}</th>
                              <td>{e.actorEmail ?? t('admin.audit.system')}</td>
                              <td>{e.action}</td>
                              <td>
                                {e.entity}
                                {e.entityId && <span className="table__sub">{e.entityId}</span>}
                                {e.agencyNumber && <span className="table__sub">{e.agencyNumber}</span>}
                              </td>
                              <td className="admin-change">{changeText(e.before, e.after)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    {cursor && (
                      <p>
                        <button type="button" className="btn btn--secondary" disabled={loadingMore} onClick={() => void loadMore(cursor)}>
                          {t('admin.audit.more')}
                        </button>
                      </p>
                    )}
                  </>
                );
              }}
            </CallView>
          </div>
        );
      }}
    </UserGate>
  );
}
