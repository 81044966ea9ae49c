import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/lib/csv.ts';

describe('CSV exports (src/lib/csv.ts)', () => {
  it('quotes cells with commas, quotes or line breaks, and doubles the quotes', () => {
    expect(csvCell('Rivera, Alex')).toBe('"Rivera, Alex"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('defuses text a spreadsheet would run as a formula; numbers stay numbers', () => {
    for (const f of ['=HYPERLINK("x")', '+1+1', '-2', '@SUM(A1)', '\tx']) expect(csvCell(f).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('writes rows with CRLF line ends and a final one', () => {
    expect(toCsv([['a', 'b'], [1, null]])).toBe('a,b\r\n1,\r\n');
  });
});
