import { useEffect, useRef, useState, type FormEvent } from 'react';
import { interactionPath, LOGIN_MESSAGES, LoginRequestSchema } from '../../lib/api/login.ts';
import { NotifyUserLoggedIn } from '../../lib/api/user.ts';
import { afterSignIn, safeReferral } from '../../lib/navigation.ts';
import { api } from '../../stores/api.ts';
import { $session, getUserManager, restoreSession, SSO_TIMEOUT_KEY, toSession } from '../../stores/session.ts';
import { useLang } from '../shared/use-lang.ts';

const TEXT = {
  en: {
    title: 'Sign in to the Agent Portal',
    intro: 'File glass claims, follow work orders and manage your agency.',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    signingIn: 'Signing in…',
    starting: 'Just a sec...',
    retry: 'Start again',
    failed: 'Sign-in did not complete. Please try again.',
    ssoTimeout: 'Your session timed out. Please sign in again.',
    network: 'We could not reach the server. Check your connection and try again.',
  },
  es: {
    title: 'Inicie sesión en el Portal de Agentes',
    intro: 'Presente reclamos de vidrios, siga órdenes de trabajo y administre su agencia.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    signingIn: 'Iniciando sesión…',
    starting: 'Un momento...',
    retry: 'Empezar de nuevo',
    failed: 'No se completó el inicio de sesión. Inténtelo de nuevo.',
    ssoTimeout: 'Su sesión expiró. Inicie sesión de nuevo.',
    network: 'No pudimos comunicarnos con el servidor. Revise su conexión e inténtelo de nuevo.',
  },
} as const;

type Phase = { kind: 'working' } | { kind: 'form'; uid: string } | { kind: 'error'; message: string };

/** The portal's own sign-in page: starts the code + PKCE flow, shows the form, completes the callback. */
export default function LoginForm() {
  const { lang } = useLang();
  const x = TEXT[lang];
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const startSignIn = async (referral: string | null) => {
    setPhase({ kind: 'working' });
    try {
      const um = await getUserManager();
      await um.signinRedirect({ state: { referral } });
    } catch {
      setPhase({ kind: 'error', message: x.network });
    }
  };

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const referral = safeReferral(params.get('referral'));
    if (sessionStorage.getItem(SSO_TIMEOUT_KEY)) {
      sessionStorage.removeItem(SSO_TIMEOUT_KEY);
      setNotice(x.ssoTimeout);
    }
    void (async () => {
      if (params.has('code') || params.has('error')) {
        try {
          const um = await getUserManager();
          const user = await um.signinCallback();
          if (!user) throw new Error('no user');
          const session = toSession(user);
          $session.set(session);
          await api.call(NotifyUserLoggedIn, {}, { ignoreErrors: true }).catch(() => undefined);
          const state = (user.state ?? {}) as { referral?: string | null };
          window.location.replace(afterSignIn(state.referral ?? null, session.dashboardUserRole));
        } catch {
          setPhase({ kind: 'error', message: x.failed });
        }
        return;
      }
      const uid = params.get('uid');
      if (uid) {
        const res = await fetch(interactionPath(uid, 'details'), { credentials: 'same-origin' }).catch(() => null);
        if (res?.ok) setPhase({ kind: 'form', uid });
        else setPhase({ kind: 'error', message: LOGIN_MESSAGES.expired });
        return;
      }
      const existing = await restoreSession().catch(() => null);
      if (existing) {
        window.location.replace(afterSignIn(referral, existing.dashboardUserRole));
        return;
      }
      await startSignIn(referral);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (phase.kind === 'form') emailRef.current?.focus();
  }, [phase.kind]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase.kind !== 'form' || submitting) return;
    setFormError(null);
    const parsed = LoginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errs: { email?: string; password?: string } = {};
      for (const i of parsed.error.issues) {
        const k = i.path[0] as 'email' | 'password';
        errs[k] ??= i.message;
      }
      setFieldErrors(errs);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const res = await fetch(interactionPath(phase.uid, 'login'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(parsed.data),
      });
      const body = (await res.json().catch(() => null)) as { message?: string; result?: { redirectTo?: string } } | null;
      if (res.ok && body?.result?.redirectTo) {
        window.location.assign(body.result.redirectTo);
        return;
      }
      if (res.status === 400 && body?.message === LOGIN_MESSAGES.expired) {
        setPhase({ kind: 'error', message: LOGIN_MESSAGES.expired });
      } else {
        setFormError(res.status === 429 ? LOGIN_MESSAGES.tooMany : res.status === 401 ? LOGIN_MESSAGES.badCredentials : body?.message || x.failed);
        setPassword('');
        requestAnimationFrame(() => errorRef.current?.focus());
      }
    } catch {
      setFormError(x.network);
    }
    setSubmitting(false);
  };

  if (phase.kind === 'working') {
    return (
      <div className="login-card" aria-busy="true">
        <p className="waiting-inline"><span className="spinner" aria-hidden="true" /> {x.starting}</p>
      </div>
    );
  }
  if (phase.kind === 'error') {
    return (
      <div className="login-card">
        <h1>{x.title}</h1>
        <div className="form-error" role="alert">{phase.message}</div>
        <button type="button" className="btn btn--primary" onClick={() => void startSignIn(safeReferral(new URLSearchParams(window.location.search).get('referral')))}>
          {x.retry}
        </button>
      </div>
    );
  }
  return (
    <div className="login-card">
      <h1>{x.title}</h1>
      <p className="muted">{x.intro}</p>
      {notice && <div className="notice" role="status">{notice}</div>}
      {formError && (
        <div className="form-error" role="alert" tabIndex={-1} ref={errorRef} data-testid="login-error">
          {formError}
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="login-email">{x.email}</label>
          <input
            ref={emailRef}
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
          />
          {fieldErrors.email && <p id="login-email-error" className="field__error">{fieldErrors.email}</p>}
        </div>
        <div className="field">
          <label htmlFor="login-password">{x.password}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
          />
          {fieldErrors.password && <p id="login-password-error" className="field__error">{fieldErrors.password}</p>}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          {submitting ? x.signingIn : x.submit}
        </button>
      </form>
    </div>
  );
}
