/**
 * The sign-in page's second step (issue 14), a chunk of its own (LoginForm loads it lazily when the password
 * step answers `{ mfa }`): a 6-digit code from the authenticator app, or a recovery code; or, for a role that
 * requires two-step sign-in and a user not enrolled yet, the enrolment (QR code, the key as text, the first
 * code) and then the ten recovery codes, shown once. POSTs to /oidc/interaction/:uid/mfa.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MFA_MESSAGES, mfaStepPath, type MfaChallenge, type MfaStepReply } from '../../lib/api/mfa.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import RecoveryCodes from '../shared/RecoveryCodes.tsx';
import { useT } from '../shared/use-t.ts';

export default function MfaStep({ uid, challenge, email, onRestart }: {
  uid: string;
  challenge: MfaChallenge;
  email: string;
  /** Back to the password step (or the expired state), with the server's reason. */
  onRestart: (reply: ServerMessage | null) => void;
}) {
  const t = useT('mfa', 'messages');
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<{ codes: string[]; redirectTo: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = t !== null && !codes;
  useEffect(() => {
    if (shown) inputRef.current?.focus();
  }, [shown, recovery]);

  if (!t) {
    return <p className="waiting-inline" aria-busy="true"><span className="spinner" aria-hidden="true" /></p>;
  }
  if (codes) {
    return <RecoveryCodes codes={codes.codes} email={email} t={t} doneLabel={t('mfa.step.continue')} onDone={() => window.location.assign(codes.redirectTo)} />;
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    const clean = value.replace(/[\s-]/g, '');
    const ok = recovery ? /^[A-Za-z2-7]{16}$/.test(clean) : /^\d{6}$/.test(clean);
    if (!ok) {
      setError(t(recovery ? 'messages.mfaRecoveryFormat' : 'messages.mfaCodeFormat'));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(mfaStepPath(uid), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(recovery ? { recoveryCode: clean } : { code: clean }),
      });
      const body = (await res.json().catch(() => null)) as { message?: string; code?: string; result?: MfaStepReply } | null;
      if (res.ok && body?.result?.redirectTo) {
        if (body.result.recoveryCodes) setCodes({ codes: body.result.recoveryCodes, redirectTo: body.result.redirectTo });
        else window.location.assign(body.result.redirectTo);
        return;
      }
      const reply: ServerMessage = { message: body?.message ?? '', code: body?.code };
      // Too many wrong codes, an expired step or the sign-in limit: start over.
      if (res.status === 429 || (res.status === 400 && !body?.code?.startsWith('mfa')) || body?.message === MFA_MESSAGES.tooManyCodes) {
        onRestart(body?.message ? reply : null);
        return;
      }
      setError(body?.message ? t.message(reply) : t('messages.genericError'));
      setValue('');
      inputRef.current?.focus();
    } catch {
      setError(t('messages.genericError'));
    }
    setBusy(false);
  };

  const enrol = challenge.mfa === 'enroll' ? challenge.enrollment : null;
  const id = recovery ? 'mfa-recovery' : 'mfa-code';
  return (
    <div data-testid="mfa-step">
      <h1>{enrol ? t('mfa.step.enrollTitle') : t('mfa.title')}</h1>
      {enrol ? (
        <>
          <p className="muted">{t('mfa.step.enrollIntro')}</p>
          <p>{t('mfa.scan')}</p>
          <img className="mfa-qr" src={enrol.qrCode} alt={t('mfa.qrAlt')} width={200} height={200} />
          <p>{t('mfa.manual')}</p>
          <p>
            <code className="mfa-secret" data-testid="mfa-secret">
              {enrol.secret.match(/.{1,4}/g)!.join(' ')}
            </code>
          </p>
        </>
      ) : (
        <p className="muted">{recovery ? t('mfa.step.recoveryIntro') : t('mfa.step.intro')}</p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={id}>{recovery ? t('mfa.step.recoveryLabel') : enrol ? t('mfa.codeLabel') : t('mfa.step.codeLabel')}</label>
          <input
            ref={inputRef}
            id={id}
            key={id}
            name={recovery ? 'recoveryCode' : 'code'}
            type="text"
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            spellCheck={false}
            maxLength={40}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
          {busy ? t('mfa.step.verifying') : t('mfa.step.submit')}
        </button>
      </form>
      <p className="login-links">
        {!enrol && (
          <button
            type="button"
            className="btn btn--link"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
              setError(null);
            }}
          >
            {recovery ? t('mfa.step.useCode') : t('mfa.step.useRecovery')}
          </button>
        )}
        <button type="button" className="btn btn--link" onClick={() => onRestart(null)}>
          {t('mfa.step.back')}
        </button>
      </p>
    </div>
  );
}
