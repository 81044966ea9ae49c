/**
 * The claim flow's rules over its state: which steps are complete, which windshield fits, the part
 * numbers to price, the progress percent and the flow's pages. Pure functions (the store holds the state).
 */
import type { GlassPart } from '../api/quick-quote.ts';
import type { ClaimFlow } from './flow-state.ts';

/** The seven steps of the quick-quote flow. */
export const STEP_COUNT = 7;

/** The flow's pages. */
export const FLOW_PATHS = {
  fileClaim: '/dashboard/file-claim',
  start: '/dashboard/start-claim',
  manage: '/dashboard/manage-claim',
  quote: '/dashboard/policy-holder-quote',
  appointment: '/dashboard/appointment-option-details',
  details: '/dashboard/submit_claimdetails',
  review: '/dashboard/submit-claim-review-details',
  success: '/dashboard/success_submit-claim',
  dashboard: '/dashboard/',
} as const;

/** The progress percent of a step: steps 1-7 spread over 5-60 %. */
export function stepProgress(step: number): number {
  return Math.round(5 + ((Math.min(Math.max(step, 1), STEP_COUNT) - 1) * 55) / (STEP_COUNT - 1));
}

/**
 * The stepper's stages: the seven quick-quote steps, then the policyholder quote, the appointment, the claim
 * details and the review (a cash quote ends at the quote). Each maps to a percent of the spec's progress bar.
 */
export const STAGE = { quote: 8, appointment: 9, details: 10, review: 11 } as const;

/** Percent of the progress bar at each stage after the seven steps, and on the success page. */
const LATER_PROGRESS = [70, 80, 88, 95, 100];

/** The progress percent of a stage (1-11; 12 = filed). */
export function stageProgress(stage: number): number {
  return stage <= STEP_COUNT ? stepProgress(stage) : (LATER_PROGRESS[stage - STAGE.quote] ?? 100);
}

/** The vehicle as one line ('2020 Toyota Camry 4 Door Sedan'), or '' when none is chosen. */
export function vehicleLine(f: Pick<ClaimFlow, 'Year' | 'Make' | 'Model' | 'Style' | 'CarId'>): string {
  return f.CarId ? [f.Year, f.Make, f.Model, f.Style].filter(Boolean).join(' ') : '';
}

/** The windshields that fit the car (when the windshield is among the damaged glass). */
export function windshieldCandidates(f: ClaimFlow): GlassPart[] {
  return f.SelectedGlassGroups.includes('Windshield') ? f.Parts.filter((p) => p.Group === 'Windshield') : [];
}

/** The key of the candidates the property questions were asked for. */
export const candidatesKey = (f: ClaimFlow) => `${f.CarId}:${windshieldCandidates(f).map((p) => p.PartNumber).join(',')}`;

/** Whether step 6 (problem property question) has anything to narrow: several windshields fit. */
export function needsPropertyStep(f: ClaimFlow): boolean {
  return windshieldCandidates(f).length > 1;
}

/** Whether step 4 (problem questions) asks anything: the questions guide a repair (a replacement needs no guidance); an order the answers switched to Replace keeps the step. */
export function needsProblemStep(f: ClaimFlow): boolean {
  return f.RepairOrReplace === 'Repair' || f.AutoReplaced;
}

/** The pieces of the chosen side, back and roof groups; a group with a single piece has it chosen. */
export function autoChosenParts(f: ClaimFlow): string[] {
  const add = f.SelectedGlassGroups.filter((g) => g !== 'Windshield')
    .map((g) => f.Parts.filter((p) => p.Group === g))
    .filter((ps) => ps.length === 1 && !f.ChosenParts.includes(ps[0]!.PartNumber))
    .map((ps) => ps[0]!.PartNumber);
  return add.length ? [...f.ChosenParts, ...add] : f.ChosenParts;
}

/** Whether step 5 (vehicle parts selection) has a choice to make: a chosen group with several pieces. */
export function needsPartsStep(f: ClaimFlow): boolean {
  return f.SelectedGlassGroups.some((g) => g !== 'Windshield' && f.Parts.filter((p) => p.Group === g).length > 1);
}

/** Whether step n is passed over for these answers (it has nothing to ask). */
export function skipsStep(f: ClaimFlow, n: number): boolean {
  return (n === 4 && !needsProblemStep(f)) || (n === 5 && !needsPartsStep(f)) || (n === 6 && !needsPropertyStep(f));
}

/** Property answer keys as the order submission takes them ('lane camera' → 'laneCamera'). */
export function answerKey(id: string): string {
  return id.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');
}

/** Whether a step's answers are complete (the review's Edit links come back through the incomplete ones). */
export function stepComplete(f: ClaimFlow, step: number): boolean {
  switch (step) {
    case 1:
      // City and IsServiced are set only by the lookups of a valid ZIP.
      return f.ZipCode !== '' && f.IsServiced === true && f.City !== '';
    case 2:
      return f.CarId !== null;
    case 3:
      return (
        f.GlassCarId === f.CarId &&
        f.SelectedGlassGroups.length > 0 &&
        f.RepairOrReplace !== '' &&
        (f.RepairOrReplace === 'Replace' || f.NumberOfChipsOrCracks > 0)
      );
    case 4:
      return !needsProblemStep(f) || f.ProblemQuestions !== null && f.ProblemQuestions.every((q) => typeof f.ProblemAnswers[q.QuestionId] === 'boolean');
    case 5:
      return f.SelectedGlassGroups.every((g) =>
        g === 'Windshield' ? windshieldCandidates(f).length > 0 : f.ChosenParts.some((n) => f.Parts.some((p) => p.PartNumber === n && p.Group === g)),
      );
    case 6:
      return (
        !needsPropertyStep(f) ||
        (f.PropertyFor === candidatesKey(f) && f.PropertyQuestions !== null && f.PropertyQuestions.every((q) => typeof f.PropertyAnswers[q.QuestionId] === 'boolean'))
      );
    case 7:
      return f.Quote !== null;
    default:
      return true;
  }
}

/** The first incomplete step from `from` on, or null when all are complete. */
export function firstIncomplete(f: ClaimFlow, from = 1): number | null {
  for (let n = from; n <= STEP_COUNT; n++) if (!stepComplete(f, n)) return n;
  return null;
}
