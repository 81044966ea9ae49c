/**
 * What the manage-account profile sections share (issue 14): a field (label, hint, error, control — the design
 * system's order), browser messages as server messages (their codes, so they show in the reader's language), and a
 * refused call's field errors. Loaded with those sections only (they are lazy chunks of the page).
 */
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { PROFILE_NPN } from '../../lib/api/manage-account.ts';
import { messageOf } from '../../lib/claim/validation.ts';
import type { ServerMessage, Translator } from '../../lib/i18n.ts';

/** The words the manage-account sections use. */
export type Words = Translator<'account' | 'messages' | 'common'>;

/** The codes of the browser's own account messages that the claim rules do not know. */
const OWN_CODES: Record<string, string> = { [PROFILE_NPN.message]: 'invalidNpn', 'Password is required': 'passwordRequired' };

/** A browser check's English message with its code (for `t.message`). */
export function asMessage(message: string): ServerMessage {
  const own = OWN_CODES[message];
  if (own) return { message, code: own };
  const known = messageOf(message);
  if (known.code) return known;
  const max = /^Must be at most (\d+) characters$/.exec(message)?.[1];
  return max ? { message, code: 'maxLength', params: { max } } : { message };
}

/** A refused call: its status, its reply and its field errors by field name; null for a 401 (the client goes to sign-in). */
export function refusal(err: unknown): { status: number; reply: ServerMessage; fields: Record<string, ServerMessage> } | null {
  if (!(err instanceof ApiError)) return { status: 0, reply: { message: 'API call failed', code: 'apiCallFailed' }, fields: {} };
  if (err.status === 401) return null;
  const reply = replyOf(err);
  const fields: Record<string, ServerMessage> = {};
  for (const e of (reply.errors ?? []) as (ServerMessage & { path?: string })[]) if (e.path && !fields[e.path]) fields[e.path] = e;
  return { status: err.status, reply, fields };
}

/** The text of a refusal that belongs to no field: the server's words, or section 8's for a failure on our side. */
export const refusalText = (t: Words, r: { status: number; reply: ServerMessage }) => (r.status === 0 || r.status >= 500 ? t('messages.genericError') : t.message(r.reply));

/** The design system's field: src/islands/shared/Field.tsx. */
export { Field } from '../shared/Field.tsx';
