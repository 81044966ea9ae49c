/**
 * Itemised glass-claim quotes: chip repair, or replacement parts with labor, kit and camera recalibration;
 * sales tax by state; the split between insurer and policyholder. Every amount is computed in integer cents
 * and returned in dollars rounded to cents.
 *
 * Tax (a deliberate simplification, documented here): the state-level base sales-tax rate (no county or city
 * add-ons) applies to tangible goods — glass parts and urethane/molding kits — in every state with a sales tax.
 * Services — installation labor, recalibration and chip repair — are taxed only in SERVICE_TAXING_STATES, the
 * states that tax motor-vehicle repair labor broadly. An unknown or missing state is taxed at 0.
 *
 * Deductible: the insurer pays the total less the deductible (never below 0) and the policyholder the rest
 * (at most the deductible). For a repair the deductible is waived, as most insurers do to encourage repair over
 * replacement: the insurer pays everything (REPAIR_DEDUCTIBLE_WAIVER).
 */
import type { CatalogPart, RepairOrReplace } from '../../lib/claim/glass.ts';
import { MAX_REPAIRABLE_CHIPS } from '../../lib/claim/repair.ts';

/** A quote that cannot be made (too many chips, tempered glass to repair, no part to replace, bad amounts). */
export class PricingError extends Error {
  override name = 'PricingError';
}

/** Chip repair: the first chip or crack. */
export const CHIP_REPAIR_FIRST = 89.95;
/** Chip repair: each further chip or crack (up to MAX_REPAIRABLE_CHIPS in all). */
export const CHIP_REPAIR_ADDITIONAL = 24.95;
export { MAX_REPAIRABLE_CHIPS };
/** Program discount off the part list price, in percent. */
export const PART_DISCOUNT_PERCENT = 10;
/** Installation labor rate in USD per hour. */
export const LABOR_RATE_PER_HOUR = 85;
/** Urethane and molding kit, by kind of glass that is bonded in. */
export const KIT_PRICES: Readonly<Partial<Record<CatalogPart['glassType'], number>>> = {
  Windshield: 45,
  'Back glass': 35,
};
/** Camera (ADAS) recalibration after replacement. */
export const RECALIBRATION_PRICES = { static: 275, dynamic: 325 } as const;
/** Why a repair has no deductible. */
export const REPAIR_DEDUCTIBLE_WAIVER =
  'Deductible waived: most insurers waive the deductible for chip and crack repair, so the policyholder pays nothing.';

/** State-level base sales-tax rates in percent (2024–2025; no local add-ons). States not listed have none. */
export const STATE_SALES_TAX_PERCENT: Readonly<Record<string, number>> = {
  AL: 4, AZ: 5.6, AR: 6.5, CA: 7.25, CO: 2.9, CT: 6.35, DC: 6, FL: 6, GA: 4, HI: 4, ID: 6, IL: 6.25, IN: 7,
  IA: 6, KS: 6.5, KY: 6, LA: 5, ME: 5.5, MD: 6, MA: 6.25, MI: 6, MN: 6.875, MS: 7, MO: 4.225, NE: 5.5, NV: 6.85,
  NJ: 6.625, NM: 4.875, NY: 4, NC: 4.75, ND: 5, OH: 5.75, OK: 4.5, PA: 6, RI: 7, SC: 6, SD: 4.2, TN: 7,
  TX: 6.25, UT: 6.1, VT: 6, VA: 5.3, WA: 6.5, WV: 6, WI: 5, WY: 4,
  // No state sales tax: AK, DE, MT, NH, OR.
};
/** States whose sales tax also applies to motor-vehicle repair labor and services (labor, recalibration, repair). */
export const SERVICE_TAXING_STATES: ReadonlySet<string> = new Set(['CT', 'HI', 'MS', 'NM', 'SD', 'WA', 'WV']);

export type QuoteLineKind = 'part' | 'labor' | 'kit' | 'recalibration' | 'repair';

export interface QuoteLine {
  kind: QuoteLineKind;
  description: string;
  partNumber: string | null;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface QuoteInput {
  parts: CatalogPart[];
  repairOrReplace: RepairOrReplace;
  /** NumberOfChipsOrCracks; -1 = not given (a repair then prices one chip). */
  chips: number;
  deductible: number | null;
  stateCode: string | null;
}

export interface Quote {
  lines: QuoteLine[];
  subtotal: number;
  tax: number;
  /** The state rate applied to taxable lines, in percent (0 when none). */
  taxRate: number;
  total: number;
  /** The policy's deductible (0 when none). */
  deductible: number;
  /** True for a repair with a deductible: it is waived and the policyholder pays nothing. */
  deductibleWaived: boolean;
  insurancePays: number;
  policyholderPays: number;
}

/** Dollars → integer cents (robust to binary fractions such as 1.005). */
const toCents = (dollars: number) => Math.round(Number((dollars * 100).toFixed(4)));
const toDollars = (cents: number) => cents / 100;
const money = (label: string, value: number) => {
  if (!Number.isFinite(value) || value < 0) throw new PricingError(`${label} must be a number of dollars of at least 0.`);
  return toCents(value);
};

interface CentsLine {
  kind: QuoteLineKind;
  description: string;
  partNumber: string | null;
  quantity: number;
  unitCents: number;
  amountCents: number;
  taxable: boolean;
}

const line = (
  kind: QuoteLineKind,
  description: string,
  partNumber: string | null,
  quantity: number,
  unitCents: number,
  taxable: boolean,
): CentsLine => ({ kind, description, partNumber, quantity, unitCents, amountCents: Math.round(quantity * unitCents), taxable });

/** Repair lines for `chips` chips (negative = not given = 1). */
function repairLines(input: QuoteInput, servicesTaxed: boolean): CentsLine[] {
  if (!Number.isInteger(input.chips)) throw new PricingError('The number of chips or cracks must be a whole number.');
  const tempered = input.parts.find((p) => p.tempered);
  if (tempered) {
    throw new PricingError(`${tempered.description} (${tempered.partNumber}) is tempered glass: it cannot be repaired, only replaced.`);
  }
  const chips = Math.max(1, input.chips);
  if (chips > MAX_REPAIRABLE_CHIPS) {
    throw new PricingError(
      `${chips} chips or cracks cannot be repaired: a repair covers at most ${MAX_REPAIRABLE_CHIPS}. Replace the glass instead.`,
    );
  }
  const lines = [line('repair', 'Chip or crack repair (first chip)', null, 1, toCents(CHIP_REPAIR_FIRST), servicesTaxed)];
  if (chips > 1) {
    lines.push(line('repair', 'Additional chip or crack repair', null, chips - 1, toCents(CHIP_REPAIR_ADDITIONAL), servicesTaxed));
  }
  return lines;
}

/** Replacement lines: for each part its price, labor, kit (bonded glass) and recalibration. */
function replaceLines(parts: CatalogPart[], servicesTaxed: boolean): CentsLine[] {
  if (!parts.length) throw new PricingError('A replacement needs at least one glass part.');
  const lines: CentsLine[] = [];
  for (const p of parts) {
    const list = money(`The list price of ${p.partNumber}`, p.listPrice);
    const hours = p.laborHours;
    if (!Number.isFinite(hours) || hours < 0) throw new PricingError(`The labor hours of ${p.partNumber} must be at least 0.`);
    const unit = Math.round((list * (100 - PART_DISCOUNT_PERCENT)) / 100);
    lines.push(line('part', `${p.description} (list $${toDollars(list).toFixed(2)} less ${PART_DISCOUNT_PERCENT}% program discount)`, p.partNumber, 1, unit, true));
    if (hours > 0) {
      lines.push(line('labor', `Installation labor, ${hours} h at $${LABOR_RATE_PER_HOUR.toFixed(2)}/h`, p.partNumber, hours, toCents(LABOR_RATE_PER_HOUR), servicesTaxed));
    }
    const kit = KIT_PRICES[p.glassType];
    if (kit !== undefined) {
      lines.push(line('kit', `Urethane and molding kit (${p.glassType.toLowerCase()})`, p.partNumber, 1, toCents(kit), true));
    }
    if (p.recalibration === 'static' || p.recalibration === 'dynamic') {
      const label = p.recalibration === 'static' ? 'Static' : 'Dynamic';
      lines.push(line('recalibration', `${label} camera recalibration`, p.partNumber, 1, toCents(RECALIBRATION_PRICES[p.recalibration]), servicesTaxed));
    }
  }
  return lines;
}

/** Sales-tax rate of a state in thousandths of a percent (6.625 % → 6625), 0 when unknown. */
function rateMilli(stateCode: string | null): number {
  const rate = stateCode ? STATE_SALES_TAX_PERCENT[stateCode.trim().toUpperCase()] : undefined;
  return rate === undefined ? 0 : Math.round(rate * 1000);
}

/** Prices a repair or a replacement; throws PricingError when it cannot be done. */
export function priceQuote(input: QuoteInput): Quote {
  const state = input.stateCode?.trim().toUpperCase() ?? null;
  const servicesTaxed = state !== null && SERVICE_TAXING_STATES.has(state);
  const isRepair = input.repairOrReplace === 'Repair';
  if (!isRepair && input.repairOrReplace !== 'Replace') throw new PricingError("Choose 'Repair' or 'Replace'.");
  const deductibleCents = input.deductible === null ? 0 : money('The deductible', input.deductible);

  const lines = isRepair ? repairLines(input, servicesTaxed) : replaceLines(input.parts, servicesTaxed);
  const subtotal = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const taxable = lines.reduce((sum, l) => sum + (l.taxable ? l.amountCents : 0), 0);
  const milli = rateMilli(state);
  const tax = Math.round((taxable * milli) / 100_000);
  const total = subtotal + tax;
  const policyholder = isRepair ? 0 : Math.min(deductibleCents, total);

  return {
    lines: lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      partNumber: l.partNumber,
      quantity: l.quantity,
      unitPrice: toDollars(l.unitCents),
      amount: toDollars(l.amountCents),
    })),
    subtotal: toDollars(subtotal),
    tax: toDollars(tax),
    taxRate: milli / 1000,
    total: toDollars(total),
    deductible: toDollars(deductibleCents),
    deductibleWaived: isRepair && deductibleCents > 0,
    insurancePays: toDollars(total - policyholder),
    policyholderPays: toDollars(policyholder),
  };
}
