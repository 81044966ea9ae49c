/**
 * Experiments (issue 18): the rules of an experiment as internal admins save it, the mapping of a device's hash
 * onto the variants' weights, and the 95 % Wilson interval of a conversion rate. Pure: shared by the contracts,
 * the server and (later) the admin screen. docs/decisions/031-experiments.md.
 */

export const TRIGGER_EVENTS = ['SiteEntry', 'PageEntry'] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];
export const EXPERIMENT_STATUSES = ['Draft', 'Running', 'Stopped'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/** Variants per experiment. */
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 5;

/** The experiments calls' messages (their Spanish in the messages namespace). */
export const EXPERIMENT_MESSAGES = {
  nameRequired: 'Experiment name is required',
  keyRule: 'An experiment key has 2 to 40 lowercase letters, digits or -, starting with a letter or digit',
  pageEntryValue: 'A page-entry trigger is a page path starting with /',
  variantCount: 'An experiment has 2 to 5 variants',
  variantNameRequired: 'Variant name is required',
  variantNameTwice: 'Each variant needs its own name',
  variantWeight: 'A variant weight is a whole number from 1 to 99',
  weightsSum: 'The variant weights must add up to 100',
  goalRequired: 'Goal event is required',
  invalidDeviceId: 'Invalid device id',
  keyTaken: 'Another experiment already has this key.',
  onlyDraftEdited: 'Only a draft experiment can be edited.',
  badTransition: 'An experiment goes from Draft to Running to Stopped; a stopped experiment cannot restart.',
  experimentNotFound: 'Experiment not found.',
} as const;

export const EXPERIMENT_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** What SaveExperiment takes (the fields the rules read). */
export interface ExperimentDraft {
  name: string;
  key: string;
  triggerEvent: TriggerEvent;
  triggerValue?: string | null | undefined;
  variants: readonly { name: string; weight: number }[];
  goalEvent: string;
}

/** Every problem of an experiment, each at its field, so that the screen can show them all at once. */
export function experimentProblems(v: ExperimentDraft): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  if (!v.name.trim()) out.push({ field: 'name', message: EXPERIMENT_MESSAGES.nameRequired });
  if (!EXPERIMENT_KEY_PATTERN.test(v.key)) out.push({ field: 'key', message: EXPERIMENT_MESSAGES.keyRule });
  if (v.triggerEvent === 'PageEntry' && !/^\/\S*$/.test(v.triggerValue ?? '')) out.push({ field: 'triggerValue', message: EXPERIMENT_MESSAGES.pageEntryValue });
  if (v.variants.length < MIN_VARIANTS || v.variants.length > MAX_VARIANTS) {
    out.push({ field: 'variants', message: EXPERIMENT_MESSAGES.variantCount });
  } else {
    const seen = new Set<string>();
    v.variants.forEach((variant, i) => {
      const name = variant.name.trim();
      if (!name) out.push({ field: `variants.${i}.name`, message: EXPERIMENT_MESSAGES.variantNameRequired });
      else if (seen.has(name.toLowerCase())) out.push({ field: `variants.${i}.name`, message: EXPERIMENT_MESSAGES.variantNameTwice });
      seen.add(name.toLowerCase());
      if (!Number.isInteger(variant.weight) || variant.weight < 1 || variant.weight > 99) out.push({ field: `variants.${i}.weight`, message: EXPERIMENT_MESSAGES.variantWeight });
    });
    if (v.variants.reduce((sum, x) => sum + x.weight, 0) !== 100) out.push({ field: 'variants', message: EXPERIMENT_MESSAGES.weightsSum });
  }
  if (!v.goalEvent.trim()) out.push({ field: 'goalEvent', message: EXPERIMENT_MESSAGES.goalRequired });
  return out;
}

/** Whether an experiment may go from one status to another: Draft → Running → Stopped (a draft may also be stopped). */
export function canMove(from: ExperimentStatus, to: ExperimentStatus): boolean {
  return (from === 'Draft' && (to === 'Running' || to === 'Stopped')) || (from === 'Running' && to === 'Stopped');
}

/**
 * The variant a point in [0, 1) falls on when the variants' weights (summing to 100) are laid end to end: the
 * point is a device's hash (first 32 bits of SHA-256 over key and device id, divided by 2^32).
 */
export function variantAt<V extends { weight: number }>(point: number, variants: readonly V[]): V {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  let edge = 0;
  for (const v of variants) {
    edge += v.weight;
    if (point * total < edge) return v;
  }
  return variants[variants.length - 1]!;
}

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of a rate of `successes` in `trials` (95 % by default), or null without trials.
 * Unlike the normal approximation it stays inside [0, 1] and behaves with few trials or rates near 0 or 1.
 */
export function wilsonInterval(successes: number, trials: number, z = Z95): { low: number; high: number } | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
