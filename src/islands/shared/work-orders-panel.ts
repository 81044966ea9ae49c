/**
 * The dashboard's work-order panel (src/islands/work-orders/WorkOrders.tsx), for the dashboard page to compose:
 * islands reach another feature's code only through src/islands/shared/. Loaded on demand (docs/decisions/005):
 * the dashboard's first visit stays inside its JavaScript budget.
 */
export type { WorkOrdersProps } from '../work-orders/WorkOrders.tsx';

/** Loads the work-order panel (its own chunks: the lists, the overview, the chart). */
export const loadWorkOrdersPanel = () => import('../work-orders/WorkOrders.tsx');
