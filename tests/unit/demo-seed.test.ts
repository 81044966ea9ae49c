// Every demo work order tells one consistent story (issue 13: a demo Repair listed a windshield with recalibration):
// its damage, parts, answers, quote, deductible, recalibration record and what its details page shows agree with
// each other and with the claim flow's rules. Real PGlite in memory, seeded as the server seeds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../src/lib/api/quick-quote.ts';
import { GLASS_FEATURES, type CatalogPart } from '../../src/lib/claim/glass.ts';
import { answerKey } from '../../src/lib/claim/flow.ts';
import { distinguishingFeatures, matchParts } from '../../src/lib/claim/questions.ts';
import { repairGuidance, type ProblemAnswers } from '../../src/lib/claim/repair.ts';
import { ZERO_DEDUCTIBLE_WINDSHIELD_STATES } from '../../src/lib/constants.ts';
import { openPglite, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo, seedReference } from '../../src/server/db/seed.ts';
import { seedShops } from '../../src/server/db/shops.ts';
import { seedWorkOrders } from '../../src/server/demo/work-orders-seed.ts';
import { seedCatalog } from '../../src/server/services/catalog.ts';
import { glassParts } from '../../src/server/services/catalog.ts';
import { findUserByEmail } from '../../src/server/services/users.ts';
import { serviceActivity } from '../../src/server/services/work-orders/details.ts';

interface Seeded {
  referral_number: string;
  work_order_id: string;
  status: string;
  repair_or_replace: 'Repair' | 'Replace';
  car_id: number;
  submission: {
    Service: { State: string };
    Insurance: { Deductible: string };
    Damage: {
      SelectedGlassGroups: string[];
      RepairOrReplace: string;
      NumberOfChipsOrCracks: number;
      PartNumbers: string[];
      ProblemAnswers: ProblemAnswers;
      PropertyAnswers: Record<string, boolean>;
    };
  };
  quote: Quote;
  recalibrations: number;
}

let db: Db;
let orders: Seeded[];
const partsOfCar = new Map<number, CatalogPart[]>();

beforeAll(async () => {
  // As the server seeds (prepareDb), without the content hub: the catalog, the shops, the demo users, their orders.
  db = await openPglite();
  await migrate(db);
  await seedReference(db);
  await seedCatalog(db);
  await seedShops(db);
  await seedDemo(db);
  expect((await seedWorkOrders(db)).created).toBe(true);
  orders = await db.query<Seeded>(
    `SELECT r.referral_number, w.work_order_id, w.status, r.repair_or_replace, r.car_id, r.submission, r.quote,
            (SELECT count(*)::int FROM work_order_recalibrations c WHERE c.work_order_id = w.work_order_id) AS recalibrations
       FROM referrals r JOIN work_orders w USING (referral_number)
      WHERE r.submission->>'DemoSeed' = 'true' ORDER BY r.referral_number`,
  );
  for (const o of orders) if (!partsOfCar.has(o.car_id)) partsOfCar.set(o.car_id, await glassParts(db, o.car_id));
}, 180_000);
afterAll(async () => {
  await db?.close();
});

/** The catalog parts an order lists. */
const listed = (o: Seeded) => o.submission.Damage.PartNumbers.map((n) => partsOfCar.get(o.car_id)!.find((p) => p.partNumber === n));

describe('the demo work orders', () => {
  it('are seeded: repairs and replacements, windshields in zero-deductible states', () => {
    expect(orders.length).toBeGreaterThanOrEqual(200);
    expect(orders.some((o) => o.repair_or_replace === 'Repair')).toBe(true);
    expect(orders.some((o) => o.repair_or_replace === 'Replace')).toBe(true);
    expect(orders.some((o) => ZERO_DEDUCTIBLE_WINDSHIELD_STATES.includes(o.submission.Service.State) && o.submission.Damage.SelectedGlassGroups.includes('Windshield'))).toBe(true);
  });

  it('list parts of their car, one per damaged glass group, and the service the referral has', () => {
    for (const o of orders) {
      const d = o.submission.Damage;
      expect(d.RepairOrReplace, o.referral_number).toBe(o.repair_or_replace);
      const parts = listed(o);
      expect(parts.every(Boolean), `${o.referral_number}: a listed part is not the car's`).toBe(true);
      expect(new Set(parts.map((p) => p!.group)), o.referral_number).toEqual(new Set(d.SelectedGlassGroups));
    }
  });

  it('a Repair: a windshield with 1–3 chips, every problem answer no, repair lines only, nothing recalibrated or shown as needing it', async () => {
    const internal = (await findUserByEmail(db, 'internal@demo.test'))!;
    const repairs = orders.filter((o) => o.repair_or_replace === 'Repair');
    for (const o of repairs) {
      const d = o.submission.Damage;
      expect(d.SelectedGlassGroups, o.referral_number).toEqual(['Windshield']);
      expect(d.NumberOfChipsOrCracks, o.referral_number).toBeGreaterThanOrEqual(1);
      expect(d.NumberOfChipsOrCracks, o.referral_number).toBeLessThanOrEqual(3);
      expect(repairGuidance({ tempered: false, numberOfChipsOrCracks: d.NumberOfChipsOrCracks, answers: d.ProblemAnswers }).recommendation, o.referral_number).toBe('Repair');
      expect(o.quote.Lines.map((l) => l.Kind).every((k) => k === 'repair'), o.referral_number).toBe(true);
      expect(o.recalibrations, o.referral_number).toBe(0);
    }
    // What the details page lists: the windshield repaired, without a recalibration (even a camera windshield's).
    const camera = repairs.filter((o) => listed(o).some((p) => p!.recalibration !== 'none'));
    expect(camera.length, 'repairs of camera windshields to look at').toBeGreaterThan(0);
    for (const o of camera) {
      const details = await serviceActivity(db, internal, o.work_order_id);
      expect(details.Service.RepairOrReplace).toBe('Repair');
      expect(details.Service.Parts.map((p) => p.Recalibration), o.work_order_id).toEqual(d(o).PartNumbers.map(() => 'none'));
    }
  });

  it('a Replace: the answers call for it; a part line per part; a recalibration line and (once completed) record exactly for a camera part', () => {
    for (const o of orders.filter((x) => x.repair_or_replace === 'Replace')) {
      const parts = listed(o) as CatalogPart[];
      const tempered = parts.some((p) => p.tempered);
      expect(repairGuidance({ tempered, numberOfChipsOrCracks: d(o).NumberOfChipsOrCracks, answers: d(o).ProblemAnswers }).recommendation, o.referral_number).toBe('Replace');
      expect(o.quote.Lines.filter((l) => l.Kind === 'part').map((l) => l.PartNumber), o.referral_number).toEqual(d(o).PartNumbers);
      const needs = parts.filter((p) => p.recalibration !== 'none').map((p) => p.partNumber);
      expect(o.quote.Lines.filter((l) => l.Kind === 'recalibration').map((l) => l.PartNumber), o.referral_number).toEqual(needs);
      const completed = o.status === 'Completed' || o.status === 'Survey complete';
      expect(o.recalibrations, `${o.referral_number} ${o.status}`).toBe(completed && needs.length ? 1 : 0);
    }
  });

  it('the deductible: 0 for a windshield where state law waives it; the quote priced with the claim’s deductible', () => {
    for (const o of orders) {
      const state = o.submission.Service.State;
      if (ZERO_DEDUCTIBLE_WINDSHIELD_STATES.includes(state) && d(o).SelectedGlassGroups.includes('Windshield')) {
        expect(o.submission.Insurance.Deductible, `${o.referral_number} ${state}`).toBe('0');
      }
      expect(o.quote.Deductible, o.referral_number).toBe(Number(o.submission.Insurance.Deductible));
      expect(Math.round((o.quote.InsurancePays + o.quote.PolicyholderPays) * 100), o.referral_number).toBe(Math.round(o.quote.Total * 100));
    }
  });

  it('the windshield property answers describe the windshield chosen (what step 6 would have matched)', () => {
    for (const o of orders.filter((x) => d(x).SelectedGlassGroups.includes('Windshield'))) {
      const candidates = partsOfCar.get(o.car_id)!.filter((p) => p.group === 'Windshield');
      const chosen = listed(o)[0]!;
      const asked = candidates.length > 1 ? distinguishingFeatures(candidates, GLASS_FEATURES) : [];
      expect(Object.keys(d(o).PropertyAnswers).sort(), o.referral_number).toEqual(asked.map(answerKey).sort());
      const byFeature = Object.fromEntries(asked.map((f) => [f, d(o).PropertyAnswers[answerKey(f)]!]));
      const matched = matchParts(candidates, byFeature);
      expect(matched.map((p) => p.partNumber), o.referral_number).toContain(chosen.partNumber);
      for (const p of matched) expect(asked.every((f) => p.features.includes(f) === chosen.features.includes(f))).toBe(true);
    }
  });
});

/** An order's damage. */
function d(o: Seeded) {
  return o.submission.Damage;
}
