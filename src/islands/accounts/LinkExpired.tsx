import { useEffect, useRef, useState } from 'react';
import { SendRecoveryPasswordLink } from '../../lib/api/okta.ts';
import { useT } from '../shared/use-t.ts';
import { callPublic, FailureBanner, tokenFromUrl, useSpanishTitle, Working, type Outcome } from './shared.tsx';

/** linkexpired: explains, and sends a fresh link — the old link (in the URL's fragment) names its user. */
export default function LinkExpired() {
  const t = useT('accounts', 'messages');
  const [token] = useState(() => (typeof window === 'undefined' ? null : tokenFromUrl()));
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<Extract<Outcome<typeof SendRecoveryPasswordLink>, { ok: false }> | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  useSpanishTitle(t?.lang ?? 'en');
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  if (!t) return <Working text="…" />;

  const resend = async () => {
    if (!token || busy) return;
    setBusy(true);
    setFailure(null);
    const out = await callPublic(SendRecoveryPasswordLink, { Token: token });
    setBusy(false);
    if (out.ok) setSent(true);
    else setFailure(out);
  };

  return (
    <div className="login-card">
      <h1>{t('accounts.expired.title')}</h1>
      <p>{t('accounts.expired.intro')}</p>
      <FailureBanner t={t} outcome={failure} />
      {sent ? (
        <p className="notice" role="status" tabIndex={-1} ref={sentRef} data-testid="expired-sent">
          {t('accounts.expired.sent')}
        </p>
      ) : token ? (
        <button type="button" className="btn btn--primary" onClick={() => void resend()} disabled={busy}>
          {busy ? t('accounts.expired.resending') : t('accounts.expired.resend')}
        </button>
      ) : (
        <p>
          {t('accounts.expired.noLink')} <a href="/dashboard/forgotpassword">{t('accounts.expired.forgot')}</a>
        </p>
      )}
      <p className="account-alt">
        <a href="/dashboard/login">{t('accounts.backToSignIn')}</a>
      </p>
    </div>
  );
}
