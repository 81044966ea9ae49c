/**
 * The dashboard's work-order panel (src/islands/work-orders/WorkOrders.tsx), for the dashboard page to compose:
 * islands reach another feature's code only through src/islands/shared/. Loaded on demand (docs/decisions/005):
 * the dashboard's first visit stays inside its JavaScript budget.
 */
// The one place a feature's code is reached from shared/: the dashboard composes the work orders on demand.
// eslint-disable-next-line import-x/no-restricted-paths
export type { WorkOrdersProps } from '../work-orders/WorkOrders.tsx';

/** Loads the work-order panel (its own chunks: the lists, the overview, the chart). */
// eslint-disable-next-line import-x/no-restricted-paths -- see above
export const loadWorkOrdersPanel = () => import('../work-orders/WorkOrders.tsx');
