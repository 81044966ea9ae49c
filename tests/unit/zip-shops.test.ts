import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import {
  DEMO_NOT_SERVICED_ZIPS,
  DEMO_SERVICED_ZIPS,
  generateProgramShops,
  PROVIDER_BRAND,
  seedShops,
} from '../../src/server/db/shops.ts';
import { closestShops, isServiced, SERVICE_RADIUS_MILES } from '../../src/server/services/shops.ts';
import { allZips, distanceMiles, lookupZip, normalizeZip, zipDistanceMiles } from '../../src/server/services/zip.ts';

/** An independent great-circle distance (spherical law of cosines, mean Earth radius 3958.8 mi). */
function refMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const r = Math.PI / 180;
  const c =
    Math.sin(a.latitude * r) * Math.sin(b.latitude * r) +
    Math.cos(a.latitude * r) * Math.cos(b.latitude * r) * Math.cos((a.longitude - b.longitude) * r);
  return 3958.8 * Math.acos(Math.min(1, Math.max(-1, c)));
}

const FIFTY_ONE = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR ' +
  'PA RI SC SD TN TX UT VT VA WA WV WI WY'
).split(' ');

describe('ZIP reference data', () => {
  it.each([
    ['33602', 'Tampa', 'FL', 27.96, -82.46],
    ['80202', 'Denver', 'CO', 39.75, -105.0],
    ['10001', 'New York', 'NY', 40.75, -74.0],
    ['99501', 'Anchorage', 'AK', 61.21, -149.88],
    ['60601', 'Chicago', 'IL', 41.89, -87.62],
    ['90012', 'Los Angeles', 'CA', 34.06, -118.24],
  ])('%s is %s, %s at its centroid', (zip, city, state, lat, lon) => {
    const z = lookupZip(zip);
    expect(z).not.toBeNull();
    expect(z!.zipCode).toBe(zip);
    expect(z!.city).toBe(city);
    expect(z!.state).toBe(state);
    expect(z!.latitude).toBeCloseTo(lat, 1);
    expect(z!.longitude).toBeCloseTo(lon, 1);
  });

  it('accepts ZIP+4 (with or without the hyphen, blanks around) and uses the first five digits', () => {
    expect(lookupZip('33602-1234')?.city).toBe('Tampa');
    expect(lookupZip(' 336021234 ')?.zipCode).toBe('33602');
    expect(normalizeZip('80202-0001')).toBe('80202');
  });

  it('rejects unknown and malformed ZIPs', () => {
    for (const bad of ['00000', '99999', '', '1234', '123456', '3360-21234', 'abcde', '33602-12', 'T2P']) {
      expect(lookupZip(bad), bad).toBeNull();
    }
  });

  it('returns a copy: callers cannot corrupt the index', () => {
    const z = lookupZip('33602')!;
    z.city = 'Nowhere';
    expect(lookupZip('33602')!.city).toBe('Tampa');
  });

  it('holds tens of thousands of US ZIPs, every one 5 digits with coordinates; lower-48 ZIPs lie west of Greenwich', () => {
    const zips = allZips();
    expect(zips.length).toBeGreaterThan(40_000);
    expect(zips.every((z) => /^\d{5}$/.test(z.zipCode) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude))).toBe(true);
    const lower48 = zips.filter((z) => FIFTY_ONE.includes(z.state) && z.state !== 'AK' && z.state !== 'HI');
    expect(lower48.every((z) => z.longitude < -60 && z.longitude > -125 && z.latitude > 24 && z.latitude < 50)).toBe(true);
    // The package has a sign slip for 10200 (New York); it is mended.
    expect(lookupZip('10200')?.longitude).toBeLessThan(-73);
  });

  it('measures great-circle distances in miles', () => {
    const tampaOrlando = zipDistanceMiles('33602', '32801')!;
    expect(tampaOrlando).toBeGreaterThan(75);
    expect(tampaOrlando).toBeLessThan(90);
    const nyLa = zipDistanceMiles('10001', '90012')!;
    expect(nyLa).toBeGreaterThan(2400);
    expect(nyLa).toBeLessThan(2500);
    expect(zipDistanceMiles('33602', '33602')).toBe(0);
    expect(zipDistanceMiles('33602', '00000')).toBeNull();
    const [a, b] = [lookupZip('80202')!, lookupZip('60601')!];
    expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 9);
    expect(distanceMiles(a, b)).toBeCloseTo(refMiles(a, b), 3);
  });
});

describe('program shop generator', () => {
  const shops = generateProgramShops();

  it('makes 400–600 shops covering all 50 states and DC', () => {
    expect(shops.length).toBeGreaterThanOrEqual(400);
    expect(shops.length).toBeLessThanOrEqual(600);
    expect(new Set(shops.map((s) => s.stateCode))).toEqual(new Set(FIFTY_ONE));
  });

  it('puts more shops in big states than in small ones', () => {
    const inState = (st: string) => shops.filter((s) => s.stateCode === st).length;
    expect(inState('CA')).toBeGreaterThan(inState('TX'));
    expect(inState('TX')).toBeGreaterThan(inState('FL'));
    expect(inState('FL')).toBeGreaterThan(inState('CO'));
    expect(inState('CO')).toBeGreaterThan(inState('WY'));
  });

  it('locates each shop at a real ZIP of its state and city', () => {
    for (const s of shops) {
      const z = lookupZip(s.zipCode);
      expect(z, s.shopId).not.toBeNull();
      expect(z!.state).toBe(s.stateCode);
      expect(z!.city).toBe(s.city);
      expect(s.latitude).toBe(z!.latitude);
      expect(s.longitude).toBe(z!.longitude);
    }
  });

  it('gives unique ids and names, plausible addresses and fictional 555-01xx phone numbers', () => {
    expect(new Set(shops.map((s) => s.shopId)).size).toBe(shops.length);
    expect(new Set(shops.map((s) => s.name)).size).toBe(shops.length);
    for (const s of shops) {
      expect(s.phoneNumber).toMatch(/^[2-9]\d{2}-555-01\d{2}$/);
      expect(s.addressLine).toMatch(/^[1-9]\d{2,3} [A-Z]/);
    }
  });

  it('mixes the provider’s branded shops with independent program shops', () => {
    const owned = shops.filter((s) => s.isProviderOwned);
    const independent = shops.filter((s) => !s.isProviderOwned);
    expect(owned.length).toBeGreaterThan(shops.length * 0.25);
    expect(independent.length).toBeGreaterThan(shops.length * 0.25);
    expect(owned.every((s) => s.name.startsWith(`${PROVIDER_BRAND} – `))).toBe(true);
    expect(independent.some((s) => s.name.includes(PROVIDER_BRAND))).toBe(false);
  });
});

describe('program shops in the database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers "not serviced, no shop" before any shop is seeded', async () => {
    expect(await isServiced(db, '33602')).toEqual({ isServiced: false, closestShopMiles: null });
    expect(await closestShops(db, '33602')).toEqual([]);
  });

  it('seeds every generated shop once, quickly; a second run keeps them', async () => {
    const t0 = performance.now();
    const first = await seedShops(db);
    const ms = performance.now() - t0;
    expect(first).toEqual({ created: true, count: generateProgramShops().length });
    expect(ms).toBeLessThan(5_000);
    expect(await seedShops(db)).toEqual({ created: false, count: generateProgramShops().length });
    const [row] = await db.query<{ n: number; owned: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE is_provider_owned)::int AS owned FROM program_shops',
    );
    expect(row!.n).toBe(generateProgramShops().length);
    expect(row!.owned).toBe(generateProgramShops().filter((s) => s.isProviderOwned).length);
    const [tampa] = await db.query<Record<string, unknown>>("SELECT * FROM program_shops WHERE city = 'Tampa' LIMIT 1");
    expect(tampa).toMatchObject({ state_code: 'FL', is_provider_owned: expect.any(Boolean) });
    expect(typeof tampa!.latitude).toBe('number');
  });

  /** Every shop of the table with its reference distance from a ZIP, nearest first. */
  async function bruteForce(zip: string) {
    const at = lookupZip(zip)!;
    const rows = await db.query<{ shop_id: string; latitude: number; longitude: number; is_provider_owned: boolean }>(
      'SELECT shop_id, latitude, longitude, is_provider_owned FROM program_shops',
    );
    return rows.map((r) => ({ ...r, miles: refMiles(at, r) })).sort((a, b) => a.miles - b.miles);
  }

  it.each(['33602', '80202', '60601', '10001', '99501', '78701', '98101'])('finds the nearest shops around %s', async (zip) => {
    const found = await closestShops(db, zip);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(5);
    const miles = found.map((s) => s.distanceMiles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles.every((m) => m <= SERVICE_RADIUS_MILES)).toBe(true);
    // Same shops, same distances as a brute-force scan with an independent formula.
    const expected = (await bruteForce(zip)).filter((r) => r.miles <= SERVICE_RADIUS_MILES).slice(0, 5);
    expect(found.map((s) => s.shopId)).toEqual(expected.map((r) => r.shop_id));
    found.forEach((s, i) => expect(s.distanceMiles).toBeCloseTo(expected[i]!.miles, 1));
    expect(found[0]).toMatchObject({
      name: expect.any(String),
      addressLine: expect.any(String),
      city: expect.any(String),
      stateCode: expect.stringMatching(/^[A-Z]{2}$/),
      zipCode: expect.stringMatching(/^\d{5}$/),
      phoneNumber: expect.stringMatching(/^\d{3}-555-01\d{2}$/),
      isProviderOwned: expect.any(Boolean),
    });
    expect(Number.isInteger(found[0]!.distanceMiles * 10)).toBe(true);
  });

  it('misses no shop within the radius anywhere (a sample of ZIPs across the country, north to south)', async () => {
    const sample = allZips().filter((z, i) => i % 97 === 0 && FIFTY_ONE.includes(z.state));
    expect(sample.length).toBeGreaterThan(300);
    const rows = await db.query<{ shop_id: string; latitude: number; longitude: number }>('SELECT shop_id, latitude, longitude FROM program_shops');
    for (const z of sample) {
      for (const radiusMiles of [SERVICE_RADIUS_MILES, 150]) {
        const found = await closestShops(db, z.zipCode, { limit: 1000, radiusMiles });
        const expected = rows.filter((r) => refMiles(z, r) <= radiusMiles - 0.01).map((r) => r.shop_id);
        const ids = new Set(found.map((s) => s.shopId));
        expect(expected.filter((id) => !ids.has(id)), `${z.zipCode} within ${radiusMiles} mi`).toEqual([]);
      }
    }
  });

  it('has a shop within a few miles of downtown Tampa, Denver and Chicago', async () => {
    for (const zip of ['33602', '80202', '60601']) {
      const [nearest] = await closestShops(db, zip, { limit: 1 });
      expect(nearest!.distanceMiles, zip).toBeLessThan(10);
    }
  });

  it('leaves the provider’s own shops out when asked', async () => {
    const all = await closestShops(db, '33602', { limit: 20 });
    expect(all.some((s) => s.isProviderOwned)).toBe(true);
    const independent = await closestShops(db, '33602', { limit: 20, excludeProviderOwned: true });
    expect(independent.length).toBeGreaterThan(0);
    expect(independent.every((s) => !s.isProviderOwned)).toBe(true);
    expect(independent.map((s) => s.shopId)).toEqual(all.filter((s) => !s.isProviderOwned).map((s) => s.shopId));
  });

  it('honours limit and radius; ZIP+4 works; unknown ZIPs find nothing', async () => {
    expect(await closestShops(db, '33602', { limit: 2 })).toHaveLength(2);
    expect(await closestShops(db, '33602', { limit: 0 })).toEqual([]);
    const wide = await closestShops(db, '33602', { limit: 100, radiusMiles: 120 });
    expect(wide.length).toBeGreaterThan(5);
    expect(wide.some((s) => s.distanceMiles > SERVICE_RADIUS_MILES)).toBe(true); // Orlando is ~80 mi away
    expect(wide.every((s) => s.distanceMiles <= 120)).toBe(true);
    const near = await closestShops(db, '33602', { limit: 100, radiusMiles: 5 });
    expect(near.every((s) => s.distanceMiles <= 5)).toBe(true);
    expect(near.length).toBeLessThan(wide.length);
    expect(await closestShops(db, '33602-4321')).toEqual(await closestShops(db, '33602'));
    expect(await closestShops(db, '00000')).toEqual([]);
  });

  it.each([...DEMO_SERVICED_ZIPS])('serves %s', async (zip) => {
    const s = await isServiced(db, zip);
    expect(s.isServiced).toBe(true);
    expect(s.closestShopMiles).not.toBeNull();
    expect(s.closestShopMiles!).toBeLessThanOrEqual(SERVICE_RADIUS_MILES);
    expect(s.closestShopMiles!).toBeCloseTo((await bruteForce(zip))[0]!.miles, 1);
  });

  it.each([...DEMO_NOT_SERVICED_ZIPS])('does not serve remote %s, and says how far the nearest shop is', async (zip) => {
    const s = await isServiced(db, zip);
    expect(s.isServiced).toBe(false);
    expect(s.closestShopMiles!).toBeGreaterThan(SERVICE_RADIUS_MILES);
    expect(s.closestShopMiles!).toBeCloseTo((await bruteForce(zip))[0]!.miles, 1);
    expect(await closestShops(db, zip)).toEqual([]);
  });

  it('the demo remote ZIPs are really remote places', () => {
    expect(DEMO_NOT_SERVICED_ZIPS.map((z) => lookupZip(z)?.state)).toEqual(['MT', 'NV', 'AK']);
  });

  it('an unknown ZIP is not serviced and has no distance', async () => {
    expect(await isServiced(db, '00000')).toEqual({ isServiced: false, closestShopMiles: null });
    expect((await isServiced(db, '80202-1111')).isServiced).toBe(true);
  });

  it('judges service without the provider’s shops when asked', async () => {
    const withOwn = await isServiced(db, '33602');
    const without = await isServiced(db, '33602', { excludeProviderOwned: true });
    const independentNearest = (await bruteForce('33602')).find((r) => !r.is_provider_owned)!;
    expect(without.closestShopMiles!).toBeCloseTo(independentNearest.miles, 1);
    expect(without.closestShopMiles!).toBeGreaterThanOrEqual(withOwn.closestShopMiles!);
  });
});
