/**
 * Program shops near a ZIP, and whether a ZIP is serviced (a shop within the service radius).
 * Distances run from the centroid of the customer's ZIP to the shop's location, great-circle, in miles.
 */
import type { Queryable } from '../db/index.ts';
import type { ProgramShop } from '../db/shops.ts';
import { boundingBox, distanceMiles, lookupZip, type LatLon } from './zip.ts';

/** A ZIP is serviced when a program shop lies within this many miles of it. */
export const SERVICE_RADIUS_MILES = 50;
/** How many shops closestShops returns unless told. */
export const DEFAULT_SHOP_LIMIT = 5;

/** One shop near a ZIP, as the API returns it: the stored shop without its coordinates, with its distance. */
export type NearbyShop = Omit<ProgramShop, 'latitude' | 'longitude'> & {
  /** Miles from the ZIP's centroid, one decimal. */
  distanceMiles: number;
};

export interface ShopSearchOptions {
  /** Leave the provider's own shops out (the 'ExcludeSafeliteShops' scheduling option). */
  excludeProviderOwned?: boolean;
  /** At most this many shops (default 5). */
  limit?: number;
  /** Search radius in miles (default SERVICE_RADIUS_MILES). */
  radiusMiles?: number;
}

/** A program_shops row as the searches read it. */
export interface ShopRow {
  shop_id: string;
  name: string;
  address_line: string;
  city: string;
  state_code: string;
  zip_code: string;
  phone_number: string;
  latitude: number;
  longitude: number;
  is_provider_owned: boolean;
}

const COLUMNS =
  'shop_id, name, address_line, city, state_code, zip_code, phone_number, latitude, longitude, is_provider_owned';

const round1 = (miles: number) => Math.round(miles * 10) / 10;

/**
 * Shops (optionally without the provider's) with their exact distance from `at`, nearest first. Shared by the
 * appointment step (closestShops, ExcludeSafeliteShops) and the public shop search (services/shop-search.ts).
 */
export async function shopsByDistance(
  db: Queryable,
  at: LatLon,
  opts: { excludeProviderOwned: boolean; radiusMiles: number | null },
): Promise<{ row: ShopRow; miles: number }[]> {
  const where: string[] = [];
  const params: (number | boolean)[] = [];
  if (opts.radiusMiles !== null) {
    const box = boundingBox(at, opts.radiusMiles);
    params.push(box.minLat, box.maxLat, box.minLon, box.maxLon);
    where.push('latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4');
  }
  if (opts.excludeProviderOwned) where.push('NOT is_provider_owned');
  const rows = await db.query<ShopRow>(
    `SELECT ${COLUMNS} FROM program_shops${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    params,
  );
  const found = rows.map((row) => ({ row, miles: distanceMiles(at, { latitude: Number(row.latitude), longitude: Number(row.longitude) }) }));
  const inRadius = opts.radiusMiles === null ? found : found.filter((f) => f.miles <= opts.radiusMiles!);
  return inRadius.sort((a, b) => a.miles - b.miles || (a.row.shop_id < b.row.shop_id ? -1 : 1));
}

/**
 * The program shops nearest a ZIP (5 digits or ZIP+4) within the radius, nearest first.
 * An unknown or malformed ZIP has no shops.
 */
export async function closestShops(db: Queryable, zip: string, opts: ShopSearchOptions = {}): Promise<NearbyShop[]> {
  const at = lookupZip(zip);
  if (!at) return [];
  const limit = Math.max(0, Math.floor(opts.limit ?? DEFAULT_SHOP_LIMIT));
  const radiusMiles = opts.radiusMiles ?? SERVICE_RADIUS_MILES;
  if (limit === 0 || !(radiusMiles >= 0)) return [];
  const found = await shopsByDistance(db, at, { excludeProviderOwned: opts.excludeProviderOwned ?? false, radiusMiles });
  return found.slice(0, limit).map(({ row, miles }) => ({
    shopId: row.shop_id,
    name: row.name,
    addressLine: row.address_line,
    city: row.city,
    stateCode: row.state_code,
    zipCode: row.zip_code,
    phoneNumber: row.phone_number,
    distanceMiles: round1(miles),
    isProviderOwned: row.is_provider_owned,
  }));
}

/**
 * Whether a ZIP is serviced (a program shop within the service radius) and how far the nearest shop is,
 * wherever it is (one decimal); closestShopMiles is null for an unknown ZIP or when there are no shops.
 */
export async function isServiced(
  db: Queryable,
  zip: string,
  opts: Pick<ShopSearchOptions, 'excludeProviderOwned' | 'radiusMiles'> = {},
): Promise<{ isServiced: boolean; closestShopMiles: number | null }> {
  const at = lookupZip(zip);
  if (!at) return { isServiced: false, closestShopMiles: null };
  const radiusMiles = opts.radiusMiles ?? SERVICE_RADIUS_MILES;
  const excludeProviderOwned = opts.excludeProviderOwned ?? false;
  // Near shops come from the indexed box; only a ZIP with none there needs the full (few hundred rows) scan.
  const [near] = await shopsByDistance(db, at, { excludeProviderOwned, radiusMiles });
  if (near) return { isServiced: true, closestShopMiles: round1(near.miles) };
  const [nearest] = await shopsByDistance(db, at, { excludeProviderOwned, radiusMiles: null });
  return { isServiced: false, closestShopMiles: nearest ? round1(nearest.miles) : null };
}
