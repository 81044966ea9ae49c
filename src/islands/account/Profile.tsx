/**
 * manage-account profile (issue 14): the caller's details — first and last name, primary and second phone (shown
 * 3-3-4), title, NPN ID — read with User/GetUserProfile/ and saved with User/SaveUserAgentInfo, which repeats these
 * checks with spec section 5's messages. A save renames the user in the header at once (no new sign-in).
 * A lazy chunk of the manage-account page.
 */
import { useState, type SubmitEvent } from 'react';
import { GetUserProfile, PROFILE_NPN, SaveUserAgentInfo, type Profile as ProfileData } from '../../lib/api/manage-account.ts';
import { rules } from '../../lib/claim/validation.ts';
import { formatPhone } from '../../lib/format.ts';
import type { ServerMessage } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { $user } from '../../stores/user.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { CallView } from '../shared/PageState.tsx';
import { leavingForSubmit } from '../shared/leaving-for-submit.ts';
import { useCall } from '../shared/use-call.ts';
import { asMessage, Field, refusal, refusalText, type Words } from './form-bits.tsx';

const FIELDS = ['FirstName', 'LastName', 'PrimaryPhone', 'SecondaryPhone', 'Title', 'NpnId'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

/** Each field's check (the contract's rules, spec section 5's words). */
const CHECKS: Record<FieldName, (v: string) => string | null> = {
  FirstName: rules.name('first name'),
  LastName: rules.name('last name'),
  PrimaryPhone: rules.phone,
  SecondaryPhone: rules.optionalPhone,
  Title: (v) => (v.trim().length > 60 ? 'Must be at most 60 characters' : null),
  NpnId: (v) => (v.trim() === '' || PROFILE_NPN.pattern.test(v.trim()) ? null : PROFILE_NPN.message),
};
const PHONES: FieldName[] = ['PrimaryPhone', 'SecondaryPhone'];

const valuesOf = (p: ProfileData): Values => ({
  FirstName: p.FirstName,
  LastName: p.LastName,
  PrimaryPhone: p.PrimaryPhone ? formatPhone(p.PrimaryPhone) : '',
  SecondaryPhone: p.SecondaryPhone ? formatPhone(p.SecondaryPhone) : '',
  Title: p.Title ?? '',
  NpnId: p.NpnId ?? '',
});

/** The "Your details" section: loaded, then the form. */
export default function Profile({ t }: { t: Words }) {
  const call = useCall('my-profile', () => api.call(GetUserProfile, {}));
  return (
    <section className="card order-section" aria-labelledby="me-title" data-testid="my-details">
      <h2 id="me-title">{t('account.me.title')}</h2>
      <p className="muted">{t('account.me.intro')}</p>
      <CallView call={call} loadingText={t('account.me.loading')} failedText={t('account.me.loadFailed')}>
        {(p) => <ProfileForm initial={valuesOf(p)} t={t} />}
      </CallView>
    </section>
  );
}

function ProfileForm({ initial, t }: { initial: Values; t: Words }) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName, ServerMessage>>>({});
  const [refusals, setRefusals] = useState(0);
  /** The fields the last refused save listed (the summary shows those still wrong; a field left on the way shows only its own error). */
  const [listed, setListed] = useState<FieldName[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const checkOne = (name: FieldName, v: string) => {
    const m = CHECKS[name](v);
    return m ? asMessage(m) : null;
  };
  const set = (name: FieldName, v: string) => {
    setValues({ ...values, [name]: v });
    // A message already shown follows the value.
    if (errors[name]) setErrors({ ...errors, [name]: checkOne(name, v) ?? undefined });
  };
  const leave = (name: FieldName) => {
    const problem = checkOne(name, values[name]);
    setErrors({ ...errors, [name]: problem ?? undefined });
    if (!problem && PHONES.includes(name) && values[name].trim()) setValues({ ...values, [name]: formatPhone(values[name]) });
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const found: Partial<Record<FieldName, ServerMessage>> = {};
    for (const name of FIELDS) {
      const problem = checkOne(name, values[name]);
      if (problem) found[name] = problem;
    }
    setErrors(found);
    setListed(Object.keys(found) as FieldName[]);
    if (Object.keys(found).length) {
      setRefusals((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = await api.call(
        SaveUserAgentInfo,
        {
          FirstName: values.FirstName.trim(),
          LastName: values.LastName.trim(),
          PrimaryPhone: values.PrimaryPhone.trim(),
          SecondaryPhone: values.SecondaryPhone.trim() || null,
          Title: values.Title.trim() || null,
          NpnId: values.NpnId.trim() || null,
        },
        { ignoreErrors: true },
      );
      setValues(valuesOf(saved));
      // The header's name (and the summary above) follow without a new sign-in.
      const details = $user.get().userDetails;
      if (details) $user.setKey('userDetails', { ...details, firstName: saved.FirstName, lastName: saved.LastName });
      showAlert('success', t('account.me.saved'));
    } catch (err) {
      const r = refusal(err);
      if (!r) return;
      const fields = Object.fromEntries(FIELDS.filter((f) => r.fields[f]).map((f) => [f, r.fields[f]!])) as Partial<Record<FieldName, ServerMessage>>;
      if (r.status === 400 && Object.keys(fields).length) {
        setErrors(fields);
        setListed(Object.keys(fields) as FieldName[]);
        setRefusals((n) => n + 1);
      } else setFailure(refusalText(t, r));
    } finally {
      setBusy(false);
    }
  };

  const LABELS: Record<FieldName, string> = {
    FirstName: t('account.me.firstName'),
    LastName: t('account.me.lastName'),
    PrimaryPhone: t('account.me.primaryPhone'),
    SecondaryPhone: t('account.me.secondPhone'),
    Title: t('account.me.jobTitle'),
    NpnId: t('account.me.npn'),
  };
  const HINTS: Partial<Record<FieldName, string>> = { PrimaryPhone: t('account.me.phoneHint'), SecondaryPhone: t('account.me.phoneHint'), NpnId: t('account.me.npnHint') };
  const AUTOCOMPLETE: Record<FieldName, string> = { FirstName: 'given-name', LastName: 'family-name', PrimaryPhone: 'tel', SecondaryPhone: 'tel', Title: 'organization-title', NpnId: 'off' };
  const idOf = (name: FieldName) => `me-${name}`;
  const shown = FIELDS.filter((f) => errors[f] && listed.includes(f));

  return (
    <form className="account-form" noValidate onSubmit={(e) => void submit(e)} data-testid="profile-form">
      <ErrorSummary title={t('account.me.fix')} errors={shown.map((f) => ({ field: idOf(f), text: t.message(errors[f]!) }))} focusKey={refusals} />
      {failure && (
        <div className="form-error" role="alert">
          {failure}
        </div>
      )}
      <div className="account-form__grid">
        {FIELDS.map((name) => (
          <Field
            key={name}
            id={idOf(name)}
            label={LABELS[name]}
            hint={HINTS[name]}
            error={errors[name] ? t.message(errors[name]) : null}
            marker={name === 'FirstName' || name === 'LastName' || name === 'PrimaryPhone' ? t('account.required') : undefined}
            markerClass="req"
          >
            {(aria) => (
              <input
                {...aria}
                name={name}
                type={PHONES.includes(name) ? 'tel' : 'text'}
                inputMode={name === 'NpnId' ? 'numeric' : undefined}
                autoComplete={AUTOCOMPLETE[name]}
                maxLength={name === 'Title' ? 60 : name === 'NpnId' ? 10 : name.endsWith('Phone') ? 20 : 50}
                aria-required={name === 'FirstName' || name === 'LastName' || name === 'PrimaryPhone' ? true : undefined}
                value={values[name]}
                onChange={(e) => set(name, e.target.value)}
                onBlur={(e) => !leavingForSubmit(e) && leave(name)}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="order-actions">
        <button type="submit" className="btn btn--secondary" disabled={busy} aria-busy={busy}>
          {busy ? t('account.saving') : t('account.me.save')}
        </button>
      </div>
    </form>
  );
}
