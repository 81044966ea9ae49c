import { formatDateTime } from '../../lib/format-date.ts';
import { LIST_PATH, type EditorT } from './shared.ts';
import type { SavedRow } from './store.ts';

/** The form's end: "Save article", the way back, and the saved-just-now line (a polite live region). */
export default function SaveBar({ saving, saved, t }: { saving: boolean; saved: { row: SavedRow; justNow: boolean } | null; t: EditorT }) {
  return (
    <>
      <div className="editor__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {t('editor.form.save')}
        </button>
        <a href={LIST_PATH}>{t('editor.form.back')}</a>
      </div>
      <p role="status" className="editor__saved">
        {saved?.justNow ? t('editor.form.savedAt', { at: formatDateTime(saved.row.updatedAt, t.lang) }) : ''}
      </p>
    </>
  );
}
