import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogPart } from '../../src/lib/claim/glass.ts';
import {
  PricingError,
  priceQuote,
  REPAIR_DEDUCTIBLE_WAIVER,
  SERVICE_TAXING_STATES,
  STATE_SALES_TAX_PERCENT,
  type Quote,
  type QuoteInput,
} from '../../src/server/services/pricing.ts';

const windshield = (over: Partial<CatalogPart> = {}): CatalogPart => ({
  partNumber: 'FW05123GTYN',
  group: 'Windshield',
  location: 'Windshield',
  glassType: 'Windshield',
  description: 'Windshield, green tint, lane camera',
  tint: 'Green',
  features: ['lane camera'],
  recalibration: 'dynamic',
  tempered: false,
  listPrice: 412.0,
  laborHours: 2.5,
  ...over,
});
const door = (over: Partial<CatalogPart> = {}): CatalogPart => ({
  partNumber: 'DD11234GTY',
  group: "Driver's side",
  location: "Driver's side front door",
  glassType: 'Door',
  description: "Driver's side front door glass",
  tint: 'Gray',
  features: [],
  recalibration: 'none',
  tempered: true,
  listPrice: 188.5,
  laborHours: 1.5,
  ...over,
});
const backGlass = (over: Partial<CatalogPart> = {}): CatalogPart => ({
  partNumber: 'DB08811GTYH',
  group: 'Back glass',
  location: 'Back glass',
  glassType: 'Back glass',
  description: 'Back glass, heated',
  tint: 'Gray',
  features: [],
  recalibration: 'none',
  tempered: true,
  listPrice: 305.25,
  laborHours: 1.8,
  ...over,
});

const base = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  parts: [windshield()],
  repairOrReplace: 'Replace',
  chips: -1,
  deductible: null,
  stateCode: 'FL',
  ...over,
});

const cents = (dollars: number) => Math.round(dollars * 100);
/** True when a dollar amount has at most two decimals. */
const isCents = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-6;
const moneyOf = (q: Quote) => [q.subtotal, q.tax, q.total, q.deductible, q.insurancePays, q.policyholderPays, ...q.lines.flatMap((l) => [l.unitPrice, l.amount])];

/** The invariants every quote keeps. */
function expectConsistent(q: Quote) {
  expect(moneyOf(q).every(isCents)).toBe(true);
  expect(q.lines.reduce((s, l) => s + cents(l.amount), 0)).toBe(cents(q.subtotal));
  for (const l of q.lines) expect(Math.abs(cents(l.amount) - l.quantity * cents(l.unitPrice))).toBeLessThanOrEqual(0.5);
  expect(cents(q.subtotal) + cents(q.tax)).toBe(cents(q.total));
  expect(cents(q.insurancePays) + cents(q.policyholderPays)).toBe(cents(q.total));
  expect(q.insurancePays).toBeGreaterThanOrEqual(0);
  expect(q.policyholderPays).toBeGreaterThanOrEqual(0);
}

const lineOf = (q: Quote, kind: string) => q.lines.filter((l) => l.kind === kind);

describe('chip repair', () => {
  it('prices the first chip in the usual $65–$130 range, with no part', () => {
    const q = priceQuote(base({ repairOrReplace: 'Repair', chips: 1 }));
    expect(q.lines).toHaveLength(1);
    const [first] = q.lines;
    expect(first!.kind).toBe('repair');
    expect(first!.partNumber).toBeNull();
    expect(first!.quantity).toBe(1);
    expect(first!.amount).toBeGreaterThanOrEqual(65);
    expect(first!.amount).toBeLessThanOrEqual(130);
    expect(q.subtotal).toBe(first!.amount);
    expectConsistent(q);
  });

  it('treats "not given" (-1) and 0 chips as one chip', () => {
    const one = priceQuote(base({ repairOrReplace: 'Repair', chips: 1 }));
    expect(priceQuote(base({ repairOrReplace: 'Repair', chips: -1 }))).toEqual(one);
    expect(priceQuote(base({ repairOrReplace: 'Repair', chips: 0 }))).toEqual(one);
  });

  it('charges less for each additional chip, up to three', () => {
    const one = priceQuote(base({ repairOrReplace: 'Repair', chips: 1 }));
    const two = priceQuote(base({ repairOrReplace: 'Repair', chips: 2 }));
    const three = priceQuote(base({ repairOrReplace: 'Repair', chips: 3 }));
    const extra2 = cents(two.subtotal) - cents(one.subtotal);
    const extra3 = cents(three.subtotal) - cents(two.subtotal);
    expect(extra2).toBe(extra3);
    expect(extra2).toBeGreaterThanOrEqual(2000);
    expect(extra2).toBeLessThanOrEqual(3000);
    expect(extra2).toBeLessThan(cents(one.subtotal));
    const additional = lineOf(three, 'repair')[1]!;
    expect(additional.quantity).toBe(2);
    expect(cents(additional.amount)).toBe(2 * extra2);
    expectConsistent(three);
  });

  it.each([4, 5, 12])('refuses %i chips with a readable PricingError', (chips) => {
    const run = () => priceQuote(base({ repairOrReplace: 'Repair', chips }));
    expect(run).toThrow(PricingError);
    expect(run).toThrow(/at most 3/);
  });

  it('refuses to repair tempered glass and a fractional number of chips', () => {
    expect(() => priceQuote(base({ repairOrReplace: 'Repair', parts: [door()], chips: 1 }))).toThrow(/tempered/);
    expect(() => priceQuote(base({ repairOrReplace: 'Repair', chips: 1.5 }))).toThrow(PricingError);
  });

  it('waives the deductible: the insurer pays all of a repair', () => {
    const q = priceQuote(base({ repairOrReplace: 'Repair', chips: 2, deductible: 500 }));
    expect(q.deductible).toBe(500);
    expect(q.deductibleWaived).toBe(true);
    expect(q.policyholderPays).toBe(0);
    expect(q.insurancePays).toBe(q.total);
    expect(REPAIR_DEDUCTIBLE_WAIVER).toMatch(/waive/i);
    expectConsistent(q);
    expect(priceQuote(base({ repairOrReplace: 'Repair', chips: 2, deductible: null })).deductibleWaived).toBe(false);
  });

  it('taxes repair service only where the state taxes repair labor', () => {
    const fl = priceQuote(base({ repairOrReplace: 'Repair', chips: 1, stateCode: 'FL' }));
    expect(fl.tax).toBe(0);
    const wa = priceQuote(base({ repairOrReplace: 'Repair', chips: 1, stateCode: 'WA' }));
    expect(SERVICE_TAXING_STATES.has('WA')).toBe(true);
    expect(cents(wa.tax)).toBe(Math.round(cents(wa.subtotal) * 0.065));
    expect(wa.total).toBeGreaterThan(fl.total);
  });
});

describe('replacement', () => {
  it('itemises a camera windshield: part below list, labor, urethane kit, dynamic recalibration', () => {
    const part = windshield();
    const q = priceQuote(base({ parts: [part], deductible: 250, stateCode: 'FL' }));
    expect(q.lines.map((l) => l.kind)).toEqual(['part', 'labor', 'kit', 'recalibration']);
    expect(q.lines.every((l) => l.partNumber === part.partNumber)).toBe(true);

    const [p, labor, kit, recal] = q.lines;
    expect(p!.amount).toBeLessThanOrEqual(part.listPrice);
    expect(p!.amount).toBeGreaterThanOrEqual(part.listPrice * 0.8);
    expect(labor!.quantity).toBe(part.laborHours);
    expect(labor!.unitPrice).toBeGreaterThanOrEqual(75);
    expect(labor!.unitPrice).toBeLessThanOrEqual(95);
    expect(cents(labor!.amount)).toBe(Math.round(part.laborHours * cents(labor!.unitPrice)));
    expect(kit!.amount).toBeGreaterThanOrEqual(25);
    expect(kit!.amount).toBeLessThanOrEqual(55);
    expect(recal!.description).toMatch(/dynamic/i);
    expect(recal!.amount).toBeGreaterThanOrEqual(300);
    expect(recal!.amount).toBeLessThanOrEqual(360);

    // Florida: 6 % on the goods (glass and kit), none on labor or recalibration.
    expect(cents(q.tax)).toBe(Math.round((cents(p!.amount) + cents(kit!.amount)) * 0.06));
    expect(q.taxRate).toBe(6);
    expect(q.policyholderPays).toBe(250);
    expect(cents(q.insurancePays)).toBe(cents(q.total) - 25_000);
    expect(q.deductibleWaived).toBe(false);
    expectConsistent(q);
  });

  it('prices static recalibration below dynamic, within $250–$300', () => {
    const stat = priceQuote(base({ parts: [windshield({ recalibration: 'static' })] }));
    const dyn = priceQuote(base({ parts: [windshield({ recalibration: 'dynamic' })] }));
    const s = lineOf(stat, 'recalibration')[0]!;
    expect(s.amount).toBeGreaterThanOrEqual(250);
    expect(s.amount).toBeLessThanOrEqual(300);
    expect(s.amount).toBeLessThan(lineOf(dyn, 'recalibration')[0]!.amount);
    expect(lineOf(priceQuote(base({ parts: [windshield({ recalibration: 'none' })] })), 'recalibration')).toEqual([]);
  });

  it('adds a kit for back glass but not for door glass; no recalibration for either', () => {
    const q = priceQuote(base({ parts: [door(), backGlass()] }));
    expect(q.lines.map((l) => `${l.kind}:${l.partNumber}`)).toEqual([
      'part:DD11234GTY',
      'labor:DD11234GTY',
      'part:DB08811GTYH',
      'labor:DB08811GTYH',
      'kit:DB08811GTYH',
    ]);
    expectConsistent(q);
  });

  it('a bigger job costs more: two parts cost the sum of each alone (before tax)', () => {
    const a = priceQuote(base({ parts: [windshield()] }));
    const b = priceQuote(base({ parts: [door()] }));
    const both = priceQuote(base({ parts: [windshield(), door()] }));
    expect(cents(both.subtotal)).toBe(cents(a.subtotal) + cents(b.subtotal));
  });

  it('computes in cents: awkward prices and hours leave no float residue', () => {
    const q = priceQuote(base({ parts: [windshield({ listPrice: 333.33, laborHours: 1.3 }), door({ listPrice: 0.1 + 0.2, laborHours: 0.7 })], stateCode: 'NJ', deductible: 100.1 }));
    expectConsistent(q);
    expect(lineOf(q, 'labor')[0]!.amount).toBe(110.5); // 1.3 h × $85
    expect(q.policyholderPays).toBe(100.1);
  });

  it('applies each state’s rate; unknown, missing and no-tax states pay none; the code is case-insensitive', () => {
    const taxed = (stateCode: string | null) => priceQuote(base({ stateCode })).tax;
    expect(taxed('OR')).toBe(0);
    expect(taxed('MT')).toBe(0);
    expect(taxed(null)).toBe(0);
    expect(taxed('ZZ')).toBe(0);
    expect(taxed('fl')).toBe(taxed('FL'));
    expect(taxed('CA')).toBeGreaterThan(taxed('FL'));
    const nj = priceQuote(base({ stateCode: 'NJ' }));
    const goods = lineOf(nj, 'part').concat(lineOf(nj, 'kit')).reduce((s, l) => s + cents(l.amount), 0);
    expect(Math.abs(cents(nj.tax) - goods * 0.06625)).toBeLessThanOrEqual(0.5);
    expect(nj.taxRate).toBe(6.625);
  });

  it('taxes labor and recalibration too in states that tax repair services', () => {
    const wv = priceQuote(base({ stateCode: 'WV' }));
    expect(Math.abs(cents(wv.tax) - cents(wv.subtotal) * 0.06)).toBeLessThanOrEqual(0.5);
    const pa = priceQuote(base({ stateCode: 'PA' })); // same 6 % rate, goods only
    expect(pa.tax).toBeLessThan(wv.tax);
  });

  it('splits by the deductible: the policyholder pays at most the deductible, the insurer never below zero', () => {
    const none = priceQuote(base({ deductible: null }));
    expect(none.deductible).toBe(0);
    expect(none.policyholderPays).toBe(0);
    expect(none.insurancePays).toBe(none.total);
    const huge = priceQuote(base({ deductible: 5000 }));
    expect(huge.policyholderPays).toBe(huge.total);
    expect(huge.insurancePays).toBe(0);
    const zero = priceQuote(base({ deductible: 0 }));
    expect(zero.insurancePays).toBe(zero.total);
  });

  it('refuses a replacement without parts, negative deductibles and bad part data', () => {
    expect(() => priceQuote(base({ parts: [] }))).toThrow(PricingError);
    expect(() => priceQuote(base({ deductible: -1 }))).toThrow(/deductible/i);
    expect(() => priceQuote(base({ parts: [windshield({ listPrice: Number.NaN })] }))).toThrow(PricingError);
    expect(() => priceQuote(base({ parts: [windshield({ laborHours: -2 })] }))).toThrow(PricingError);
  });

  it('keeps its invariants for any parts, deductible and state', () => {
    const states = [...Object.keys(STATE_SALES_TAX_PERCENT), 'OR', 'AK', null];
    const part = fc.record({
      kind: fc.constantFrom('ws', 'door', 'back'),
      listPrice: fc.integer({ min: 0, max: 300_000 }).map((c) => c / 100),
      laborHours: fc.integer({ min: 0, max: 60 }).map((t) => t / 10),
      recalibration: fc.constantFrom('none', 'static', 'dynamic'),
    });
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100)),
        fc.constantFrom(...states),
        (parts, deductible, stateCode) => {
          const catalog = parts.map((p, i) => {
            const make = p.kind === 'ws' ? windshield : p.kind === 'door' ? door : backGlass;
            return make({ partNumber: `P${i}`, listPrice: p.listPrice, laborHours: p.laborHours, recalibration: p.kind === 'ws' ? p.recalibration : 'none' });
          });
          const q = priceQuote({ parts: catalog, repairOrReplace: 'Replace', chips: -1, deductible, stateCode });
          expectConsistent(q);
          expect(cents(q.policyholderPays)).toBe(Math.min(cents(deductible ?? 0), cents(q.total)));
          expect(lineOf(q, 'part')).toHaveLength(catalog.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
