import type { FocusEvent } from 'react';

/**
 * True when a field loses focus to its own form's submit button (a click or a tab onto Save). A field checks
 * itself on blur, but not then: the error it would show moves the button under the pointer and swallows the
 * click; the submit checks every field anyway.
 */
export function leavingForSubmit(e: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>): boolean {
  const to = e.relatedTarget;
  return to instanceof HTMLButtonElement && to.type === 'submit' && to.form !== null && to.form === e.currentTarget.form;
}
