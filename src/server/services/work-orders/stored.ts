/**
 * What the work-order tables hold and how it reads back: times as ISO text, jsonb columns, the submission and quote
 * stored with each referral, and program shops. Shared by the lists, the details and the lifecycle.
 */
import type { Queryable } from '../../db/index.ts';
import type { Shop } from '../../../lib/api/work-orders.ts';

/** A stored time as ISO 8601 text. */
export const iso = (d: Date | string) => new Date(d).toISOString();
/** A stored time that may be missing as ISO 8601 text, or null. */
export const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
/** jsonb comes back parsed from PGlite and postgres.js alike; a string is parsed to be safe. */
export const json = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
};

/** The order submission as stored with the referral (what the details read; everything optional to be safe). */
export interface StoredSubmission {
  AgentNumber?: string | null;
  AgentFirstName?: string;
  AgentLastName?: string;
  AgentEmail?: string;
  Agent?: { SchedulingOption?: string; InsuredProviderPreference?: string | null };
  Customer?: { FirstName?: string; LastName?: string; Email?: string | null; PhoneNumber?: string; PhoneNumberAlt?: string | null; PreferredContactMethod?: string; OptInSms?: boolean };
  Service?: { Address?: string; City?: string; State?: string; ZipCode?: string };
  Vehicle?: { Year?: number; Make?: string; Model?: string; BodyStyle?: string; CarId?: number; Vin?: string | null };
  Insurance?: { PolicyNumber?: string; Carrier?: string; Deductible?: string; DamageDate?: string; AnyOther?: string | null };
  Damage?: { SelectedGlassGroups?: string[]; RepairOrReplace?: string; NumberOfChipsOrCracks?: number; PartNumbers?: string[] };
}
/** The quote as stored with the referral (everything optional to be safe). */
export interface StoredQuote {
  Lines?: { Kind: string; Description: string; PartNumber: string | null; Quantity: number; UnitPrice: number; Amount: number }[];
  Subtotal?: number;
  Tax?: number;
  Total?: number;
  Deductible?: number;
  InsurancePays?: number;
  PolicyholderPays?: number;
}

/** A program shop's row as the details read it. */
export interface ShopRow {
  shop_id: string;
  name: string;
  address_line: string;
  city: string;
  state_code: string;
  zip_code: string;
  phone_number: string;
}
/** A shop row as the reply's Shop. */
export const shopOut = (shop: ShopRow): Shop => ({
  ShopId: shop.shop_id,
  Name: shop.name,
  AddressLine: shop.address_line,
  City: shop.city,
  State: shop.state_code.trim(),
  ZipCode: shop.zip_code,
  PhoneNumber: shop.phone_number,
});
/** A program shop by id, or null (also for a null id). */
export async function shopById(db: Queryable, shopId: string | null): Promise<ShopRow | null> {
  if (!shopId) return null;
  const [shop] = await db.query<ShopRow>('SELECT shop_id, name, address_line, city, state_code, zip_code, phone_number FROM program_shops WHERE shop_id = $1', [shopId]);
  return shop ?? null;
}
