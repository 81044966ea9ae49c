/** The participant fields of the registration forms (spec section 3's web-to-case fields, section 5's messages). */
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { GetStates } from '../../lib/api/states.ts';
import { Field } from '../shared/Field.tsx';
import { callPublic, type Words } from './shared.tsx';

export const PARTICIPANT_FIELDS = ['FirstName', 'LastName', 'Title', 'AgencyName', 'Email', 'Phone', 'NpnId', 'Address', 'City', 'State', 'Zip'] as const;
export type ParticipantField = (typeof PARTICIPANT_FIELDS)[number];
export type Values = Record<ParticipantField, string>;
export type Errors = Partial<Record<ParticipantField, string>>;
export const EMPTY: Values = { FirstName: '', LastName: '', Title: '', AgencyName: '', Email: '', Phone: '', NpnId: '', Address: '', City: '', State: '', Zip: '' };
export const fieldId = (f: ParticipantField) => `ce-${f.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase())}`;

const LABEL: Record<ParticipantField, Parameters<Words>[0]> = {
  FirstName: 'courses.form.firstName',
  LastName: 'courses.form.lastName',
  Title: 'courses.form.title',
  AgencyName: 'courses.form.agencyName',
  Email: 'courses.form.email',
  Phone: 'courses.form.phone',
  NpnId: 'courses.form.npn',
  Address: 'courses.form.address',
  City: 'courses.form.city',
  State: 'courses.form.state',
  Zip: 'courses.form.zip',
};
const OPTIONAL = new Set<ParticipantField>(['Title', 'NpnId']);
const INPUT: Partial<Record<ParticipantField, InputHTMLAttributes<HTMLInputElement>>> = {
  FirstName: { autoComplete: 'given-name' },
  LastName: { autoComplete: 'family-name' },
  Title: { autoComplete: 'organization-title' },
  AgencyName: { autoComplete: 'organization' },
  Email: { type: 'email', autoComplete: 'email' },
  Phone: { type: 'tel', autoComplete: 'tel-national' },
  NpnId: { inputMode: 'numeric' },
  Address: { autoComplete: 'street-address' },
  City: { autoComplete: 'address-level2' },
  Zip: { inputMode: 'numeric', autoComplete: 'postal-code' },
};

/** The states for the State picker (public call), loaded once. */
function useStates() {
  const [states, setStates] = useState<{ stateCode: string; stateName: string }[]>([]);
  useEffect(() => {
    void callPublic(GetStates, {}).then((out) => out.ok && setStates(out.result));
  }, []);
  return states;
}

/** Some of the participant fields; `readOnly` ones show their value (from the profile) without a control. */
export function ParticipantFields({
  t,
  fields,
  values,
  errors,
  onChange,
  optionalFields = OPTIONAL,
}: {
  t: Words;
  fields: readonly ParticipantField[];
  values: Values;
  errors: Errors;
  onChange: (f: ParticipantField, v: string) => void;
  optionalFields?: ReadonlySet<ParticipantField>;
}) {
  const states = useStates();
  return (
    <>
      {fields.map((f) => (
        <Field
          key={f}
          id={fieldId(f)}
          label={t(LABEL[f])}
          marker={optionalFields.has(f) ? t('courses.form.optional') : t('courses.form.required')}
          markerClass={optionalFields.has(f) ? 'muted' : 'req'}
          hint={f === 'NpnId' ? t('courses.form.npnHint') : undefined}
          error={errors[f]}
        >
          {(aria) =>
            f === 'State' ? (
              <select {...aria} name={f} value={values.State} onChange={(e) => onChange(f, e.target.value)} autoComplete="address-level1">
                <option value="">{t('courses.form.chooseState')}</option>
                {values.State && !states.some((s) => s.stateCode === values.State) && <option value={values.State}>{values.State}</option>}
                {states.map((s) => (
                  <option key={s.stateCode} value={s.stateCode}>
                    {s.stateName}
                  </option>
                ))}
              </select>
            ) : (
              <input {...aria} {...INPUT[f]} name={f} value={values[f]} onChange={(e) => onChange(f, e.target.value)} />
            )
          }
        </Field>
      ))}
    </>
  );
}
