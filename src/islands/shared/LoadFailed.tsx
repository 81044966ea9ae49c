/** A load that failed: what happened and a button to try again, announced as an alert. */
export default function LoadFailed({ text, retry, onRetry, className = 'card' }: { text: string; retry: string; onRetry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
