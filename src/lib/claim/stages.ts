/**
 * The stepper's view of the claim flow: which stages are done, current, skipped or still to come. Apart from
 * flow.ts because only the stepper (loaded after the page) needs it: the claim pages' first visit does not carry it.
 */
import type { ClaimFlow } from './flow-state.ts';
import { skipsStep, STAGE, stepComplete, STEP_COUNT } from './flow.ts';

/** How the stepper shows a stage: answered, on screen, passed over (nothing to ask), or still to come. */
export type StageState = 'done' | 'current' | 'skipped' | 'next';

/** The states of the flow's stages, in order (8 for a cash quote, 11 for a claim), with `current` on screen. */
export function stageStates(f: ClaimFlow, current: number): StageState[] {
  const count = f.mode === 'quote' ? STAGE.quote : STAGE.review;
  const states: StageState[] = [];
  // Steps 4-6 are known to be answered or passed over only once the damage (step 3) is (their checks hold vacuously before).
  const damageKnown = stepComplete(f, 3);
  for (let n = 1; n <= count; n++) {
    const done =
      n <= STEP_COUNT
        ? stepComplete(f, n) && (damageKnown || n < 4 || n > 6)
        : n === STAGE.quote
          ? current > n || f.appointmentDone
          : n === STAGE.appointment
            ? f.appointmentDone
            : n === STAGE.details && f.detailsDone;
    states.push(n === current ? 'current' : n >= 4 && n <= 6 && damageKnown && skipsStep(f, n) ? 'skipped' : done ? 'done' : 'next');
  }
  return states;
}
