/**
 * The policyholder quote's share actions: email it (a mailto: link with the quote as text, to the policyholder's
 * address when the claim has one), print it (the page prints the quote alone), copy it as text. Loaded on demand
 * (PolicyholderQuote.tsx): the claim pages' first visit stays within the JS budget.
 */
import { useState } from 'react';
import { mailtoHref, quoteText } from '../../lib/claim/quote-text.ts';
import type { Ctx } from './ui.tsx';

export default function QuoteShare({ page }: { page: Ctx }) {
  const { t, flow, money } = page;
  const [copied, setCopied] = useState<boolean | null>(null);
  if (!flow.Quote) return null;
  const text = quoteText(t, money, flow, flow.Quote);
  const copy = () => {
    // Clipboard access can be refused (an insecure origin, a denied permission): the status says so.
    (navigator.clipboard?.writeText(`${text.subject}\n\n${text.body}`) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="quote-share" role="group" aria-label={t('claim.share.label')} data-testid="quote-share">
      <a className="btn btn--secondary" href={mailtoHref(flow.insuranceClaimDetails.emailId, text)}>
        {t('claim.share.email')}
      </a>
      <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
        {t('claim.share.print')}
      </button>
      <button type="button" className="btn btn--secondary" onClick={copy}>
        {t('claim.share.copy')}
      </button>
      <p className="quote-share__status" role="status">
        {copied === null ? '' : copied ? t('claim.share.copied') : t('claim.share.copyFailed')}
      </p>
    </div>
  );
}
