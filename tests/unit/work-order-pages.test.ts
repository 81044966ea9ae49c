// Issue 6's pages: who may open them (the route guard's rules in navigation.ts), their titles, and how a page reads
// its work order from the URL.
import { describe, expect, it } from 'vitest';
import { resolveRouteFor } from '../../src/lib/navigation.ts';
import { pageTitle } from '../../src/lib/routes.ts';
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
