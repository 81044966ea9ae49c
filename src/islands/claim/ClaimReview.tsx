/**
 * submit-claim-review-details: every answer in sections, each with an Edit link back to its step or page;
 * Submit files the referral (CreateReferral) with one Idempotency-Key per review, kept in the flow so a
 * retry or a double click sends the same key, and nothing is lost when the network fails.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api/client.ts';
import { FLOW_PATHS, firstIncomplete, needsPropertyStep } from '../../lib/claim/flow.ts';
import { formatPhone } from '../../lib/format.ts';
import { api } from '../../stores/api.ts';
import { $claimFlow, updateClaim } from '../../stores/claim.ts';
import { $activeAgency } from '../../stores/user.ts';
import { QuoteTable, quoteRows, Summary } from './QuoteView.tsx';
import { ClaimPage, focusField, type Ctx } from './ui.tsx';

// Submitting loads the order submission and the CreateReferral contract (fetched while the user reads the review).
const loadSubmit = () => Promise.all([import('../../lib/claim/submission.ts'), import('../../lib/api/quick-submit.ts')]);

export default function ClaimReview() {
  return <ClaimPage claim>{(c) => <Review c={c} />}</ClaimPage>;
}

function Review({ c }: { c: Ctx }) {
  const { x, flow, m } = c;
  const agency = useStore($activeAgency);
  const [sending, setSending] = useState(false);
  // Why the last submission failed (the server's message names the refused fields).
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);
  useEffect(() => {
    const id = setTimeout(() => void loadSubmit().catch(() => undefined), 300);
    return () => clearTimeout(id);
  }, []);

  const step = (n: number) => `${FLOW_PATHS.manage}?step=${n}`;
  const appointmentHref = `${FLOW_PATHS.appointment}?from=review`;
  const detailsHref = `${FLOW_PATHS.details}?from=review`;
  // What is still to do (pages opened out of order); the server checks every field again.
  const missing: [string, string][] = [];
  const open = firstIncomplete(flow);
  if (open !== null) missing.push([x.steps[open - 1]!, step(open)]);
  if (!flow.appointmentDone) missing.push([x.appointment, appointmentHref]);
  if (!flow.detailsDone) missing.push([x.claimDetails, detailsHref]);

  const submit = async () => {
    if (inFlight.current) return;
    if (missing.length || !agency) return focusField('review-problems');
    inFlight.current = true;
    setSending(true);
    setProblem(null);
    try {
      const [{ newIdempotencyKey, orderSubmission }, { CreateReferral, IDEMPOTENCY_HEADER }] = await loadSubmit();
      const g = $claimFlow.get();
      const payload = orderSubmission(g, agency.agencyNumber, agency.isCobranded);
      const json = JSON.stringify(payload);
      // One key per review: a retry of the same claim (double click, lost reply) sends the same key.
      let key = g.idempotencyKey;
      if (!key || g.idempotencyFor !== json) {
        key = newIdempotencyKey();
        updateClaim({ idempotencyKey: key, idempotencyFor: json });
      }
      const r = await api.call(CreateReferral, payload, { headers: { [IDEMPOTENCY_HEADER]: key } });
      updateClaim({ referral: { ReferralNumber: r.ReferralNumber, WorkOrderId: r.WorkOrderId, Total: r.Quote.Total, PolicyholderPays: r.Quote.PolicyholderPays } });
      location.assign(`${FLOW_PATHS.success}?referral=${encodeURIComponent(r.ReferralNumber)}`);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setProblem(status === 0 || status >= 500 ? x.network : m((err as Error).message));
      inFlight.current = false;
      setSending(false);
      focusField('review-problems');
    }
  };

  const a = flow.appointment;
  const i = flow.insuranceClaimDetails;
  const d = flow.additionalDetails;
  const r = quoteRows(c);
  const yn = (v: boolean | undefined) => (v === undefined ? '' : v ? x.yes : x.no);
  const questions = (list: typeof flow.ProblemQuestions, answers: Record<string, boolean>) =>
    (list ?? []).map((q) => [x.questions[q.QuestionId] ?? q.Text, yn(answers[q.QuestionId])] as const);
  const alerts = (by: 'Text' | 'Email') =>
    (['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const)
      .filter((ev) => a[`${ev}${by}`])
      .map((ev) => x.events[ev])
      .join(', ') || x.none;

  return (
    <>
      <h1>{x.review}</h1>
      <p className="muted">{x.reviewIntro}</p>
      {(missing.length > 0 || problem) && (
        <div className="form-error error-summary" id="review-problems" tabIndex={-1} role="alert">
          <h2>{problem ?? x.fix}</h2>
          <ul>
            {missing.map(([text, href], n) => (
              <li key={n}>
                <a href={href}>{text}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Section title={x.steps[0]!} href={step(1)} x={x}>
        <Summary rows={[r.location]} />
      </Section>
      <Section title={x.steps[1]!} href={step(2)} x={x}>
        <Summary rows={[r.vehicle, ['VIN', flow.Vin]]} />
      </Section>
      <Section title={x.steps[2]!} href={step(3)} x={x}>
        <Summary rows={[r.glass, r.service, r.chips]} />
      </Section>
      <Section title={x.steps[3]!} href={step(4)} x={x}>
        <Summary rows={questions(flow.ProblemQuestions, flow.ProblemAnswers)} />
      </Section>
      <Section title={x.steps[4]!} href={step(5)} x={x}>
        <Summary rows={[r.parts]} />
      </Section>
      {needsPropertyStep(flow) && (
        <Section title={x.steps[5]!} href={step(6)} x={x}>
          {/* The windshield these answers point to is in the parts above. */}
          <Summary rows={questions(flow.PropertyQuestions, flow.PropertyAnswers)} />
        </Section>
      )}
      <Section title={x.steps[6]!} href={step(7)} x={x}>
        {flow.Quote && <QuoteTable q={flow.Quote} c={c} caption={x.steps[6]!} />}
      </Section>
      <Section title={x.appointment} href={appointmentHref} x={x}>
        <Summary
          rows={[
            [x.scheduling, x.schedulingOptions[a.SchedulingOption] ?? ''],
            ...(a.SchedulingOption === 'ScheduleAtShop' ? [[x.shop, a.ShopName] as const] : []),
            [x.excludeShops, a.ExcludeShops ? x.yes : x.no],
            [x.contactMethod, x.contactMethods[a.PreferredContactMethod] ?? ''],
            [x.textConsent, a.TextCheckBox ? x.yes : x.no],
            [x.notifyText, alerts('Text')],
            [x.notifyEmail, alerts('Email')],
            [x.agentPhone, formatPhone(a.AgentPhoneNo)],
          ]}
        />
      </Section>
      <Section title={x.insurance} href={detailsHref} x={x}>
        <Summary
          rows={[
            [x.policyNumber, i.policyNumber],
            [x.firstName, i.firstName],
            [x.lastName, i.lastName],
            [x.email, i.emailId],
            [x.carrier, i.carrier],
            [x.deductible, i.deductible],
            [x.phone, formatPhone(i.phoneNumber)],
          ]}
        />
      </Section>
      <Section title={x.additional} href={detailsHref} x={x}>
        <Summary
          rows={[
            [x.street, d.streetAddress],
            [x.city, d.city],
            [x.state, d.selectedState],
            [x.zipCode, d.zipCode],
            [x.damageDate, d.damageDate],
            [x.anyOther, d.anyOther],
          ]}
        />
      </Section>
      <div className="flow__nav">
        <a className="btn btn--secondary" href={detailsHref}>
          {x.back}
        </a>
        <button type="button" className="btn btn--primary" id="submit-claim" disabled={sending} onClick={() => void submit()}>
          {sending ? x.submitting : x.submit}
        </button>
      </div>
    </>
  );
}

function Section({ title, href, x, children }: { title: string; href: string; x: Ctx['x']; children: ReactNode }) {
  const id = `review-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="card flow-review" aria-labelledby={id}>
      <div className="flow-review__head">
        <h2 id={id}>{title}</h2>
        <a href={href} aria-label={x.editOf(title)}>
          {x.edit}
        </a>
      </div>
      {children}
    </section>
  );
}
