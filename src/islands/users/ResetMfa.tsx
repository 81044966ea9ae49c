/**
 * user-details, internal admins only (issue 15): 'Reset two-step sign-in' (InternalAdmin/ResetMFA) clears the
 * user's authenticator app, recovery codes and passkeys behind a confirmation; the user is emailed and signs in
 * with their password alone (or enrols again when their role requires it).
 */
import { useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { ResetMFA } from '../../lib/api/internal-admin.ts';
import { api } from '../../stores/api.ts';
import { showAlert } from '../../stores/alerts.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { useT } from '../shared/use-t.ts';

export default function ResetMfa({ userId, name }: { userId: string; name: string }) {
  const t = useT('admin', 'messages');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!t) return null;
  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.call(ResetMFA, { UserId: userId }, { ignoreErrors: true });
      setOpen(false);
      showAlert('success', r.HadTotp || r.PasskeysRemoved > 0 ? t('admin.resetMfa.done', { name }) : t('admin.resetMfa.nothing', { name }));
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>{t('admin.resetMfa.text')}</p>
      <button type="button" className="btn btn--secondary" onClick={() => setOpen(true)}>
        {t('admin.resetMfa.button')}
      </button>
      {open && (
        <ConfirmDialog
          title={t('admin.resetMfa.title', { name })}
          text={t('admin.resetMfa.confirmText')}
          confirmLabel={t('admin.resetMfa.confirm')}
          cancelLabel={t('admin.cancel')}
          tone="destructive"
          busy={busy}
          error={error}
          onConfirm={() => void reset()}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
