/** success_submit-claim: the referral number, prominently; the flow is over, so its state is cleared. */
import { useEffect, useState } from 'react';
import { FLOW_PATHS } from '../../lib/claim/flow.ts';
import { $claimFlow, clearClaimFlow } from '../../stores/claim.ts';
import { ClaimPage } from './ui.tsx';

export default function ClaimSuccess() {
  const [filed] = useState(() => {
    const r = $claimFlow.get().referral;
    const fromUrl = new URLSearchParams(location.search).get('referral') ?? '';
    return { number: r?.ReferralNumber ?? (/^[A-Za-z0-9-]{1,40}$/.test(fromUrl) ? fromUrl : ''), r };
  });
  useEffect(() => clearClaimFlow(), []);
  return (
    <ClaimPage checks={false}>
      {({ t, money }) => (
        <div className="card flow-success">
          {/* Opened without filing (a bookmark, a second tab): say so, not 'submitted'. */}
          <h1>{filed.number ? t('claim.success') : t('claim.noClaim')}</h1>
          {filed.number && (
            <p className="flow-success__referral">
              <span>{t('claim.referral')}</span>
              <strong data-testid="referral-number">{filed.number}</strong>
            </p>
          )}
          {filed.r && (
            <p>
              {t('claim.workOrder')}: <span data-testid="work-order">{filed.r.WorkOrderId}</span> · {t('claim.total')}: {money(filed.r.Total)} · {t('claim.policyholderPays')}:{' '}
              {money(filed.r.PolicyholderPays)}
            </p>
          )}
          <p>{filed.number ? t('claim.successNext') : t('claim.noClaimNext')}</p>
          <div className="flow__nav">
            <a className="btn btn--secondary" href={FLOW_PATHS.dashboard}>
              {t('claim.dashboard')}
            </a>
            <a className="btn btn--primary" href={FLOW_PATHS.fileClaim}>
              {t('claim.another')}
            </a>
          </div>
        </div>
      )}
    </ClaimPage>
  );
}
