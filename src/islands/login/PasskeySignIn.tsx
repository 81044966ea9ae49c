/**
 * The sign-in page's passkey button, 'Use a passkey' (issue 14): a chunk LoginForm loads after its form, and
 * @simplewebauthn/browser only when the button is pressed, so neither weighs on the page's first visit.
 * Options (a challenge bound to this interaction), the authenticator (user verification required; the
 * authenticator offers the site's passkeys, no email asked), then the assertion to the interaction step; on
 * success the provider's redirect. A browser without WebAuthn is told so instead of a button that fails.
 * docs/decisions/022-passkeys.md.
 */
import { useRef, useState } from 'react';
import { passkeyOptionsPath, passkeyPath } from '../../lib/api/passkeys.ts';
import type { Key, ServerMessage } from '../../lib/i18n.ts';
import { useT } from '../shared/use-t.ts';

/** Something to say: a key of the passkeys or messages namespace, or a server reply. */
type Said = { key: Key<'passkeys' | 'messages'> } | { reply: ServerMessage };

/** True when the browser has WebAuthn (a secure context with PublicKeyCredential). */
export const webAuthnAvailable = () => typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });

type Reply = { message?: string; code?: string; params?: Record<string, string | number>; result?: unknown } | null;
const replyOf = (body: Reply): Said =>
  body?.message ? { reply: { message: body.message, code: body.code, params: body.params } } : { key: 'messages.genericError' };

/** The passkey sign-in of interaction `uid`. */
export default function PasskeySignIn({ uid }: { uid: string }) {
  const t = useT('passkeys', 'messages');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Said | null>(null);
  const [supported] = useState(webAuthnAvailable);
  const errorRef = useRef<HTMLDivElement>(null);
  if (!t) return null;

  const refuse = (said: Said) => {
    setProblem(said);
    setBusy(false);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const signIn = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const [lib, res] = await Promise.all([import('@simplewebauthn/browser'), post(passkeyOptionsPath(uid), {})]);
      const options = (await res.json().catch(() => null)) as Reply;
      if (!res.ok || !options?.result) return refuse(replyOf(options));
      let assertion;
      try {
        assertion = await lib.startAuthentication({ optionsJSON: options.result as Parameters<typeof lib.startAuthentication>[0]['optionsJSON'] });
      } catch {
        // Cancelled, timed out, or no passkey of this site on the authenticator.
        return refuse({ key: 'passkeys.signIn.cancelled' });
      }
      const done = await post(passkeyPath(uid), { response: assertion });
      const body = (await done.json().catch(() => null)) as Reply;
      const redirectTo = (body?.result as { redirectTo?: string } | undefined)?.redirectTo;
      if (done.ok && redirectTo) {
        window.location.assign(redirectTo);
        return;
      }
      refuse(replyOf(body));
    } catch {
      refuse({ key: 'messages.genericError' });
    }
  };

  return (
    <div className="passkey-signin" data-testid="passkey-signin">
      <p className="passkey-signin__or muted">{t('passkeys.signIn.or')}</p>
      {problem && (
        <div className="form-error" role="alert" tabIndex={-1} ref={errorRef} data-testid="passkey-error">
          {'key' in problem ? t(problem.key) : t.message(problem.reply)}
        </div>
      )}
      {supported ? (
        <button type="button" className="btn btn--secondary btn--block" disabled={busy} aria-busy={busy} onClick={() => void signIn()}>
          {busy ? t('passkeys.signIn.working') : t('passkeys.signIn.button')}
        </button>
      ) : (
        <p className="muted" data-testid="passkey-unsupported">
          {t('passkeys.signIn.unsupported')}
        </p>
      )}
    </div>
  );
}
