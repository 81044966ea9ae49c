/**
 * Glass vocabulary of spec section 3: location values, tint values, the groups the damage step offers,
 * part features and recalibration kinds. Shared by the catalog, pricing, the API contracts and the flow.
 */

/** Glass location values (spec section 3). 'All' is a filter value, never a part's location. */
export const GLASS_LOCATIONS = [
  'All',
  'Windshield',
  "Passenger's side",
  "Driver's side",
  'Back glass',
  'Slider',
  'Stationary',
  'Single windshield',
  "Driver's side split",
  "Passenger's side split",
  "Driver's side front door",
  "Driver's side rear door",
  "Driver's side quarter",
  "Driver's side vent",
  "Driver's side sunroof",
  "Passenger's side front door",
  "Passenger's side rear door",
  "Passenger's side quarter",
  "Passenger's side vent",
  "Passenger's side sunroof",
  'Sunroof',
] as const;
export type GlassLocation = (typeof GLASS_LOCATIONS)[number];

/** Glass tint values (spec section 3). */
export const GLASS_TINTS = [
  'Blue',
  'Blue Shade',
  'Blue Privacy',
  'Green',
  'Green Shade',
  'Green Privacy',
  'Gray',
  'Gray Shade',
  'Gray Privacy',
  'Bronze',
  'Bronze Shade',
  'Bronze Privacy',
  'Clear',
  'Clear Blue Shade',
  'Clear Black Frame',
  'Black Privacy',
  'Privacy Black Frame',
  'Tinted',
  'Not Available',
  'Unknown Color Code',
] as const;
export type GlassTint = (typeof GLASS_TINTS)[number];

/** The areas the vehicle-damage step offers; each part belongs to one. */
export const GLASS_GROUPS = ['Windshield', "Driver's side", "Passenger's side", 'Back glass', 'Sunroof'] as const;
export type GlassGroup = (typeof GLASS_GROUPS)[number];

/** Kinds of glass (NAGS prefixes: DW/FW windshield, DB back, DD door, DQ quarter, DV vent, DR roof). */
export const GLASS_TYPES = ['Windshield', 'Back glass', 'Door', 'Quarter', 'Vent', 'Sunroof'] as const;
export type GlassType = (typeof GLASS_TYPES)[number];

/** Part features that tell windshields apart. */
export const GLASS_FEATURES = ['rain sensor', 'heated wiper area', 'acoustic', 'heads-up display', 'lane camera'] as const;
export type GlassFeature = (typeof GLASS_FEATURES)[number];

/** Camera recalibration a part needs after replacement. */
export const RECALIBRATIONS = ['none', 'static', 'dynamic'] as const;
export type Recalibration = (typeof RECALIBRATIONS)[number];

/** Repair (chips and short cracks) or replace. */
export const REPAIR_OR_REPLACE = ['Repair', 'Replace'] as const;
export type RepairOrReplace = (typeof REPAIR_OR_REPLACE)[number];

/** One glass part of the catalog, as the services use it. */
export interface CatalogPart {
  /** NAGS-style part number, e.g. 'FW05123GTYN'. */
  partNumber: string;
  group: GlassGroup;
  location: GlassLocation;
  glassType: GlassType;
  description: string;
  tint: GlassTint;
  features: GlassFeature[];
  recalibration: Recalibration;
  /** Tempered glass (side and back) shatters: it cannot be repaired. */
  tempered: boolean;
  /** Part list price in USD. */
  listPrice: number;
  /** Installation labor in hours. */
  laborHours: number;
}

/** A vehicle of the catalog. */
export interface CatalogVehicle {
  carId: number;
  year: number;
  make: string;
  model: string;
  style: string;
  isBigTruck: boolean;
}
