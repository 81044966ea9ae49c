/**
 * select-agency (spec section 2; issue 14): the chosen agency's public details
 * (AgencySearch/GetAgencyInformationByNumber) and a confirm button that files the onboarding request
 * (User/VerifyUserAgencyInformation), then the done state: the request is under review.
 */
import { useEffect, useRef, useState } from 'react';
import { GetAgencyInformationByNumber, VerifyUserAgencyInformation, type OnboardingRequest } from '../../lib/api/agency-search.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { formatPhone } from '../../lib/format.ts';
import { agencyAddEvent, send } from '../../lib/track-event.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { CallView, Empty, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import type { Words } from './words.ts';

export default function SelectAgency() {
  const t = useT('agency', 'messages');
  return <UserGate t={t}>{(_user, t) => <Select t={t} />}</UserGate>;
}

/** The request filed: what happens next. The heading takes focus so the change is announced. */
export function RequestSent({ t, request, title, text }: { t: Words; request: OnboardingRequest; title: string; text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="card agency-done" data-testid="agency-request-sent" data-request-id={request.requestId}>
      <h2 ref={ref} tabIndex={-1}>
        {title}
      </h2>
      <p>{text}</p>
      <p role="status">
        <strong>{t('agency.pending')}</strong>
      </p>
      <a className="btn btn--primary" href="/dashboard/">
        {t('agency.select.toDashboard')}
      </a>
    </div>
  );
}

function Select({ t }: { t: Words }) {
  const [agencyNumber] = useState(() => new URLSearchParams(window.location.search).get('agencyNumber')?.trim() || null);
  const call = useCall(agencyNumber, () => api.call(GetAgencyInformationByNumber, { AccountNumber: agencyNumber! }, { ignoreErrors: true }));
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ServerMessage | null>(null);
  const [request, setRequest] = useState<OnboardingRequest | null>(null);

  const confirm = async () => {
    setBusy(true);
    setRefused(null);
    // Section 4's agency add flow events (issue 18; sent only after consent).
    send(agencyAddEvent('Submit', 'select-agency'));
    try {
      setRequest(await withWaiting(() => api.call(VerifyUserAgencyInformation, { AgencyNumber: agencyNumber! }, { ignoreErrors: true })));
      send(agencyAddEvent('Done', 'select-agency'));
    } catch (err) {
      send(agencyAddEvent('Failed', 'select-agency'));
      setRefused(err instanceof ApiError && err.status < 500 ? replyOf(err) : { message: t('common.loadFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="agency-search">
      <h1>{t('agency.select.title')}</h1>
      {!agencyNumber ? (
        <Empty text={t('agency.select.missing')}>
          <a href="/dashboard/find-my-agency">{t('agency.select.back')}</a>
        </Empty>
      ) : (
        <CallView call={call}>
          {(a) =>
            request ? (
              <RequestSent t={t} request={request} title={t('agency.select.doneTitle')} text={t('agency.select.done', { agency: a.agencyName })} />
            ) : (
              <section className="card agency-details" aria-labelledby="agency-name">
                <p>{t('agency.select.intro')}</p>
                <h2 id="agency-name">{a.agencyName}</h2>
                <dl>
                  <dt>{t('agency.select.number')}</dt>
                  <dd>{a.agencyNumber}</dd>
                  <dt>{t('agency.select.address')}</dt>
                  <dd>{`${a.addressLine}, ${a.city}, ${a.stateCode} ${a.zipCode}`}</dd>
                  {a.phoneNumber && (
                    <>
                      <dt>{t('agency.select.phone')}</dt>
                      <dd>{formatPhone(a.phoneNumber)}</dd>
                    </>
                  )}
                </dl>
                {refused && (
                  <p className="form-error" role="alert">
                    {t.message(refused)}
                  </p>
                )}
                <div className="order-actions">
                  <button type="button" className="btn btn--primary" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
                    {t('agency.select.confirm')}
                  </button>
                  <a className="btn btn--tertiary" href="/dashboard/find-my-agency">
                    {t('agency.select.back')}
                  </a>
                </div>
              </section>
            )
          }
        </CallView>
      )}
    </div>
  );
}
