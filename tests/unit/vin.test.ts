import { describe, expect, it } from 'vitest';
import { modelYear, validateVin, VIN_MESSAGES, vinCheckDigit, vinMake, withCheckDigit, YEAR_CODES } from '../../src/lib/claim/vin.ts';

/**
 * Real published VINs. Check digits worked out by hand (49 CFR 565.15), not taken from the function:
 * transliteration A1 B2 C3 D4 E5 F6 G7 H8 J1 K2 L3 M4 N5 P7 R9 S2 T3 U4 V5 W6 X7 Y8 Z9,
 * weights 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2, sum mod 11 (10 → X).
 *
 * 1HGCM82633A004352: 8+56+42+15+16+24+4+60+0+27+8+0+0+20+12+15+4 = 311; 311 mod 11 = 3
 * 1M8GDM9AXKP042788: 8+28+48+35+16+12+18+10+0+18+56+0+24+10+28+24+16 = 351; 351 mod 11 = 10 → X
 * JF1GPAD60D1803590: 8+42+6+35+28+3+8+60+0+36+8+56+0+15+20+27+0 = 352; 352 mod 11 = 0
 * WA1A4AFY2J2008189: 48+7+6+5+16+3+12+80+0+9+16+0+0+40+4+24+18 = 288; 288 mod 11 = 2
 * 1FTMW1T88MFA00001: 8+42+18+20+24+3+6+80+0+36+48+7+0+0+0+0+2 = 294; 294 mod 11 = 8
 */
const REAL: { vin: string; check: string; year: number; make: string | null }[] = [
  { vin: '1HGCM82633A004352', check: '3', year: 2003, make: 'Honda' }, // position 7 '2' (digit), year code '3'
  { vin: '1M8GDM9AXKP042788', check: 'X', year: 1989, make: null }, // position 7 '9', year code 'K'; 1M8 (a coach maker) is not in the table
  { vin: 'JF1GPAD60D1803590', check: '0', year: 2013, make: 'Subaru' }, // position 7 'D' (letter), year code 'D'
  { vin: 'WA1A4AFY2J2008189', check: '2', year: 2018, make: 'Audi' }, // position 7 'F', year code 'J'
  { vin: '1FTMW1T88MFA00001', check: '8', year: 2021, make: 'Ford' }, // position 7 'T', year code 'M'
];

describe('vinCheckDigit on real VINs', () => {
  for (const { vin, check } of REAL) {
    it(`${vin} → ${check}`, () => {
      expect(vin[8]).toBe(check); // the published VIN carries the digit we computed by hand
      expect(vinCheckDigit(vin)).toBe(check);
    });
  }

  it('ignores whatever position 9 holds when computing', () => {
    expect(vinCheckDigit('1HGCM82603A004352')).toBe('3');
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
  });

  it('gives a different digit when one character changes', () => {
    // Position 17: '2' → '3' adds 1×2 to 311 → 313 mod 11 = 5.
    expect(vinCheckDigit('1HGCM82633A004353')).toBe('5');
    // Position 8 (weight 10): '6' → '7' adds 10 → 321 mod 11 = 2.
    expect(vinCheckDigit('1HGCM82733A004352')).toBe('2');
  });
});

describe('validateVin on real VINs', () => {
  for (const { vin, year, make } of REAL) {
    it(`${vin} decodes to ${year} ${make ?? '(unknown make)'}`, () => {
      const r = validateVin(vin);
      expect(r).toEqual({ ok: true, vin, year, make, wmi: vin.slice(0, 3) });
    });
  }
});

describe('modelYear', () => {
  it('1HGCM82633A004352 is 2003 (position 7 is a digit)', () => {
    expect(modelYear('1HGCM82633A004352')).toBe(2003);
  });

  it('position 7 decides the 30-year cycle: digit → 1980, letter → 2010 for year code A', () => {
    // Hand-computed: year code '3'→'A' changes position 10 from 3×9 to 1×9: 311 − 18 = 293, mod 11 = 7.
    const old = '1HGCM8267AA004352';
    // Position 7 '2' → 'B' (B = 2) leaves the sum alone: the check digit stays 7.
    const neu = '1HGCM8B67AA004352';
    expect(validateVin(old)).toMatchObject({ ok: true, year: 1980, make: 'Honda' });
    expect(validateVin(neu)).toMatchObject({ ok: true, year: 2010, make: 'Honda' });
    expect(modelYear(old)).toBe(1980);
    expect(modelYear(neu)).toBe(2010);
  });

  it('maps every year code to its year in both cycles', () => {
    expect(YEAR_CODES).toHaveLength(30);
    for (const c of 'IOQUZ0') expect(YEAR_CODES).not.toContain(c);
    const expected: [string, number, number][] = [
      ['A', 1980, 2010],
      ['H', 1987, 2017],
      ['J', 1988, 2018],
      ['N', 1992, 2022],
      ['P', 1993, 2023],
      ['R', 1994, 2024],
      ['S', 1995, 2025],
      ['T', 1996, 2026],
      ['V', 1997, 2027],
      ['Y', 2000, 2030],
      ['1', 2001, 2031],
      ['5', 2005, 2035],
      ['9', 2009, 2039],
    ];
    for (const [code, digitYear, letterYear] of expected) {
      expect(modelYear(`1HGCM8200${code}A004352`), code).toBe(digitYear);
      expect(modelYear(`1HGCM8C00${code}A004352`), code).toBe(letterYear);
    }
  });

  it('is null when position 10 is no year code', () => {
    for (const c of ['U', 'Z', '0']) expect(modelYear(`1HGCM8260${c}A004352`), c).toBeNull();
    const vin = withCheckDigit('1HGCM82600A004352');
    expect(validateVin(vin)).toMatchObject({ ok: true, year: null, make: 'Honda' });
  });

  it('heavy-truck WMIs ignore the position-7 rule: the later cycle unless it is in the future', () => {
    // 1FU (Freightliner), position 7 digit, year code A: a car would be 1980, a heavy truck is 2010.
    const fl = withCheckDigit('1FUJG5380AL123456');
    expect(fl[6]).toMatch(/[0-9]/);
    expect(validateVin(fl)).toMatchObject({ ok: true, year: 2010, make: 'Freightliner' });
    // 1XP (Peterbilt), position 7 digit, year code R → 2024 (a car would be 1994).
    const pb = withCheckDigit('1XPBD49X0RD123456');
    expect(validateVin(pb)).toMatchObject({ ok: true, year: 2024, make: 'Peterbilt' });
    // 1XP, position 7 letter, year code 9: 2039 lies in the future → 2009 (a car would be 2039).
    const pb9 = withCheckDigit('1XPBDPEX09D123456');
    expect(pb9[6]).toMatch(/[A-Z]/);
    expect(validateVin(pb9)).toMatchObject({ ok: true, year: 2009, make: 'Peterbilt' });
    // The same positions under a car WMI follow the position-7 rule.
    expect(modelYear('1HGBD49X0RD123456')).toBe(1994);
    expect(modelYear('1HGBDPEX09D123456')).toBe(2039);
    // Volvo's heavy-truck WMI 4V4 vs its car WMI YV1.
    expect(modelYear('4V4NC9EH0FN123456')).toBe(2015);
    expect(modelYear('4V4NC91H0FN123456')).toBe(2015);
    expect(modelYear('YV1NC91H0FN123456')).toBe(1985);
  });
});

describe('vinMake', () => {
  it('names the make from the WMI', () => {
    const cases: [string, string | null][] = [
      ['1HGCM82633A004352', 'Honda'],
      ['JF1GPAD60D1803590', 'Subaru'],
      ['WA1A4AFY2J2008189', 'Audi'],
      ['1FTMW1T88MFA00001', 'Ford'],
      ['5YJ3E1EA0KF000000', 'Tesla'],
      ['4T1B11HK0KU000000', 'Toyota'],
      ['KNAGM4AD0F5000000', 'Kia'],
      ['1XPBD49X0RD123456', 'Peterbilt'],
      ['1XKYD49X0RJ123456', 'Kenworth'],
      ['4V4NC9EH0FN123456', 'Volvo'],
      ['YV1NC9EH0FN123456', 'Volvo'],
      ['1M8GDM9AXKP042788', null],
      ['ZZZGDM9AXKP042788', null],
    ];
    for (const [vin, make] of cases) expect(vinMake(vin), vin).toBe(make);
  });

  it('Chrysler-group WMIs take the brand from position 5 from model year 2011', () => {
    const cases: [string, string][] = [
      ['2C3CDXBG0EH000000', 'Dodge'], // Charger, 2014
      ['2C3CCAAG0EH000000', 'Chrysler'], // 300, 2014
      ['1C4RJFAG0FC000000', 'Jeep'], // Grand Cherokee, 2015
      ['1C4RDJDG0FC000000', 'Dodge'], // Durango on the 1C4 WMI (Jeep's in the table)
      ['1C6RR7LT0FS000000', 'Ram'], // Ram 1500, 2015
      ['1C6HJTFG0LL000000', 'Jeep'], // Gladiator, 2020 (1C6 is Ram's in the table)
      ['3C3CFFAR0DT000000', 'Fiat'], // 500, 2013
      ['3C6TRVAG0EE000000', 'Ram'], // ProMaster, 2014
    ];
    for (const [raw, make] of cases) {
      const vin = withCheckDigit(raw);
      expect(validateVin(vin), vin).toMatchObject({ ok: true, make });
    }
  });

  it('before 2011 and for unknown position-5 letters the WMI table decides', () => {
    // 2C3CDXBG…A… is model year 2010 (position 7 'B'): the table's Chrysler, not Dodge.
    expect(validateVin(withCheckDigit('2C3CDXBG0AH000000'))).toMatchObject({ ok: true, year: 2010, make: 'Chrysler' });
    // 1C6 with position 5 'D' in 2009 (position 7 digit): Ram from the table.
    expect(validateVin(withCheckDigit('1C6RD71209S000000'))).toMatchObject({ ok: true, year: 2009, make: 'Ram' });
    // Position 5 'X' is no brand letter: the table.
    expect(vinMake('1C4RXJDG0FC000000')).toBe('Jeep');
    expect(vinMake('2C3CXXBG0EH000000')).toBe('Chrysler');
    // A non-FCA WMI with 'D' in position 5 stays itself.
    expect(vinMake('1HGCD82633F004352')).toBe('Honda');
  });

  it('uses the year it is given', () => {
    expect(vinMake('2C3CDXBG0AH000000', 2014)).toBe('Dodge');
    expect(vinMake('2C3CDXBG0EH000000', 2010)).toBe('Chrysler');
    expect(vinMake('2C3CDXBG0EH000000', null)).toBe('Chrysler');
  });
});

describe('validateVin failures', () => {
  const fails = (raw: string, reason: 'length' | 'characters' | 'check-digit') => {
    const r = validateVin(raw);
    expect(r, raw).toEqual({ ok: false, reason, message: VIN_MESSAGES[reason] });
  };

  it('has a distinct message per problem', () => {
    expect(VIN_MESSAGES.length).toMatch(/17 characters/);
    expect(VIN_MESSAGES.characters).toMatch(/I, O or Q/);
    expect(VIN_MESSAGES['check-digit']).toMatch(/check digit/);
    expect(new Set(Object.values(VIN_MESSAGES)).size).toBe(3);
  });

  it('length', () => {
    fails('', 'length');
    fails('1HGCM82633A00435', 'length');
    fails('1HGCM82633A0043521', 'length');
    fails('1HGCM82633A00435I2', 'length'); // 18 characters: length is reported before characters
  });

  it('characters I, O, Q and punctuation', () => {
    fails('1HGCM82633A0043I2', 'characters');
    fails('1HGCM82633AO04352', 'characters');
    fails('QHGCM82633A004352', 'characters');
    fails('1HGCM82633A00435!', 'characters');
    fails('1HGCM82633A00435.', 'characters');
    fails('1HGCM82633A00435_', 'characters');
    fails('1HGCM82633A0043é2', 'characters');
    // Lower-case i/o/q are refused too (they are upper-cased first).
    fails('1hgcm82633a0o4352', 'characters');
  });

  it('check digit', () => {
    fails('1HGCM82643A004352', 'check-digit');
    fails('1HGCM82633A004353', 'check-digit');
    fails('1M8GDM9A0KP042788', 'check-digit');
    fails('JF1GPAD6XD1803590', 'check-digit');
    // Swapping two serial digits is caught.
    fails('1HGCM82633A003452', 'check-digit');
  });
});

describe('normalisation', () => {
  it('upper-cases and drops spaces and dashes', () => {
    for (const raw of [
      '1hgcm82633a004352',
      ' 1HGCM82633A004352 ',
      '1HG CM826 33A 004352',
      '1HG-CM826-33A-004352',
      '\t1hgcm8-2633 a00 43-52\n',
      'Wa1a4afy2j2008189',
    ]) {
      const r = validateVin(raw);
      expect(r.ok, raw).toBe(true);
      if (r.ok) expect(r.vin).toMatch(/^[A-Z0-9]{17}$/);
    }
    expect(validateVin('1hg-cm826 33a004352')).toEqual({ ok: true, vin: '1HGCM82633A004352', year: 2003, make: 'Honda', wmi: '1HG' });
  });

  it('does not drop other punctuation', () => {
    expect(validateVin('1HGCM82633A004352.')).toMatchObject({ ok: false, reason: 'length' });
    expect(validateVin('1HGCM8263/A004352')).toMatchObject({ ok: false, reason: 'characters' });
  });
});

describe('withCheckDigit', () => {
  it('puts the right check digit in, whatever was there', () => {
    expect(withCheckDigit('1HGCM82603A004352')).toBe('1HGCM82633A004352');
    expect(withCheckDigit('1HGCM82693A004352')).toBe('1HGCM82633A004352');
    expect(withCheckDigit('1M8GDM9A0KP042788')).toBe('1M8GDM9AXKP042788');
    expect(withCheckDigit('JF1GPAD69D1803590')).toBe('JF1GPAD60D1803590');
    expect(withCheckDigit('WA1A4AFY0J2008189')).toBe('WA1A4AFY2J2008189');
    expect(withCheckDigit('1FTMW1T80MFA00001')).toBe('1FTMW1T88MFA00001');
  });

  it('is idempotent and only changes position 9', () => {
    for (const { vin } of REAL) expect(withCheckDigit(vin)).toBe(vin);
    const raw = '5YJ3E1EA0KF317000';
    const fixed = withCheckDigit(raw);
    expect(fixed).toHaveLength(17);
    expect(fixed.slice(0, 8) + fixed.slice(9)).toBe(raw.slice(0, 8) + raw.slice(9));
    expect(validateVin(fixed).ok).toBe(true);
  });

  it('what it makes always validates (many generated VINs)', () => {
    const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 500; n++) {
      let vin = '';
      for (let i = 0; i < 17; i++) vin += chars[next() % chars.length];
      const fixed = withCheckDigit(vin);
      expect(validateVin(fixed).ok, fixed).toBe(true);
      // Any other digit in position 9 fails.
      const wrong = fixed.slice(0, 8) + (fixed[8] === '1' ? '2' : '1') + fixed.slice(9);
      expect(validateVin(wrong)).toMatchObject({ ok: false, reason: 'check-digit' });
    }
  });
});
