/**
 * The pending onboarding requests an admin may decide (issue 14's calls): approve, or deny with a reason; the
 * requester is emailed either way. An agency admin sees the active agency's requests; an internal admin all.
 */
import { useId, useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import type { OnboardingRequest } from '../../lib/api/agency-search.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { loadUserAdmin, type UsersT } from './shared.ts';

type Decision = { kind: 'approve' | 'deny'; request: OnboardingRequest };

export default function OnboardingPanel({ t, agencyNumber }: { t: UsersT; agencyNumber: string | null }) {
  const id = useId();
  const [version, setVersion] = useState(0);
  const call = useCall(`onboarding-${agencyNumber ?? 'all'}-${version}`, async () => {
    const c = await loadUserAdmin();
    const all = await api.call(c.GetOnboardingRequests, { Scope: 'review' });
    return all.filter((r) => r.status === 'Pending' && (!agencyNumber || r.agencyNumber === agencyNumber));
  });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = (d: Decision) => {
    setDecision(d);
    setReason('');
    setError(null);
  };
  const confirm = async () => {
    if (!decision) return;
    if (decision.kind === 'deny' && !reason.trim()) {
      setError(t('users.onboarding.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const c = await loadUserAdmin();
      if (decision.kind === 'approve') await api.call(c.ApproveOnboardingRequest, { RequestId: decision.request.requestId });
      else await api.call(c.DenyOnboardingRequest, { RequestId: decision.request.requestId, Reason: reason.trim() });
      showAlert('success', t(decision.kind === 'approve' ? 'users.onboarding.approved' : 'users.onboarding.denied', { name: decision.request.userName }));
      setDecision(null);
      setVersion((v) => v + 1);
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="users-onboarding" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('users.onboarding.title')}</h2>
      <CallView call={call} loadingText={t('users.onboarding.loading')} failedText={t('users.onboarding.loadFailed')} emptyText={t('users.onboarding.empty')} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <ul className="users-requests">
            {rows.map((r) => (
              <li key={r.requestId} className="card users-request">
                <p className="users-request__who">{t('users.onboarding.requester', { name: r.userName, email: r.userEmail })}</p>
                <p className="muted">
                  {t('users.onboarding.agency', { agency: `${r.agencyName}${r.agencyNumber ? ` (${r.agencyNumber})` : ''}` })}
                  {' · '}
                  {t('users.onboarding.filed', { date: formatDateTime(r.createdAt, t.lang) })}
                </p>
                <div className="users-request__actions">
                  <button type="button" className="btn btn--secondary" onClick={() => open({ kind: 'approve', request: r })}>
                    {t('users.onboarding.approve')}
                  </button>
                  <button type="button" className="btn btn--secondary" onClick={() => open({ kind: 'deny', request: r })}>
                    {t('users.onboarding.deny')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CallView>
      {decision && (
        <ConfirmDialog
          title={t(decision.kind === 'approve' ? 'users.onboarding.approveTitle' : 'users.onboarding.denyTitle', { name: decision.request.userName })}
          text={
            decision.kind === 'approve' ? (
              t('users.onboarding.approveText', { name: decision.request.userName, agency: decision.request.agencyName })
            ) : (
              <>
                {t('users.onboarding.denyText', { name: decision.request.userName })}
                <label className="users-reason" htmlFor={`${id}-reason`}>
                  {t('users.onboarding.reason')}
                </label>
                <textarea id={`${id}-reason`} className="users-reason__input" value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
              </>
            )
          }
          confirmLabel={t(decision.kind === 'approve' ? 'users.onboarding.approve' : 'users.onboarding.deny')}
          cancelLabel={t('users.onboarding.cancel')}
          tone={decision.kind === 'deny' ? 'destructive' : 'primary'}
          busy={busy}
          error={error}
          onConfirm={confirm}
          onCancel={() => setDecision(null)}
        />
      )}
    </section>
  );
}
