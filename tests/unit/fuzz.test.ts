/**
 * Property-based fuzzing of every call of CALLS (dashboard and content services) against one real portal.
 *
 * For each call, fast-check generates at least MIN_INVALID inputs the contract refuses (wrong types,
 * missing and unknown fields, prototype keys as real own keys, huge strings, unicode, numbers at the
 * limits as JSON text, arrays/null/scalars instead of objects, deep nesting, invalid JSON text and bytes;
 * for GET calls query strings with repeated keys and broken percent-encoding, and `:name` path segments)
 * and a few hundred inputs it accepts (maximum lengths in awkward characters, whitespace the contract
 * trims, absent and null optionals). They are sent over HTTP to one portal, signed in as an agent (or,
 * for calls agents may not make, as a role that may: the role check comes before validation), and each
 * answer is checked against an oracle: the contract's own `request.safeParse` of the exact value the
 * server will see (the JSON the server decodes, or the query and path segments Hono parses).
 *
 * - Never a 5xx, and always a reply.
 * - Invalid input → 400 with the envelope `{ isSuccess: false, message, result: null }`, one field error
 *   per issue at its path with a message of FIELD_MESSAGES (written out here, not derived with the server's
 *   describeIssues), and the top message listing them (or the invalid-JSON message). The
 *   exceptions are answered before validation: a body over the call's limit → 413, a path segment no
 *   route matches → 404 (both with the envelope), a URL over Node's header limit → 431 from Node.
 * - Invalid input writes nothing: a row count and md5 of every public table (the provider's storage
 *   excepted) is taken before and after each route's invalid run and must not change. The valid inputs
 *   run afterwards, outside that snapshot, so the analytics/log tables are held to the same rule.
 * - Valid input → no 5xx; a 200 carries a result its contract accepts, any refusal a readable message.
 *
 * The seed is random per run and printed with every failure; FUZZ_SEED=<n> replays a run.
 */
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod/mini';
import { BODY_LIMIT, CALLS, callPath, DASHBOARD_BASE, envelope, ErrorReplySchema, type CallContract } from '../../src/lib/api/index.ts';
import type { DashboardRole } from '../../src/lib/roles.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { ACCESS_TOKEN_TTL } from '../../src/server/auth/oidc.ts';
import { signInForTokens, startTestPortal } from './helpers/portal.ts';
import { demoCar, PLACEHOLDER_CAR, referralRequest, type DemoCar } from './helpers/claims.ts';
import { AgencyWorkOrderEvents } from '../../src/lib/api/live.ts';
import { liveStreamCount } from '../../src/server/routes/live.ts';
import { ChatEvents } from '../../src/lib/api/chat.ts';
import { chatStreamCount } from '../../src/server/routes/chat.ts';
import { insertTestCourse } from './helpers/ce.ts';
import { addParticipantLink, registerParticipant } from '../../src/server/services/ce/registrations.ts';

/** Inputs the contract refuses, per route (at least). */
const MIN_INVALID = 1000;
/** Generated inputs aimed at what the contract accepts, per route (plus fixed edge cases). */
const VALID_RUNS = 100;
/** Requests in flight at once. */
const CONCURRENCY = 8;
/** A call's body limit (the contract's maxBody, else the default). */
const limitOf = (c: CallContract) => c.maxBody ?? BODY_LIMIT;
/** mountCall's answer to a body that is not JSON (src/server/routes/define.ts). */
const INVALID_JSON_MESSAGE = 'Invalid request: the body is not valid JSON.';
/**
 * Every message a field error of a refusal may carry, written out (the contracts' own words and zod's default;
 * not taken from the contracts or from the server's describeIssues, so that a changed or garbled message fails).
 */
const FIELD_MESSAGES: readonly (string | RegExp)[] = [
  // zod's own messages (English): wrong types, unions, values outside an enum, sizes, patterns.
  'Invalid input',
  /^Invalid input: expected (string|number|int|boolean|object|array|null), received (string|number|boolean|object|array|null|undefined|NaN|Infinity|-Infinity)$/,
  /^Invalid input: expected "[^"]*"$/,
  /^Invalid option: expected one of "[^"]*"(\|"[^"]*")*$/,
  /^Too (big|small): expected (string|number|array|int) to (have|be) [<>]=?-?\d+( characters| items)?$/,
  /^Invalid string: must match pattern \/.+\/[a-z]*$/,
  /^Must be at most \d+ characters$/,
  /^(AppName|ToRoute|WebPage|error|Title|Summary|Text|Author|Email address|Term|AccountNumber|Reason) is required$/,
  /^The [a-z ]+ field is required$/,
  ...['agency number', 'article route', 'CarId', 'device id', 'endpoint', 'language', 'number of chips or cracks', 'page', 'page size', 'part number',
    'referral number', 'scope', 'shop', 'sort column', 'sort direction', 'status', 'tag', 'time zone', 'type', 'userId', 'work order id', 'year'].map((what) => `Invalid ${what}`),
  'Page size must be between 1 and 100',
  // Accounts (issue 14).
  'Invalid Agent Number',
  'Please enter a valid NPN ID (digits only).',
  'Invalid link',
  'Invalid referral',
  'Password is required',
  // Passkeys (issue 14).
  'Invalid passkey id',
  'Invalid passkey response',
  'The passkey name must be at most 60 characters.',
  'Please enter a name',
  // Two-step sign-in (issue 14).
  'Enter the 6-digit code from your authenticator app.',
  'Enter a code from your authenticator app or your password.',
  // Internal administration (issue 15).
  'Invalid page',
  'Invalid cursor',
  'A VIN has 17 characters.',
  'Must be a path starting with /',
  'Must be a path on this site, starting with a single /',
  'Use the date format YYYY-MM-DD',
  'Choose at least one topic',
  'At most 8 topics',
  'HTML is not allowed: use Markdown',
  'Links must be web or site addresses',
  'Expected a map of strings',
  'The end date must be on or after the start date.',
  // Global banners (issue 15, spec section 5).
  'Banner title is required',
  'Alert text is required',
  'URL label is required when a URL is entered',
  'URL is required when a URL label is entered',
  'Please enter a valid url',
  'Start date is required',
  'End date is required',
  'End date must be after start date',
  // CE courses (issue 16).
  'Invalid course id',
  'This link is not valid.',
  // The claim flow's messages (spec section 5), word for word.
  'Please choose a scheduling option',
  'Please choose a communciation preference',
  'Please choose repair or replace.',
  'Please choose the damaged glass.',
  'Please choose the glass part.',
  'Please choose a State.',
  'Please enter a VIN.',
  'Please enter a valid email address',
  'Please enter a valid phone number',
  'Please enter a valid amount',
  'Please enter a valid ZIP code.',
  'Please enter a valid date.',
  'Please enter a valid search term',
  'Invalid ZIP. Please enter a new ZIP.',
  'Only letters allow',
  'Consent is required to receive text messages',
  // Spec section 5's contact update (the contact preferences).
  'Please enter a phone number',
  'Please enter an email address',
  // Manage my account (issue 14).
  'Invalid insurance company',
  'Choose at most 60 carriers',
  'A carrier is listed twice',
  'Choose an agency to remove',
  'Choose at most 20 agencies',
  'An agency is listed twice',
  // Agency onboarding (issue 14).
  'The phone number field is required',
  'Invalid request id',
  'Give either AgencyNumber or AgencyDetails',
  // CE courses, the CE admins' side (issue 16): src/lib/ce-course.ts and src/lib/api/ce-admin.ts.
  'Course title is required',
  'Spanish course title is required',
  'Course description is required',
  'Spanish course description is required',
  'Credit hours must be between 0.5 and 40, in steps of 0.5',
  'Choose at least one state the course is approved in',
  'Choose states from the list (at most 60)',
  'Venue name is required',
  'Venue address is required',
  'Venue city is required',
  'Webinar link is required',
  'Please enter a valid https link',
  'Course date is required',
  'Start time is required',
  'End time is required',
  'Please enter a valid time (HH:MM)',
  'End time must be after start time',
  'Time zone is required',
  'Capacity must be a whole number from 1 to 10000',
  'A course has at most three meals',
  'Meal name is required',
  'Invalid id',
  'The image must be at most 1 MB.',
  'The image must be a JPEG, PNG or WebP file.',
  // issue 17: co-branding (src/lib/api/cobranded.ts).
  'Invalid client tag',
  'Invalid account number',
  'A client tag has 1 to 40 letters, digits, - or _',
  'The logo must be at most 256 KB.',
  'The logo must be a PNG, JPEG or WebP file.',
  // issue 17: shop search
  'Invalid distance',
  'Only US shops can be searched',
  // issue 18: experiments (src/lib/experiments.ts and src/lib/api/experiments.ts).
  'applicationName is required',
  'Invalid experiment order',
  'Experiment name is required',
  'An experiment key has 2 to 40 lowercase letters, digits or -, starting with a letter or digit',
  'A page-entry trigger is a page path starting with /',
  'An experiment has 2 to 5 variants',
  'Variant name is required',
  'Each variant needs its own name',
  'A variant weight is a whole number from 1 to 99',
  'The variant weights must add up to 100',
  'Goal event is required',
  // issue 18: live chat (src/lib/api/chat.ts).
  /^(page|Message|Subject|Description|toUserId|userId) is required$/,
  'Invalid page',
  'Invalid message id',
  // issue 18: the analytics page's range (src/lib/analytics.ts).
  'The date range can be at most 366 days.',
  'The end date must be on or after the start date.',
];
/** An unknown key's field error: the keys as JSON strings (the test does not re-derive them: JSON.parse of odd keys differs between V8 runs). */
const UNKNOWN_FIELDS = /^Unknown field\(s\): "[^]*$/;
/** The provider's session/grant/code storage: written by the provider on its own schedule, not by these calls. */
const UNSNAPSHOTTED_TABLES = new Set(['oidc_models']);

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** The demo user of each role (src/server/db/seed.ts). */
const EMAIL: Record<DashboardRole, string> = {
  SFAD_Agent: 'agent@demo.test',
  SFAD_Admin: 'admin@demo.test',
  SFAD_InternalAdmin: 'internal@demo.test',
  SFAD_CEAdmin: 'ce@demo.test',
};
/** Who sends a call's inputs: an agent, unless agents may not call it (validation comes after the role check). */
const roleFor = (c: CallContract): DashboardRole => (c.access === 'public' || c.access.includes('SFAD_Agent') ? 'SFAD_Agent' : c.access[0]!);

let portal: RunningPortal;
const tokens: Partial<Record<DashboardRole, string>> = {};
const signedIn: Partial<Record<DashboardRole, { at: number; sessionVersion: number }>> = {};
const sessionVersionOf = async (role: DashboardRole) =>
  (await portal.db.query<{ session_version: number }>('SELECT session_version FROM users WHERE lower(email) = $1', [EMAIL[role]]))[0]!.session_version;
/**
 * A role's access token, signed in again when it is half-way to ACCESS_TOKEN_TTL (the file can run longer than one
 * token lives) or when an accepted input ended the user's sessions (a password change, a deactivation and
 * reactivation: the session version moved on). `marginMs`: sign in again already that much before the half-way
 * mark — taken before a table snapshot, so that no sign-in (a TOTP sign-in writes the accepted step to
 * user_mfa) happens while the invalid inputs run (CI seed 1548883724: CreateBanner's snapshot saw user_mfa change).
 */
async function bearer(role: DashboardRole, marginMs = 0): Promise<string> {
  const had = signedIn[role];
  if (!tokens[role] || !had || Date.now() - had.at > (ACCESS_TOKEN_TTL * 1000) / 2 - marginMs || (await sessionVersionOf(role)) !== had.sessionVersion) {
    tokens[role] = (await signInForTokens(portal, EMAIL[role])).access_token;
    signedIn[role] = { at: Date.now(), sessionVersion: await sessionVersionOf(role) };
  }
  return tokens[role]!;
}
/** How long a token taken before a snapshot must stay unrefreshed: longer than one call's invalid inputs take. */
const FRESH_FOR_MS = 120_000;
let userId: string;
const seeded: string[] = [];
/** Cars of the seeded catalog, for the claim calls' examples. */
let cars: DemoCar[] = [PLACEHOLDER_CAR];
/** Seeded work orders of the demo agent (details, surveys, recalibrations) and open ones for the console, for the work-order calls' examples. */
const wo = { detail: [] as { workOrderId: string; referralSequenceNumber: string }[], survey: [] as string[], certificate: [] as string[], open: [] as string[] };

/**
 * Requests real callers send, for calls whose fields the generators cannot satisfy by themselves (rules
 * that answer with their own message, coerced numbers in a range, nested objects): the valid samples are
 * these, varied one leaf field at a time (the contract still judges each).
 */
const ZIPS = ['33602', '80202-1234', '60601', '10001', '99501', '59337'];
/** List requests real callers send (paging, sorting, search, dates, status). */
const WORK_ORDER_LISTS: Record<string, unknown>[] = [
  { AppName: 'AgentPortal' },
  { AppName: 'AgentPortal', AgencyNumber: '20077314', Page: 2, PageSize: 5, SortBy: 'Total', SortDirection: 'asc' },
  { AppName: 'AgentPortal', AgencyNumber: '10045821', Search: 'Ma', From: '2025-01-01', To: '2030-12-31', SortBy: 'PolicyholderName' },
  { AppName: 'AgentPortal', From: '2025-03-09', To: '2025-11-02', TimeZone: 'America/New_York' },
  { AppName: 'AgentPortal', From: '2024-09-08', TimeZone: 'America/Santiago' },
  { AppName: 'AgentPortal', Status: 'Received', SortBy: 'Status', SortDirection: 'desc', PageSize: 100, Page: 1 },
];
/** A registration answer shaped like a browser's (@simplewebauthn/browser's RegistrationResponseJSON). */
const PASSKEY_REGISTRATION = {
  id: 'Q'.repeat(43),
  rawId: 'Q'.repeat(43),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ', transports: ['internal', 'hybrid'] },
};
/** Banners as the banner screen sends them (issue 15). */
const FUZZ_BANNERS: Record<string, unknown>[] = [
  { AppName: 'AgentPortal', bannerTitle: 'Maintenance', bannerAlertText: 'Down Sunday 2-4 am.', startDate: '2026-01-01', endDate: '2026-01-02' },
  { AppName: 'AgentPortal', bannerTitle: 'New carriers', bannerAlertText: 'Two carriers added.', urlLabel: 'Read more', url: 'example.com/news', startDate: '2026-03-01', endDate: '2026-04-30' },
  { AppName: 'AgentPortal', bannerTitle: 'Aviso', bannerAlertText: 'Texto del aviso', urlLabel: 'Más', url: 'https://example.com/es', startDate: '2025-12-31', endDate: '2027-01-01' },
];
/** CE courses (issue 16): the fuzz portal's courses, a followed link's token, a registration of the agent. */
const ce = { courses: [] as number[], token: '', registration: 1 };
/** Whole CE courses (issue 16): in person, a webinar, Spanish text and three meals. */
const FUZZ_COURSE = {
  AppName: 'AgentPortal', Title: 'Claims 101', TitleEs: 'Reclamaciones 101', Description: 'D', DescriptionEs: 'D', CreditHours: 2.5, StatesApproved: ['FL', 'GA'],
  Format: 'InPerson', VenueName: 'Hall', VenueAddress: '1 Main St', VenueCity: 'Tampa', VenueState: 'FL', VenueZip: '33602', Date: '2027-03-10',
  StartTime: '09:00', EndTime: '12:00', TimeZoneId: 'America/New_York', Capacity: 30, Meals: [],
};
const FUZZ_COURSES: Record<string, unknown>[] = [
  FUZZ_COURSE,
  { ...FUZZ_COURSE, Format: 'Webinar', VenueName: null, VenueAddress: null, VenueCity: null, VenueState: null, VenueZip: null, WebinarUrl: 'https://meet.example.com/a', CourseID: 1 },
  { ...FUZZ_COURSE, Title: 'Cristales ñandú', Meals: [{ Name: 'Desayuno', Time: '08:00' }, { Name: 'Almuerzo', Time: '12:00' }, { Name: 'Café', Time: '15:00' }], ContactEmail: 'ce@demo.test', ContactPhone: '(813) 555-0100', ContactName: 'Casey' },
];
const FUZZ_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const VALID_EXAMPLES: Record<string, () => Record<string, unknown>[]> = {
  GetCityAddress: () => ZIPS.map((ZipCode) => ({ AppName: 'AgentPortal', ZipCode })),
  ValidateProviderService: () => ZIPS.map((ZipCode) => ({ AppName: 'AgentPortal', ZipCode })),
  GetApplicableClosestProviders: () => ZIPS.map((ZipCode, i) => ({ AppName: 'AgentPortal', ZipCode, ExcludeShops: i % 2 === 0 })),
  GetVehicleMakes: () => cars.map((c) => ({ AppName: 'AgentPortal', Year: c.Year })),
  GetVehicleModels: () => cars.map((c) => ({ AppName: 'AgentPortal', Year: c.Year, Make: c.Make })),
  GetVehicleStyles: () => cars.map((c) => ({ AppName: 'AgentPortal', Year: c.Year, Make: c.Make, Model: c.Model })),
  GetVehicleInformationByYMMS: () => cars.map((c) => ({ AppName: 'AgentPortal', Year: c.Year, Make: c.Make, Model: c.Model, Style: c.Style })),
  GetVehicleInfoByVin: () => cars.map((c) => ({ AppName: 'AgentPortal', Vin: c.Vin })),
  GetGlassOptionsByCarId: () => cars.map((c) => ({ AppName: 'AgentPortal', CarId: c.CarId })),
  GetProblemQuestions: () => cars.map((c) => ({ AppName: 'AgentPortal', CarId: c.CarId, SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Repair' })),
  GetProblemPropertyQuestions: () => cars.map((c) => ({ AppName: 'AgentPortal', CarId: c.CarId, PartNumbers: c.Windshields })),
  GetQuote: () => cars.map((c) => ({ AppName: 'AgentPortal', ZipCode: '33602', CarId: c.CarId, RepairOrReplace: 'Replace', NumberOfChipsOrCracks: -1, PartNumbers: c.Windshields.slice(0, 1), Deductible: 500 })),
  CreateReferral: () => cars.map((c) => referralRequest('10045821', c)),
  GetDashboardWorkOrders: () => [{ AppName: 'AgentPortal' }, { AppName: 'AgentPortal', AgencyNumber: '20077314' }],
  GetOpenWorkOrders: () => WORK_ORDER_LISTS,
  GetCompletedWorkOrders: () => WORK_ORDER_LISTS,
  GetWorkOrderConsole: () => WORK_ORDER_LISTS.map((l, i) => ({ ...l, Scope: (['Open', 'Completed', 'All'] as const)[i % 3] })),
  ServiceActivityDetail: () => wo.detail.map((d, i) => ({ AppName: 'AgentPortal', ...d, type: i % 2 ? 'Open' : 'Completed', jobStatus: 'Received' })),
  GetSurveyDetails: () => wo.survey.map((WorkOrderId) => ({ AppName: 'AgentPortal', WorkOrderId })),
  DownloadRecalibrationCertificate: () => wo.certificate.map((WorkOrderId, i) => ({ AppName: 'AgentPortal', WorkOrderId, ...(i % 2 ? { Lang: 'es' } : {}) })),
  ResubmitFailedReferral: () => wo.detail.map((d) => ({ AppName: 'AgentPortal', WorkOrderId: d.workOrderId })),
  AdvanceWorkOrder: () => wo.open.map((WorkOrderId, i) => ({ AppName: 'AgentPortal', WorkOrderId, Status: i % 2 ? 'Cancelled' : 'Policyholder contacted', Note: 'fuzz' })),
  GetAgentInsuranceCompanyNamesById: () => [{ AppName: 'AgentPortal' }, { AppName: 'AgentPortal', AgencyNumber: '20077314', UserId: userId }],
  GetAgencyInsuranceCompanyNamesById: () => [{ AppName: 'AgentPortal', AgencyNumber: '10045821' }, { AppName: 'AgentPortal' }],
  GetUserAgentContactPrefs: () => [{ AppName: 'AgentPortal' }, { AppName: 'AgentPortal', userId }],
  // Manage my account: reads and harmless writes of the agent's own (removing every agency is refused: 400).
  GetUserAgencyCarriersByAgentNumber: () => [{ AppName: 'AgentPortal', AgentNumber: 'A10045', AgencyNumber: '10045821' }, { AppName: 'AgentPortal', AgentNumber: 'a10045', AgencyNumber: '20077314' }],
  UpdateUserAgentCarriers: () => [{ AppName: 'AgentPortal', AgencyNumber: '20077314', InsuranceCompanyIds: [] }, { AppName: 'AgentPortal', UserId: userId, AgencyNumber: '10045821', InsuranceCompanyIds: [1, 2, 3] }],
  RemoveXYZAccountsByUserId: () => [{ AppName: 'AgentPortal', UserId: userId, AccountNumbers: ['10045821', '20077314'] }],
  RemoveUserFromAgency: () => [{ AppName: 'AgentPortal', UserId: userId, AgencyNumber: '20077314' }],
  // Agency onboarding (issue 14).
  GetAgencies: () => [
    { AppName: 'AgentPortal', AccountNumber: '20077314' }, { AppName: 'AgentPortal', AgencyName: 'ridge' }, { AppName: 'AgentPortal', PrimaryPhone: '(303) 555-0199' },
    { AppName: 'AgentPortal', Email: 'office@summitridge.example' }, { AppName: 'AgentPortal', AccountNumber: '99999999', AgencyName: 'harbor' },
  ],
  GetAllAgenciesForSearch: () => [{ AppName: 'AgentPortal', Term: 'su' }, { AppName: 'AgentPortal', Term: '100' }],
  GetAgencyInformationByNumber: () => [{ AppName: 'AgentPortal', AccountNumber: '10045821' }, { AppName: 'AgentPortal', AccountNumber: '1' }],
  VerifyUserAgencyInformation: () => [
    { AppName: 'AgentPortal', AgencyNumber: '30012967' },
    { AppName: 'AgentPortal', AgencyDetails: { AgencyName: 'Fuzz Agency', AddressLine: '1 Main St', City: 'Omaha', State: 'NE', ZipCode: '68102', PhoneNumber: '402-555-0100', Email: 'fuzz@agency.example', AgentNumber: 'A1' } },
  ],
  GetOnboardingRequests: () => [{ AppName: 'AgentPortal', Scope: 'mine' }, { AppName: 'AgentPortal', Scope: 'review' }],
  ApproveOnboardingRequest: () => [{ AppName: 'AgentPortal', RequestId: 1 }, { AppName: 'AgentPortal', RequestId: 2, AgencyNumber: '20077314' }],
  DenyOnboardingRequest: () => [{ AppName: 'AgentPortal', RequestId: 1, Reason: 'fuzz' }],
  UpdateUserAgentContactPrefs: () =>
    ['(813) 555-0134', '813.555.0134', null].map((AgentPhoneNo, i) => ({
      AppName: 'AgentPortal', ...(i === 0 ? { UserId: userId } : {}), PolicyholderContactText: AgentPhoneNo !== null, PolicyholderContactEmail: true,
      ServiceScheduledText: false, ServiceScheduledEmail: i > 0, ServiceCompleteText: false, ServiceCompleteEmail: true, SurveyCompleteText: false,
      SurveyCompleteEmail: false, AgentPhoneNo, ...(i === 1 ? { AgentEmail: 'alerts@agency.example' } : {}),
    })),
  // Accounts (issue 14): registration's rules, link tokens (43 base64url characters), the demo users.
  CreateInactiveUser: () =>
    ['A12345', '1234567'].map((AgentNumber, i) => ({
      AppName: 'AgentPortal', FirstName: 'Robin', LastName: 'Quintero', Email: `fuzz-reg-${i}@example.test`, PrimaryPhone: '(813) 555-0142',
      AgentNumber, ...(i ? { SecondaryPhone: '813.555.0143', NpnId: '12345', Title: 'Producer', Referral: '/dashboard/' } : {}),
    })),
  CreateActiveUser: () => [{ AppName: 'AgentPortal', FirstName: 'Robin', LastName: 'Quintero', Email: 'fuzz-active@example.test', AgencyNumber: '20077314' }],
  SendRecoveryPasswordLink: () => [{ AppName: 'AgentPortal', Email: 'agent@demo.test' }, { AppName: 'AgentPortal', Token: 'A'.repeat(43) }],
  VerifyUser: () => [{ AppName: 'AgentPortal', Token: 'A'.repeat(43) }],
  GetUserResetPwdLink: () => [{ AppName: 'AgentPortal', Token: 'b'.repeat(43) }],
  CreateUserPassword: () => [{ AppName: 'AgentPortal', Token: 'A'.repeat(43), Password: 'Glass-Harbor-2931' }],
  UserStatus: () => [{ AppName: 'AgentPortal' }, { AppName: 'AgentPortal', UserId: userId }],
  UpdateOktaAgency: () => [{ AppName: 'AgentPortal', UserId: userId, AgencyNumber: '20077314' }],
  UpdateOktaUserProfile: () => [{ AppName: 'AgentPortal', Title: 'Producer' }, { AppName: 'AgentPortal', UserId: userId, PrimaryPhone: '813-555-0142' }],
  AssignUserToGroup: () => [{ AppName: 'AgentPortal', UserId: userId, GroupName: 'SFAD_Agent' }],
  AddUserResetPwdLink: () => [{ AppName: 'AgentPortal', UserId: userId }],
  GetUserDetailsByEmail: () =>
    ['agent@demo.test', 'multi@demo.test', 'no.such.user@example.test'].map((Email) => ({ AppName: 'AgentPortal', Email })),
  // Passkeys (issue 14): answers shaped like a browser's (their signatures fit no challenge: refused, never a 5xx).
  FinishPasskeyRegistration: () => [
    { AppName: 'AgentPortal', Response: PASSKEY_REGISTRATION },
    { AppName: 'AgentPortal', Name: 'Work laptop', Response: { ...PASSKEY_REGISTRATION, authenticatorAttachment: 'cross-platform' } },
  ],
  RenamePasskey: () => [{ AppName: 'AgentPortal', Id: 'Q'.repeat(43), Name: 'Phone' }],
  DeletePasskey: () => [{ AppName: 'AgentPortal', Id: 'Q'.repeat(43) }],
  // manage-account profile (issue 14): the agent's own profile; wrong current passwords (refused, then limited), unknown links.
  GetUserProfile: () => [{ AppName: 'AgentPortal' }],
  GetUserAgentInformation: () => [{ AppName: 'AgentPortal', AgencyNumber: '10045821' }, { AppName: 'AgentPortal', AgencyNumber: '20077314', UserId: userId }],
  SaveUserAgentInfo: () => [
    { AppName: 'AgentPortal', FirstName: 'Alex', LastName: 'Agent', PrimaryPhone: '(813) 555-0142' },
    { AppName: 'AgentPortal', UserId: userId, FirstName: 'Mary Ann', LastName: 'García-López', PrimaryPhone: '813.555.0142', SecondaryPhone: '813 555 0143', Title: 'Producer', NpnId: '1234567' },
  ],
  ChangeUserPassword: () => [{ AppName: 'AgentPortal', CurrentPassword: 'Not-The-Password-1', NewPassword: 'Glass-Harbor-2931' }],
  RequestEmailChange: () => [{ AppName: 'AgentPortal', NewEmail: 'fuzz-new@example.test', CurrentPassword: 'Not-The-Password-1' }],
  ConfirmEmailChange: () => [{ AppName: 'AgentPortal', Token: 'A'.repeat(43) }],
  // Two-step sign-in (issue 14): six-digit codes (spaces allowed), a password, never both.
  ConfirmTotpEnrollment: () => ['123456', '000 000', ' 987654 '].map((Code) => ({ AppName: 'AgentPortal', Code })),
  RegenerateRecoveryCodes: () => [{ AppName: 'AgentPortal', Password: 'Demo!2345' }, { AppName: 'AgentPortal', Code: '123456' }],
  DisableTotp: () => [{ AppName: 'AgentPortal', Password: 'not-the-password' }, { AppName: 'AgentPortal', Code: '654321' }],
  // Internal administration (issue 15): requests by filter and page, decisions of unknown requests, the audit log's filters.
  SendRequestAdminAccessEmail: () => ['10045821', '20077314', '30012967'].map((AgencyNumber) => ({ AppName: 'AgentPortal', AgencyNumber })),
  GetAdminRequests: () => [
    { AppName: 'AgentPortal' },
    { AppName: 'AgentPortal', Status: 'Pending', FilterBy: 'agent_name', Search: 'Rivera', Page: '2' },
    { AppName: 'AgentPortal', Status: 'Denied', FilterBy: 'agency_name', Search: 'Summit' },
  ],
  ApproveRequest: () => [{ AppName: 'AgentPortal', RequestId: 999999 }, { AppName: 'AgentPortal', RequestId: 1, Reason: 'Welcome aboard' }],
  DenyRequest: () => [{ AppName: 'AgentPortal', RequestId: 999999, Reason: 'Not the agency owner' }, { AppName: 'AgentPortal', RequestId: 2, Reason: 'No' }],
  ResetMFA: () => [{ AppName: 'AgentPortal', UserId: 'no-such-user' }, { AppName: 'AgentPortal', UserId: userId }],
  GetAuditLog: () => [
    { AppName: 'AgentPortal' },
    { AppName: 'AgentPortal', Action: 'updateProfile', Entity: 'user', Actor: 'demo.test', From: '2026-01-01', To: '2026-12-31' },
    { AppName: 'AgentPortal', AgencyNumber: '20077314', Before: '1000' },
  ],
  // Agency user administration (issue 15).
  ListOktaUsersByAgentNumber: () => [
    { AppName: 'AgentPortal', AgencyNumber: '20077314', AgentNumber: 'A200' },
    { AppName: 'AgentPortal', AgentNumber: 'a10045', Sort: 'lastSignIn', Direction: 'desc', PageSize: '10' },
    { AppName: 'AgentPortal', AgencyNumber: '10045821', AgentNumber: 'Z9', Sort: 'status', PageSize: '100' },
  ],
  ListOktaUsersByAgentNameOrEmail: () => [
    { AppName: 'AgentPortal', AgencyNumber: '20077314' },
    { AppName: 'AgentPortal', AgencyNumber: '20077314', Term: 'lee', Sort: 'email', Direction: 'asc', PageSize: '5' },
    { AppName: 'AgentPortal', Term: 'admin@demo.test', Sort: 'name', PageSize: '25' },
  ],
  ListOktaUsersByPaginationLink: () => [{ AppName: 'AgentPortal', Link: 'eyJhIjoxfQ.abc' }, { AppName: 'AgentPortal', Link: 'x'.repeat(200) }],
  UpdateUserAccountDetails: () => [
    { AppName: 'AgentPortal', UserId: userId, AgencyNumber: '20077314', Title: 'Producer' },
    { AppName: 'AgentPortal', UserId: userId, AgencyNumber: '20077314', FirstName: 'Mary Ann', LastName: 'Lee', PrimaryPhone: '(813) 555-0142', SecondaryPhone: '', NpnId: '1234567', GroupId: 'SFAD_Agent', InsuranceCompanyIds: [1, 2] },
    { AppName: 'AgentPortal', UserId: userId, AgencyNumber: '10045821', GroupId: 'SFAD_Admin', InsuranceCompanyIds: [] },
  ],
  DeactivateUser: () => [
    { AppName: 'AgentPortal', UserId: userId, AgencyNumber: '20077314' },
    { AppName: 'AgentPortal', UserId: userId, Activate: true },
    { AppName: 'AgentPortal', UserId: userId, AgencyNumber: null, Activate: false },
  ],
  // Global banners and /Healthcheck (issue 15): section 5's rules hold across the fields, so whole banners.
  GetCurrentBanner: () => ['2026-01-15', '2024-02-29', '2030-12-31'].map((today) => ({ AppName: 'AgentPortal', today })),
  CreateBanner: () => FUZZ_BANNERS,
  EditBanner: () => FUZZ_BANNERS.map((b, i) => ({ ...b, id: i + 1 })),
  DeleteBanner: () => [1, 2, 40].map((id) => ({ AppName: 'AgentPortal', id })),
  // CE courses, the registrants' calls (issue 16): the fuzz portal's courses (one roomy, one full), and edge ids.
  GetCECourseList: () => [{ AppName: 'AgentPortal' }, { AppName: 'AgentPortal', includePast: 'true' }, { includePast: 'false' }],
  GetCECourseDetailByCourseID: () => [...ce.courses, 2_147_483_647].map((id) => ({ AppName: 'AgentPortal', courseId: String(id) })),
  GetIsRegisteredUser: () => [...ce.courses, 1].map((id) => ({ AppName: 'AgentPortal', courseId: String(id) })),
  GetValidateCourseIsMaximumLimit: () => [ce.courses.join(','), '1', `${ce.courses[0]},2147483647,0`].map((courseIds) => ({ AppName: 'AgentPortal', courseIds })),
  GetMyCECourseList: () => (['upcoming', 'all', 'completed'] as const).map((view) => ({ AppName: 'AgentPortal', view })),
  AddParticipantLinkDetails: () =>
    ce.courses.map((CourseID, i) => ({
      AppName: 'AgentPortal', CourseID, FirstName: ['Dana', 'Mary Ann', "O'Neil"][i % 3], LastName: 'García-López', Title: i ? '' : 'Producer', AgencyName: 'Lopez Insurance',
      Email: `fuzz-ce-${i}@example.com`, Phone: ['(512) 555-0134', '512.555.0134', '5125550134'][i % 3], NpnId: i ? '' : '1234567', Address: '100 Main St', City: 'Austin', State: 'TX', Zip: ['78701', '78701-1234'][i % 2], JoinWaitlist: i % 2 === 1,
    })),
  RegisterForCECourse: () =>
    ce.courses.map((CourseID, i) => ({ AppName: 'AgentPortal', CourseID, Address: '1 Main', City: 'Austin', State: 'TX', Zip: '78701', ...(i ? { JoinWaitlist: true, NpnId: '42', Phone: '' } : { AgencyNumber: '10045821', Title: 'Agent' }) })),
  ConfirmCECourseLink: () => [ce.token, 'A'.repeat(43), 'b-_'.repeat(10)].map((Token) => ({ AppName: 'AgentPortal', Token })),
  UpdateMyCECourseRegistration: () =>
    (['cancel', 'acceptOffer', 'declineOffer'] as const).map((Action, i) => ({ AppName: 'AgentPortal', RegistrationID: [ce.registration, 1, 2_147_483_647][i], Action })),
  // CE courses, the CE admins' side (issue 16): whole courses (the form's rules hold across fields).
  SaveCourse: () => FUZZ_COURSES,
  DeleteCECourse: () => [1, 2, 40].map((CourseID, i) => ({ AppName: 'AgentPortal', CourseID, ...(i % 2 ? { Action: 'cancel' } : {}) })),
  UploadCECourseImage: () => [FUZZ_PNG, '/9j/4AAQSkZJRg==', 'UklGRgAAAABXRUJQVlA4IA=='].map((ContentBase64) => ({ AppName: 'AgentPortal', ContentBase64 })),
  GetCECourseImages: () => ['1', '2', '99'].map((imageId) => ({ AppName: 'AgentPortal', imageId })),
  // issue 17: co-branding.
  GetCobrandedAccountNumberByClientTag: () => ['harborpoint', 'HarborPoint', 'nobody-1'].map((ClientTag) => ({ AppName: 'AgentPortal', ClientTag })),
  GetIsCobranded: () => ['10045821', '20077314', '99999999'].map((AccountNumber) => ({ AppName: 'AgentPortal', AccountNumber })),
  GetIsAccountCobranded: () => ['10045821', '20077314'].map((AccountNumber) => ({ AppName: 'AgentPortal', AccountNumber })),
  GetCobrandedLogo: () => ['10045821', '20077314', '99999999'].map((AccountNumber) => ({ AppName: 'AgentPortal', AccountNumber })),
  GetCobrandedAgencies: () => [{ AppName: 'AgentPortal' }, { AppName: 'AgentPortal', Search: 'Summit' }, { AppName: 'AgentPortal', Search: '10045821' }],
  SaveCobrandedAgency: () => [
    { AppName: 'AgentPortal', AgencyNumber: '30012967', IsCobranded: false, ClientTag: 'lakeshore' },
    { AppName: 'AgentPortal', AgencyNumber: '30012967', IsCobranded: true, LogoBase64: FUZZ_PNG },
    { AppName: 'AgentPortal', AgencyNumber: '30012967', IsCobranded: false, ClientTag: '', RemoveLogo: true },
  ],
  GetCECourseRoster: () => ['1', '2', '99'].map((courseId) => ({ AppName: 'AgentPortal', courseId })),
  GetCECourseStats: () => ['1', '2', '99'].map((courseId) => ({ AppName: 'AgentPortal', courseId })),
  GetCECertificate: () => ['1', '2', '99'].map((registrationId) => ({ AppName: 'AgentPortal', registrationId })),
  MarkCECourseAttendance: () => [1, 2, 99].map((RegistrationID, i) => ({ AppName: 'AgentPortal', RegistrationID, Attended: i % 2 === 0 })),
  VerifyCECertificate: () => ['AAAA-BBBB-CCCC', 'k7qx-2m9p-hrta', 'nope'].map((code) => ({ AppName: 'AgentPortal', code })),
  GetCECases: () => [{ AppName: 'AgentPortal' }, { AppName: 'AgentPortal', status: 'New', page: '1' }, { AppName: 'AgentPortal', status: 'Closed', page: '3' }],
  UpdateCECase: () => [1, 2, 99].map((CaseID, i) => ({ AppName: 'AgentPortal', CaseID, ...(i === 0 ? { Status: 'Closed' } : { Note: 'Called back' }) })),
  UpdateConfiguration: () => [
    { AppName: 'AgentPortal', name: 'outbox', input: '30' },
    { AppName: 'AgentPortal', name: 'content-service', input: 'verbose=1', urlOverride: 'https://content.example.test/health' },
    { AppName: 'AgentPortal', name: 'mail-transport', urlOverride: '' },
  ],
  // issue 17: shop search
  GetClosestProgramProviders: () => ZIPS.map((zipCode) => ({ AppName: 'AgentPortal', zipCode })),
  SpecificShopSearch: () => [
    { AppName: 'AgentPortal', ProviderName: 'GlassCare', ProviderPhone: null, ServiceZipCode: '33602', Distance: 25, PageSize: 10, PageNumber: 1, AccountNum: '20077314', CountryCode: 'US', IsSafeliteProgramAccount: true },
    { AppName: 'AgentPortal', ProviderName: 'Windshield', ProviderPhone: '(813) 555-0101', ServiceZipCode: '80202-1234', Distance: 100, PageSize: 50, PageNumber: 2, CountryCode: 'US', IsSafeliteProgramAccount: false },
    { AppName: 'AgentPortal', ProviderName: 'Auto Glass', ServiceZipCode: '99501' },
  ],
  // issue 17: single sign-on (the fuzz personas are not SSO users: accepted inputs answer 403).
  GetAgenciesSSO: () => ['ridge', 'Harbor Point', '10045821'].map((SearchTerm) => ({ AppName: 'AgentPortal', SearchTerm })),
  SubmitSSOAgencyRequest: () => ['20077314', '10045821', '0000'].map((AgencyNumber) => ({ AppName: 'AgentPortal', AgencyNumber })),
  // issue 18: experiments — the browser's site and page entries, and experiments as the admins save them.
  ExperimentsRun: () => [
    { applicationName: 'AgentPortal', deviceId: 'd3b07384-d9a0-4c9b-8f7e-6e5a1f2b3c4d', triggerEvent: 'SiteEntry', triggerValue: 'SiteEntry' },
    { AppName: 'AgentPortal', applicationName: 'AgentPortal', deviceId: 'device_0001', triggerEvent: 'PageEntry', triggerValue: '/dashboard/file-claim', experimentOrder: 1 },
    { applicationName: 'AgentPortal', deviceId: 'A1b2C3d4E5f6G7h8', triggerEvent: 'PageEntry', triggerValue: '/es/articles/reset-password', experimentOrder: null },
  ],
  SaveExperiment: () => [
    { AppName: 'AgentPortal', name: 'Hero copy', key: 'fuzz-hero', triggerEvent: 'SiteEntry', variants: [{ name: 'control', weight: 50 }, { name: 'bold', weight: 50 }], goalEvent: 'ClaimSubmitted' },
    { AppName: 'AgentPortal', name: 'Quote layout', key: 'fuzz-quote-2', triggerEvent: 'PageEntry', triggerValue: '/dashboard/policy-holder-quote', experimentOrder: 3,
      variants: [{ name: 'A', weight: 20 }, { name: 'B', weight: 30 }, { name: 'C', weight: 50 }], goalEvent: 'QuoteViewed' },
    { AppName: 'AgentPortal', name: 'Ayuda', key: 'fuzz-help', triggerEvent: 'PageEntry', triggerValue: '/es/dashboard/help',
      variants: [{ name: 'v1', weight: 1 }, { name: 'v2', weight: 1 }, { name: 'v3', weight: 1 }, { name: 'v4', weight: 1 }, { name: 'v5', weight: 96 }], goalEvent: 'ClaimSubmitted' },
  ],
  SetExperimentStatus: () => [1, 2, 3].flatMap((id) => ['Running', 'Stopped'].map((status) => ({ AppName: 'AgentPortal', id, status }))),
  // issue 18: live chat — the chat panel's and the console's requests (nobody is available: a start answers 409;
  // the agent's unknown chat ids 404).
  StartChat: () => [
    { AppName: 'AgentPortal', page: '/dashboard', text: 'Hello, I need help', clientId: 'fuzz-client-0001' },
    { AppName: 'AgentPortal', page: '/es/dashboard/file-claim', agencyNumber: '10045821', text: null, clientId: null },
    { AppName: 'AgentPortal', page: '/dashboard/work-orders?x=1' },
  ],
  SendChatMessage: () => [1, 2, 2_147_483_647].map((chatId) => ({ AppName: 'AgentPortal', chatId, text: '¿Hola? 😀 <b>hi</b>', clientId: `fuzz_${chatId}_abcdefgh` })),
  SetChatTyping: () => [1, 2].flatMap((chatId) => [true, false].map((typing) => ({ AppName: 'AgentPortal', chatId, typing }))),
  MarkChatRead: () => [{ AppName: 'AgentPortal', chatId: 1, upTo: 0 }, { AppName: 'AgentPortal', chatId: 3, upTo: 9_007_199_254_740_991 }],
  CloseChat: () => [{ AppName: 'AgentPortal', chatId: 1, emailTranscript: true }, { AppName: 'AgentPortal', chatId: 4, emailTranscript: false }],
  CreateChatCase: () => [
    { AppName: 'AgentPortal', subject: 'Claim will not submit', description: 'The button spins', chatId: null },
    { AppName: 'AgentPortal', subject: 'Pregunta', description: 'Nadie estaba disponible', chatId: 7 },
  ],
  SetCareDeskAvailability: () => [true, false].map((available) => ({ AppName: 'AgentPortal', available })),
  AcceptChat: () => [1, 5].map((chatId) => ({ AppName: 'AgentPortal', chatId })),
  TransferChat: () => [{ AppName: 'AgentPortal', chatId: 1, toUserId: userId }],
  SetCareDeskMember: () => [{ AppName: 'AgentPortal', userId: 'no-such-user', member: true }],
  // issue 18: the analytics page — the default range, From alone, and a whole leap year (366 days).
  GetAnalyticsSummary: () => [{ AppName: 'AgentPortal' }, { From: '2026-01-01' }, { AppName: 'AgentPortal', From: '2024-01-01', To: '2024-12-31' }],
};

beforeAll(async () => {
  // No built site, so no publisher: a valid PublishSite answers 409 instead of starting a real site
  // rebuild (astro build) that close() would then wait for.
  portal = await startTestPortal({ SITE_DIR: join(tmpdir(), `fuzz-no-site-${process.pid}-${Date.now()}`), RECOVERY_MAX_PER_ADDRESS: '10000', RECOVERY_MAX_PER_EMAIL: '1000', ANALYTICS_MAX_PER_MINUTE: '1000000', ANALYTICS_MAX_BYTES_PER_MINUTE: '1000000000' });
  for (const role of new Set(['SFAD_Agent' as const, ...Object.values(CALLS).map(roleFor)])) {
    await bearer(role);
  }
  userId = String(decodeJwt(tokens.SFAD_Agent!).sub);
  cars = await Promise.all([0, 7, 40].map((i) => demoCar(portal, i)));
  const agentOrders = (extra: string) =>
    portal.db.query<{ w: string; r: string }>(
      `SELECT w.work_order_id AS w, w.referral_number AS r FROM work_orders w JOIN referrals r USING (referral_number)
        WHERE r.user_id = $1 AND ${extra} ORDER BY 1 LIMIT 3`,
      [userId],
    );
  wo.detail = (await agentOrders('TRUE')).map((o) => ({ workOrderId: o.w, referralSequenceNumber: o.r }));
  wo.survey = (await agentOrders('EXISTS (SELECT 1 FROM work_order_surveys s WHERE s.work_order_id = w.work_order_id)')).map((o) => o.w);
  wo.certificate = (await agentOrders('EXISTS (SELECT 1 FROM work_order_recalibrations c WHERE c.work_order_id = w.work_order_id)')).map((o) => o.w);
  wo.open = (await agentOrders("w.status IN ('Received', 'Policyholder contacted', 'Scheduled')")).map((o) => o.w);
  // A few keys the seeded content knows (topics, articles), so that valid inputs also reach success paths.
  for (const sql of ['SELECT tag_key AS v FROM content_tags ORDER BY 1 LIMIT 3', 'SELECT article_route AS v FROM articles ORDER BY 1 LIMIT 3']) {
    seeded.push(...(await portal.db.query<{ v: string }>(sql).catch(() => [])).map((r) => r.v));
  }
  ce.courses = [await insertTestCourse(portal.db, { capacity: 500 }), await insertTestCourse(portal.db, { capacity: 1 })];
  const reader = { userId: null, email: 'fuzz-ce-link@example.com', firstName: 'Fuzz', lastName: 'Link', title: null, agencyName: 'Fuzz', agencyNumber: null, phone: '5125550100', npnId: null, address: '1 Main', city: 'Austin', state: 'TX', zip: '78701', lang: 'en' as const };
  await addParticipantLink(portal.db, ce.courses[1]!, reader, { joinWaitlist: false });
  const [mail] = await portal.db.query<{ body_text: string }>("SELECT body_text FROM outbox WHERE recipient = 'fuzz-ce-link@example.com' ORDER BY id DESC LIMIT 1");
  ce.token = /#token=([A-Za-z0-9_-]+)/.exec(mail!.body_text)![1]!;
  ce.registration = (await registerParticipant(portal.db, ce.courses[0]!, { ...reader, userId, email: 'agent@demo.test' }, { joinWaitlist: false })).registrationId;
});
afterAll(async () => {
  keepAlive.destroy();
  await portal?.close();
});

// ---------------------------------------------------------------------------------------------------
// Reading a contract's request schema (zod/mini keeps its definition on `_zod.def`).

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number; format?: string; pattern?: RegExp; tx?: (v: string) => string } } }[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}
const defOf = (s: z.ZodMiniType) => (s as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** What the generators need to know of one field. */
interface Field {
  key: string;
  optional: boolean;
  nullable: boolean;
  /** The innermost type: 'string', 'number', 'boolean', 'enum', ... */
  type: string;
  def: SchemaDef;
  min?: number;
  max?: number;
  regexes: RegExp[];
  /** The string is trimmed before its checks. */
  trims: boolean;
  /** An object's fields. */
  children?: Field[];
  /** An array's element. */
  element?: Field;
}

function fieldOf(key: string, schema: z.ZodMiniType): Field {
  let def = defOf(schema);
  let optional = false;
  let nullable = false;
  while (def.innerType) {
    if (def.type === 'optional') optional = true;
    if (def.type === 'nullable') nullable = true;
    def = defOf(def.innerType);
  }
  const f: Field = { key, optional, nullable, type: def.type, def, regexes: [], trims: false };
  for (const { _zod } of def.checks ?? []) {
    const c = _zod.def;
    if (c.check === 'min_length') f.min = c.minimum;
    if (c.check === 'max_length') f.max = c.maximum;
    if (c.check === 'length_equals') f.min = f.max = c.length;
    if (c.check === 'string_format' && c.pattern) f.regexes.push(c.pattern);
    if (c.check === 'overwrite' && c.tx?.(' x\t') === 'x') f.trims = true;
  }
  if (def.type === 'object' && def.shape) f.children = Object.entries(def.shape).map(([k, v]) => fieldOf(k, v));
  if (def.type === 'array' && def.element) f.element = fieldOf('', def.element);
  return f;
}

function fieldsOf(contract: CallContract): Field[] {
  return fieldOf('', contract.request).children ?? [];
}

// ---------------------------------------------------------------------------------------------------
// Building blocks.

/** A JSON value written as literal text (numbers JavaScript cannot keep, nesting, duplicate or `__proto__` keys). */
class RawJson {
  constructor(readonly text: string) {}
}
const json = (v: unknown): string => (v instanceof RawJson ? v.text : (JSON.stringify(v) ?? 'null'));
/** An object's JSON text from its entries, in order: keys may repeat, `__proto__` stays a plain key. */
const objectText = (entries: readonly (readonly [string, unknown])[]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${json(v)}`).join(',')}}`;
const arrayText = (items: unknown[]) => new RawJson(`[${items.map(json).join(',')}]`);

/** Characters that break naive code: NUL, lone surrogates, bidi controls, BOM, separators, emoji, quotes. */
const NASTY = [
  '\u0000', '\u0001', '\u001b', '\u007f', '\ud800', '\udbff', '\udc00', '\udfff', '\u202e', '\u202d', '\u200f', '\u200b', '\u2066',
  '\ufeff', '\u2028', '\u2029', '\uffff', '\ufffd', '\u0085', '\u00a0', '\u3000', '👩‍👩‍👧‍👦', '🏳️‍🌈', '😀', 'e\u0301', 'مرحبا', 'שלום', '中文',
  'Ω', '١٢٣', '１２３', '"', '\\', "'", '`', '<script>', '%', '%00', '%zz', '&', '=', '+', '#', '?', ';', '/', '..', ' ', '\t', '\n', '\r',
  '${x}', '{{x}}', "'; DROP TABLE users; --", '$ne', 'undefined', 'null', 'NaN', '-0', '1e308',
];
const UNIT = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);
/** Any string, weighted towards the awkward. */
const anyString = (maxLength = 80) =>
  fc.oneof(fc.string({ unit: UNIT, maxLength }), fc.string({ unit: 'grapheme', maxLength }), fc.string({ unit: 'binary-ascii', maxLength }));
/** A string of exactly n UTF-16 units, made by repeating a unit. */
const repeatTo = (unit: string, n: number) => (n <= 0 ? '' : unit.repeat(Math.ceil(n / unit.length)).slice(0, n));
/** Whitespace the contracts' trim removes. */
const PAD = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', '\r\n', ' \u00a0', '\u3000', '\ufeff', '\u2028');
/** Values real callers send, so that valid inputs also reach the handlers' success paths. */
const known = () => [userId, ...seeded, '10045821', '20077314', '99999999', '/dashboard/', '/dashboard/file-claim', 'AgentPortal', 'Home', 'Help', 'Search', 'NotFound', 'home'];
const knownValues = () => fc.constantFrom(...known());
/** Non-whitespace units for strings that must stay too long after trimming. */
const SOLID = ['x', '😀', '中', '\u0000', '\ud800', '\u202e', '"', '\\', '9'];

/** Numbers at the limits, as JSON text (NaN and Infinity are not JSON; 1e400 parses to Infinity). */
const LIMIT_NUMBERS = ['1e308', '-1e308', '1e400', '-1e400', '-0', '0', '5e-324', '1e-400', '9007199254740991', '9007199254740993', '-9007199254740993',
  '123456789012345678901234567890', '0.1e1', '1E+2', '-0.0'];
/** Objects whose keys are prototype keys, as real own keys (JSON text). */
const PROTO_OBJECTS = [
  '{"__proto__":{"isAdmin":true,"dashboard_user_role":"SFAD_InternalAdmin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"__proto__":null}',
  '{"prototype":[]}',
  '{"__proto__":{"__proto__":{"polluted":1}}}',
];
/** Deeply nested arrays or objects. */
const deep = fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 2, max: 100 }) }, { weight: 1, arbitrary: fc.constantFrom(1_000, 20_000) }), fc.boolean()).map(([n, arr]) => new RawJson(arr ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n)));
/** Anything but a string, for a string field (or anything but the right type). */
const wrongType = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, [], {}, [''], ['10045821'], { a: 1 }, { toString: 'x' }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...LIMIT_NUMBERS).map((t) => new RawJson(t)),
  fc.constantFrom(...PROTO_OBJECTS).map((t) => new RawJson(t)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(anyString(10), { maxLength: 4 }),
  deep,
);
/** Keys no contract has: prototype keys, near-misses of real keys, odd characters. */
const unknownKey = (fields: Field[]) =>
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isAdmin', '', ' ',
      '\u0000', '\ud800', '😀', 'a.b', 'a[0]', '$where', 'appname', 'APPNAME', 'AppName ', ' AppName', 'AppName\u0000'),
    fields.length ? fc.constantFrom(...fields.map((f) => f.key)).map((k) => `${k}[]`) : fc.constant('x[]'),
    fields.length ? fc.constantFrom(...fields.map((f) => f.key)).map((k) => k.toLowerCase() === k ? k.toUpperCase() : k.toLowerCase()) : fc.constant('X'),
    anyString(20),
  );

/** A value the field accepts (mostly: the contract is the judge). */
function validValue(f: Field): fc.Arbitrary<unknown> {
  switch (f.type) {
    case 'string': {
      const max = f.max ?? 200;
      const min = f.min ?? 0;
      const edges = fc.constantFrom(...NASTY.filter((u) => u.trim()), 'a', '😀', '١').chain((u) =>
        fc.constantFrom(repeatTo(u, max), repeatTo(u, Math.max(min, 1)), repeatTo(u, Math.max(min, Math.floor(max / 2)))),
      );
      const matching = known().filter((v) => f.regexes.every((r) => r.test(v)));
      const core = (
        f.regexes.length
          ? fc.oneof(...f.regexes.map((r) => fc.stringMatching(r, { maxLength: max })), ...(matching.length ? [fc.constantFrom(...matching)] : []))
          : fc.oneof(fc.string({ unit: UNIT, minLength: Math.min(min, 40), maxLength: Math.min(max, 40) }), edges, knownValues())
      ).filter((v) => (f.trims ? v.trim() : v).length >= min);
      // Padded with what trim removes, where the field trims.
      return f.trims ? fc.oneof(core, fc.tuple(PAD, core, PAD).map(([a, b, c]) => a + b + c)) : core;
    }
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'int':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(f.def.entries ?? { a: 'a' }));
    case 'literal':
      return fc.constantFrom(...(f.def.values ?? [null]));
    case 'object':
      return validEntries(f.children ?? []).map((e) => new RawJson(objectText(e)));
    case 'array':
      return fc
        .array(f.element ? validValue(f.element) : fc.jsonValue({ maxDepth: 1 }), { minLength: f.min ?? 0, maxLength: Math.min(f.max ?? 4, 10) })
        .map(arrayText);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value the field refuses (mostly). */
function invalidValue(f: Field): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [wrongType];
  if (f.type !== 'string') options.push(anyString(20), knownValues(), fc.constantFrom('EN', 'en ', 'fr', 'true', '1', ''));
  const children = f.children;
  if (children) {
    // The object with its own fields broken.
    options.push(
      fc
        .tuple(validEntries(children), fc.array(mutation(children), { minLength: 1, maxLength: 2 }))
        .map(([e, ms]) => new RawJson(objectText(ms.reduce((acc, m) => m.apply(acc), e)))),
    );
  }
  const element = f.element;
  if (element) {
    // Broken elements; too many or too few of them.
    options.push(fc.array(invalidValue(element), { minLength: 1, maxLength: 3 }).map(arrayText));
    if (f.max !== undefined) options.push(fc.array(validValue(element), { minLength: f.max + 1, maxLength: f.max + 3 }).map(arrayText));
    if (f.min) options.push(fc.constant(new RawJson('[]')));
  }
  if (f.type === 'string') {
    const max = f.max ?? 4000;
    options.push(
      // Just over the limit, or far over it (100k characters: the body limit answers first).
      fc.tuple(fc.constantFrom(...SOLID), fc.integer({ min: max + 1, max: max + 40 })).map(([u, n]) => repeatTo(u, n)),
      fc.tuple(fc.constantFrom('x', '😀', '\u0000'), fc.constantFrom(20_000, 60_000, 100_000)).map(([u, n]) => repeatTo(u, n)),
      // Empty, or only what trim removes.
      fc.tuple(PAD, PAD).map(([a, b]) => a + b),
      // Anything: breaks patterns most of the time.
      anyString(80),
      fc.tuple(knownValues(), fc.constantFrom(...NASTY)).map(([v, n]) => v + n),
      fc.tuple(fc.constantFrom(...NASTY), knownValues()).map(([n, v]) => n + v),
      fc.constantFrom('１２３４５', '١٢٣٤٥', '12 34', '0x1234', '1e5', '-1234', '+1234', '1234.0', '123', '1234567890123', 'abcd-', '-'),
    );
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------------
// Samples: what one request carries, and how to send it.

type Sample =
  | { method: 'POST'; why: string; body: string | Uint8Array; contentType: string }
  /** `path` is the call's path with its `:name` segments filled in. */
  | { method: 'GET'; why: string; path: string; query: string };

type Entries = (readonly [string, unknown])[];

/** A field and its value arbitrary, or absent. */
const entryOf = (f: Field): fc.Arbitrary<readonly [string, unknown] | null> => {
  const value = validValue(f);
  if (!f.optional && !f.nullable) return value.map((v) => [f.key, v] as const);
  const choices: fc.Arbitrary<readonly [string, unknown] | null>[] = [value.map((v) => [f.key, v] as const)];
  if (f.optional) choices.push(fc.constant(null));
  if (f.nullable) choices.push(fc.constant([f.key, null] as const));
  return fc.oneof(...choices);
};

/** An object the contract accepts (mostly), as entries. */
const validEntries = (fields: Field[]): fc.Arbitrary<Entries> =>
  fields.length === 0
    ? fc.constant([])
    : fc.tuple(...fields.map(entryOf)).map((es) => es.filter((e): e is readonly [string, unknown] => e !== null));

/** One mutation that should make a valid object invalid. */
function mutation(fields: Field[]): fc.Arbitrary<{ why: string; apply: (e: Entries) => Entries }> {
  const options: fc.Arbitrary<{ why: string; apply: (e: Entries) => Entries }>[] = [
    fc.tuple(unknownKey(fields), fc.oneof(wrongType, anyString(20))).map(([k, v]) => ({
      why: `unknown key ${JSON.stringify(k).slice(0, 30)}`,
      apply: (e: Entries) => [...e, [k, v] as const],
    })),
  ];
  if (fields.length) {
    // One field picked at random (the arbitraries are built once, not per sample).
    const perField = <T>(make: (f: Field) => fc.Arbitrary<T>) => fc.oneof(...fields.map(make));
    options.push(
      perField((f) => invalidValue(f).map((v) => ({ why: `bad ${f.key}`, apply: (e: Entries) => [...e.filter(([k]) => k !== f.key), [f.key, v] as const] }))),
      perField((f) => wrongType.map((v) => ({ why: `wrong type ${f.key}`, apply: (e: Entries) => e.map(([k, x]) => [k, k === f.key ? v : x] as const) }))),
      fc.constantFrom(...fields).map((f) => ({ why: `missing ${f.key}`, apply: (e: Entries) => e.filter(([k]) => k !== f.key) })),
      // A duplicate key: JSON.parse keeps the last one.
      perField((f) => fc.oneof(invalidValue(f), validValue(f)).map((v) => ({ why: `duplicate ${f.key}`, apply: (e: Entries) => [...e, [f.key, v] as const] }))),
    );
  }
  return fc.oneof(...options);
}

/** A POST body aimed at invalid: mutated objects, other JSON values, broken JSON text and bytes. */
function invalidPost(fields: Field[]): fc.Arbitrary<Sample> {
  const ct = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-16');
  const post = (why: string, body: string | Uint8Array, contentType: string): Sample => ({ method: 'POST', why, body, contentType });
  const mutated = fc
    .tuple(validEntries(fields), fc.array(mutation(fields), { minLength: 1, maxLength: 3 }), ct)
    .map(([e, ms, c]) => post(ms.map((m) => m.why).join(' + '), objectText(ms.reduce((acc, m) => m.apply(acc), e)), c));
  const notAnObject = fc
    .tuple(
      fc.oneof(
        fc.constantFrom<unknown>(null, [], [{}], 'AgentPortal', 0, true, false, {}),
        fc.constantFrom(...LIMIT_NUMBERS, ...PROTO_OBJECTS).map((t) => new RawJson(t)),
        validEntries(fields).map((e) => new RawJson(`[${objectText(e)}]`)),
        validEntries(fields).map((e) => new RawJson(JSON.stringify(objectText(e)))),
        deep,
        fc.jsonValue({ maxDepth: 4 }),
      ),
      ct,
    )
    .map(([v, c]) => post('not an object', json(v), c));
  const brokenText = fc
    .tuple(
      fc.oneof(
        fc.constantFrom('', ' ', '{', '}', '[', 'null x', '{"AppName":}', "{'AppName':'x'}", '{AppName:"x"}', '{"AppName":"x",}', '{"AppName":"x"} {}',
          'NaN', '{"a":NaN}', '{"a":Infinity}', '{"a":-Infinity}', '{"a":undefined}', '/* c */ {}', '{"a":"\u0000"}', '{"a":"\\x41"}', '{"a":"\\u12"}',
          '{"a":01}', '{"a":.5}', '{"a":+1}', '{"a":0x10}', '\u0000', 'true false', '"unterminated', ")]}'\n{}", 'undefined', '{"a":1}}', '[1,]'),
        // A valid object cut short.
        fc.tuple(validEntries(fields), fc.nat()).map(([e, n]) => {
          const t = objectText(e);
          return t.slice(0, n % (t.length - 1) || 1);
        }),
        anyString(200),
      ),
      ct,
    )
    .map(([t, c]) => post('broken JSON text', t, c));
  const bytes = fc
    .tuple(
      fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        // Invalid UTF-8 inside an otherwise valid object (decoded as U+FFFD).
        fc.tuple(validEntries(fields), fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82])).map(([e, bad]) => {
          const t = new TextEncoder().encode(objectText([...e, ['x', 'AB']]));
          const at = t.lastIndexOf(0x41);
          return Uint8Array.from([...t.slice(0, at), ...bad, ...t.slice(at + 1)]);
        }),
        // UTF-16 text, with and without a BOM.
        validEntries(fields).map((e) => Uint8Array.from(Buffer.from(objectText(e), 'utf16le'))),
        validEntries(fields).map((e) => Uint8Array.from([0xff, 0xfe, ...Buffer.from(objectText(e), 'utf16le')])),
      ),
      ct,
    )
    .map(([b, c]) => post('bytes', b, c));
  return fc.oneof({ weight: 12, arbitrary: mutated }, { weight: 3, arbitrary: notAnObject }, { weight: 3, arbitrary: brokenText }, { weight: 2, arbitrary: bytes });
}

/** A POST body aimed at valid: edge values, a BOM, duplicate-but-valid keys. */
function validPost(fields: Field[]): fc.Arbitrary<Sample> {
  return fc
    .tuple(validEntries(fields), fc.constantFrom('', '', '', ' \n', '\ufeff'), fc.constantFrom('application/json', 'application/json; charset=utf-8'))
    .map(([e, prefix, contentType]) => ({ method: 'POST', why: 'valid edge', body: prefix + objectText(e), contentType }));
}

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as its (invalid) UTF-8 bytes instead of throwing. */
function pct(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}
/** How a query pair is written: encoded, with '+' for spaces, or raw (the URL parser fixes what it must). */
type Encoding = 'pct' | 'plus' | 'raw';
const encode = (s: string, how: Encoding) => (how === 'raw' ? s : how === 'plus' ? pct(s).replace(/%20/g, '+') : pct(s));
/** A value as query text: strings as they are, anything else as its JSON. */
const asText = (v: unknown) => (typeof v === 'string' ? v : v === null ? '' : json(v));
/** Entries as query pairs: arrays become repeated keys. */
const queryPairs = (entries: Entries): [string, string][] =>
  entries.flatMap(([k, v]): [string, string][] => (Array.isArray(v) ? v.map((x) => [k, asText(x)]) : [[k, asText(v)]]));
const ENCODING = fc.constantFrom<Encoding>('pct', 'pct', 'plus', 'raw');
/** Query fragments no encoder writes: broken escapes, bare keys, empty keys, other separators. */
const RAW_SEGMENTS = ['%', '%G1', '%zz', '%ED%A0%80', '%00', '%C0%AF', '%FF', '%E0%A4%A', 'AppName', '=x', '=', '&', ';', 'AppName=a;b', '__proto__=1',
  '__proto__[x]=1', 'constructor=1', 'prototype=1', 'constructor[prototype][x]=1', 'a=1=2', '%3D=%26'];

/** The `:name` segments of a call's path. */
const paramsOf = (contract: CallContract) => [...contract.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/**
 * A GET request from entries: each `:name` segment takes the first entry of that name (percent-encoded,
 * empty when missing); the rest, including repeats of a path name, go to the query.
 */
function getSample(contract: CallContract, why: string, entries: Entries, how: Encoding, extra: string[] = []): Extract<Sample, { method: 'GET' }> {
  const rest = [...entries];
  let path = contract.path;
  for (const name of paramsOf(contract)) {
    const i = rest.findIndex(([k]) => k === name);
    const value = i === -1 ? '' : asText(rest[i]![1]);
    if (i !== -1) rest.splice(i, 1);
    path = path.replace(`:${name}`, pct(value));
  }
  const query = [...queryPairs(rest).map(([k, v]) => `${encode(k, how)}=${encode(v, how)}`), ...extra].join('&');
  return { method: 'GET', why, path, query };
}

/** A GET query aimed at invalid: mutated pairs, repeated keys, unknown and prototype keys, broken escapes, huge values. */
function invalidGet(contract: CallContract, fields: Field[]): fc.Arbitrary<Sample> {
  const mutated = fc
    .tuple(validEntries(fields), fc.array(mutation(fields), { minLength: 1, maxLength: 3 }), ENCODING, fc.array(fc.constantFrom(...RAW_SEGMENTS), { maxLength: 2 }))
    .map(([e, ms, how, extra]) =>
      getSample(contract, [...ms.map((m) => m.why), ...extra.map((x) => `raw ${x}`)].join(' + '), ms.reduce((acc, m) => m.apply(acc), e), how, extra),
    );
  const segments = fc
    .tuple(validEntries(fields), ENCODING, fc.array(fc.constantFrom(...RAW_SEGMENTS), { minLength: 1, maxLength: 3 }))
    .map(([e, how, extra]) => getSample(contract, `raw ${extra.join(' ')}`, e, how, extra));
  const repeated = fields.length
    ? fc
        .tuple(validEntries(fields), fc.constantFrom(...fields), fc.array(fc.oneof(anyString(30), ...fields.map(invalidValue)), { minLength: 1, maxLength: 3 }), ENCODING, fc.boolean())
        .map(([e, f, values, how, first]) => {
          const more = values.map((v) => [f.key, v] as const);
          return getSample(contract, `repeated ${f.key}`, first ? [...more, ...e] : [...e, ...more], how);
        })
    : segments;
  const garbage = fc.tuple(anyString(120), ENCODING).map(([s, how]): Sample => ({ method: 'GET', why: 'garbage query', path: getSample(contract, '', [], how).path, query: encode(s, how) }));
  return fc.oneof({ weight: 10, arbitrary: mutated }, { weight: 3, arbitrary: segments }, { weight: 4, arbitrary: repeated }, { weight: 2, arbitrary: garbage });
}

/** A GET query aimed at valid. */
function validGet(contract: CallContract, fields: Field[]): fc.Arbitrary<Sample> {
  return fc.tuple(validEntries(fields), ENCODING).map(([e, how]) => getSample(contract, 'valid edge', e, how));
}

/** Fixed edge cases per field: exactly the maximum length in awkward characters, padded with what trim removes, absent, null. */
function edgeSamples(contract: CallContract, fields: Field[], base: Entries): Sample[] {
  const variants: { why: string; entries: Entries }[] = [];
  const withValue = (key: string, v: unknown): Entries => [...base.filter(([k]) => k !== key), [key, v] as const];
  for (const f of fields) {
    if (f.optional) variants.push({ why: `${f.key} absent`, entries: base.filter(([k]) => k !== f.key) });
    if (f.nullable) variants.push({ why: `${f.key} null`, entries: withValue(f.key, null) });
    if (f.type !== 'string') continue;
    const max = f.max ?? 1000;
    for (const unit of ['a', '😀', '\u0000', '\udc00', '\u202e', '١']) variants.push({ why: `${f.key} = ${max} × ${JSON.stringify(unit)}`, entries: withValue(f.key, repeatTo(unit, max)) });
    for (const unit of ['\u0000', '\ud800']) variants.push({ why: `${f.key} = ${JSON.stringify(unit)} inside`, entries: withValue(f.key, `a${unit}b`) });
    for (const unit of ['a', '😀']) variants.push({ why: `${f.key} = ${max} × ${JSON.stringify(unit)}, padded`, entries: withValue(f.key, ` \t${repeatTo(unit, max)}\n `) });
    if (f.min) variants.push({ why: `${f.key} at its minimum`, entries: withValue(f.key, repeatTo('x', f.min)) });
  }
  return variants.map(({ why, entries }) =>
    contract.method === 'GET' ? getSample(contract, why, entries, 'pct') : { method: 'POST', why, body: objectText(entries), contentType: 'application/json' },
  );
}

// ---------------------------------------------------------------------------------------------------
// The oracle: what the server sees, and what it must answer.

type Expected =
  | { kind: 'invalid-json' }
  | { kind: 'invalid'; issues: z.core.$ZodIssue[] }
  | { kind: 'valid' }
  | { kind: 'too-large' }
  /** The path matches no route (a `:name` segment empty, or `..`). */
  | { kind: 'not-found' }
  /** A long URL: Node may refuse the request head (431) before the app sees it; otherwise the usual answer. */
  | { kind: 'long-url'; otherwise: Expected };

const bytesOf = (b: string | Uint8Array) => (typeof b === 'string' ? new TextEncoder().encode(b) : Uint8Array.from(b));
const urlOf = (contract: CallContract, s: Sample) =>
  s.method === 'GET' ? new URL(`${portal.url}${contract.base ?? DASHBOARD_BASE}/${s.path}?${s.query}`).href : `${portal.url}${callPath(contract)}`;

/**
 * The value mountCall validates for a GET: Hono's query merged with the path's `:name` segments, read by
 * a copy of the route (same base and path) so that routing and decoding are Hono's own. Undefined when
 * no route matches.
 */
function queryReader(contract: CallContract): (href: string) => Promise<unknown> {
  let seen: unknown;
  const route = new Hono().get(`/${contract.path}`, (c) => {
    seen = { ...c.req.query(), ...c.req.param() };
    return c.body(null, 204);
  });
  const app = new Hono().route(contract.base ?? DASHBOARD_BASE, route);
  return async (href) => {
    seen = undefined;
    await app.request(href);
    return seen;
  };
}

async function expected(contract: CallContract, s: Sample, readQuery: (href: string) => Promise<unknown>): Promise<Expected> {
  const verdict = (raw: unknown): Expected => {
    const parsed = contract.request.safeParse(raw);
    return parsed.success ? { kind: 'valid' } : { kind: 'invalid', issues: parsed.error.issues };
  };
  if (s.method === 'POST') {
    const bytes = bytesOf(s.body);
    if (bytes.length > limitOf(contract)) return { kind: 'too-large' };
    let raw: unknown;
    try {
      // What @hono/node-server's Request#json does: UTF-8 decode (BOM dropped, bad bytes → U+FFFD), JSON.parse.
      raw = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return { kind: 'invalid-json' };
    }
    return verdict(raw);
  }
  const href = urlOf(contract, s);
  const raw = await readQuery(href);
  const otherwise = raw === undefined ? ({ kind: 'not-found' } as const) : verdict(raw);
  return href.length > 8_000 ? { kind: 'long-url', otherwise } : otherwise;
}
const acceptable = (e: Expected): boolean => (e.kind === 'long-url' ? acceptable(e.otherwise) : e.kind === 'valid');

interface Reply {
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

/** Pooled connections for the ~30k requests (node:http costs about half of what fetch does per request). */
const keepAlive = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function toReply(status: number, contentType: string, text: string): Reply {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, contentType, text, body };
}

/**
 * One request over HTTP. A body over the call's limit goes on a connection of its own: the server
 * answers 413 without reading it and @hono/node-server then drains or drops that connection, which a
 * pooled connection reused by the next request must not share.
 */
function httpRequest(url: string, method: string, headers: Record<string, string>, body?: Uint8Array, alone = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      url,
      { method, agent: alone ? false : keepAlive, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}), ...(alone ? { connection: 'close' } : {}) } },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(toReply(res.statusCode ?? 0, String(res.headers['content-type'] ?? ''), Buffer.concat(chunks).toString('utf8'))));
        res.on('error', reject);
      },
    );
    // The server may answer and close before the whole body is written: its answer still counts.
    req.on('error', (err) => setTimeout(() => answered || reject(err), 200));
    req.end(body);
  });
}

async function send(contract: CallContract, s: Sample): Promise<Reply> {
  const url = urlOf(contract, s);
  const headers: Record<string, string> = { authorization: `Bearer ${await bearer(roleFor(contract))}` };
  if (s.method === 'GET') return httpRequest(url, 'GET', headers);
  const body = bytesOf(s.body);
  return httpRequest(url, 'POST', { ...headers, 'content-type': s.contentType }, body, body.length > limitOf(contract));
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Why a reply is wrong for what was sent, or null when it is right. */
function judge(contract: CallContract, exp: Expected, r: Reply): string | null {
  if (r.status >= 500) return `server error ${r.status}: ${r.text.slice(0, 300)}`;
  if (exp.kind === 'long-url') return r.status === 431 ? null : judge(contract, exp.otherwise, r);
  // A download answers its file, not the envelope (refusals keep the envelope).
  if (exp.kind === 'valid' && r.status === 200 && contract.download) {
    // 'image/*': the file's own type (a co-brand logo).
    const type = contract.download.endsWith('/*') ? contract.download.slice(0, -1) : contract.download;
    if (!r.contentType.startsWith(type)) return `download with content type ${r.contentType}, not ${contract.download}`;
    return contract.download !== 'application/pdf' || r.text.startsWith('%PDF-') ? null : `not a PDF: ${r.text.slice(0, 40)}`;
  }
  if (!/^application\/json\b/.test(r.contentType)) return `not a JSON reply (${r.status}, ${r.contentType}): ${r.text.slice(0, 200)}`;
  const refusal = ErrorReplySchema.safeParse(r.body);
  switch (exp.kind) {
    case 'too-large':
      if (r.status !== 413) return `expected 413 for a body over ${limitOf(contract)} bytes, got ${r.status}`;
      return sameJson(r.body, { isSuccess: false, message: 'Request body too large.', code: 'bodyTooLarge', result: null }) ? null : `bad 413 body: ${r.text.slice(0, 200)}`;
    case 'not-found':
      if (r.status !== 404) return `expected 404 for a path no route matches, got ${r.status}: ${r.text.slice(0, 200)}`;
      return sameJson(r.body, { isSuccess: false, message: 'Not found.', code: 'notFound', result: null }) ? null : `bad 404 body: ${r.text.slice(0, 200)}`;
    case 'invalid-json':
      if (r.status !== 400) return `expected 400 for invalid JSON, got ${r.status}: ${r.text.slice(0, 200)}`;
      return sameJson(r.body, { isSuccess: false, message: INVALID_JSON_MESSAGE, code: 'notJson', result: null }) ? null : `bad invalid-JSON body: ${r.text.slice(0, 200)}`;
    case 'invalid': {
      if (r.status !== 400) return `expected 400 for input the contract refuses, got ${r.status}: ${r.text.slice(0, 200)}`;
      if (!refusal.success) return `400 without the error envelope: ${r.text.slice(0, 300)}`;
      const { message, errors } = refusal.data;
      if (!message.startsWith('Invalid request: ') || message.length < 20 || message.length > 2000) return `unclear message: ${JSON.stringify(message).slice(0, 300)}`;
      // Field messages (unknown keys aside, which quote the caller's own text) are plain words, not internals.
      const own = (errors ?? []).filter((e) => !e.message.startsWith('Unknown field(s): ')).map((e) => `${e.path}: ${e.message}`).join('; ');
      if (/\[object Object\]|at \w+ \(|node_modules|SELECT |pglite|stack/i.test(own)) return `message leaks internals: ${message.slice(0, 300)}`;
      // One field error per issue the contract finds in what it received, at that issue's path, each with a message
      // of the list written out above (FIELD_MESSAGES), and the top message built from them as the spec writes it.
      if (!errors || errors.length !== exp.issues.length) return `${errors?.length ?? 0} field errors for ${exp.issues.length} issues: ${JSON.stringify(errors).slice(0, 300)}`;
      for (const [i, issue] of exp.issues.entries()) {
        const e = errors[i]!;
        const path = issue.path.map(String).join('.') || '(body)';
        if (e.path !== path) return `field error ${i} is at ${JSON.stringify(e.path)}, the issue at ${JSON.stringify(path)}`;
        const ok = issue.code === 'unrecognized_keys' ? UNKNOWN_FIELDS.test(e.message) : FIELD_MESSAGES.some((m) => (typeof m === 'string' ? e.message === m : m.test(e.message)));
        if (!ok) return `field error ${i} (${issue.code} at ${path}) has a message the test does not know: ${JSON.stringify(e.message).slice(0, 200)}`;
        // Every field error carries a message code, so the browser can say it in the reader's language.
        if (!e.code || !/^[a-zA-Z]+$/.test(e.code)) return `field error ${i} (${issue.code} at ${path}) has no message code: ${JSON.stringify(e).slice(0, 200)}`;
      }
      const listed = errors.slice(0, 5).map((e) => `${e.path}: ${e.message}`).join('; ');
      const want = `Invalid request: ${listed}${errors.length > 5 ? ` (and ${errors.length - 5} more)` : ''}`;
      if (message !== want) return `message is not the field errors as listed:\n  got  ${message.slice(0, 300)}\n  want ${want.slice(0, 300)}`;
      if (refusal.data.code !== 'invalidRequest') return `a refused input's code is ${JSON.stringify(refusal.data.code)}, not 'invalidRequest'`;
      return null;
    }
    case 'valid': {
      if (r.status === 200) {
        const ok = envelope(contract.result).safeParse(r.body);
        if (!ok.success) return `200 whose body breaks the result contract: ${r.text.slice(0, 300)}`;
        return ok.data.isSuccess && ok.data.message === 'Success' ? null : `200 that is not a success: ${r.text.slice(0, 200)}`;
      }
      if (r.status < 400) return `unexpected status ${r.status}`;
      if (!refusal.success || !refusal.data.message.trim()) return `refusal ${r.status} without a message: ${r.text.slice(0, 200)}`;
      return null;
    }
  }
}

/** Runs fn over items, `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Row count and md5 of the rows of every public table (the provider's storage excepted). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await portal.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (UNSNAPSHOTTED_TABLES.has(name)) continue;
    const [row] = await portal.db.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM "${name.replace(/"/g, '""')}" t`,
    );
    out[name] = `${row!.n} rows, md5 ${row!.sum}`;
  }
  return out;
}

const show = (s: Sample) => {
  const text = s.method === 'GET' ? `${s.path}?${s.query}` : typeof s.body === 'string' ? s.body : `bytes ${Buffer.from(s.body).toString('hex')}`;
  return `${s.method} [${s.why}] ${JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text)}`;
};

interface Case {
  sample: Sample;
  exp: Expected;
}

/** The inputs of one route: at least MIN_INVALID the contract refuses, and those it accepts (generated and fixed edges). */
/** The leaf paths of a plain JSON object, each with its field description (when the contract has one). */
function leaves(value: Record<string, unknown>, fields: Field[], path: string[] = []): { path: string[]; field: Field | undefined }[] {
  return Object.entries(value).flatMap(([k, v]) => {
    const field = fields.find((f) => f.key === k);
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && field?.children) return leaves(v as Record<string, unknown>, field.children, [...path, k]);
    return [{ path: [...path, k], field }];
  });
}
/** A copy of a JSON object with one path set (undefined deletes it). */
function setAt(value: Record<string, unknown>, path: string[], to: unknown): Record<string, unknown> {
  const copy = structuredClone(value);
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  if (to === undefined) delete at[path.at(-1)!];
  else at[path.at(-1)!] = to;
  return copy;
}
/** Samples from a call's valid example: as is, and each leaf varied (generated value, padded, absent, null). */
function exampleSamples(contract: CallContract, fields: Field[], example: Record<string, unknown>, seed: number): Sample[] {
  const make = (why: string, v: Record<string, unknown>): Sample =>
    contract.method === 'GET'
      ? getSample(contract, why, Object.entries(v), 'pct')
      : { method: 'POST', why, body: JSON.stringify(v), contentType: 'application/json' };
  const out: Sample[] = [make('example', example)];
  for (const { path, field } of leaves(example, fields)) {
    const name = path.join('.');
    let at: unknown = example;
    for (const k of path) at = (at as Record<string, unknown>)[k];
    if (typeof at === 'string') {
      for (const [a, b] of [[' ', '\t'], ['\n', ''], ['', '\u00a0'], ['\u3000', ' '], ['\ufeff', ''], ['\r\n', '  ']]) {
        out.push(make(`example, ${name} padded`, setAt(example, path, a + at + b)));
      }
    }
    if (field?.optional) out.push(make(`example without ${name}`, setAt(example, path, undefined)));
    if (field?.nullable) out.push(make(`example, ${name} null`, setAt(example, path, null)));
    if (field) for (const v of fc.sample(validValue(field), { numRuns: 6, seed })) out.push(make(`example, ${name} varied`, setAt(example, path, JSON.parse(json(v)))));
  }
  return out;
}

async function casesFor(contract: CallContract, seed: number, examples: Record<string, unknown>[] = []): Promise<{ invalid: Case[]; valid: Case[] }> {
  const fields = fieldsOf(contract);
  const readQuery = queryReader(contract);
  const invalid: Case[] = [];
  const valid: Case[] = [];
  const classify = async (samples: Sample[], validCap = Infinity) => {
    const cap = valid.length + validCap;
    for (const sample of samples) {
      const exp = await expected(contract, sample, readQuery);
      if (!acceptable(exp)) invalid.push({ sample, exp });
      else if (valid.length < cap) valid.push({ sample, exp });
    }
  };
  const badArb = contract.method === 'GET' ? invalidGet(contract, fields) : invalidPost(fields);
  const goodArb = contract.method === 'GET' ? validGet(contract, fields) : validPost(fields);
  // A base the contract accepts, for the fixed edge cases: all of them are sent.
  const base = fc.sample(validEntries(fields), { numRuns: 200, seed: seed + 2 }).find((e) => contract.request.safeParse(JSON.parse(objectText(e))).success) ?? [];
  await classify(edgeSamples(contract, fields, base));
  for (const [i, example] of examples.entries()) await classify(exampleSamples(contract, fields, example, seed + 3 + i));
  await classify(fc.sample(goodArb, { numRuns: VALID_RUNS, seed: seed + 1 }));
  // Invalid-aimed samples the contract happens to accept are sent too, a few of them.
  for (let round = 0; invalid.length < MIN_INVALID && round < 10; round++) {
    await classify(fc.sample(badArb, { numRuns: Math.max(50, Math.ceil((MIN_INVALID - invalid.length) * 1.1)), seed: seed + 10 + round }), 20);
  }
  return { invalid: invalid.slice(0, MIN_INVALID), valid };
}

/** Sends every case; the descriptions of the wrong replies, and the statuses seen. */
async function run(contract: CallContract, cases: Case[]) {
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  await pool(cases, CONCURRENCY, async ({ sample, exp }) => {
    let reply: Reply;
    try {
      // Once more if the connection dropped: a pooled keep-alive socket can close under a busy machine;
      // an input that breaks the server's connection breaks it twice.
      reply = await send(contract, sample).catch(() => send(contract, sample));
    } catch (err) {
      failures.push(`no reply: ${String((err as Error).cause ?? err)}\n    input: ${show(sample)} (${bytesOf(sample.method === 'POST' ? sample.body : '').length} body bytes)`);
      return;
    }
    statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
    const why = judge(contract, exp, reply);
    if (why) failures.push(`${why}\n    input: ${show(sample)}`);
  });
  return { failures, statuses };
}

// ---------------------------------------------------------------------------------------------------

/** State a call's fuzzing needs that an earlier call's accepted inputs may have changed. */
const BEFORE: Partial<Record<string, () => Promise<void>>> = {
  // AssignUserToGroup's accepted inputs may have made the agent an agency admin; only agents ask for admin access.
  SendRequestAdminAccessEmail: async () => {
    await portal.db.query("UPDATE users SET dashboard_user_role = 'SFAD_Agent' WHERE id = $1", [userId]);
  },
};

/**
 * State a call's accepted inputs may leave that later calls cannot work with. DeactivateUser's examples deactivate
 * the agent (the fuzz personas' sign-ins would then be refused, and every later agent call would answer 401, or
 * the sign-in limiter's 429): the agent is active again before the next call, as an admin's 'Reactivate' leaves it.
 */
const AFTER: Partial<Record<string, () => Promise<void>>> = {
  DeactivateUser: async () => {
    await portal.db.query("UPDATE users SET status = 'ACTIVE' WHERE id = $1", [userId]);
  },
};

describe(`fuzzing every call of CALLS (seed ${SEED}; replay with FUZZ_SEED=${SEED})`, () => {
  const calls = Object.entries(CALLS) as [string, CallContract][];

  it('every call has an object request schema the fuzzer can read', () => {
    for (const [name, c] of calls) {
      expect(defOf(c.request).type, name).toBe('object');
      for (const f of fieldsOf(c)) expect(f.type, `${name}.${f.key}`).toBeTruthy();
      for (const p of paramsOf(c)) expect(fieldsOf(c).map((f) => f.key), `${name}: path segment :${p}`).toContain(p);
    }
  });

  calls.forEach(([name, contract], index) => {
    it(`${name} (${contract.method}): ≥${MIN_INVALID} invalid inputs → 400 envelope, nothing written; accepted edge inputs → never 5xx`, { timeout: 180_000 }, async () => {
      await BEFORE[name]?.();
      const { invalid, valid } = await casesFor(contract, SEED + index * 100, VALID_EXAMPLES[name]?.());
      expect(invalid.length, 'inputs the contract refuses').toBeGreaterThanOrEqual(MIN_INVALID);
      expect(valid.length, 'inputs the contract accepts').toBeGreaterThanOrEqual(20);

      // Invalid first, inside a snapshot of every table: nothing may be written (the token is fresh enough that
      // the run signs nobody in).
      await bearer(roleFor(contract), FRESH_FOR_MS);
      const before = await snapshot();
      const bad = await run(contract, invalid);
      expect(bad.failures.slice(0, 6), `${bad.failures.length} of ${invalid.length} invalid inputs answered wrongly (seed ${SEED}); statuses ${JSON.stringify(bad.statuses)}`).toEqual([]);
      expect(await snapshot(), 'tables after the invalid inputs').toEqual(before);
      // Most reached validation (the rest: size limits, and the router for empty path segments).
      expect(bad.statuses[400] ?? 0, 'invalid inputs refused by validation').toBeGreaterThan(invalid.length * 0.5);

      // Then what the contract accepts: never a 5xx, and well-formed replies.
      const good = await run(contract, valid);
      await AFTER[name]?.();
      expect(good.failures.slice(0, 6), `${good.failures.length} of ${valid.length} accepted inputs answered wrongly (seed ${SEED}); statuses ${JSON.stringify(good.statuses)}`).toEqual([]);
    });
  });
});

describe(`fuzzing the streams (seed ${SEED})`, () => {
  // issue 18: the chat stream (CareDesk/ChatEvents) beside the work-order one.
  const STREAMS = [
    { name: 'AgencyWorkOrderEvents', contract: AgencyWorkOrderEvents, open: liveStreamCount, seed: 99_000 },
    { name: 'ChatEvents', contract: ChatEvents, open: chatStreamCount, seed: 98_000 },
  ];
  for (const { name, contract, open, seed } of STREAMS) it(`${name} (GET stream): ≥${MIN_INVALID} invalid inputs → 400 envelope, nothing written; accepted inputs open a stream`, { timeout: 180_000 }, async () => {
    const { invalid, valid } = await casesFor(contract, SEED + seed);
    expect(invalid.length, 'inputs the contract refuses').toBeGreaterThanOrEqual(MIN_INVALID);
    await bearer('SFAD_Agent', FRESH_FOR_MS);
    const before = await snapshot();
    const bad = await run(contract, invalid);
    expect(bad.failures.slice(0, 6), `${bad.failures.length} of ${invalid.length} invalid inputs answered wrongly (seed ${SEED}); statuses ${JSON.stringify(bad.statuses)}`).toEqual([]);
    expect(await snapshot(), 'tables after the invalid inputs').toEqual(before);
    expect(bad.statuses[400] ?? 0, 'invalid inputs refused by validation').toBeGreaterThan(invalid.length * 0.5);

    // What the contract accepts opens an event stream (a success is not an envelope): its first event, then closed.
    const failures: string[] = [];
    for (const { sample, exp } of valid.slice(0, 40)) {
      const ctl = new AbortController();
      try {
        const res = await fetch(urlOf(contract, sample), { headers: { authorization: `Bearer ${await bearer('SFAD_Agent')}` }, signal: ctl.signal });
        if (exp.kind === 'long-url' && res.status === 431) continue;
        const first = res.status === 200 ? new TextDecoder().decode((await res.body!.getReader().read()).value) : await res.text();
        if (res.status !== 200 || !first.includes('event: ready')) failures.push(`${res.status} ${first.slice(0, 200)}\n    input: ${show(sample)}`);
      } finally {
        ctl.abort();
      }
      // The stream is released before the next one (each user may hold only a few).
      await vi.waitFor(() => expect(open()).toBe(0));
    }
    expect(failures.slice(0, 6), `${failures.length} accepted inputs answered wrongly (seed ${SEED})`).toEqual([]);
  });
});
