import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SendRecoveryPasswordLink } from '../../lib/api/okta.ts';
import { rules } from '../../lib/claim/validation.ts';
import { useT } from '../shared/use-t.ts';
import { callPublic, FailureBanner, Field, say, useSpanishTitle, Working, type Outcome } from './shared.tsx';

/** forgotpassword: an email, then always the same answer (no account enumeration). */
export default function ForgotPassword() {
  const t = useT('accounts', 'messages');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Extract<Outcome<typeof SendRecoveryPasswordLink>, { ok: false }> | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useSpanishTitle(t?.lang ?? 'en');
  useEffect(() => {
    if (t) emailRef.current?.focus();
  }, [t]);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  if (!t) return <Working text="…" />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const problem = rules.email(email);
    setError(problem);
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    const out = await callPublic(SendRecoveryPasswordLink, { Email: email.trim() });
    setBusy(false);
    if (out.ok) setSent(true);
    else setFailure(out);
  };

  return (
    <div className="login-card">
      <h1>{t('accounts.forgot.title')}</h1>
      {sent ? (
        <p className="notice" role="status" tabIndex={-1} ref={sentRef} data-testid="forgot-sent">
          {t('accounts.forgot.sent')}
        </p>
      ) : (
        <>
          <p className="muted">{t('accounts.forgot.intro')}</p>
          <FailureBanner t={t} outcome={failure} />
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Field id="forgot-email" label={t('accounts.forgot.email')} error={error ? say(t, error) : null}>
              {(aria) => (
                <input {...aria} ref={emailRef} name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              )}
            </Field>
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? t('accounts.forgot.submitting') : t('accounts.forgot.submit')}
            </button>
          </form>
        </>
      )}
      <p className="account-alt">
        <a href="/dashboard/login">{t('accounts.backToSignIn')}</a>
      </p>
    </div>
  );
}
