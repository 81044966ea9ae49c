/**
 * A load that failed: what happened and a button to try again, announced as an alert (the error panel of
 * docs/design-system.md). The retry is a secondary button: the view's one primary action stays the page's own.
 */
export default function LoadFailed({ text, retry, onRetry, className = 'card error-panel' }: { text: string; retry: string; onRetry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
