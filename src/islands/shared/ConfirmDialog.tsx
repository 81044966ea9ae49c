import { useEffect, useId, useRef, type ReactNode } from 'react';
import { modalEvent, send } from '../../lib/track-event.ts';

/**
 * The one confirmation dialog (native <dialog>, modal): a title, a text, the action and the safe choice.
 * The safe choice has the focus when it opens (showModal() would focus the first button, the action), Escape
 * is the safe choice, and while `busy` neither closes it. Used by the leave-page warning, the resubmit of a
 * failed referral, removing an agency and removing a passkey.
 */
export default function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy = false,
  error,
  onConfirm,
  onCancel,
  children,
}: {
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** 'destructive' for an action that removes something. */
  tone?: 'primary' | 'destructive';
  busy?: boolean;
  /** Why the action failed (shown as an alert inside the dialog). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fields the decision takes (a reason), after the text. */
  children?: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);
  const how = useRef<'confirm' | 'cancel'>('cancel');
  const label = typeof title === 'string' ? title : undefined;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    safe.current?.focus();
    // Section 4's modal events (issue 18; sent only after consent): opened, and closed (the dialog leaves the page)
    // with the reader's last choice.
    send(modalEvent('Open', label));
    return () => send(modalEvent('Close', label, how.current));
    // Once, when the dialog opens (a title that changes while it is open is not a new opening).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) {
          how.current = 'cancel';
          onCancel();
        }
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      {children}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className={`btn btn--${tone}`} onClick={() => {
            how.current = 'confirm';
            onConfirm();
          }}
          disabled={busy}
        >
          {confirmLabel}
        </button>
        <button ref={safe} type="button" className="btn btn--secondary" onClick={() => {
            how.current = 'cancel';
            onCancel();
          }}
          disabled={busy}
        >
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
