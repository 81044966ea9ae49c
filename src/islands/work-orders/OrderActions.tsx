/**
 * The work-order details' actions, loaded when used: the recalibration certificate download (the call needs the
 * bearer token, so the PDF is fetched and saved through a blob URL under the server's file name) and the dialog
 * that resubmits a failed referral (ResubmitFailedReferral).
 */
import { useState } from 'react';
import { APP_NAME, HEADER_APP_NAME } from '../../lib/constants.ts';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { $session, handleUnauthorized } from '../../stores/session.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { failureOf, loadContracts, refusalOf } from './shared.ts';
import type { WorkOrdersT } from './status.ts';


/** Downloads the recalibration certificate of an order as a file (a red alert when it cannot). */
export async function downloadCertificate(workOrderId: string, t: WorkOrdersT): Promise<void> {
  try {
    const { certificateUrl, certificateFilename } = await loadContracts();
    const token = $session.get()?.accessToken;
    const res = await fetch(certificateUrl(workOrderId, t.lang), {
      headers: { Accept: 'application/pdf', [HEADER_APP_NAME]: APP_NAME, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (res.status === 401) return void handleUnauthorized();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const name = /filename="?([^";]+)"?/i.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? certificateFilename(workOrderId);
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    showAlert('warning', t('workOrders.actions.certificateFailed'));
  }
}

/** Confirms, then resubmits a failed referral; the page then shows the new status. 'Cancel' has the focus. */
export default function ResubmitDialog({ workOrderId, t, onClose, reload }: { workOrderId: string; t: WorkOrdersT; onClose: () => void; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { ResubmitFailedReferral } = await loadContracts();
      await api.call(ResubmitFailedReferral, { WorkOrderId: workOrderId }, { ignoreErrors: true });
      await reload();
      showAlert('success', t('workOrders.actions.done'));
      onClose();
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal?.status === 401) return;
      // 409: the order is no longer Failed (someone moved it): say why (in the reader's language) and show what it is now.
      if (refusal && refusal.status >= 400 && refusal.status < 500) {
        setError(err instanceof ApiError ? t.message(replyOf(err)) : refusal.message);
        void reload();
      } else failureOf(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('workOrders.actions.title')}
      text={t('workOrders.actions.text')}
      confirmLabel={t('workOrders.actions.yes')}
      cancelLabel={t('workOrders.actions.no')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
