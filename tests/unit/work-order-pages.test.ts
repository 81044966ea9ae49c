// Issue 6's pages: who may open them (the route guard's rules in navigation.ts), their titles, how a page reads
// its work order from the URL, and the details' progress tracker (issue 13).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../src/lib/api/work-orders.ts';
import { createTranslator } from '../../src/lib/i18n/translate.ts';
import { DICTIONARIES } from '../../src/lib/i18n/all.ts';
import type { WorkOrderStatus } from '../../src/lib/work-orders.ts';
import ProgressTracker, { trackerSteps } from '../../src/islands/work-orders/ProgressTracker.tsx';
import type { WorkOrdersT } from '../../src/islands/work-orders/status.ts';

/** The work-order islands' translator of a language. */
const translatorFor = (lang: 'en' | 'es'): WorkOrdersT => createTranslator(lang, DICTIONARIES[lang]);
import { resolveRouteFor } from '../../src/lib/navigation.ts';
import { pageTitle } from '../../src/lib/page-title.ts';
import { detailsHref, orderFromUrl, surveyHref } from '../../src/islands/work-orders/shared.ts';

const ROLES = ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin'] as const;

describe('who may open the work-order pages and the account page', () => {
  const expected: Record<string, Record<(typeof ROLES)[number], 'open' | 'not-found'>> = {
    'work-order-console': { SFAD_Agent: 'not-found', SFAD_Admin: 'not-found', SFAD_InternalAdmin: 'open', SFAD_CEAdmin: 'not-found' },
    'work-order-details': { SFAD_Agent: 'open', SFAD_Admin: 'open', SFAD_InternalAdmin: 'open', SFAD_CEAdmin: 'not-found' },
    'order-survey-details': { SFAD_Agent: 'open', SFAD_Admin: 'open', SFAD_InternalAdmin: 'open', SFAD_CEAdmin: 'not-found' },
    'manage-account': { SFAD_Agent: 'open', SFAD_Admin: 'open', SFAD_InternalAdmin: 'not-found', SFAD_CEAdmin: 'not-found' },
  };
  for (const [page, byRole] of Object.entries(expected)) {
    for (const role of ROLES) {
      it(`${page} for ${role}: ${byRole[role]}`, () => {
        const route = `/dashboard/${page}?workOrderId=WO1`;
        expect(resolveRouteFor(route, role)).toBe(byRole[role] === 'open' ? route : '/not-found');
        expect(resolveRouteFor(`/dashboard/${page}/`, role)).toBe(byRole[role] === 'open' ? `/dashboard/${page}/` : '/not-found');
      });
    }
  }
  it('nobody signed in with an unknown role opens the console', () => {
    expect(resolveRouteFor('/dashboard/work-order-console', null)).toBe('/not-found');
  });
});

describe('titles (route meta, English and Spanish)', () => {
  it.each([
    ['work-order-details', 'Work order details', 'Detalles de la orden de trabajo'],
    ['order-survey-details', 'Survey details', 'Detalles de la encuesta'],
    ['work-order-console', 'Work-order console', 'Consola de órdenes de trabajo'],
    ['manage-account', 'Manage my account', 'Administrar mi cuenta'],
  ])('%s', (route, en, es) => {
    expect(pageTitle(route)).toBe(`${en} | Agent Portal`);
    expect(pageTitle(route, 'es')).toBe(`${es} | Agent Portal`);
  });
});

describe('the order of a page, from its URL', () => {
  it('reads the work order id and the referral number (either name of the spec)', () => {
    expect(orderFromUrl('?workOrderId=WO500241&referralNumber=260100123')).toEqual({ workOrderId: 'WO500241', referralNumber: '260100123' });
    expect(orderFromUrl('?workOrderId=wo12&referralSequenceNumber=123456')).toEqual({ workOrderId: 'WO12', referralNumber: '123456' });
    // The email's link carries the id alone.
    expect(orderFromUrl('?workOrderId=WO7')).toEqual({ workOrderId: 'WO7', referralNumber: null });
  });
  it('drops what is not an id or a referral number', () => {
    for (const bad of ['', '?workOrderId=', '?workOrderId=7', '?workOrderId=WO', '?workOrderId=WO1%27--', `?workOrderId=WO${'1'.repeat(13)}`]) expect(orderFromUrl(bad), bad).toBeNull();
    expect(orderFromUrl('?workOrderId=WO1&referralNumber=12;DROP')).toEqual({ workOrderId: 'WO1', referralNumber: null });
  });
  it('links carry both, encoded', () => {
    expect(detailsHref('WO1', '123456')).toBe('/dashboard/work-order-details?workOrderId=WO1&referralNumber=123456');
    expect(surveyHref('WO1')).toBe('/dashboard/order-survey-details?workOrderId=WO1');
    expect(orderFromUrl(detailsHref('WO9', '654321').split('?')[1])).toEqual({ workOrderId: 'WO9', referralNumber: '654321' });
  });
});

describe('the progress tracker of work-order-details', () => {
  /** A timeline of these statuses, an hour apart from 9:00 UTC on 2 March 2026. */
  const timeline = (...statuses: WorkOrderStatus[]): TimelineEntry[] =>
    statuses.map((Status, i) => ({ Status, At: new Date(Date.UTC(2026, 2, 2, 9 + i)).toISOString(), Note: null }));
  const states = (status: WorkOrderStatus, entries: TimelineEntry[]) => trackerSteps(status, entries).map((s) => `${s.status}:${s.state}`);

  it('ticks the stages done, marks the current one, and the rest are not reached yet', () => {
    expect(states('Scheduled', timeline('Received', 'Policyholder contacted', 'Scheduled'))).toEqual([
      'Received:done',
      'Policyholder contacted:done',
      'Scheduled:current',
      'In progress:next',
      'Completed:next',
      'Survey complete:next',
    ]);
    expect(states('Received', timeline('Received'))).toEqual(['Received:current', 'Policyholder contacted:next', 'Scheduled:next', 'In progress:next', 'Completed:next', 'Survey complete:next']);
    // The times each stage was reached; none for stages not reached.
    const steps = trackerSteps('Policyholder contacted', timeline('Received', 'Policyholder contacted'));
    expect(steps.map((s) => s.at)).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-02T10:00:00.000Z', null, null, null, null]);
  });

  it('a cancelled or failed order: the stages it reached, then where it stopped', () => {
    expect(states('Failed', timeline('Received', 'Policyholder contacted', 'Failed'))).toEqual(['Received:done', 'Policyholder contacted:done', 'Failed:stopped']);
    expect(states('Cancelled', timeline('Received', 'Policyholder contacted', 'Scheduled', 'Cancelled'))).toEqual(['Received:done', 'Policyholder contacted:done', 'Scheduled:done', 'Cancelled:stopped']);
    expect(trackerSteps('Failed', timeline('Received', 'Failed')).at(-1)).toEqual({ status: 'Failed', state: 'stopped', at: '2026-03-02T10:00:00.000Z' });
  });

  it('a resubmitted referral starts again at Received', () => {
    expect(states('Received', timeline('Received', 'Policyholder contacted', 'Failed', 'Received'))).toEqual([
      'Received:current',
      'Policyholder contacted:next',
      'Scheduled:next',
      'In progress:next',
      'Completed:next',
      'Survey complete:next',
    ]);
    expect(trackerSteps('Received', timeline('Received', 'Failed', 'Received'))[0]!.at).toBe('2026-03-02T11:00:00.000Z');
  });

  it('is an ordered list with the current stage as aria-current="step", each state in words (English and Spanish)', () => {
    const en = renderToStaticMarkup(createElement(ProgressTracker, { status: 'Scheduled', timeline: timeline('Received', 'Policyholder contacted', 'Scheduled'), t: translatorFor('en') }));
    expect(en).toContain('<h2 id="order-progress-title">Progress</h2>');
    expect(en).toMatch(/^<section[^>]*aria-labelledby="order-progress-title"><h2[^>]*>Progress<\/h2><ol /);
    expect(en.match(/<li /g)).toHaveLength(6);
    expect(en.match(/aria-current="step"/g)).toHaveLength(1);
    const text = (html: string) => [...html.matchAll(/<li [^>]*>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<time[^>]*>.*?<\/time>/g, 'TIME').replace(/<[^>]+>/g, ''));
    expect(text(en)).toEqual(['ReceivedDone · TIME', 'Policyholder contactedDone · TIME', 'ScheduledCurrent stage · TIME', 'In progressNot yet', 'CompletedNot yet', 'Survey completeNot yet']);
    expect(en).toMatch(/<li class="wo-track__step is-current[^"]*" aria-current="step" data-state="current">/);
    expect(en).toContain('<time dateTime="2026-03-02T11:00:00.000Z">');

    const es = renderToStaticMarkup(createElement(ProgressTracker, { status: 'Failed', timeline: timeline('Received', 'Failed'), t: translatorFor('es') }));
    expect(text(es)).toEqual(['RecibidaHecho · TIME', 'FallidaSe detuvo aquí · TIME']);
    expect(es).toMatch(/<li class="[^"]*is-stopped[^"]*" aria-current="step" data-state="stopped">/);
    expect(es).toContain('<h2 id="order-progress-title">Progreso</h2>');
  });

  it('a survey-complete order: every stage done, the last one current', () => {
    const html = renderToStaticMarkup(
      createElement(ProgressTracker, {
        status: 'Survey complete',
        timeline: timeline('Received', 'Policyholder contacted', 'Scheduled', 'In progress', 'Completed', 'Survey complete'),
        t: translatorFor('en'),
      }),
    );
    expect(html.match(/>Done · </g)).toHaveLength(6);
    expect(html).toMatch(/<li class="wo-track__step is-current is-done[^"]*" aria-current="step"/);
  });
});
