/** The page kinds the bench measures and the budget test checks (later issues add rows). */
export interface PageKind {
  kind: string;
  /** URL path of the built page. */
  path: string;
  /** 'content' pages may ship only the islands they need; 'dashboard' pages have the JS budget. */
  group: 'content' | 'dashboard' | 'sign-in';
  /** Measured signed in as this demo user (Lighthouse). */
  signedInAs?: string;
  /** The URL Lighthouse opens, when it differs from path. */
  lighthousePath?: string;
  /** false: no Lighthouse run (a page that only sends the browser on, e.g. file-claim → start-claim). */
  lighthouse?: false;
}

export const PAGE_KINDS: PageKind[] = [
  { kind: 'content home', path: '/', group: 'content' },
  { kind: 'article', path: '/articles/filing-a-glass-claim-for-a-policyholder', group: 'content' },
  { kind: 'search', path: '/search', group: 'content' },
  // issue 18: the video modal: the care desk carries a link and a tiny plain script; the video page is static.
  { kind: 'agency care desk (video)', path: '/agency-care-desk', group: 'content' },
  { kind: 'video page', path: '/videos/file-a-glass-claim', group: 'content' },
  { kind: 'sign-in', path: '/dashboard/login', group: 'sign-in' },
  // Accounts (issue 14): public pages, no session store nor OpenID client.
  { kind: 'create account', path: '/dashboard/create-account', group: 'sign-in' },
  { kind: 'create new password', path: '/dashboard/create-new-password', group: 'sign-in', lighthouse: false },
  { kind: 'forgot password', path: '/dashboard/forgotpassword', group: 'sign-in' },
  { kind: 'link expired', path: '/dashboard/linkexpired', group: 'sign-in' },
  // manage-account profile (issue 14): the page an email-change link opens.
  { kind: 'confirm email', path: '/dashboard/confirm-email', group: 'sign-in', lighthouse: false },
  { kind: 'agent dashboard', path: '/dashboard/', group: 'dashboard', signedInAs: 'agent@demo.test' },
  // Work orders (issue 6): the dashboard's open list (same first-visit JS; the list code loads on demand).
  { kind: 'agent dashboard: open work orders', path: '/dashboard/', group: 'dashboard', signedInAs: 'agent@demo.test', lighthousePath: '/dashboard/?view=open' },
  { kind: 'content editor: list', path: '/dashboard/article', group: 'dashboard', signedInAs: 'internal@demo.test' },
  {
    kind: 'content editor: article form',
    path: '/dashboard/article-details',
    group: 'dashboard',
    signedInAs: 'internal@demo.test',
    lighthousePath: '/dashboard/article-details?articleRoute=resetting-your-password',
  },
  // The claim flow (issue 5). Opened by Lighthouse without a flow under way, the later pages show their
  // 'finish the quote first' notice (the review: what is missing); the budget counts each page's first visit.
  { kind: 'claim: file-claim (entry)', path: '/dashboard/file-claim', group: 'dashboard', signedInAs: 'agent@demo.test', lighthouse: false },
  { kind: 'claim: steps (start-claim)', path: '/dashboard/start-claim', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'claim: steps (manage-claim)', path: '/dashboard/manage-claim', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'claim: policyholder quote', path: '/dashboard/policy-holder-quote', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'claim: appointment options', path: '/dashboard/appointment-option-details', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'claim: claim details', path: '/dashboard/submit_claimdetails', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'claim: review', path: '/dashboard/submit-claim-review-details', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'claim: success', path: '/dashboard/success_submit-claim', group: 'dashboard', signedInAs: 'agent@demo.test' },
  // Work orders and the account page (issue 6). Lighthouse opens the details and survey pages without an order
  // (their 'no work order was chosen' state); the budget counts each page's first visit.
  { kind: 'work order: details', path: '/dashboard/work-order-details', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'work order: survey', path: '/dashboard/order-survey-details', group: 'dashboard', signedInAs: 'agent@demo.test' },
  { kind: 'work-order console', path: '/dashboard/work-order-console', group: 'dashboard', signedInAs: 'internal@demo.test' },
  // issue 18: the care-desk console (the console, its contract and words load on demand).
  { kind: 'care-desk console', path: '/dashboard/care-desk', group: 'dashboard', signedInAs: 'internal@demo.test' },
  { kind: 'manage account', path: '/dashboard/manage-account', group: 'dashboard', signedInAs: 'agent@demo.test' },
  // Agency user administration (issue 15).
  { kind: 'manage users', path: '/dashboard/manage-users', group: 'dashboard', signedInAs: 'admin@demo.test' },
  { kind: 'user details', path: '/dashboard/user-details', group: 'dashboard', signedInAs: 'admin@demo.test' },
  { kind: 'add a user', path: '/dashboard/agency-admin-add', group: 'dashboard', signedInAs: 'admin@demo.test' },
  // CE courses (issue 16): the static catalog and a course page (content: no framework JS; the seats are a tiny
  // script), the registrations and the agent's courses.
  { kind: 'CE course catalog', path: '/dashboard/CECourseHome', group: 'content' },
  { kind: 'CE course page', path: '/course-registration/1', group: 'content' },
  { kind: 'CE registration (no account)', path: '/dashboard/course-registration-unauth', group: 'sign-in', lighthousePath: '/dashboard/course-registration-unauth?courseId=1' },
  { kind: 'CE registration (signed in)', path: '/dashboard/course-registration', group: 'dashboard', signedInAs: 'agent@demo.test', lighthousePath: '/dashboard/course-registration?courseId=1' },
  { kind: 'CE my courses', path: '/dashboard/CE-MyCourses', group: 'dashboard', signedInAs: 'agent@demo.test' },
  // The CE admins' screens (issue 16).
  { kind: 'CE course form', path: '/dashboard/create-CE-course', group: 'dashboard', signedInAs: 'ce@demo.test' },
  { kind: 'CE courses to manage', path: '/dashboard/manage-CEcourses', group: 'dashboard', signedInAs: 'ce@demo.test' },
  // Internal administration (issue 15): requests, the audit log, global banners, the health-check configuration.
  { kind: 'admin requests', path: '/dashboard/admin-requests', group: 'dashboard', signedInAs: 'internal@demo.test' },
  { kind: 'audit log', path: '/dashboard/audit-log', group: 'dashboard', signedInAs: 'internal@demo.test' },
  { kind: 'global banner', path: '/dashboard/global-banner', group: 'dashboard', signedInAs: 'internal@demo.test' },
  { kind: 'health configuration', path: '/dashboard/health-configuration', group: 'dashboard', signedInAs: 'internal@demo.test' },
  // issue 18: the internal admins' analytics page (the experiments part loads on demand).
  { kind: 'analytics', path: '/dashboard/analytics', group: 'dashboard', signedInAs: 'internal@demo.test' },
  // issue 17: shop search: the store locator (content pages: one plain script with d3-geo's Albers USA for the points;
  // the state outlines are a static SVG drawn at build time).
  { kind: 'shop search (map)', path: '/dashboard/shop-search', group: 'content', lighthousePath: '/dashboard/shop-search?zip=33602' },
  { kind: 'specific shop search', path: '/dashboard/specific-shop-search', group: 'content' },
  { kind: 'specific shop results (map)', path: '/dashboard/specific-shop-results', group: 'content', lighthousePath: '/dashboard/specific-shop-results?name=Glass&zip=10001&distance=100' },
];

/** Each dashboard route loads at most this much gzip JavaScript on first visit (issue 3). */
export const DASHBOARD_JS_BUDGET_GZIP = 100 * 1024;

/** Debian's Chromium and the flags this machine needs (no background networking: the network is closed). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
