/** What the agency-search islands share: their words and the spec's messages as codes of the `messages` namespace. */
import { MESSAGES } from '../../lib/claim/validation.ts';
import type { ServerMessage, Translator } from '../../lib/i18n.ts';

export type Words = Translator<'agency' | 'messages' | 'common'>;

/** A spec message (section 5) with its code, for `t.message()`: the claim rules' messages, the search term and the account number. */
export function problem(message: string): ServerMessage {
  const code =
    (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find((k) => MESSAGES[k] === message) ??
    ({ 'Please enter a valid search term': 'invalidSearchTerm', 'Account number not found. Try another search': 'accountNotFound' } as Record<string, string>)[message] ??
    (/^The (.+) field is required$/.test(message) ? 'required' : undefined);
  const field = /^The (.+) field is required$/.exec(message)?.[1];
  return { message, ...(code ? { code } : {}), ...(field ? { params: { field } } : {}) };
}
