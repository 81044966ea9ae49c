import type { Lang } from '../../lib/i18n.ts';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import { statusLabel, statusSlug } from './status.ts';

/** A work order's status as a coloured badge (`wo-status`, global.css), named in the page language; `data-status` holds the status itself. */
export default function StatusBadge({ status, lang, testId }: { status: WorkOrderStatus; lang: Lang; testId?: string }) {
  return (
    <span className={`wo-status wo-status--${statusSlug(status)}`} data-status={status} data-testid={testId}>
      {statusLabel(status, lang)}
    </span>
  );
}
