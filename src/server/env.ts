import { z } from 'zod';
import { DASHBOARD_ROLES, type DashboardRole } from '../lib/roles.ts';

/** Server configuration, read once from the environment at start-up. */
export const EnvSchema = z
  .object({
    /** Port the one process listens on. */
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    /** Host interface to bind. */
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Public origin of the portal as browsers reach it (issuer and redirect URIs derive from it). */
    PUBLIC_URL: z.url().optional(),
    /**
     * Behind a reverse proxy: trust its X-Forwarded-Host and X-Forwarded-Proto (the provider's URLs follow
     * them). Off by default: the provider's URLs all come from PUBLIC_URL, whatever the request's headers say.
     */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
    /** PGlite data directory (ignored when DATABASE_URL is set). */
    DATA_DIR: z.string().min(1).default('./.data'),
    /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    /** External OpenID provider issuer; when set the embedded provider is not used. */
    OIDC_ISSUER: z.url().optional(),
    /** OAuth client id the browser uses. */
    OIDC_CLIENT_ID: z.string().min(1).default('agent-portal'),
    /** Audience the API requires in access tokens. */
    OIDC_AUDIENCE: z.string().min(1).default('urn:agent-portal:api'),
    /** Directory of the built static site. */
    SITE_DIR: z.string().min(1).default('./dist'),
    /**
     * Where the content editors' publications are built (default DATA_DIR/sites). With several processes on
     * PostgreSQL: storage every process mounts at the same path; each switches to a new publication (issue 19).
     */
    SITES_DIR: z.string().min(1).optional(),
    /** Seed demo data on start (true by default). */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** Failed sign-ins allowed per email and address before 429. */
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    /** Window of the sign-in failure counter, in seconds. */
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /** Failed sign-ins allowed per account from all addresses before 429 (addresses the owner signed in from are exempt). */
    LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(10000).default(20),
    /** Window of the per-account failure counter, in seconds. */
    LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /** Failed sign-ins allowed per address (IPv6: per /64) across all emails before 429. */
    LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).max(10000).default(50),
    /** Window of the per-address failure counter, in seconds. */
    LOGIN_ADDRESS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /**
     * Days an address stays exempt from its account's limit after a successful sign-in from it (0: no exemption;
     * at most 24: the in-memory counters expire through timers, which hold at most 24.8 days).
     */
    LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().int().min(0).max(24).default(14),
    /** Worker threads that hash passwords (scrypt), apart from the threads that serve the site. */
    PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(16).default(1),
    /** Password hashes that may wait for a free thread; one more is refused at once with 429. */
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10000).default(16),
    /** External self-service site SSO users are sent to from claim-flow pages; unset → no link (logged only). */
    SELF_SERVICE_URL: z.url().optional(),
    /**
     * The demo agency identity provider (issue 17) at /agency-idp, seeded as Harbor Point's provider in agency_idps
     * (single sign-on out of the box); `false` turns it off. Only with the embedded provider.
     */
    AGENCY_IDP_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** Log level. */
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** Demo simulator: moves one open work order a step every this many milliseconds (unset → off; `npm run simulate` sets it). */
    SIMULATE_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    /** Outgoing mail server (`smtp://user:pass@host:587`, `smtps://…`); unset → emails go to the dev mailbox DATA_DIR/mailbox. */
    SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://…').optional(),
    /** From address of the agents' alerts. */
    MAIL_FROM: z.string().min(3).default('Agent Portal <no-reply@localhost>'),
    /** Text messages through a generic HTTPS webhook (POST { to, body, reference }); unset (and no Twilio) → the dev mailbox. */
    /**
     * Web-to-case (CE course registrations, issue 16): when set, each case is POSTed as JSON to this CRM endpoint
     * (retried by the outbox; an Idempotency-Key header names the case); unset → the ce_cases table CE admins work from.
     */
    CRM_CASE_URL: z.url().optional(),
    /** Bearer token sent to CRM_CASE_URL. */
    CRM_CASE_TOKEN: z.string().min(1).optional(),
    SMS_WEBHOOK_URL: z.url().optional(),
    /** Bearer token sent to SMS_WEBHOOK_URL. */
    SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
    /** Text messages through Twilio: account SID, auth token and sending number (all three, or none). */
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z.string().min(1).optional(),
    /** The outbox worker's poll interval (it is also woken at once by each work-order change). */
    OUTBOX_POLL_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
    /** Attempts per message before it stays as 'dead' (kept in the table, never deleted). */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    /** Delay before the first retry; doubled each attempt (with jitter) up to OUTBOX_RETRY_MAX_SECONDS. */
    OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(86400).default(30),
    OUTBOX_RETRY_MAX_SECONDS: z.coerce.number().min(1).max(7 * 86400).default(3600),
    /**
     * Roles that must use two-step sign-in (TOTP): comma-separated dashboardUserRole values, or `none`. A user of
     * such a role who has not enrolled enrols during sign-in (issue 14).
     */
    MFA_REQUIRED_ROLES: z
      .string()
      .default('SFAD_InternalAdmin,SFAD_CEAdmin')
      .transform((v, ctx) => {
        if (v.trim().toLowerCase() === 'none') return [] as DashboardRole[];
        const roles = v.split(',').map((r) => r.trim()).filter(Boolean);
        const unknown = roles.filter((r) => !(DASHBOARD_ROLES as readonly string[]).includes(r));
        if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown role(s) ${unknown.join(', ')}: use ${DASHBOARD_ROLES.join(', ')} or none` });
        return [...new Set(roles)] as DashboardRole[];
      }),
    /** Lifetime of an email-verification link (registration, admin-created users), seconds: 24 h. */
    ACCOUNT_VERIFY_TTL_SECONDS: z.coerce.number().int().min(1).max(30 * 86400).default(86400),
    /** Lifetime of a password-reset link, seconds: 1 h. */
    ACCOUNT_RESET_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(3600),
    /** Account emails (forgot password, fresh links, registration) per email address in the window. */
    RECOVERY_MAX_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),
    /** Account emails per client address (across emails) in the window. */
    RECOVERY_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(10000).default(30),
    /** Window of the account-email limits, seconds. */
    RECOVERY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(3600),
    // issue 17: shop search
    /** Store-locator searches (ShopSearch/*) per client address per minute. */
    SHOP_SEARCH_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
    // issue 18: live chat
    /** Chat messages one user may send per minute (SendChatMessage, StartChat's first message); more get HTTP 429. */
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    // issue 18: analytics
    /** Analytics calls (SetupAnalytics, LogPageView, ViewError/error, experiments/run) per device and per user per minute. */
    ANALYTICS_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** Bytes of analytics input per device and per user per minute. */
    ANALYTICS_MAX_BYTES_PER_MINUTE: z.coerce.number().int().min(1024).max(1_000_000_000).default(65536),
  })
  .superRefine((env, ctx) => {
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length;
    if (twilio !== 0 && twilio !== 3) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment, exiting with a readable list of problems when it is wrong. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The public origin: PUBLIC_URL or http://localhost:PORT. */
export function publicOrigin(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/**
 * The Spanish site's origin (spec section 1: a host containing 'espanol.'): the public origin with 'espanol.' in
 * front of its host name (http://localhost:4321 → http://espanol.localhost:4321). The same process serves it; the
 * provider accepts sign-ins that start there.
 */
export function spanishOrigin(origin: string): string {
  const url = new URL(origin);
  if (!url.hostname.includes('espanol.')) url.hostname = `espanol.${url.hostname}`;
  return url.origin;
}

/** The origins browsers use for the site: the public origin and its Spanish host. */
export function siteOrigins(origin: string): string[] {
  return [origin, spanishOrigin(origin)];
}
