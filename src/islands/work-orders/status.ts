/**
 * A work order's status as the browser shows it: its name in the page language (the `workOrders.status`
 * words, by slug) and its CSS slug (the badge's and the chart's colour). The one place for these names and
 * classes (the lists, the overview, the chart, the details, survey and console pages).
 */
import type { Translator } from '../../lib/i18n.ts';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';

/** The translator of the work-order islands (`useT('workOrders', 'messages')`). */
export type WorkOrdersT = Translator<'workOrders' | 'messages' | 'common'>;

/** Turns a status into a CSS class suffix ('Survey complete' → 'survey-complete'). */
export const statusSlug = (status: WorkOrderStatus) => status.toLowerCase().replace(/\s+/g, '-');

/** Names a status in the page language (the status itself when the words lack it). */
export const statusLabel = (status: WorkOrderStatus, t: WorkOrdersT): string =>
  t.dynamic(`workOrders.status.${statusSlug(status)}`, status);
