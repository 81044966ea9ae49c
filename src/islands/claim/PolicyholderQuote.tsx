/**
 * policy-holder-quote: the quote for the policyholder to see. A cash quote ends here ('Start a new quote',
 * 'Back to dashboard'); a claim continues to the appointment options.
 */
import { lazy, Suspense, useEffect } from 'react';
import { FLOW_PATHS, firstIncomplete, STAGE } from '../../lib/claim/flow.ts';
import { $claimProgress, updateClaim } from '../../stores/claim.ts';
import { QuoteTable } from './QuoteView.tsx';
import { quoteRows, Summary } from './summary.tsx';
import { ClaimPage, FinishQuote, Nav, type Ctx } from './ui.tsx';

// Email, print and copy: their code loads after the page (the claim pages' first visit stays within the JS budget).
const QuoteShare = lazy(() => import('./QuoteShare.tsx'));

export default function PolicyholderQuote() {
  return <ClaimPage stage={STAGE.quote}>{(page) => <QuotePage page={page} />}</ClaimPage>;
}

function QuotePage({ page }: { page: Ctx }) {
  const { t, flow } = page;
  const quoteMode = flow.mode === 'quote';
  useEffect(() => {
    // A cash quote is complete here.
    if (quoteMode) $claimProgress.set(100);
  }, [quoteMode]);
  if (!flow.Quote || firstIncomplete(flow) !== null) return <FinishQuote t={t} />;
  const r = quoteRows(page);
  const backToQuote = () => {
    updateClaim({ step: 7 });
    location.assign(FLOW_PATHS.start);
  };
  return (
    <>
      <h1>{t('claim.phQuote')}</h1>
      <p className="muted">{t('claim.phQuoteIntro')}</p>
      <Suspense fallback={<div className="quote-share" />}>
        <QuoteShare page={page} />
      </Suspense>
      <div className="card flow-card">
        <Summary rows={[r.location, r.vehicle, r.glass, r.service, r.parts]} />
      </div>
      <QuoteTable q={flow.Quote} page={page} caption={t('claim.steps.7')} />
      {quoteMode ? (
        <div className="flow__nav">
          <button type="button" className="btn btn--secondary" onClick={backToQuote}>
            {t('claim.back')}
          </button>
          <a className="btn btn--secondary" href={FLOW_PATHS.dashboard}>
            {t('claim.dashboard')}
          </a>
          <a className="btn btn--primary" href={`${FLOW_PATHS.fileClaim}?mode=quote`}>
            {t('claim.newQuote')}
          </a>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            location.assign(FLOW_PATHS.appointment);
          }}
        >
          <Nav t={t} onBack={backToQuote} next={t('claim.continue')} />
        </form>
      )}
    </>
  );
}
