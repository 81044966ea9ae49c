import type { ReactNode } from 'react';

/**
 * The design system's field (docs/design-system.md): a label (with a marker such as '(required)' or '(optional)'),
 * a hint, an error, then the control, which gets its id, aria-invalid and aria-describedby from the render prop.
 */
export function Field(props: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | null | undefined;
  /** Words after the label: '(required)', '(optional)'. */
  marker?: string | undefined;
  /** 'req' for a required field's marker, 'muted' (the default) for the rest. */
  markerClass?: 'req' | 'muted';
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const describedBy = [props.hint ? `${props.id}-hint` : null, props.error ? `${props.id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${props.error ? ' field--error' : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.marker && <span className={props.markerClass ?? 'muted'}> {props.marker}</span>}
      </label>
      {props.hint && (
        <p className="field__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
      {props.children({ id: props.id, ...(props.error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
    </div>
  );
}
