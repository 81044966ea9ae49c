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
});
