/**
 * /dashboard/confirm-email (issue 14, manage-account profile): the page an email-change link opens. Public (the
 * link may be opened in any browser): it keeps the link's token out of the address bar, and a button confirms
 * (User/ConfirmEmailChange, a single use) — a mail scanner that opens the link changes nothing. An expired or used
 * link says so and sends the reader to Manage my account for a new one.
 */
import { useEffect, useRef, useState } from 'react';
import { DASHBOARD_BASE } from '../../lib/api/contract.ts';
import { ConfirmEmailChange } from '../../lib/api/manage-account.ts';
import { useT } from '../shared/use-t.ts';

type Phase = { kind: 'ready'; token: string } | { kind: 'working'; token: string } | { kind: 'done'; email: string } | { kind: 'expired' } | { kind: 'failed'; token: string; message: string; code?: string | undefined };

export default function ConfirmEmail() {
  const t = useT('account', 'messages');
  const [phase, setPhase] = useState<Phase | null>(null);
  const said = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    // The token leaves the address bar (history, screenshots).
    window.history.replaceState(null, '', window.location.pathname);
    setPhase(token && /^[A-Za-z0-9_-]{43}$/.test(token) ? { kind: 'ready', token } : { kind: 'expired' });
  }, []);
  useEffect(() => {
    if (phase?.kind === 'done' || phase?.kind === 'expired') said.current?.focus();
  }, [phase?.kind]);
  useEffect(() => {
    if (t?.lang !== 'es') return;
    const titleEs = document.querySelector<HTMLMetaElement>('meta[name="title-es"]')?.content;
    if (titleEs) document.title = titleEs;
  }, [t?.lang]);

  if (!t || !phase) return <p className="muted">…</p>;

  const confirm = async (token: string) => {
    setPhase({ kind: 'working', token });
    try {
      const res = await fetch(`${DASHBOARD_BASE}/${ConfirmEmailChange.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ AppName: 'AgentPortal', Token: token }),
      });
      const body = (await res.json().catch(() => null)) as { isSuccess?: boolean; message?: string; code?: string; result?: { Email: string } } | null;
      if (res.ok && body?.isSuccess && body.result) setPhase({ kind: 'done', email: body.result.Email });
      else if (body?.code === 'linkExpired') setPhase({ kind: 'expired' });
      else setPhase({ kind: 'failed', token, message: body?.message ?? 'API call failed', code: res.status >= 500 ? 'genericError' : body?.code });
    } catch {
      setPhase({ kind: 'failed', token, message: 'API call failed', code: 'genericError' });
    }
  };

  return (
    <div className="login-card account-card" data-testid="confirm-email">
      <h1>{t('account.confirmEmail.title')}</h1>
      {phase.kind === 'done' ? (
        <p className="notice" role="status" tabIndex={-1} ref={said} data-testid="confirm-email-done">
          {t('account.confirmEmail.done', { email: phase.email })}
        </p>
      ) : phase.kind === 'expired' ? (
        <p className="form-error" role="alert" tabIndex={-1} ref={said} data-testid="confirm-email-expired">
          {t('account.confirmEmail.expired')}
        </p>
      ) : (
        <>
          <p>{t('account.confirmEmail.intro')}</p>
          {phase.kind === 'failed' && (
            <p className="form-error" role="alert">
              {t.message({ message: phase.message, code: phase.code })}
            </p>
          )}
          <button type="button" className="btn btn--primary" disabled={phase.kind === 'working'} aria-busy={phase.kind === 'working'} onClick={() => void confirm(phase.token)}>
            {phase.kind === 'working' ? t('account.confirmEmail.working') : t('account.confirmEmail.confirm')}
          </button>
        </>
      )}
      {(phase.kind === 'done' || phase.kind === 'expired') && (
        <p className="account-alt">
          <a href="/dashboard/manage-account">{t('account.confirmEmail.toAccount')}</a>
        </p>
      )}
    </div>
  );
}
