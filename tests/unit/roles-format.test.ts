import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROLES, fileClaimButton, footerPanelsFor, isStaffAdmin, toAppRole, userMenuFor } from '../../src/lib/roles.ts';
import { agencyNameAndAddress, capitalise, formatPhone } from '../../src/lib/format.ts';
import { langOf } from '../../src/lib/i18n.ts';
import { DICTIONARIES } from '../../src/lib/i18n/all.ts';

const DICT = { en: DICTIONARIES.en.common, es: DICTIONARIES.es.common } as const;
import { confirmsLeaving, hidesPrimaryNav, showsProgressBar } from '../../src/lib/routes.ts';
import { pageTitle } from '../../src/lib/page-title.ts';

describe('roles (spec section 6)', () => {
  it('has the four dashboardUserRole claim values', () => {
    expect([...DASHBOARD_ROLES]).toEqual(['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin']);
  });

  it.each([
    ['SFAD_InternalAdmin', 'internal admin'],
    ['SFAD_CEAdmin', 'CE admin'],
    ['SFAD_Agent', 'User'],
    ['SFAD_Admin', 'User'],
    ['', 'User'],
    [null, 'User'],
    [undefined, 'User'],
    ['sfad_internaladmin', 'User'],
  ] as const)('toAppRole(%j) → %j', (claim, role) => {
    expect(toAppRole(claim)).toBe(role);
  });

  it('isStaffAdmin is true only for internal and CE admins', () => {
    expect(DASHBOARD_ROLES.filter(isStaffAdmin)).toEqual(['SFAD_InternalAdmin', 'SFAD_CEAdmin']);
    expect(isStaffAdmin(null)).toBe(false);
  });

  describe('userMenuFor', () => {
    it.each([
      ['SFAD_Agent', false, ['manage-account', 'get-quote', 'sign-out']],
      ['SFAD_Agent', true, ['manage-account', 'sign-out']],
      ['SFAD_Admin', false, ['manage-users', 'manage-account', 'get-quote', 'sign-out']],
      ['SFAD_Admin', true, ['manage-users', 'manage-account', 'sign-out']],
      ['SFAD_InternalAdmin', false, ['sign-out']],
      ['SFAD_InternalAdmin', true, ['sign-out']],
      ['SFAD_CEAdmin', false, ['sign-out']],
      ['SFAD_CEAdmin', true, ['sign-out']],
      [null, false, ['manage-account', 'get-quote', 'sign-out']],
    ] as const)('%s, co-branded %s → %j', (role, cobranded, items) => {
      expect(userMenuFor(role, cobranded)).toEqual(items);
    });

    it("'Manage my users' is for agency admins only", () => {
      for (const role of DASHBOARD_ROLES) {
        for (const cob of [true, false]) expect(userMenuFor(role, cob).includes('manage-users')).toBe(role === 'SFAD_Admin');
      }
    });

    it("co-branded users never see 'Get a quote'; sign out is always last", () => {
      for (const role of DASHBOARD_ROLES) {
        expect(userMenuFor(role, true)).not.toContain('get-quote');
        expect(userMenuFor(role, true).at(-1)).toBe('sign-out');
        expect(userMenuFor(role, false).at(-1)).toBe('sign-out');
      }
    });
  });

  describe('fileClaimButton', () => {
    it.each([
      ['SFAD_Agent', 0, 'disabled'],
      ['SFAD_Agent', 1, 'enabled'],
      ['SFAD_Agent', 5, 'enabled'],
      ['SFAD_Admin', 0, 'disabled'],
      ['SFAD_Admin', 2, 'enabled'],
      ['SFAD_InternalAdmin', 0, 'hidden'],
      ['SFAD_InternalAdmin', 3, 'hidden'],
      ['SFAD_CEAdmin', 0, 'hidden'],
      ['SFAD_CEAdmin', 3, 'hidden'],
      [null, 0, 'disabled'],
    ] as const)('%s with %d accounts → %s', (role, count, state) => {
      expect(fileClaimButton(role, count)).toBe(state);
    });
  });

  describe('footerPanelsFor', () => {
    it.each([
      ['SFAD_Agent', { careDesk: true, accountManager: true }],
      ['SFAD_Admin', { careDesk: true, accountManager: true }],
      ['SFAD_InternalAdmin', { careDesk: false, accountManager: false }],
      ['SFAD_CEAdmin', { careDesk: true, accountManager: false }],
      [null, { careDesk: true, accountManager: true }],
    ] as const)('%s → %j', (role, panels) => {
      expect(footerPanelsFor(role)).toEqual(panels);
    });
  });
});

describe('format', () => {
  it.each([
    ['DANA', 'Dana'],
    ['WHITFIELD', 'Whitfield'],
    ['marcus', 'Marcus'],
    ['oliveira', 'Oliveira'],
    ['  mary ann  ', 'Mary Ann'],
    ['anne-marie', 'Anne-Marie'],
    ["o'neal", "O'neal"],
    ['ÉLODIE', 'Élodie'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('capitalise(%j) → %j', (input, out) => {
    expect(capitalise(input)).toBe(out);
  });

  it.each([
    ['8005550123', '800-555-0123'],
    ['(800) 555-0123', '800-555-0123'],
    ['800.555.0123', '800-555-0123'],
    ['800 555 0123', '800-555-0123'],
    ['1-800-555-0123', '800-555-0123'],
    ['18005550123', '800-555-0123'],
    ['555-0123', '555-0123'],
    ['  12345  ', '12345'],
    ['28005550123', '28005550123'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('formatPhone(%j) → %j (3-3-4)', (input, out) => {
    expect(formatPhone(input)).toBe(out);
  });

  it('agencyNameAndAddress puts name and address on one line', () => {
    expect(
      agencyNameAndAddress({ agencyName: 'Harbor Point Insurance Group', addressLine: '1200 Harbor Blvd Suite 300', city: 'Tampa', stateCode: 'FL', zipCode: '33602' }),
    ).toBe('Harbor Point Insurance Group - 1200 Harbor Blvd Suite 300, Tampa, FL 33602');
  });
});

describe('i18n', () => {
  it.each([
    [{ hostname: 'espanol.portal.example', pathname: '/' }, 'es'],
    [{ hostname: 'www.espanol.portal.example', pathname: '/dashboard/' }, 'es'],
    [{ hostname: 'portal.example', pathname: '/es/' }, 'es'],
    [{ hostname: 'portal.example', pathname: '/es' }, 'es'],
    [{ hostname: 'portal.example', pathname: '/es/articles/x' }, 'es'],
    [{ hostname: 'portal.example', pathname: '/' }, 'en'],
    [{ hostname: 'localhost', pathname: '/dashboard/' }, 'en'],
    [{ hostname: 'portal.example', pathname: '/espanol' }, 'en'],
    [{ hostname: 'portal.example', pathname: '/est/' }, 'en'],
    [{ hostname: 'espanol', pathname: '/' }, 'en'],
    [{ hostname: 'portal.example', pathname: '/dashboard/es/' }, 'en'],
  ] as const)('langOf(%j) → %s', (loc, lang) => {
    expect(langOf(loc)).toBe(lang);
  });

  it('English and Spanish have exactly the same keys, all non-empty', () => {
    const en = Object.keys(DICT.en).sort();
    const es = Object.keys(DICT.es).sort();
    expect(es).toEqual(en);
    for (const lang of ['en', 'es'] as const) {
      for (const [k, v] of Object.entries(DICT[lang])) expect(String(v).trim(), `${lang}.${k}`).not.toBe('');
    }
  });

  it('Spanish strings are translated (the chrome labels differ from English)', () => {
    for (const k of ['myDashboard', 'signOut', 'manageAccount', 'noAccountManager', 'leaveTitle'] as const) {
      expect(DICT.es[k]).not.toBe(DICT.en[k]);
    }
  });

  it('keeps the spec texts', () => {
    expect(DICT.en.justASec).toBe('Just a sec...');
    expect(DICT.en.leaveTitle).toBe('Are you sure you want to leave this page?');
    expect(DICT.en.leaveYes).toBe('Yes, leave');
    expect(DICT.en.leaveNo).toBe('No, stay here');
    expect(DICT.en.noAccountManager).toBe('No Account Manager has been assigned. Reach out to the Agency Care Desk for help.');
    expect(DICT.en.fileClaimNow).toBe('File a claim now');
    expect(DICT.en.manageUsers).toBe('Manage my users');
    expect(DICT.en.getQuote).toBe('Get a quote');
    expect(DICT.en.search).toBe('Search');
    expect(DICT.en.language).toBe('Español');
  });
});

describe('route chrome (spec section 2)', () => {
  const hidden = [
    'course-registration', 'course-registration-unauth', 'create-account', 'registration-successful',
    'find-my-agency', 'select-agency', 'agency-not-found', 'agency-admin-add',
    'start-claim', 'manage-claim', 'file-claim', 'policy-holder-quote', 'appointment-option-details',
    'submit_claimdetails', 'submit-claim-review-details', 'success_submit-claim',
    'sso-redirect', 'sso-agency-flow',
  ];
  it.each(hidden)('primary nav hidden on %s', (name) => {
    expect(hidesPrimaryNav(name)).toBe(true);
  });
  it.each(['dashboard', 'manage-users', 'manage-account', 'login', 'help', 'work-order-details', 'CE-MyCourses', ''])(
    'primary nav shown on %j',
    (name) => {
      expect(hidesPrimaryNav(name)).toBe(false);
    },
  );

  const progress = ['policy-holder-quote', 'appointment-option-details', 'submit_claimdetails', 'submit-claim-review-details', 'start-claim', 'manage-claim', 'success_submit-claim'];
  it.each(progress)('progress bar on %s', (name) => {
    expect(showsProgressBar(name)).toBe(true);
  });
  it.each(['dashboard', 'file-claim', 'login', 'manage-account'])('no progress bar on %s', (name) => {
    expect(showsProgressBar(name)).toBe(false);
  });

  it.each(['course-registration', 'course-registration-unauth', 'find-my-agency', 'select-agency', 'agency-not-found', 'agency-admin-add', 'login'])(
    'logo asks before leaving %s',
    (name) => {
      expect(confirmsLeaving(name)).toBe(true);
    },
  );
  it.each(['dashboard', 'start-claim', 'manage-account', 'help', 'create-account'])('logo does not ask on %s', (name) => {
    expect(confirmsLeaving(name)).toBe(false);
  });

  it('pageTitle uses the route meta, in both languages', () => {
    expect(pageTitle('dashboard')).toBe('My dashboard | Agent Portal');
    expect(pageTitle('dashboard', 'es')).toBe('Mi panel | Agent Portal');
    expect(pageTitle('login')).toBe('Sign in | Agent Portal');
    expect(pageTitle('unknown-route')).toBe('Agent Portal');
  });
});
