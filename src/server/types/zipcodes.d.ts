/** Minimal types for the CommonJS package `zipcodes` (US and Canadian postal codes with coordinates). */
declare module 'zipcodes' {
  /** One postal code entry. US entries are keyed by the 5-digit ZIP; Canadian ones by their 3-character prefix. */
  export interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: 'US' | 'Canada' | string;
  }
  export const codes: Record<string, ZipCodeEntry>;
  export function lookup(zip: string | number): ZipCodeEntry | undefined;
  export function lookupByName(city: string, state: string): ZipCodeEntry[];
  export function lookupByState(state: string): ZipCodeEntry[];
  export function distance(zipA: string | number, zipB: string | number): number | null;
  export function radius(zip: string | number, miles: number, full?: boolean): string[] | ZipCodeEntry[];
  export function toMiles(km: number): number;
  export function toKilometers(miles: number): number;
  export function random(): ZipCodeEntry;
  const zipcodes: {
    codes: typeof codes;
    lookup: typeof lookup;
    lookupByName: typeof lookupByName;
    lookupByState: typeof lookupByState;
    distance: typeof distance;
    radius: typeof radius;
    toMiles: typeof toMiles;
    toKilometers: typeof toKilometers;
    random: typeof random;
  };
  export default zipcodes;
}
