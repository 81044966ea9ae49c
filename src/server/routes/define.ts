import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { config as zodConfig, locales, type z } from 'zod/mini';
import { BODY_LIMIT, describeIssues, type CallContract } from '../../lib/api/contract.ts';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../db/index.ts';
import type { UserRow } from '../services/users.ts';
import type { TokenVerifier } from '../auth/tokens.ts';
import { readCacheFor } from '../services/read-cache.ts';
import { currentSession } from '../auth/revocation.ts';
import { HttpError, PasswordHashBusy } from '../errors.ts';
import { siteOrigins, spanishOrigin } from '../env.ts';
import { messageCode } from '../../lib/i18n/message-codes.ts';

// The contracts use zod/mini (small in the browser), which loads no locale: the server's messages are English.
zodConfig(locales.en());

/** Hono environment of the portal's routes. */
export type AppEnv = { Bindings: HttpBindings; Variables: { user: UserRow | null } };

/** What the routes need. */
export interface RouteDeps {
  db: Db;
  verifier: TokenVerifier;
  /** Public origin: state-changing calls from any Origin but it and its Spanish host are refused. */
  origin: string;
  /** Rebuilds and switches the served site (content editors); absent without a built site. */
  publisher?: import('../services/publisher.ts').Publisher;
  /** The external self-service site for SSO users (claim flow); unset → an empty link. */
  selfServiceUrl?: string;
  /** Roles that must use two-step sign-in (MFA_REQUIRED_ROLES); unset → internal and CE admins. */
  mfaRequiredRoles?: readonly import('../../lib/roles.ts').DashboardRole[];
  /** Link lifetimes and email rate limits of the identity store's calls (issue 14); unset → the defaults. */
  accounts?: import('./okta.ts').AccountsConfig;
  /** What /Healthcheck's checks need (issue 15); unset → the portal's own origin and the default mailbox. */
  health?: import('../services/health.ts').HealthDeps;
  // issue 17: shop search
  /** Store-locator searches per client address per minute (SHOP_SEARCH_MAX_PER_MINUTE); unset → 120. */
  shopSearchPerMinute?: number;
  // issue 18: live chat
  /** Chat messages one user may send per minute (CHAT_MESSAGES_PER_MINUTE); unset → 30. */
  chatMessagesPerMinute?: number;
  // issue 18: analytics
  /** Analytics calls and bytes per device and per user per minute (ANALYTICS_MAX_PER_MINUTE, ANALYTICS_MAX_BYTES_PER_MINUTE). */
  analyticsLimits?: import('./analytics-limit.ts').AnalyticsLimits;
}

/** Where a request's emailed links point: the host it came from (the Spanish one), or the public origin. */
export function linkBaseOf(c: Context, origin: string): { origin: string } {
  const es = spanishOrigin(origin);
  const from = c.req.header('origin');
  const host = c.req.header('host');
  return { origin: from === es || (!from && host !== undefined && host === new URL(es).host) ? es : origin };
}

/** The error envelope. */
export function fail(c: Context, status: number, message: string, errors?: { path: string; message: string }[]) {
  return c.json({ isSuccess: false, message, ...coded(message), result: null, ...(errors ? { errors: errors.map((e) => ({ ...e, ...coded(e.message, 'invalidInput') })) } : {}) }, status as 400);
}

/**
 * The stable code (and parameters) of a message, from the English catalogue (src/lib/i18n/en/messages.ts), so
 * the browser can show it in the reader's language; `fallback` for a field error the catalogue does not know
 * (zod's own type messages, which the portal's forms never produce).
 */
function coded(message: string, fallback?: string): { code?: string; params?: Record<string, string | number> } {
  const found = messageCode(message);
  if (found) return found.params ? { code: found.code, params: found.params } : { code: found.code };
  return fallback ? { code: fallback } : {};
}

/** Resolves the signed-in user from the bearer token, or null when there is none or it is not acceptable. */
export async function authenticate(c: Context<AppEnv>, deps: RouteDeps): Promise<UserRow | null> {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{10,8192})$/.exec(header);
  if (!match) return null;
  try {
    const claims = await deps.verifier.verify(match[1]!);
    const user = await readCacheFor(deps.db).user(claims.sub);
    // A token issued before the user's sign-ins were revoked (password reset, deactivation) is refused.
    if (!user || !currentSession(claims, user) || user.status !== 'ACTIVE') return null;
    return user;
  } catch {
    return null;
  }
}

/** The path of the first string in a value that contains U+0000, which PostgreSQL text cannot hold; null when none does. */
function findNul(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const at = findNul(v, [...path, k]);
    if (at) return at;
  }
  return null;
}

/** A value with every string well-formed: a lone surrogate, which no UTF-8 can encode, becomes U+FFFD (PGlite mis-sizes it and the query fails). */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value === null || typeof value !== 'object' || ![Object.prototype, null].includes(Object.getPrototypeOf(value))) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wellFormed(v)]));
}

/** 413 for a body over the limit; the unread rest of the body makes the connection unusable, so it closes. */
export function tooLarge(c: Context<AppEnv>) {
  c.header('Connection', 'close');
  return fail(c, 413, 'Request body too large.');
}

/**
 * A ceiling on a request's body (issue 19). A body with a Content-Length is judged by it: Node's parser never reads
 * more than the length says, so nothing past it reaches a handler. Only a chunked body (no length) is counted as it
 * streams, by hono's bodyLimit. hono's middleware alone asked `c.req.raw.body` first, which made @hono/node-server
 * build a full Request with a web stream on every call (about 12 % of a signed-in call's time in the profile).
 */
export function bodyCeiling(maxSize: number): MiddlewareHandler<AppEnv> {
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    return Number.parseInt(length, 10) > maxSize ? Promise.resolve(tooLarge(c)) : next();
  };
}

/** What the handler of a download contract (contract.download set) answers: the file's bytes and its name. */
export class FileReply {
  constructor(
    readonly bytes: Uint8Array,
    readonly filename: string,
    /**
     * An image shown in the page rather than saved (a co-brand logo): its own type, shown inline, with a strong
     * ETag (If-None-Match → 304) and Cache-Control.
     */
    readonly inline?: { contentType: string; etag: string; cacheControl: string },
  ) {}
}

type Handler<C extends CallContract> = (args: {
  c: Context<AppEnv>;
  input: z.infer<C['request']>;
  user: UserRow | null;
}) => Promise<z.infer<C['result']> | FileReply>;

/**
 * Mounts one contract on a router: bearer check, role check, same-origin check for state changes,
 * zod validation of the body or query, then the handler's result in the reply envelope.
 */
export function mountCall<C extends CallContract>(router: Hono<AppEnv>, deps: RouteDeps, contract: C, handler: Handler<C>): void {
  const path = '/' + contract.path;
  const run = async (c: Context<AppEnv>) => {
    let user: UserRow | null = null;
    if (contract.access !== 'public') {
      user = await authenticate(c, deps);
      if (!user) {
        c.header('WWW-Authenticate', 'Bearer');
        return fail(c, 401, 'Unauthorized');
      }
      if (!contract.access.includes(user.dashboard_user_role)) return fail(c, 403, 'You do not have access to this.');
    }
    if (contract.mutates) {
      const origin = c.req.header('origin');
      // The site's own origins: the public one and its Spanish host (spec section 1).
      if (origin && !siteOrigins(deps.origin).includes(origin)) return fail(c, 403, 'Cross-origin request refused.');
    }
    let raw: unknown;
    if (contract.method === 'GET') {
      // Path segments (`:name`) win over a query key of the same name.
      raw = { ...c.req.query(), ...c.req.param() };
    } else {
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
        return fail(c, 415, 'Content-Type must be application/json.');
      }
      try {
        raw = await c.req.json();
      } catch {
        return fail(c, 400, 'Invalid request: the body is not valid JSON.');
      }
    }
    const parsed = contract.request.safeParse(raw);
    if (!parsed.success) {
      const { message, errors } = describeIssues(parsed.error.issues);
      return fail(c, 400, message, errors);
    }
    // Text the database cannot store: a NUL is refused like any invalid field, lone surrogates are replaced.
    const nulAt = findNul(parsed.data);
    if (nulAt) {
      const { message, errors } = describeIssues([{ code: 'custom', path: nulAt, message: 'Must not contain NUL characters', input: undefined }]);
      return fail(c, 400, message, errors);
    }
    try {
      const result = await handler({ c, input: wellFormed(parsed.data) as z.infer<C['request']>, user });
      if (result instanceof FileReply && result.inline) {
        const { contentType, etag, cacheControl } = result.inline;
        const headers = { 'Cache-Control': cacheControl, ETag: `"${etag}"`, 'X-Content-Type-Options': 'nosniff' };
        const match = c.req.header('if-none-match');
        if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === `"${etag}"` || t.trim() === '*')) return c.body(null, 304, headers);
        return c.body(result.bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': contentType, 'Content-Length': String(result.bytes.length) });
      }
      if (result instanceof FileReply) {
        return c.body(result.bytes as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': contract.download ?? 'application/octet-stream',
          'Content-Disposition': `attachment; filename="${result.filename.replace(/[^\w.-]/g, '_')}"`,
        });
      }
      return c.json({ isSuccess: true, message: 'Success', result: result ?? null });
    } catch (err) {
      if (err instanceof PasswordHashBusy) c.header('Retry-After', String(err.retryAfter));
      if (err instanceof HttpError) return fail(c, err.status, err.message);
      throw err;
    }
  };
  if (contract.method === 'GET') router.get(path, run);
  else router.post(path, bodyCeiling(contract.maxBody ?? BODY_LIMIT), run);
}
