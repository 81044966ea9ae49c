/**
 * manage-account profile (issue 14): changing the password. The current password is required (the server checks
 * it, with its own limit of wrong tries); the new one is shown against the policy as the user types (the server
 * checks it again, with the 100,000 common passwords). User/ChangeUserPassword ends every sign-in of the user and
 * answers a single-use ticket: this browser signs back in with it at once (the sign-in page takes it, as after
 * create-new-password), so the user stays on this page. A lazy chunk of the manage-account page.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { checkPassword, PASSWORD_POLICY, type PasswordRule } from '../../lib/accounts.ts';
import { SIGNIN_TICKET_KEY } from '../../lib/api/login.ts';
import { ChangeUserPassword } from '../../lib/api/manage-account.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { getUserManager, loginUrl } from '../../stores/session.ts';
import { useT } from '../shared/use-t.ts';
import { asMessage, Field, refusal, refusalText, type Words } from './form-bits.tsx';

/** Set before the sign-in round trip; the page says "changed" when it is back. */
const CHANGED_KEY = 'portal.passwordChanged';
const HERE = '/dashboard/manage-account';

type FieldName = 'CurrentPassword' | 'NewPassword' | 'Confirm';

export default function ChangePassword({ t, owner }: { t: Words; owner: { email: string; firstName: string; lastName: string } }) {
  // The policy's rule words are the accounts pages' (create-new-password).
  const rulesT = useT('accounts');
  const [values, setValues] = useState({ CurrentPassword: '', NewPassword: '', Confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, ServerMessage | string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [show, setShow] = useState(false);
  const refs = { CurrentPassword: useRef<HTMLInputElement>(null), NewPassword: useRef<HTMLInputElement>(null), Confirm: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    try {
      if (sessionStorage.getItem(CHANGED_KEY)) {
        sessionStorage.removeItem(CHANGED_KEY);
        showAlert('success', t('account.changePassword.changed'));
      }
    } catch {
      /* no storage */
    }
  }, [t]);

  const checks = checkPassword(values.NewPassword, owner, PASSWORD_POLICY);
  const met = checks.filter((c) => c.met).length;
  const text = (e: ServerMessage | string | undefined) => (e === undefined ? null : typeof e === 'string' ? e : t.message(e));

  const check = (v: typeof values) => {
    const out: Partial<Record<FieldName, ServerMessage | string>> = {};
    if (v.CurrentPassword === '') out.CurrentPassword = asMessage('Password is required');
    if (v.NewPassword === '') out.NewPassword = asMessage('Password is required');
    else if (met < checks.length) out.NewPassword = t('account.changePassword.summary', { met, total: checks.length });
    if (!out.NewPassword && v.Confirm === '') out.Confirm = t('account.changePassword.confirmRequired');
    else if (!out.NewPassword && v.Confirm !== v.NewPassword) out.Confirm = t('account.changePassword.mismatch');
    return out;
  };
  const focusFirst = (found: Partial<Record<FieldName, unknown>>) => {
    const first = (['CurrentPassword', 'NewPassword', 'Confirm'] as const).find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy || leaving) return;
    setFailure(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setBusy(true);
    let ticket: string;
    try {
      ticket = (await api.call(ChangeUserPassword, { CurrentPassword: values.CurrentPassword, NewPassword: values.NewPassword }, { ignoreErrors: true })).SignInTicket;
    } catch (err) {
      setBusy(false);
      const r = refusal(err);
      if (!r) return;
      const fields: Partial<Record<FieldName, ServerMessage>> = {};
      if (r.reply.code === 'wrongCurrentPassword') fields.CurrentPassword = r.reply;
      else if (r.status === 400 && (r.reply.code?.startsWith('pw') || r.reply.code === 'samePassword')) fields.NewPassword = r.reply;
      if (r.fields.CurrentPassword) fields.CurrentPassword = r.fields.CurrentPassword;
      if (r.fields.NewPassword) fields.NewPassword = r.fields.NewPassword;
      if (Object.keys(fields).length) {
        setErrors(fields);
        focusFirst(fields);
      } else setFailure(refusalText(t, r));
      return;
    }
    // Every sign-in of the user ended, this one too: sign back in with the ticket, then come back here.
    setLeaving(true);
    try {
      sessionStorage.setItem(SIGNIN_TICKET_KEY, ticket);
      sessionStorage.setItem(CHANGED_KEY, '1');
      await (await getUserManager()).removeUser();
    } catch {
      /* no storage: the user signs in with the new password */
    }
    window.location.assign(loginUrl(HERE));
  };
  const set = (name: FieldName, v: string) => {
    const next = { ...values, [name]: v };
    setValues(next);
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  };

  const ruleText = (rule: PasswordRule) =>
    rulesT
      ? rulesT(`accounts.password.rules.${rule}`, {
          n: rule === 'common' ? PASSWORD_POLICY.CommonListSize.toLocaleString(t.lang === 'es' ? 'es-US' : 'en-US') : rule === 'maxLength' ? PASSWORD_POLICY.MaxLength : PASSWORD_POLICY.MinLength,
        })
      : '';
  const input = (name: FieldName, autoComplete: string) => (aria: { id: string }) => (
    <input
      {...aria}
      {...(name === 'NewPassword' ? { 'aria-describedby': [(aria as { 'aria-describedby'?: string })['aria-describedby'], 'change-password-rules'].filter(Boolean).join(' ') } : {})}
      ref={refs[name]}
      name={name}
      type={show ? 'text' : 'password'}
      autoComplete={autoComplete}
      maxLength={256}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
    />
  );

  return (
    <section className="card order-section" aria-labelledby="password-title" data-testid="change-password">
      <h2 id="password-title">{t('account.changePassword.title')}</h2>
      <p className="muted">{t('account.changePassword.intro')}</p>
      {failure && (
        <div className="form-error" role="alert">
          {failure}
        </div>
      )}
      {leaving ? (
        <p className="waiting-inline" role="status">
          <span className="spinner" aria-hidden="true" /> {t('account.changePassword.signingIn')}
        </p>
      ) : (
        <form className="account-form" noValidate onSubmit={(e) => void submit(e)}>
          <Field id="current-password" label={t('account.changePassword.currentPassword')} error={text(errors.CurrentPassword)}>
            {input('CurrentPassword', 'current-password')}
          </Field>
          <Field id="change-new-password" label={t('account.changePassword.newPassword')} hint={t('account.changePassword.rulesTitle')} error={text(errors.NewPassword)}>
            {input('NewPassword', 'new-password')}
          </Field>
          {rulesT && (
            <ul className="password-rules" id="change-password-rules" data-testid="change-password-rules">
              {checks.map((c) => (
                <li key={c.rule} className={c.met ? 'is-met' : undefined} data-rule={c.rule} data-met={c.met}>
                  <span aria-hidden="true" className="password-rules__mark">
                    {c.met ? '✓' : '○'}
                  </span>
                  <span className="visually-hidden">{c.met ? rulesT('accounts.password.met') : rulesT('accounts.password.notMet')} </span>
                  {ruleText(c.rule)}
                </li>
              ))}
              <li data-rule="common">
                <span aria-hidden="true" className="password-rules__mark">
                  •
                </span>{' '}
                {ruleText('common')}
              </li>
            </ul>
          )}
          <Field id="change-password-confirm" label={t('account.changePassword.confirm')} error={text(errors.Confirm)}>
            {input('Confirm', 'new-password')}
          </Field>
          <label className="choice">
            <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> {t('account.changePassword.show')}
          </label>
          <div className="order-actions">
            <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy}>
              {busy ? t('account.changePassword.changing') : t('account.changePassword.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
