import { z } from 'zod';

/** Server configuration, read once from the environment at start-up. */
export const EnvSchema = z
  .object({
    /** Port the one process listens on. */
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    /** Host interface to bind. */
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Public origin of the portal as browsers reach it (issuer and redirect URIs derive from it). */
    PUBLIC_URL: z.url().optional(),
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
    /** Seed demo data on start (true by default). */
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
    /** Failed sign-ins allowed per email and address before 429. */
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    /** Window of the sign-in failure counter, in seconds. */
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
    /** External self-service site SSO users are sent to from claim-flow pages; unset → no link (logged only). */
    SELF_SERVICE_URL: z.url().optional(),
    /** Log level. */
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
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
