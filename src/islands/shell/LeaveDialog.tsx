import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { useCommonT } from '../shared/use-t.ts';

/** 'Are you sure you want to leave this page?' with 'Yes, leave' / 'No, stay here'. */
export default function LeaveDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const t = useCommonT();
  return (
    <ConfirmDialog
      title={t('common.leaveTitle')}
      text={t('common.leaveText')}
      confirmLabel={t('common.leaveYes')}
      cancelLabel={t('common.leaveNo')}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
