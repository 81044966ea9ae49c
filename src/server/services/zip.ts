/**
 * US ZIP reference data (package `zipcodes`: city, state and the ZIP's centroid for about 42,000 ZIPs)
 * and great-circle distances. Server-side only: the data set is about 5 MB of JavaScript.
 *
 * The package is loaded with the module; the index of US ZIPs is built once per process, on first use.
 */
import zipcodes from 'zipcodes';
import { MESSAGES } from '../../lib/claim/validation.ts';
import { HttpError } from '../errors.ts';

/** A point on the globe in decimal degrees. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/** One US ZIP code: its preferred city, 2-letter state (or territory / military) code and centroid. */
export interface ZipInfo extends LatLon {
  zipCode: string;
  city: string;
  state: string;
}

/** Mean radius of the Earth in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

/** A 5-digit ZIP or a ZIP+4 ('33602', '33602-1234', '336021234'), surrounding blanks allowed. */
const ZIP_PATTERN = /^(\d{5})(?:-?\d{4})?$/;

/** The 48 contiguous states and DC, where every longitude is west (negative). */
const CONTIGUOUS = new Set(
  ('AL AZ AR CA CO CT DE DC FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
    'OR PA RI SC SD TN TX UT VT VA WA WV WI WY').split(' '),
);

let index: Map<string, ZipInfo> | undefined;
let list: readonly ZipInfo[] | undefined;

/** Builds the index of US ZIPs once: entries without coordinates (0, 0) are left out; a sign slip is mended. */
function zipIndex(): Map<string, ZipInfo> {
  if (index) return index;
  const map = new Map<string, ZipInfo>();
  for (const c of Object.values(zipcodes.codes)) {
    if (c.country !== 'US' || !/^\d{5}$/.test(c.zip)) continue;
    if (typeof c.latitude !== 'number' || typeof c.longitude !== 'number') continue;
    if (c.latitude === 0 && c.longitude === 0) continue;
    // The data has an eastern longitude for a Manhattan ZIP (10200); nothing in the lower 48 is east of Greenwich.
    const longitude = CONTIGUOUS.has(c.state) && c.longitude > 0 ? -c.longitude : c.longitude;
    map.set(c.zip, { zipCode: c.zip, city: c.city, state: c.state, latitude: c.latitude, longitude });
  }
  index = map;
  return map;
}

/** The 5-digit ZIP of a ZIP or ZIP+4, or null when the text is not one. */
export function normalizeZip(zip: string): string | null {
  const m = ZIP_PATTERN.exec(String(zip ?? '').trim());
  return m ? m[1]! : null;
}

/** Looks a US ZIP (5 digits or ZIP+4; only the first five count) up; null when malformed or unknown. */
export function lookupZip(zip: string): ZipInfo | null {
  const five = normalizeZip(zip);
  if (!five) return null;
  const info = zipIndex().get(five);
  return info ? { ...info } : null;
}

/** Every US ZIP with coordinates, in ascending ZIP order (read-only, shared). */
export function allZips(): readonly ZipInfo[] {
  if (!list) {
    const values = [...zipIndex().values()];
    const sorted = values.every((z, i) => i === 0 || values[i - 1]!.zipCode < z.zipCode);
    list = sorted ? values : values.sort((a, b) => (a.zipCode < b.zipCode ? -1 : a.zipCode > b.zipCode ? 1 : 0));
  }
  return list;
}

const toRadians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in miles between two points. */
export function distanceMiles(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance in miles between the centroids of two ZIPs; null when either is unknown. */
export function zipDistanceMiles(zipA: string, zipB: string): number | null {
  const a = lookupZip(zipA);
  const b = lookupZip(zipB);
  return a && b ? distanceMiles(a, b) : null;
}

/**
 * A latitude/longitude box that contains every point within `miles` of `center` (a cheap pre-filter before
 * the exact distance). Longitude span grows towards the poles; clamped so Alaska stays sane.
 */
export function boundingBox(center: LatLon, miles: number): { minLat: number; maxLat: number; minLon: number; maxLon: number } {
  const dLat = (miles / (Math.PI * EARTH_RADIUS_MILES)) * 180;
  const cos = Math.max(0.05, Math.cos(toRadians(Math.min(89, Math.abs(center.latitude) + dLat))));
  const dLon = Math.min(180, dLat / cos);
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLon: center.longitude - dLon,
    maxLon: center.longitude + dLon,
  };
}

/** The ZIP's city, state and coordinates; a ZIP that does not exist is a 400 with the spec's message. */
export function knownZip(zip: string): ZipInfo {
  const found = lookupZip(zip);
  if (!found) throw new HttpError(400, MESSAGES.zipUnknown);
  return found;
}
