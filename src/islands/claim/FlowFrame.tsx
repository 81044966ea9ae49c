/**
 * What sits around a claim page's form (loaded after the page, so the claim pages' first visit stays within the
 * JS budget): the named stepper of the eleven stages (done, current, skipped, next; a cash quote has eight) and
 * the live summary of the answers so far, beside the form on a wide screen and folded above it on a phone.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { STAGE, STEP_COUNT } from '../../lib/claim/flow.ts';
import { chosenParts } from '../../lib/claim/parts.ts';
import { stageStates } from '../../lib/claim/stages.ts';
import { progressEvent, send } from '../../lib/track-event.ts';
import { quoteRows, Summary } from './summary.tsx';
import { $claimStage } from '../../stores/user.ts';
import type { Ctx } from './ui.tsx';

/** Where the summary stands beside the form (the phone layout ends at 767 px, spec section 9). */
const WIDE = '(min-width: 768px)';

/** The names of the stages after the seven steps. */
const LATER = { [STAGE.quote]: 'claim.phQuote', [STAGE.appointment]: 'claim.appointment', [STAGE.details]: 'claim.claimDetails', [STAGE.review]: 'claim.review' } as const;

/** `stage`: the page's stage (1-11); start-claim and manage-claim show one step after another and say which. */
export default function FlowFrame({ page, stage }: { page: Ctx; stage: number }) {
  const { t, flow, money } = page;
  const current = useStore($claimStage) ?? stage;
  const states = stageStates(flow, current);
  // Section 4's progress event (issue 18; sent only after consent): each stage the stepper shows.
  useEffect(() => send(progressEvent(current, states.length)), [current, states.length]);
  const name = (n: number) => (n <= STEP_COUNT ? t.dynamic(`claim.steps.${n}`, '') : t(LATER[n as keyof typeof LATER]));
  // Open beside the form on a wide screen; folded on a phone, where it sits above the form (and when the window narrows).
  const [open, setOpen] = useState(() => matchMedia(WIDE).matches);
  useEffect(() => {
    const wide = matchMedia(WIDE);
    const change = () => setOpen(wide.matches);
    wide.addEventListener('change', change);
    return () => wide.removeEventListener('change', change);
  }, []);
  const r = quoteRows(page);
  const q = flow.Quote;
  const rows = [r.location, r.vehicle, r.glass, r.service, chosenParts(flow).length ? r.parts : null].filter(
    (row): row is NonNullable<typeof row> => row !== null && row[1] !== '',
  );
  return (
    <>
      <nav className="flow-steps" aria-label={t('claim.stepper.label')} data-testid="stepper">
        <p className="flow-steps__count">
          {t('claim.stepper.count', { n: current, total: states.length })}: <strong>{name(current)}</strong>
        </p>
        <ol>
          {states.map((state, i) => (
            <li key={i} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="flow-steps__mark" aria-hidden="true">
                {state === 'done' ? '✓' : state === 'skipped' ? '–' : i + 1}
              </span>
              <span className="flow-steps__name">
                {name(i + 1)}
                {state !== 'current' && <span className="visually-hidden"> ({t(`claim.stepper.${state}`)})</span>}
              </span>
            </li>
          ))}
        </ol>
      </nav>
      <details className="card flow-aside" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="live-summary">
        <summary>
          <h2>{t('claim.stepper.summary')}</h2>
          {q && <span className="flow-aside__total">{money(q.Total)}</span>}
        </summary>
        {rows.length ? <Summary rows={rows} /> : <p className="muted">{t('claim.stepper.empty')}</p>}
        {q && (
          <dl className="quote-totals flow-aside__totals">
            <div className="quote-totals__strong">
              <dt>{t('claim.total')}</dt>
              <dd>{money(q.Total)}</dd>
            </div>
            <div>
              <dt>{t('claim.insurancePays')}</dt>
              <dd>{money(q.InsurancePays)}</dd>
            </div>
            <div className="quote-totals__strong">
              <dt>{t('claim.policyholderPays')}</dt>
              <dd>{money(q.PolicyholderPays)}</dd>
            </div>
          </dl>
        )}
      </details>
    </>
  );
}
