/**
 * Dates and times for reading in the page language and the reader's time zone: the browser's one date formatting
 * (the work-order screens, the editor) and the content pages' article dates. Apart from format.ts so that the pages
 * that show no dates (the shell on every page, the claim flow) do not load them (docs/decisions/005).
 */
import type { Lang } from './i18n.ts';

/** The locale of a page language. */
const localeOf = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/**
 * One formatter per language and style, made once: `toLocaleDateString` with options builds a new Intl.DateTimeFormat
 * on every call (about 0.2 ms each on a desktop CPU, four times that on Lighthouse's phone), and a chart or a list formats
 * hundreds of dates as it renders (issue 19: the analytics page's blocking time).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(lang: Lang, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang} ${style}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(localeOf(lang), options)));
  return f;
}

/** A day (YYYY-MM-DD, taken at local noon so no time zone moves it) or an ISO time; null when it is not a date. */
function toDate(value: string): Date | null {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Formats a day (YYYY-MM-DD) or an ISO time as its local day for reading ('Mar 2, 2026'); '' when missing, the value itself when not a date. */
export function formatDay(value: string | null | undefined, lang: Lang): string {
  if (!value) return '';
  const d = toDate(value);
  return d ? formatterOf(lang, 'day', { dateStyle: 'medium' }).format(d) : value;
}

/**
 * Formats an ISO time as local date and time for reading ('Mar 2, 2026, 3:04 PM'); `zone` adds the reader's time
 * zone ('… 3:04 PM EST'). '' when missing, the value itself when not a date.
 */
export function formatDateTime(value: string | null | undefined, lang: Lang, { zone = false }: { zone?: boolean } = {}): string {
  if (!value) return '';
  const d = toDate(value);
  if (!d) return value;
  return zone
    ? formatterOf(lang, 'time zone', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(d)
    : formatterOf(lang, 'time', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Formats the day of an ISO date or time in full, as the content pages date an article ('March 2, 2026'; UTC). */
export function formatLongDay(iso: string, lang: Lang): string {
  return formatterOf(lang, 'long day', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
}

/** Formats the first day of a week (YYYY-MM-DD, UTC) for a chart axis ('Mar 2'), or in full with `long` ('Mar 2, 2026'). */
export function formatWeek(day: string, lang: Lang, long = false): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : long
      ? formatterOf(lang, 'week long', { dateStyle: 'medium', timeZone: 'UTC' }).format(d)
      : formatterOf(lang, 'week', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}
