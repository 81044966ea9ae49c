/**
 * agency-admin-add (issue 15): adds a user to the admin's active agency — an existing one found by email
 * (GetUserDetailsByEmail, then UpdateOktaAgency), or a new one invited by email (CreateActiveUser: the email
 * holds a set-password link) — and puts them in the chosen group (AssignUserToGroup).
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import { $activeAgency } from '../../stores/user.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { Field } from '../shared/Field.tsx';
import { Empty, UserGate, type SignedInUser } from '../shared/PageState.tsx';
import { useT } from '../shared/use-t.ts';
import { loadUserAdmin, roleLabel, type UsersT } from './shared.ts';

export default function AgencyAdminAdd() {
  const t = useT('users', 'messages');
  return <UserGate t={t}>{(user, words) => <AddPage user={user} t={words} />}</UserGate>;
}

type Mode = 'existing' | 'invite';
type Found = { UserId: string; FirstName: string; LastName: string; Email: string };
type FieldKey = 'Email' | 'FirstName' | 'LastName' | 'PrimaryPhone' | 'AgentNumber';

function AddPage({ user, t }: { user: SignedInUser; t: UsersT }) {
  const id = useId();
  const active = useStore($activeAgency);
  const internal = user.userDetails.dashboardUserRole === 'SFAD_InternalAdmin';
  const [agencyInput, setAgencyInput] = useState('');
  const agency = internal ? agencyInput.trim() : (active?.agencyNumber ?? '');
  const [mode, setMode] = useState<Mode>('existing');
  const [form, setForm] = useState<Record<FieldKey, string>>({ Email: '', FirstName: '', LastName: '', PrimaryPhone: '', AgentNumber: '' });
  const [group, setGroup] = useState<'SFAD_Agent' | 'SFAD_Admin'>('SFAD_Agent');
  const [found, setFound] = useState<Found | null>(null);
  const [errors, setErrors] = useState<{ path: string; message: string }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState(false);

  if (!internal && !active) return <Empty text={t('users.manage.noAgency')} />;

  const fail = (err: unknown, fallback?: string) => {
    const reply = err instanceof ApiError ? replyOf(err) : null;
    const list = (reply as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
    setErrors(list);
    setProblem(list.length ? null : fallback ?? (err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError')));
    setRefusals((n) => n + 1);
  };
  const fieldError = (path: string) => {
    const e = errors.find((x) => x.path === path);
    return e ? t.message(e) : null;
  };
  const reset = () => {
    setErrors([]);
    setProblem(null);
  };

  const find = async () => {
    reset();
    setFound(null);
    setBusy(true);
    try {
      const c = await loadUserAdmin();
      const u = await api.call(c.GetUserDetailsByEmail, { Email: form.Email });
      setFound(u);
    } catch (err) {
      fail(err, err instanceof ApiError && err.status === 404 ? t('users.add.notFound') : undefined);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (mode === 'existing' && !found) return find();
    reset();
    setBusy(true);
    try {
      const c = await loadUserAdmin();
      let userId: string;
      let name: string;
      if (mode === 'existing') {
        await api.call(c.UpdateOktaAgency, { UserId: found!.UserId, AgencyNumber: agency });
        userId = found!.UserId;
        name = `${found!.FirstName} ${found!.LastName}`;
      } else {
        const created = await api.call(c.CreateActiveUser, {
          FirstName: form.FirstName,
          LastName: form.LastName,
          Email: form.Email,
          AgencyNumber: agency,
          ...(form.PrimaryPhone.trim() ? { PrimaryPhone: form.PrimaryPhone } : {}),
          ...(form.AgentNumber.trim() ? { AgentNumber: form.AgentNumber } : {}),
        });
        userId = created.UserId;
        name = `${form.FirstName} ${form.LastName}`;
      }
      await api.call(c.AssignUserToGroup, { UserId: userId, GroupName: group });
      showAlert('success', mode === 'existing' ? t('users.add.added', { name, agency }) : t('users.add.invited', { email: form.Email }));
      location.assign(`/dashboard/user-details?userId=${encodeURIComponent(userId)}${internal ? `&agency=${encodeURIComponent(agency)}` : ''}`);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const text = (key: FieldKey, label: string, optional = false, type = 'text') => (
    <Field id={`${id}-${key}`} label={label} error={fieldError(key)} {...(optional ? { marker: t('users.add.optional') } : {})}>
      {(aria) => (
        <input
          {...aria}
          type={type}
          value={form[key]}
          onChange={(e) => {
            setForm({ ...form, [key]: e.target.value });
            if (key === 'Email') setFound(null);
          }}
        />
      )}
    </Field>
  );

  return (
    <div className="users-page">
      <p>
        <a href="/dashboard/manage-users">{t('users.add.back')}</a>
      </p>
      <h1>{t('users.add.title')}</h1>
      {/* The introduction is product text (the page's static shell paints it first: issue 19); the agency is data. */}
      <p className="muted">{t('users.add.intro')}</p>
      {active && !internal && <p className="users-agency">{t('users.add.agency', { agency: `${active.agencyName} (${active.agencyNumber})` })}</p>}
      <form className="card users-section" onSubmit={submit} noValidate>
        <ErrorSummary title={t('users.add.fix')} errors={errors.map((e) => ({ field: `${id}-${e.path}`, text: t.message(e) }))} description={problem ?? undefined} focusKey={refusals} />
        {internal && (
          <Field id={`${id}-AgencyNumber`} label={t('users.manage.agencies')} error={fieldError('AgencyNumber')}>
            {(aria) => <input {...aria} inputMode="numeric" value={agencyInput} onChange={(e) => setAgencyInput(e.target.value)} />}
          </Field>
        )}
        <fieldset className="choice-group">
          <legend>{t('users.add.mode')}</legend>
          <div className="choice-cards choice-cards--compact">
            {(['existing', 'invite'] as const).map((m) => (
              <label key={m} className="choice-card">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={m}
                  checked={mode === m}
                  onChange={() => {
                    setMode(m);
                    reset();
                  }}
                />{' '}
                <span className="choice-card__label">{m === 'existing' ? t('users.add.existing') : t('users.add.invite')}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {text('Email', t('users.add.email'), false, 'email')}
        {mode === 'existing' && found && (
          <p className="users-found" role="status">
            {t('users.add.found', { name: `${found.FirstName} ${found.LastName}`, email: found.Email })}
          </p>
        )}
        {mode === 'invite' && (
          <div className="account-form__grid">
            {text('FirstName', t('users.add.firstName'))}
            {text('LastName', t('users.add.lastName'))}
            {text('PrimaryPhone', t('users.add.phone'), true, 'tel')}
            {text('AgentNumber', t('users.add.agentNumber'), true)}
          </div>
        )}
        <Field id={`${id}-group`} label={t('users.add.group')}>
          {(aria) => (
            <select {...aria} value={group} onChange={(e) => setGroup(e.target.value as typeof group)}>
              {(['SFAD_Agent', 'SFAD_Admin'] as const).map((g) => (
                <option key={g} value={g}>
                  {roleLabel(g, t)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {mode === 'invite' ? t('users.add.sendInvite') : found ? t('users.add.addExisting') : t('users.add.find')}
        </button>
      </form>
    </div>
  );
}
