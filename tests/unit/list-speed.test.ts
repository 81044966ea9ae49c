// Issue 19: the work-order list's query shape (page read in order, its own count: migration 040) and the answers kept
// in memory on PGlite (decision 039), against the real portal: ties in the sort key never make a page overlap or skip,
// totals match the database, and every change committed by any path is seen by the next call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, getUrl } from '../../src/lib/api/index.ts';
import { WORK_ORDER_SORTS, type WorkOrderPage } from '../../src/lib/api/work-orders.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { findUserByEmail } from '../../src/server/services/users.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';
import { exerciseCounts } from './helpers/work-order-counts.ts';

let portal: RunningPortal;
let token = '';
let agentId = '';
const AGENCY = '10045821';
const OPEN_SQL = "('Received','Policyholder contacted','Scheduled','In progress','Failed')";

beforeAll(async () => {
  portal = await startTestPortal();
  token = (await signInForTokens(portal, 'agent@demo.test')).access_token;
  agentId = (await findUserByEmail(portal.db, 'agent@demo.test'))!.id;
});
afterAll(async () => {
  await portal?.close();
});

async function open(input: Record<string, unknown>): Promise<WorkOrderPage> {
  const res = await callApi(portal, callPath(CALLS.GetOpenWorkOrders), { token, body: { AppName: 'AgentPortal', AgencyNumber: AGENCY, ...input } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json!.result as WorkOrderPage;
}
const q = <T>(sql: string, params: unknown[] = []) => portal.db.query<T>(sql, params as never);

describe('work-order list paging (issue 19)', () => {
  it('every sort key, both ways, with and without a search, answers the same orders as the default order (the page query joins what the sort names)', async () => {
    const all = (await open({ PageSize: 100 })).Items.map((i) => i.WorkOrderId).sort();
    for (const SortBy of WORK_ORDER_SORTS) {
      for (const SortDirection of ['asc', 'desc']) {
        const page = await open({ PageSize: 100, SortBy, SortDirection });
        expect(page.Items.map((i) => i.WorkOrderId).sort(), `${SortBy} ${SortDirection}`).toEqual(all);
        const searched = await open({ PageSize: 100, SortBy, SortDirection, Search: 'Ma' });
        expect(searched.TotalCount, `${SortBy} ${SortDirection} search`).toBeLessThanOrEqual(page.TotalCount);
      }
    }
    // By agent name: ordered by last then first name.
    const byAgent = (await open({ PageSize: 100, SortBy: 'AgentName', SortDirection: 'asc' })).Items.map((i) => i.AgentName);
    expect(byAgent.length).toBeGreaterThan(0);
  });

  it('every order filed carries its filer (filed_by = the referral user)', async () => {
    const [row] = await q<{ n: number }>('SELECT count(*)::int AS n FROM work_orders w JOIN referrals r USING (referral_number) WHERE w.filed_by <> r.user_id');
    expect(row!.n).toBe(0);
  });

  it('ties in the sort key: pages neither overlap nor skip, in updated_at then work order id order, totals as in the database', async () => {
    // Give all of the agent's open orders in the agency the same last change: only the id orders them.
    await q(`UPDATE work_orders SET updated_at = '2026-01-01T00:00:00Z' WHERE agency_number = $1 AND filed_by = $2 AND status IN ${OPEN_SQL}`, [AGENCY, agentId]);
    const ids = (await q<{ id: string }>(`SELECT work_order_id AS id FROM work_orders WHERE agency_number = $1 AND filed_by = $2 AND status IN ${OPEN_SQL} ORDER BY work_order_id DESC`, [AGENCY, agentId])).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(4);
    for (const [dir, expected] of [['desc', ids], ['asc', [...ids].reverse()]] as const) {
      const seen: string[] = [];
      for (let page = 1; ; page++) {
        const p = await open({ Page: page, PageSize: 2, SortBy: 'UpdatedAt', SortDirection: dir });
        expect(p.TotalCount).toBe(ids.length);
        expect(p.TotalPages).toBe(Math.ceil(ids.length / 2));
        seen.push(...p.Items.map((i) => i.WorkOrderId));
        if (page >= p.TotalPages) break;
      }
      expect(seen).toEqual(expected);
    }
    const past = await open({ Page: 99, PageSize: 2 });
    expect(past.Items).toEqual([]);
    expect(past.TotalCount).toBe(ids.length);
  });

  it('by policyholder and by policy, with and without a search: the order of the referrals\' own columns (migration 044 copies them onto the order)', async () => {
    for (const [SortBy, cols] of [['PolicyholderName', 'lower(r.customer_last) DIR NULLS LAST, lower(r.customer_first) DIR NULLS LAST'], ['PolicyNumber', 'lower(r.policy_number) DIR NULLS LAST']] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const Search of [null, 'M', 'ma', 'smith', 'PB']) {
          const like = Search ? `${Search.toLowerCase()}%` : null;
          const expected = await q<{ id: string }>(
            `SELECT w.work_order_id AS id FROM work_orders w JOIN referrals r USING (referral_number)
              WHERE w.agency_number = $1 AND w.filed_by = $2 AND w.status IN ${OPEN_SQL}
                AND ($3::text IS NULL OR lower(r.customer_last) LIKE $3 OR lower(r.customer_first) LIKE $3 OR lower(r.customer_first || ' ' || r.customer_last) LIKE $3
                     OR lower(r.policy_number) LIKE $3 OR r.referral_number LIKE $3)
              ORDER BY ${cols.replaceAll('DIR', dir.toUpperCase())}, w.work_order_id ${dir.toUpperCase()} NULLS LAST`,
            [AGENCY, agentId, like],
          );
          const page = await open({ PageSize: 100, SortBy, SortDirection: dir, ...(Search ? { Search } : {}) });
          expect(page.TotalCount, `${SortBy} ${dir} ${Search}`).toBe(expected.length);
          expect(page.Items.map((i) => i.WorkOrderId), `${SortBy} ${dir} ${Search}`).toEqual(expected.slice(0, 100).map((r) => r.id));
        }
      }
    }
  });

  it('a search counts the matching orders only, page by page', async () => {
    const [m] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM work_orders w JOIN referrals r USING (referral_number)
        WHERE w.agency_number = $1 AND w.filed_by = $2 AND w.status IN ${OPEN_SQL} AND (lower(r.customer_last) LIKE 'm%' OR lower(r.customer_first) LIKE 'm%'
          OR lower(r.customer_first || ' ' || r.customer_last) LIKE 'm%' OR lower(r.policy_number) LIKE 'm%' OR r.referral_number LIKE 'm%')`,
      [AGENCY, agentId],
    );
    const p = await open({ Search: 'M', PageSize: 1, SortBy: 'PolicyholderName', SortDirection: 'asc' });
    expect(p.TotalCount).toBe(m!.n);
  });
});

describe('the totals kept by work_order_counts (migration 043, decision 040)', () => {
  it('equal a count of work_orders after inserts, status changes, agency and filer moves, a rollback and deletes', async () => {
    await exerciseCounts(portal.db, 'CNT');
  });

  it('the open list, a status filter and the completed list answer the totals of a count (the kept counts feed them)', async () => {
    const [open1] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM work_orders WHERE agency_number = $1 AND filed_by = $2 AND status IN ${OPEN_SQL}`, [AGENCY, agentId]);
    expect((await open({ PageSize: 1 })).TotalCount).toBe(open1!.n);
    const [sched] = await q<{ n: number }>("SELECT count(*)::int AS n FROM work_orders WHERE agency_number = $1 AND filed_by = $2 AND status = 'Scheduled'", [AGENCY, agentId]);
    expect((await open({ PageSize: 1, Status: 'Scheduled' })).TotalCount).toBe(sched!.n);
    // A change by plain SQL: the next page's total follows it (the counts change in the same statement).
    const [one] = await q<{ id: string }>(`SELECT work_order_id AS id FROM work_orders WHERE agency_number = $1 AND filed_by = $2 AND status IN ${OPEN_SQL} LIMIT 1`, [AGENCY, agentId]);
    await q("UPDATE work_orders SET status = 'Cancelled' WHERE work_order_id = $1", [one!.id]);
    expect((await open({ PageSize: 1 })).TotalCount).toBe(open1!.n - 1);
    const done = await callApi(portal, callPath(CALLS.GetCompletedWorkOrders), { token, body: { AppName: 'AgentPortal', AgencyNumber: AGENCY, PageSize: 1 } });
    const [closed] = await q<{ n: number }>("SELECT count(*)::int AS n FROM work_orders WHERE agency_number = $1 AND filed_by = $2 AND status IN ('Completed','Survey complete','Cancelled')", [AGENCY, agentId]);
    expect((done.json!.result as WorkOrderPage).TotalCount).toBe(closed!.n);
    await q("UPDATE work_orders SET status = 'In progress' WHERE work_order_id = $1", [one!.id]);
    expect((await open({ PageSize: 1 })).TotalCount).toBe(open1!.n);
  });
});

describe('list and search answers kept in memory see every committed change (decision 039)', () => {
  it('a list: a status change, a survey, the agent renamed, a shop renamed — each by plain SQL', async () => {
    const first = await open({ PageSize: 100 });
    const item = first.Items[0]!;
    expect((await open({ PageSize: 100 })).Items[0]).toEqual(item);

    await q("UPDATE work_orders SET status = 'Cancelled' WHERE work_order_id = $1", [item.WorkOrderId]);
    expect((await open({ PageSize: 100 })).Items.map((i) => i.WorkOrderId)).not.toContain(item.WorkOrderId);
    await q(`UPDATE work_orders SET status = 'In progress' WHERE work_order_id = $1`, [item.WorkOrderId]);
    expect((await open({ PageSize: 100 })).Items.map((i) => i.WorkOrderId)).toContain(item.WorkOrderId);

    await q("UPDATE users SET first_name = 'Renamed' WHERE id = $1", [agentId]);
    expect((await open({ PageSize: 100 })).Items[0]!.AgentName).toMatch(/^Renamed /);

    const withShop = (await open({ PageSize: 100 })).Items.find((i) => i.ShopName);
    if (withShop) {
      await q("UPDATE program_shops SET name = 'Renamed Glass' WHERE shop_id = (SELECT shop_id FROM work_orders WHERE work_order_id = $1)", [withShop.WorkOrderId]);
      expect((await open({ PageSize: 100 })).Items.find((i) => i.WorkOrderId === withShop.WorkOrderId)!.ShopName).toBe('Renamed Glass');
    }
    const noSurvey = (await open({ PageSize: 100 })).Items.find((i) => !i.HasSurvey)!;
    await q("INSERT INTO work_order_surveys (work_order_id, rating, completed_at) VALUES ($1, 5, now())", [noSurvey.WorkOrderId]);
    expect((await open({ PageSize: 100 })).Items.find((i) => i.WorkOrderId === noSurvey.WorkOrderId)!.HasSurvey).toBe(true);
  });

  it('a search: an article retitled, then unpublished', async () => {
    const search = async (term: string) => {
      const res = await fetch(`${portal.url}${getUrl(CALLS.SearchContent, { SearchTerm: term })}`);
      return ((await res.json()) as { result: { articleRoute: string; title: string }[] }).result;
    };
    const [hit] = await search('windshield');
    expect(hit).toBeDefined();
    expect(await search('zzqqxxword')).toEqual([]);
    await q("UPDATE article_translations SET title = title || ' zzqqxxword' WHERE article_route = $1 AND lang = 'en'", [hit!.articleRoute]);
    expect((await search('zzqqxxword')).map((r) => r.articleRoute)).toEqual([hit!.articleRoute]);
    await q("UPDATE articles SET status = 'draft' WHERE article_route = $1", [hit!.articleRoute]);
    expect(await search('zzqqxxword')).toEqual([]);
  });
});
