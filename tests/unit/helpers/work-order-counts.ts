// Issue 19 (migration 043, decision 040): work_order_counts must equal a count of work_orders after every kind of
// change. One scenario for PGlite (tests/unit/list-speed.test.ts) and PostgreSQL (tests/unit/postgres.test.ts).
import { expect } from 'vitest';
import type { Db } from '../../../src/server/db/index.ts';

/** The counts table's non-zero rows and a fresh count of work_orders, as sorted 'agency|filer|status=n' lines. */
export async function countsAndTruth(db: Db): Promise<{ kept: string[]; truth: string[] }> {
  const line = (r: { agency_number: string; filed_by: string; status: string; n: number }) => `${r.agency_number}|${r.filed_by}|${r.status}=${r.n}`;
  type Row = { agency_number: string; filed_by: string; status: string; n: number };
  // One snapshot for both reads (the demo simulator may change orders meanwhile on PostgreSQL).
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const kept = await tx.query<Row>('SELECT agency_number, filed_by, status, n::int AS n FROM work_order_counts WHERE n <> 0 ORDER BY 1, 2, 3');
    const truth = await tx.query<Row>('SELECT agency_number, filed_by, status, count(*)::int AS n FROM work_orders GROUP BY 1, 2, 3 ORDER BY 1, 2, 3');
    return { kept: kept.map(line), truth: truth.map(line) };
  });
}

/** Asserts that every order carries its referral's policyholder and policy as the lists compare them (migration 044). */
export async function expectSearchColumnsRight(db: Db, when: string): Promise<void> {
  const [off] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM work_orders w JOIN referrals r USING (referral_number)
      WHERE w.customer_last_lc IS DISTINCT FROM lower(r.customer_last) OR w.customer_first_lc IS DISTINCT FROM lower(r.customer_first)
         OR w.customer_full_lc IS DISTINCT FROM lower(r.customer_first || ' ' || r.customer_last) OR w.policy_lc IS DISTINCT FROM lower(r.policy_number)`,
  );
  expect(off!.n, `${when}: orders whose search columns differ from their referral`).toBe(0);
}

/** Asserts that the kept counts equal the truth (and that none went negative). */
export async function expectCountsRight(db: Db, when: string): Promise<void> {
  const { kept, truth } = await countsAndTruth(db);
  expect(kept, when).toEqual(truth);
  const [neg] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM work_order_counts WHERE n < 0');
  expect(neg!.n, `${when}: negative counts`).toBe(0);
}

const REFERRAL_COLUMNS = `agency_number, user_id, call_type, customer_first, customer_last, policy_number, carrier, zip_code, car_id, vin,
  vehicle, repair_or_replace, total, submission, quote, created_at`;

/**
 * Inserts (one statement, several rows), status changes (one row, many rows, a no-op), agency and filer moves,
 * a rolled-back transaction, deletes — each checked against a count of work_orders. `prefix` keeps the test's rows
 * apart (a referral number prefix without a trailing digit).
 */
export async function exerciseCounts(db: Db, prefix: string): Promise<void> {
  await expectCountsRight(db, 'after the seed');
  await expectSearchColumnsRight(db, 'after the seed');
  const [from] = await db.query<{ referral_number: string; agency_number: string; user_id: string }>(
    'SELECT referral_number, agency_number, user_id FROM referrals ORDER BY referral_number LIMIT 1',
  );
  const [other] = await db.query<{ agency_number: string }>('SELECT agency_number FROM agencies WHERE agency_number <> $1 ORDER BY 1 LIMIT 1', [from!.agency_number]);
  const [otherUser] = await db.query<{ id: string }>('SELECT id FROM users WHERE id <> $1 ORDER BY id LIMIT 1', [from!.user_id]);
  // Five orders in one INSERT (three Received, two Completed).
  await db.query(
    `INSERT INTO referrals (referral_number, ${REFERRAL_COLUMNS}) SELECT $1 || i, ${REFERRAL_COLUMNS.replace('created_at', 'now()')}
       FROM referrals, generate_series(1, 5) AS i WHERE referral_number = $2`,
    [prefix, from!.referral_number],
  );
  await db.query(
    `INSERT INTO work_orders (work_order_id, referral_number, agency_number, filed_by, status)
     SELECT 'W' || referral_number, referral_number, agency_number, user_id, CASE WHEN right(referral_number, 1)::int <= 3 THEN 'Received' ELSE 'Completed' END
       FROM referrals WHERE referral_number LIKE $1 || '%'`,
    [prefix],
  );
  await expectCountsRight(db, 'after inserting five orders');
  await expectSearchColumnsRight(db, 'after inserting five orders by plain SQL');
  const ids = (await db.query<{ id: string }>("SELECT work_order_id AS id FROM work_orders WHERE referral_number LIKE $1 || '%' ORDER BY 1", [prefix])).map((r) => r.id);
  expect(ids).toHaveLength(5);

  await db.query("UPDATE work_orders SET status = 'Scheduled' WHERE work_order_id = $1", [ids[0]!]);
  await expectCountsRight(db, 'after one status change');
  await db.query("UPDATE work_orders SET status = CASE status WHEN 'Received' THEN 'In progress' ELSE 'Survey complete' END WHERE work_order_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)))", [ids]);
  await expectCountsRight(db, 'after five status changes in one statement');
  await db.query('UPDATE work_orders SET updated_at = now() WHERE work_order_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)))', [ids]);
  await expectCountsRight(db, 'after a change of no counted column');
  // Swap two statuses in one statement: the net change of each key is zero for the pair.
  await db.query("UPDATE work_orders SET status = CASE WHEN status = 'In progress' THEN 'Survey complete' ELSE 'In progress' END WHERE work_order_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)))", [ids.slice(0, 4)]);
  await expectCountsRight(db, 'after swapping statuses');

  await db.query('UPDATE work_orders SET agency_number = $2 WHERE work_order_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)))', [ids.slice(0, 2), other!.agency_number]);
  await expectCountsRight(db, 'after moving two orders to another agency');
  await db.query('UPDATE work_orders SET filed_by = $2, status = $3 WHERE work_order_id = $1', [ids[2]!, otherUser!.id, 'Failed']);
  await expectCountsRight(db, 'after a filer and status change');

  await expect(
    db.transaction(async (tx) => {
      await tx.query("UPDATE work_orders SET status = 'Cancelled' WHERE work_order_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)))", [ids]);
      await tx.query('DELETE FROM work_orders WHERE work_order_id = $1', [ids[4]!]);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  await expectCountsRight(db, 'after a rolled-back transaction');

  await db.query("UPDATE referrals SET customer_last = 'Ångström', policy_number = 'XY-' || referral_number WHERE referral_number LIKE $1 || '%'", [prefix]);
  await expectSearchColumnsRight(db, 'after renaming the policyholders');
  await db.query('DELETE FROM work_orders WHERE work_order_id = $1', [ids[4]!]);
  await expectCountsRight(db, 'after deleting one order');
  await db.query('DELETE FROM work_orders WHERE work_order_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)))', [ids]);
  await db.query("DELETE FROM referrals WHERE referral_number LIKE $1 || '%'", [prefix]);
  await expectCountsRight(db, 'after deleting the rest');
}

/** Many single-order changes at once (several connections on PostgreSQL): no counter update is lost. */
export async function concurrentCounts(db: Db, prefix: string): Promise<void> {
  const [from] = await db.query<{ referral_number: string }>('SELECT referral_number FROM referrals ORDER BY referral_number LIMIT 1');
  await db.query(
    `INSERT INTO referrals (referral_number, ${REFERRAL_COLUMNS}) SELECT $1 || i, ${REFERRAL_COLUMNS.replace('created_at', 'now()')}
       FROM referrals, generate_series(10, 29) AS i WHERE referral_number = $2`,
    [prefix, from!.referral_number],
  );
  const refs = (await db.query<{ r: string }>("SELECT referral_number AS r FROM referrals WHERE referral_number LIKE $1 || '%' ORDER BY 1", [prefix])).map((x) => x.r);
  // Twenty orders filed at once, one statement each.
  await Promise.all(
    refs.map((r) =>
      db.query("INSERT INTO work_orders (work_order_id, referral_number, agency_number, filed_by, status) SELECT 'W' || referral_number, referral_number, agency_number, user_id, 'Received' FROM referrals WHERE referral_number = $1", [r]),
    ),
  );
  const statuses = ['Policyholder contacted', 'Scheduled', 'In progress', 'Completed', 'Failed', 'Cancelled'];
  // Each order moved three times; the moves of different orders run at once.
  await Promise.all(
    refs.map(async (r, i) => {
      for (let k = 0; k < 3; k++) await db.query('UPDATE work_orders SET status = $2 WHERE referral_number = $1', [r, statuses[(i + k) % statuses.length]!]);
    }),
  );
  await expectCountsRight(db, 'after concurrent inserts and status changes');
  await Promise.all(refs.map((r) => db.query('DELETE FROM work_orders WHERE referral_number = $1', [r])));
  await db.query("DELETE FROM referrals WHERE referral_number LIKE $1 || '%'", [prefix]);
  await expectCountsRight(db, 'after concurrent deletes');
}
