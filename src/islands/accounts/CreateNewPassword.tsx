import { useEffect, useRef, useState, type FormEvent } from 'react';
import { checkPassword, PASSWORD_POLICY, type PasswordOwner, type PasswordPolicy, type PasswordRule } from '../../lib/accounts.ts';
import { SIGNIN_TICKET_KEY } from '../../lib/api/login.ts';
import { CreateUserPassword, GetPasswordPolicy, VerifyUser } from '../../lib/api/okta.ts';
import { safeReferral } from '../../lib/navigation.ts';
import { useT } from '../shared/use-t.ts';
import { callPublic, FailureBanner, Field, say, tokenFromUrl, useSpanishTitle, Working, type Outcome } from './shared.tsx';

type Phase = { kind: 'checking' } | { kind: 'form'; token: string; purpose: 'verify' | 'reset'; owner: PasswordOwner } | { kind: 'signing-in' };

/** Goes to linkexpired, keeping the old link in the fragment so that its button can ask for a fresh one. */
const toExpired = (token: string | null) => window.location.replace(`/dashboard/linkexpired${token ? `#token=${token}` : ''}`);

/**
 * create-new-password: checks the link (not consuming it), shows the policy live as the user types, sets the
 * password, then signs the user in with the single-use ticket the call answers (the sign-in page takes it).
 */
export default function CreateNewPassword() {
  const t = useT('accounts', 'messages');
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [policy, setPolicy] = useState<PasswordPolicy>(PASSWORD_POLICY);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<Extract<Outcome<typeof CreateUserPassword>, { ok: false }> | null>(null);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const pwRef = useRef<HTMLInputElement>(null);
  useSpanishTitle(t?.lang ?? 'en');

  useEffect(() => {
    const token = tokenFromUrl();
    // The token leaves the address bar (history, screenshots); the referral stays.
    const referral = safeReferral(new URLSearchParams(window.location.search).get('referral'));
    window.history.replaceState(null, '', `${window.location.pathname}${referral ? `?referral=${encodeURIComponent(referral)}` : ''}`);
    if (!token) return toExpired(null);
    void (async () => {
      const [state, pol] = await Promise.all([callPublic(VerifyUser, { Token: token }), callPublic(GetPasswordPolicy, {})]);
      if (pol.ok) setPolicy(pol.result);
      if (!state.ok) {
        setFailure(state);
        return;
      }
      if (state.result.Status !== 'VALID' || !state.result.Purpose) return toExpired(token);
      setPhase({
        kind: 'form',
        token,
        purpose: state.result.Purpose,
        owner: { email: state.result.Email, firstName: state.result.FirstName, lastName: state.result.LastName },
      });
    })();
  }, []);

  const formShown = phase.kind === 'form' && t !== null;
  useEffect(() => {
    if (formShown) pwRef.current?.focus();
  }, [formShown]);

  const owner = phase.kind === 'form' ? phase.owner : {};
  const checks = checkPassword(password, owner, policy);
  const metCount = checks.filter((c) => c.met).length;

  // One polite summary after the typing pauses, not one per keystroke.
  useEffect(() => {
    if (!t || phase.kind !== 'form' || password === '') return;
    const id = setTimeout(
      () => setAnnounce(metCount === checks.length ? t('accounts.password.allMet') : t('accounts.password.summary', { met: metCount, total: checks.length })),
      900,
    );
    return () => clearTimeout(id);
  }, [t, phase.kind, password, metCount, checks.length]);

  if (!t || phase.kind === 'checking') {
    return failure ? (
      <div className="login-card">
        <h1>{t?.('accounts.password.title') ?? ''}</h1>
        {t && <FailureBanner t={t} outcome={failure} />}
      </div>
    ) : (
      <Working text={t?.('accounts.password.checking') ?? '…'} />
    );
  }
  if (phase.kind === 'signing-in') return <Working text={t('accounts.password.signingIn')} />;

  const ruleText = (rule: PasswordRule) =>
    t(`accounts.password.rules.${rule}`, { n: rule === 'common' ? policy.CommonListSize.toLocaleString(t.lang === 'es' ? 'es-US' : 'en-US') : rule === 'maxLength' ? policy.MaxLength : policy.MinLength });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const next: typeof errors = {};
    if (password === '') next.password = say(t, 'Password is required');
    else if (metCount < checks.length) next.password = t('accounts.password.summary', { met: metCount, total: checks.length });
    if (!next.password && confirm === '') next.confirm = t('accounts.password.confirmRequired');
    else if (!next.password && confirm !== password) next.confirm = t('accounts.password.mismatch');
    setErrors(next);
    if (next.password || next.confirm) {
      (next.password ? pwRef.current : document.getElementById('new-password-confirm'))?.focus();
      return;
    }
    setBusy(true);
    const out = await callPublic(CreateUserPassword, { Token: phase.token, Password: password });
    setBusy(false);
    if (!out.ok) {
      if (out.code === 'linkExpired') return toExpired(phase.token);
      // The server's policy answer (the common list, or any rule) belongs to the password field.
      if (out.status === 400 && out.code?.startsWith('pw')) {
        setErrors({ password: say(t, out.message, out.code) });
        pwRef.current?.focus();
      } else setFailure(out);
      return;
    }
    try {
      sessionStorage.setItem(SIGNIN_TICKET_KEY, out.result.SignInTicket);
    } catch {
      /* no storage: the user signs in with the new password */
    }
    setPhase({ kind: 'signing-in' });
    const referral = safeReferral(new URLSearchParams(window.location.search).get('referral'));
    window.location.assign(`/dashboard/login${referral ? `?referral=${encodeURIComponent(referral)}` : ''}`);
  };

  return (
    <div className="login-card account-card">
      <h1>{phase.purpose === 'reset' ? t('accounts.password.resetTitle') : t('accounts.password.title')}</h1>
      <FailureBanner t={t} outcome={failure} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field id="new-password" label={t('accounts.password.password')} error={errors.password} hint={t('accounts.password.rulesTitle')}>
          {(aria) => (
            <input
              {...aria}
              aria-describedby={[aria['aria-describedby'], 'password-rules'].filter(Boolean).join(' ')}
              ref={pwRef}
              name="password"
              type={show ? 'text' : 'password'}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <ul className="password-rules" id="password-rules" data-testid="password-rules">
          {checks.map((c) => (
            <li key={c.rule} className={c.met ? 'is-met' : undefined} data-rule={c.rule} data-met={c.met}>
              <span aria-hidden="true" className="password-rules__mark">{c.met ? '✓' : '○'}</span>
              <span className="visually-hidden">{c.met ? t('accounts.password.met') : t('accounts.password.notMet')} </span>
              {ruleText(c.rule)}
            </li>
          ))}
          <li data-rule="common">
            <span aria-hidden="true" className="password-rules__mark">•</span> {ruleText('common')}
          </li>
        </ul>
        <p className="visually-hidden" aria-live="polite" data-testid="password-summary">
          {announce}
        </p>
        <Field id="new-password-confirm" label={t('accounts.password.confirm')} error={errors.confirm}>
          {(aria) => (
            <input {...aria} name="confirm" type={show ? 'text' : 'password'} autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          )}
        </Field>
        <label className="choice">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> {t('accounts.password.show')}
        </label>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? t('accounts.password.submitting') : t('accounts.password.submit')}
        </button>
      </form>
    </div>
  );
}
