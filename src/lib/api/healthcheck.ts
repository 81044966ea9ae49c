/**
 * Production monitoring (spec sections 2, 3 and 7: `healthcheck`, `healthcheck/HealthCheckResults`,
 * `healthcheck/UpdateConfiguration`). The public /Healthcheck page reads the results; internal admins set an
 * optional input and URL override per monitored endpoint. docs/decisions/024.
 */
import { z } from 'zod/mini';
import { body, defineCall, maybe, query, text } from './contract.ts';

/** The categories of section 3. */
export const HEALTH_CATEGORIES = ['Core', 'External', 'Safelite'] as const;
/** The monitored endpoints, by stable name. */
export const HEALTH_ENDPOINTS = ['database', 'outbox', 'content-service', 'openid-provider', 'mail-transport', 'shared-service'] as const;
export type HealthEndpoint = (typeof HEALTH_ENDPOINTS)[number];
/** Each endpoint's category (spec section 3). */
export const HEALTH_CATEGORY: Record<HealthEndpoint, (typeof HEALTH_CATEGORIES)[number]> = {
  database: 'Core',
  outbox: 'Core',
  'content-service': 'Core',
  'openid-provider': 'External',
  'mail-transport': 'External',
  'shared-service': 'Safelite',
};

const Status = z.enum(['Healthy', 'Unhealthy']);

/** One check's result. */
export const HealthResultSchema = z.object({
  name: z.enum(HEALTH_ENDPOINTS),
  category: z.enum(HEALTH_CATEGORIES),
  status: Status,
  /** How long the check took (ms), up to its timeout. */
  latencyMs: z.int(),
  /** When it ran (ISO). */
  lastCheck: z.string(),
  /** What it found ('SELECT 1', '3 waiting, oldest 2 min', the error). Never a password. */
  detail: z.string(),
  /** True when an internal admin set a URL override for it. */
  overridden: z.boolean(),
});
export type HealthResult = z.infer<typeof HealthResultSchema>;

/** The dashboard service is up (its database answers). */
export const Healthcheck = defineCall({
  name: 'Healthcheck',
  method: 'GET',
  path: 'healthcheck',
  request: query({}),
  result: z.object({ status: Status }),
  access: 'public',
  mutates: false,
});

/** Every monitored endpoint's check, run now (each within its own timeout). */
export const HealthCheckResults = defineCall({
  name: 'HealthCheckResults',
  method: 'GET',
  path: 'healthcheck/HealthCheckResults',
  request: query({}),
  result: z.object({ status: Status, checkedAt: z.string(), checks: z.array(HealthResultSchema) }),
  access: 'public',
  mutates: false,
});

/** One endpoint's configuration. */
export const HealthConfigSchema = z.object({
  name: z.enum(HEALTH_ENDPOINTS),
  category: z.enum(HEALTH_CATEGORIES),
  input: z.nullable(z.string()),
  urlOverride: z.nullable(z.string()),
  modifiedBy: z.nullable(z.string()),
  modifiedAt: z.nullable(z.string()),
});
export type HealthConfig = z.infer<typeof HealthConfigSchema>;

/** The configuration of every endpoint (the admins' screen; overrides may hold addresses the public page does not show). */
export const GetHealthConfiguration = defineCall({
  name: 'GetHealthConfiguration',
  method: 'GET',
  path: 'healthcheck/GetConfiguration',
  request: query({}),
  result: z.array(HealthConfigSchema),
  access: ['SFAD_InternalAdmin'],
  mutates: false,
});

/** A URL override: http(s) for the web endpoints, smtp(s) for the mail transport; empty clears it. */
const urlOverride = text(500, z.regex(/^$|^(https?|smtps?):\/\/[^\s]+$/, 'Please enter a valid url'));

/** Sets one endpoint's optional input and URL override (empty or null clears them). */
export const UpdateConfiguration = defineCall({
  name: 'UpdateConfiguration',
  method: 'POST',
  path: 'healthcheck/UpdateConfiguration',
  request: body({ name: z.enum(HEALTH_ENDPOINTS), input: maybe(text(200)), urlOverride: maybe(urlOverride) }),
  result: HealthConfigSchema,
  access: ['SFAD_InternalAdmin'],
  mutates: true,
});
