// The policyholder quote as text (issue 13: 'Share this quote with the policyholder' gets real actions): what
// 'Email the quote' puts in its mailto: link and 'Copy the quote' copies, in both languages.
import { describe, expect, it } from 'vitest';
import type { GlassPart, Quote } from '../../src/lib/api/quick-quote.ts';
import { mailtoHref, quoteText } from '../../src/lib/claim/quote-text.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { translatorFor } from '../../src/lib/i18n/all.ts';
import { newClaimFlow, type ClaimFlow } from '../../src/stores/claim.ts';

const windshield: GlassPart = {
  PartNumber: 'FW05123GTYN',
  Group: 'Windshield',
  Location: 'Windshield',
  GlassType: 'Windshield',
  Description: 'Windshield for 2018–2024 Toyota Camry with lane camera',
  Tint: 'Green',
  Features: ['lane camera'],
  Recalibration: 'static',
  Tempered: false,
};
const quote: Quote = {
  Lines: [
    { Kind: 'part', Description: 'Windshield (list $400.00 less 10% program discount)', PartNumber: 'FW05123GTYN', Quantity: 1, UnitPrice: 360, Amount: 360 },
    { Kind: 'recalibration', Description: 'Static camera recalibration', PartNumber: 'FW05123GTYN', Quantity: 1, UnitPrice: 275, Amount: 275 },
  ],
  Subtotal: 635,
  Tax: 21.6,
  Total: 656.6,
  Deductible: 0,
  InsurancePays: 656.6,
  PolicyholderPays: 0,
};
const flow: ClaimFlow = {
  ...newClaimFlow(),
  ZipCode: '33602',
  City: 'Tampa',
  State: 'FL',
  IsServiced: true,
  CarId: 7,
  Year: 2020,
  Make: 'Toyota',
  Model: 'Camry',
  Style: '4 Door Sedan',
  GlassCarId: 7,
  Parts: [windshield],
  SelectedGlassGroups: ['Windshield'],
  RepairOrReplace: 'Replace',
  Quote: quote,
};

describe('the quote as text for the policyholder', () => {
  it('English: the vehicle in the subject; location, glass, service, part, every line and the totals in the body', () => {
    const m = quoteText(translatorFor('en'), (n) => formatMoney(n, 'en'), flow, quote);
    expect(m.subject).toBe('Your glass quote for the 2020 Toyota Camry 4 Door Sedan');
    const lines = m.body.split('\n');
    expect(lines[0]).toBe('Here is the quote for the glass of your 2020 Toyota Camry 4 Door Sedan.');
    expect(lines).toContain('Location: Tampa, FL 33602');
    expect(lines).toContain('Repair or replace: Replace');
    expect(lines).toContain('  Windshield · Windshield for 2018–2024 Toyota Camry with lane camera (FW05123GTYN)');
    expect(lines).toContain('Camera recalibration (Static camera recalibration · FW05123GTYN): 1 × $275.00 = $275.00');
    expect(lines).toContain('Total: $656.60');
    expect(lines).toContain('Policyholder pays: $0.00');
  });

  it('Spanish: the same message in Spanish words', () => {
    const m = quoteText(translatorFor('es'), (n) => formatMoney(n, 'es'), flow, quote);
    expect(m.subject).toBe('Su cotización de vidrio para el 2020 Toyota Camry 4 Door Sedan');
    expect(m.body).toContain('Total: ');
    expect(m.body).not.toContain('Policyholder pays');
    expect(m.body).not.toContain('Here is');
  });

  it('a mailto: link with the subject and body encoded; the policyholder’s address when it looks like one', () => {
    const m = quoteText(translatorFor('en'), (n) => formatMoney(n, 'en'), flow, quote);
    const href = mailtoHref('jamie.oneil@example.com', m);
    expect(href.startsWith('mailto:jamie.oneil@example.com?subject=')).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe(m.subject);
    expect(url.searchParams.get('body')).toBe(m.body);
    // No address yet (the claim details come later), or something that is not one: the agent's mail program asks.
    expect(mailtoHref('', m).startsWith('mailto:?subject=')).toBe(true);
    expect(mailtoHref('a@b.com?bcc=x@y.z', m).startsWith('mailto:?subject=')).toBe(true);
  });
});
