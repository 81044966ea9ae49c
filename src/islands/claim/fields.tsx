/** Form fields of the claim flow: field errors (the spec's messages on blur and on Next), labelled inputs. */
import { useState, type ReactNode } from 'react';
import type { Rule } from '../../lib/claim/validation.ts';
import type { ServerMessage, Translator } from '../../lib/i18n.ts';

/** The claim pages' translator: the `claim` and `messages` namespaces (and `common`). */
export type ClaimT = Translator<'claim' | 'messages' | 'common'>;

/** Focuses a field (or the first control of a group) by id, after React has rendered its message. */
export function focusField(id: string, tries = 5): void {
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (el) el.focus();
    else if (tries > 0) focusField(id, tries - 1);
  });
}

/** Field errors of a form: the spec's (English) messages by field id; shown translated. */
export interface Form {
  errors: Record<string, string>;
  /** Sets (or clears, with null) one field's message. */
  set(id: string, message: string | null): void;
  /** Sets the messages of a whole form; focuses the first invalid field; true when all are valid. */
  all(checks: readonly (readonly [string, string | null])[]): boolean;
  /** A message in the page language. */
  m: (message: string) => string;
  /** '(required)', read after a required group's legend. */
  required: string;
}

/**
 * The field errors of one form. `messageOf` (validation.ts, passed in so that pages without forms do not
 * load the rules) finds a spec message's code: those show from the `messages` namespace, other texts as they are.
 */
export function useForm(c: { t: ClaimT }, messageOf: (text: string) => ServerMessage): Form {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    m: (text) => {
      const found = messageOf(text);
      return found.code ? c.t.message(found) : text;
    },
    required: c.t('claim.required'),
    set(id, message) {
      setErrors((e) => {
        if ((e[id] ?? null) === message) return e;
        const next = { ...e };
        if (message) next[id] = message;
        else delete next[id];
        return next;
      });
    },
    all(checks) {
      const next: Record<string, string> = {};
      for (const [id, message] of checks) if (message && !next[id]) next[id] = message;
      setErrors(next);
      const first = checks.find(([, message]) => message);
      if (first) focusField(first[0]);
      return !first;
    },
  };
}

/** aria-describedby of a control: its hint and its error. */
export const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** The required mark after a label. */
export const Req = ({ group }: { group?: string }) => (
  <span className="req">
    <span aria-hidden="true"> *</span>
    {group && <span className="visually-hidden"> {group}</span>}
  </span>
);

interface FieldProps {
  form: Form;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's rule (validation.ts): checked on blur, and as the user types once a message shows. */
  rule?: Rule;
  req?: boolean;
  hint?: string | undefined;
  /** Reformats a valid value on blur (the phone's 3-3-4). */
  format?: (value: string) => string;
  /** A button that acts on the field, on the control's line (hint above, message below both). */
  action?: ReactNode;
}

/** A labelled text input (or textarea / select through `as`). */
export function TextField({
  form,
  id,
  label,
  value,
  onChange,
  rule,
  req,
  hint,
  format,
  action,
  type = 'text',
  as,
  children,
  ...rest
}: FieldProps & {
  type?: string;
  as?: 'textarea' | 'select';
  children?: ReactNode;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text' | 'decimal';
  maxLength?: number;
  min?: string;
  max?: string;
  rows?: number;
  disabled?: boolean;
}) {
  const error = form.errors[id];
  const props = {
    id,
    name: id,
    value,
    required: req,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onChange: (e: { target: { value: string } }) => {
      onChange(e.target.value);
      if (error && rule) form.set(id, rule(e.target.value));
    },
    onBlur: (e: { target: { value: string }; relatedTarget: EventTarget | null }) => {
      // Focus moving to the form's submit button: its check shows every message at once (a message shown here
      // would move the button between press and release, and the click would be lost).
      if ((e.relatedTarget as HTMLButtonElement | null)?.type === 'submit') return;
      const v = e.target.value;
      const message = rule ? rule(v) : null;
      form.set(id, message);
      if (!message && format && format(v) !== v) onChange(format(v));
    },
    ...rest,
  };
  return (
    <div className="field">
      {/* The mark stays outside the label: the label is the field's name, `required` tells assistive tech. */}
      <div className="field__label">
        <label htmlFor={id}>{label}</label>
        {req && <Req />}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {action ? (
        <div className="field__control">
          <input type={type} {...props} />
          {action}
        </div>
      ) : as === 'select' ? (
        <select {...props}>{children}</select>
      ) : as === 'textarea' ? (
        <textarea {...props} />
      ) : (
        <input type={type} {...props} />
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {form.m(error)}
        </p>
      )}
    </div>
  );
}
