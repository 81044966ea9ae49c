import type { ServerMessage } from '../../lib/i18n.ts';
import { fieldId, type EditorT } from './shared.ts';

/** A field's error under its control (in the reader's language when the server sent a code), or nothing. */
export default function FieldErrorText({ field, error, t }: { field: string; error: ServerMessage | undefined; t: EditorT }) {
  if (!error) return null;
  return (
    <p className="field__error" id={`${fieldId(field)}-error`}>
      {t.message(error)}
    </p>
  );
}
