// The dashboard's work-order views (issue 6), their browser-side rules: the tab and list state in the URL, the
// server's field message of a 400, the chart's scale and drawing, the big numbers and the failed-referral banner
// (issue 13), and the two languages' words.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/client.ts';
import type { Dashboard } from '../../src/lib/api/work-orders.ts';
import { WORK_ORDER_STATUSES } from '../../src/lib/work-orders.ts';
import StatusChart from '../../src/islands/work-orders/StatusChart.tsx';
import { niceStep } from '../../src/islands/shared/ChartGrid.tsx';
import WorkOrdersOverview from '../../src/islands/work-orders/WorkOrdersOverview.tsx';
import FailedReferrals from '../../src/islands/work-orders/FailedReferrals.tsx';
import type { DashboardState } from '../../src/islands/work-orders/use-dashboard.ts';
import type { WorkOrderSummary } from '../../src/lib/api/work-orders.ts';
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

/** A list row of the demo's shape. */
const order = (id: number, status: WorkOrderSummary['Status']): WorkOrderSummary => ({
  WorkOrderId: `WO${id}`, ReferralNumber: `2601${id}`, AgencyNumber: '10045821', Status: status, PolicyholderFirstName: 'Jamie', PolicyholderLastName: "O'Neil",
  PolicyNumber: 'HPX-1', Carrier: 'Progressive', Vehicle: '2021 Toyota Camry SE 4 Door Sedan', Vin: null, RepairOrReplace: 'Replace', Glass: ['Windshield'], Total: 400,
  AgentName: 'Alex Rivera', CreatedAt: '2026-03-02T09:00:00.000Z', UpdatedAt: '2026-03-02T10:00:00.000Z', AppointmentAt: null, CompletedAt: null, ShopName: null,
  HasSurvey: false, HasRecalibration: false, CanResubmit: status === 'Failed',
});
/** A dashboard: 7 open (2 failed), 9 completed, 3 cancelled. */
function dashboardOf(failed: number): Dashboard {
  const counts: Record<string, number> = { 'Received': 3, 'Scheduled': 2, 'Failed': failed, 'Completed': 5, 'Survey complete': 4, 'Cancelled': 3 };
  return {
    AgencyNumber: '10045821',
    Recent: [order(500100, 'Scheduled')],
    CountsByStatus: WORK_ORDER_STATUSES.map((Status) => ({ Status, Count: counts[Status] ?? 0 })),
    OpenCount: 5 + failed,
    NeedsAttentionCount: failed,
    ClosedCount: 12,
    CompletedCount: 9,
    CancelledCount: 3,
    NeedsAttention: Array.from({ length: Math.min(failed, 5) }, (_, i) => ({ ...order(500200 + i, 'Failed'), FailedAt: '2026-03-03T15:04:00.000Z', Reason: i === 0 ? 'Policy could not be verified with the carrier' : null })),
    Weekly: [{ WeekStart: '2026-03-02', Counts: WORK_ORDER_STATUSES.map((Status) => ({ Status, Count: counts[Status] ?? 0 })) }],
  };
}
const stateOf = (data: Dashboard | null): DashboardState => ({ data, failed: false, busy: false, reload: async () => {} });
/** The visible text of markup, tags dropped. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

describe('the big numbers of the overview', () => {
  it('open, needs attention and closed, each a link to its list; closed splits completed and cancelled', () => {
    const html = renderToStaticMarkup(createElement(WorkOrdersOverview, { t: translatorFor('en'), dash: stateOf(dashboardOf(2)), onOpenList: () => {} }));
    const kpis = /<ul class="wo-kpis" aria-label="Work orders at a glance">(.*?)<\/ul>/.exec(html)![1]!;
    const links = [...kpis.matchAll(/<a class="wo-kpi__link" href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => [m[1], textOf(m[2]!)]);
    expect(links).toEqual([
      ['?view=open', '7 Open'],
      ['?view=open&amp;status=Failed', '2 Needs attention'],
      ['?view=completed', '12 Closed'],
    ]);
    // Completed counts Completed and Survey complete only: the cancelled are apart.
    expect(textOf(kpis)).toContain('9 completed · 3 cancelled');
    expect(kpis).toContain('wo-kpi wo-kpi--alert');
  });
  it('nothing failed: no alert colour; Spanish words', () => {
    const html = renderToStaticMarkup(createElement(WorkOrdersOverview, { t: translatorFor('es'), dash: stateOf(dashboardOf(0)), onOpenList: () => {} }));
    expect(html).not.toContain('wo-kpi--alert');
    expect(textOf(html)).toContain('0 Requieren atención');
    expect(textOf(html)).toContain('9 completadas · 3 canceladas');
  });
  it('the recent orders: as many header cells as columns', () => {
    const html = renderToStaticMarkup(createElement(WorkOrdersOverview, { t: translatorFor('en'), dash: stateOf(dashboardOf(0)), onOpenList: () => {} }));
    const recent = /<table class="table wo-table">(.*?)<\/table>/.exec(html)![1]!;
    const head = /<thead>(.*?)<\/thead>/.exec(recent)![1]!;
    const row = /<tbody>(.*?)<\/tbody>/.exec(recent)![1]!;
    expect(head.match(/<th /g)).toHaveLength(row.match(/<t[hd][ >]/g)!.length);
  });
});

describe('the failed-referral banner', () => {
  it('lists the failed orders with when and why, each with "Resubmit referral" named by its order', () => {
    const html = renderToStaticMarkup(createElement(FailedReferrals, { t: translatorFor('en'), dash: stateOf(dashboardOf(2)), onOpenList: () => {} }));
    expect(html).toContain('<h3 id="wo-attention-title" tabindex="-1">2 failed referrals need your attention</h3>');
    const items = [...html.matchAll(/<li class="wo-attention__item" data-work-order-id="(WO\d+)">(.*?)<\/li>/g)];
    expect(items.map((m) => m[1])).toEqual(['WO500200', 'WO500201']);
    expect(items[0]![2]).toContain('href="/dashboard/work-order-details?workOrderId=WO500200&amp;referralNumber=2601500200"');
    expect(textOf(items[0]![2]!)).toMatch(/^WO500200 Jamie O'Neil 2021 Toyota Camry SE 4 Door Sedan Failed Mar 3, 2026, \d+:04 [AP]M [A-Z+\d:-]+\. Reason: Policy could not be verified with the carrier Resubmit referral WO500200$/);
    expect(textOf(items[1]![2]!)).not.toContain('Reason');
    // Five at most: more show a link to the open list's failed orders.
    expect(html).not.toContain('See all');
    const many = renderToStaticMarkup(createElement(FailedReferrals, { t: translatorFor('en'), dash: stateOf(dashboardOf(8)), onOpenList: () => {} }));
    expect(many.match(/<li /g)).toHaveLength(5);
    expect(many).toContain('<a href="?view=open&amp;status=Failed">See all 8 failed referrals</a>');
  });
  it('shows nothing when no referral failed, or while another agency loads', () => {
    const t = translatorFor('en');
    expect(renderToStaticMarkup(createElement(FailedReferrals, { t, dash: stateOf(dashboardOf(0)), onOpenList: () => {} }))).toBe('');
    expect(renderToStaticMarkup(createElement(FailedReferrals, { t, dash: stateOf(null), onOpenList: () => {} }))).toBe('');
    expect(renderToStaticMarkup(createElement(FailedReferrals, { t, dash: { ...stateOf(dashboardOf(2)), busy: true }, onOpenList: () => {} }))).toBe('');
  });
  it('speaks Spanish, one referral', () => {
    const html = renderToStaticMarkup(createElement(FailedReferrals, { t: translatorFor('es'), dash: stateOf(dashboardOf(1)), onOpenList: () => {} }));
    expect(html).toContain('1 referencia fallida requiere su atención');
    expect(textOf(html)).toContain('Motivo: Policy could not be verified with the carrier Reenviar la referencia WO500200');
  });
});
