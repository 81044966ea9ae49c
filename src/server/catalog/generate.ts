/**
 * The glass catalog generator: the vehicles most common on US roads (model years 2005–2027), their body
 * styles, and NAGS-style glass per generation. Deterministic — no randomness — so CarIds, part numbers
 * and VINs are the same on every machine. Seeded into the database by src/server/services/catalog.ts.
 */
import type { CatalogPart, CatalogVehicle, GlassFeature, GlassGroup, GlassLocation, GlassTint, GlassType, Recalibration } from '../../lib/claim/glass.ts';
import { vinCheckDigit, YEAR_CODES } from '../../lib/claim/vin.ts';
import { fnv1a } from '../random.ts';

/** Body kinds and their styles. */
const STYLES = {
  sedan: ['4 Door Sedan'],
  coupe: ['2 Door Coupe'],
  sedancoupe: ['4 Door Sedan', '2 Door Coupe'],
  compact: ['4 Door Sedan', '4 Door Hatchback'],
  hatch: ['4 Door Hatchback'],
  suv: ['4 Door Utility'],
  wagon: ['4 Door Wagon'],
  van: ['Minivan'],
  pickup: ['2 Door Regular Cab Pickup', '4 Door Extended Cab Pickup', '4 Door Crew Cab Pickup'],
  midpickup: ['4 Door Extended Cab Pickup', '4 Door Crew Cab Pickup'],
  crewpickup: ['4 Door Crew Cab Pickup'],
  truck: ['Conventional Cab'],
  splittruck: ['Conventional Cab'],
} as const;
type Kind = keyof typeof STYLES;

/**
 * Models: 'Model:kind:first-last:tier' (tier 1 economy, 2 mainstream, 3 premium), by make. Years are
 * the years sold in the US, clipped to 2005–2027.
 */
const MODELS: Record<string, string> = {
  Acura: 'TL:sedan:2005-2014:3|TSX:sedan:2005-2014:3|ILX:sedan:2013-2022:3|TLX:sedan:2015-2027:3|RDX:suv:2007-2027:3|MDX:suv:2005-2027:3|Integra:hatch:2023-2027:3',
  Audi: 'A4:sedan:2005-2027:3|A6:sedan:2005-2027:3|Q5:suv:2009-2027:3|Q7:suv:2007-2027:3|Q3:suv:2015-2027:3',
  BMW: '3 Series:sedan:2005-2027:3|5 Series:sedan:2005-2027:3|X3:suv:2005-2027:3|X5:suv:2005-2027:3|X1:suv:2013-2027:3',
  Buick: 'LaCrosse:sedan:2005-2019:2|Enclave:suv:2008-2027:3|Encore:suv:2013-2022:2|Envision:suv:2016-2027:2|Encore GX:suv:2020-2027:2',
  Cadillac: 'CTS:sedan:2005-2019:3|Escalade:suv:2005-2027:3|SRX:suv:2005-2016:3|XT5:suv:2017-2027:3|XT4:suv:2019-2027:3',
  Chevrolet:
    'Silverado 1500:pickup:2005-2027:2|Silverado 2500HD:pickup:2005-2027:2|Equinox:suv:2005-2027:2|Malibu:sedan:2005-2025:2|Tahoe:suv:2005-2027:2|' +
    'Suburban:suv:2005-2027:2|Traverse:suv:2009-2027:2|Impala:sedan:2005-2020:2|Cruze:compact:2011-2019:1|Colorado:midpickup:2005-2027:2|' +
    'Trax:suv:2015-2027:1|Camaro:coupe:2010-2024:2|Blazer:suv:2019-2027:2|Trailblazer:suv:2021-2027:1|Spark:hatch:2013-2022:1|Sonic:compact:2012-2020:1|Bolt EV:hatch:2017-2023:2',
  Chrysler: '300:sedan:2005-2023:2|Pacifica:van:2017-2027:2|Town & Country:van:2005-2016:2|200:sedan:2011-2017:2',
  Dodge: 'Grand Caravan:van:2005-2020:1|Charger:sedan:2006-2027:2|Durango:suv:2005-2027:2|Journey:suv:2009-2020:1|Challenger:coupe:2008-2023:2|Dart:sedan:2013-2016:1|Avenger:sedan:2008-2014:1',
  Ford:
    'F-150:pickup:2005-2027:2|F-250 Super Duty:pickup:2005-2027:2|Escape:suv:2005-2027:2|Explorer:suv:2005-2027:2|Fusion:sedan:2006-2020:2|' +
    'Focus:compact:2005-2018:1|Edge:suv:2007-2024:2|Expedition:suv:2005-2027:2|Mustang:coupe:2005-2027:2|Ranger:midpickup:2005-2011:1|' +
    'Ranger:crewpickup:2019-2027:2|Bronco Sport:suv:2021-2027:2|Bronco:suv:2021-2027:2|Maverick:crewpickup:2022-2027:1|Taurus:sedan:2008-2019:2|' +
    'Flex:wagon:2009-2019:2|Transit Connect:van:2010-2023:1|Fiesta:compact:2011-2019:1|EcoSport:suv:2018-2022:1|Mustang Mach-E:suv:2021-2027:3',
  GMC: 'Sierra 1500:pickup:2005-2027:2|Acadia:suv:2007-2027:2|Terrain:suv:2010-2027:2|Yukon:suv:2005-2027:3|Canyon:midpickup:2005-2027:2|Sierra 2500HD:pickup:2005-2027:2',
  Honda:
    'Civic:sedancoupe:2005-2027:1|Accord:sedancoupe:2005-2027:2|CR-V:suv:2005-2027:2|Pilot:suv:2005-2027:2|Odyssey:van:2005-2027:2|' +
    'HR-V:suv:2016-2027:1|Fit:hatch:2007-2020:1|Ridgeline:crewpickup:2006-2027:2|Passport:suv:2019-2027:2|Insight:sedan:2019-2022:1',
  Hyundai:
    'Elantra:compact:2005-2027:1|Sonata:sedan:2005-2027:2|Tucson:suv:2005-2027:2|Santa Fe:suv:2005-2027:2|Accent:compact:2005-2022:1|' +
    'Kona:suv:2018-2027:1|Palisade:suv:2020-2027:2|Venue:suv:2020-2027:1|Ioniq 5:suv:2022-2027:3|Santa Cruz:crewpickup:2022-2027:2',
  Infiniti: 'G37:sedan:2008-2013:3|Q50:sedan:2014-2024:3|QX60:suv:2014-2027:3|QX50:suv:2014-2027:3',
  Jeep:
    'Grand Cherokee:suv:2005-2027:2|Wrangler:suv:2007-2027:2|Cherokee:suv:2014-2023:2|Compass:suv:2007-2027:1|Renegade:suv:2015-2023:1|' +
    'Liberty:suv:2005-2012:1|Patriot:suv:2007-2017:1|Gladiator:crewpickup:2020-2027:2',
  Kia: 'Sorento:suv:2005-2027:2|Optima:sedan:2006-2020:2|K5:sedan:2021-2027:2|Forte:compact:2010-2027:1|Soul:hatch:2010-2027:1|Sportage:suv:2005-2027:2|Telluride:suv:2020-2027:2|Rio:compact:2006-2023:1|Sedona:van:2006-2021:1|Carnival:van:2022-2027:2|Seltos:suv:2021-2027:1',
  Lexus: 'RX:suv:2005-2027:3|ES:sedan:2005-2027:3|NX:suv:2015-2027:3|IS:sedan:2006-2027:3|GX:suv:2005-2027:3',
  Lincoln: 'MKZ:sedan:2007-2020:3|Navigator:suv:2005-2027:3|MKX:suv:2007-2018:3|Nautilus:suv:2019-2027:3|Aviator:suv:2020-2027:3|Corsair:suv:2020-2027:3',
  Mazda: 'Mazda3:compact:2005-2027:1|Mazda6:sedan:2005-2021:2|CX-5:suv:2013-2027:2|CX-9:suv:2007-2023:2|CX-30:suv:2020-2027:2|MX-5 Miata:coupe:2005-2027:2|CX-50:suv:2023-2027:2|CX-90:suv:2024-2027:3',
  'Mercedes-Benz': 'C-Class:sedan:2005-2027:3|E-Class:sedan:2005-2027:3|GLE:suv:2016-2027:3|GLC:suv:2016-2027:3|M-Class:suv:2005-2015:3|Sprinter:van:2007-2027:2',
  Mitsubishi: 'Outlander:suv:2005-2027:1|Lancer:sedan:2005-2017:1|Mirage:hatch:2014-2024:1|Outlander Sport:suv:2011-2024:1|Eclipse Cross:suv:2018-2027:1',
  Nissan:
    'Altima:sedancoupe:2005-2027:2|Rogue:suv:2008-2027:2|Sentra:sedan:2005-2027:1|Pathfinder:suv:2005-2027:2|Frontier:midpickup:2005-2027:2|' +
    'Murano:suv:2005-2027:2|Versa:compact:2007-2027:1|Titan:pickup:2005-2024:2|Maxima:sedan:2005-2023:2|Kicks:suv:2018-2027:1|Armada:suv:2005-2027:2|Leaf:hatch:2011-2025:2',
  Ram: '1500:pickup:2011-2027:2|2500:pickup:2011-2027:2|ProMaster:van:2014-2027:1',
  Subaru: 'Outback:wagon:2005-2027:2|Forester:suv:2005-2027:2|Impreza:compact:2005-2027:1|Crosstrek:suv:2013-2027:2|Legacy:sedan:2005-2025:2|Ascent:suv:2019-2027:2|WRX:sedan:2015-2027:2',
  Tesla: 'Model 3:sedan:2017-2027:3|Model Y:suv:2020-2027:3|Model S:sedan:2012-2027:3|Model X:suv:2016-2027:3',
  Toyota:
    'Camry:sedan:2005-2027:2|Corolla:compact:2005-2027:1|RAV4:suv:2005-2027:2|Tacoma:midpickup:2005-2027:2|Highlander:suv:2005-2027:2|' +
    'Tundra:pickup:2005-2027:2|Prius:hatch:2005-2027:2|Sienna:van:2005-2027:2|4Runner:suv:2005-2025:2|Avalon:sedan:2005-2022:3|' +
    'Sequoia:suv:2005-2027:2|Yaris:compact:2007-2020:1|C-HR:suv:2018-2022:1|Venza:suv:2009-2024:2|Corolla Cross:suv:2022-2027:1|Grand Highlander:suv:2024-2027:2',
  Volkswagen: 'Jetta:sedan:2005-2027:1|Passat:sedan:2005-2022:2|Tiguan:suv:2009-2027:2|Atlas:suv:2018-2027:2|Golf:hatch:2005-2021:1|Beetle:coupe:2005-2019:1|Taos:suv:2022-2027:1',
  Volvo: 'XC90:suv:2005-2027:3|XC60:suv:2010-2027:3|S60:sedan:2005-2027:3|XC40:suv:2019-2027:3',
};

/** Big trucks (over 10,000 lb): their own list, not in the car lookups. */
const BIG_TRUCKS: Record<string, string> = {
  Freightliner: 'Cascadia:truck:2008-2027:2|M2 106:truck:2005-2027:2|Columbia:truck:2005-2015:2',
  Peterbilt: '579:truck:2013-2027:3|389:splittruck:2007-2027:3|567:truck:2014-2027:3',
  Kenworth: 'T680:truck:2013-2027:3|W900:splittruck:2005-2027:3|T880:truck:2014-2027:3',
  International: 'LT:truck:2017-2027:2|MV:truck:2019-2027:2|ProStar:truck:2008-2017:2',
  Volvo: 'VNL:truck:2005-2027:2',
  Mack: 'Anthem:truck:2018-2027:2|Granite:truck:2005-2027:2',
  'Western Star': '5700XE:truck:2014-2022:3|4700:truck:2013-2027:2',
};

/** Makes whose windshields are 'domestic' in NAGS terms (DW); the others are FW. */
const DOMESTIC = new Set(['Buick', 'Cadillac', 'Chevrolet', 'Chrysler', 'Dodge', 'Ford', 'GMC', 'Jeep', 'Lincoln', 'Ram', 'Tesla']);
/** Camera recalibration kind by make (what the maker's procedure calls for). */
const DYNAMIC_CALIBRATION = new Set(['Honda', 'Acura', 'Nissan', 'Infiniti', 'Chevrolet', 'GMC', 'Buick', 'Cadillac', 'Mazda', 'Volkswagen', 'Ford', 'Lincoln']);

/** World manufacturer identifiers the generated VINs use: [before 2011, from 2011]; FCA brands add position 5. */
const WMI: Record<string, [string, string, string?]> = {
  Acura: ['19U', '19U'], Audi: ['WAU', 'WAU'], BMW: ['WBA', 'WBA'], Buick: ['1G4', '1G4'], Cadillac: ['1G6', '1G6'], Chevrolet: ['1G1', '1G1'],
  Chrysler: ['2C3', '2C3', 'C'], Dodge: ['2B3', '2C3', 'D'], Ford: ['1FA', '1FA'], GMC: ['1GT', '1GT'], Honda: ['1HG', '1HG'], Hyundai: ['KMH', 'KMH'],
  Infiniti: ['JNK', 'JNK'], Jeep: ['1J4', '1C4', 'J'], Kia: ['KNA', 'KNA'], Lexus: ['JTH', 'JTH'], Lincoln: ['1LN', '1LN'], Mazda: ['JM1', 'JM1'],
  'Mercedes-Benz': ['WDD', 'WDD'], Mitsubishi: ['JA3', 'JA3'], Nissan: ['1N4', '1N4'], Ram: ['1C6', '1C6', 'R'], Subaru: ['4S3', '4S3'], Tesla: ['5YJ', '5YJ'],
  Toyota: ['4T1', '4T1'], Volkswagen: ['3VW', '3VW'], Volvo: ['YV1', 'YV1'],
  Freightliner: ['1FU', '1FU'], Peterbilt: ['1XP', '1XP'], Kenworth: ['1XK', '1XK'], International: ['1HS', '1HS'], Mack: ['1M1', '1M1'], 'Western Star': ['5KJ', '5KJ'],
};
/** The heavy-truck WMI of a make that also builds cars. */
const TRUCK_WMI: Record<string, string> = { Volvo: '4V4' };

/** Characters a VIN may use (no I, O, Q). */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const FIRST_YEAR = 2005;
const LAST_YEAR = 2027;

export interface Platform {
  platformId: number;
  make: string;
  model: string;
  firstYear: number;
  lastYear: number;
  bodyStyle: string;
}
export interface GeneratedVehicle extends CatalogVehicle {
  platformId: number;
  vinPattern: string;
}
export interface GeneratedPart extends CatalogPart {
  platformId: number;
}
export interface Catalog {
  platforms: Platform[];
  vehicles: GeneratedVehicle[];
  parts: GeneratedPart[];
}

/** A stable small hash of a string, for deterministic variety. */
const hash = fnv1a;
/** A deterministic number in [lo, hi] from a key, rounded to `step`. */
const pick = (key: string, lo: number, hi: number, step = 1) => lo + Math.round(((hash(key) % 10_000) / 10_000) * ((hi - lo) / step)) * step;

/** Splits a model's years into generations of 5–7 years (like real model cycles). */
function generations(key: string, first: number, last: number): [number, number][] {
  const out: [number, number][] = [];
  let start = first;
  let i = 0;
  while (start <= last) {
    const len = pick(`${key}:gen${i++}`, 5, 7);
    const end = Math.min(last, start + len - 1);
    // Never leave a one- or two-year tail: it joins the generation before.
    if (last - end <= 2 && last !== end) {
      out.push([start, last]);
      break;
    }
    out.push([start, end]);
    start = end + 1;
  }
  return out;
}

/** NAGS-style suffix letters of a tint. */
const TINT_CODES: Partial<Record<GlassTint, string>> = { Green: 'GTN', 'Green Shade': 'GBN', 'Gray Privacy': 'YPY', 'Black Privacy': 'BPY', Clear: 'CCN', Gray: 'YTY' };

/** Builds the whole catalog. */
export function generateCatalog(): Catalog {
  const platforms: Platform[] = [];
  const vehicles: GeneratedVehicle[] = [];
  const parts: GeneratedPart[] = [];
  const partSeq: Record<string, number> = {};
  let carId = 10_001;
  let platformId = 1;

  const addPart = (p: Omit<GeneratedPart, 'partNumber'>, prefix: string) => {
    partSeq[prefix] = (partSeq[prefix] ?? 0) + 1;
    const seq = String((partSeq[prefix]! * 37 + 1000) % 100_000).padStart(5, '0');
    const suffix = (TINT_CODES[p.tint] ?? 'GTN') + (p.features.includes('lane camera') ? 'Y' : '') + (p.features.includes('rain sensor') ? 'R' : '') + (p.features.includes('heads-up display') ? 'H' : '');
    parts.push({ ...p, partNumber: `${prefix}${seq}${suffix}` });
  };

  const all: [string, string, boolean][] = [
    ...Object.entries(MODELS).map(([m, list]) => [m, list, false] as [string, string, boolean]),
    ...Object.entries(BIG_TRUCKS).map(([m, list]) => [m, list, true] as [string, string, boolean]),
  ];
  for (const [make, list, big] of all) {
    let comboIndex = 0;
    for (const entry of list.split('|')) {
      const [model, kindText, years, tierText] = entry.split(':') as [string, Kind, string, string];
      const kind = kindText;
      const tier = Number(tierText);
      const [from, to] = years.split('-').map(Number) as [number, number];
      const first = Math.max(FIRST_YEAR, from);
      const last = Math.min(LAST_YEAR, to);
      for (const style of STYLES[kind]) {
        const combo = comboIndex++;
        // A camera windshield first offered mid-generation comes with a refresh: the generation splits there,
        // so the years before it never get camera parts (parts belong to the whole platform).
        const offered = big ? 2017 : tier === 3 ? 2010 : 2013;
        const gens = generations(`${make}:${model}:${from}`, first, last).flatMap(([a, b]): [number, number][] =>
          a < offered && b >= offered ? [[a, offered - 1], [offered, b]] : [[a, b]],
        );
        for (const [g0, g1] of gens) {
          const pid = platformId++;
          platforms.push({ platformId: pid, make, model, firstYear: g0, lastYear: g1, bodyStyle: style });
          glassFor({ make, model, kind, style, tier, big, g0, g1, pid }, addPart);
          for (let year = g0; year <= g1; year++) {
            vehicles.push({
              carId: carId++,
              year,
              make,
              model,
              style,
              isBigTruck: big,
              platformId: pid,
              vinPattern: vinPatternFor(make, big, combo, year),
            });
          }
        }
      }
    }
  }
  return { platforms, vehicles, parts };
}

/** VIN positions 1–8 and 10 of a car: the make's WMI, a model/style code, the year rule, an engine code, the year. */
function vinPatternFor(make: string, big: boolean, combo: number, year: number): string {
  const [before, after, brand] = WMI[make]!;
  const wmi = big && TRUCK_WMI[make] ? TRUCK_WMI[make]! : year >= 2011 ? after : before;
  const c1 = VIN_CHARS[Math.floor(combo / VIN_CHARS.length) % VIN_CHARS.length]!;
  const c2 = VIN_CHARS[combo % VIN_CHARS.length]!;
  const p5 = brand && year >= 2011 ? brand : 'A';
  // Position 7: a digit for model years 2001–2009, a letter from 2010 (the position-7 rule).
  const p7 = year >= 2010 ? 'B' : '1';
  const yearCode = YEAR_CODES[(year - 1980) % 30]!;
  return `${wmi}${c1}${p5}${c2}${p7}1${yearCode}`;
}

/** A full valid VIN of a pattern: check digit computed, plant 'A', a serial from `serial`. */
export function vinFromPattern(pattern: string, serial = 100_001): string {
  const draft = `${pattern.slice(0, 8)}0${pattern[8]}A${String(serial).padStart(6, '0').slice(-6)}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

interface GlassInput {
  make: string;
  model: string;
  kind: Kind;
  style: string;
  tier: number;
  big: boolean;
  g0: number;
  g1: number;
  pid: number;
}

/** The glass of one platform. */
function glassFor(v: GlassInput, add: (p: Omit<GeneratedPart, 'partNumber'>, prefix: string) => void): void {
  const key = `${v.make}:${v.model}:${v.style}:${v.g0}`;
  const domestic = DOMESTIC.has(v.make) || v.big;
  const ws = domestic ? 'DW' : 'FW';
  const name = `${v.g0}–${v.g1} ${v.make} ${v.model}`;
  const base = v.big ? pick(`${key}:ws`, 420, 780, 5) : v.tier === 1 ? pick(`${key}:ws`, 255, 380, 5) : v.tier === 2 ? pick(`${key}:ws`, 320, 520, 5) : pick(`${key}:ws`, 520, 820, 5);
  const calibration: Recalibration = v.big ? 'static' : DYNAMIC_CALIBRATION.has(v.make) ? 'dynamic' : 'static';
  // Cameras behind the windshield: standard from 2018 (premium from 2015), offered from 2013 (premium 2010), for big trucks from 2017.
  const cameraFrom = v.big ? 2017 : v.tier === 3 ? 2015 : 2018;
  const offeredFrom = v.big ? 2017 : v.tier === 3 ? 2010 : 2013;
  const labor = (lo: number, hi: number, part: string) => pick(`${key}:${part}:labor`, lo * 4, hi * 4) / 4;
  const windshield = (features: GlassFeature[], location: GlassLocation = v.big && v.kind === 'truck' ? 'Single windshield' : 'Windshield', extra = 0) => {
    const camera = features.includes('lane camera');
    let price = base + extra;
    if (camera) price += pick(`${key}:cam`, 120, 240, 5);
    if (features.includes('rain sensor')) price += 45;
    if (features.includes('heated wiper area')) price += 60;
    if (features.includes('acoustic')) price += 55;
    if (features.includes('heads-up display')) price += pick(`${key}:hud`, 280, 420, 5);
    add(
      {
        platformId: v.pid,
        group: 'Windshield',
        location,
        glassType: 'Windshield',
        description: `${location} for ${name}${features.length ? ` with ${features.join(', ')}` : ''}`,
        tint: v.big ? 'Green' : features.length > 2 ? 'Green Shade' : 'Green',
        features,
        recalibration: camera ? calibration : 'none',
        tempered: false,
        listPrice: Math.min(1500, price) - 0.01,
        laborHours: labor(1.5, 2.5, 'ws'),
      },
      ws,
    );
  };

  if (v.kind === 'splittruck') {
    windshield([], "Driver's side split");
    windshield([], "Passenger's side split");
  } else if (v.g0 >= cameraFrom) {
    windshield(['lane camera']);
    windshield(['lane camera', 'rain sensor']);
    if (v.tier >= 2 && !v.big) windshield(['lane camera', 'rain sensor', 'heated wiper area', 'acoustic', ...(v.tier === 3 || hash(key) % 3 === 0 ? (['heads-up display'] as const) : [])]);
  } else if (v.g1 >= offeredFrom) {
    windshield([]);
    windshield(['lane camera']);
    if (!v.big) windshield(['lane camera', 'rain sensor', ...(v.tier === 3 ? (['acoustic'] as const) : [])]);
  } else {
    windshield(v.tier === 3 ? ['acoustic'] : []);
    if (!v.big && (v.tier >= 2 || hash(key) % 2 === 0)) windshield(v.tier === 3 ? ['rain sensor', 'acoustic'] : ['rain sensor']);
  }

  const side = (group: GlassGroup, location: GlassLocation, glassType: GlassType, prefix: string, lo: number, hi: number, tint: GlassTint = 'Green') =>
    add(
      {
        platformId: v.pid,
        group,
        location,
        glassType,
        description: `${location} glass for ${name}`,
        tint,
        features: [],
        recalibration: 'none',
        tempered: true,
        listPrice: pick(`${key}:${location}`, lo, hi, 5) - 0.01,
        laborHours: labor(glassType === 'Door' ? 1 : 1.25, glassType === 'Sunroof' ? 3 : 2, location),
      },
      prefix,
    );
  const privacy: GlassTint = v.kind === 'suv' || v.kind === 'van' ? (hash(key) % 2 ? 'Gray Privacy' : 'Black Privacy') : 'Green';
  const fourDoor = v.style.startsWith('4 Door') || v.style === 'Minivan';
  for (const [who, group] of [["Driver's side", "Driver's side"], ["Passenger's side", "Passenger's side"]] as const) {
    side(group, `${who} front door` as GlassLocation, 'Door', 'DD', 120, v.tier === 3 ? 450 : 320);
    if (fourDoor && !v.big) side(group, `${who} rear door` as GlassLocation, 'Door', 'DD', 120, v.tier === 3 ? 420 : 300, privacy);
    if (['suv', 'van', 'wagon'].includes(v.kind)) side(group, `${who} quarter` as GlassLocation, 'Quarter', 'DQ', 140, 380, privacy);
    if (v.big || v.kind === 'van' || (v.kind === 'pickup' && v.g0 < 2010)) side(group, `${who} vent` as GlassLocation, 'Vent', 'DV', 90, 220);
  }
  if (v.kind === 'pickup' || v.kind === 'midpickup' || v.kind === 'crewpickup') {
    side('Back glass', 'Slider', 'Back glass', 'DB', 300, 650);
    side('Back glass', 'Stationary', 'Back glass', 'DB', 250, 480);
  } else if (v.big) {
    side('Back glass', 'Back glass', 'Back glass', 'DB', 250, 420);
  } else {
    side('Back glass', 'Back glass', 'Back glass', 'DB', v.tier === 3 ? 450 : 260, v.tier === 3 ? 900 : 560, privacy);
  }
  if (!v.big && (v.tier === 3 || (v.tier === 2 && hash(`${key}:roof`) % 2 === 0)) && v.kind !== 'van' && !v.kind.endsWith('pickup')) {
    side('Sunroof', 'Sunroof', 'Sunroof', 'DR', 300, 1000, 'Gray');
  }
}

let memo: Catalog | undefined;
/** The catalog, generated once per process. */
export function catalog(): Catalog {
  return (memo ??= generateCatalog());
}

/** A valid VIN of a catalog car (serial 100001 unless given). */
export function demoVin(carId: number, serial?: number): string {
  const v = catalog().vehicles.find((x) => x.carId === carId);
  if (!v) throw new Error(`no car ${carId} in the catalog`);
  return vinFromPattern(v.vinPattern, serial);
}

/** Memorable demo cars (the README lists their VINs). */
export const DEMO_CARS: readonly [number, string, string, string][] = [
  [2020, 'Toyota', 'Camry', '4 Door Sedan'],
  [2018, 'Honda', 'CR-V', '4 Door Utility'],
  [2021, 'Ford', 'F-150', '4 Door Crew Cab Pickup'],
  [2008, 'Honda', 'Civic', '4 Door Sedan'],
  [2023, 'Tesla', 'Model 3', '4 Door Sedan'],
  [2019, 'Freightliner', 'Cascadia', 'Conventional Cab'],
];

/** The demo cars with their CarId and a VIN each. */
export function demoVins(): { carId: number; vin: string; year: number; make: string; model: string; style: string }[] {
  return DEMO_CARS.map(([year, make, model, style]) => {
    const v = catalog().vehicles.find((x) => x.year === year && x.make === make && x.model === model && x.style === style);
    if (!v) throw new Error(`demo car missing: ${year} ${make} ${model} ${style}`);
    return { carId: v.carId, vin: vinFromPattern(v.vinPattern), year, make, model, style };
  });
}
