import { useEffect, useRef } from 'react';
import { useCommonT } from '../shared/use-t.ts';

/** 'Are you sure you want to leave this page?' with 'Yes, leave' / 'No, stay here'. */
export default function LeaveDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const t = useCommonT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="leave-title" aria-describedby="leave-text" onCancel={(e) => { e.preventDefault(); onStay(); }}>
      <h2 id="leave-title">{t('common.leaveTitle')}</h2>
      <p id="leave-text">{t('common.leaveText')}</p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" onClick={onLeave}>{t('common.leaveYes')}</button>
        <button type="button" className="btn btn--secondary" onClick={onStay} autoFocus>{t('common.leaveNo')}</button>
      </div>
    </dialog>
  );
}
