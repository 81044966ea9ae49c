/**
 * Work orders against the real portal (PGlite, the embedded provider, real tokens): the demo seed, the lists
 * (paging, sorting, search, date range, agency choice), who sees what, details and timeline, surveys, the
 * certificate PDF, the lifecycle (advance, one transaction, resubmit), the dashboard, carriers, the console,
 * a referral filed through CreateReferral and the simulator.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, getUrl, type CallContract } from '../../src/lib/api/index.ts';
import type { ConsoleRow, Dashboard, ServiceActivity, StatusChangeReply, Survey, WorkOrderPage, WorkOrderSummary } from '../../src/lib/api/work-orders.ts';
import { CLOSED_STATUSES, COMPLETED_STATUSES, isOpen, LIFECYCLE, WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../src/lib/work-orders.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { onStatusChange, type StatusChange } from '../../src/server/services/work-order-bus.ts';
import { orderScope, mayViewChange, scopeAllows } from '../../src/server/services/work-orders/access.ts';
import { advanceWorkOrder, illegalMove, NOT_FAILED } from '../../src/server/services/work-orders/lifecycle.ts';
import { fileDemoReferral, startSimulator } from '../../src/server/demo/simulator.ts';
import { findUserByEmail } from '../../src/server/services/users.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';
import { demoCar, referralRequest } from './helpers/claims.ts';

let portal: RunningPortal;
const token: Record<'agent' | 'admin' | 'internal' | 'ce' | 'carrieredit', string> = { agent: '', admin: '', internal: '', ce: '', carrieredit: '' };
const sub: Record<string, string> = {};

async function call(name: keyof typeof CALLS, input: Record<string, unknown>, as: string = token.agent, headers: Record<string, string> = {}) {
  const c: CallContract = CALLS[name];
  const body = { AppName: 'AgentPortal', ...input };
  return c.method === 'GET' ? callApi(portal, getUrl(c, body), { token: as, headers }) : callApi(portal, callPath(c), { token: as, body, headers });
}
const ok = async <T>(name: keyof typeof CALLS, input: Record<string, unknown>, as?: string): Promise<T> => {
  const res = await call(name, input, as);
  expect(res.status, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json!.result as T;
};
const open = (input: Record<string, unknown> = {}, as?: string) => ok<WorkOrderPage>('GetOpenWorkOrders', input, as);
const completed = (input: Record<string, unknown> = {}, as?: string) => ok<WorkOrderPage>('GetCompletedWorkOrders', input, as);
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => portal.db.query<T>(sql, params as never);
const n = async (sql: string, params: unknown[] = []) => (await q<{ n: number }>(sql, params))[0]!.n;

/** Orders of a scope in the database: [agency, filed by (null = anyone)], the statuses of a list. */
const countInDb = (agency: string, userId: string | null, statuses: readonly string[]) =>
  n(
    `SELECT count(*)::int AS n FROM work_orders w JOIN referrals r USING (referral_number)
      WHERE w.agency_number = $1 AND ($2::text IS NULL OR r.user_id = $2) AND w.status IN (SELECT json_array_elements_text($3::json))`,
    [agency, userId, [...statuses]],
  );
const OPEN = WORK_ORDER_STATUSES.filter(isOpen);

/** Every item of a list, all pages. */
async function all(list: typeof open, input: Record<string, unknown>, as?: string): Promise<WorkOrderSummary[]> {
  const items: WorkOrderSummary[] = [];
  for (let page = 1; ; page++) {
    const p = await list({ ...input, Page: page, PageSize: 100 }, as);
    items.push(...p.Items);
    if (page >= p.TotalPages) return items;
  }
}

beforeAll(async () => {
  portal = await startTestPortal();
  for (const [k, email] of [['agent', 'agent@demo.test'], ['admin', 'admin@demo.test'], ['internal', 'internal@demo.test'], ['ce', 'ce@demo.test'], ['carrieredit', 'carrieredit@demo.test']] as const) {
    token[k] = (await signInForTokens(portal, email)).access_token;
    sub[k] = String(decodeJwt(token[k]).sub);
  }
});
afterAll(async () => {
  await portal?.close();
});

describe('demo seed', () => {
  it('at least 200 orders over 12 weeks across the three demo agencies, every status, surveys, recalibrations and a couple Failed', async () => {
    expect(await n('SELECT count(*)::int AS n FROM work_orders')).toBeGreaterThanOrEqual(200);
    const byStatus = await q<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM work_orders GROUP BY 1');
    expect(new Set(byStatus.map((r) => r.status))).toEqual(new Set(WORK_ORDER_STATUSES));
    expect(byStatus.find((r) => r.status === 'Failed')!.n).toBeGreaterThanOrEqual(2);
    expect(new Set((await q<{ a: string }>('SELECT DISTINCT agency_number AS a FROM work_orders')).map((r) => r.a))).toEqual(new Set(['10045821', '20077314', '30012967']));
    const [span] = await q<{ days: number }>("SELECT extract(epoch FROM max(created_at) - min(created_at)) / 86400 AS days FROM work_orders");
    expect(Number(span!.days)).toBeGreaterThan(70);
    expect(Number(span!.days)).toBeLessThanOrEqual(84);
    expect(await n('SELECT count(*)::int AS n FROM work_order_surveys')).toBeGreaterThan(20);
    expect(await n('SELECT count(*)::int AS n FROM work_order_recalibrations')).toBeGreaterThan(20);
    // Survey complete ⇔ a survey; recalibrations only on completed replacements.
    expect(await n("SELECT count(*)::int AS n FROM work_orders w LEFT JOIN work_order_surveys s USING (work_order_id) WHERE (w.status = 'Survey complete') <> (s.work_order_id IS NOT NULL)")).toBe(0);
    expect(await n("SELECT count(*)::int AS n FROM work_order_recalibrations c JOIN work_orders w USING (work_order_id) WHERE w.status NOT IN ('Completed', 'Survey complete')")).toBe(0);
  });

  it('every order has a full history: starts Received, times never go back, ends at its status at its updated time', async () => {
    const rows = await q<{ work_order_id: string; status: string; updated_at: Date; created_at: Date; events: { s: string; t: string }[] }>(
      `SELECT w.work_order_id, w.status, w.updated_at, w.created_at,
              json_agg(json_build_object('s', e.status, 't', e.created_at) ORDER BY e.created_at, e.id) AS events
         FROM work_orders w JOIN work_order_events e USING (work_order_id) GROUP BY w.work_order_id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(200);
    for (const r of rows) {
      const events = typeof r.events === 'string' ? (JSON.parse(r.events) as typeof r.events) : r.events;
      expect(events[0]!.s, r.work_order_id).toBe('Received');
      expect(events.at(-1)!.s, r.work_order_id).toBe(r.status);
      expect(new Date(events.at(-1)!.t).getTime(), r.work_order_id).toBe(new Date(r.updated_at).getTime());
      expect(new Date(events[0]!.t).getTime()).toBe(new Date(r.created_at).getTime());
      const times = events.map((e) => new Date(e.t).getTime());
      expect(times, r.work_order_id).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)!).toBeLessThanOrEqual(Date.now());
      // Forward along the lifecycle, then perhaps Cancelled or Failed (the seed does not resubmit).
      const forward = events.map((e) => e.s).filter((s) => s !== 'Cancelled' && s !== 'Failed');
      expect(forward, r.work_order_id).toEqual(LIFECYCLE.slice(0, forward.length));
    }
  });
});

describe('open and completed lists', () => {
  it("an agent's default agency and only the orders they filed; open statuses only", async () => {
    const items = await all(open, {});
    expect(items.length).toBe(await countInDb('10045821', sub.agent!, OPEN));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.AgencyNumber === '10045821' && isOpen(i.Status))).toBe(true);
    const filers = await q<{ user_id: string }>('SELECT DISTINCT user_id FROM referrals WHERE referral_number IN (SELECT json_array_elements_text($1::json))', [items.map((i) => i.ReferralNumber)]);
    expect(filers.map((f) => f.user_id)).toEqual([sub.agent]);
  });

  it('the completed list: Completed, Survey complete and Cancelled', async () => {
    const items = await all(completed, {});
    expect(items.length).toBe(await countInDb('10045821', sub.agent!, CLOSED_STATUSES));
    expect(items.every((i) => CLOSED_STATUSES.includes(i.Status))).toBe(true);
  });

  it('pages do not overlap and add up to the total; a page past the end is empty with the total', async () => {
    const total = await countInDb('10045821', sub.agent!, CLOSED_STATUSES);
    const first = await completed({ Page: 1, PageSize: 7 });
    const second = await completed({ Page: 2, PageSize: 7 });
    expect(first).toMatchObject({ Page: 1, PageSize: 7, TotalCount: total, TotalPages: Math.ceil(total / 7), SortBy: 'UpdatedAt', SortDirection: 'desc' });
    expect(first.Items).toHaveLength(7);
    expect(first.Items.map((i) => i.WorkOrderId).filter((id) => second.Items.some((j) => j.WorkOrderId === id))).toEqual([]);
    const beyond = await completed({ Page: 999, PageSize: 7 });
    expect(beyond.Items).toEqual([]);
    expect(beyond.TotalCount).toBe(total);
    const paged: string[] = [];
    for (let p = 1; p <= first.TotalPages; p++) paged.push(...(await completed({ Page: p, PageSize: 7 })).Items.map((i) => i.WorkOrderId));
    expect(new Set(paged).size).toBe(total);
  });

  it('PageSize is at most 100 and Page at least 1', async () => {
    for (const bad of [{ PageSize: 101 }, { PageSize: 0 }, { Page: 0 }, { Page: 1.5 }]) {
      const res = await call('GetOpenWorkOrders', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('GetOpenWorkOrders', { SortBy: 'password' })).status).toBe(400);
  });

  const sortCases: [string, (i: WorkOrderSummary) => string | number | null][] = [
    ['CreatedAt', (i) => i.CreatedAt],
    ['UpdatedAt', (i) => i.UpdatedAt],
    ['Total', (i) => i.Total],
    ['ReferralNumber', (i) => i.ReferralNumber],
    ['PolicyholderName', (i) => `${i.PolicyholderLastName.toLowerCase()}\u0000${i.PolicyholderFirstName.toLowerCase()}`],
    ['Status', (i) => WORK_ORDER_STATUSES.indexOf(i.Status)],
    ['CompletedAt', (i) => i.CompletedAt],
  ];
  for (const [column, key] of sortCases) {
    it(`sorts by ${column}, both directions`, async () => {
      for (const dir of ['asc', 'desc'] as const) {
        const items = await all(completed, { SortBy: column, SortDirection: dir }, token.admin);
        const keys = items.map(key).filter((k) => k !== null);
        const sorted = [...keys].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
        expect(keys, `${column} ${dir}`).toEqual(dir === 'asc' ? sorted : sorted.reverse());
        // Nulls last either way.
        const nulls = items.map(key).map((k) => k === null);
        expect(nulls.indexOf(true) === -1 || nulls.slice(nulls.indexOf(true)).every(Boolean)).toBe(true);
      }
    });
  }

  it('search by last name, first name, full name, policy number and referral number (case-insensitive prefix)', async () => {
    const items = await all(completed, {}, token.admin);
    const target = items[3]!;
    const byLast = await all(completed, { Search: target.PolicyholderLastName.slice(0, 3).toUpperCase() }, token.admin);
    expect(byLast.map((i) => i.WorkOrderId)).toContain(target.WorkOrderId);
    const low = (s: string) => s.toLowerCase();
    const prefix = low(target.PolicyholderLastName.slice(0, 3));
    expect(byLast.every((i) => low(i.PolicyholderLastName).startsWith(prefix) || low(i.PolicyholderFirstName).startsWith(prefix) || low(i.PolicyNumber).startsWith(prefix))).toBe(true);
    expect((await all(completed, { Search: target.PolicyholderFirstName }, token.admin)).map((i) => i.WorkOrderId)).toContain(target.WorkOrderId);
    const full = await all(completed, { Search: `${target.PolicyholderFirstName} ${target.PolicyholderLastName}` }, token.admin);
    expect(full.map((i) => i.WorkOrderId)).toContain(target.WorkOrderId);
    expect(full.every((i) => `${i.PolicyholderFirstName} ${i.PolicyholderLastName}` === `${target.PolicyholderFirstName} ${target.PolicyholderLastName}`)).toBe(true);
    expect((await completed({ Search: target.PolicyNumber.toLowerCase() }, token.admin)).Items.map((i) => i.WorkOrderId)).toEqual([target.WorkOrderId]);
    expect((await completed({ Search: target.ReferralNumber }, token.admin)).Items.map((i) => i.WorkOrderId)).toEqual([target.WorkOrderId]);
    expect((await completed({ Search: 'zzzz%_\\' }, token.admin)).TotalCount).toBe(0);
  });

  it('a date range (ISO days, inclusive) filters on the day the referral was filed; From after To is refused', async () => {
    const items = await all(completed, {}, token.admin);
    const days = [...new Set(items.map((i) => i.CreatedAt.slice(0, 10)))].sort();
    const from = days[Math.floor(days.length / 4)]!;
    const to = days[Math.floor(days.length / 2)]!;
    const ranged = await all(completed, { From: from, To: to }, token.admin);
    expect(ranged.length).toBe(items.filter((i) => i.CreatedAt.slice(0, 10) >= from && i.CreatedAt.slice(0, 10) <= to).length);
    expect(ranged.length).toBeGreaterThan(0);
    const bad = await call('GetCompletedWorkOrders', { From: to, To: from }, token.admin);
    expect(from === to ? 200 : bad.status).toBe(from === to ? 200 : 400);
    expect((await call('GetCompletedWorkOrders', { From: '2025-02-30' }, token.admin)).status).toBe(400);
  });

  it("the date range is the reader's local days: an order filed at 23:30 on day D in a UTC-5 zone is in 'Filed from D to D' there", async () => {
    // One completed order of the agency moved to 2024-01-11 04:30 UTC: 23:30 on 10 January in New York (EST, UTC-5),
    // 10:00 on 11 January in Kolkata (UTC+5:30). No other order is that old.
    const [order] = await completed({ PageSize: 1 }, token.admin).then((p) => p.Items);
    const [row] = await q<{ created: Date }>('SELECT created_at AS created FROM work_orders WHERE work_order_id = $1', [order!.WorkOrderId]);
    const created = row!.created;
    await q('UPDATE work_orders SET created_at = $2 WHERE work_order_id = $1', [order!.WorkOrderId, '2024-01-11T04:30:00Z']);
    try {
      const ids = async (input: Record<string, unknown>) => (await all(completed, input, token.admin)).map((i) => i.WorkOrderId);
      for (const TimeZone of ['America/New_York', 'Etc/GMT+5']) {
        expect(await ids({ From: '2024-01-10', To: '2024-01-10', TimeZone }), TimeZone).toEqual([order!.WorkOrderId]);
        expect(await ids({ From: '2024-01-11', To: '2024-01-11', TimeZone }), TimeZone).toEqual([]);
        // 'Filed to D' ends at the end of D there: the order is in a range ending on 10 January, not one ending on the 9th.
        expect(await ids({ From: '2023-12-01', To: '2024-01-10', TimeZone }), TimeZone).toEqual([order!.WorkOrderId]);
        expect(await ids({ From: '2023-12-01', To: '2024-01-09', TimeZone }), TimeZone).toEqual([]);
      }
      expect(await ids({ From: '2024-01-11', To: '2024-01-11', TimeZone: 'Asia/Kolkata' })).toEqual([order!.WorkOrderId]);
      // Without a time zone the days are UTC days (other callers, as before).
      expect(await ids({ From: '2024-01-11', To: '2024-01-11' })).toEqual([order!.WorkOrderId]);
      expect(await ids({ From: '2024-01-10', To: '2024-01-10' })).toEqual([]);
      // The open list and the console read the same field.
      expect((await open({ From: '2024-01-10', To: '2024-01-10', TimeZone: 'America/New_York' }, token.admin)).TotalCount).toBe(0);
      const console = await ok<{ Items: { WorkOrderId: string }[] }>('GetWorkOrderConsole', { From: '2024-01-10', To: '2024-01-10', TimeZone: 'America/New_York', Scope: 'All' }, token.internal);
      expect(console.Items.map((i) => i.WorkOrderId)).toEqual([order!.WorkOrderId]);
    } finally {
      await q('UPDATE work_orders SET created_at = $2 WHERE work_order_id = $1', [order!.WorkOrderId, created]);
    }
    // A time zone the runtime does not know is refused with its message.
    for (const TimeZone of ['Mars/Olympus_Mons', 'America/New York', 'x'.repeat(65)]) {
      const bad = await call('GetCompletedWorkOrders', { From: '2024-01-10', TimeZone }, token.admin);
      expect(bad.status, TimeZone).toBe(400);
      expect(JSON.stringify(bad.json)).toContain('Invalid time zone');
    }
  });

  it('a status filter narrows the list; a status of the other list gives nothing', async () => {
    const surveyed = await all(completed, { Status: 'Survey complete' }, token.admin);
    expect(surveyed.length).toBe(await countInDb('20077314', null, ['Survey complete']));
    expect(surveyed.every((i) => i.Status === 'Survey complete' && i.HasSurvey)).toBe(true);
    expect((await open({ Status: 'Completed' }, token.admin)).TotalCount).toBe(0);
  });

  it('agency choice: another of the agent’s agencies; one they do not belong to → 403', async () => {
    const other = await all(open, { AgencyNumber: '20077314' });
    expect(other.length).toBe(await countInDb('20077314', sub.agent!, OPEN));
    expect(other.every((i) => i.AgencyNumber === '20077314')).toBe(true);
    const res = await call('GetOpenWorkOrders', { AgencyNumber: '30012967' });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ isSuccess: false, result: null });
  });
});

describe('who sees what', () => {
  it('an agency admin sees the whole agency, including what agents filed', async () => {
    const items = await all(completed, {}, token.admin);
    expect(items.length).toBe(await countInDb('20077314', null, CLOSED_STATUSES));
    expect(new Set(items.map((i) => i.AgentName))).toEqual(new Set(['Alex Rivera', 'Morgan Lee']));
  });

  it('an agent of the same agency sees only their own orders there', async () => {
    const mine = await all(completed, {}, token.carrieredit);
    expect(mine.length).toBe(await countInDb('10045821', sub.carrieredit!, CLOSED_STATUSES));
    expect(new Set(mine.map((i) => i.AgentName))).toEqual(new Set(['Riley Chen']));
  });

  it("another agency's orders: 403 for the list, 404 for one order (no data), 404 for a colleague's order", async () => {
    expect((await call('GetCompletedWorkOrders', { AgencyNumber: '10045821' }, token.admin)).status).toBe(403);
    const [theirs] = await q<{ work_order_id: string; referral_number: string }>(
      "SELECT w.work_order_id, w.referral_number FROM work_orders w WHERE agency_number = '10045821' ORDER BY 1 LIMIT 1",
    );
    const res = await call('ServiceActivityDetail', { workOrderId: theirs!.work_order_id, referralSequenceNumber: theirs!.referral_number }, token.admin);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ isSuccess: false, message: 'Work order not found.', code: 'workOrderNotFound', result: null });
    const [colleague] = await q<{ work_order_id: string; referral_number: string }>(
      `SELECT w.work_order_id, w.referral_number FROM work_orders w JOIN referrals r USING (referral_number)
        WHERE w.agency_number = '10045821' AND r.user_id = $1 LIMIT 1`,
      [sub.agent],
    );
    expect((await call('ServiceActivityDetail', { workOrderId: colleague!.work_order_id, referralSequenceNumber: colleague!.referral_number }, token.carrieredit)).status).toBe(404);
    expect((await call('GetSurveyDetails', { WorkOrderId: colleague!.work_order_id }, token.carrieredit)).status).toBe(404);
  });

  it('CE admins get 403 on every work-order call', async () => {
    for (const name of ['GetDashboardWorkOrders', 'GetOpenWorkOrders', 'GetCompletedWorkOrders', 'GetAgencyInsuranceCompanyNamesById'] as const) {
      expect((await call(name, { AgencyNumber: '10045821' }, token.ce)).status, name).toBe(403);
    }
    expect((await call('GetSurveyDetails', { WorkOrderId: 'WO500001' }, token.ce)).status).toBe(403);
  });

  it('internal admins see any agency, or all of them without one', async () => {
    const one = await open({ AgencyNumber: '30012967', PageSize: 100 }, token.internal);
    expect(one.TotalCount).toBe(await countInDb('30012967', null, OPEN));
    const every = await open({ PageSize: 100 }, token.internal);
    expect(every.AgencyNumber).toBeNull();
    expect(every.TotalCount).toBe(await n("SELECT count(*)::int AS n FROM work_orders WHERE status NOT IN ('Completed','Survey complete','Cancelled')"));
  });

  it('the rule the live stream reuses: orderScope, scopeAllows and mayViewChange agree', async () => {
    const agent = (await findUserByEmail(portal.db, 'agent@demo.test'))!;
    const admin = (await findUserByEmail(portal.db, 'admin@demo.test'))!;
    const ce = (await findUserByEmail(portal.db, 'ce@demo.test'))!;
    const change = (agencyNumber: string, userId: string): StatusChange => ({
      workOrderId: 'WO1', referralNumber: '1', agencyNumber, userId, previousStatus: 'Received', status: 'Policyholder contacted', note: null, at: new Date(),
    });
    expect(await mayViewChange(portal.db, agent, change('10045821', agent.id))).toBe(true);
    expect(await mayViewChange(portal.db, agent, change('20077314', admin.id))).toBe(false);
    expect(await mayViewChange(portal.db, admin, change('20077314', agent.id))).toBe(true);
    expect(await mayViewChange(portal.db, admin, change('10045821', agent.id))).toBe(false);
    expect(await mayViewChange(portal.db, ce, change('10045821', agent.id))).toBe(false);
    const scope = await orderScope(portal.db, agent);
    expect(scope).toEqual({ kind: 'agency', agencyNumber: '10045821', filedBy: agent.id });
    expect(scopeAllows(scope, change('10045821', agent.id))).toBe(true);
    expect(scopeAllows(scope, change('10045821', admin.id))).toBe(false);
    await expect(orderScope(portal.db, ce)).rejects.toMatchObject({ status: 403 });
    await expect(orderScope(portal.db, admin, '10045821')).rejects.toMatchObject({ status: 403 });
    const nobody = (await findUserByEmail(portal.db, 'noaccount@demo.test'))!;
    expect(await orderScope(portal.db, nobody)).toEqual({ kind: 'none' });
  });

  it('an agent with no agency gets empty lists and an empty dashboard', async () => {
    const t = (await signInForTokens(portal, 'noaccount@demo.test')).access_token;
    expect((await open({}, t)).TotalCount).toBe(0);
    const d = await ok<Dashboard>('GetDashboardWorkOrders', {}, t);
    expect(d.Recent).toEqual([]);
    expect(d.OpenCount + d.ClosedCount).toBe(0);
    expect(d.NeedsAttention).toEqual([]);
  });
});

describe('details, timeline and survey', () => {
  it('ServiceActivityDetail: the request fields, the shop and appointment, the technician, every status change with its time, the flags', async () => {
    const [row] = await q<{ work_order_id: string; referral_number: string }>(
      `SELECT w.work_order_id, w.referral_number FROM work_orders w JOIN referrals r USING (referral_number)
        WHERE w.status = 'Survey complete' AND r.user_id = $1 AND w.agency_number = '10045821' ORDER BY 1 LIMIT 1`,
      [sub.agent],
    );
    const d = await ok<ServiceActivity>('ServiceActivityDetail', { referralSequenceNumber: row!.referral_number, workOrderId: row!.work_order_id, type: 'Completed', jobStatus: 'Completed' });
    expect(d).toMatchObject({ WorkOrderId: row!.work_order_id, ReferralNumber: row!.referral_number, AgencyNumber: '10045821', AgencyName: 'Harbor Point Insurance Group', Status: 'Survey complete', Type: 'Completed', HasSurvey: true, CanResubmit: false });
    expect(d.Timeline.map((t) => t.Status)).toEqual([...LIFECYCLE]);
    const times = d.Timeline.map((t) => Date.parse(t.At));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(d.Timeline.every((t) => t.Note)).toBe(true);
    expect(d.Policyholder.FirstName).toBeTruthy();
    expect(d.Policyholder.PhoneNumber).toMatch(/^\(\d{3}\) 555-01\d\d$/);
    expect(d.Policy.PolicyNumber).toBeTruthy();
    expect(d.Policy.Carrier).toBeTruthy();
    expect(d.Vehicle.Description).toBe(`${d.Vehicle.Year} ${d.Vehicle.Make} ${d.Vehicle.Model} ${d.Vehicle.BodyStyle}`);
    expect(d.Service.Parts.length).toBe(1);
    expect(d.Service.Parts[0]!.Description).toBeTruthy();
    expect(d.Quote.Total).toBeGreaterThan(0);
    expect(Math.round((d.Quote.InsurancePays + d.Quote.PolicyholderPays) * 100)).toBe(Math.round(d.Quote.Total * 100));
    expect(['CallPolicyholder', 'PolicyholderCalls', 'ScheduleAtShop']).toContain(d.SchedulingOption);
    expect(['Phone', 'Text', 'Email']).toContain(d.PreferredContactMethod);
    expect(d.Appointment.Shop).toMatchObject({ Name: expect.any(String), State: 'FL' });
    expect(d.Appointment.At).toBeTruthy();
    expect(d.Technician).toBeTruthy();
    expect(d.CompletedAt).toBe(d.Timeline[4]!.At);
    expect(d.Agent).toEqual({ Name: 'Alex Rivera', AgentNumber: 'A10045', Email: 'agent@demo.test' });
    expect(d.HasRecalibration).toBe((await n('SELECT count(*)::int AS n FROM work_order_recalibrations WHERE work_order_id = $1', [row!.work_order_id])) === 1);
  });

  it('a referral number that is not the order’s → 404', async () => {
    const [row] = await q<{ work_order_id: string; referral_number: string }>(
      "SELECT w.work_order_id, w.referral_number FROM work_orders w JOIN referrals r USING (referral_number) WHERE r.user_id = $1 LIMIT 1",
      [sub.agent],
    );
    expect((await call('ServiceActivityDetail', { referralSequenceNumber: '999999999', workOrderId: row!.work_order_id })).status).toBe(404);
    expect((await call('ServiceActivityDetail', { referralSequenceNumber: row!.referral_number, workOrderId: 'WO1' })).status).toBe(404);
    // By work order id alone (the lists' and the alert emails' links): the same order.
    const byId = await ok<ServiceActivity>('ServiceActivityDetail', { workOrderId: row!.work_order_id });
    expect(byId.ReferralNumber).toBe(row!.referral_number);
  });

  it('GetSurveyDetails: rating, answers and comment of a surveyed order; 404 for an order without a survey', async () => {
    const [row] = await q<{ work_order_id: string }>(
      "SELECT w.work_order_id FROM work_orders w WHERE w.status = 'Survey complete' AND agency_number = '20077314' ORDER BY 1 LIMIT 1",
    );
    const s = await ok<Survey>('GetSurveyDetails', { WorkOrderId: row!.work_order_id }, token.admin);
    expect(s.WorkOrderId).toBe(row!.work_order_id);
    expect(s.Rating).toBeGreaterThanOrEqual(1);
    expect(s.Rating).toBeLessThanOrEqual(5);
    expect(s.Answers.length).toBe(4);
    expect(s.Answers.every((a) => a.Question && a.Answer)).toBe(true);
    expect(s.ShopName).toBeTruthy();
    const [none] = await q<{ work_order_id: string }>("SELECT work_order_id FROM work_orders WHERE status = 'Completed' AND agency_number = '20077314' LIMIT 1");
    const res = await call('GetSurveyDetails', { WorkOrderId: none!.work_order_id }, token.admin);
    expect(res.status).toBe(404);
    expect(res.json!.message).toBe('This work order has no survey.');
  });
});

describe('recalibration certificate', () => {
  it('a PDF with a file name for an order with a recalibration', async () => {
    const [row] = await q<{ work_order_id: string }>("SELECT work_order_id FROM work_order_recalibrations JOIN work_orders USING (work_order_id) WHERE agency_number = '20077314' ORDER BY 1 LIMIT 1");
    const res = await fetch(`${portal.url}${getUrl(CALLS.DownloadRecalibrationCertificate, { WorkOrderId: row!.work_order_id })}`, { headers: { authorization: `Bearer ${token.admin}` } });
    expect(res.status, await res.clone().text().then((t) => t.slice(0, 200))).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="recalibration-certificate-${row!.work_order_id}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('%PDF');
  });

  it('404 (JSON envelope) for an order without a recalibration, and for an order of another agency', async () => {
    const [none] = await q<{ work_order_id: string }>(
      "SELECT work_order_id FROM work_orders w WHERE agency_number = '20077314' AND NOT EXISTS (SELECT 1 FROM work_order_recalibrations c WHERE c.work_order_id = w.work_order_id) LIMIT 1",
    );
    const res = await call('DownloadRecalibrationCertificate', { WorkOrderId: none!.work_order_id }, token.admin);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ isSuccess: false, result: null });
    const [other] = await q<{ work_order_id: string }>("SELECT work_order_id FROM work_order_recalibrations JOIN work_orders USING (work_order_id) WHERE agency_number = '30012967' LIMIT 1");
    expect((await call('DownloadRecalibrationCertificate', { WorkOrderId: other!.work_order_id }, token.agent)).status).toBe(404);
  });
});

/** A fresh referral of the agent (status Received). */
async function fileOne(account = '10045821', as = token.agent) {
  const res = await call('CreateReferral', referralRequest(account, await demoCar(portal)), as, { 'Idempotency-Key': randomUUID() });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json!.result as { ReferralNumber: string; WorkOrderId: string };
}
/** The internal admin moves an order along (AdvanceWorkOrder). */
const advance = (WorkOrderId: string, Status: WorkOrderStatus, Note?: string) => call('AdvanceWorkOrder', { WorkOrderId, Status, ...(Note ? { Note } : {}) }, token.internal);

describe('lifecycle', () => {
  it('a referral filed through CreateReferral shows up in the open list, Received, and its change goes on the bus', async () => {
    const seen: StatusChange[] = [];
    const off = onStatusChange(portal.db, (c) => seen.push(c));
    const filed = await fileOne().finally(off);
    const list = await open({ Search: filed.ReferralNumber });
    expect(list.Items).toHaveLength(1);
    expect(list.Items[0]).toMatchObject({ WorkOrderId: filed.WorkOrderId, Status: 'Received', PolicyholderLastName: 'Morales', AgentName: 'Alex Rivera', CanResubmit: false });
    expect((await open({ PageSize: 1 })).Items[0]!.WorkOrderId).toBe(filed.WorkOrderId);
    expect(seen).toEqual([expect.objectContaining({ workOrderId: filed.WorkOrderId, previousStatus: null, status: 'Received', agencyNumber: '10045821', userId: sub.agent })]);
  });

  it('each step is stored with its time and brings its data: shop and appointment, technician, completion, survey', async () => {
    const { WorkOrderId } = await fileOne();
    const seen: StatusChange[] = [];
    const off = onStatusChange(portal.db, (c) => seen.push(c));
    try {
      for (const status of LIFECYCLE.slice(1)) {
        const res = await advance(WorkOrderId, status);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        const reply = res.json!.result as StatusChangeReply;
        expect(reply.Status).toBe(status);
        const [row] = await q<{ status: string; updated_at: Date }>('SELECT status, updated_at FROM work_orders WHERE work_order_id = $1', [WorkOrderId]);
        expect(row!.status).toBe(status);
        expect(new Date(row!.updated_at).toISOString()).toBe(reply.At);
        const [last] = await q<{ status: string; created_at: Date }>('SELECT status, created_at FROM work_order_events WHERE work_order_id = $1 ORDER BY id DESC LIMIT 1', [WorkOrderId]);
        expect(last!.status).toBe(status);
        expect(new Date(last!.created_at).toISOString()).toBe(reply.At);
      }
    } finally {
      off();
    }
    expect(seen.map((c) => [c.previousStatus, c.status])).toEqual(LIFECYCLE.slice(1).map((s, i) => [LIFECYCLE[i], s]));
    const [wo] = await q<{ shop_id: string | null; appointment_at: Date | null; technician: string | null; completed_at: Date | null }>(
      'SELECT shop_id, appointment_at, technician, completed_at FROM work_orders WHERE work_order_id = $1',
      [WorkOrderId],
    );
    expect(wo!.shop_id).toBeTruthy();
    expect(wo!.appointment_at).toBeTruthy();
    expect(wo!.technician).toBeTruthy();
    expect(wo!.completed_at).toBeTruthy();
    expect(await n('SELECT count(*)::int AS n FROM work_order_surveys WHERE work_order_id = $1', [WorkOrderId])).toBe(1);
    const d = await ok<ServiceActivity>('ServiceActivityDetail', { referralSequenceNumber: (await q<{ r: string }>('SELECT referral_number AS r FROM work_orders WHERE work_order_id = $1', [WorkOrderId]))[0]!.r, workOrderId: WorkOrderId });
    expect(d.Timeline.map((t) => t.Status)).toEqual([...LIFECYCLE]);
    expect(d.HasSurvey).toBe(true);
    // The shop is the closest program shop to the policyholder's ZIP (Tampa).
    expect(d.Appointment.Shop!.State).toBe('FL');
  });

  it('a completed replacement whose quote had a camera recalibration gets a recalibration record (and a certificate)', async () => {
    const [car] = await q<{ car_id: number; part_number: string }>(
      `SELECT v.car_id, p.part_number FROM vehicles v JOIN glass_parts p USING (platform_id)
        WHERE p.grp = 'Windshield' AND p.recalibration = 'static' AND NOT v.is_big_truck AND v.year >= 2019 ORDER BY v.car_id LIMIT 1`,
    );
    const base = await demoCar(portal);
    const body = referralRequest('10045821', { ...base, CarId: car!.car_id, Windshields: [car!.part_number] });
    const [v] = await q<{ year: number; make: string; model: string; style: string }>('SELECT year::int AS year, make, model, style FROM vehicles WHERE car_id = $1', [car!.car_id]);
    Object.assign(body.Vehicle, { Year: v!.year, Make: v!.make, Model: v!.model, BodyStyle: v!.style, Vin: null });
    const res = await call('CreateReferral', body, token.agent, { 'Idempotency-Key': randomUUID() });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { WorkOrderId } = res.json!.result as { WorkOrderId: string };
    for (const s of ['Policyholder contacted', 'Scheduled', 'In progress', 'Completed'] as const) expect((await advance(WorkOrderId, s)).status).toBe(200);
    const [rc] = await q<{ part_number: string; calibration_type: string; result: string; technician: string; started_at: Date; completed_at: Date }>(
      'SELECT * FROM work_order_recalibrations WHERE work_order_id = $1',
      [WorkOrderId],
    );
    expect(rc).toMatchObject({ part_number: car!.part_number, calibration_type: 'Static' });
    expect(['Pass', 'Fail']).toContain(rc!.result);
    expect(new Date(rc!.completed_at).getTime()).toBeGreaterThanOrEqual(new Date(rc!.started_at).getTime());
    const list = await completed({ Search: (await q<{ r: string }>('SELECT referral_number AS r FROM work_orders WHERE work_order_id = $1', [WorkOrderId]))[0]!.r });
    expect(list.Items[0]!.HasRecalibration).toBe(true);
  });

  it('an illegal move → 409 with nothing written; a note is kept', async () => {
    const { WorkOrderId } = await fileOne();
    const events = () => n('SELECT count(*)::int AS n FROM work_order_events WHERE work_order_id = $1', [WorkOrderId]);
    const before = await events();
    for (const bad of ['Completed', 'Survey complete', 'Received', 'In progress'] as const) {
      const res = await advance(WorkOrderId, bad);
      expect(res.status, bad).toBe(409);
      expect(res.json!.message).toBe(illegalMove('Received', bad));
    }
    expect(await events()).toBe(before);
    expect((await q<{ status: string }>('SELECT status FROM work_orders WHERE work_order_id = $1', [WorkOrderId]))[0]!.status).toBe('Received');
    expect((await advance(WorkOrderId, 'Policyholder contacted', 'Spoke with the policyholder at 9:10')).status).toBe(200);
    expect((await q<{ note: string }>('SELECT note FROM work_order_events WHERE work_order_id = $1 ORDER BY id DESC LIMIT 1', [WorkOrderId]))[0]!.note).toBe('Spoke with the policyholder at 9:10');
    expect((await advance('WO999999999', 'Scheduled')).status).toBe(404);
  });

  it('one transaction: when the event cannot be written, the status does not change and nothing is published', async () => {
    const { WorkOrderId } = await fileOne();
    await portal.db.exec(`
      CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON work_order_events FOR EACH ROW WHEN (NEW.note = 'boom') EXECUTE FUNCTION refuse_boom();`);
    const seen: StatusChange[] = [];
    const off = onStatusChange(portal.db, (c) => seen.push(c));
    try {
      await expect(advanceWorkOrder(portal.db, { workOrderId: WorkOrderId, status: 'Policyholder contacted', note: 'boom' })).rejects.toThrow(/boom/);
    } finally {
      off();
      await portal.db.exec('DROP TRIGGER refuse_boom ON work_order_events; DROP FUNCTION refuse_boom();');
    }
    expect(seen).toEqual([]);
    const [row] = await q<{ status: string; updated_at: Date; created_at: Date }>('SELECT status, updated_at, created_at FROM work_orders WHERE work_order_id = $1', [WorkOrderId]);
    expect(row!.status).toBe('Received');
    expect(await n('SELECT count(*)::int AS n FROM work_order_events WHERE work_order_id = $1', [WorkOrderId])).toBe(1);
  });

  it('Cancelled and Failed as the lifecycle allows; nothing after them', async () => {
    const a = await fileOne();
    expect((await advance(a.WorkOrderId, 'Cancelled')).status).toBe(200);
    expect((await advance(a.WorkOrderId, 'Policyholder contacted')).status).toBe(409);
    const b = await fileOne();
    expect((await advance(b.WorkOrderId, 'Failed')).status).toBe(200);
    expect((await advance(b.WorkOrderId, 'Received')).status).toBe(409);
  });

  it('ResubmitFailedReferral: a Failed order goes back to Received with a new event; any other status → 409; not theirs → 404', async () => {
    const { WorkOrderId, ReferralNumber } = await fileOne();
    expect((await advance(WorkOrderId, 'Failed')).status).toBe(200);
    const failed = await open({ Search: ReferralNumber });
    expect(failed.Items[0]).toMatchObject({ Status: 'Failed', CanResubmit: true });
    expect((await call('ResubmitFailedReferral', { WorkOrderId }, token.carrieredit)).status).toBe(404);
    expect((await call('ResubmitFailedReferral', { WorkOrderId }, token.admin)).status).toBe(404);
    const res = await call('ResubmitFailedReferral', { WorkOrderId });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json!.result).toMatchObject({ WorkOrderId, PreviousStatus: 'Failed', Status: 'Received', NextStatuses: ['Policyholder contacted', 'Cancelled', 'Failed'] });
    const d = await ok<ServiceActivity>('ServiceActivityDetail', { referralSequenceNumber: ReferralNumber, workOrderId: WorkOrderId });
    expect(d.Timeline.map((t) => t.Status)).toEqual(['Received', 'Failed', 'Received']);
    expect(d.Timeline[2]!.Note).toBe('Referral resubmitted by Alex Rivera');
    const again = await call('ResubmitFailedReferral', { WorkOrderId });
    expect(again.status).toBe(409);
    expect(again.json!.message).toBe(NOT_FAILED);
  });
});

describe('dashboard', () => {
  it('recent orders, counts by status (every status) and 12 weeks of orders by status', async () => {
    const d = await ok<Dashboard>('GetDashboardWorkOrders', { AgencyNumber: '20077314' }, token.admin);
    expect(d.AgencyNumber).toBe('20077314');
    expect(d.CountsByStatus.map((c) => c.Status)).toEqual([...WORK_ORDER_STATUSES]);
    for (const c of d.CountsByStatus) expect(c.Count, c.Status).toBe(await countInDb('20077314', null, [c.Status]));
    expect(d.OpenCount).toBe(await countInDb('20077314', null, OPEN));
    expect(d.ClosedCount).toBe(await countInDb('20077314', null, CLOSED_STATUSES));
    expect(d.CompletedCount).toBe(await countInDb('20077314', null, COMPLETED_STATUSES));
    expect(d.CancelledCount).toBe(await countInDb('20077314', null, ['Cancelled']));
    expect(d.NeedsAttentionCount).toBe(await countInDb('20077314', null, ['Failed']));
    expect(d.Recent.length).toBe(10);
    expect(d.Recent.map((r) => r.UpdatedAt)).toEqual([...d.Recent.map((r) => r.UpdatedAt)].sort().reverse());
    expect(d.Weekly).toHaveLength(12);
    for (const w of d.Weekly) {
      expect(new Date(`${w.WeekStart}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(w.Counts.map((c) => c.Status)).toEqual([...WORK_ORDER_STATUSES]);
    }
    const weeks = d.Weekly.map((w) => Date.parse(w.WeekStart));
    expect(weeks.slice(1).map((t, i) => t - weeks[i]!)).toEqual(Array(11).fill(7 * 86_400_000));
    expect(Date.now() - weeks.at(-1)!).toBeLessThan(7 * 86_400_000);
    const inWeeks = d.Weekly.reduce((s, w) => s + w.Counts.reduce((t, c) => t + c.Count, 0), 0);
    expect(inWeeks).toBe(await n("SELECT count(*)::int AS n FROM work_orders WHERE agency_number = '20077314' AND created_at >= $1::timestamptz", [d.Weekly[0]!.WeekStart]));
    expect(inWeeks).toBeGreaterThan(50);
  });

  it("an agent's dashboard counts only their own orders", async () => {
    const d = await ok<Dashboard>('GetDashboardWorkOrders', {});
    expect(d.AgencyNumber).toBe('10045821');
    expect(d.OpenCount + d.ClosedCount).toBe(await countInDb('10045821', sub.agent!, WORK_ORDER_STATUSES));
    expect(d.NeedsAttention.length).toBe(Math.min(5, await countInDb('10045821', sub.agent!, ['Failed'])));
    for (const o of d.NeedsAttention) expect(await n('SELECT count(*)::int AS n FROM referrals WHERE referral_number = $1 AND user_id = $2', [o.ReferralNumber, sub.agent])).toBe(1);
  });

  it('the big numbers: a cancelled order is closed but never completed; a failed one needs attention, listed first with its reason', async () => {
    const before = await ok<Dashboard>('GetDashboardWorkOrders', {});
    expect(before.CompletedCount + before.CancelledCount).toBe(before.ClosedCount);

    const cancelled = await fileOne();
    expect((await advance(cancelled.WorkOrderId, 'Cancelled')).status).toBe(200);
    const done = await fileOne();
    for (const s of ['Policyholder contacted', 'Scheduled', 'In progress', 'Completed'] as const) expect((await advance(done.WorkOrderId, s)).status).toBe(200);
    const failed = await fileOne();
    expect((await advance(failed.WorkOrderId, 'Failed', 'Policy could not be verified with the carrier')).status).toBe(200);

    const after = await ok<Dashboard>('GetDashboardWorkOrders', {});
    expect(after.CancelledCount).toBe(before.CancelledCount + 1);
    expect(after.CompletedCount).toBe(before.CompletedCount + 1);
    expect(after.ClosedCount).toBe(before.ClosedCount + 2);
    expect(after.OpenCount).toBe(before.OpenCount + 1);
    expect(after.NeedsAttentionCount).toBe(before.NeedsAttentionCount + 1);
    const [event] = await q<{ created_at: Date }>("SELECT created_at FROM work_order_events WHERE work_order_id = $1 AND status = 'Failed'", [failed.WorkOrderId]);
    expect(after.NeedsAttention[0]).toMatchObject({
      WorkOrderId: failed.WorkOrderId,
      Status: 'Failed',
      CanResubmit: true,
      Reason: 'Policy could not be verified with the carrier',
      FailedAt: new Date(event!.created_at).toISOString(),
    });
    expect(after.NeedsAttention.every((o) => o.Status === 'Failed')).toBe(true);
    expect(after.NeedsAttention.map((o) => o.FailedAt)).toEqual([...after.NeedsAttention.map((o) => o.FailedAt)].sort().reverse());

    // Resubmitted, it no longer needs attention.
    expect((await call('ResubmitFailedReferral', { WorkOrderId: failed.WorkOrderId })).status).toBe(200);
    const resubmitted = await ok<Dashboard>('GetDashboardWorkOrders', {});
    expect(resubmitted.NeedsAttentionCount).toBe(before.NeedsAttentionCount);
    expect(resubmitted.NeedsAttention.map((o) => o.WorkOrderId)).not.toContain(failed.WorkOrderId);
  });

  it('kept in memory, yet a change of what it reads shows at once: the orders, and the events alone (a failed reason)', async () => {
    const failed = await fileOne();
    expect((await advance(failed.WorkOrderId, 'Failed', 'Carrier did not answer')).status).toBe(200);
    const first = await ok<Dashboard>('GetDashboardWorkOrders', {});
    expect(first.NeedsAttention.find((o) => o.WorkOrderId === failed.WorkOrderId)?.Reason).toBe('Carrier did not answer');
    // The same answer again (kept), then the event's note changed by itself, with no change of the order (migration 046).
    expect(await ok<Dashboard>('GetDashboardWorkOrders', {})).toEqual(first);
    await q("UPDATE work_order_events SET note = 'Policy number not found' WHERE work_order_id = $1 AND status = 'Failed'", [failed.WorkOrderId]);
    const after = await ok<Dashboard>('GetDashboardWorkOrders', {});
    expect(after.NeedsAttention.find((o) => o.WorkOrderId === failed.WorkOrderId)?.Reason).toBe('Policy number not found');
    expect((await call('ResubmitFailedReferral', { WorkOrderId: failed.WorkOrderId })).status).toBe(200);
  });
});

describe('carriers', () => {
  it("GetAgentInsuranceCompanyNamesById: the caller's carriers in an agency (removed ones left out)", async () => {
    expect((await ok<{ Name: string }[]>('GetAgentInsuranceCompanyNamesById', {})).map((c) => c.Name)).toEqual(['GEICO', 'Progressive']);
    expect((await ok<{ Name: string }[]>('GetAgentInsuranceCompanyNamesById', { AgencyNumber: '20077314' })).map((c) => c.Name)).toEqual(['Allstate', 'State Farm']);
    expect((await ok<{ Name: string }[]>('GetAgentInsuranceCompanyNamesById', {}, token.carrieredit)).map((c) => c.Name)).toEqual(['USAA']);
    // An agency admin may look at an agent of the agency; an agent may not look at anyone else.
    expect((await ok<{ Name: string }[]>('GetAgentInsuranceCompanyNamesById', { UserId: sub.agent, AgencyNumber: '20077314' }, token.admin)).map((c) => c.Name)).toEqual(['Allstate', 'State Farm']);
    expect((await call('GetAgentInsuranceCompanyNamesById', { UserId: sub.admin }, token.agent)).status).toBe(403);
    expect((await call('GetAgentInsuranceCompanyNamesById', { AgencyNumber: '30012967' }, token.agent)).status).toBe(403);
  });

  it('GetAgencyInsuranceCompanyNamesById: every agent’s carriers of the agency, once each', async () => {
    expect((await ok<{ Name: string }[]>('GetAgencyInsuranceCompanyNamesById', { AgencyNumber: '20077314' }, token.admin)).map((c) => c.Name)).toEqual(['Allstate', 'Erie Insurance', 'Nationwide', 'State Farm', 'Travelers']);
    expect((await ok<{ Name: string }[]>('GetAgencyInsuranceCompanyNamesById', { AgencyNumber: '10045821' }, token.internal)).map((c) => c.Name)).toEqual(['GEICO', 'Progressive', 'USAA']);
    expect((await call('GetAgencyInsuranceCompanyNamesById', { AgencyNumber: '10045821' }, token.admin)).status).toBe(403);
  });
});

describe('internal-admin console', () => {
  it('any agency or all of them, open/completed/all, with the agency name and the next statuses', async () => {
    const page = await ok<Omit<WorkOrderPage, 'Items'> & { Items: ConsoleRow[] }>('GetWorkOrderConsole', { Scope: 'Open', PageSize: 50 }, token.internal);
    expect(page.TotalCount).toBe(await n("SELECT count(*)::int AS n FROM work_orders WHERE status NOT IN ('Completed','Survey complete','Cancelled')"));
    expect(new Set(page.Items.map((i) => i.AgencyName)).size).toBeGreaterThan(1);
    for (const i of page.Items) expect(i.NextStatuses).toEqual(i.Status === 'Failed' ? [] : expect.arrayContaining(['Cancelled', 'Failed']));
    const everything = await ok<WorkOrderPage>('GetWorkOrderConsole', { PageSize: 1 }, token.internal);
    expect(everything.TotalCount).toBe(await n('SELECT count(*)::int AS n FROM work_orders'));
    const one = await ok<Omit<WorkOrderPage, 'Items'> & { Items: ConsoleRow[] }>('GetWorkOrderConsole', { AgencyNumber: '30012967', Scope: 'Completed', PageSize: 5 }, token.internal);
    expect(one.Items.every((i) => i.AgencyName === 'Lakeshore Family Insurance' && !isOpen(i.Status))).toBe(true);
    expect((await call('GetWorkOrderConsole', {}, token.admin)).status).toBe(403);
    expect((await call('AdvanceWorkOrder', { WorkOrderId: one.Items[0]!.WorkOrderId, Status: 'Survey complete' }, token.admin)).status).toBe(403);
  });
});

describe('simulator', () => {
  it('moves one order a step per tick through advanceWorkOrder (event, bus); files new demo referrals', async () => {
    const sim = startSimulator(portal.db, { everyMs: 0, random: () => 0.5 });
    const seen: StatusChange[] = [];
    const off = onStatusChange(portal.db, (c) => seen.push(c));
    try {
      const change = await sim.tick();
      expect(change).not.toBeNull();
      expect(seen).toEqual([change]);
      const [row] = await q<{ status: string }>('SELECT status FROM work_orders WHERE work_order_id = $1', [change!.workOrderId]);
      expect(row!.status).toBe(change!.status);
      if (change!.previousStatus) expect(LIFECYCLE.indexOf(change!.status as never)).toBe(LIFECYCLE.indexOf(change!.previousStatus as never) + 1);
      // A new demo referral (what a tick does when few orders are moving): Received, its event, on the bus.
      const filed = await fileDemoReferral(portal.db, () => 0.3);
      expect(filed).toMatchObject({ previousStatus: null, status: 'Received' });
      expect(seen.at(-1)).toEqual(filed);
      expect(await n("SELECT count(*)::int AS n FROM work_order_events WHERE work_order_id = $1 AND status = 'Received'", [filed!.workOrderId])).toBe(1);
      const list = await open({ Search: filed!.referralNumber, AgencyNumber: filed!.agencyNumber }, token.internal);
      expect(list.Items.map((i) => i.WorkOrderId)).toEqual([filed!.workOrderId]);
    } finally {
      off();
      await sim.stop();
    }
  });
});
