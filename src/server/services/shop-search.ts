/**
 * The public shop search (issue 17, docs/decisions/029): the program providers closest to a ZIP, and a search for a
 * specific shop by name (and phone) within a distance, paged. Both read program_shops through shopsByDistance, the
 * same search the appointment step's ExcludeSafeliteShops uses (services/shops.ts).
 *
 * Mobile service and opening hours are not columns: they follow deterministically from the shop id (migration 020
 * would have stored the same values; deriving them keeps the seed and the appointment step untouched).
 */
import type { ShopHours, ShopProvider, SearchedZip } from '../../lib/api/shop-search.ts';
import { CLOSEST_PROVIDERS, CLOSEST_PROVIDERS_RADIUS_MILES, DEFAULT_SHOP_DISTANCE, DEFAULT_SHOP_PAGE_SIZE } from '../../lib/api/shop-search.ts';
import { MESSAGES, phoneDigits } from '../../lib/claim/validation.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { fnv1a } from '../random.ts';
import { shopsByDistance, type ShopRow } from './shops.ts';
import { lookupZip, type ZipInfo } from './zip.ts';

const OPENS = ['07:00', '07:30', '08:00', '08:00', '09:00'] as const;
const CLOSES = ['17:00', '17:30', '18:00', '18:00', '19:00'] as const;

/** Whether a shop offers mobile service, and its hours: fixed by a hash of its id (same answer on every run). */
export function shopExtras(shopId: string, isProviderOwned: boolean): { mobileService: boolean; hours: ShopHours[] } {
  const h = fnv1a(`extras:${shopId}`);
  // The provider's own shops all send technicians out; about half of the independent ones do.
  const mobileService = isProviderOwned || h % 2 === 0;
  const hours: ShopHours[] = [{ days: 'MonFri', opens: OPENS[h % OPENS.length]!, closes: CLOSES[(h >>> 3) % CLOSES.length]! }];
  if ((h >>> 6) % 4 !== 0) hours.push({ days: 'Sat', opens: '08:00', closes: (h >>> 8) % 2 ? '12:00' : '14:00' });
  if ((h >>> 9) % 5 === 0) hours.push({ days: 'Sun', opens: '10:00', closes: '14:00' });
  return { mobileService, hours };
}

const round1 = (miles: number) => Math.round(miles * 10) / 10;

/** A stored shop as the shop search answers it: name without trailing spaces, distance, extras, location. */
export function toProvider(row: ShopRow, miles: number): ShopProvider {
  return {
    shopId: row.shop_id,
    name: row.name.trimEnd(),
    addressLine: row.address_line.trimEnd(),
    city: row.city.trimEnd(),
    stateCode: row.state_code,
    zipCode: row.zip_code,
    phoneNumber: row.phone_number.trim(),
    distanceMiles: round1(miles),
    ...shopExtras(row.shop_id, row.is_provider_owned),
    isProviderOwned: row.is_provider_owned,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  };
}

/** The ZIP located, or 400 with the spec's 'Invalid ZIP. Please enter a new ZIP.' when it is not a known ZIP. */
function locate(zip: string): ZipInfo {
  const at = lookupZip(zip);
  if (!at) throw new HttpError(400, MESSAGES.zipUnknown);
  return at;
}

const searched = (z: ZipInfo): SearchedZip => ({ zipCode: z.zipCode, city: z.city, stateCode: z.state, latitude: z.latitude, longitude: z.longitude });

/** GetClosestProgramProviders: the 10 providers nearest the ZIP within 100 miles, nearest first. */
export async function closestProviders(db: Queryable, zip: string): Promise<{ zip: SearchedZip; providers: ShopProvider[] }> {
  const at = locate(zip);
  const found = await shopsByDistance(db, at, { excludeProviderOwned: false, radiusMiles: CLOSEST_PROVIDERS_RADIUS_MILES });
  return { zip: searched(at), providers: found.slice(0, CLOSEST_PROVIDERS).map(({ row, miles }) => toProvider(row, miles)) };
}

export interface SpecificShopQuery {
  name: string;
  phone?: string | null;
  zip: string;
  distance?: number;
  pageSize?: number;
  pageNumber?: number;
  /** Leave the provider's own shops out (IsSafeliteProgramAccount false). */
  excludeProviderOwned?: boolean;
}

/** SpecificShopSearch: shops whose name contains the words typed (any case), phone matching when given, nearest first, one page. */
export async function specificShopSearch(db: Queryable, q: SpecificShopQuery) {
  const at = locate(q.zip);
  const radiusMiles = q.distance ?? DEFAULT_SHOP_DISTANCE;
  const pageSize = q.pageSize ?? DEFAULT_SHOP_PAGE_SIZE;
  const pageNumber = q.pageNumber ?? 1;
  const words = q.name.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const digits = q.phone ? phoneDigits(q.phone) : '';
  const found = (await shopsByDistance(db, at, { excludeProviderOwned: q.excludeProviderOwned ?? false, radiusMiles })).filter(({ row }) => {
    const name = row.name.toLowerCase();
    return words.every((w) => name.includes(w)) && (!digits || phoneDigits(row.phone_number) === digits);
  });
  const page = found.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
  return {
    zip: searched(at),
    providers: page.map(({ row, miles }) => toProvider(row, miles)),
    totalCount: found.length,
    pageNumber,
    pageSize,
  };
}
