/**
 * Counts and shares for reading, as the analytics page and its experiments show them. One Intl.NumberFormat per
 * locale and kind, made once (as format-date.ts keeps its date formatters): a chart formats many figures as it
 * renders, and a new formatter per figure cost blocking time (issue 19). Apart from format.ts, which every page's
 * shell loads, so that only the pages with figures carry it.
 */
const formats = new Map<string, Intl.NumberFormat>();
function formatOf(locale: string, kind: 'number' | 'percent'): Intl.NumberFormat {
  const key = `${locale} ${kind}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(locale, kind === 'percent' ? { style: 'percent', maximumFractionDigits: 1 } : {})));
  return f;
}

/** A count in the locale's digits and grouping ('1,234'). */
export const formatNumber = (n: number, locale: string): string => formatOf(locale, 'number').format(n);

/** A share (0–1) as a percentage with at most one decimal ('12.5%'). */
export const formatPercent = (n: number, locale: string): string => formatOf(locale, 'percent').format(n);
