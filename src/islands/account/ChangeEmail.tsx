/**
 * manage-account profile (issue 14): changing the email with re-verification. The user gives the new address and
 * their current password (User/RequestEmailChange); the portal emails a single-use link (24 h) to the new address
 * and a notice to the current one; the email changes only when the link is followed (/dashboard/confirm-email).
 * A lazy chunk of the manage-account page.
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { GetUserProfile, RequestEmailChange } from '../../lib/api/manage-account.ts';
import { rules } from '../../lib/claim/validation.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { useCall } from '../shared/use-call.ts';
import { asMessage, Field, refusal, refusalText, type Words } from './form-bits.tsx';

type FieldName = 'NewEmail' | 'CurrentPassword';
const FIELD_OF_CODE: Record<string, FieldName> = { wrongCurrentPassword: 'CurrentPassword', sameEmail: 'NewEmail' };

export default function ChangeEmail({ t, email }: { t: Words; email: string }) {
  const profile = useCall('my-email', () => api.call(GetUserProfile, {}, { ignoreErrors: true }));
  const [sent, setSent] = useState<string | null>(null);
  const pending = sent ?? profile.data?.PendingEmail ?? null;
  const [values, setValues] = useState({ NewEmail: '', CurrentPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, ServerMessage>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = { NewEmail: useRef<HTMLInputElement>(null), CurrentPassword: useRef<HTMLInputElement>(null) };

  const check = (v: typeof values) => {
    const out: Partial<Record<FieldName, ServerMessage>> = {};
    const emailProblem = rules.email(v.NewEmail);
    if (emailProblem) out.NewEmail = asMessage(emailProblem);
    if (v.CurrentPassword === '') out.CurrentPassword = asMessage('Password is required');
    return out;
  };
  const focusFirst = (found: Partial<Record<FieldName, ServerMessage>>) => (found.NewEmail ? refs.NewEmail : refs.CurrentPassword).current?.focus();

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    setBusy(true);
    try {
      const out = await api.call(RequestEmailChange, { NewEmail: values.NewEmail.trim(), CurrentPassword: values.CurrentPassword }, { ignoreErrors: true });
      setSent(out.PendingEmail);
      setValues({ NewEmail: '', CurrentPassword: '' });
    } catch (err) {
      const r = refusal(err);
      if (!r) return;
      const field = r.reply.code ? FIELD_OF_CODE[r.reply.code] : undefined;
      const fields: Partial<Record<FieldName, ServerMessage>> = { ...(r.fields.NewEmail ? { NewEmail: r.fields.NewEmail } : {}), ...(r.fields.CurrentPassword ? { CurrentPassword: r.fields.CurrentPassword } : {}) };
      if (field) fields[field] = r.reply;
      if (r.status === 400 && Object.keys(fields).length) {
        setErrors(fields);
        focusFirst(fields);
      } else setFailure(refusalText(t, r));
    } finally {
      setBusy(false);
    }
  };
  const set = (name: FieldName, v: string) => {
    const next = { ...values, [name]: v };
    setValues(next);
    if (errors[name]) setErrors({ ...errors, [name]: check(next)[name] });
  };

  return (
    <section className="card order-section" aria-labelledby="email-title" data-testid="change-email">
      <h2 id="email-title">{t('account.changeEmail.title')}</h2>
      <p>{t('account.changeEmail.current', { email })}</p>
      <div role="status" aria-live="polite">
        {pending && (
          <p className="notice" data-testid="pending-email">
            {sent ? t('account.changeEmail.sent', { email: sent }) : t('account.changeEmail.pending', { email: pending })}
          </p>
        )}
      </div>
      {failure && (
        <div className="form-error" role="alert">
          {failure}
        </div>
      )}
      <form className="account-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="account-form__grid">
          <Field id="new-email" label={t('account.changeEmail.newEmail')} hint={t('account.changeEmail.newEmailHint')} error={errors.NewEmail ? t.message(errors.NewEmail) : null}>
            {(aria) => (
              <input {...aria} ref={refs.NewEmail} name="NewEmail" type="email" autoComplete="email" maxLength={254} value={values.NewEmail} onChange={(e) => set('NewEmail', e.target.value)} />
            )}
          </Field>
          <Field id="email-current-password" label={t('account.changeEmail.currentPassword')} error={errors.CurrentPassword ? t.message(errors.CurrentPassword) : null}>
            {(aria) => (
              <input
                {...aria}
                ref={refs.CurrentPassword}
                name="CurrentPassword"
                type="password"
                autoComplete="current-password"
                maxLength={256}
                value={values.CurrentPassword}
                onChange={(e) => set('CurrentPassword', e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="order-actions">
          <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy}>
            {busy ? t('account.changeEmail.sending') : t('account.changeEmail.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
