/**
 * The public certificate verification (/dashboard/ce-certificate-verify?code=, issue 16): the code from the URL (the
 * certificate's printed link) is checked at once; anyone may type another. Public: a plain fetch of
 * VerifyCECertificate, nothing of the signed-in core. It shows only what the certificate itself says.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { DASHBOARD_BASE } from '../../lib/api/contract.ts';
import { APP_NAME, HEADER_APP_NAME } from '../../lib/constants.ts';
import { useT } from '../shared/use-t.ts';

interface Verdict {
  valid: boolean;
  name: string | null;
  course: string | null;
  creditHours: number | null;
  completedOn: string | null;
}

export default function VerifyCertificate() {
  const t = useT('ceAdmin');
  const initial = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('code') ?? '').slice(0, 40);
  const [code, setCode] = useState(initial);
  const [state, setState] = useState<{ kind: 'idle' | 'checking' | 'failed' } | { kind: 'done'; verdict: Verdict }>({ kind: 'idle' });
  const check = async (value: string) => {
    if (!value.trim()) return;
    setState({ kind: 'checking' });
    try {
      const res = await fetch(`${DASHBOARD_BASE}/CECourses/VerifyCECertificate?${new URLSearchParams({ code: value.trim().slice(0, 40) })}`, { headers: { Accept: 'application/json', [HEADER_APP_NAME]: APP_NAME } });
      const body = (await res.json()) as { isSuccess: boolean; result: Verdict | null };
      if (!res.ok || !body.result) throw new Error(String(res.status));
      setState({ kind: 'done', verdict: body.result });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  useEffect(() => {
    if (initial) void check(initial);
    // Once, with the code of the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (t?.lang === 'es') {
      const titleEs = document.querySelector<HTMLMetaElement>('meta[name="title-es"]')?.content;
      if (titleEs) document.title = titleEs;
    }
  }, [t?.lang]);
  if (!t) return null;
  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void check(code);
  };
  const day = (d: string) => new Intl.DateTimeFormat(t.lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
  return (
    <div className="login-card flow" data-testid="ce-verify">
      <h1>{t('ceAdmin.verify.title')}</h1>
      <p className="muted">{t('ceAdmin.verify.intro')}</p>
      <form className="flow" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="ce-verify-code">{t('ceAdmin.verify.code')}</label>
          <input id="ce-verify-code" name="code" type="text" autoComplete="off" spellCheck={false} maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--primary" disabled={state.kind === 'checking'}>
          {t('ceAdmin.verify.check')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {state.kind === 'checking' && <p className="muted">{t('ceAdmin.verify.checking')}</p>}
        {state.kind === 'failed' && <p className="field__error">{t('ceAdmin.verify.failed')}</p>}
        {state.kind === 'done' &&
          (state.verdict.valid ? (
            <div className="card flow" data-testid="ce-verify-valid">
              <p>
                <strong>{t('ceAdmin.verify.valid')}</strong>
              </p>
              <dl>
                <dt>{t('ceAdmin.verify.name')}</dt>
                <dd>{state.verdict.name}</dd>
                <dt>{t('ceAdmin.verify.course')}</dt>
                <dd>{state.verdict.course}</dd>
                <dt>{t('ceAdmin.verify.hours')}</dt>
                <dd>{state.verdict.creditHours}</dd>
                <dt>{t('ceAdmin.verify.completed')}</dt>
                <dd>{state.verdict.completedOn && day(state.verdict.completedOn)}</dd>
              </dl>
            </div>
          ) : (
            <p className="field__error" data-testid="ce-verify-invalid">
              {t('ceAdmin.verify.invalid')}
            </p>
          ))}
      </div>
    </div>
  );
}
