/** The glass catalog: seeding from the generator, and the look-ups of the vehicle and damage steps. */
import { GLASS_GROUPS, type CatalogPart, type CatalogVehicle } from '../../lib/claim/glass.ts';
import { validateVin, type VinResult } from '../../lib/claim/vin.ts';
import { catalog } from '../catalog/generate.ts';
import type { Db, Queryable } from '../db/index.ts';

/** Writes the generated catalog once (bulk, one transaction); a later start keeps what is there. */
export async function seedCatalog(db: Db): Promise<{ created: boolean; vehicles: number; parts: number }> {
  const [row] = await db.query<{ n: number; parts: number }>('SELECT count(*)::int AS n, (SELECT count(*)::int FROM glass_parts) AS parts FROM vehicles');
  if ((row?.n ?? 0) > 0) return { created: false, vehicles: row!.n, parts: row!.parts };
  const { platforms, vehicles, parts } = catalog();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO glass_platforms SELECT * FROM json_to_recordset($1::json)
         AS t(platform_id int, make text, model text, first_year smallint, last_year smallint, body_style text)`,
      [platforms.map((p) => ({ platform_id: p.platformId, make: p.make, model: p.model, first_year: p.firstYear, last_year: p.lastYear, body_style: p.bodyStyle }))],
    );
    await tx.query(
      `INSERT INTO vehicles SELECT * FROM json_to_recordset($1::json)
         AS t(car_id int, year smallint, make text, model text, style text, is_big_truck boolean, platform_id int, vin_pattern char(9))`,
      [vehicles.map((v) => ({ car_id: v.carId, year: v.year, make: v.make, model: v.model, style: v.style, is_big_truck: v.isBigTruck, platform_id: v.platformId, vin_pattern: v.vinPattern }))],
    );
    await tx.query(
      `INSERT INTO glass_parts SELECT part_number, platform_id, grp, location, glass_type, description, tint,
              ARRAY(SELECT json_array_elements_text(features)), recalibration, tempered, list_price, labor_hours
         FROM json_to_recordset($1::json) AS t(part_number text, platform_id int, grp text, location text, glass_type text, description text,
              tint text, features json, recalibration text, tempered boolean, list_price numeric, labor_hours numeric)`,
      [parts.map((p) => ({
        part_number: p.partNumber, platform_id: p.platformId, grp: p.group, location: p.location, glass_type: p.glassType, description: p.description,
        tint: p.tint, features: p.features, recalibration: p.recalibration, tempered: p.tempered, list_price: p.listPrice, labor_hours: p.laborHours,
      }))],
    );
  });
  return { created: true, vehicles: vehicles.length, parts: parts.length };
}

interface VehicleRow {
  car_id: number;
  year: number;
  make: string;
  model: string;
  style: string;
  is_big_truck: boolean;
}
const VEHICLE_COLUMNS = 'car_id, year::int AS year, make, model, style, is_big_truck';
const toVehicle = (r: VehicleRow): CatalogVehicle => ({ carId: r.car_id, year: r.year, make: r.make, model: r.model, style: r.style, isBigTruck: r.is_big_truck });

/** Model years, newest first. */
export async function vehicleYears(db: Queryable, bigTruck = false): Promise<number[]> {
  const rows = await db.query<{ year: number }>('SELECT DISTINCT year::int AS year FROM vehicles WHERE is_big_truck = $1 ORDER BY year DESC', [bigTruck]);
  return rows.map((r) => r.year);
}

/** Makes of a year (cars only). */
export async function vehicleMakes(db: Queryable, year: number): Promise<string[]> {
  return (await db.query<{ make: string }>('SELECT DISTINCT make FROM vehicles WHERE NOT is_big_truck AND year = $1 ORDER BY make', [year])).map((r) => r.make);
}

/** Models of a year and make (cars only). */
export async function vehicleModels(db: Queryable, year: number, make: string): Promise<string[]> {
  return (await db.query<{ model: string }>('SELECT DISTINCT model FROM vehicles WHERE NOT is_big_truck AND year = $1 AND make = $2 ORDER BY model', [year, make])).map(
    (r) => r.model,
  );
}

/** Body styles of a year, make and model, each with its CarId. */
export async function vehicleStyles(db: Queryable, year: number, make: string, model: string): Promise<{ carId: number; style: string }[]> {
  const rows = await db.query<{ car_id: number; style: string }>(
    'SELECT car_id, style FROM vehicles WHERE NOT is_big_truck AND year = $1 AND make = $2 AND model = $3 ORDER BY style',
    [year, make, model],
  );
  return rows.map((r) => ({ carId: r.car_id, style: r.style }));
}

/** The vehicle of a year, make, model and style (cars and big trucks). */
export async function vehicleByYmms(db: Queryable, year: number, make: string, model: string, style: string): Promise<CatalogVehicle | null> {
  const [row] = await db.query<VehicleRow>(`SELECT ${VEHICLE_COLUMNS} FROM vehicles WHERE year = $1 AND make = $2 AND model = $3 AND style = $4`, [year, make, model, style]);
  return row ? toVehicle(row) : null;
}

/** The vehicle of a CarId. */
export async function vehicleByCarId(db: Queryable, carId: number): Promise<CatalogVehicle | null> {
  const [row] = await db.query<VehicleRow>(`SELECT ${VEHICLE_COLUMNS} FROM vehicles WHERE car_id = $1`, [carId]);
  return row ? toVehicle(row) : null;
}

/** Big trucks, optionally of one year. */
export async function bigTrucks(db: Queryable, year?: number): Promise<CatalogVehicle[]> {
  const rows = await db.query<VehicleRow>(
    `SELECT ${VEHICLE_COLUMNS} FROM vehicles WHERE is_big_truck AND ($1::int IS NULL OR year = $1) ORDER BY year DESC, make, model, style`,
    [year ?? null],
  );
  return rows.map(toVehicle);
}

/** Decodes a VIN: the exact car when its pattern (positions 1–8 and 10) is seeded, else only what the VIN says. */
export async function vehicleByVin(db: Queryable, raw: string): Promise<{ decode: VinResult; vehicle: CatalogVehicle | null }> {
  const decode = validateVin(raw);
  if (!decode.ok) return { decode, vehicle: null };
  const [row] = await db.query<VehicleRow>(`SELECT ${VEHICLE_COLUMNS} FROM vehicles WHERE vin_pattern = $1`, [decode.vin.slice(0, 8) + decode.vin[9]]);
  return { decode, vehicle: row ? toVehicle(row) : null };
}

/** A glass_parts row as the queries read it. */
export interface PartRow {
  part_number: string;
  grp: CatalogPart['group'];
  location: CatalogPart['location'];
  glass_type: CatalogPart['glassType'];
  description: string;
  tint: CatalogPart['tint'];
  features: CatalogPart['features'] | null;
  recalibration: CatalogPart['recalibration'];
  tempered: boolean;
  list_price: string | number;
  labor_hours: string | number;
}
/** A part as the catalog calls it. */
export const toPart = (r: PartRow): CatalogPart => ({
  partNumber: r.part_number,
  group: r.grp,
  location: r.location,
  glassType: r.glass_type,
  description: r.description,
  tint: r.tint,
  features: r.features ?? [],
  recalibration: r.recalibration,
  tempered: r.tempered,
  listPrice: Number(r.list_price),
  laborHours: Number(r.labor_hours),
});
const byGroup = (a: CatalogPart, b: CatalogPart) =>
  GLASS_GROUPS.indexOf(a.group) - GLASS_GROUPS.indexOf(b.group) || a.location.localeCompare(b.location) || a.listPrice - b.listPrice;

/** The glass of a car, by group, location and price. */
export async function glassParts(db: Queryable, carId: number): Promise<CatalogPart[]> {
  const rows = await db.query<PartRow>('SELECT p.* FROM glass_parts p JOIN vehicles v USING (platform_id) WHERE v.car_id = $1', [carId]);
  return rows.map(toPart).sort(byGroup);
}

/** The parts of these numbers that fit the car (others are left out). */
export async function partsByNumbers(db: Queryable, carId: number, partNumbers: string[]): Promise<CatalogPart[]> {
  if (partNumbers.length === 0) return [];
  const rows = await db.query<PartRow>(
    'SELECT p.* FROM glass_parts p JOIN vehicles v USING (platform_id) WHERE v.car_id = $1 AND p.part_number IN (SELECT json_array_elements_text($2::json))',
    [carId, partNumbers],
  );
  return rows.map(toPart).sort(byGroup);
}
