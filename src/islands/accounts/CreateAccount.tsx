import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CreateInactiveUser, SendRecoveryPasswordLink } from '../../lib/api/okta.ts';
import { safeReferral } from '../../lib/navigation.ts';
import { useT } from '../shared/use-t.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { callPublic, FailureBanner, Field, say, useSpanishTitle, Working, type Outcome } from './shared.tsx';

const FIELDS = ['FirstName', 'LastName', 'Email', 'PrimaryPhone', 'SecondaryPhone', 'AgentNumber', 'NpnId', 'Title'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
const EMPTY: Values = { FirstName: '', LastName: '', Email: '', PrimaryPhone: '', SecondaryPhone: '', AgentNumber: '', NpnId: '', Title: '' };
const ID: Record<FieldName, string> = {
  FirstName: 'reg-first-name',
  LastName: 'reg-last-name',
  Email: 'reg-email',
  PrimaryPhone: 'reg-phone',
  SecondaryPhone: 'reg-second-phone',
  AgentNumber: 'reg-agent-number',
  NpnId: 'reg-npn',
  Title: 'reg-title',
};

/** create-account: the registration form, then "check your email" with a resend. */
export default function CreateAccount() {
  const t = useT('accounts', 'messages');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, { message: string; code?: string }>>>({});
  const [refused, setRefused] = useState(0);
  const [failure, setFailure] = useState<Extract<Outcome<typeof CreateInactiveUser>, { ok: false }> | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  useSpanishTitle(t?.lang ?? 'en');

  useEffect(() => {
    if (t && !sentTo) firstRef.current?.focus();
  }, [t, sentTo]);
  useEffect(() => {
    if (sentTo) headingRef.current?.focus();
  }, [sentTo]);

  if (!t) return <Working text="…" />;
  const referral = safeReferral(new URLSearchParams(window.location.search).get('referral'));
  const set = (k: FieldName) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const input = { ...values, SecondaryPhone: values.SecondaryPhone || null, NpnId: values.NpnId || null, Title: values.Title || null, ...(referral ? { Referral: referral } : {}) };
    const parsed = CreateInactiveUser.request.safeParse({ AppName: 'AgentPortal', ...input });
    if (!parsed.success) {
      const errs: typeof errors = {};
      for (const i of parsed.error.issues) errs[String(i.path[0]) as FieldName] ??= { message: i.message };
      setErrors(errs);
      setRefused((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    const out = await callPublic(CreateInactiveUser, input);
    setBusy(false);
    if (out.ok) {
      setSentTo(values.Email.trim());
      return;
    }
    if (out.errors?.length) {
      const errs: typeof errors = {};
      for (const i of out.errors) errs[i.path as FieldName] ??= { message: i.message, code: i.code };
      setErrors(errs);
      setRefused((n) => n + 1);
    } else setFailure(out);
  };

  const resend = async () => {
    if (!sentTo || busy) return;
    setBusy(true);
    setFailure(null);
    setResent(false);
    const out = await callPublic(SendRecoveryPasswordLink, { Email: sentTo });
    setBusy(false);
    if (out.ok) setResent(true);
    else setFailure(out);
  };

  if (sentTo) {
    return (
      <div className="login-card" data-testid="check-email">
        <h1 tabIndex={-1} ref={headingRef}>
          {t('accounts.checkEmail.title')}
        </h1>
        <p>{t('accounts.checkEmail.sent', { email: sentTo })}</p>
        <p className="muted">{t('accounts.checkEmail.expires')}</p>
        <FailureBanner t={t} outcome={failure} />
        <div role="status">{resent && <p className="notice">{t('accounts.checkEmail.resent', { email: sentTo })}</p>}</div>
        <button type="button" className="btn btn--secondary" onClick={() => void resend()} disabled={busy}>
          {busy ? t('accounts.checkEmail.resending') : t('accounts.checkEmail.resend')}
        </button>
        <p>
          <a href={`/dashboard/login${referral ? `?referral=${encodeURIComponent(referral)}` : ''}`}>{t('accounts.backToSignIn')}</a>
        </p>
      </div>
    );
  }

  const err = (k: FieldName) => (errors[k] ? say(t, errors[k]!.message, errors[k]!.code) : null);
  const input = (k: FieldName, extra: Record<string, unknown> = {}) =>
    function Control(aria: { id: string }) {
      return <input {...aria} name={k} value={values[k]} onChange={set(k)} {...extra} />;
    };
  const req = t('accounts.required');
  const opt = t('accounts.optional');
  return (
    <div className="login-card account-card">
      <h1>{t('accounts.register.title')}</h1>
      <p className="muted">{t('accounts.register.intro')}</p>
      <ErrorSummary
        title={t('accounts.fix')}
        errors={FIELDS.filter((k) => errors[k]).map((k) => ({ field: ID[k], text: err(k)! }))}
        focusKey={refused}
      />
      <FailureBanner t={t} outcome={failure} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="account-row">
          <Field id={ID.FirstName} label={t('accounts.register.firstName')} marker={req} error={err('FirstName')}>
            {(aria) => <input {...aria} ref={firstRef} name="FirstName" autoComplete="given-name" value={values.FirstName} onChange={set('FirstName')} />}
          </Field>
          <Field id={ID.LastName} label={t('accounts.register.lastName')} marker={req} error={err('LastName')}>
            {input('LastName', { autoComplete: 'family-name' })}
          </Field>
        </div>
        <Field id={ID.Email} label={t('accounts.register.email')} marker={req} error={err('Email')}>
          {input('Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        </Field>
        <div className="account-row">
          <Field id={ID.PrimaryPhone} label={t('accounts.register.phone')} marker={req} hint={t('accounts.register.phoneHint')} error={err('PrimaryPhone')}>
            {input('PrimaryPhone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
          </Field>
          <Field id={ID.SecondaryPhone} label={t('accounts.register.secondPhone')} marker={opt} error={err('SecondaryPhone')}>
            {input('SecondaryPhone', { type: 'tel', inputMode: 'tel' })}
          </Field>
        </div>
        <div className="account-row">
          <Field id={ID.AgentNumber} label={t('accounts.register.agentNumber')} marker={req} hint={t('accounts.register.agentNumberHint')} error={err('AgentNumber')}>
            {input('AgentNumber', { autoComplete: 'off' })}
          </Field>
          <Field id={ID.NpnId} label={t('accounts.register.npn')} marker={opt} hint={t('accounts.register.npnHint')} error={err('NpnId')}>
            {input('NpnId', { inputMode: 'numeric', autoComplete: 'off' })}
          </Field>
        </div>
        <Field id={ID.Title} label={t('accounts.register.jobTitle')} marker={opt} error={err('Title')}>
          {input('Title', { autoComplete: 'organization-title' })}
        </Field>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? t('accounts.register.submitting') : t('accounts.register.submit')}
        </button>
      </form>
      <p className="account-alt">
        {t('accounts.register.haveAccount')} <a href={`/dashboard/login${referral ? `?referral=${encodeURIComponent(referral)}` : ''}`}>{t('accounts.register.signIn')}</a>
      </p>
    </div>
  );
}
