import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { interactionPath, LOGIN_MESSAGES, LoginRequestSchema, SIGNIN_TICKET_KEY, ticketPath } from '../../lib/api/login.ts';
import { NotifyUserLoggedIn } from '../../lib/api/user-calls.ts';
import { afterSignIn, LOGIN_ROUTE, safeReferral } from '../../lib/navigation.ts';
import { api } from '../../stores/api.ts';
import { $session, getUserManager, restoreSession, signinRequestUrl, SSO_TIMEOUT_KEY, toSession } from '../../stores/session.ts';
import { useCommonT, useT } from '../shared/use-t.ts';
import { langOf, type Key, type Lang, type Params, type ServerMessage, type Translator } from '../../lib/i18n.ts';
import type { MfaChallenge } from '../../lib/api/mfa.ts';
import { SSO_LOGIN_FLAG } from '../../lib/api/sso.ts';
import AgencySignIn from './AgencySignIn.tsx';

/** The second step (issue 14: two-step sign-in), a chunk loaded only when the password step asks for it. */
const MfaStep = lazy(() => import('./MfaStep.tsx'));

/** The passkey sign-in (issue 14): a chunk of its own, loaded once the form shows. */
const PasskeySignIn = lazy(() => import('./PasskeySignIn.tsx'));

type Words = Translator<'login' | 'messages' | 'common'>;
/** Something the page says, kept as a key (or a server reply) so that it shows in the reader's language. */
type Said = { key: Key<'login' | 'messages'>; params?: Params } | { reply: ServerMessage };
const say = (t: Words, said: Said) => ('key' in said ? t(said.key, said.params) : t.message(said.reply));

/** The sign-in endpoint's English messages by their code in the `messages` namespace (it sends no code). */
const LOGIN_CODES: Record<string, string> = {
  [LOGIN_MESSAGES.badCredentials]: 'badCredentials',
  [LOGIN_MESSAGES.tooMany]: 'tooManyAttempts',
  [LOGIN_MESSAGES.expired]: 'sessionExpired',
  [LOGIN_MESSAGES.busy]: 'passwordHashBusy',
};
/** A server reply of the sign-in endpoint, with its code. */
const loginReply = (message: string, code?: string): Said => ({ reply: { message, code: code ?? LOGIN_CODES[message] } });

/** LoginRequestSchema's English messages by their key. */
const FIELD_KEYS: Record<string, Key<'login'>> = {
  'Email address is required': 'login.fields.emailRequired',
  'Please enter a valid email address': 'login.fields.emailInvalid',
  'Password is required': 'login.fields.passwordRequired',
};
const fieldSaid = (message: string): Said => {
  const key = FIELD_KEYS[message];
  if (key) return { key };
  const max = /^Must be at most (\d+) characters$/.exec(message)?.[1];
  return max ? { key: 'login.fields.tooLong', params: { max } } : { reply: { message } };
};

/** The referral the sign-in carries (the provider's state keeps it; the first visit has it in the URL). */
const referralQuery = () => {
  const r = safeReferral(new URLSearchParams(window.location.search).get('referral') ?? sessionStorage.getItem('portal.loginReferral'));
  return r ? `?referral=${encodeURIComponent(r)}` : '';
};

/**
 * Takes the flag src/stores/session.ts sets when an SSO user's session ended (a 401 or a refused renewal): true once.
 * The page says so before it signs in again: the provider's form may be on another host (the Spanish host's readers
 * sign in on the main one), whose session storage does not have the flag.
 */
const takeSsoTimeout = () => {
  try {
    const set = sessionStorage.getItem(SSO_TIMEOUT_KEY) !== null;
    sessionStorage.removeItem(SSO_TIMEOUT_KEY);
    return set;
  } catch {
    return false;
  }
};

/**
 * Makes the authorization request without leaving the page (issue 19, docs/decisions/042-sign-in-without-a-hop.md):
 * the browser follows the provider's redirects as a navigation would, and keeps the interaction's cookies they set.
 * The interaction's uid when they end on this page's form (the address then becomes that page's, as after the
 * navigation); null in every other case (a provider on another host, a session already at the provider, an error),
 * where the caller navigates to the request as before.
 */
async function askInPlace(url: string): Promise<string | null> {
  const here = window.location;
  if (new URL(url, here.href).origin !== here.origin) return null;
  const res = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  if (!res) return null;
  // Only the address it ended on counts: the page itself is not needed.
  void res.body?.cancel().catch(() => undefined);
  const landed = new URL(res.url);
  const uid = landed.searchParams.get('uid');
  const form =
    res.ok &&
    res.redirected &&
    landed.origin === here.origin &&
    landed.pathname === LOGIN_ROUTE &&
    !!uid &&
    [...landed.searchParams.keys()].every((k) => k === 'uid' || k === 'lang') &&
    langOf(landed) === langOf(here);
  if (!form) return null;
  window.history.replaceState(window.history.state, '', `${landed.pathname}${landed.search}`);
  return uid;
}

type Phase =
  | { kind: 'working' }
  | { kind: 'form'; uid: string }
  | { kind: 'mfa'; uid: string; challenge: MfaChallenge }
  | { kind: 'error'; said: Said }
  | { kind: 'timedOut'; referral: string | null };

/** The provider's sign-in step for this interaction: the form (or, with a sign-in ticket, signed in at once). */
async function openInteraction(uid: string, setPhase: (phase: Phase) => void): Promise<void> {
  const res = await fetch(interactionPath(uid, 'details'), { credentials: 'same-origin' }).catch(() => null);
  if (!res?.ok) {
    setPhase({ kind: 'error', said: loginReply(LOGIN_MESSAGES.expired) });
    return;
  }
  // Just set a password (create-new-password, a password change): the single-use ticket the request carried
  // signs in without asking again.
  const details = (await res.json().catch(() => null)) as { result?: { ticket?: boolean } } | null;
  if (details?.result?.ticket) {
    const done = await fetch(ticketPath(uid), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: '{}',
    }).catch(() => null);
    const body = (await done?.json().catch(() => null)) as { result?: { redirectTo?: string } & Partial<MfaChallenge> } | null;
    if (done?.ok && body?.result?.redirectTo) {
      window.location.assign(body.result.redirectTo);
      return;
    }
    if (done?.ok && body?.result?.mfa) {
      setPhase({ kind: 'mfa', uid, challenge: body.result as MfaChallenge });
      return;
    }
  }
  setPhase({ kind: 'form', uid });
}

/** The portal's own sign-in page: starts the code + PKCE flow, shows the form, completes the callback. */
export default function LoginForm({ shell }: { shell?: Record<Lang, { title: string; intro: string }> }) {
  const t = useT('login', 'messages');
  const common = useCommonT();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: Said; password?: Said }>({});
  const [formError, setFormError] = useState<Said | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Said | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const startSignIn = async (referral: string | null) => {
    setPhase({ kind: 'working' });
    try {
      if (referral) sessionStorage.setItem('portal.loginReferral', referral);
      else sessionStorage.removeItem('portal.loginReferral');
    } catch {
      /* no storage */
    }
    // A sign-in ticket this host's page holds (create-new-password, a password change) travels with the request:
    // the provider's sign-in page may be on another host (the Spanish host's readers sign in on the main one).
    let ticket: string | null = null;
    try {
      ticket = sessionStorage.getItem(SIGNIN_TICKET_KEY);
      sessionStorage.removeItem(SIGNIN_TICKET_KEY);
    } catch {
      /* no storage */
    }
    let url: string;
    try {
      url = await signinRequestUrl({ state: { referral }, ...(ticket ? { extraQueryParams: { signin_ticket: ticket } } : {}) });
    } catch {
      setPhase({ kind: 'error', said: { key: 'login.network' } });
      return;
    }
    // The form without the round of navigations through the provider (decision 042); a request with a sign-in
    // ticket, and every answer other than this page's form, navigate as signinRedirect did.
    const uid = ticket ? null : await askInPlace(url);
    if (!uid) {
      window.location.assign(url);
      return;
    }
    // What a new page would start without: the earlier page's notices and errors.
    setNotice(null);
    setFormError(null);
    setFieldErrors({});
    await openInteraction(uid, setPhase);
  };

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const referral = safeReferral(params.get('referral'));
    const timedOut = takeSsoTimeout();
    if (timedOut) setNotice({ key: 'login.ssoTimeout' });
    // Back from a sign-in through an agency provider that did not happen (issue 17).
    const sso = params.get(SSO_LOGIN_FLAG);
    if (sso === 'nomatch') setFormError({ key: 'login.sso.noMatch' });
    else if (sso === 'failed') setFormError({ key: 'login.sso.failed' });
    void (async () => {
      if (sso === 'failed' && !params.get('uid')) {
        setPhase({ kind: 'error', said: { key: 'login.sso.failed' } });
        return;
      }
      if (params.has('code') || params.has('error')) {
        try {
          const um = await getUserManager();
          const user = await um.signinCallback();
          if (!user) throw new Error('no user');
          const session = toSession(user);
          $session.set(session);
          await api.call(NotifyUserLoggedIn, {}, { ignoreErrors: true }).catch(() => undefined);
          const state = (user.state ?? {}) as { referral?: string | null };
          const next = afterSignIn(state.referral ?? null, session.dashboardUserRole);
          // Signed in with their agency (issue 17): sso-agency-flow first; it goes on at once when they have an agency.
          const sso = (user.profile as Record<string, unknown>).isSSOLogin === true;
          window.location.replace(sso ? `/dashboard/sso-agency-flow?next=${encodeURIComponent(next)}` : next);
        } catch {
          setPhase({ kind: 'error', said: { key: 'login.failed' } });
        }
        return;
      }
      const uid = params.get('uid');
      if (uid) {
        await openInteraction(uid, setPhase);
        return;
      }
      const existing = await restoreSession().catch(() => null);
      if (existing) {
        window.location.replace(afterSignIn(referral, existing.dashboardUserRole));
        return;
      }
      // An SSO user whose session ended: say so here, and sign in again when they ask.
      if (timedOut || takeSsoTimeout()) {
        setPhase({ kind: 'timedOut', referral });
        return;
      }
      await startSignIn(referral);
    })();
  }, []);

  useEffect(() => {
    // The Spanish title the layout wrote at build time (no title dictionary in the browser).
    const titleEs = document.querySelector<HTMLMetaElement>('meta[name="title-es"]')?.content;
    if (common.lang === 'es' && titleEs) document.title = titleEs;
  }, [common.lang]);

  // The form shows once its words have loaded: focus the email field then.
  const formShown = phase.kind === 'form' && t !== null;
  useEffect(() => {
    if (formShown) emailRef.current?.focus();
  }, [formShown]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase.kind !== 'form' || submitting) return;
    setFormError(null);
    const parsed = LoginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errs: { email?: Said; password?: Said } = {};
      for (const i of parsed.error.issues) {
        const k = i.path[0] as 'email' | 'password';
        errs[k] ??= fieldSaid(i.message);
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
      const body = (await res.json().catch(() => null)) as { message?: string; code?: string; result?: { redirectTo?: string } & Partial<MfaChallenge> } | null;
      if (res.ok && body?.result?.redirectTo) {
        window.location.assign(body.result.redirectTo);
        return;
      }
      if (res.ok && body?.result?.mfa) {
        setPhase({ kind: 'mfa', uid: phase.uid, challenge: body.result as MfaChallenge });
        setPassword('');
        setSubmitting(false);
        return;
      }
      if (res.status === 400 && body?.message === LOGIN_MESSAGES.expired) {
        setPhase({ kind: 'error', said: loginReply(LOGIN_MESSAGES.expired) });
      } else {
        setFormError(
          res.status === 429
            ? loginReply(body?.message === LOGIN_MESSAGES.busy ? LOGIN_MESSAGES.busy : LOGIN_MESSAGES.tooMany)
            : res.status === 401
              ? loginReply(LOGIN_MESSAGES.badCredentials)
              : body?.message
                ? loginReply(body.message, body.code)
                : { key: 'login.failed' },
        );
        setPassword('');
        requestAnimationFrame(() => errorRef.current?.focus());
      }
    } catch {
      setFormError({ key: 'login.network' });
    }
    setSubmitting(false);
  };

  if (phase.kind === 'working' || !t) {
    // The page's static shell, drawn again (login.astro): the card's heading and text stay where they were painted.
    const words = t ? { title: t('login.title'), intro: t('login.intro') } : shell?.[common.lang];
    return (
      <div className="login-card login-card--form" aria-busy="true">
        {words && <h1>{words.title}</h1>}
        {words && <p className="muted">{words.intro}</p>}
        <p className="waiting-inline"><span className="spinner" aria-hidden="true" /> {common('common.justASec')}</p>
      </div>
    );
  }
  if (phase.kind === 'mfa') {
    const waiting = <p className="waiting-inline"><span className="spinner" aria-hidden="true" /> {common('common.justASec')}</p>;
    return (
      <div className="login-card">
        <Suspense fallback={waiting}>
          <MfaStep
            uid={phase.uid}
            challenge={phase.challenge}
            email={email}
            onRestart={(reply) => {
              if (reply?.message === LOGIN_MESSAGES.expired) return setPhase({ kind: 'error', said: loginReply(LOGIN_MESSAGES.expired) });
              setPhase({ kind: 'form', uid: phase.uid });
              setFormError(reply ? loginReply(reply.message, reply.code) : null);
            }}
          />
        </Suspense>
      </div>
    );
  }
  if (phase.kind === 'timedOut') {
    return (
      <div className="login-card">
        <h1>{t('login.title')}</h1>
        <p className="notice" role="status" data-testid="sso-timeout">{t('login.ssoTimeout')}</p>
        <button type="button" className="btn btn--primary" onClick={() => void startSignIn(phase.referral)}>
          {t('login.signInAgain')}
        </button>
      </div>
    );
  }
  if (phase.kind === 'error') {
    return (
      <div className="login-card">
        <h1>{t('login.title')}</h1>
        <div className="form-error" role="alert">{say(t, phase.said)}</div>
        <button type="button" className="btn btn--primary" onClick={() => void startSignIn(safeReferral(new URLSearchParams(window.location.search).get('referral')))}>
          {t('login.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="login-card login-card--form">
      <h1>{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {notice && <div className="notice" role="status">{say(t, notice)}</div>}
      {formError && (
        <div className="form-error" role="alert" tabIndex={-1} ref={errorRef} data-testid="login-error">
          {say(t, formError)}
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="login-email">{t('login.email')}</label>
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
          {fieldErrors.email && <p id="login-email-error" className="field__error">{say(t, fieldErrors.email)}</p>}
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('login.password')}</label>
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
          {fieldErrors.password && <p id="login-password-error" className="field__error">{say(t, fieldErrors.password)}</p>}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={submitting}>
          {submitting ? t('login.signingIn') : t('login.submit')}
        </button>
      </form>
      <Suspense fallback={null}>
        <PasskeySignIn uid={phase.uid} />
      </Suspense>
      <AgencySignIn uid={phase.uid} email={email} t={t} />
      <p className="login-links">
        <a href="/dashboard/forgotpassword">{t('login.forgot')}</a>
        <a href={`/dashboard/create-account${referralQuery()}`}>{t('login.createAccount')}</a>
      </p>
    </div>
  );
}
