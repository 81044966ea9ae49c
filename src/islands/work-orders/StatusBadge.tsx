import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import { statusLabel, statusSlug, type WorkOrdersT } from './status.ts';

/** A work order's status as a coloured badge (`wo-status`, global.css), named in the page language; `data-status` holds the status itself. */
export default function StatusBadge({ status, t, testId }: { status: WorkOrderStatus; t: WorkOrdersT; testId?: string }) {
  return (
    <span className={`wo-status wo-status--${statusSlug(status)}`} data-status={status} data-testid={testId}>
      {statusLabel(status, t)}
    </span>
  );
}
