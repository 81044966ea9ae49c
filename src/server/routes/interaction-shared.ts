/**
 * What every step of the embedded provider's sign-in interaction shares (password, ticket, and the second
 * factors that follow): the origin check (the site and its Spanish host), the JSON body read against its
 * schema, the provider's interaction for this uid, and the finish that hands the provider the account.
 */
import type { Context } from 'hono';
import type { z } from 'zod/mini';
import { describeIssues } from '../../lib/api/contract.ts';
import { LOGIN_MESSAGES } from '../../lib/api/login.ts';
import type { EmbeddedOidc } from '../auth/oidc.ts';
import { siteOrigins } from '../env.ts';
import { fail, type AppEnv } from './define.ts';

/** The uid segment of every interaction route. */
export const UID_PATTERN = '{[A-Za-z0-9_-]{8,64}}';

export type InteractionDetails = Awaited<ReturnType<EmbeddedOidc['provider']['interactionDetails']>>;

/**
 * Reads a POST to an interaction step: refused (403) from a foreign origin, 400 for a body that is not JSON
 * or fails `schema` (its field errors, or `invalidMessage` when given), 400 'expired' when the provider has no
 * interaction for this uid or it is at another prompt than `prompt`. Otherwise the body and the details.
 */
export async function readInteractionPost<S extends z.ZodMiniType>(
  c: Context<AppEnv>,
  opts: { origin: string; provider: EmbeddedOidc['provider']; schema: S; prompt?: string; invalidMessage?: string },
): Promise<{ data: z.infer<S>; details: InteractionDetails } | Response> {
  const origin = c.req.header('origin');
  if (origin && !siteOrigins(opts.origin).includes(origin)) return fail(c, 403, 'Cross-origin request refused.');
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return fail(c, 400, 'Invalid request: the body is not valid JSON.');
  }
  const parsed = opts.schema.safeParse(raw);
  if (!parsed.success) {
    if (opts.invalidMessage) return fail(c, 400, opts.invalidMessage);
    const { message, errors } = describeIssues(parsed.error.issues);
    return fail(c, 400, message, errors);
  }
  let details: InteractionDetails;
  try {
    details = await opts.provider.interactionDetails(c.env.incoming, c.env.outgoing);
  } catch {
    return fail(c, 400, LOGIN_MESSAGES.expired);
  }
  if (details.uid !== c.req.param('uid') || details.prompt.name !== (opts.prompt ?? 'login')) return fail(c, 400, LOGIN_MESSAGES.expired);
  return { data: parsed.data as z.infer<S>, details };
}

/** Finishes the interaction for `accountId`: the provider answers where the browser goes next. */
export async function finishLogin(c: Context<AppEnv>, provider: EmbeddedOidc['provider'], accountId: string): Promise<string> {
  return provider.interactionResult(c.env.incoming, c.env.outgoing, { login: { accountId, remember: false } }, { mergeWithLastSubmission: false });
}
