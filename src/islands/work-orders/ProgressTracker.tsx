/**
 * The progress tracker of work-order-details: the lifecycle's stages in order (Received → Policyholder contacted →
 * Scheduled → In progress → Completed → Survey complete, src/lib/work-orders.ts), the stages done ticked with the
 * time each was reached, the current one marked (aria-current="step"), the rest "Not yet". A Cancelled or Failed
 * order shows the stages it reached, then where it stopped. An ordered list; each stage says its state in words.
 */
import type { TimelineEntry } from '../../lib/api/work-orders.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { LIFECYCLE, type WorkOrderStatus } from '../../lib/work-orders.ts';
import { statusLabel, statusSlug, type WorkOrdersT } from './status.ts';

/** One stage of the tracker: done, the current one, one not reached yet, or the end state it stopped at. */
export interface TrackerStep {
  status: WorkOrderStatus;
  state: 'done' | 'current' | 'next' | 'stopped';
  /** When the order (last) reached it (ISO), for stages reached. */
  at: string | null;
}

/**
 * The stages of an order in `status` with this timeline (oldest first). The stage reached last is current (the
 * final one, Survey complete, is current and done); a Cancelled or Failed order: the stages up to the last one it
 * reached are done, then the end state, current. After a resubmit (Failed → Received) the order starts again.
 */
export function trackerSteps(status: WorkOrderStatus, timeline: readonly TimelineEntry[]): TrackerStep[] {
  // Since the last resubmit (the last Received), so that stages of the failed attempt do not count.
  const start = timeline.map((e) => e.Status).lastIndexOf('Received');
  const run = start < 0 ? timeline : timeline.slice(start);
  const lastAt = (s: WorkOrderStatus) => run.findLast((e) => e.Status === s)?.At ?? null;
  const stage = LIFECYCLE.indexOf(status as (typeof LIFECYCLE)[number]);
  if (stage >= 0) {
    return LIFECYCLE.map((s, i) => ({ status: s, state: i < stage ? 'done' : i === stage ? 'current' : 'next', at: i <= stage ? lastAt(s) : null }));
  }
  // Cancelled or Failed: the last lifecycle stage before it (Received when the timeline says nothing else).
  const reached = Math.max(0, ...run.map((e) => LIFECYCLE.indexOf(e.Status as (typeof LIFECYCLE)[number])));
  return [
    ...LIFECYCLE.slice(0, reached + 1).map((s): TrackerStep => ({ status: s, state: 'done', at: lastAt(s) })),
    { status, state: 'stopped', at: lastAt(status) },
  ];
}

/** The tracker, in the details page's words. */
export default function ProgressTracker({ status, timeline, t }: { status: WorkOrderStatus; timeline: readonly TimelineEntry[]; t: WorkOrdersT }) {
  const steps = trackerSteps(status, timeline);
  const final = status === LIFECYCLE[LIFECYCLE.length - 1];
  return (
    <section className="card order-section wo-track" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title">{t('workOrders.tracker.title')}</h2>
      <ol className="wo-track__list" data-testid="progress-tracker">
        {steps.map((step) => {
          const current = step.state === 'current' || step.state === 'stopped';
          const word =
            step.state === 'done' || (step.state === 'current' && final)
              ? t('workOrders.tracker.done')
              : step.state === 'current'
                ? t('workOrders.tracker.current')
                : step.state === 'stopped'
                  ? t('workOrders.tracker.stopped')
                  : t('workOrders.tracker.notYet');
          return (
            <li
              key={step.status}
              className={`wo-track__step is-${step.state}${final && step.state === 'current' ? ' is-done' : ''} wo-track--${statusSlug(step.status)}`}
              aria-current={current ? 'step' : undefined}
              data-state={step.state}
            >
              <span className="wo-track__mark" aria-hidden="true" />
              <span className="wo-track__name">{statusLabel(step.status, t)}</span>
              <span className="wo-track__state">
                {word}
                {step.at && (
                  <>
                    {' · '}
                    <time dateTime={step.at}>{formatDateTime(step.at, t.lang, { zone: true })}</time>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
