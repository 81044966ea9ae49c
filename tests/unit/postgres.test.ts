import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/index.ts';
import { EnvSchema } from '../../src/server/env.ts';
import { startServer, type RunningPortal } from '../../src/server/server.ts';
import { randomUUID } from 'node:crypto';
import { callApi, signInForTokens } from './helpers/portal.ts';
import { demoCar, referralRequest } from './helpers/claims.ts';

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
});
