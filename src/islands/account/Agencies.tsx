/**
 * manage-account's "Your agencies" (issue 14): each agency of the account with its carriers, the default
 * agency, and removing an agency (never the last one; behind the remove-account feature flag, spec section 9).
 *
 * - Carriers: the agent's carriers on the agency (User/GetUserAgencyCarriersByAgentNumber), changed with
 *   checkboxes and saved with User/UpdateUserAgentCarriers. Removing a carrier is a carrier edit: the reply's
 *   section-8 message (block on a co-branded agency, warning on others) shows beside the agency.
 * - Default: User/UpdateUserDefaultAgency. Remove: a confirmation dialog, then User/RemoveXYZAccountsByUserId
 *   and 'Agency successfully removed.' The header's agency list follows at once (the user store).
 */
import { useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetUserAgencyCarriersByAgentNumber, RemoveXYZAccountsByUserId, UpdateUserAgentCarriers, type AgencyCarriers } from '../../lib/api/manage-account.ts';
import { GetInsuranceCompanies, UpdateUserDefaultAgency, type UserAgency } from '../../lib/api/user.ts';
import { FEATURE_FLAGS } from '../../lib/constants.ts';
import type { Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { setAgencyList } from '../../stores/user.ts';
import { withWaiting } from '../../stores/waiting.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { CallView, type SignedInUser } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';

type Words = Translator<'account' | 'messages' | 'common'>;
type Company = { InsuranceCompanyId: number; Name: string };

/** Tells the reader what went wrong: the server's reason for a refusal, else the section-8 banner. */
function complain(err: unknown, t: Words) {
  if (err instanceof ApiError && err.status === 401) return;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) showAlert('warning', t.message(replyOf(err)));
  else showAlert('warning', t('messages.genericError'));
}

/** The agencies of the account, with their carriers, the default and removal. */
export default function Agencies({ user, t }: { user: SignedInUser; t: Words }) {
  const companies = useCall('insurance-companies', () => api.call(GetInsuranceCompanies, {}));
  const [removing, setRemoving] = useState<UserAgency | null>(null);
  const agencies = user.agencyList;
  const canRemove = FEATURE_FLAGS.removeAccountFeatureEnabled && agencies.length > 1;

  const makeDefault = async (a: UserAgency) => {
    try {
      setAgencyList(await withWaiting(() => api.call(UpdateUserDefaultAgency, { AgencyNumber: a.agencyNumber }, { ignoreErrors: true })));
      showAlert('success', t('account.defaultSaved', { agency: a.agencyName }));
    } catch (err) {
      complain(err, t);
    }
  };

  const remove = async (a: UserAgency) => {
    setRemoving(null);
    try {
      const left = await withWaiting(() =>
        api.call(RemoveXYZAccountsByUserId, { UserId: user.userDetails.userId, AccountNumbers: [a.agencyNumber] }, { ignoreErrors: true }),
      );
      setAgencyList(left);
      showAlert('success', t('messages.agencyRemoved'));
    } catch (err) {
      complain(err, t);
    }
  };

  return (
    <section className="card order-section" aria-labelledby="agencies-title" data-testid="agencies">
      <h2 id="agencies-title">{t('account.yourAgencies')}</h2>
      <p className="muted">{t('account.agenciesIntro')}</p>
      <ul className="account-agencies">
        {agencies.map((a) => (
          <li key={a.agencyNumber} className="account-agency" data-agency={a.agencyNumber}>
            <div className="account-agency__head">
              <h3 className="account-agency__name">
                {a.agencyName} <span className="table__sub">{a.agencyNumber}</span>
              </h3>
              {a.isDefaultAgency && <span className="badge">{t('account.default')}</span>}
            </div>
            <p className="muted account-agency__address">{a.agencyNameAndAddress}</p>
            <div className="account-agency__actions">
              {!a.isDefaultAgency && (
                <button type="button" className="btn btn--secondary" aria-label={`${t('account.makeDefault')}: ${a.agencyName}`} onClick={() => void makeDefault(a)}>
                  {t('account.makeDefault')}
                </button>
              )}
              {canRemove && (
                <button type="button" className="btn btn--secondary" aria-label={`${t('account.remove')}: ${a.agencyName}`} onClick={() => setRemoving(a)}>
                  {t('account.remove')}
                </button>
              )}
            </div>
            {user.userDetails.agentNumber && (
              <CallView call={companies} loadingText={t('account.carriersLoading')} failedText={t('account.carriersFailed')}>
                {(all) => <Carriers agency={a} agentNumber={user.userDetails.agentNumber!} all={all} t={t} />}
              </CallView>
            )}
          </li>
        ))}
      </ul>
      {removing && <RemoveDialog agency={removing} t={t} onConfirm={() => void remove(removing)} onCancel={() => setRemoving(null)} />}
    </section>
  );
}

/** One agency's carriers: folded, with the count; unfolded, a checkbox per insurer and Save. */
function Carriers({ agency, agentNumber, all, t }: { agency: UserAgency; agentNumber: string; all: Company[]; t: Words }) {
  const [open, setOpen] = useState(false);
  const call = useCall(`carriers-${agency.agencyNumber}`, () =>
    api.call(GetUserAgencyCarriersByAgentNumber, { AgentNumber: agentNumber, AgencyNumber: agency.agencyNumber }),
  );
  const [saved, setSaved] = useState<AgencyCarriers | null>(null);
  const current = saved ?? call.data;
  const idBase = `carriers-${agency.agencyNumber}`;
  return (
    <details className="account-carriers" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        {t('account.carriers')} {current && <span className="table__sub">({current.Carriers.length})</span>}
      </summary>
      {current?.Message && (
        <p className={`notice ${current.CanFileClaim ? 'notice--warning' : 'notice--error'}`} role="status" data-testid="carrier-message">
          {t.message({ message: current.Message, code: current.CanFileClaim ? 'carrierWarning' : 'carrierBlock' })}
        </p>
      )}
      {open && (
        <CallView call={call} loadingText={t('account.carriersLoading')} failedText={t('account.carriersFailed')}>
          {(loaded) => (
            <CarrierForm
              key={(saved ?? loaded).Carriers.map((c) => c.InsuranceCompanyId).join()}
              idBase={idBase}
              agency={agency}
              all={all}
              chosen={(saved ?? loaded).Carriers.map((c) => c.InsuranceCompanyId)}
              t={t}
              onSaved={setSaved}
            />
          )}
        </CallView>
      )}
    </details>
  );
}

function CarrierForm({ idBase, agency, all, chosen, t, onSaved }: { idBase: string; agency: UserAgency; all: Company[]; chosen: number[]; t: Words; onSaved: (c: AgencyCarriers) => void }) {
  const [ids, setIds] = useState(() => new Set(chosen));
  const [busy, setBusy] = useState(false);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(ids);
    if (on) next.add(id);
    else next.delete(id);
    setIds(next);
  };
  const save = async () => {
    setBusy(true);
    try {
      const reply = await api.call(UpdateUserAgentCarriers, { AgencyNumber: agency.agencyNumber, InsuranceCompanyIds: [...ids] }, { ignoreErrors: true });
      onSaved(reply);
      showAlert('success', t('account.carriersSaved', { agency: agency.agencyName }));
    } catch (err) {
      complain(err, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="account-carriers__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset className="choice-group">
        <legend>{t('account.carriersLegend', { agency: agency.agencyName })}</legend>
        <div className="account-carriers__grid">
          {all.map((c) => (
            <label key={c.InsuranceCompanyId} className="choice" htmlFor={`${idBase}-${c.InsuranceCompanyId}`}>
              <input id={`${idBase}-${c.InsuranceCompanyId}`} type="checkbox" checked={ids.has(c.InsuranceCompanyId)} onChange={(e) => toggle(c.InsuranceCompanyId, e.target.checked)} />
              <span>{c.Name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="field__hint">{t('account.carriersHint')}</p>
      <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy}>
        {busy ? t('account.saving') : t('account.saveCarriers')}
      </button>
    </form>
  );
}

/** Asks before an agency is removed; focus starts on the safe choice. */
function RemoveDialog({ agency, t, onConfirm, onCancel }: { agency: UserAgency; t: Words; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      title={t('account.removeTitle', { agency: agency.agencyName })}
      text={t('account.removeText')}
      confirmLabel={t('account.removeConfirm')}
      cancelLabel={t('account.removeCancel')}
      tone="destructive"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
