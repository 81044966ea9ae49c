/**
 * submit-claim-review-details: every answer in sections, each with an Edit link back to its step or page;
 * Submit files the referral (CreateReferral) with one Idempotency-Key per review, kept in the flow so a
 * retry or a double click sends the same key, and nothing is lost when the network fails.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { replyOf } from '../../lib/api/client.ts';
import { FLOW_PATHS, firstIncomplete, needsPropertyStep } from '../../lib/claim/flow.ts';
import { formatPhone } from '../../lib/format.ts';
import { $claimSubmission, loadSubmission, submitClaim } from '../../stores/claim-submission.ts';
import { $activeAgency } from '../../stores/user.ts';
import { QuoteTable, quoteRows, Summary } from './QuoteView.tsx';
import { ClaimPage, focusField, type Ctx } from './ui.tsx';

export default function ClaimReview() {
  return <ClaimPage claim>{(page) => <Review page={page} />}</ClaimPage>;
}

function Review({ page }: { page: Ctx }) {
  const { t, flow } = page;
  const agency = useStore($activeAgency);
  const submission = useStore($claimSubmission);
  const sending = submission.state === 'sending' || submission.state === 'sent';
  // Why the last submission failed: a refusal names the refused fields in the reader's language.
  const problem = submission.state !== 'failed' ? null : submission.problem ? t.message(replyOf(submission.problem)) : t('claim.network');
  useEffect(() => {
    // Submitting needs the order submission and the CreateReferral contract: fetched while the user reads.
    const id = setTimeout(() => void loadSubmission().catch(() => undefined), 300);
    return () => clearTimeout(id);
  }, []);

  const step = (n: number) => `${FLOW_PATHS.manage}?step=${n}`;
  const appointmentHref = `${FLOW_PATHS.appointment}?from=review`;
  const detailsHref = `${FLOW_PATHS.details}?from=review`;
  // What is still to do (pages opened out of order); the server checks every field again.
  const missing: [string, string][] = [];
  const open = firstIncomplete(flow);
  if (open !== null) missing.push([t.dynamic(`claim.steps.${open}`, ''), step(open)]);
  if (!flow.appointmentDone) missing.push([t('claim.appointment'), appointmentHref]);
  if (!flow.detailsDone) missing.push([t('claim.claimDetails'), detailsHref]);

  const submit = async () => {
    if (sending) return;
    if (missing.length || !agency) return focusField('review-problems');
    const referral = await submitClaim(agency);
    if (referral) location.assign(`${FLOW_PATHS.success}?referral=${encodeURIComponent(referral)}`);
    else if ($claimSubmission.get().state === 'failed') focusField('review-problems');
  };

  const a = flow.appointment;
  const i = flow.insuranceClaimDetails;
  const d = flow.additionalDetails;
  const r = quoteRows(page);
  const yn = (v: boolean | undefined) => (v === undefined ? '' : v ? t('claim.yes') : t('claim.no'));
  const questions = (list: typeof flow.ProblemQuestions, answers: Record<string, boolean>) =>
    (list ?? []).map((q) => [t.dynamic(`claim.questions.${q.QuestionId}`, q.Text), yn(answers[q.QuestionId])] as const);
  const alerts = (by: 'Text' | 'Email') =>
    (['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const)
      .filter((ev) => a[`${ev}${by}`])
      .map((ev) => t.dynamic(`claim.events.${ev}`, ev))
      .join(', ') || t('claim.none');

  return (
    <>
      <h1>{t('claim.review')}</h1>
      <p className="muted">{t('claim.reviewIntro')}</p>
      {(missing.length > 0 || problem) && (
        <div className="form-error error-summary" id="review-problems" tabIndex={-1} role="alert">
          <h2>{problem ?? t('claim.fix')}</h2>
          <ul>
            {missing.map(([text, href], n) => (
              <li key={n}>
                <a href={href}>{text}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Section title={t('claim.steps.1')} href={step(1)} t={t}>
        <Summary rows={[r.location]} />
      </Section>
      <Section title={t('claim.steps.2')} href={step(2)} t={t}>
        <Summary rows={[r.vehicle, ['VIN', flow.Vin]]} />
      </Section>
      <Section title={t('claim.steps.3')} href={step(3)} t={t}>
        <Summary rows={[r.glass, r.service, r.chips]} />
      </Section>
      <Section title={t('claim.steps.4')} href={step(4)} t={t}>
        <Summary rows={questions(flow.ProblemQuestions, flow.ProblemAnswers)} />
      </Section>
      <Section title={t('claim.steps.5')} href={step(5)} t={t}>
        <Summary rows={[r.parts]} />
      </Section>
      {needsPropertyStep(flow) && (
        <Section title={t('claim.steps.6')} href={step(6)} t={t}>
          {/* The windshield these answers point to is in the parts above. */}
          <Summary rows={questions(flow.PropertyQuestions, flow.PropertyAnswers)} />
        </Section>
      )}
      <Section title={t('claim.steps.7')} href={step(7)} t={t}>
        {flow.Quote && <QuoteTable q={flow.Quote} page={page} caption={t('claim.steps.7')} />}
      </Section>
      <Section title={t('claim.appointment')} href={appointmentHref} t={t}>
        <Summary
          rows={[
            [t('claim.scheduling'), t.dynamic(`claim.schedulingOptions.${a.SchedulingOption}`, a.SchedulingOption)],
            ...(a.SchedulingOption === 'ScheduleAtShop' ? [[t('claim.shop'), a.ShopName] as const] : []),
            [t('claim.excludeShops'), a.ExcludeShops ? t('claim.yes') : t('claim.no')],
            [t('claim.contactMethod'), t.dynamic(`claim.contactMethods.${a.PreferredContactMethod}`, a.PreferredContactMethod)],
            [t('claim.textConsent'), a.TextCheckBox ? t('claim.yes') : t('claim.no')],
            [t('claim.notifyText'), alerts('Text')],
            [t('claim.notifyEmail'), alerts('Email')],
            [t('claim.agentPhone'), formatPhone(a.AgentPhoneNo)],
          ]}
        />
      </Section>
      <Section title={t('claim.insurance')} href={detailsHref} t={t}>
        <Summary
          rows={[
            [t('claim.policyNumber'), i.policyNumber],
            [t('claim.firstName'), i.firstName],
            [t('claim.lastName'), i.lastName],
            [t('claim.email'), i.emailId],
            [t('claim.carrier'), i.carrier],
            [t('claim.deductible'), i.deductible],
            [t('claim.phone'), formatPhone(i.phoneNumber)],
          ]}
        />
      </Section>
      <Section title={t('claim.additional')} href={detailsHref} t={t}>
        <Summary
          rows={[
            [t('claim.street'), d.streetAddress],
            [t('claim.city'), d.city],
            [t('claim.state'), d.selectedState],
            [t('claim.zipCode'), d.zipCode],
            [t('claim.damageDate'), d.damageDate],
            [t('claim.anyOther'), d.anyOther],
          ]}
        />
      </Section>
      <div className="flow__nav">
        <a className="btn btn--secondary" href={detailsHref}>
          {t('claim.back')}
        </a>
        <button type="button" className="btn btn--primary" id="submit-claim" disabled={sending} onClick={() => void submit()}>
          {sending ? t('claim.submitting') : t('claim.submit')}
        </button>
      </div>
    </>
  );
}

function Section({ title, href, t, children }: { title: string; href: string; t: Ctx['t']; children: ReactNode }) {
  const id = `review-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="card flow-review" aria-labelledby={id}>
      <div className="flow-review__head">
        <h2 id={id}>{title}</h2>
        <a href={href} aria-label={t('claim.editOf', { what: title.toLowerCase() })}>
          {t('claim.edit')}
        </a>
      </div>
      {children}
    </section>
  );
}
