/**
 * Offline VIN checks (49 CFR 565): length, characters, check digit (position 9), model year (position 10
 * with the position-7 rule) and the make from the world manufacturer identifier (positions 1–3).
 * Browser-safe and small: it ships with the claim flow.
 */

import { VIN_MESSAGES } from './validation.ts';

/** Why a VIN was refused. */
export type VinProblem = 'length' | 'characters' | 'check-digit';

/** A decoded VIN, or why it is not one. */
export type VinResult =
  | { ok: true; vin: string; year: number | null; make: string | null; wmi: string }
  | { ok: false; reason: VinProblem; message: string };

/** Why a VIN is refused (the texts live with the other field messages, which the forms translate by code). */
export { VIN_MESSAGES };

const VIN_RE = /^[A-HJ-NPR-Z0-9]{17}$/;
/** Transliteration of letters (A..Z; I, O, Q are never valid and map to nothing). */
const LETTER_VALUES = '12345678-12345-7-923456789';
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** Position-10 codes in cycle order: index 0 = 1980 / 2010 … index 29 = 2009 / 2039. */
export const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

const value = (c: string) => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : Number(LETTER_VALUES[c.charCodeAt(0) - 65]));

/** The check digit (position 9) a 17-character VIN must carry: '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += value(vin[i]!) * WEIGHTS[i]!;
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/**
 * World manufacturer identifiers → make, as 'Make:WMI,WMI|…'. A leading '*' marks heavy-truck WMIs
 * (over 10,000 lb GVWR: the position-7 year rule does not bind them).
 */
const WMI_TABLE =
  'Acura:19U,19V,JH4,2HN,5J8,5FR|Audi:WAU,WA1,WUA,TRU|BMW:WBA,WBS,WBX,WBY,5UX,5YM,4US|Buick:1G4,2G4,5GA,KL4,LRB,3G5|' +
  'Cadillac:1G6,1GY,3GY|Chevrolet:1G1,1GC,1GN,1GA,2G1,2GN,2GC,3GN,3GC,KL1,KL7,KL8|Chrysler:1C3,2C3,2C4,2A4,2A8,3A4,3A8,1A4,1A8,3C3|' +
  'Dodge:1B3,2B3,1D3,1D4,1D7,1D8,3D4,3D6,3D7,2D4,2D8,3C4|Fiat:ZFB|Ford:1FA,1FB,1FM,1FT,2FA,2FM,2FT,3FA,3FM,3FT,1ZV,NM0|' +
  'Genesis:KMT,KMU|GMC:1GT,1GK,1GJ,2GT,2GK,3GT,3GK|Honda:1HG,2HG,19X,JHM,5J6,2HK,5FN,7FA,3CZ,5FP,2HJ,SHH|Hummer:5GR,5GT|' +
  'Hyundai:KMH,KM8,5NP,5NM,5NT|Infiniti:JNK,JNR|Jaguar:SAJ,SAD|Jeep:1J4,1J8,1C4,ZAC|Kia:KNA,KND,5XX,5XY,3KP|Land Rover:SAL|' +
  'Lexus:JTH,JTJ,2T2,58A|Lincoln:1LN,2LN,3LN,2LM,5LM,5LT|Mazda:JM1,JM3,1YV,3MZ,3MV,7MM,4F2,4F4|' +
  'Mercedes-Benz:WDB,WDD,WDC,4JG,55S,W1K,W1N,WD3,W1Y|Mercury:1ME,2ME,3ME,4M2|Mini:WMW,WMZ|Mitsubishi:JA3,JA4,4A3,4A4,ML3|' +
  'Nissan:1N4,1N6,3N1,3N6,5N1,JN1,JN8,KNM|Pontiac:1G2,2G2,5Y2,6G2|Porsche:WP0,WP1|Ram:1C6,3C6,3C7|Saturn:1G8,5GZ,3GS|' +
  'Scion:JTK,JTL|Subaru:4S3,4S4,JF1,JF2|Tesla:5YJ,7SA,7G2,LRW|Toyota:4T1,4T3,4T4,5TD,5TF,5TE,3TM,2T1,2T3,JTD,JTE,JTM,JTN,5YF|' +
  'Volkswagen:3VW,1VW,WVW,WVG,1V2,3VV,2V4|Volvo:YV1,YV4,7JR,LVY,*4V4,*4VG|Freightliner:*1FU,*1FV,*3AK,*3AL|' +
  'Peterbilt:*1XP,*1NP,*2NP|Kenworth:*1XK,*1NK,*2NK|International:*1HS,*1HT,*3HS|Mack:*1M1,*1M2|Western Star:*5KJ,*5KK';

const WMI_MAKE = new Map<string, string>();
const HEAVY_WMIS = new Set<string>();
for (const entry of WMI_TABLE.split('|')) {
  const [make, list] = entry.split(':') as [string, string];
  for (const code of list.split(',')) {
    const wmi = code.replace('*', '');
    WMI_MAKE.set(wmi, make);
    if (code.startsWith('*')) HEAVY_WMIS.add(wmi);
  }
}

/**
 * Chrysler-group WMIs are shared by its brands; from model year 2011 position 5 names the brand
 * (C Chrysler, D Dodge, F Fiat, J Jeep, R Ram), e.g. 2C3CDXBG… is a Dodge Charger, 1C6HJTFG… a Jeep Gladiator.
 */
const FCA_WMIS = new Set(['1C3', '1C4', '1C6', '2C3', '2C4', '3C3', '3C4', '3C6', '3C7', 'ZAC', 'ZFB']);
const FCA_BRANDS: Record<string, string> = { C: 'Chrysler', D: 'Dodge', F: 'Fiat', J: 'Jeep', R: 'Ram' };

/** Every make the WMI table knows (the catalog generates vehicles of these only). */
export const VIN_MAKES: readonly string[] = [...new Set(WMI_MAKE.values())];

/** The latest model year a heavy truck's position 10 may mean. */
const LATEST_YEAR = Math.max(2027, new Date().getFullYear() + 1);

/**
 * The model year of a 17-character VIN from position 10: position 7 a digit → 1980–2009, a letter → 2010–2039.
 * Heavy trucks (whose position 7 is free) take the later cycle unless it lies in the future. Null when position 10
 * is no year code.
 */
export function modelYear(vin: string): number | null {
  const i = YEAR_CODES.indexOf(vin[9] ?? '');
  if (i < 0) return null;
  if (HEAVY_WMIS.has(vin.slice(0, 3))) return 2010 + i <= LATEST_YEAR ? 2010 + i : 1980 + i;
  return /[0-9]/.test(vin[6] ?? '') ? 1980 + i : 2010 + i;
}

/** The make a VIN's manufacturer identifier (and, for Chrysler-group VINs of 2011 on, position 5) stands for. */
export function vinMake(vin: string, year: number | null = modelYear(vin)): string | null {
  const wmi = vin.slice(0, 3);
  if (FCA_WMIS.has(wmi) && year !== null && year >= 2011) {
    const brand = FCA_BRANDS[vin[4] ?? ''];
    if (brand) return brand;
  }
  return WMI_MAKE.get(wmi) ?? null;
}

/** Upper-cases and drops spaces and dashes people type or paste around a VIN. */
export const normaliseVin = (raw: string) => raw.toUpperCase().replace(/[\s-]+/g, '');

/** Checks a VIN as typed and decodes its year and make; the message says what is wrong. */
export function validateVin(raw: string): VinResult {
  const vin = normaliseVin(raw);
  const fail = (reason: VinProblem): VinResult => ({ ok: false, reason, message: VIN_MESSAGES[reason] });
  if (vin.length !== 17) return fail('length');
  if (!VIN_RE.test(vin)) return fail('characters');
  if (vin[8] !== vinCheckDigit(vin)) return fail('check-digit');
  const year = modelYear(vin);
  return { ok: true, vin, year, make: vinMake(vin, year), wmi: vin.slice(0, 3) };
}

/** A VIN with its check digit put in (the input's position 9 is ignored). */
export function withCheckDigit(vin: string): string {
  return vin.slice(0, 8) + vinCheckDigit(vin) + vin.slice(9);
}
