/**
 * The error summary (GOV.UK's pattern): at the top of a refused form, a title ('There is a problem') and each message
 * as a link to its field. It takes focus when it appears (and again whenever `focusKey` changes, e.g. on each refused
 * submit), so keyboard and screen-reader users start from the list; a link moves to its field and brings the field's
 * label or legend into view. Class names and when to use it: docs/design-system.md.
 */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';

/** One message of the summary: its text and the id of the control it is about (none: the form as a whole). */
export interface ErrorSummaryItem {
  text: string;
  field?: string | undefined;
}

/**
 * Moves to a control by id, as the summary's links do: the control takes focus and its fieldset's legend (radios and
 * checkboxes) or its label scrolls into view, so the reader sees the question and not only the box. False if no such
 * element is on the page.
 */
export function goToField(id: string): boolean {
  const control = document.getElementById(id);
  if (!control) return false;
  const legend = control.closest('fieldset')?.querySelector('legend');
  const label = document.querySelector(`label[for="${CSS.escape(id)}"]`);
  const choice = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox');
  const shown = (choice && legend) || label || legend || control;
  shown.scrollIntoView({ block: 'start' });
  control.focus({ preventScroll: true });
  return true;
}

/**
 * Renders nothing when there is nothing to say (no item and no description). `onGoTo` replaces the default move to the
 * field (a form with tabs opens the field's tab first).
 */
export default function ErrorSummary({
  title,
  errors,
  description,
  focusKey,
  focusOnShow = true,
  onGoTo,
}: {
  /** The summary's heading, in the reader's language ('There is a problem'). */
  title: string;
  errors: readonly ErrorSummaryItem[];
  /** Text shown above the list (a refusal that belongs to no field, a count of fields to fix). */
  description?: ReactNode;
  /** The summary takes focus when it appears and whenever this value changes. */
  focusKey?: string | number;
  /** False: the summary does not move focus by itself (it is shown on arrival, before the reader did anything). */
  focusOnShow?: boolean;
  onGoTo?: (field: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0 || Boolean(description);
  useEffect(() => {
    if (shown && focusOnShow) box.current?.focus();
  }, [shown, focusKey, focusOnShow]);
  if (!shown) return null;

  const go = (event: MouseEvent<HTMLAnchorElement>, field: string) => {
    event.preventDefault();
    if (onGoTo) onGoTo(field);
    else goToField(field);
  };
  return (
    <div className="error-summary" ref={box} tabIndex={-1}>
      <div role="alert">
        <h2 className="error-summary__title">{title}</h2>
        {description && <div className="error-summary__body">{description}</div>}
        {errors.length > 0 && (
          <ul className="error-summary__list">
            {errors.map((item, n) => (
              <li key={`${item.field ?? ''}:${n}`}>
                {item.field ? (
                  <a href={`#${item.field}`} onClick={(event) => go(event, item.field!)}>
                    {item.text}
                  </a>
                ) : (
                  item.text
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
