/**
 * What the account pages share (issue 14): a public call without the signed-in client (these pages ship
 * little JS: no session store, no OpenID client), the spec's red banner for a server failure, field errors
 * in the reader's language. Server checks repeat the browser's (the same contracts).
 */
import { DASHBOARD_BASE, type CallContract, type RequestOf, type ResultOf } from '../../lib/api/contract.ts';
import { messageOf } from '../../lib/claim/validation.ts';
import type { Translator } from '../../lib/i18n.ts';

/** A call's outcome: the result, or the refusal (status 0: no answer). */
export type Outcome<C extends CallContract> =
  | { ok: true; result: ResultOf<C> }
  | { ok: false; status: number; message: string; code?: string; errors?: { path: string; message: string; code?: string }[] };

/** Calls a public contract (POST body with AppName, or GET query). */
export async function callPublic<C extends CallContract>(contract: C, input: Omit<RequestOf<C>, 'AppName'>): Promise<Outcome<C>> {
  // The account calls have no path segments, and their GET (the policy) no query: the path is the base and the call's path.
  // (Few imports from the signed-in core on purpose: each one the core must export costs every page, docs/decisions/018.)
  const path = `${DASHBOARD_BASE}/${contract.path}`;
  try {
    const res =
      contract.method === 'GET'
        ? await fetch(path, { headers: { Accept: 'application/json' } })
        : await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ AppName: 'AgentPortal' /* APP_NAME */, ...input }) });
    const body = (await res.json().catch(() => null)) as { isSuccess?: boolean; message?: string; code?: string; result?: unknown; errors?: [] } | null;
    if (res.ok && body?.isSuccess) return { ok: true, result: body.result as ResultOf<C> };
    return { ok: false, status: res.status, message: body?.message ?? 'API call failed', code: body?.code, errors: body?.errors };
  } catch {
    return { ok: false, status: 0, message: 'network' };
  }
}

/** The codes of the account messages (the browser's own checks; the server sends its codes itself). */
const ACCOUNT_CODES: Record<string, string> = {
  'Invalid Agent Number': 'invalidAgentNumber',
  'Please enter a valid NPN ID (digits only).': 'invalidNpn',
  'Password is required': 'passwordRequired',
};
/** A message in the reader's language (needs the `messages` namespace). */
export function say(t: Translator<'messages' | 'accounts' | 'common'>, message: string, code?: string): string {
  if (code) return t.message({ message, code });
  const own = ACCOUNT_CODES[message];
  if (own) return t.message({ message, code: own });
  const known = messageOf(message);
  if (known.code) return t.message({ message, code: known.code, params: known.params });
  const max = /^Must be at most (\d+) characters$/.exec(message)?.[1];
  return max ? t.message({ message, code: 'maxLength', params: { max } }) : t.message({ message });
}

/** The banner of a failed call: section 8's red banner for a server failure, the server's words for a refusal. */
export function FailureBanner({ t, outcome }: { t: Translator<'messages' | 'accounts' | 'common'>; outcome: { status: number; message: string; code?: string } | null }) {
  if (!outcome) return null;
  const text = outcome.status === 0 ? t('accounts.network') : outcome.status >= 500 ? t('messages.genericError') : say(t, outcome.message, outcome.code);
  return (
    <div className={outcome.status >= 500 ? 'alert alert--warning account-banner' : 'form-error'} role="alert" data-testid="account-error">
      {text}
    </div>
  );
}

/** The design system's field: src/islands/shared/Field.tsx. */
export { Field } from '../shared/Field.tsx';

/** The Spanish title the layout wrote at build time (the island sets it on the Spanish host). */
export function useSpanishTitle(lang: string) {
  if (typeof document === 'undefined' || lang !== 'es') return;
  const titleEs = document.querySelector<HTMLMetaElement>('meta[name="title-es"]')?.content;
  if (titleEs && document.title !== titleEs) document.title = titleEs;
}

/** The token of a link: the URL's fragment (#token=…) or query (?token=…). */
export function tokenFromUrl(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const fromQuery = new URLSearchParams(window.location.search).get('token');
  const token = fromHash ?? fromQuery;
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** Loading: a spinner and a line. */
export function Working({ text }: { text: string }) {
  return (
    <div className="login-card" aria-busy="true">
      <p className="waiting-inline" role="status">
        <span className="spinner" aria-hidden="true" /> {text}
      </p>
    </div>
  );
}

/** The session-storage key of a sign-in ticket (create-new-password → the sign-in page). */
export { SIGNIN_TICKET_KEY } from '../../lib/api/login.ts';
