import { useEffect, useId, useRef, useState } from 'react';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { emailDomain, SSO_CARRIER_DOMAINS, ssoProvidersPath, ssoStartPath, type SsoProviderChoice } from '../../lib/api/sso.ts';
import type { Translator } from '../../lib/i18n.ts';

type Words = Translator<'login' | 'messages' | 'common'>;

/**
 * "Sign in with your agency" (issue 17): choose the agency's provider, or continue with the work email (its
 * domain names the provider). An email of a carrier's domain (SSO_CARRIER_DOMAINS, or a provider's domain) typed
 * in the password form opens a modal pointing here.
 */
export default function AgencySignIn({ uid, email, t }: { uid: string; email: string; t: Words }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [providers, setProviders] = useState<SsoProviderChoice[]>([]);
  const [choice, setChoice] = useState('');
  const [hint, setHint] = useState(false);
  const [modalFor, setModalFor] = useState<string | null>(null);
  const dismissed = useRef(new Set<string>());
  const selectRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    let live = true;
    void fetch(ssoProvidersPath(uid), { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { result?: SsoProviderChoice[] } | null) => {
        if (live && body?.result) setProviders(body.result);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uid]);

  // The carrier-domain modal: once per domain (dismissed → not again while on this page).
  const domain = emailDomain(email);
  useEffect(() => {
    if (!domain || dismissed.current.has(domain)) return;
    const known = SSO_CARRIER_DOMAINS.includes(domain) || providers.some((p) => p.domains.includes(domain));
    if (known) setModalFor(domain);
  }, [domain, providers]);

  useEffect(() => {
    if (open) selectRef.current?.focus();
  }, [open]);

  const go = (url: string) => window.location.assign(url);

  return (
    <div className="agency-signin">
      {!open ? (
        <button type="button" className="btn btn--secondary btn--block" onClick={() => setOpen(true)} aria-expanded={false} data-testid="sso-open">
          {t('login.sso.button')}
        </button>
      ) : (
        <section aria-labelledby={`${id}-h`} className="agency-signin__panel">
          <h2 id={`${id}-h`}>{t('login.sso.heading')}</h2>
          <p className="muted">{t('login.sso.intro')}</p>
          <div className="field">
            <label htmlFor={`${id}-agency`}>{t('login.sso.agency')}</label>
            <select id={`${id}-agency`} ref={selectRef} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">{t('login.sso.choose')}</option>
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn--primary btn--block" disabled={!choice} onClick={() => go(ssoStartPath(uid, { idp: choice }))}>
            {t('login.sso.continue')}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => (domain ? go(ssoStartPath(uid, { email })) : setHint(true))}
            aria-describedby={hint ? `${id}-hint` : undefined}
          >
            {t('login.sso.byEmail')}
          </button>
          {hint && !domain && (
            <p id={`${id}-hint`} className="field__error" role="status">
              {t('login.sso.emailFirst')}
            </p>
          )}
          <button type="button" className="btn btn--link" onClick={() => setOpen(false)}>
            {t('login.sso.cancel')}
          </button>
        </section>
      )}
      {modalFor && (
        <ConfirmDialog
          title={t('login.sso.modalTitle')}
          text={t('login.sso.modalText', { domain: modalFor })}
          confirmLabel={t('login.sso.modalConfirm')}
          cancelLabel={t('login.sso.modalCancel')}
          onConfirm={() => go(ssoStartPath(uid, { email }))}
          onCancel={() => {
            dismissed.current.add(modalFor);
            setModalFor(null);
          }}
        />
      )}
    </div>
  );
}
