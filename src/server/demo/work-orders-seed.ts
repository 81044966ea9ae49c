/**
 * Demo work orders (issue 6): about 240 referrals over the last 12 weeks across the demo agencies and their demo
 * agents, with cars and parts of the seeded catalog, quotes from the real pricing, every status of the lifecycle,
 * full event histories with plausible times, shops near the policyholder, technicians, surveys and recalibration
 * records — so the dashboard, the lists, the details, the surveys and the certificates have something to show.
 *
 * Deterministic: a seeded random generator, times relative to `now` (same ages and statuses on every run).
 * Fast: everything is built in memory, then written in one transaction: the orders filed through openWorkOrders (as
 * CreateReferral files one), then the rest of their history with one statement per table (json_to_recordset). Demo data only (SEED_DEMO): the seeded referrals carry `"DemoSeed": true` in their submission,
 * which is also how a later start knows they are there. No notifications are written for this history.
 */
import type { Db, Queryable } from '../db/index.ts';
import { DEMO_CARRIERS } from '../db/seed.ts';
import { vinFromPattern } from '../catalog/generate.ts';
import { priceQuote } from '../services/pricing.ts';
import { distanceMiles, lookupZip } from '../services/zip.ts';
import { defaultNote, openWorkOrders, recalibrationOf, type Filing } from '../services/work-orders/lifecycle.ts';
import { appointmentAfter, recalibrationResult, surveyFor, technicianFor } from './glass-provider.ts';
import { GLASS_FEATURES, type CatalogPart } from '../../lib/claim/glass.ts';
import { answerKey } from '../../lib/claim/flow.ts';
import { distinguishingFeatures } from '../../lib/claim/questions.ts';
import { ZERO_DEDUCTIBLE_WINDSHIELD_STATES } from '../../lib/constants.ts';
import { LIFECYCLE, type WorkOrderStatus } from '../../lib/work-orders.ts';
import { seededRandom } from '../random.ts';
import { toPart, type PartRow } from '../services/catalog.ts';

/** How many orders each demo agency gets, and which demo users file them (with their share). */
export const DEMO_ORDER_PLAN: readonly { agencyNumber: string; orders: number; filers: readonly (readonly [string, number])[]; zips: readonly string[]; areaCode: string }[] = [
  {
    agencyNumber: '10045821', orders: 90, filers: [['agent@demo.test', 0.7], ['carrieredit@demo.test', 0.3]], areaCode: '813',
    zips: ['33602', '33603', '33604', '33605', '33606', '33607', '33609', '33610', '33611', '33612', '33613', '33614', '33615', '33616',
      '33617', '33618', '33619', '33624', '33625', '33626', '33629', '33634', '33635', '33647', '33701', '33702', '33704', '33710', '33511', '33510'],
  },
  {
    agencyNumber: '20077314', orders: 90, filers: [['agent@demo.test', 0.5], ['admin@demo.test', 0.5]], areaCode: '303',
    zips: ['80202', '80203', '80204', '80205', '80206', '80207', '80209', '80210', '80211', '80212', '80218', '80219', '80220', '80222',
      '80223', '80224', '80227', '80230', '80231', '80237', '80238', '80246', '80012', '80013', '80014', '80033', '80226', '80228', '80120', '80121'],
  },
  {
    agencyNumber: '30012967', orders: 60, filers: [['admin@demo.test', 1]], areaCode: '312',
    zips: ['60601', '60602', '60603', '60605', '60607', '60608', '60609', '60610', '60611', '60612', '60613', '60614', '60615', '60616',
      '60618', '60622', '60625', '60626', '60630', '60640', '60641', '60647', '60657', '60660', '60201', '60202', '60302', '60304'],
  },
];
/** Days of history. */
export const DEMO_HISTORY_DAYS = 84;

const FIRST_NAMES = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth', 'Carlos', 'Sofia',
  'Daniel', 'Aisha', 'Kevin', 'Mei', 'Anthony', 'Rosa', 'Jamal', 'Emily', 'Brandon', 'Olivia', 'Tyrone', 'Hannah', 'Luis', 'Grace', 'Ethan',
  'Fatima', 'Noah', 'Chloe', 'Dmitri', 'Ava', 'Hiroshi', 'Isabella', 'Marcus', 'Leah', 'Andre', 'Nora', 'Victor', 'Camila'];
const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris',
  'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill',
  'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Okafor', 'Kowalski',
  'Patel', 'Chen', 'Murphy', 'Sullivan'];
const STREETS = ['Oak Ave', 'Maple St', 'Cedar Ln', 'Park Blvd', 'Lakeview Dr', 'Washington St', 'Elm St', 'Sunset Blvd', 'Pine Ct', 'Highland Ave',
  'River Rd', 'Magnolia Way', 'Franklin St', 'Willow Dr', 'Jefferson Ave', 'Meadow Ln', 'Broadway', 'Hillcrest Rd', 'Center St', 'Grant Ave'];
const DEDUCTIBLES = ['0', '100', '250', '250', '500', '500', '1000'];
const CANCEL_NOTES = [
  'Cancelled at the policyholder’s request',
  'Policyholder had the glass replaced elsewhere',
  'Duplicate referral',
  'Policyholder sold the vehicle',
  'Carrier denied the glass claim',
];
const FAIL_NOTES = [
  'Policyholder could not be reached after three attempts',
  'Policy could not be verified with the carrier',
  'No program shop could take the job in time',
];


const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Target statuses by age of the order, as [status, weight]. */
function statusWeights(ageDays: number): [WorkOrderStatus, number][] {
  if (ageDays < 1) return [['Received', 40], ['Policyholder contacted', 30], ['Scheduled', 18], ['Failed', 6], ['Cancelled', 6]];
  if (ageDays < 3) return [['Received', 5], ['Policyholder contacted', 15], ['Scheduled', 40], ['In progress', 20], ['Completed', 12], ['Cancelled', 5], ['Failed', 3]];
  if (ageDays < 7) return [['Policyholder contacted', 4], ['Scheduled', 14], ['In progress', 8], ['Completed', 50], ['Survey complete', 16], ['Cancelled', 5], ['Failed', 3]];
  return [['Completed', 36], ['Survey complete', 52], ['Cancelled', 9], ['Failed', 3]];
}

interface SeedCar {
  car_id: number;
  year: number;
  make: string;
  model: string;
  style: string;
  platform_id: number;
  vin_pattern: string;
}
type SeedPart = PartRow & { platform_id: number };
interface SeedShop {
  shop_id: string;
  name: string;
  latitude: number;
  longitude: number;
  is_provider_owned: boolean;
}


/** True when the demo work orders are already there. */
export async function hasDemoWorkOrders(db: Queryable): Promise<boolean> {
  const rows = await db.query("SELECT 1 FROM referrals WHERE submission->>'DemoSeed' = 'true' LIMIT 1");
  return rows.length > 0;
}

/** Writes the demo work orders once (after seedDemo, seedCatalog and seedShops); a later run keeps what is there. */
export async function seedWorkOrders(db: Db, now = new Date()): Promise<{ created: boolean; orders: number }> {
  if (await hasDemoWorkOrders(db)) return { created: false, orders: 0 };
  const users = await db.query<{ id: string; email: string; first_name: string; last_name: string; agent_number: string | null }>(
    "SELECT id, email, first_name, last_name, agent_number FROM users WHERE email LIKE '%@demo.test'",
  );
  const userByEmail = new Map(users.map((u) => [u.email, u]));
  if (!DEMO_ORDER_PLAN.every((p) => p.filers.every(([e]) => userByEmail.has(e)))) return { created: false, orders: 0 };
  const carriers = await db.query<{ name: string }>('SELECT name FROM insurance_companies ORDER BY name');
  // A deterministic sample of cars from 2010 on, and their glass.
  const cars = await db.query<SeedCar>(
    `SELECT car_id, year::int AS year, make, model, style, platform_id, vin_pattern FROM vehicles
      WHERE year >= 2010 AND NOT is_big_truck AND car_id % 29 = 0 ORDER BY car_id`,
  );
  const parts = await db.query<SeedPart>(
    `SELECT p.* FROM glass_parts p WHERE p.platform_id IN (SELECT json_array_elements_text($1::json)::int) ORDER BY p.part_number`,
    [[...new Set(cars.map((c) => c.platform_id))]],
  );
  const shops = await db.query<SeedShop>('SELECT shop_id, name, latitude, longitude, is_provider_owned FROM program_shops ORDER BY shop_id');
  if (!cars.length || !shops.length) return { created: false, orders: 0 };
  const partsOf = new Map<number, CatalogPart[]>();
  for (const p of parts) partsOf.set(p.platform_id, [...(partsOf.get(p.platform_id) ?? []), toPart(p)]);
  const usable = cars.filter((c) => (partsOf.get(c.platform_id) ?? []).some((p) => p.group === 'Windshield'));
  const nearest = new Map<string, { any: SeedShop; independent: SeedShop }>();
  const shopNear = (zip: string) => {
    let hit = nearest.get(zip);
    if (!hit) {
      const at = lookupZip(zip)!;
      const byDistance = [...shops].sort((a, b) => distanceMiles(at, a) - distanceMiles(at, b));
      hit = { any: byDistance[0]!, independent: byDistance.find((s) => !s.is_provider_owned) ?? byDistance[0]! };
      nearest.set(zip, hit);
    }
    return hit;
  };

  const rnd = seededRandom(20_260_601);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T => {
    let r = rnd() * xs.reduce((n, [, w]) => n + w, 0);
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs[xs.length - 1]![0];
  };
  const between = (a: number, b: number) => a + rnd() * (b - a);

  // 1. The orders: who, where, when, what, and the status they have reached.
  interface Draft {
    agencyNumber: string;
    userEmail: string;
    zip: string;
    createdAt: Date;
    target: WorkOrderStatus;
    build: () => { sub: Record<string, unknown>; quote: ReturnType<typeof priceQuote>; car: SeedCar; repairOrReplace: 'Repair' | 'Replace' };
  }
  const drafts: Draft[] = [];
  for (const plan of DEMO_ORDER_PLAN) {
    const zips = plan.zips.filter((z) => lookupZip(z));
    for (let i = 0; i < plan.orders; i++) {
      const zip = pick(zips);
      const offset = Math.round(-lookupZip(zip)!.longitude / 15);
      // Filed during business hours, local time; about a fifth in the last week, so the open list has plenty.
      const ageDays = rnd() < 0.22 ? 7 * rnd() : DEMO_HISTORY_DAYS * rnd();
      let created = new Date(now.getTime() - ageDays * DAY);
      created = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate(), 8 + Math.floor(rnd() * 10) + offset, Math.floor(rnd() * 60)));
      if (created.getTime() > now.getTime() - 20 * 60_000) created = new Date(now.getTime() - between(0.5, 3) * HOUR);
      const age = (now.getTime() - created.getTime()) / DAY;
      const userEmail = weighted(plan.filers);
      const seedOfOrder = Math.floor(rnd() * 2 ** 31);
      drafts.push({
        agencyNumber: plan.agencyNumber,
        userEmail,
        zip,
        createdAt: created,
        target: weighted(statusWeights(age)),
        build: () => buildReferral(seedOfOrder, plan, userEmail, zip, created),
      });
    }
  }
  // Every status at least once (the weights make it so; this keeps it true whatever they become).
  for (const s of [...LIFECYCLE, 'Cancelled', 'Failed'] as WorkOrderStatus[]) {
    if (drafts.some((d) => d.target === s)) continue;
    const young = s === 'Received' || s === 'Policyholder contacted' || s === 'Scheduled' || s === 'In progress';
    const candidate = drafts.filter((d) => (now.getTime() - d.createdAt.getTime()) / DAY < (young ? 3 : 84) && (now.getTime() - d.createdAt.getTime()) / DAY > (young ? 0 : 7))[0];
    if (candidate) candidate.target = s;
  }
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  /** The referral of one order: policyholder, car, damage, quote, submission (as CreateReferral stores it). */
  function buildReferral(seed: number, plan: (typeof DEMO_ORDER_PLAN)[number], userEmail: string, zip: string, created: Date) {
    const r = seededRandom(seed);
    const p = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const user = userByEmail.get(userEmail)!;
    const z = lookupZip(zip)!;
    const car = usable[Math.floor(r() * usable.length)]!;
    const glass = partsOf.get(car.platform_id)!;
    const windshields = glass.filter((g) => g.group === 'Windshield' && !/split/.test(g.location));
    const roll = r();
    let group: CatalogPart['group'] = 'Windshield';
    let repairOrReplace: 'Repair' | 'Replace' = 'Replace';
    let chosen: CatalogPart[];
    let chips = -1;
    const side = glass.filter((g) => (g.group === "Driver's side" || g.group === "Passenger's side") && g.glassType === 'Door');
    const back = glass.filter((g) => g.group === 'Back glass');
    if (roll < 0.25 && windshields.length) {
      repairOrReplace = 'Repair';
      chips = 1 + Math.floor(r() * 3);
      chosen = [p(windshields)];
    } else if (roll < 0.38 && side.length) {
      chosen = [p(side)];
      group = chosen[0]!.group;
    } else if (roll < 0.45 && back.length) {
      chosen = [p(back)];
      group = 'Back glass';
    } else {
      // Newer cars more often have the camera windshield.
      const camera = windshields.filter((w) => w.recalibration !== 'none');
      chosen = [camera.length && r() < (car.year >= 2018 ? 0.75 : 0.35) ? p(camera) : p(windshields.length ? windshields : glass)];
    }
    // Where state law waives the deductible for a windshield, the claim has none (as the claim details page prefills it).
    const drawn = p(DEDUCTIBLES);
    const deductible = group === 'Windshield' && ZERO_DEDUCTIBLE_WINDSHIELD_STATES.includes(z.state) ? '0' : drawn;
    const quote = priceQuote({ parts: chosen, repairOrReplace, chips, deductible: Number(deductible), stateCode: z.state });
    // The answers the flow would have: a repair answered every problem question 'no'; step 6 asked what tells the
    // car's windshields apart, and the answers describe the windshield chosen.
    const candidates = glass.filter((g) => g.group === 'Windshield');
    const propertyAnswers =
      group === 'Windshield' && candidates.length > 1
        ? Object.fromEntries(distinguishingFeatures(candidates, GLASS_FEATURES).map((f) => [answerKey(f), chosen[0]!.features.includes(f)]))
        : {};
    const carriers2 = DEMO_CARRIERS.filter(([e, a, , removed]) => e === userEmail && a === plan.agencyNumber && !removed).map(([, , c]) => c);
    const carrier = carriers2.length && r() < 0.85 ? p(carriers2) : p(carriers).name;
    const first = p(FIRST_NAMES);
    const last = p(LAST_NAMES);
    const contact = r() < 0.5 ? 'Phone' : r() < 0.6 ? 'Text' : 'Email';
    const email = contact === 'Email' || r() < 0.6 ? `${first}.${last}${Math.floor(r() * 90) + 10}@example.com`.toLowerCase() : null;
    const phone = `(${plan.areaCode}) 555-01${String(Math.floor(r() * 100)).padStart(2, '0')}`;
    const schedRoll = r();
    const scheduling = schedRoll < 0.6 ? 'CallPolicyholder' : schedRoll < 0.85 ? 'PolicyholderCalls' : 'ScheduleAtShop';
    const exclude = scheduling !== 'ScheduleAtShop' && r() < 0.06;
    const initials = carrier.replace(/[^A-Z]/g, '').padEnd(2, 'X').slice(0, 2);
    const emailAlerts = r() < 0.8;
    const textAlerts = r() < 0.3;
    const sub = {
      AppName: 'AgentPortal',
      DemoSeed: true,
      AccountNumber: plan.agencyNumber,
      Agent: {
        CallType: 'Claim',
        SchedulingOption: scheduling,
        InsuredProviderPreference: scheduling === 'ScheduleAtShop' ? shopNear(zip).any.shop_id : exclude ? 'ExcludeSafeliteShops' : null,
        IsCoBrandedSubmission: plan.agencyNumber === '10045821',
        IsFromAgentPortal: true,
        Notifications: {
          PolicyholderContactText: textAlerts, PolicyholderContactEmail: emailAlerts, ServiceScheduledText: textAlerts, ServiceScheduledEmail: emailAlerts,
          ServiceCompleteText: textAlerts, ServiceCompleteEmail: emailAlerts, SurveyCompleteText: false, SurveyCompleteEmail: emailAlerts && r() < 0.5,
          AgentPhoneNo: textAlerts ? `(${plan.areaCode}) 555-0199` : null,
        },
      },
      Customer: {
        FirstName: first, LastName: last, Email: email, PhoneNumber: phone, PhoneNumberAlt: null, PreferredContactMethod: contact, OptInSms: contact === 'Text' || r() < 0.3,
      },
      Service: { Address: `${100 + Math.floor(r() * 9800)} ${p(STREETS)}`, City: z.city, State: z.state, ZipCode: zip },
      Vehicle: { Country: 'US', Year: car.year, Make: car.make, Model: car.model, BodyStyle: car.style, CarId: car.car_id, Vin: r() < 0.8 ? vinFromPattern(car.vin_pattern, 100_001 + Math.floor(r() * 800_000)) : null },
      Insurance: {
        PolicyNumber: `${initials}-${String(1000 + Math.floor(r() * 9000))}-${String(Math.floor(r() * 10000)).padStart(4, '0')}`,
        Carrier: carrier,
        Deductible: deductible,
        DamageDate: new Date(created.getTime() - Math.floor(r() * 7) * DAY).toISOString().slice(0, 10),
        AnyOther: r() < 0.15 ? p(['Crack started from a rock on the highway.', 'Vehicle is parked in a garage, gate code 4471.', 'Policyholder prefers mornings.']) : null,
      },
      Damage: {
        SelectedGlassGroups: [group], RepairOrReplace: repairOrReplace, NumberOfChipsOrCracks: chips, PartNumbers: chosen.map((c) => c.partNumber),
        ProblemAnswers:
          repairOrReplace === 'Repair'
            ? { shattered: false, crackOver6Inches: false, inDriverView: false, inCameraArea: false, edgeCrack: false }
            : group === 'Windshield'
              ? { crackOver6Inches: true }
              : { shattered: true },
        PropertyAnswers: propertyAnswers,
      },
      AgentNumber: user.agent_number,
      AgentFirstName: user.first_name,
      AgentLastName: user.last_name,
      AgentEmail: user.email,
    };
    return { sub, quote, car, repairOrReplace };
  }

  // 2. Ids: referral numbers and work order ids from the same sequences CreateReferral uses, in filing order.
  const ids = await db.query<{ r: string; w: string }>(
    "SELECT nextval('referral_number_seq')::text AS r, nextval('work_order_seq')::text AS w FROM generate_series(1, $1::int)",
    [drafts.length],
  );
  const refSeq = ids.map((i) => Number(i.r)).sort((a, b) => a - b);
  const woSeq = ids.map((i) => Number(i.w)).sort((a, b) => a - b);

  /** Each order as filed (openWorkOrder writes it Received), then the rest of its history. */
  const filings: (Filing & { laterEvents: Record<string, unknown>[] })[] = [];
  const orders: Record<string, unknown>[] = [];
  const surveys: Record<string, unknown>[] = [];
  const recalibrations: Record<string, unknown>[] = [];
  const margin = now.getTime() - 5 * 60_000;

  drafts.forEach((d, i) => {
    const { sub, quote, car, repairOrReplace } = d.build();
    const referralNumber = `${String(d.createdAt.getUTCFullYear()).slice(2)}${String(refSeq[i]).padStart(7, '0')}`;
    const workOrderId = `WO${woSeq[i]}`;
    const user = userByEmail.get(d.userEmail)!;
    const customer = sub.Customer as { FirstName: string; LastName: string; PreferredContactMethod: string };
    const insurance = sub.Insurance as { PolicyNumber: string; Carrier: string };
    const vehicle = sub.Vehicle as { Vin: string | null };
    const shop = (sub.Agent as { InsuredProviderPreference: string | null }).InsuredProviderPreference === 'ExcludeSafeliteShops' ? shopNear(d.zip).independent : shopNear(d.zip).any;
    const storedQuote = {
      Lines: quote.lines.map((l) => ({ Kind: l.kind, Description: l.description, PartNumber: l.partNumber, Quantity: l.quantity, UnitPrice: l.unitPrice, Amount: l.amount })),
      Subtotal: quote.subtotal, Tax: quote.tax, Total: quote.total, Deductible: quote.deductible, InsurancePays: quote.insurancePays, PolicyholderPays: quote.policyholderPays,
    };

    // The path to the target: the lifecycle up to it, or up to a point and then Cancelled / Failed.
    let path: WorkOrderStatus[];
    if (d.target === 'Cancelled') path = [...LIFECYCLE.slice(0, 1 + Math.floor(rnd() * 3)), 'Cancelled'];
    else if (d.target === 'Failed') path = [...LIFECYCLE.slice(0, 1 + Math.floor(rnd() * 2)), 'Failed'];
    else path = LIFECYCLE.slice(0, LIFECYCLE.indexOf(d.target as (typeof LIFECYCLE)[number]) + 1);

    // Natural times, then squeezed into the time before now when they run past it.
    const times: number[] = [d.createdAt.getTime()];
    let appointment: Date | null = null;
    for (let k = 1; k < path.length; k++) {
      const prev = times[k - 1]!;
      const s = path[k]!;
      let t: number;
      if (s === 'Policyholder contacted') t = prev + between(1, 20) * HOUR;
      else if (s === 'Scheduled') t = prev + between(2, 30) * HOUR;
      else if (s === 'In progress') {
        appointment = appointmentAfter(new Date(prev), d.zip, workOrderId);
        t = appointment.getTime() + between(0, 20) * 60_000;
      } else if (s === 'Completed') t = prev + between(1.2, 3) * HOUR;
      else if (s === 'Survey complete') t = prev + between(6, 96) * HOUR;
      else if (s === 'Cancelled') t = prev + between(2, 48) * HOUR;
      else t = prev + between(1, 30) * HOUR;
      times.push(t);
    }
    const last = times[times.length - 1]!;
    if (last > margin) {
      const f = (margin - times[0]!) / (last - times[0]!);
      for (let k = 1; k < times.length; k++) times[k] = times[0]! + (times[k]! - times[0]!) * f;
      if (appointment) appointment = new Date(times[path.indexOf('In progress')]!);
    }
    const at = (s: WorkOrderStatus) => (path.includes(s) ? new Date(Math.round(times[path.indexOf(s)]!)) : null);
    const reached = (s: WorkOrderStatus) => path.includes(s);
    if (reached('Scheduled') && !appointment) {
      // Still waiting for the appointment (or cancelled before it): one to three days after it was made, in the future when still open.
      appointment = appointmentAfter(at('Scheduled')!, d.zip, workOrderId);
      if (d.target === 'Scheduled' && appointment.getTime() <= now.getTime()) appointment = appointmentAfter(now, d.zip, workOrderId);
    }
    const technician = reached('In progress') ? technicianFor(workOrderId) : null;
    const completedAt = at('Completed');
    const recal = completedAt && repairOrReplace === 'Replace' ? recalibrationOf(storedQuote) : null;
    const recalResult = recal ? recalibrationResult(workOrderId) : null;
    const survey = reached('Survey complete') ? surveyFor(workOrderId) : null;
    const status = path[path.length - 1]!;
    const updatedAt = at(status)!;

    const events: Record<string, unknown>[] = [];
    path.forEach((s, k) => {
      let note: string;
      if (s === 'Cancelled') note = pick(CANCEL_NOTES);
      else if (s === 'Failed') note = pick(FAIL_NOTES);
      else if (s === 'Scheduled') note = defaultNote(s, { appointmentAt: appointment, shopName: shop.name });
      else
        note = defaultNote(s, {
          contactMethod: customer.PreferredContactMethod,
          technician,
          rating: survey?.rating,
          recalibration: recal ? `${recal.calibrationType.toLowerCase()} camera recalibration ${recalResult === 'Pass' ? 'passed' : 'failed'}` : null,
        });
      events.push({ work_order_id: workOrderId, status: s, note, created_at: new Date(Math.round(times[k]!)).toISOString() });
    });

    filings.push({
      referral: {
        agencyNumber: d.agencyNumber,
        userId: user.id,
        callType: 'Claim',
        customerFirst: customer.FirstName,
        customerLast: customer.LastName,
        policyNumber: insurance.PolicyNumber,
        carrier: insurance.Carrier,
        zipCode: d.zip,
        carId: car.car_id,
        vin: vehicle.Vin,
        vehicle: `${car.year} ${car.make} ${car.model} ${car.style}`,
        repairOrReplace,
        total: quote.total,
        submission: sub,
        quote: storedQuote,
      },
      ids: { referralNumber, workOrderId },
      at: d.createdAt,
      // The first event (Received) is openWorkOrders'.
      laterEvents: events.slice(1),
    });
    orders.push({
      work_order_id: workOrderId,
      status,
      updated_at: updatedAt.toISOString(),
      shop_id: reached('Scheduled') ? shop.shop_id : null,
      appointment_at: appointment ? appointment.toISOString() : null,
      technician,
      completed_at: completedAt ? completedAt.toISOString() : null,
    });
    if (recal && completedAt) {
      const inProgress = at('In progress')!.getTime();
      const started = Math.max(inProgress, completedAt.getTime() - between(50, 90) * 60_000);
      recalibrations.push({
        work_order_id: workOrderId,
        part_number: recal.partNumber,
        calibration_type: recal.calibrationType,
        result: recalResult,
        technician: technician!,
        shop_id: shop.shop_id,
        started_at: new Date(Math.round(started)).toISOString(),
        completed_at: completedAt.toISOString(),
      });
    }
    if (survey) {
      surveys.push({ work_order_id: workOrderId, rating: survey.rating, answers: survey.answers, comment: survey.comment, completed_at: at('Survey complete')!.toISOString() });
    }
  });

  // 3. In one transaction: the orders filed (openWorkOrders: the referrals, the orders Received, their first events),
  // then the rest of their history: one statement per table.
  await db.transaction(async (tx) => {
    await openWorkOrders(tx, filings, { notify: false });
    await tx.query(
      `INSERT INTO work_order_events (work_order_id, status, note, created_at)
       SELECT * FROM json_to_recordset($1::json) AS t(work_order_id text, status text, note text, created_at timestamptz)`,
      [filings.flatMap((filing) => filing.laterEvents)],
    );
    await tx.query(
      `UPDATE work_orders w SET status = t.status, updated_at = t.updated_at, shop_id = t.shop_id, appointment_at = t.appointment_at,
              technician = t.technician, completed_at = t.completed_at
         FROM json_to_recordset($1::json) AS t(work_order_id text, status text, updated_at timestamptz, shop_id text, appointment_at timestamptz,
              technician text, completed_at timestamptz)
        WHERE w.work_order_id = t.work_order_id`,
      [orders],
    );
    if (surveys.length) {
      await tx.query(
        `INSERT INTO work_order_surveys (work_order_id, rating, answers, comment, completed_at)
         SELECT * FROM json_to_recordset($1::json) AS t(work_order_id text, rating smallint, answers jsonb, comment text, completed_at timestamptz)`,
        [surveys],
      );
    }
    if (recalibrations.length) {
      await tx.query(
        `INSERT INTO work_order_recalibrations (work_order_id, part_number, calibration_type, result, technician, shop_id, started_at, completed_at)
         SELECT * FROM json_to_recordset($1::json) AS t(work_order_id text, part_number text, calibration_type text, result text, technician text,
           shop_id text, started_at timestamptz, completed_at timestamptz)`,
        [recalibrations],
      );
    }
  });
  // Planner statistics for the bulk-loaded tables (PGlite runs no autovacuum): without them the list queries
  // join by nested loops over guessed row counts.
  await db.exec('ANALYZE referrals, work_orders, work_order_events, work_order_surveys, work_order_recalibrations');
  return { created: true, orders: orders.length };
}
