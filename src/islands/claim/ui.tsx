/**
 * What every claim-flow island shares: the page gate (user loaded, dictionary of the page language, SSO
 * self-service redirect, zero accounts, carrier settings), form fields with the spec's messages, field
 * errors (shown on blur and on Next, first invalid field focused), loading states and the nav buttons.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { GetCarrierSettings } from '../../lib/api/carrier.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import { formatMoney } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { $claimFlow, updateClaim, type ClaimFlow } from '../../stores/claim.ts';
import { $user, $userStatus } from '../../stores/user.ts';
import GuardError from '../shared/GuardError.tsx';
import { pageLang, useCommonT, useT } from '../shared/use-t.ts';
import type { ClaimT, Form } from './fields.tsx';

/** What a claim page renders with. */
export interface Ctx {
  t: ClaimT;
  lang: Lang;
  flow: ClaimFlow;
  money: (amount: number) => string;
}

type Carrier = ResultOf<typeof GetCarrierSettings>;

// The stepper and the live summary load after the page (docs/decisions/005: the first visit carries the form).
const FlowFrame = lazy(() => import('./FlowFrame.tsx'));

/** Dashboard link of the gate's notices. */
const DASHBOARD = '/dashboard/';

/**
 * The gate of every claim-flow page. `checks` (default on) applies the role and account rules: SSO users
 * go to the self-service URL, zero accounts explain themselves, a carrier block replaces a claim (not a
 * quote) and a carrier warning shows above it. `claim` marks the pages only a claim reaches.
 */
export function ClaimPage({ checks = true, claim: claimPage, stage, children }: { checks?: boolean; claim?: boolean; stage?: number; children: (page: Ctx) => ReactNode }) {
  const [lang] = useState(pageLang);
  const common = useCommonT();
  const t = useT('claim', 'messages');
  useState(() => {
    // The appointment, details and review pages file a claim: a cash quote that reaches them becomes one.
    if (claimPage && $claimFlow.get().mode !== 'claim') updateClaim({ mode: 'claim' });
  });
  const status = useStore($userStatus);
  const user = useStore($user);
  const flow = useStore($claimFlow);
  const [sso, setSso] = useState<'idle' | 'going' | 'stay'>('idle');
  const [carrier, setCarrier] = useState<Carrier | 'loading' | null>(null);
  const agency = user.activeAgencyNumber;
  const claim = flow.mode === 'claim';
  const ready = status === 'ready' && user.userDetails !== null;

  useEffect(() => {
    // A page restored from the back-forward cache would show a flow that has since changed or ended
    // (e.g. the review after the claim was filed): load it again.
    const restored = (e: PageTransitionEvent) => e.persisted && location.reload();
    addEventListener('pageshow', restored);
    return () => removeEventListener('pageshow', restored);
  }, []);

  // Spec section 4: SSO users opening claim-flow pages go to the external self-service URL instead.
  useEffect(() => {
    const d = user.userDetails;
    if (!checks || !ready || !user.isSSOLogin || sso !== 'idle' || !d) return;
    setSso('going');
    // Loaded on demand: only SSO users need it (docs/decisions/005).
    import('../../lib/api/cobranded.ts')
      .then(({ GenerateSelfServiceUrl }) => api.call(GenerateSelfServiceUrl, {
        UserId: d.userId,
        AgentNumber: d.agentNumber,
        ParentAccountNumber: user.parentAccountNumber,
        ReturnUrl: (location.pathname + location.search).slice(0, 300),
        FirstName: d.firstName,
        LastName: d.lastName,
      }))
      .then((r) => {
        if (r.Url) return location.assign(r.Url);
        // Spec section 8: an empty self-service URL is logged only, no user message.
        console.info('GenerateSelfServiceUrl gave an empty Url: staying on the claim flow.');
        setSso('stay');
      })
      .catch(() => setSso('stay'));
  }, [checks, ready, user, sso]);

  // Carrier edits can block claim filing (co-branded) or warn (others), for the active agency.
  useEffect(() => {
    if (!checks || !ready || !claim || !agency) return setCarrier(null);
    let live = true;
    setCarrier('loading');
    // Loaded after the first paint (docs/decisions/005).
    import('../../lib/api/carrier.ts').then(({ GetCarrierSettings }) => api.call(GetCarrierSettings, { AccountNumber: agency }, { ignoreErrors: true })).then(
      (r) => live && setCarrier(r),
      // The server checks again on submission: an unknown setting does not hold the flow up.
      () => live && setCarrier(null),
    );
    return () => {
      live = false;
    };
  }, [checks, ready, claim, agency]);

  if (status === 'error') return <GuardError />;
  const waitingSso = checks && user.isSSOLogin && sso !== 'stay';
  if (!t || !ready || waitingSso || carrier === 'loading') {
    return (
      <p className="muted page-loading" aria-busy="true">
        {t && waitingSso && ready ? t('claim.ssoRedirect') : common('common.loading')}
      </p>
    );
  }
  if (checks && (!agency || user.agencyList.length === 0)) {
    return <Notice id="no-account" title={t('claim.noAccount')} text={t('claim.noAccountHelp')} href={DASHBOARD} link={t('claim.dashboard')} />;
  }
  if (carrier && !carrier.CanFileClaim) {
    return <Notice id="carrier-block" title={t('claim.blocked')} text={carrierNotice(t, carrier)} href={DASHBOARD} link={t('claim.dashboard')} />;
  }
  const warning = carrier?.Message ? carrierNotice(t, carrier) : null;
  const page = { t, lang, flow, money: (n: number) => formatMoney(n, lang) };
  return (
    <div className={stage ? 'flow flow--staged' : 'flow'} data-mode={flow.mode}>
      {stage && (
        <Suspense>
          <FlowFrame page={page} stage={stage} />
        </Suspense>
      )}
      <div className="flow__main">
        {warning && (
          <div className="notice notice--warning" role="status" data-testid="carrier-warning">
            {warning}
          </div>
        )}
        {children(page)}
      </div>
    </div>
  );
}

/** The carrier notice in the page language: the server sends the spec's block or warning (section 8). */
function carrierNotice(t: ClaimT, carrier: Carrier): string {
  return t.message({ message: carrier.Message ?? '', code: carrier.CanFileClaim ? 'carrierWarning' : 'carrierBlock' });
}

/** A notice instead of the page (no account, carrier block, quote not finished) with the way out. */
function Notice({ id, title, text, href, link }: { id: string; title?: string; text: string; href: string; link: string }) {
  return (
    <div className="card empty flow-gate" data-testid={id}>
      {title && <h1>{title}</h1>}
      <p>{text}</p>
      <a className="btn btn--primary" href={href}>
        {link}
      </a>
    </div>
  );
}

/** What each step of start-claim / manage-claim gets. */
export interface StepProps {
  page: Ctx;
  form: Form;
  /** The step's Next check (set on every render): true to move on. */
  next: { current: (() => boolean | Promise<boolean>) | null };
  /** Leaves a step that has nothing to ask, in the direction the user was going. */
  skip: () => void;
}


/** A loading line. */
export const Loading = ({ t, label }: { t: ClaimT; label?: string }) => (
  <p className="muted flow-loading" role="status" aria-busy="true">
    <span className="spinner spinner--small" aria-hidden="true" /> {label ?? t('claim.loading')}
  </p>
);

/** A load that failed, with a retry. */
export const Failed = ({ t, retry, text }: { t: ClaimT; retry?: () => void; text?: string | undefined }) => (
  <div className="form-error" role="alert">
    {text ?? t('claim.loadFailed')}{' '}
    {retry && (
      <button type="button" className="btn btn--link" onClick={retry}>
        {t('claim.retry')}
      </button>
    )}
  </div>
);

/** The page's Back and Next (or Continue) buttons: Next submits the page's form. */
export function Nav({ t, onBack, backHref, next, busy }: { t: ClaimT; onBack?: () => void; backHref?: string; next?: string; busy?: boolean }) {
  return (
    <div className="flow__nav">
      {onBack && (
        <button type="button" className="btn btn--secondary" onClick={onBack}>
          {t('claim.back')}
        </button>
      )}
      {backHref && (
        <a className="btn btn--secondary" href={backHref}>
          {t('claim.back')}
        </a>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={busy || undefined}>
        {busy ? t('claim.loading') : (next ?? t('claim.next'))}
      </button>
    </div>
  );
}

/** The notice of a page opened before the quote is complete, with a link back to it. */
export const FinishQuote = ({ t }: Pick<Ctx, 't'>) => <Notice id="finish-quote" text={t('claim.finishQuote')} href="/dashboard/start-claim" link={t('claim.toStart')} />;

// Every claim page reaches these through this module, so the bundler keeps them in this page family's one
// shared chunk: one gzip stream instead of five small ones saves over 1 KB per page (docs/decisions/005).
export { useCall } from '../shared/use-call.ts';
export * from './fields.tsx';
export * from './choices.tsx';
export * from '../../lib/claim/checks.ts';
export * from '../../lib/claim/validation.ts';
