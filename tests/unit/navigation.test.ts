import { describe, expect, it } from 'vitest';
import {
  ADMIN_AGENT_DASHBOARD_ROUTE,
  afterSignIn,
  AGENT_DASHBOARD_ROUTE,
  INTERNAL_ADMIN_DASHBOARD_ROUTE,
  LOGIN_ROUTE,
  NOT_FOUND_ROUTE,
  resolveRouteFor,
  routeForScenario,
  routeName,
  safeReferral,
} from '../../src/lib/navigation.ts';

const AGENT = 'SFAD_Agent';
const ADMIN = 'SFAD_Admin';
const INTERNAL = 'SFAD_InternalAdmin';
const CE = 'SFAD_CEAdmin';

describe('route constants', () => {
  it('match the spec paths', () => {
    expect(AGENT_DASHBOARD_ROUTE).toBe('/dashboard/');
    expect(INTERNAL_ADMIN_DASHBOARD_ROUTE).toBe('/dashboard/internal-admin-dashboard');
    expect(ADMIN_AGENT_DASHBOARD_ROUTE).toBe('/dashboard/admin-agent-dashboard');
    expect(LOGIN_ROUTE).toBe('/dashboard/login');
    expect(NOT_FOUND_ROUTE).toBe('/not-found');
  });
});

describe('routeForScenario: every scenario × role (spec section 2)', () => {
  // [scenario, role, expected]
  const table: [string, string | null, string][] = [
    ['agent-dashboard', AGENT, '/dashboard/admin-agent-dashboard'],
    ['agent-dashboard', ADMIN, '/dashboard/admin-agent-dashboard'],
    ['agent-dashboard', INTERNAL, '/dashboard/internal-admin-dashboard'],
    ['agent-dashboard', CE, '/dashboard/admin-agent-dashboard'],
    ['agent-dashboard', null, '/dashboard/admin-agent-dashboard'],

    ['file-claim', AGENT, '/dashboard/file-claim'],
    ['file-claim', ADMIN, '/dashboard/file-claim'],
    ['file-claim', INTERNAL, '/dashboard/internal-admin-dashboard'],
    ['file-claim', CE, '/dashboard/internal-admin-dashboard'],
    ['file-claim', null, '/dashboard/file-claim'],

    ['start-claim', AGENT, '/dashboard/start-claim'],
    ['start-claim', ADMIN, '/dashboard/start-claim'],
    ['start-claim', INTERNAL, '/dashboard/start-claim'],
    ['start-claim', CE, '/not-found'],
    ['start-claim', null, '/dashboard/start-claim'],

    ['manage-claim', AGENT, '/dashboard/manage-claim'],
    ['manage-claim', ADMIN, '/dashboard/manage-claim'],
    ['manage-claim', INTERNAL, '/dashboard/manage-claim'],
    ['manage-claim', CE, '/not-found'],
    ['manage-claim', null, '/dashboard/manage-claim'],
  ];
  for (const [scenario, role, expected] of table) {
    it(`${scenario} for ${role ?? 'no role'} → ${expected}`, () => {
      expect(routeForScenario(scenario, role)).toBe(expected);
    });
  }

  for (const missing of ['', 'nope', 'dashboard', 'Start-Claim', 'start-claim ', '__proto__', 'constructor', 'toString']) {
    it(`missing scenario ${JSON.stringify(missing)} behaves as not-found for every role`, () => {
      for (const role of [AGENT, ADMIN, INTERNAL, CE, null, undefined]) expect(routeForScenario(missing, role)).toBe('/not-found');
    });
  }
});

describe('routeName', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/dashboard/', 'dashboard'],
    ['', 'dashboard'],
    ['/dashboard/start-claim', 'start-claim'],
    ['/dashboard/start-claim/', 'start-claim'],
    ['/dashboard/start-claim?x=1#y', 'start-claim'],
    ['/dashboard/manage-claim#top', 'manage-claim'],
    ['/articles/foo', 'articles/foo'],
  ])('%s → %s', (path, name) => {
    expect(routeName(path)).toBe(name);
  });
});

describe('safeReferral: only same-site paths', () => {
  it.each([
    'https://evil',
    'https://evil.example/dashboard/',
    'http://evil',
    'HTTPS://EVIL',
    '//evil',
    '//evil.example/dashboard',
    '/\\evil',
    '\\\\evil',
    '/\\/evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'mailto:a@b.c',
    'evil.example',
    'evil.example/path',
    '  ',
    '\t\n',
    '/dash board',
    '/dashboard/\tstart-claim',
    'java\tscript:alert(1)',
    '/\u2028/evil',
    '\u3000//evil',
    ' //evil',
    'start claim',
    '../etc/passwd',
    '/' + 'a'.repeat(300),
  ])('%j → null', (attempt) => {
    expect(safeReferral(attempt)).toBeNull();
  });

  it('empty and missing referrals → null', () => {
    expect(safeReferral('')).toBeNull();
    expect(safeReferral(null)).toBeNull();
    expect(safeReferral(undefined)).toBeNull();
  });

  it.each([
    ['start-claim', '/dashboard/start-claim'],
    ['manage-claim', '/dashboard/manage-claim'],
    ['file_claim', '/dashboard/file_claim'],
    ['dashboard', '/dashboard/'],
    ['/dashboard/start-claim', '/dashboard/start-claim'],
    ['/dashboard/manage-claim?id=42', '/dashboard/manage-claim?id=42'],
    ['  /dashboard/  ', '/dashboard/'],
    ['/', '/'],
  ])('%j → %j', (referral, expected) => {
    expect(safeReferral(referral)).toBe(expected);
  });

  it('every accepted referral stays on the same origin', () => {
    const base = 'https://portal.example';
    for (const r of ['start-claim', '/dashboard/x', '/a/b?c=d', '/%2F%2Fevil.example', '/.//evil.example']) {
      const safe = safeReferral(r);
      expect(safe).not.toBeNull();
      expect(new URL(safe!, base).origin).toBe(base);
    }
  });
});

describe('resolveRouteFor', () => {
  it('internal admins go to their dashboard for start-claim, agent-dashboard and file-claim', () => {
    for (const route of ['/dashboard/start-claim', '/dashboard/agent-dashboard', '/dashboard/file-claim', '/dashboard/start-claim?x=1', '/dashboard/dashboard']) {
      expect(resolveRouteFor(route, INTERNAL)).toBe('/dashboard/');
    }
  });

  it('internal admins asking for the dashboard stay there', () => {
    expect(resolveRouteFor('/dashboard/', INTERNAL)).toBe('/dashboard/');
    expect(resolveRouteFor('/dashboard', INTERNAL)).toBe('/dashboard');
  });

  it('internal admins are redirected from every claim-flow page (issue 5) and may open other pages', () => {
    for (const page of ['manage-claim', 'policy-holder-quote', 'appointment-option-details', 'submit_claimdetails', 'submit-claim-review-details', 'success_submit-claim']) {
      expect(resolveRouteFor(`/dashboard/${page}`, INTERNAL), page).toBe('/dashboard/');
    }
    expect(resolveRouteFor('/dashboard/manage-users', INTERNAL)).toBe('/dashboard/manage-users');
  });

  it('CE admins get not-found for start-claim and manage-claim, and nothing else changes', () => {
    expect(resolveRouteFor('/dashboard/start-claim', CE)).toBe('/not-found');
    expect(resolveRouteFor('/dashboard/manage-claim', CE)).toBe('/not-found');
    expect(resolveRouteFor('/dashboard/manage-claim/', CE)).toBe('/not-found');
    expect(resolveRouteFor('/dashboard/manage-claim?id=5', CE)).toBe('/not-found');
    // file-claim goes to the internal-admin dashboard for CE admins, which is the agent dashboard.
    expect(resolveRouteFor('/dashboard/file-claim', CE)).toBe('/dashboard/');
    for (const page of ['policy-holder-quote', 'appointment-option-details', 'submit_claimdetails', 'submit-claim-review-details', 'success_submit-claim']) {
      expect(resolveRouteFor(`/dashboard/${page}`, CE), page).toBe('/not-found');
    }
    expect(resolveRouteFor('/dashboard/', CE)).toBe('/dashboard/');
    expect(resolveRouteFor('/dashboard/CECourseHome', CE)).toBe('/dashboard/CECourseHome');
  });

  it('agents and agency admins keep the route they asked for', () => {
    for (const role of [AGENT, ADMIN, null]) {
      for (const route of ['/dashboard/', '/dashboard/start-claim', '/dashboard/manage-claim', '/dashboard/file-claim', '/dashboard/work-order-details']) {
        expect(resolveRouteFor(route, role)).toBe(route);
      }
    }
  });

  it('the internal-admin and admin-agent dashboard routes are the agent dashboard for every role', () => {
    for (const role of [AGENT, ADMIN, INTERNAL, CE, null]) {
      expect(resolveRouteFor('/dashboard/internal-admin-dashboard', role)).toBe('/dashboard/');
      expect(resolveRouteFor('/dashboard/admin-agent-dashboard', role)).toBe('/dashboard/');
      expect(resolveRouteFor('/dashboard/admin-agent-dashboard/', role)).toBe('/dashboard/');
    }
  });
});

describe('afterSignIn (spec section 4)', () => {
  it('without a referral goes to the dashboard', () => {
    for (const role of [AGENT, ADMIN, INTERNAL, CE]) {
      expect(afterSignIn(null, role)).toBe('/dashboard/');
      expect(afterSignIn('', role)).toBe('/dashboard/');
    }
  });

  it('an unsafe referral is dropped and goes to the dashboard', () => {
    for (const bad of ['https://evil', '//evil', '/\\evil', 'javascript:alert(1)', '   ']) {
      expect(afterSignIn(bad, AGENT)).toBe('/dashboard/');
    }
  });

  it('a referral goes to the named page', () => {
    expect(afterSignIn('start-claim', AGENT)).toBe('/dashboard/start-claim');
    expect(afterSignIn('manage-claim', ADMIN)).toBe('/dashboard/manage-claim');
    expect(afterSignIn('/dashboard/manage-users?tab=2', ADMIN)).toBe('/dashboard/manage-users?tab=2');
    expect(afterSignIn('dashboard', AGENT)).toBe('/dashboard/');
  });

  it('internal admins are sent to their dashboard for start-claim, dashboard, agent-dashboard and file-claim referrals', () => {
    for (const referral of ['start-claim', 'dashboard', 'agent-dashboard', 'file-claim', '/dashboard/start-claim', '/dashboard/file-claim']) {
      expect(afterSignIn(referral, INTERNAL)).toBe('/dashboard/');
    }
    // The whole claim flow is closed to internal admins (issue 5).
    expect(afterSignIn('manage-claim', INTERNAL)).toBe('/dashboard/');
  });

  it('CE admins get not-found for start-claim and manage-claim referrals', () => {
    expect(afterSignIn('start-claim', CE)).toBe('/not-found');
    expect(afterSignIn('manage-claim', CE)).toBe('/not-found');
    expect(afterSignIn('/dashboard/manage-claim', CE)).toBe('/not-found');
    expect(afterSignIn('file-claim', CE)).toBe('/dashboard/');
  });
});

describe('the content editor routes (issue 4)', () => {
  it('are for internal admins only; every other role gets not-found', () => {
    for (const route of ['/dashboard/article', '/dashboard/article-details?articleRoute=x']) {
      expect(resolveRouteFor(route, 'SFAD_InternalAdmin')).toBe(route);
      for (const role of ['SFAD_Agent', 'SFAD_Admin', 'SFAD_CEAdmin', null]) expect(resolveRouteFor(route, role)).toBe(NOT_FOUND_ROUTE);
    }
  });
});

describe('the administration routes (issue 15)', () => {
  const ROLES = ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin', null] as const;
  const OPEN_TO: Record<string, readonly (string | null)[]> = {
    'manage-users': ['SFAD_Admin', 'SFAD_InternalAdmin'],
    'user-details?userId=x': ['SFAD_Admin', 'SFAD_InternalAdmin'],
    'agency-admin-add': ['SFAD_Admin', 'SFAD_InternalAdmin'],
    'audit-log': ['SFAD_Admin', 'SFAD_InternalAdmin'],
    'admin-requests': ['SFAD_InternalAdmin'],
    'global-banner': ['SFAD_InternalAdmin'],
    'health-configuration': ['SFAD_InternalAdmin'],
    // issue 17: co-branding.
    'cobranded-agencies': ['SFAD_InternalAdmin'],
    // issue 18: the analytics page.
    analytics: ['SFAD_InternalAdmin'],
    'analytics?From=2026-01-01': ['SFAD_InternalAdmin'],
    // CE admins' tools (issue 16).
    'create-CE-course': ['SFAD_CEAdmin'],
    'create-CE-course?courseId=3': ['SFAD_CEAdmin'],
    'manage-CEcourses': ['SFAD_CEAdmin'],
    'manage-cecourses': ['SFAD_CEAdmin'],
    'ce-course-roster?courseId=3': ['SFAD_CEAdmin'],
    'ce-cases': ['SFAD_CEAdmin'],
  };
  it('open to the roles that use them; every other role gets not-found', () => {
    for (const [page, roles] of Object.entries(OPEN_TO)) {
      const route = `/dashboard/${page}`;
      for (const role of ROLES) expect(resolveRouteFor(route, role), `${route} as ${role}`).toBe(roles.includes(role) ? route : NOT_FOUND_ROUTE);
    }
  });
});

// issue 17: shop search
describe('the store locator routes (issue 17)', () => {
  it('are public: every role and a signed-out visitor keep them', () => {
    for (const page of ['shop-search', 'shop-search?zip=33602', 'specific-shop-search', 'specific-shop-results?name=Glass&zip=33602&distance=25']) {
      for (const role of ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin', null] as const) {
        expect(resolveRouteFor(`/dashboard/${page}`, role), `${page} as ${role}`).toBe(`/dashboard/${page}`);
      }
    }
  });
});
