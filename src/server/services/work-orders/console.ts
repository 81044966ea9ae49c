/** The internal admins' work-order console: list rows with the agency name and the statuses each order may move to. */
import type { Queryable } from '../../db/index.ts';
import { nextStatuses } from '../../../lib/work-orders.ts';
import type { ConsoleRow } from '../../../lib/api/work-orders.ts';
import type { OrderScope } from './access.ts';
import { listWorkOrders, type ListOptions } from './lists.ts';

/** A page of the console (internal admins): list rows with the agency name and the next statuses. */
export async function consolePage(db: Queryable, scope: OrderScope, opts: ListOptions) {
  const page = await listWorkOrders(db, scope, opts, { agencyName: true });
  const items: ConsoleRow[] = page.items.map((item, i) => ({
    ...item,
    AgencyName: page.rows[i]!.agency_name ?? '',
    NextStatuses: nextStatuses(item.Status),
  }));
  return { ...page, items };
}
