import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/index.ts';
import { EnvSchema } from '../../src/server/env.ts';
import { startServer, type RunningPortal } from '../../src/server/server.ts';
import { randomUUID } from 'node:crypto';
import { callApi, signInForTokens } from './helpers/portal.ts';
import { demoCar, referralRequest } from './helpers/claims.ts';
import { insertTestCourse } from './helpers/ce.ts';
import { registerParticipant } from '../../src/server/services/ce/registrations.ts';
import { CE_MESSAGES } from '../../src/lib/ce-messages.ts';
import { concurrentCounts, exerciseCounts } from './helpers/work-order-counts.ts';

/** Set by .ci/run (scripts/start-test-postgres.sh): the same migrations, seed and API on real PostgreSQL. */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL via DATABASE_URL', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    const reset = await openPostgres(url!);
    await reset.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await reset.close();
    portal = await startServer(
      EnvSchema.parse({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: url, SITE_DIR: './dist', LOG_LEVEL: 'silent' }),
      { db: await openPostgres(url!) },
    );
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('migrates, seeds, signs in through the provider and answers the API', async () => {
    expect(portal.db.kind).toBe('postgres');
    const tokens = await signInForTokens(portal, 'admin@demo.test');
    const list = await callApi(portal, 'User/GetUserAgencyList', { token: tokens.access_token, body: { AppName: 'AgentPortal' } });
    expect(list.status).toBe(200);
    expect((list.json!.result as { agencyNumber: string; isDefaultAgency: boolean }[]).map((a) => [a.agencyNumber, a.isDefaultAgency])).toEqual([
      ['20077314', true],
      ['30012967', false],
    ]);
    const changed = await callApi(portal, 'User/UpdateUserDefaultAgency', {
      token: tokens.access_token,
      body: { AppName: 'AgentPortal', AgencyNumber: '30012967' },
    });
    expect(changed.status).toBe(200);
    const [row] = await portal.db.query<{ agency_number: string }>(
      "SELECT ua.agency_number FROM user_agencies ua JOIN users u ON u.id = ua.user_id WHERE u.email = 'admin@demo.test' AND ua.is_default_agency",
    );
    expect(row!.agency_number).toBe('30012967');
  });

  it('CE courses: 200 concurrent registrations for 50 seats give exactly 50 registered (several connections, one conditional update)', async () => {
    const id = await insertTestCourse(portal.db, { capacity: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        registerParticipant(portal.db, id, {
          userId: null, email: `pg-load${i}@example.com`, firstName: 'Load', lastName: 'Tester', title: null, agencyName: 'Load Agency', agencyNumber: null,
          phone: '5125550100', npnId: null, address: '1 Main', city: 'Austin', state: 'TX', zip: '78701', lang: 'en',
        }, { joinWaitlist: i % 2 === 0 }),
      ),
    );
    const fulfilled = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof registerParticipant>>> => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled.filter((r) => r.value.status === 'Registered')).toHaveLength(50);
    // The others: waitlisted when they asked to be, else refused as full; nobody lost.
    expect(fulfilled.filter((r) => r.value.status === 'Waitlisted').length + refused.length).toBe(150);
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set([CE_MESSAGES.full]));
    const [row] = await portal.db.query<{ registered: number; waitlisted: number; seats: number }>(
      `SELECT (SELECT count(*)::int FROM ce_registrations WHERE course_id = $1 AND status = 'Registered') AS registered,
              (SELECT count(*)::int FROM ce_registrations WHERE course_id = $1 AND status = 'Waitlisted') AS waitlisted,
              (SELECT seats_taken FROM ce_courses WHERE id = $1) AS seats`,
      [id],
    );
    expect(row!.registered).toBe(50);
    expect(row!.seats).toBe(50);
    expect(row!.waitlisted).toBe(fulfilled.length - 50);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      portal.db.transaction(async (tx) => {
        await tx.query("INSERT INTO states (state_code, state_name) VALUES ('ZZ', 'Nowhere')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await portal.db.query("SELECT 1 FROM states WHERE state_code = 'ZZ'")).toEqual([]);
  });

  it('concurrent CreateReferral calls with one Idempotency-Key create exactly one referral (several connections)', async () => {
    const tokens = await signInForTokens(portal, 'agent@demo.test');
    const car = await demoCar(portal);
    const key = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        callApi(portal, 'QuickSubmit/CreateReferral', { token: tokens.access_token, body: referralRequest('10045821', car), headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    const numbers = new Set(replies.map((r) => (r.json!.result as { ReferralNumber: string }).ReferralNumber));
    expect(numbers.size).toBe(1);
    const [row] = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM referrals WHERE referral_number = $1', [[...numbers][0]!]);
    expect(row!.n).toBe(1);
    const [keys] = await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE idem_key = $1', [key]);
    expect(keys!.n).toBe(1);
  });

  it('work orders: the demo seed, the lists, and concurrent advances of one order (several connections) → one 200, the rest 409', async () => {
    const [seeded] = await portal.db.query<{ n: number; statuses: number }>('SELECT count(*)::int AS n, count(DISTINCT status)::int AS statuses FROM work_orders');
    expect(seeded!.n).toBeGreaterThanOrEqual(200);
    expect(seeded!.statuses).toBe(8);
    const admin = (await signInForTokens(portal, 'admin@demo.test')).access_token;
    const list = await callApi(portal, 'AgencyWorkOrder/GetCompletedWorkOrders', { token: admin, body: { AppName: 'AgentPortal', PageSize: 5, SortBy: 'PolicyholderName', Search: 'M', From: '2020-01-01' } });
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect((list.json!.result as { Items: unknown[] }).Items.length).toBeGreaterThan(0);
    const dash = await callApi(portal, 'AgencyWorkOrder/GetDashboardWorkOrders', { token: admin, body: { AppName: 'AgentPortal' } });
    expect((dash.json!.result as { Weekly: unknown[] }).Weekly).toHaveLength(12);
    const internal = (await signInForTokens(portal, 'internal@demo.test')).access_token;
    const [order] = await portal.db.query<{ work_order_id: string }>("SELECT work_order_id FROM work_orders WHERE status = 'Received' ORDER BY 1 LIMIT 1");
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        callApi(portal, 'InternalAdmin/AdvanceWorkOrder', { token: internal, body: { AppName: 'AgentPortal', WorkOrderId: order!.work_order_id, Status: 'Policyholder contacted' } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const [events] = await portal.db.query<{ n: number }>("SELECT count(*)::int AS n FROM work_order_events WHERE work_order_id = $1 AND status = 'Policyholder contacted'", [order!.work_order_id]);
    expect(events!.n).toBe(1);
  });

  it('work_order_counts (migration 043): equal a count of work_orders after every kind of change, and under concurrent writers (several connections)', async () => {
    await exerciseCounts(portal.db, 'PGCNT');
    await concurrentCounts(portal.db, 'PGCON');
  });
});
