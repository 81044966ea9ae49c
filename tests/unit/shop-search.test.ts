/**
 * The public shop search (issue 17): GetClosestProgramProviders and SpecificShopSearch against the real server
 * (PGlite, seeded program shops): nearest-first ordering, distances, paging, trailing spaces trimmed, the spec's
 * messages, the exclude-shops option, the deterministic extras.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, getUrl } from '../../src/lib/api/index.ts';
import type { ShopProvider } from '../../src/lib/api/shop-search.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import * as Rules from '../../src/lib/claim/validation.ts';
import { PHONE_PATTERN, ZIP_PATTERN } from '../../src/scripts/shop-rules.ts';
import { shopExtras } from '../../src/server/services/shop-search.ts';
import { closestShops } from '../../src/server/services/shops.ts';
import { distanceMiles, lookupZip } from '../../src/server/services/zip.ts';
import { callApi, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const closest = (zipCode: string) => callApi(portal, getUrl(CALLS.GetClosestProgramProviders, { zipCode }));
const specific = (body: Record<string, unknown>) =>
  callApi(portal, callPath(CALLS.SpecificShopSearch), { body: { AppName: 'AgentPortal', CountryCode: 'US', ServiceZipCode: '33602', ...body } });
type Page = { zip: { zipCode: string; city: string }; providers: ShopProvider[]; totalCount: number; pageNumber: number; pageSize: number };

describe('GetClosestProgramProviders', () => {
  it('answers the 10 nearest providers, nearest first, with correct distances and extras', async () => {
    const res = await closest('33602');
    expect(res.status).toBe(200);
    const { zip, providers } = res.json!.result as Page;
    expect(zip).toMatchObject({ zipCode: '33602', city: 'Tampa', stateCode: 'FL' });
    expect(providers.length).toBe(10);
    const at = lookupZip('33602')!;
    for (let i = 0; i < providers.length; i++) {
      const p = providers[i]!;
      if (i > 0) expect(p.distanceMiles).toBeGreaterThanOrEqual(providers[i - 1]!.distanceMiles);
      expect(p.distanceMiles).toBeCloseTo(distanceMiles(at, p), 1);
      expect(p.distanceMiles).toBeLessThanOrEqual(100);
      expect(p.name).toBe(p.name.trimEnd());
      expect(p.hours[0]!.days).toBe('MonFri');
      expect(shopExtras(p.shopId, p.isProviderOwned)).toEqual({ mobileService: p.mobileService, hours: p.hours });
    }
  });

  it('uses the same shops as the appointment step (closestShops)', async () => {
    const { providers } = (await closest('80202')).json!.result as Page;
    const appointment = await closestShops(portal.db, '80202', { limit: 5, radiusMiles: 100 });
    expect(providers.slice(0, 5).map((p) => p.shopId)).toEqual(appointment.map((s) => s.shopId));
    const excluded = await closestShops(portal.db, '80202', { limit: 5, radiusMiles: 100, excludeProviderOwned: true });
    expect(excluded.every((s) => !s.isProviderOwned)).toBe(true);
  });

  it('answers an empty list for a remote ZIP', async () => {
    const res = await closest('99723');
    expect(res.status).toBe(200);
    expect((res.json!.result as Page).providers).toEqual([]);
  });

  it.each([
    ['', 'Please enter a valid ZIP code.'],
    ['3360', 'Please enter a valid ZIP code.'],
    ['abcde', 'Please enter a valid ZIP code.'],
    ['00000', 'Invalid ZIP. Please enter a new ZIP.'],
  ])('refuses ZIP %j with the spec message', async (zip, message) => {
    const res = await closest(zip);
    expect(res.status).toBe(400);
    expect(res.json!.message).toContain(message);
  });
});

describe('SpecificShopSearch', () => {
  it('requires the shop name with the spec message', async () => {
    for (const name of ['', '   ']) {
      const res = await specific({ ProviderName: name });
      expect(res.status).toBe(400);
      expect(res.json!.message).toContain('The shop name field is required');
    }
  });

  it('refuses a bad ZIP, a bad phone, a foreign country and a too-large page', async () => {
    expect((await specific({ ProviderName: 'Glass', ServiceZipCode: '12' })).json!.message).toContain('Please enter a valid ZIP code.');
    expect((await specific({ ProviderName: 'Glass', ServiceZipCode: '00000' })).json!.message).toContain('Invalid ZIP. Please enter a new ZIP.');
    expect((await specific({ ProviderName: 'Glass', ProviderPhone: '12' })).json!.message).toContain('Please enter a valid phone number');
    expect((await specific({ ProviderName: 'Glass', CountryCode: 'CA' })).status).toBe(400);
    expect((await specific({ ProviderName: 'Glass', PageSize: 51 })).status).toBe(400);
  });

  it('finds shops by name within the distance, nearest first, paged', async () => {
    const all = (await specific({ ProviderName: 'glasscare', Distance: 100, PageSize: 50 })).json!.result as Page;
    expect(all.totalCount).toBeGreaterThan(3);
    expect(all.providers.every((p) => p.name.toLowerCase().includes('glasscare') && p.distanceMiles <= 100)).toBe(true);
    const first = (await specific({ ProviderName: 'glasscare', Distance: 100, PageSize: 2, PageNumber: 1 })).json!.result as Page;
    const second = (await specific({ ProviderName: 'glasscare', Distance: 100, PageSize: 2, PageNumber: 2 })).json!.result as Page;
    expect(first).toMatchObject({ totalCount: all.totalCount, pageNumber: 1, pageSize: 2 });
    expect(first.providers.map((p) => p.shopId)).toEqual(all.providers.slice(0, 2).map((p) => p.shopId));
    expect(second.providers.map((p) => p.shopId)).toEqual(all.providers.slice(2, 4).map((p) => p.shopId));
    const near = (await specific({ ProviderName: 'glasscare', Distance: 5 })).json!.result as Page;
    expect(near.totalCount).toBeLessThan(all.totalCount);
    const past = (await specific({ ProviderName: 'glasscare', Distance: 100, PageNumber: 999 })).json!.result as Page;
    expect(past.providers).toEqual([]);
  });

  it('matches the phone when given and leaves the provider own shops out for a non-program account', async () => {
    const [shop] = ((await closest('33602')).json!.result as Page).providers;
    const word = shop!.name.split(/\s+/)[0]!;
    const byPhone = (await specific({ ProviderName: word, ProviderPhone: shop!.phoneNumber })).json!.result as Page;
    expect(byPhone.providers.map((p) => p.shopId)).toContain(shop!.shopId);
    expect(byPhone.providers.every((p) => p.phoneNumber === shop!.phoneNumber)).toBe(true);
    const none = (await specific({ ProviderName: 'glasscare', Distance: 100, IsSafeliteProgramAccount: false })).json!.result as Page;
    expect(none.totalCount).toBe(0);
  });

  it('trims trailing spaces from shop names', async () => {
    const at = lookupZip('33602')!;
    await portal.db.query(
      `INSERT INTO program_shops (shop_id, name, address_line, city, state_code, zip_code, phone_number, latitude, longitude, is_provider_owned)
       VALUES ('PS-TEST1', 'Trailing Space Glass   ', '1 Main St  ', 'Tampa', 'FL', '33602', '813-555-0199', $1, $2, false)`,
      [at.latitude, at.longitude],
    );
    const page = (await specific({ ProviderName: 'trailing space' })).json!.result as Page;
    expect(page.providers.map((p) => [p.name, p.addressLine])).toEqual([['Trailing Space Glass', '1 Main St']]);
    const nearest = ((await closest('33602')).json!.result as Page).providers[0]!;
    expect(nearest.name).toBe('Trailing Space Glass');
    await portal.db.query(`DELETE FROM program_shops WHERE shop_id = 'PS-TEST1'`);
  });
});

describe('the store locator scripts', () => {
  it('check ZIPs and phones with the same patterns as the forms and contracts', () => {
    expect(String(ZIP_PATTERN)).toBe(String(Rules.ZIP_PATTERN));
    expect(String(PHONE_PATTERN)).toBe(String(Rules.PHONE_PATTERN));
  });
});

describe('the Spanish host', () => {
  it('serves the Spanish build of the store locator pages at their English paths', async () => {
    const { contentPathFor } = await import('../../src/server/site.ts');
    for (const page of ['shop-search', 'specific-shop-search', 'specific-shop-results']) {
      expect(contentPathFor(`/dashboard/${page}`, 'espanol.localhost:4321')).toBe(`/es/dashboard/${page}`);
      expect(contentPathFor(`/dashboard/${page}`, 'localhost:4321')).toBe(`/dashboard/${page}`);
    }
    expect(contentPathFor('/dashboard/start-claim', 'espanol.localhost:4321')).toBe('/dashboard/start-claim');
  });
});
