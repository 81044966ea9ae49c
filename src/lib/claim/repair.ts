/**
 * Repair versus replace: the guidance the claim flow gives from the damaged glass and the problem answers.
 * Browser-safe and dependency-free (the glass vocabulary only).
 *
 * Rules: replacement when the crack is longer than 6 inches, the damage is in the driver's line of sight or in
 * front of the windshield camera, there are more than 3 chips or cracks, the glass is tempered (side and back
 * glass shatter, they cannot be repaired), the glass is shattered, or a crack reaches the edge. Otherwise repair.
 */
import type { GlassGroup, GlassType } from './glass.ts';

/** Chips or cracks a repair handles at most. */
export const MAX_REPAIRABLE_CHIPS = 3;
/** Cracks longer than this (inches) cannot be repaired. */
export const MAX_REPAIRABLE_CRACK_INCHES = 6;

/** Answers to the problem questions; an unanswered question counts as 'no'. */
export interface ProblemAnswers {
  crackOver6Inches?: boolean;
  inDriverView?: boolean;
  inCameraArea?: boolean;
  edgeCrack?: boolean;
  shattered?: boolean;
}
export type ProblemQuestionId = keyof ProblemAnswers;

/** The problem questions the flow asks: ids match the answer keys; some apply to windshields only. */
export const PROBLEM_QUESTIONS: ReadonlyArray<{ id: ProblemQuestionId; text: string; windshieldOnly: boolean }> = [
  { id: 'shattered', text: 'Is the glass shattered or broken out?', windshieldOnly: false },
  { id: 'crackOver6Inches', text: 'Is any crack longer than 6 inches (about the length of a dollar bill)?', windshieldOnly: true },
  { id: 'inDriverView', text: "Is the damage in the driver's line of sight?", windshieldOnly: true },
  { id: 'inCameraArea', text: 'Is the damage in front of the camera or sensors behind the rear-view mirror?', windshieldOnly: true },
  { id: 'edgeCrack', text: 'Does a crack reach the edge of the windshield?', windshieldOnly: true },
];

/** Why replacement is recommended; stable keys the UI translates. In this order when several apply. */
export const REPLACE_REASONS = [
  'temperedGlass',
  'shattered',
  'crackOver6Inches',
  'edgeCrack',
  'driverView',
  'cameraArea',
  'moreThan3Chips',
] as const;
export type ReasonKey = (typeof REPLACE_REASONS)[number];

export interface RepairGuidanceInput {
  /** The damage area of the glass ('Windshield', "Driver's side", …). */
  group?: GlassGroup | null;
  /** The kind of glass ('Windshield', 'Door', 'Back glass', …). */
  glassType?: GlassType | null;
  /** Whether the glass is tempered; when given it decides, else group/glass type do (all but windshields are). */
  tempered?: boolean | null;
  /** NumberOfChipsOrCracks; -1 (or any negative) = not given. */
  numberOfChipsOrCracks: number;
  answers: ProblemAnswers;
}

export interface RepairGuidance {
  recommendation: 'Repair' | 'Replace';
  reasons: ReasonKey[];
}

/** Whether the damaged glass is tempered: the flag when given, else anything that is not a windshield. */
export function isTemperedGlass(input: Pick<RepairGuidanceInput, 'group' | 'glassType' | 'tempered'>): boolean {
  if (typeof input.tempered === 'boolean') return input.tempered;
  if (input.glassType) return input.glassType !== 'Windshield';
  if (input.group) return input.group !== 'Windshield';
  return false;
}

/** Recommends repair or replacement; `reasons` lists every rule that calls for replacement (empty for repair). */
export function repairGuidance(input: RepairGuidanceInput): RepairGuidance {
  const a = input.answers ?? {};
  const hit: Record<ReasonKey, boolean> = {
    temperedGlass: isTemperedGlass(input),
    shattered: a.shattered === true,
    crackOver6Inches: a.crackOver6Inches === true,
    edgeCrack: a.edgeCrack === true,
    driverView: a.inDriverView === true,
    cameraArea: a.inCameraArea === true,
    moreThan3Chips: Number.isFinite(input.numberOfChipsOrCracks) && input.numberOfChipsOrCracks > MAX_REPAIRABLE_CHIPS,
  };
  const reasons = REPLACE_REASONS.filter((r) => hit[r]);
  return { recommendation: reasons.length ? 'Replace' : 'Repair', reasons };
}

/**
 * The recommendation to show while the problem questions are being answered: Replace as soon as one rule calls
 * for it (one 'yes' is enough, and tempered glass or more than 3 chips need no answer at all); Repair only once
 * every question asked is answered (an unanswered question is not a 'no' yet); null until then.
 */
export function shownRecommendation(
  guidance: RepairGuidance,
  asked: readonly string[],
  answers: Readonly<Record<string, boolean | undefined>>,
): RepairGuidance['recommendation'] | null {
  if (guidance.recommendation === 'Replace') return 'Replace';
  return asked.every((id) => typeof answers[id] === 'boolean') ? 'Repair' : null;
}
