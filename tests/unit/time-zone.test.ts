// Calendar days in a time zone (src/lib/time-zone.ts): the instant a reader's local day starts, through daylight-saving
// changes, for the work-order lists' 'Filed from' / 'Filed to' filter.
import { describe, expect, it } from 'vitest';
import { isTimeZone, nextDay, readerTimeZone, startOfDayIn } from '../../src/lib/time-zone.ts';

describe('startOfDayIn', () => {
  it.each([
    ['2026-01-15', 'UTC', '2026-01-15T00:00:00.000Z'],
    ['2026-01-15', 'America/New_York', '2026-01-15T05:00:00.000Z'], // EST, UTC-5
    ['2026-07-15', 'America/New_York', '2026-07-15T04:00:00.000Z'], // EDT, UTC-4
    ['2026-01-15', 'Etc/GMT+5', '2026-01-15T05:00:00.000Z'], // a fixed UTC-5 (POSIX sign)
    ['2026-01-15', 'Asia/Kolkata', '2026-01-14T18:30:00.000Z'], // UTC+5:30
    ['2026-01-15', 'Pacific/Kiritimati', '2026-01-14T10:00:00.000Z'], // UTC+14
    // The days of a change: New York springs forward at 2:00 and falls back at 2:00 (midnight untouched).
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'],
    ['2026-11-02', 'America/New_York', '2026-11-02T05:00:00.000Z'],
    // Santiago jumps from 00:00 to 01:00 (no midnight: the day starts at the jump) and sets 24:00 back to 23:00.
    ['2024-09-08', 'America/Santiago', '2024-09-08T04:00:00.000Z'],
    ['2024-04-07', 'America/Santiago', '2024-04-07T04:00:00.000Z'],
  ])('%s in %s starts at %s', (day, zone, instant) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(instant);
  });

  it("an order filed at 23:30 local on day D in a UTC-5 zone falls between D's start and the next day's start", () => {
    const filed = Date.parse('2024-01-11T04:30:00Z'); // 23:30 on 10 January in New York
    expect(filed).toBeGreaterThanOrEqual(startOfDayIn('2024-01-10', 'America/New_York').getTime());
    expect(filed).toBeLessThan(startOfDayIn(nextDay('2024-01-10'), 'America/New_York').getTime());
    // In UTC it is on the 11th.
    expect(filed).toBeGreaterThanOrEqual(startOfDayIn('2024-01-11', 'UTC').getTime());
  });
});

describe('nextDay, isTimeZone, readerTimeZone', () => {
  it('nextDay crosses months, years and leap days', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
  });

  it('isTimeZone knows IANA names and refuses others', () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/Madrid', 'America/Puerto_Rico', 'Etc/GMT+5']) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus_Mons', 'America/New York', 'EST5EDT/x']) expect(isTimeZone(zone), zone).toBe(false);
  });

  it("readerTimeZone is the runtime's own zone, a name isTimeZone knows", () => {
    expect(readerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(isTimeZone(readerTimeZone())).toBe(true);
  });
});
