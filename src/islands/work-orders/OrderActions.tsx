/**
 * The work-order details' actions, loaded when used: the recalibration certificate download (the call needs the
 * bearer token, so the PDF is fetched and saved through a blob URL under the server's file name) and the dialog
 * that resubmits a failed referral (ResubmitFailedReferral).
 */
import { useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { downloadPdf } from '../shared/download.ts';
import { failureOf, loadContracts, refusalOf } from './shared.ts';
import type { WorkOrdersT } from './status.ts';


/** Downloads the recalibration certificate of an order as a file (a red alert when it cannot). */
export async function downloadCertificate(workOrderId: string, t: WorkOrdersT): Promise<void> {
  let outcome: 'saved' | 'signed-out' | 'failed' = 'failed';
  try {
    const { certificateUrl, certificateFilename } = await loadContracts();
    outcome = await downloadPdf(certificateUrl(workOrderId, t.lang), certificateFilename(workOrderId));
  } catch {
    // The contracts' chunk did not load: failed.
  }
  if (outcome === 'failed') showAlert('warning', t('workOrders.actions.certificateFailed'));
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
