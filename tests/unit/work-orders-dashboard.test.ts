// The dashboard's work-order views (issue 6), their browser-side rules: the tab and list state in the URL, the
// server's field message of a 400, the chart's scale and drawing, and the two languages' words.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/client.ts';
import type { Dashboard } from '../../src/lib/api/work-orders.ts';
import { WORK_ORDER_STATUSES } from '../../src/lib/work-orders.ts';
import StatusChart, { niceStep } from '../../src/islands/work-orders/StatusChart.tsx';
import { DEFAULT_LIST, listStateOf, queryOf, viewOf } from '../../src/islands/work-orders/lists.ts';
import { createTranslator } from '../../src/lib/i18n/translate.ts';
import { DICTIONARIES } from '../../src/lib/i18n/all.ts';
import { detailsHref, problemOf } from '../../src/islands/work-orders/shared.ts';
import { statusLabel, type WorkOrdersT } from '../../src/islands/work-orders/status.ts';

/** The work-order islands' translator of a language. */
const translatorFor = (lang: 'en' | 'es'): WorkOrdersT => createTranslator(lang, DICTIONARIES[lang]);

describe('the tab and the list state in the URL', () => {
  it('reads the tab; anything unknown is the overview', () => {
    expect(viewOf('')).toBe('overview');
    expect(viewOf('?view=open')).toBe('open');
    expect(viewOf('?view=completed&page=2')).toBe('completed');
    expect(viewOf('?view=OPEN')).toBe('overview');
    expect(viewOf('?view=console')).toBe('overview');
  });

  it('reads a list state, trims the search term and drops what is not valid', () => {
    expect(listStateOf('?view=open', 'open')).toEqual(DEFAULT_LIST);
    expect(listStateOf('?view=open&page=3&size=50&sort=PolicyholderName&dir=asc&q=%20smith%20&from=2026-01-02&to=2026-02-03&agency=20077314&status=Scheduled', 'open')).toEqual({
      page: 3,
      size: 50,
      sort: 'PolicyholderName',
      dir: 'asc',
      q: 'smith',
      from: '2026-01-02',
      to: '2026-02-03',
      agency: '20077314',
      status: 'Scheduled',
    });
    expect(listStateOf('?page=-2&size=7&sort=Nope&dir=up&from=02/03/2026&to=2026-13&agency=ab&status=Completed', 'open')).toEqual(DEFAULT_LIST);
    // A status of the other list is not a filter of this one.
    expect(listStateOf('?status=Scheduled', 'completed').status).toBeNull();
    expect(listStateOf('?status=Survey+complete', 'completed').status).toBe('Survey complete');
    expect(listStateOf(`?q=${'x'.repeat(150)}`, 'open').q).toHaveLength(100);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(queryOf('overview')).toBe('');
    expect(queryOf('open', {})).toBe('?view=open');
    expect(queryOf('completed', { status: 'Survey complete' })).toBe('?view=completed&status=Survey+complete');
    const state = { ...DEFAULT_LIST, page: 2, size: 10, sort: 'CreatedAt' as const, dir: 'asc' as const, q: "o'neil", from: '2026-03-01', to: '2026-03-31', agency: '10045821', status: 'Failed' as const };
    const q = queryOf('open', state);
    expect(listStateOf(q, 'open')).toEqual(state);
    expect(viewOf(q)).toBe('open');
  });

  it('links a row to its details with the referral number', () => {
    expect(detailsHref('WO500123', '260100123')).toBe('/dashboard/work-order-details?workOrderId=WO500123&referralNumber=260100123');
  });
});

describe('a failed list call', () => {
  it('shows the server’s message at the field a 400 names', () => {
    const body = { isSuccess: false, message: 'Invalid request: To: The end date must be on or after the start date.', result: null, errors: [{ path: 'To', message: 'The end date must be on or after the start date.' }] };
    expect(problemOf(new ApiError(body.message, 400, body))).toEqual({ status: 400, message: 'The end date must be on or after the start date.', field: 'To' });
  });
  it('keeps the status of any other failure', () => {
    expect(problemOf(new ApiError('Sorry', 500, { message: 'Sorry' }))).toEqual({ status: 500, message: 'Sorry', field: null });
    expect(problemOf(new ApiError('Failed to fetch', 0))).toMatchObject({ status: 0, field: null });
  });
});

describe('the chart', () => {
  it('picks round steps for about four grid lines', () => {
    expect([0, 1, 3, 4, 5, 9, 12, 23, 40, 77, 180, 950].map(niceStep)).toEqual([1, 1, 1, 1, 2, 5, 5, 10, 10, 20, 50, 500]);
  });

  it('stacks a bar per week of the statuses with orders, with a legend and the numbers as a table', () => {
    const weekly: Dashboard['Weekly'] = Array.from({ length: 12 }, (_, i) => ({
      WeekStart: new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10),
      Counts: WORK_ORDER_STATUSES.map((Status) => ({ Status, Count: Status === 'Completed' ? i : Status === 'Failed' && i === 3 ? 2 : 0 })),
    }));
    const html = renderToStaticMarkup(createElement(StatusChart, { weekly, t: translatorFor('en'), titleId: 't' }));
    // Two drawings of the same bars, wide and for phones (CSS shows one): Completed in weeks 1–11, Failed in week 3.
    const svgs = html.match(/<svg[\s\S]*?<\/svg>/g)!;
    expect(svgs).toHaveLength(2);
    for (const svg of svgs) {
      expect(svg.match(/<rect /g)).toHaveLength(12);
      expect(svg).toContain('role="img" aria-labelledby="t"');
    }
    // The wide chart labels every week; the phone's every third one, ending with the latest (its labels keep their size).
    const labels = (svg: string) => [...svg.matchAll(/<text class="wo-chart__label"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(labels(svgs[0]!)).toHaveLength(12);
    expect(labels(svgs[1]!)).toEqual(['Jan 19', 'Feb 9', 'Mar 2', 'Mar 23']);
    expect(svgs[1]).toContain('class="wo-chart__svg wo-chart__svg--narrow" viewBox="0 0 320 260"');
    // Each drawing has its own description.
    expect(new Set(html.match(/<desc id="[^"]+"/g))).toHaveProperty('size', 2);
    expect(html).toContain('68 orders in all');
    const legend = /<ul class="wo-legend">(.*?)<\/ul>/.exec(html)![1]!;
    expect(legend.replace(/<[^>]+>/g, '|').split('|').filter(Boolean)).toEqual(['Completed', 'Failed']);
    expect(html.match(/<tr>/g)).toHaveLength(13);
    expect(html).toContain('<th scope="row">Jan 5, 2026</th><td>0</td><td>0</td><td>0</td></tr>');
    expect(html).toContain('<th scope="row">Jan 26, 2026</th><td>3</td><td>2</td><td>5</td></tr>');
  });

  it('speaks Spanish on the Spanish site', () => {
    const weekly: Dashboard['Weekly'] = [{ WeekStart: '2026-01-05', Counts: [{ Status: 'Scheduled', Count: 4 }] }];
    const html = renderToStaticMarkup(createElement(StatusChart, { weekly, t: translatorFor('es'), titleId: 't' }));
    expect(html).toContain('Programada');
    expect(html).toContain('Mostrar los números en una tabla');
  });
});

describe('words', () => {
  it('English and Spanish have the same entries', () => {
    const shape = (o: object): unknown => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'object' ? shape(v) : typeof v]));
    expect(shape(DICTIONARIES.es.workOrders)).toEqual(shape(DICTIONARIES.en.workOrders));
  });
  it('every status has a Spanish name of its own', () => {
    const es = WORK_ORDER_STATUSES.map((s) => statusLabel(s, translatorFor('es')));
    expect(new Set(es).size).toBe(WORK_ORDER_STATUSES.length);
    expect(WORK_ORDER_STATUSES.map((s) => statusLabel(s, translatorFor('en')))).toEqual([...WORK_ORDER_STATUSES]);
  });
  it('announces a change', () => {
    const t = translatorFor('en');
    expect(t('workOrders.list.nowStatus', { id: 'WO500123', status: statusLabel('Scheduled', t) })).toBe('WO500123 is now Scheduled');
  });
});
