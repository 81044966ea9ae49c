/**
 * Calendar days in a reader's time zone: the work-order lists' 'Filed from' / 'Filed to' filter means the reader's
 * local days (the lists show local times), so the browser sends its IANA time zone and the server turns each day
 * into the instant it starts there. Plain Intl (no time-zone library): the browser and Node share the IANA names.
 */

/** The reader's IANA time zone ('America/New_York'); 'UTC' when the runtime does not say. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** True when the runtime knows the time zone (an IANA name such as 'America/New_York', 'Etc/GMT+5' or 'UTC'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in ms (local wall time minus UTC; -5 h for New York in winter). */
function offsetAt(ms: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The day after a calendar day (YYYY-MM-DD → YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The instant a calendar day (YYYY-MM-DD) starts in a time zone: its local midnight (the earlier one when a clock
 * set back repeats it), or, where a jump forward skips midnight (America/Santiago in September), the jump itself.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  /** The day's midnight written as if it were UTC: an instant t is local midnight when t + offset(t) equals it. */
  const midnight = Date.UTC(y, m - 1, d);
  const guesses = [...new Set([-DAY_MS, 0, DAY_MS].map((shift) => midnight - offsetAt(midnight + shift, timeZone)))];
  const exact = guesses.filter((t) => t + offsetAt(t, timeZone) === midnight);
  if (exact.length) return new Date(Math.min(...exact));
  // No local midnight that day: the first instant whose local time is past it (to the second) is the jump.
  let before = Math.min(...guesses);
  let after = Math.max(...guesses);
  while (after - before > 1000) {
    const mid = Math.floor((before + after) / 2000) * 1000;
    if (mid + offsetAt(mid, timeZone) < midnight) before = mid;
    else after = mid;
  }
  return new Date(after);
}

/**
 * The instant a wall-clock time (YYYY-MM-DD and HH:MM) happens in a time zone (CE courses: the date and times the
 * admin typed, in the course's zone). A time a clock set back repeats is its first occurrence; a time a jump forward
 * skips is read with the offset before the jump (02:30 on a spring-forward day is 03:30).
 */
export function instantIn(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const candidates = [...new Set([-DAY_MS / 2, 0, DAY_MS / 2].map((shift) => wall - offsetAt(wall + shift, timeZone)))];
  const exact = candidates.filter((t) => t + offsetAt(t, timeZone) === wall);
  if (exact.length) return new Date(Math.min(...exact));
  // Skipped by a jump forward: the offset in force before it.
  return new Date(wall - offsetAt(wall - DAY_MS / 2, timeZone));
}

/** The calendar day (YYYY-MM-DD) and time (HH:MM) of an instant in a time zone. */
export function wallClockIn(instant: Date, timeZone: string): { day: string; time: string } {
  const local = new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone));
  const iso = local.toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}
