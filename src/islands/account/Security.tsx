/**
 * manage-account's "Two-step sign-in" (issue 14), a chunk of its own (ManageAccount loads it lazily): the state
 * (User/GetMfaStatus), turning it on (User/StartTotpEnrollment: a QR code and the key as text; then
 * User/ConfirmTotpEnrollment with the app's first code), the ten recovery codes shown once (copy, download), new
 * recovery codes (User/RegenerateRecoveryCodes) and turning it off (User/DisableTotp; not when the role requires
 * it), both with a current code or the password. docs/decisions/021-multi-factor-sign-in.md.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { ConfirmTotpEnrollment, DisableTotp, GetMfaStatus, RegenerateRecoveryCodes, StartTotpEnrollment, type MfaStatus } from '../../lib/api/mfa.ts';
import type { ServerMessage, Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import RecoveryCodes from '../shared/RecoveryCodes.tsx';

type Words = Translator<'mfa' | 'messages' | 'common'>;
type Enrollment = { Secret: string; OtpAuthUri: string; QrCode: string };
type Mode = { kind: 'view' } | { kind: 'enrol'; enrollment: Enrollment } | { kind: 'codes'; codes: string[] } | { kind: 'proof'; action: 'regenerate' | 'disable' };

/** The server's reason for a refusal (null for a 401: the client signs the user in again). */
function reasonOf(err: unknown): ServerMessage | null {
  if (err instanceof ApiError && err.status === 401) return null;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    const reply = replyOf(err);
    return reply.errors?.[0] ?? reply;
  }
  return { message: '', code: 'genericError' };
}

/** The section. */
export default function Security({ email }: { email: string }) {
  const t = useT('mfa', 'messages');
  const [version, setVersion] = useState(0);
  const status = useCall(`mfa-status-${version}`, () => api.call(GetMfaStatus, {}));
  if (!t) return null;
  return (
    <section className="card order-section" aria-labelledby="mfa-title" data-testid="mfa">
      <h2 id="mfa-title">{t('mfa.title')}</h2>
      <p className="muted">{t('mfa.intro')}</p>
      <CallView call={status} loadingText={t('mfa.loading')} failedText={t('mfa.loadFailed')}>
        {(s) => <Panel status={s} t={t} email={email} reload={() => setVersion((v) => v + 1)} />}
      </CallView>
    </section>
  );
}

function Panel({ status, t, email, reload }: { status: MfaStatus; t: Words; email: string; reload: () => void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLParagraphElement>(null);

  const start = async () => {
    setBusy(true);
    try {
      setMode({ kind: 'enrol', enrollment: await api.call(StartTotpEnrollment, {}, { ignoreErrors: true }) });
    } catch (err) {
      const reason = reasonOf(err);
      if (reason) showAlert('warning', reason.code === 'genericError' ? t('messages.genericError') : t.message(reason));
    } finally {
      setBusy(false);
    }
  };
  const back = () => {
    setMode({ kind: 'view' });
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  if (mode.kind === 'enrol') {
    return (
      <Enrol
        enrollment={mode.enrollment}
        t={t}
        onCancel={back}
        onDone={(codes) => {
          showAlert('success', t('mfa.turnedOn'));
          setMode({ kind: 'codes', codes });
        }}
      />
    );
  }
  if (mode.kind === 'codes') {
    return (
      <RecoveryCodes
        codes={mode.codes}
        email={email}
        t={t}
        doneLabel={t('mfa.done')}
        onDone={() => {
          setMode({ kind: 'view' });
          reload();
        }}
      />
    );
  }
  if (mode.kind === 'proof') {
    return (
      <Proof
        action={mode.action}
        t={t}
        onCancel={back}
        onDone={(codes) => {
          if (codes) setMode({ kind: 'codes', codes });
          else {
            showAlert('success', t('mfa.turnedOff'));
            reload();
          }
        }}
      />
    );
  }
  return (
    <div className="mfa-status">
      <p ref={headingRef} tabIndex={-1} data-testid="mfa-state">
        {status.Enrolled ? t('mfa.statusOn', { date: new Date(status.EnrolledAt ?? Date.now()).toLocaleDateString(t.lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long' }) }) : t('mfa.statusOff')}
      </p>
      {status.Enrolled && <p className="muted">{t('mfa.codesLeft', { count: status.RecoveryCodesLeft })}</p>}
      {status.Required && <p className="notice">{t('mfa.required')}</p>}
      <div className="order-actions">
        {status.Enrolled ? (
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setMode({ kind: 'proof', action: 'regenerate' })}>
              {t('mfa.newCodes')}
            </button>
            {!status.Required && (
              <button type="button" className="btn btn--secondary" onClick={() => setMode({ kind: 'proof', action: 'disable' })}>
                {t('mfa.turnOff')}
              </button>
            )}
          </>
        ) : (
          <button type="button" className="btn btn--secondary" disabled={busy} aria-busy={busy} onClick={() => void start()}>
            {busy ? t('common.justASec') : t('mfa.turnOn')}
          </button>
        )}
      </div>
    </div>
  );
}

/** One input with its label, hint and error. */
function CodeField({ id, label, hint, value, error, onChange, autoComplete, inputMode, type = 'text' }: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
  autoComplete: string;
  inputMode?: 'numeric' | 'text';
  type?: 'text' | 'password';
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        maxLength={256}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Turning it on: the QR code, the key as text, and the first code. */
function Enrol({ enrollment, t, onCancel, onDone }: { enrollment: Enrollment; t: Words; onCancel: () => void; onDone: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const clean = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(clean)) {
      setError(t('messages.mfaCodeFormat'));
      return;
    }
    setBusy(true);
    try {
      const { RecoveryCodes } = await api.call(ConfirmTotpEnrollment, { Code: clean }, { ignoreErrors: true });
      onDone(RecoveryCodes);
    } catch (err) {
      const reason = reasonOf(err);
      if (reason) setError(reason.code === 'genericError' ? t('messages.genericError') : t.message(reason));
      setBusy(false);
    }
  };
  return (
    <form className="mfa-enrol" noValidate onSubmit={(e) => void submit(e)}>
      <p>{t('mfa.scan')}</p>
      <img className="mfa-qr" src={enrollment.QrCode} alt={t('mfa.qrAlt')} width={200} height={200} />
      <p>{t('mfa.manual')}</p>
      <p>
        <code className="mfa-secret" data-testid="mfa-secret">
          {enrollment.Secret.match(/.{1,4}/g)!.join(' ')}
        </code>
      </p>
      <CodeField id="mfa-code" label={t('mfa.codeLabel')} hint={t('mfa.codeHint')} value={code} error={error} onChange={setCode} autoComplete="one-time-code" inputMode="numeric" />
      <div className="order-actions">
        <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy}>
          {busy ? t('common.justASec') : t('mfa.confirm')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          {t('mfa.cancel')}
        </button>
      </div>
    </form>
  );
}

/** New recovery codes or turning it off: a current code or the password first. */
function Proof({ action, t, onCancel, onDone }: { action: 'regenerate' | 'disable'; t: Words; onCancel: () => void; onDone: (codes: string[] | null) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError(t('messages.mfaProofRequired'));
      return;
    }
    // A password is at least 12 characters (the policy): six digits are a code.
    const clean = value.replace(/\s/g, '');
    const proof = /^\d{6}$/.test(clean) ? { Code: clean } : { Password: value };
    setBusy(true);
    try {
      if (action === 'regenerate') onDone((await api.call(RegenerateRecoveryCodes, proof, { ignoreErrors: true })).RecoveryCodes);
      else {
        await api.call(DisableTotp, proof, { ignoreErrors: true });
        onDone(null);
      }
    } catch (err) {
      const reason = reasonOf(err);
      if (reason) setError(reason.code === 'genericError' ? t('messages.genericError') : t.message(reason));
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="mfa-proof">
      <p>{action === 'regenerate' ? t('mfa.regenerateIntro') : t('mfa.disableIntro')}</p>
      <CodeField id="mfa-proof" label={t('mfa.proofLabel')} value={value} error={error} onChange={setValue} autoComplete="current-password" type="password" />
      <div className="order-actions">
        <button type="submit" className={action === 'disable' ? 'btn btn--destructive' : 'btn btn--secondary'} disabled={busy} aria-busy={busy}>
          {busy ? t('common.justASec') : action === 'regenerate' ? t('mfa.getCodes') : t('mfa.confirmOff')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          {t('mfa.cancel')}
        </button>
      </div>
    </form>
  );
}
