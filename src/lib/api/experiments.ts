/**
 * Experiments (issue 18, spec section 7): the browser's `experiments/run` on the experiments service (public: it
 * runs on site entry and page entry, signed in or not), and the internal admins' calls that manage experiments
 * on the dashboard service. The rules live in src/lib/experiments.ts. docs/decisions/031-experiments.md.
 */
import { z } from 'zod/mini';
import { EXPERIMENT_MESSAGES, EXPERIMENT_STATUSES, experimentProblems, TRIGGER_EVENTS, type ExperimentDraft } from '../experiments.ts';
import { AppNameSchema, between, body, defineCall, EXPERIMENTS_BASE, maybe, query, requiredText, text } from './contract.ts';

const ADMINS = ['SFAD_InternalAdmin'] as const;

/** An opaque device id (the analytics cookie's). */
const DeviceIdSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{8,64}$/, EXPERIMENT_MESSAGES.invalidDeviceId));
/** An experiment order: a small whole number. */
const OrderSchema = z.int().check(between(0, 1000, 'Invalid experiment order'));

/** One assignment: the variant of a running experiment this device sees. */
export const AssignmentSchema = z.object({ experimentId: z.int(), key: z.string(), variant: z.string() });
export type Assignment = z.infer<typeof AssignmentSchema>;

/**
 * Which variant of each running experiment whose trigger matches the device sees (sticky: the same every time),
 * ordered by experiment order then creation. A SiteEntry run sends EXPERIMENT_SITE_ENTRY_VALUE as triggerValue;
 * a PageEntry run the page's path. With experimentOrder, only the experiments of that order run. The first
 * assignment of each (experiment, device) is logged as an exposure.
 */
export const ExperimentsRun = defineCall({
  name: 'ExperimentsRun',
  method: 'POST',
  base: EXPERIMENTS_BASE,
  path: 'experiments/run',
  request: z.strictObject({
    /** The dashboard client adds AppName to every body; the spec's field is applicationName. */
    AppName: z.optional(AppNameSchema),
    applicationName: requiredText('applicationName', 64),
    deviceId: DeviceIdSchema,
    triggerEvent: z.enum(TRIGGER_EVENTS),
    triggerValue: text(300),
    experimentOrder: maybe(OrderSchema),
  }),
  result: z.array(AssignmentSchema),
  access: 'public',
  mutates: true,
});

/** A variant's results. */
export const VariantResultSchema = z.object({
  name: z.string(),
  weight: z.int(),
  exposures: z.int(),
  conversions: z.int(),
  /** conversions / exposures, or null without exposures. */
  conversionRate: z.nullable(z.number()),
  /** The rate's 95 % Wilson interval, or null without exposures. */
  low: z.nullable(z.number()),
  high: z.nullable(z.number()),
});

/** An experiment as the admin calls answer it. */
export const ExperimentSchema = z.object({
  id: z.int(),
  name: z.string(),
  key: z.string(),
  triggerEvent: z.enum(TRIGGER_EVENTS),
  triggerValue: z.string(),
  experimentOrder: z.int(),
  goalEvent: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  variants: z.array(VariantResultSchema),
  createdBy: z.string(),
  modifiedBy: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  startedAt: z.nullable(z.string()),
  stoppedAt: z.nullable(z.string()),
});
export type Experiment = z.infer<typeof ExperimentSchema>;

/** An experiment's id: a positive 32-bit integer. */
const ExperimentIdSchema = z.int().check(z.positive(), z.lte(2_147_483_647));

/** Every experiment with its status and each variant's exposures, conversions and interval; newest first. */
export const GetExperiments = defineCall({
  name: 'GetExperiments',
  method: 'GET',
  path: 'Experiments/GetExperiments',
  request: query({}),
  result: z.array(ExperimentSchema),
  access: ADMINS,
  mutates: false,
});

const rules = z.superRefine<ExperimentDraft>((v, ctx) => {
  for (const p of experimentProblems(v)) ctx.issues.push({ code: 'custom', message: p.message, path: p.field.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)), input: v });
});

/** Creates an experiment (no id) or edits a draft (id): name, key, trigger, variants and weights, goal event. */
export const SaveExperiment = defineCall({
  name: 'SaveExperiment',
  method: 'POST',
  path: 'Experiments/SaveExperiment',
  request: body({
    id: maybe(ExperimentIdSchema),
    name: text(120),
    key: text(40),
    triggerEvent: z.enum(TRIGGER_EVENTS),
    /** A PageEntry's path; ignored for SiteEntry (stored as EXPERIMENT_SITE_ENTRY_VALUE). */
    triggerValue: maybe(text(300)),
    experimentOrder: maybe(OrderSchema),
    variants: z.array(z.strictObject({ name: text(60), weight: z.int() })).check(z.maxLength(10, EXPERIMENT_MESSAGES.variantCount)),
    goalEvent: text(100),
  }).check(rules),
  result: ExperimentSchema,
  access: ADMINS,
  mutates: true,
});

/** Starts or stops an experiment: Draft → Running → Stopped; a stopped experiment cannot restart. */
export const SetExperimentStatus = defineCall({
  name: 'SetExperimentStatus',
  method: 'POST',
  path: 'Experiments/SetExperimentStatus',
  request: body({ id: ExperimentIdSchema, status: z.enum(['Running', 'Stopped']) }),
  result: ExperimentSchema,
  access: ADMINS,
  mutates: true,
});
