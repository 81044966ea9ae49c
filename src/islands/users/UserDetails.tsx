/**
 * user-details?userId= (issue 15): a user's profile, role, group and carriers on the agency (the agency
 * admin's active one; an internal admin: the user's first agency, or ?agency=), edited with
 * UpdateUserAccountDetails; deactivate / reactivate (DeactivateUser) and remove from the agency behind a
 * confirmation; a password-reset link. Internal admins have a section of their own actions below.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import type { ResultOf } from '../../lib/api/contract.ts';
import type { GetUserAgentInformation } from '../../lib/api/manage-account.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $activeAgency } from '../../stores/user.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { Field } from '../shared/Field.tsx';
import { CallView, UserGate, type SignedInUser } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import { loadUserAdmin, roleLabel, statusLabel, type UsersT } from './shared.ts';
import ResetMfa from './ResetMfa.tsx';

type Info = ResultOf<typeof GetUserAgentInformation>;
const GROUPS_FOR = { SFAD_Admin: ['SFAD_Agent', 'SFAD_Admin'], SFAD_InternalAdmin: ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin'] } as const;

export default function UserDetails() {
  const t = useT('users', 'messages');
  return <UserGate t={t}>{(user, words) => <DetailsPage user={user} t={words} />}</UserGate>;
}

function DetailsPage({ user, t }: { user: SignedInUser; t: UsersT }) {
  const params = new URLSearchParams(location.search);
  const userId = params.get('userId') ?? '';
  const internal = user.userDetails.dashboardUserRole === 'SFAD_InternalAdmin';
  const active = useStore($activeAgency);
  const [version, setVersion] = useState(0);
  const call = useCall(userId && (internal || active) ? `${userId}-${active?.agencyNumber ?? ''}-${version}` : null, async () => {
    const c = await loadUserAdmin();
    let agency = internal ? params.get('agency') : (active?.agencyNumber ?? null);
    if (internal && !agency) {
      const details = await api.call(c.GetUserDetails, { userId });
      agency = details.Accounts[0]?.AccountNumber ?? null;
    }
    if (!agency) throw new Error('The user belongs to no agency.');
    const [info, companies] = await Promise.all([api.call(c.GetUserAgentInformation, { UserId: userId, AgencyNumber: agency }), api.call(c.GetInsuranceCompanies, {})]);
    return { info, companies, agency };
  });
  return (
    <div className="users-page">
      <p>
        <a href="/dashboard/manage-users">{t('users.details.back')}</a>
      </p>
      <h1>{t('users.details.title')}</h1>
      <CallView call={call} loadingText={t('users.details.loading')} failedText={t('users.details.loadFailed')}>
        {(data) => <Details key={version} t={t} me={user} internal={internal} agency={data.agency} info={data.info} companies={data.companies} onChanged={() => setVersion((v) => v + 1)} />}
      </CallView>
    </div>
  );
}

type Form = { FirstName: string; LastName: string; PrimaryPhone: string; SecondaryPhone: string; Title: string; NpnId: string; GroupId: string; Carriers: number[] };
type Confirm = 'deactivate' | 'reactivate' | 'remove' | null;

function Details({
  t,
  me,
  internal,
  agency,
  info,
  companies,
  onChanged,
}: {
  t: UsersT;
  me: SignedInUser;
  internal: boolean;
  agency: string;
  info: Info;
  companies: { InsuranceCompanyId: number; Name: string }[];
  onChanged: () => void;
}) {
  const id = useId();
  const p = info.Profile;
  const name = `${p.FirstName} ${p.LastName}`;
  const self = p.UserId === me.userDetails.userId;
  const [form, setForm] = useState<Form>({
    FirstName: p.FirstName,
    LastName: p.LastName,
    PrimaryPhone: p.PrimaryPhone ?? '',
    SecondaryPhone: p.SecondaryPhone ?? '',
    Title: p.Title ?? '',
    NpnId: p.NpnId ?? '',
    GroupId: info.GroupId ?? '',
    Carriers: info.InsuranceCompanies.map((c) => c.InsuranceCompanyId),
  });
  const [errors, setErrors] = useState<{ path: string; message: string }[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const groups: readonly string[] = GROUPS_FOR[internal ? 'SFAD_InternalAdmin' : 'SFAD_Admin'];

  const messageOf = (err: unknown) => (err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError'));
  const fieldError = (path: string) => {
    const e = errors.find((x) => x.path === path);
    return e ? t.message(e) : null;
  };

  const save = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaving(true);
    setErrors([]);
    setFormError(null);
    try {
      const c = await loadUserAdmin();
      await api.call(c.UpdateUserAccountDetails, {
        UserId: p.UserId,
        AgencyNumber: agency,
        FirstName: form.FirstName,
        LastName: form.LastName,
        PrimaryPhone: form.PrimaryPhone,
        SecondaryPhone: form.SecondaryPhone,
        Title: form.Title,
        NpnId: form.NpnId,
        ...(form.GroupId && !self ? { GroupId: form.GroupId as 'SFAD_Agent' } : {}),
        InsuranceCompanyIds: form.Carriers,
      });
      showAlert('success', t('users.details.saved'));
      onChanged();
    } catch (err) {
      const reply = err instanceof ApiError ? replyOf(err) : null;
      const list = (reply as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
      setErrors(list);
      if (!list.length) setFormError(messageOf(err));
      setRefusals((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  const act = async () => {
    setBusy(true);
    setDialogError(null);
    try {
      const c = await loadUserAdmin();
      if (confirm === 'remove') {
        await api.call(c.RemoveUserFromAgency, { UserId: p.UserId, AgencyNumber: agency });
        showAlert('success', t('users.details.removed', { name, agency }));
        location.assign('/dashboard/manage-users');
        return;
      }
      await api.call(c.DeactivateUser, { UserId: p.UserId, AgencyNumber: agency, Activate: confirm === 'reactivate' });
      showAlert('success', t(confirm === 'reactivate' ? 'users.details.reactivated' : 'users.details.deactivated', { name }));
      setConfirm(null);
      onChanged();
    } catch (err) {
      setDialogError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const sendReset = async () => {
    try {
      const c = await loadUserAdmin();
      await api.call(c.AddUserResetPwdLink, { UserId: p.UserId });
      showAlert('success', t('users.details.resetSent', { email: p.Email }));
    } catch (err) {
      showAlert('warning', messageOf(err));
    }
  };

  const text = (key: 'FirstName' | 'LastName' | 'PrimaryPhone' | 'SecondaryPhone' | 'Title' | 'NpnId', label: string, optional = false, type = 'text') => (
    <Field id={`${id}-${key}`} label={label} error={fieldError(key)} {...(optional ? { marker: t('users.details.optional') } : {})}>
      {(aria) => <input {...aria} type={type} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />}
    </Field>
  );

  return (
    <>
      <section className="card users-section" aria-labelledby={`${id}-status`}>
        <h2 id={`${id}-status`}>{name}</h2>
        <dl className="users-facts">
          <div>
            <dt>{t('users.details.email')}</dt>
            <dd>{p.Email}</dd>
          </div>
          <div>
            <dt>{t('users.details.login')}</dt>
            <dd>{p.Login}</dd>
          </div>
          <div>
            <dt>{t('users.details.agentNumber')}</dt>
            <dd>{p.AgentNumber ?? t('users.details.none')}</dd>
          </div>
          <div>
            <dt>{t('users.details.status')}</dt>
            <dd data-testid="user-status">{statusLabel(p.Status, t)}</dd>
          </div>
          <div>
            <dt>{t('users.details.role')}</dt>
            <dd>{roleLabel(info.DashboardUserRole, t)}</dd>
          </div>
        </dl>
        {self && <p className="muted">{t('users.details.self')}</p>}
      </section>

      <form className="card users-section" onSubmit={save} noValidate aria-labelledby={`${id}-profile`}>
        <ErrorSummary title={t('users.details.fix')} errors={errors.map((e) => ({ field: `${id}-${e.path}`, text: t.message(e) }))} description={formError ?? undefined} focusKey={refusals} />
        <h2 id={`${id}-profile`}>{t('users.details.profile')}</h2>
        <div className="account-form__grid">
          {text('FirstName', t('users.details.firstName'))}
          {text('LastName', t('users.details.lastName'))}
          {text('PrimaryPhone', t('users.details.primaryPhone'), false, 'tel')}
          {text('SecondaryPhone', t('users.details.secondaryPhone'), true, 'tel')}
          {text('Title', t('users.details.titleField'), true)}
          {text('NpnId', t('users.details.npnId'), true)}
        </div>
        <h2>{t('users.details.account')}</h2>
        <Field id={`${id}-GroupId`} label={t('users.details.group')} error={fieldError('GroupId')}>
          {(aria) => (
            <select {...aria} value={form.GroupId} disabled={self} onChange={(e) => setForm({ ...form, GroupId: e.target.value })}>
              {!groups.includes(form.GroupId) && <option value={form.GroupId}>{roleLabel(form.GroupId, t)}</option>}
              {groups.map((g) => (
                <option key={g} value={g}>
                  {roleLabel(g, t)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="choice-group">
          <legend>{t('users.details.carriers')}</legend>
          <p className="field__hint">{t('users.details.carriersHint', { agency })}</p>
          <div className="account-carriers__grid">
            {companies.map((c) => (
              <label key={c.InsuranceCompanyId} className="choice">
                <input
                  type="checkbox"
                  checked={form.Carriers.includes(c.InsuranceCompanyId)}
                  onChange={(e) =>
                    setForm({ ...form, Carriers: e.target.checked ? [...form.Carriers, c.InsuranceCompanyId] : form.Carriers.filter((x) => x !== c.InsuranceCompanyId) })
                  }
                />{' '}
                {c.Name}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {t('users.details.save')}
        </button>
      </form>

      <section className="card users-section" aria-labelledby={`${id}-access`}>
        <h2 id={`${id}-access`}>{t('users.details.access')}</h2>
        <div className="users-actions">
          <button type="button" className="btn btn--secondary" onClick={sendReset}>
            {t('users.details.reset')}
          </button>
          {!self && (
            <button type="button" className="btn btn--secondary" onClick={() => setConfirm(p.Status === 'DEPROVISIONED' ? 'reactivate' : 'deactivate')}>
              {p.Status === 'DEPROVISIONED' ? t('users.details.reactivate') : t('users.details.deactivate')}
            </button>
          )}
          {!self && (
            <button type="button" className="btn btn--secondary" onClick={() => setConfirm('remove')}>
              {t('users.details.remove')}
            </button>
          )}
        </div>
      </section>

      {internal && (
        // Internal-admin actions (issue 15): reset two-step sign-in (InternalAdmin/ResetMFA).
        <section className="card users-section" aria-labelledby={`${id}-internal`} data-section="internal-admin-actions">
          <h2 id={`${id}-internal`}>{t('users.details.internal')}</h2>
          <ResetMfa userId={p.UserId} name={name} />
        </section>
      )}

      {confirm && (
        <ConfirmDialog
          title={
            confirm === 'remove'
              ? t('users.details.removeTitle', { name, agency })
              : t(confirm === 'deactivate' ? 'users.details.deactivateTitle' : 'users.details.reactivateTitle', { name })
          }
          text={
            confirm === 'remove'
              ? t('users.details.removeText', { name, agency })
              : t(confirm === 'deactivate' ? 'users.details.deactivateText' : 'users.details.reactivateText', { name })
          }
          confirmLabel={confirm === 'remove' ? t('users.details.remove') : confirm === 'deactivate' ? t('users.details.deactivate') : t('users.details.reactivate')}
          cancelLabel={t('users.details.cancel')}
          tone={confirm === 'reactivate' ? 'primary' : 'destructive'}
          busy={busy}
          error={dialogError}
          onConfirm={act}
          onCancel={() => setConfirm(null)}
        />
      )}
    </>
  );
}
