import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLASS_FEATURES, GLASS_GROUPS, GLASS_LOCATIONS, GLASS_TINTS, GLASS_TYPES, RECALIBRATIONS } from '../../src/lib/claim/glass.ts';
import { validateVin, VIN_MAKES } from '../../src/lib/claim/vin.ts';
import {
  catalog,
  DEMO_CARS,
  demoVin,
  demoVins,
  generateCatalog,
  vinFromPattern,
  type GeneratedPart,
  type GeneratedVehicle,
} from '../../src/server/catalog/generate.ts';
import { openPglite, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import {
  bigTrucks,
  glassParts,
  partsByNumbers,
  seedCatalog,
  vehicleByCarId,
  vehicleByVin,
  vehicleByYmms,
  vehicleMakes,
  vehicleModels,
  vehicleStyles,
  vehicleYears,
} from '../../src/server/services/catalog.ts';

const cat = catalog();
const cars = cat.vehicles.filter((v) => !v.isBigTruck);
const trucks = cat.vehicles.filter((v) => v.isBigTruck);
const partsOf = new Map<number, GeneratedPart[]>();
for (const p of cat.parts) {
  const list = partsOf.get(p.platformId) ?? [];
  list.push(p);
  partsOf.set(p.platformId, list);
}
const glassOf = (v: GeneratedVehicle) => partsOf.get(v.platformId) ?? [];
const find = (year: number, make: string, model: string, style: string) => {
  const v = cat.vehicles.find((x) => x.year === year && x.make === make && x.model === model && x.style === style);
  if (!v) throw new Error(`missing ${year} ${make} ${model} ${style}`);
  return v;
};
const BIG_TRUCK_ONLY = ['Freightliner', 'Peterbilt', 'Kenworth', 'International', 'Mack', 'Western Star'];
const PREFIX: Record<string, RegExp> = {
  Windshield: /^(DW|FW)/,
  'Back glass': /^DB/,
  Door: /^DD/,
  Quarter: /^DQ/,
  Vent: /^DV/,
  Sunroof: /^DR/,
};
const isCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

describe('catalog generator: vehicles', () => {
  it('has at least 25 car makes and 150 car models, big trucks apart', () => {
    const makes = new Set(cars.map((v) => v.make));
    const models = new Set(cars.map((v) => `${v.make}|${v.model}`));
    expect(makes.size).toBeGreaterThanOrEqual(25);
    expect(models.size).toBeGreaterThanOrEqual(150);
    for (const m of ['Toyota', 'Honda', 'Ford', 'Chevrolet', 'Nissan', 'Jeep', 'Ram', 'Tesla', 'Subaru', 'Hyundai', 'Kia']) expect(makes).toContain(m);
    for (const m of BIG_TRUCK_ONLY) {
      expect(makes).not.toContain(m);
      expect(trucks.some((t) => t.make === m), m).toBe(true);
    }
    // Volvo builds both: its cars and its trucks are different models.
    expect(cars.some((v) => v.make === 'Volvo' && v.model === 'XC90')).toBe(true);
    expect(trucks.some((v) => v.make === 'Volvo' && v.model === 'VNL')).toBe(true);
    expect(cars.some((v) => v.model === 'VNL')).toBe(false);
    for (const t of trucks) expect(t.style).toBe('Conventional Cab');
  });

  it('every make is one the VIN decoder knows', () => {
    for (const make of new Set(cat.vehicles.map((v) => v.make))) expect(VIN_MAKES).toContain(make);
  });

  it('years lie exactly within 2005–2027 and both ends are present', () => {
    const years = cat.vehicles.map((v) => v.year);
    expect(Math.min(...years)).toBe(2005);
    expect(Math.max(...years)).toBe(2027);
    for (const y of years) expect(Number.isInteger(y)).toBe(true);
    // Every year in between has cars and big trucks.
    for (let y = 2005; y <= 2027; y++) {
      expect(cars.some((v) => v.year === y), `cars ${y}`).toBe(true);
      expect(trucks.some((v) => v.year === y), `trucks ${y}`).toBe(true);
    }
    for (const p of cat.platforms) {
      expect(p.firstYear).toBeGreaterThanOrEqual(2005);
      expect(p.lastYear).toBeLessThanOrEqual(2027);
      expect(p.firstYear).toBeLessThanOrEqual(p.lastYear);
    }
  });

  it('model years follow the published spans (clipped)', () => {
    const years = (make: string, model: string) => cars.filter((v) => v.make === make && v.model === model).map((v) => v.year);
    expect(Math.min(...years('Tesla', 'Model 3'))).toBe(2017);
    expect(Math.min(...years('Ram', '1500'))).toBe(2011);
    expect(Math.max(...years('Chevrolet', 'Impala'))).toBe(2020);
    expect(Math.min(...years('Toyota', 'Camry'))).toBe(2005);
    expect(Math.max(...years('Toyota', 'Camry'))).toBe(2027);
  });

  it('CarIds, (year, make, model, style) and VIN patterns are unique', () => {
    const ids = cat.vehicles.map((v) => v.carId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
    const keys = cat.vehicles.map((v) => `${v.year}|${v.make}|${v.model}|${v.style}`);
    expect(new Set(keys).size).toBe(keys.length);
    const patterns = cat.vehicles.map((v) => v.vinPattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const p of patterns) expect(p).toMatch(/^[A-HJ-NPR-Z0-9]{9}$/);
  });

  it('every vehicle belongs to a platform of its make, model, style and years', () => {
    const platforms = new Map(cat.platforms.map((p) => [p.platformId, p]));
    expect(platforms.size).toBe(cat.platforms.length);
    for (const v of cat.vehicles) {
      const p = platforms.get(v.platformId);
      expect(p, `${v.carId}`).toBeDefined();
      expect([p!.make, p!.model, p!.bodyStyle]).toEqual([v.make, v.model, v.style]);
      expect(v.year).toBeGreaterThanOrEqual(p!.firstYear);
      expect(v.year).toBeLessThanOrEqual(p!.lastYear);
    }
    for (const p of cat.parts) expect(platforms.has(p.platformId)).toBe(true);
  });

  it('the VIN of EVERY vehicle validates and decodes to its year and make', () => {
    for (const v of cat.vehicles) {
      const vin = vinFromPattern(v.vinPattern);
      const r = validateVin(vin);
      expect(r, `${v.year} ${v.make} ${v.model} ${v.style}: ${vin}`).toMatchObject({ ok: true, vin, year: v.year, make: v.make });
      // The pattern is positions 1–8 and 10.
      expect(vin.slice(0, 8) + vin[9]).toBe(v.vinPattern);
    }
  });

  it('vinFromPattern: other serials stay valid and keep the pattern', () => {
    const v = find(2020, 'Toyota', 'Camry', '4 Door Sedan');
    const a = vinFromPattern(v.vinPattern);
    const b = vinFromPattern(v.vinPattern, 987_654);
    const c = vinFromPattern(v.vinPattern, 1_234_567);
    expect(a).not.toBe(b);
    expect(a.endsWith('100001')).toBe(true);
    expect(b.endsWith('987654')).toBe(true);
    expect(c.endsWith('234567')).toBe(true);
    for (const vin of [a, b, c]) {
      expect(vin).toHaveLength(17);
      expect(validateVin(vin)).toMatchObject({ ok: true, year: 2020, make: 'Toyota' });
      expect(vin.slice(0, 8) + vin[9]).toBe(v.vinPattern);
    }
  });

  it('demo cars exist and their VINs decode', () => {
    const demos = demoVins();
    expect(demos).toHaveLength(DEMO_CARS.length);
    for (const d of demos) {
      const v = cat.vehicles.find((x) => x.carId === d.carId)!;
      expect([v.year, v.make, v.model, v.style]).toEqual([d.year, d.make, d.model, d.style]);
      expect(validateVin(d.vin)).toMatchObject({ ok: true, year: d.year, make: d.make });
      expect(demoVin(d.carId)).toBe(d.vin);
    }
    expect(validateVin(demoVin(demos[0]!.carId, 42)).ok).toBe(true);
    expect(() => demoVin(1)).toThrow();
  });

  it('is deterministic', () => {
    const a = generateCatalog();
    const b = generateCatalog();
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    expect(a).toEqual(cat);
    expect(catalog()).toBe(cat);
    // CarIds are handed out in order from 10001.
    expect(a.vehicles.map((v) => v.carId)).toEqual(a.vehicles.map((_, i) => 10_001 + i));
  });
});

describe('catalog generator: glass', () => {
  it('part numbers are unique and carry the prefix of their glass type', () => {
    const numbers = cat.parts.map((p) => p.partNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const p of cat.parts) {
      expect(p.partNumber).toMatch(/^(DW|FW|DB|DD|DQ|DV|DR)\d{5}[A-Z]{3,6}$/);
      expect(p.partNumber, p.glassType).toMatch(PREFIX[p.glassType]!);
    }
    // Every prefix is used.
    for (const prefix of ['DW', 'FW', 'DB', 'DD', 'DQ', 'DV', 'DR']) expect(numbers.some((n) => n.startsWith(prefix)), prefix).toBe(true);
  });

  it('windshields of domestic makes and big trucks are DW, imports FW', () => {
    const ws = (v: GeneratedVehicle) => glassOf(v).filter((p) => p.glassType === 'Windshield');
    for (const p of ws(find(2021, 'Ford', 'F-150', '4 Door Crew Cab Pickup'))) expect(p.partNumber.startsWith('DW')).toBe(true);
    for (const p of ws(find(2019, 'Freightliner', 'Cascadia', 'Conventional Cab'))) expect(p.partNumber.startsWith('DW')).toBe(true);
    for (const p of ws(find(2020, 'Toyota', 'Camry', '4 Door Sedan'))) expect(p.partNumber.startsWith('FW')).toBe(true);
    for (const p of ws(find(2018, 'Honda', 'CR-V', '4 Door Utility'))) expect(p.partNumber.startsWith('FW')).toBe(true);
  });

  it('uses only the vocabulary of glass.ts, and all of its features and recalibrations', () => {
    for (const p of cat.parts) {
      expect(GLASS_LOCATIONS).toContain(p.location);
      expect(p.location).not.toBe('All');
      expect(GLASS_TINTS).toContain(p.tint);
      expect(GLASS_GROUPS).toContain(p.group);
      expect(GLASS_TYPES).toContain(p.glassType);
      expect(RECALIBRATIONS).toContain(p.recalibration);
      for (const f of p.features) expect(GLASS_FEATURES).toContain(f);
      expect(new Set(p.features).size).toBe(p.features.length);
      expect(p.description.length).toBeGreaterThan(0);
    }
    const used = new Set(cat.parts.flatMap((p) => p.features));
    for (const f of GLASS_FEATURES) expect(used, f).toContain(f);
    const recal = new Set(cat.parts.map((p) => p.recalibration));
    for (const r of RECALIBRATIONS) expect(recal, r).toContain(r);
    const types = new Set(cat.parts.map((p) => p.glassType));
    for (const t of GLASS_TYPES) expect(types, t).toContain(t);
  });

  it('each part sits in the group its location names', () => {
    const windshieldLocations = ['Windshield', 'Single windshield', "Driver's side split", "Passenger's side split"];
    for (const p of cat.parts) {
      if (p.glassType === 'Windshield') {
        expect(p.group).toBe('Windshield');
        expect(windshieldLocations).toContain(p.location);
      } else if (p.glassType === 'Back glass') {
        expect(p.group).toBe('Back glass');
        expect(['Back glass', 'Slider', 'Stationary']).toContain(p.location);
      } else if (p.glassType === 'Sunroof') {
        expect(p.group).toBe('Sunroof');
      } else {
        expect(['Door', 'Quarter', 'Vent']).toContain(p.glassType);
        expect(["Driver's side", "Passenger's side"]).toContain(p.group);
        expect(p.location.startsWith(p.group), p.location).toBe(true);
        expect(p.location.toLowerCase()).toContain(p.glassType === 'Door' ? 'door' : p.glassType.toLowerCase());
      }
    }
  });

  it('windshields are laminated; side, back and roof glass is tempered', () => {
    for (const p of cat.parts) expect(p.tempered, `${p.partNumber} ${p.glassType}`).toBe(p.glassType !== 'Windshield');
  });

  it('prices and labor are sane', () => {
    for (const p of cat.parts) {
      expect(isCents(p.listPrice), `${p.partNumber} ${p.listPrice}`).toBe(true);
      if (p.glassType === 'Windshield') {
        expect(p.listPrice).toBeGreaterThanOrEqual(250);
        expect(p.listPrice).toBeLessThanOrEqual(1500);
      } else {
        expect(p.listPrice, p.partNumber).toBeGreaterThanOrEqual(50);
        expect(p.listPrice, p.partNumber).toBeLessThanOrEqual(1000);
      }
      expect(p.laborHours).toBeGreaterThan(0);
      expect(p.laborHours).toBeLessThanOrEqual(4);
      expect(Number.isInteger(p.laborHours * 4), `${p.laborHours}`).toBe(true);
    }
  });

  it('within a platform more features never cost less, and a camera costs more', () => {
    for (const list of partsOf.values()) {
      const ws = list.filter((p) => p.glassType === 'Windshield' && p.location === 'Windshield');
      const plain = ws.find((p) => p.features.length === 0);
      const cam = ws.find((p) => p.features.length === 1 && p.features[0] === 'lane camera');
      if (plain && cam) expect(cam.listPrice).toBeGreaterThan(plain.listPrice);
      for (const a of ws) for (const b of ws) if (b.features.length > a.features.length && a.features.every((f) => b.features.includes(f))) expect(b.listPrice).toBeGreaterThanOrEqual(a.listPrice);
    }
  });

  it('camera parts need static or dynamic recalibration; parts without a camera need none', () => {
    for (const p of cat.parts) {
      if (p.features.includes('lane camera')) {
        expect(p.glassType).toBe('Windshield');
        expect(['static', 'dynamic']).toContain(p.recalibration);
      } else {
        expect(p.recalibration, p.partNumber).toBe('none');
      }
    }
  });

  it('only windshields have features', () => {
    for (const p of cat.parts) if (p.glassType !== 'Windshield') expect(p.features).toEqual([]);
  });

  it('every vehicle has a windshield, back glass and both front doors', () => {
    for (const v of cat.vehicles) {
      const g = glassOf(v);
      const where = `${v.year} ${v.make} ${v.model} ${v.style}`;
      expect(g.some((p) => p.glassType === 'Windshield'), where).toBe(true);
      expect(g.some((p) => p.glassType === 'Back glass'), where).toBe(true);
      expect(g.some((p) => p.location === "Driver's side front door"), where).toBe(true);
      expect(g.some((p) => p.location === "Passenger's side front door"), where).toBe(true);
      expect(g.some((p) => p.location === "Driver's side rear door"), where).toBe(!v.isBigTruck && (v.style.startsWith('4 Door') || v.style === 'Minivan'));
    }
  });

  it('cars of 2008 have no camera windshields', () => {
    const withCamera = cars
      .filter((v) => v.year === 2008 && glassOf(v).some((p) => p.features.includes('lane camera')))
      .map((v) => `${v.make} ${v.model} ${v.style}`);
    expect(withCamera).toEqual([]);
  });

  it('a 2020 Toyota Camry sedan has several windshields that differ in features', () => {
    const ws = glassOf(find(2020, 'Toyota', 'Camry', '4 Door Sedan')).filter((p) => p.glassType === 'Windshield');
    expect(ws.length).toBeGreaterThanOrEqual(2);
    const featureSets = ws.map((p) => [...p.features].sort().join(','));
    expect(new Set(featureSets).size).toBe(ws.length);
    expect(ws.some((p) => p.features.includes('lane camera'))).toBe(true);
    // Toyota's camera procedure is static.
    for (const p of ws) if (p.features.includes('lane camera')) expect(p.recalibration).toBe('static');
  });

  it('pickups have Slider and Stationary back glass, other cars one back glass', () => {
    let pickups = 0;
    for (const v of cars) {
      const back = glassOf(v)
        .filter((p) => p.group === 'Back glass')
        .map((p) => p.location)
        .sort();
      if (v.style.includes('Pickup')) {
        pickups++;
        expect(back, `${v.year} ${v.make} ${v.model}`).toEqual(['Slider', 'Stationary']);
      } else {
        expect(back, `${v.year} ${v.make} ${v.model}`).toEqual(['Back glass']);
      }
    }
    expect(pickups).toBeGreaterThan(100);
  });

  it('the Peterbilt 389 has split windshields; other big trucks a single one; cars a plain one', () => {
    const p389 = trucks.filter((v) => v.make === 'Peterbilt' && v.model === '389');
    expect(p389.length).toBeGreaterThan(0);
    for (const v of p389) {
      const locs = glassOf(v)
        .filter((p) => p.group === 'Windshield')
        .map((p) => p.location)
        .sort();
      expect(locs).toEqual(["Driver's side split", "Passenger's side split"]);
    }
    const cascadia = glassOf(find(2019, 'Freightliner', 'Cascadia', 'Conventional Cab')).filter((p) => p.group === 'Windshield');
    expect(cascadia.length).toBeGreaterThan(0);
    for (const p of cascadia) expect(p.location).toBe('Single windshield');
    for (const v of cars) for (const p of glassOf(v)) if (p.group === 'Windshield') expect(p.location).toBe('Windshield');
  });
});

describe('catalog service (seeded PGlite)', () => {
  let db: Db;
  let seeded: Awaited<ReturnType<typeof seedCatalog>>;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    seeded = await seedCatalog(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  const vehicleOut = (v: GeneratedVehicle) => ({ carId: v.carId, year: v.year, make: v.make, model: v.model, style: v.style, isBigTruck: v.isBigTruck });
  const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  it('seeds the whole catalog once', async () => {
    expect(seeded).toEqual({ created: true, vehicles: cat.vehicles.length, parts: cat.parts.length });
    expect(await count('vehicles')).toBe(cat.vehicles.length);
    expect(await count('glass_parts')).toBe(cat.parts.length);
    expect(await count('glass_platforms')).toBe(cat.platforms.length);
  });

  it('year → make → model → style leads to the CarId', async () => {
    const years = await vehicleYears(db);
    expect(years).toEqual(Array.from({ length: 23 }, (_, i) => 2027 - i));
    const makes = await vehicleMakes(db, 2020);
    expect(makes).toContain('Toyota');
    expect(makes).toEqual([...makes].sort());
    const models = await vehicleModels(db, 2020, 'Toyota');
    expect(models).toContain('Camry');
    expect(models).not.toContain('Integra');
    const styles = await vehicleStyles(db, 2020, 'Toyota', 'Camry');
    expect(styles).toEqual([{ carId: find(2020, 'Toyota', 'Camry', '4 Door Sedan').carId, style: '4 Door Sedan' }]);
    const civic = await vehicleStyles(db, 2020, 'Honda', 'Civic');
    expect(civic).toEqual([
      { carId: find(2020, 'Honda', 'Civic', '2 Door Coupe').carId, style: '2 Door Coupe' },
      { carId: find(2020, 'Honda', 'Civic', '4 Door Sedan').carId, style: '4 Door Sedan' },
    ]);
    const byId = await vehicleByCarId(db, civic[1]!.carId);
    expect(byId).toEqual({ carId: civic[1]!.carId, year: 2020, make: 'Honda', model: 'Civic', style: '4 Door Sedan', isBigTruck: false });
    expect(await vehicleByYmms(db, 2020, 'Honda', 'Civic', '4 Door Sedan')).toEqual(byId);
    expect(await vehicleByCarId(db, 1)).toBeNull();
    expect(await vehicleByYmms(db, 2004, 'Honda', 'Civic', '4 Door Sedan')).toBeNull();
    expect(await vehicleMakes(db, 2004)).toEqual([]);
    expect(await vehicleModels(db, 2020, 'Nope')).toEqual([]);
  });

  it('makes of each year match the generator', async () => {
    for (let y = 2005; y <= 2027; y++) {
      const expected = [...new Set(cars.filter((v) => v.year === y).map((v) => v.make))].sort();
      expect(await vehicleMakes(db, y), `${y}`).toEqual(expected);
    }
  });

  it('big trucks are not in the car look-ups but have their own', async () => {
    for (let y = 2005; y <= 2027; y++) {
      const makes = await vehicleMakes(db, y);
      for (const m of BIG_TRUCK_ONLY) expect(makes, `${y}`).not.toContain(m);
    }
    expect(await vehicleModels(db, 2020, 'Volvo')).not.toContain('VNL');
    expect(await vehicleModels(db, 2020, 'Freightliner')).toEqual([]);
    expect(await vehicleStyles(db, 2019, 'Freightliner', 'Cascadia')).toEqual([]);
    expect(await vehicleYears(db, true)).toEqual(Array.from({ length: 23 }, (_, i) => 2027 - i));
    const t2019 = await bigTrucks(db, 2019);
    expect(t2019.length).toBe(trucks.filter((v) => v.year === 2019).length);
    for (const t of t2019) expect(t).toMatchObject({ isBigTruck: true, year: 2019 });
    const cascadia = find(2019, 'Freightliner', 'Cascadia', 'Conventional Cab');
    expect(t2019).toContainEqual(vehicleOut(cascadia));
    expect((await bigTrucks(db)).length).toBe(trucks.length);
    expect(await vehicleByYmms(db, 2019, 'Freightliner', 'Cascadia', 'Conventional Cab')).toEqual(vehicleOut(cascadia));
  });

  it('vehicleByVin finds each demo car', async () => {
    for (const d of demoVins()) {
      const r = await vehicleByVin(db, d.vin);
      expect(r.decode).toMatchObject({ ok: true, vin: d.vin, year: d.year, make: d.make });
      expect(r.vehicle, d.vin).toEqual({ carId: d.carId, year: d.year, make: d.make, model: d.model, style: d.style, isBigTruck: d.make === 'Freightliner' });
    }
  });

  it('vehicleByVin finds the exact CarId for a sample of ~200 vehicles, with any serial and as typed', async () => {
    const step = Math.ceil(cat.vehicles.length / 200);
    const sample = cat.vehicles.filter((_, i) => i % step === 0);
    expect(sample.length).toBeGreaterThanOrEqual(190);
    for (const [i, v] of sample.entries()) {
      const vin = vinFromPattern(v.vinPattern);
      expect((await vehicleByVin(db, vin)).vehicle, vin).toEqual(vehicleOut(v));
      const other = vinFromPattern(v.vinPattern, 500_000 + i * 7);
      expect(other).not.toBe(vin);
      expect((await vehicleByVin(db, other)).vehicle, other).toEqual(vehicleOut(v));
      if (i % 20 === 0) {
        const typed = ` ${other.slice(0, 5).toLowerCase()}-${other.slice(5)} `;
        expect((await vehicleByVin(db, typed)).vehicle, typed).toEqual(vehicleOut(v));
      }
    }
  });

  it('a valid real VIN not in the catalog decodes without a vehicle', async () => {
    const r = await vehicleByVin(db, '1HGCM82633A004352');
    expect(r).toEqual({ decode: { ok: true, vin: '1HGCM82633A004352', year: 2003, make: 'Honda', wmi: '1HG' }, vehicle: null });
  });

  it('an invalid VIN gives decode.ok false and no vehicle', async () => {
    const demo = demoVins()[0]!.vin;
    const broken = demo.slice(0, 8) + (demo[8] === '0' ? '1' : '0') + demo.slice(9);
    const r = await vehicleByVin(db, broken);
    expect(r.decode).toMatchObject({ ok: false, reason: 'check-digit' });
    expect(r.vehicle).toBeNull();
    expect((await vehicleByVin(db, 'ABC')).decode).toMatchObject({ ok: false, reason: 'length' });
    expect((await vehicleByVin(db, demo.slice(0, 16) + 'I')).decode).toMatchObject({ ok: false, reason: 'characters' });
  });

  it('glassParts gives the platform glass, sorted by group order', async () => {
    const picks = [
      ...demoVins().map((d) => cat.vehicles.find((v) => v.carId === d.carId)!),
      ...trucks.filter((v) => v.make === 'Peterbilt' && v.model === '389').slice(0, 1),
      ...cat.vehicles.filter((_, i) => i % 97 === 0),
    ];
    for (const v of picks) {
      const parts = await glassParts(db, v.carId);
      const expected = glassOf(v);
      expect(parts.length, `${v.carId}`).toBe(expected.length);
      expect(parts.map((p) => p.partNumber).sort()).toEqual(expected.map((p) => p.partNumber).sort());
      const order = parts.map((p) => GLASS_GROUPS.indexOf(p.group));
      for (const o of order) expect(o).toBeGreaterThanOrEqual(0);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      // Within a group, by location then price.
      for (let i = 1; i < parts.length; i++) {
        const a = parts[i - 1]!;
        const b = parts[i]!;
        if (a.group === b.group && a.location === b.location) expect(a.listPrice).toBeLessThanOrEqual(b.listPrice);
      }
      // Fields survive the database unchanged.
      for (const p of parts) {
        const g = expected.find((x) => x.partNumber === p.partNumber)!;
        const { platformId: _pid, ...want } = g;
        expect({ ...p, listPrice: Math.round(p.listPrice * 100), laborHours: Math.round(p.laborHours * 100) }).toEqual({
          ...want,
          listPrice: Math.round(want.listPrice * 100),
          laborHours: Math.round(want.laborHours * 100),
        });
      }
    }
    // A car's windshield group comes first.
    const camry = await glassParts(db, find(2020, 'Toyota', 'Camry', '4 Door Sedan').carId);
    expect(camry[0]!.group).toBe('Windshield');
    expect(await glassParts(db, 1)).toEqual([]);
  });

  it('partsByNumbers returns only parts that fit the car', async () => {
    const camry = find(2020, 'Toyota', 'Camry', '4 Door Sedan');
    const f150 = find(2021, 'Ford', 'F-150', '4 Door Crew Cab Pickup');
    expect(camry.platformId).not.toBe(f150.platformId);
    const mine = glassOf(camry);
    const theirs = glassOf(f150);
    const wanted = [mine[0]!.partNumber, mine[mine.length - 1]!.partNumber];
    const got = await partsByNumbers(db, camry.carId, [...wanted, ...theirs.map((p) => p.partNumber), 'FW99999XXX']);
    expect(got.map((p) => p.partNumber).sort()).toEqual([...new Set(wanted)].sort());
    expect(got.map((p) => GLASS_GROUPS.indexOf(p.group))).toEqual(got.map((p) => GLASS_GROUPS.indexOf(p.group)).sort((a, b) => a - b));
    expect(await partsByNumbers(db, camry.carId, theirs.map((p) => p.partNumber))).toEqual([]);
    expect(await partsByNumbers(db, camry.carId, [])).toEqual([]);
    expect(await partsByNumbers(db, 1, wanted)).toEqual([]);
    // Same-platform cars of another year share the glass.
    const sibling = cat.vehicles.find((v) => v.platformId === camry.platformId && v.carId !== camry.carId);
    if (sibling) expect((await partsByNumbers(db, sibling.carId, wanted)).map((p) => p.partNumber).sort()).toEqual([...wanted].sort());
    // All of a car's own numbers come back, equal to glassParts.
    const all = await partsByNumbers(db, f150.carId, theirs.map((p) => p.partNumber));
    expect(all).toEqual(await glassParts(db, f150.carId));
  });

  it('seeding again creates nothing and adds nothing', async () => {
    const before = [await count('vehicles'), await count('glass_parts'), await count('glass_platforms')];
    const again = await seedCatalog(db);
    expect(again.created).toBe(false);
    expect(again.vehicles).toBe(cat.vehicles.length);
    expect([await count('vehicles'), await count('glass_parts'), await count('glass_platforms')]).toEqual(before);
  });
});
