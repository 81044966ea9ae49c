/**
 * submit-claim-review-details: "check your answers": every answer in groups, the key facts first, formatted for
 * reading (money and dates in the reader's language), each row with a Change link back to its step or page;
 * Submit files the referral (CreateReferral) with one Idempotency-Key per review, kept in the flow so a
 * retry or a double click sends the same key, and nothing is lost when the network fails.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, type ReactNode } from 'react';
import { replyOf } from '../../lib/api/client.ts';
import { FLOW_PATHS, firstIncomplete, needsPropertyStep, STAGE } from '../../lib/claim/flow.ts';
import { formatPhone } from '../../lib/format.ts';
import { $claimSubmission, loadSubmission, submitClaim } from '../../stores/claim-submission.ts';
import { $activeAgency } from '../../stores/user.ts';
import { quoteRows } from './summary.tsx';
import { ClaimPage, focusField, type Ctx } from './ui.tsx';

// The itemised quote is folded under its totals: its code loads after the page (the first visit stays within the JS budget).
const QuoteTable = lazy(() => import('./QuoteView.tsx').then((m) => ({ default: m.QuoteTable })));

export default function ClaimReview() {
  return <ClaimPage claim stage={STAGE.review}>{(page) => <Review page={page} />}</ClaimPage>;
}

function Review({ page }: { page: Ctx }) {
  const { t, flow, money } = page;
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
  const q = flow.Quote;
  const yn = (v: boolean | undefined) => (v === undefined ? '' : v ? t('claim.yes') : t('claim.no'));
  const questions = (list: typeof flow.ProblemQuestions, answers: Record<string, boolean>, href: string) =>
    (list ?? []).map((x) => [t.dynamic(`claim.questions.${x.QuestionId}`, x.Text), yn(answers[x.QuestionId]), href] as const);
  const alerts = (by: 'Text' | 'Email') =>
    (['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const)
      .filter((ev) => a[`${ev}${by}`])
      .map((ev) => t.dynamic(`claim.events.${ev}`, ev))
      .join(', ') || t('claim.none');
  const deductible = Number(i.deductible);
  // The damage date (YYYY-MM-DD) as the reader reads it, taken at noon so that no time zone moves the day. Not through
  // format-date.ts: its chunk would put this page over the JS budget.
  const damageDay = /^\d{4}-\d{2}-\d{2}$/.test(d.damageDate) ? new Date(`${d.damageDate}T12:00:00`).toLocaleDateString(page.lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long' }) : d.damageDate;
  const scheduling = t.dynamic(`claim.schedulingOptions.${a.SchedulingOption}`, a.SchedulingOption);
  const answered = [
    ...questions(flow.ProblemQuestions, flow.ProblemAnswers, step(4)),
    // The windshield these answers point to is in the parts.
    ...(needsPropertyStep(flow) ? questions(flow.PropertyQuestions, flow.PropertyAnswers, step(6)) : []),
  ];

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
      {/* The key facts first: who, which vehicle and glass, what it costs and who pays, when; then the rest. */}
      <Group
        title={t('claim.insurance')}
        t={t}
        rows={[
          [t('claim.firstName'), i.firstName, detailsHref],
          [t('claim.lastName'), i.lastName, detailsHref],
          [t('claim.phone'), formatPhone(i.phoneNumber), detailsHref],
          [t('claim.email'), i.emailId, detailsHref],
          [t('claim.policyNumber'), i.policyNumber, detailsHref],
          [t('claim.carrier'), i.carrier, detailsHref],
          [t('claim.deductible'), i.deductible === '' || Number.isNaN(deductible) ? i.deductible : money(deductible), detailsHref],
        ]}
      />
      <Group
        title={t('claim.vehicleAndDamage')}
        t={t}
        rows={[
          [...r.location, step(1)],
          [...r.vehicle, step(2)],
          ['VIN', flow.Vin, step(2)],
          [...r.glass, step(3)],
          [...r.service, step(3)],
          ...(flow.RepairOrReplace === 'Repair' ? [[...r.chips, step(3)] as const] : []),
          [...r.parts, step(3)],
        ]}
      />
      <Group
        title={t('claim.steps.7')}
        t={t}
        rows={
          q
            ? [
                [t('claim.total'), money(q.Total), step(7)],
                [t('claim.insurancePays'), money(q.InsurancePays), step(7)],
                [t('claim.policyholderPays'), money(q.PolicyholderPays), step(7)],
              ]
            : []
        }
      >
        {q && (
          <details className="cya__more">
            <summary>{t('claim.itemised')}</summary>
            <Suspense>
              <QuoteTable q={q} page={page} caption={t('claim.steps.7')} />
            </Suspense>
          </details>
        )}
      </Group>
      <Group
        title={t('claim.appointment')}
        t={t}
        rows={[
          [t('claim.scheduling'), a.SchedulingOption === 'ScheduleAtShop' && a.ShopName ? `${scheduling}: ${a.ShopName}` : scheduling, appointmentHref],
          [t('claim.excludeShops'), yn(a.ExcludeShops), appointmentHref],
          [t('claim.contactMethod'), t.dynamic(`claim.contactMethods.${a.PreferredContactMethod}`, a.PreferredContactMethod), appointmentHref],
          [t('claim.textConsent'), yn(a.TextCheckBox), appointmentHref],
          [t('claim.notifyText'), alerts('Text'), appointmentHref],
          [t('claim.notifyEmail'), alerts('Email'), appointmentHref],
          [t('claim.agentPhone'), formatPhone(a.AgentPhoneNo), appointmentHref],
        ]}
      />
      {answered.length > 0 && <Group title={t('claim.answers')} t={t} rows={answered} />}
      <Group
        title={t('claim.additional')}
        t={t}
        rows={[
          [t('claim.street'), d.streetAddress, detailsHref],
          [t('claim.city'), d.city, detailsHref],
          [t('claim.state'), d.selectedState, detailsHref],
          [t('claim.zipCode'), d.zipCode, detailsHref],
          [t('claim.damageDate'), damageDay, detailsHref],
          [t('claim.anyOther'), d.anyOther, detailsHref],
        ]}
      />
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

/** One answer of the review: its label, its value as the reader reads it, and the page or step that changes it. */
type Row = readonly [label: string, value: ReactNode, href: string];

/** A group of answers as "check your answers" shows them: each row with its own Change link. */
function Group({ title, rows, t, children }: { title: string; rows: readonly Row[]; t: Ctx['t']; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="card cya" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="cya__list">
        {rows.map(([label, value, href]) => (
          <div className="cya__row" key={label}>
            <dt>{label}</dt>
            <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
            <dd className="cya__change">
              <a href={href}>
                {t('claim.change')}
                <span className="visually-hidden"> {label}</span>
              </a>
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
