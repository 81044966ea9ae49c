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
