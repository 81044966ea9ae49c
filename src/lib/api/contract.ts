import { z } from 'zod/mini';
import { APP_NAME } from '../constants.ts';
import type { DashboardRole } from '../roles.ts';
import { DASHBOARD_ROLES } from '../roles.ts';
import type { Rule } from '../claim/validation.ts';

/** Base path of the dashboard service (spec section 7). */
export const DASHBOARD_BASE = '/agentdashboard/api/v1';
/** Base path of the content service (spec section 7). */
export const CONTENT_BASE = '/api/v1/contentmanagement';
/** Base path of the experiments service (spec section 7; issue 18). */
export const EXPERIMENTS_BASE = '/experiments/api/v1';

/** AppName, carried by every request payload. */
export const AppNameSchema = z.string().check(z.trim(), z.minLength(1, 'AppName is required'), z.maxLength(64, 'Must be at most 64 characters'));

/** A short free-text field: trimmed, bounded. */
export const text = (max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`), ...checks);

/** A required short free-text field: trimmed, not empty, bounded. */
export const requiredText = (name: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  text(max, z.minLength(1, `${name} is required`), ...checks);

/** A number check: between min and max inclusive (one check instead of gte + lte: less code in the browser). */
export const between = (min: number, max: number, message: string) =>
  z.refine<number>((n) => n >= min && n <= max, message);

/** A zod/mini string schema that trims, bounds the length and applies one rule with its message. */
export function field(rule: Rule, max = 200) {
  return z.string().check(
    z.trim(),
    z.maxLength(max, `Must be at most ${max} characters`),
    z.superRefine((v, ctx) => {
      const message = rule(v);
      if (message) ctx.issues.push({ code: 'custom', message, input: v });
    }),
  );
}

/**
 * A map of strings to strings (tag key → label) in a reply. A custom check rather than z.record: the
 * record schema's code would ship with every dashboard page (docs/decisions/005).
 */
export const StringMapSchema = z.custom<Record<string, string>>(
  (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string'),
  'Expected a map of strings',
);

/** An optional field that may also be null. */
export const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** An agency (account) number: digits only. */
export const AgencyNumberSchema = z.string().check(z.trim(), z.regex(/^\d{4,12}$/, 'Invalid agency number'));

/** Who may call a route: signed-in roles, or 'public' for no token. */
export type Access = readonly DashboardRole[] | 'public';
/** Every signed-in role. */
export const SIGNED_IN: readonly DashboardRole[] = DASHBOARD_ROLES;

/** One call of the dashboard service: its path, method, request and reply schemas, and who may call it. */
export interface CallContract<Req extends z.ZodMiniType = z.ZodMiniType, Res extends z.ZodMiniType = z.ZodMiniType> {
  /** The spec's name of the call. */
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** Path under the service's base, exactly as the spec writes it; `:name` segments are taken from the request. */
  readonly path: string;
  /** The service's base path (default DASHBOARD_BASE). */
  readonly base?: string;
  /** Request: the JSON body of a POST, the query of a GET. */
  readonly request: Req;
  /** The `result` of the reply envelope. */
  readonly result: Res;
  /** Roles allowed; object-level checks happen in the route. */
  readonly access: Access;
  /** True when the call changes state (refused without a bearer token or from another origin). */
  readonly mutates: boolean;
  /** Largest request body in bytes (default BODY_LIMIT); larger → 413. */
  readonly maxBody?: number;
  /**
   * Set when a success answers with a file of this media type (e.g. 'application/pdf') instead of the JSON
   * envelope; refusals keep the envelope. `result` is then z.null() (nothing to parse).
   */
  readonly download?: string;
}

/** The default largest request body: 64 KB. */
export const BODY_LIMIT = 64 * 1024;

/** Declares a call contract. */
export function defineCall<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(c: CallContract<Req, Res>): CallContract<Req, Res> {
  return c;
}

/** The full path of a call (its `:name` segments as written, or filled from `params`). */
export function callPath(c: Pick<CallContract, 'path' | 'base'>, params?: Record<string, unknown>): string {
  const path = params ? c.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? ''))) : c.path;
  return `${c.base ?? DASHBOARD_BASE}/${path}`;
}

/** The names of a path's `:name` segments. */
export function pathParams(c: Pick<CallContract, 'path'>): string[] {
  return [...c.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The URL of a GET call: its path with the segments filled, the other fields (not null) as the query. */
export function getUrl(c: Pick<CallContract, 'path' | 'base'>, input: Record<string, unknown>): string {
  const inPath = new Set(pathParams(c));
  const fields = Object.entries(input).filter(([k, v]) => v !== undefined && v !== null && !inPath.has(k));
  return `${callPath(c, input)}?${new URLSearchParams(fields.map(([k, v]) => [k, String(v)]))}`;
}

/** The reply envelope every dashboard-service call answers with. */
export function envelope<T extends z.ZodMiniType>(result: T) {
  return z.object({ isSuccess: z.boolean(), message: z.string(), result: z.nullable(result) });
}

/** A message's parameters (a custom check: the record schema's code would ship with every page, docs/decisions/005). */
const MessageParamsSchema = z.custom<Record<string, string | number>>(
  (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((p) => typeof p === 'string' || typeof p === 'number'),
  'Expected message parameters',
);

/** A reply envelope whose result is unknown (errors). */
export const ErrorReplySchema = z.object({
  isSuccess: z.literal(false),
  message: z.string(),
  /** The message's stable code (src/lib/i18n/en/messages.ts), for the reader's language. */
  code: z.optional(z.string()),
  params: z.optional(MessageParamsSchema),
  result: z.null(),
  errors: z.optional(
    z.array(
      z.object({
        path: z.string(),
        message: z.string(),
        code: z.optional(z.string()),
        params: z.optional(MessageParamsSchema),
      }),
    ),
  ),
});

/** A POST body: AppName plus the call's fields; unknown keys are refused. */
export function body<T extends z.core.$ZodShape>(shape: T) {
  return z.strictObject({ AppName: AppNameSchema, ...shape });
}

/** A GET query: AppName optional (GETs have no body), plus the call's fields; unknown keys are refused. */
export function query<T extends z.core.$ZodShape>(shape: T) {
  return z.strictObject({ AppName: z.optional(AppNameSchema), ...shape });
}

/** Request type of a contract (what the caller gives, before defaults). */
export type RequestOf<C extends CallContract> = z.input<C['request']>;
/** Result type of a contract. */
export type ResultOf<C extends CallContract> = z.infer<C['result']>;

/** The AppName default the client fills in. */
export const DEFAULT_APP_NAME = APP_NAME;

/** Turns zod issues into readable field errors and one message (used by the server and the forms). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): { message: string; errors: { path: string; message: string }[] } {
  const errors = issues.map((i) => ({
    path: i.path.map(String).join('.') || '(body)',
    message: i.code === 'unrecognized_keys' ? `Unknown field(s): ${i.keys.map((k) => JSON.stringify(k).slice(0, 40)).join(', ')}` : i.message,
  }));
  const message = `Invalid request: ${errors
    .slice(0, 5)
    .map((e) => `${e.path}: ${e.message}`)
    .join('; ')}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}`;
  return { message, errors };
}
