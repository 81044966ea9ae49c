import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { GetAccountManagerDetails, type AccountManager } from '../../lib/api/account-manager.ts';
import { CARE_DESK } from '../../lib/constants.ts';
import { capitalise, formatPhone } from '../../lib/format.ts';
import { footerPanelsFor } from '../../lib/roles.ts';
import { api } from '../../stores/api.ts';
import { $activeAgency, $user, $userStatus } from '../../stores/user.ts';
import { useCommonT } from '../shared/use-t.ts';

/** The footer's Agency Care Desk panel and Account Manager panel, by role (spec sections 1 and 6). */
export default function FooterPanels() {
  const t = useCommonT();
  const status = useStore($userStatus);
  const user = useStore($user);
  const agency = useStore($activeAgency);
  const [manager, setManager] = useState<AccountManager | null | 'loading'>('loading');
  const role = user.userDetails?.dashboardUserRole;
  const panels = footerPanelsFor(role);
  const agencyNumber = agency?.agencyNumber ?? null;

  useEffect(() => {
    if (status !== 'ready' || !panels.accountManager) return;
    if (!agencyNumber) {
      setManager(null);
      return;
    }
    let live = true;
    setManager('loading');
    // Account-manager lookups ignore errors (spec section 7): a failure shows the no-manager message.
    api
      .call(GetAccountManagerDetails, { AccountNumber: agencyNumber }, { ignoreErrors: true })
      .then((m) => live && setManager(m))
      .catch(() => live && setManager(null));
    return () => {
      live = false;
    };
  }, [status, agencyNumber, panels.accountManager]);

  if (status !== 'ready') return null;
  return (
    <div className="footer-panels">
      {panels.careDesk && (
        <section className="panel" aria-labelledby="care-desk-title">
          <h2 id="care-desk-title" className="panel__title">{t('common.careDeskTitle')}</h2>
          <ul className="panel__list">
            <li>
              {t('common.careDeskText')}: <a href={`sms:+1${CARE_DESK.phone}`}>{formatPhone(CARE_DESK.phone)}</a>
            </li>
            <li>
              {t('common.careDeskEmail')}: <a href={`mailto:${CARE_DESK.email}`}>{CARE_DESK.email}</a>
            </li>
            <li>
              <a href="/agency-care-desk">{t('common.careDeskFaqs')}</a>
            </li>
            {/* Agents and agency admins (the roles with the account-manager panel): opens the header's chat panel (src/islands/shared/chat/ChatEntry.tsx). */}
            {panels.accountManager && (
              <li>
                <a href="#chat">{t('common.careDeskChat')}</a>
              </li>
            )}
          </ul>
        </section>
      )}
      {panels.accountManager && (
        <section className="panel" aria-labelledby="account-manager-title" aria-busy={manager === 'loading'}>
          <h2 id="account-manager-title" className="panel__title">{t('common.accountManagerTitle')}</h2>
          {manager === 'loading' ? (
            <p className="muted">{t('common.loading')}</p>
          ) : manager ? (
            <ul className="panel__list" data-testid="account-manager">
              <li className="panel__name">{`${capitalise(manager.firstName)} ${capitalise(manager.lastName)}`}</li>
              <li>
                <a href={`tel:+1${manager.phoneNumber.replace(/\D/g, '')}`}>{formatPhone(manager.phoneNumber)}</a>
              </li>
              <li>
                <a href={`mailto:${manager.emailAddress}`}>{manager.emailAddress}</a>
              </li>
            </ul>
          ) : (
            <p data-testid="no-account-manager">{t('common.noAccountManager')}</p>
          )}
        </section>
      )}
    </div>
  );
}
