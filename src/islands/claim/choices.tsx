/** Radio and checkbox groups of the claim flow (apart from ui.tsx: step 1 has none). */
import type { ReactNode } from 'react';
import { describedBy, Req, type ClaimT, type Form } from './fields.tsx';

/** One option of a choice group. */
export interface Option {
  value: string;
  label: ReactNode;
}

/**
 * A fieldset of radios (one value) or checkboxes (several): the first control has the group's id (focus
 * target), the message shows under it and is checked as focus leaves the group.
 */
export function Choices({
  form,
  id,
  legend,
  options,
  value,
  onChange,
  check,
  req,
  hint,
  multiple,
  row,
}: {
  form: Form;
  id: string;
  legend: ReactNode;
  options: readonly Option[];
  value: string | readonly string[];
  onChange: (value: string & string[]) => void;
  check?: (value: string | string[]) => string | null;
  req?: boolean;
  hint?: string;
  multiple?: boolean;
  row?: boolean;
}) {
  const error = form.errors[id];
  const list = Array.isArray(value) ? (value as readonly string[]) : [];
  return (
    <fieldset
      className="choice-group"
      aria-describedby={describedBy(id, hint, error)}
      onBlur={(e) => {
        if (check && !e.currentTarget.contains(e.relatedTarget as Node | null)) form.set(id, check(multiple ? [...list] : (value as string)));
      }}
    >
      <legend>
        {legend}
        {req && <Req group={form.required} />}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className={row ? 'choice-row' : 'choice-grid'}>
        {options.map((o, i) => (
          <label key={o.value} className="choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              id={i ? `${id}-${i}` : id}
              name={id}
              value={o.value}
              checked={multiple ? list.includes(o.value) : value === o.value}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                const next = multiple ? (e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value)) : o.value;
                onChange(next as string & string[]);
                if (error && check) form.set(id, check(next));
              }}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {form.m(error)}
        </p>
      )}
    </fieldset>
  );
}

/** Yes/No options. */
export const yesNo = (t: ClaimT): Option[] => [
  { value: 'yes', label: t('claim.yes') },
  { value: 'no', label: t('claim.no') },
];
