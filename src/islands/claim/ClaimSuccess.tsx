/**
 * success_submit-claim: the confirmation. The referral number, prominently, with a copy button; the work order
 * it opened (a link to its details), what happens next, and the quote with its print and email-to-policyholder
 * actions. The flow is over, so its state is cleared (the page keeps what it shows).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { FLOW_PATHS } from '../../lib/claim/flow.ts';
import { $claimFlow, clearClaimFlow } from '../../stores/claim.ts';
import { QuoteTable } from './QuoteView.tsx';
import { detailsHref } from '../../lib/work-order-links.ts';
import { ClaimPage, type Ctx } from './ui.tsx';

// Email and print: their code loads after the page (the claim pages' first visit stays within the JS budget).
const QuoteShare = lazy(() => import('./QuoteShare.tsx'));

/** What happens after filing, in order. */
const NEXT = ['claim.next1', 'claim.next2', 'claim.next3'] as const;

export default function ClaimSuccess() {
  const [filed] = useState(() => {
    const flow = $claimFlow.get();
    const r = flow.referral;
    const fromUrl = new URLSearchParams(location.search).get('referral') ?? '';
    return { number: r?.ReferralNumber ?? (/^[A-Za-z0-9-]{1,40}$/.test(fromUrl) ? fromUrl : ''), r, flow };
  });
  useEffect(() => clearClaimFlow(), []);
  return (
    <ClaimPage checks={false}>
      {(page) => {
        const { t, money } = page;
        const r = filed.r;
        // The quote the claim was filed at (the claim details' deductible in); the flow store is cleared by now.
        const q = r?.Quote ?? null;
        const shown: Ctx = { ...page, flow: { ...filed.flow, Quote: q } };
        return (
          <>
            <div className="card flow-success">
              {/* Opened without filing (a bookmark, a second tab): say so, not 'submitted'. */}
              <h1>{filed.number ? t('claim.success') : t('claim.noClaim')}</h1>
              {filed.number && (
                <div className="flow-success__referral">
                  <span id="referral-label">{t('claim.referral')}</span>
                  <strong data-testid="referral-number" aria-describedby="referral-label">
                    {filed.number}
                  </strong>
                  <CopyButton text={filed.number} page={page} />
                </div>
              )}
              {r && (
                <p>
                  {t('claim.workOrder')}:{' '}
                  <a href={detailsHref(r.WorkOrderId, r.ReferralNumber)} data-testid="work-order">
                    {r.WorkOrderId}
                  </a>{' '}
                  · {t('claim.total')}: {money(r.Total)} · {t('claim.policyholderPays')}: {money(r.PolicyholderPays)}
                </p>
              )}
              <p>{filed.number ? t('claim.successNext') : t('claim.noClaimNext')}</p>
            </div>
            {r && (
              <section className="card flow-next" aria-labelledby="next-heading">
                <h2 id="next-heading">{t('claim.nextTitle')}</h2>
                <ol>
                  {NEXT.map((k) => (
                    <li key={k}>{t(k)}</li>
                  ))}
                </ol>
              </section>
            )}
            {q && (
              <section className="flow-success__quote" aria-label={t('claim.steps.7')}>
                <Suspense fallback={<div className="quote-share" />}>
                  <QuoteShare page={shown} />
                </Suspense>
                <QuoteTable q={q} page={page} caption={t('claim.steps.7')} />
              </section>
            )}
            <div className="flow__nav">
              <a className="btn btn--secondary" href={FLOW_PATHS.dashboard}>
                {t('claim.dashboard')}
              </a>
              <a className="btn btn--primary" href={FLOW_PATHS.fileClaim}>
                {t('claim.another')}
              </a>
            </div>
          </>
        );
      }}
    </ClaimPage>
  );
}

/** Copies the referral number; the status line says whether it worked (clipboard access can be refused). */
function CopyButton({ text, page: { t } }: { text: string; page: Ctx }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <>
      <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
        {t('claim.copyReferral')}
      </button>
      <span className="flow-success__status" role="status">
        {copied === null ? '' : copied ? t('claim.referralCopied') : t('claim.referralCopyFailed')}
      </span>
    </>
  );
}
