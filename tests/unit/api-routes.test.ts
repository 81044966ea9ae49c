import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, envelope, type CallContract } from '../../src/lib/api/index.ts';
import { ApiError, createApiClient } from '../../src/lib/api/client.ts';
import { US_STATES, US_TIME_ZONES } from '../../src/server/db/reference-data.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

type Persona = 'agent' | 'admin' | 'internal' | 'ce' | 'noaccount';
const EMAIL: Record<Persona, string> = {
  agent: 'agent@demo.test',
  admin: 'admin@demo.test',
  internal: 'internal@demo.test',
  ce: 'ce@demo.test',
  noaccount: 'noaccount@demo.test',
};

let portal: RunningPortal;
const token = {} as Record<Persona, string>;
const userId = {} as Record<Persona, string>;

beforeAll(async () => {
  portal = await startTestPortal();
  for (const p of Object.keys(EMAIL) as Persona[]) {
    token[p] = (await signInForTokens(portal, EMAIL[p])).access_token;
    userId[p] = String(decodeJwt(token[p]).sub);
  }
});
afterAll(async () => {
  await portal?.close();
});

/** Calls a contract of CALLS as a persona: POST body or GET query, AppName included. */
async function call(name: keyof typeof CALLS, persona: Persona | null, input: Record<string, unknown> = {}) {
  const c: CallContract = CALLS[name];
  const payload = { AppName: 'AgentPortal', ...input };
  const opts = persona ? { token: token[persona] } : {};
  const res =
    c.method === 'GET'
      ? await callApi(portal, `${c.path}?${new URLSearchParams(payload as Record<string, string>)}`, opts)
      : await callApi(portal, c.path, { ...opts, body: payload });
  return res;
}

/** A successful call: 200, a success envelope matching the contract, and its result. */
async function ok(name: keyof typeof CALLS, persona: Persona | null, input: Record<string, unknown> = {}) {
  const res = await call(name, persona, input);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json).toMatchObject({ isSuccess: true, message: 'Success' });
  expect(res.headers.get('cache-control')).toBe('no-store');
  const parsed = envelope(CALLS[name].result).parse(res.json);
  return parsed.result as never;
}

const count = async (sql: string, params: string[] = []) => (await portal.db.query<{ n: number }>(sql, params))[0]!.n;

const HARBOR = {
  agencyNumber: '10045821',
  agencyName: 'Harbor Point Insurance Group',
  agencyNameAndAddress: 'Harbor Point Insurance Group - 1200 Harbor Blvd Suite 300, Tampa, FL 33602',
  addressLine: '1200 Harbor Blvd Suite 300',
  city: 'Tampa',
  stateCode: 'FL',
  zipCode: '33602',
  priority: 'D',
  parentAccountNumber: null,
  isCobranded: true,
};
const SUMMIT = {
  agencyNumber: '20077314',
  agencyName: 'Summit Ridge Agency',
  agencyNameAndAddress: 'Summit Ridge Agency - 455 Canyon Rd, Denver, CO 80202',
  addressLine: '455 Canyon Rd',
  city: 'Denver',
  stateCode: 'CO',
  zipCode: '80202',
  priority: null,
  parentAccountNumber: '90000012',
  isCobranded: false,
};
const LAKESHORE = {
  agencyNumber: '30012967',
  agencyName: 'Lakeshore Family Insurance',
  agencyNameAndAddress: 'Lakeshore Family Insurance - 78 W Lake St, Chicago, IL 60601',
  addressLine: '78 W Lake St',
  city: 'Chicago',
  stateCode: 'IL',
  zipCode: '60601',
  priority: null,
  parentAccountNumber: null,
  isCobranded: false,
};

describe('every route in CALLS is covered here', () => {
  it('lists the routes this file tests', () => {
    expect(Object.keys(CALLS).sort()).toEqual(
      [
        'Setup', 'SetupAnalytics', 'LogPageView', 'ViewError', 'GetStates', 'GetTimeZones', 'GetAccountManagerDetails',
        'GetUserDetails', 'GetUserAgencyList', 'UpdateUserDefaultAgency', 'ClearAgencyNotificationFlag', 'NotifyUserLoggedIn',
        // Content service and editor: tests/unit/content.test.ts and tests/unit/publisher.test.ts.
        'GetContents', 'ArticleList', 'TagList', 'SearchContent', 'ContentHealthcheck', 'ContentHealthCheckResults',
        'ListEditableArticles', 'GetEditableArticle', 'SaveArticle', 'PreviewArticle', 'PublishSite', 'GetPublishStatus',
        // The claim flow: tests/unit/claims-api.test.ts.
        'GetInsuranceCompanies', 'GetCityAddress', 'ValidateProviderService', 'GetVehicleYears', 'GetVehicleMakes', 'GetVehicleModels',
        'GetVehicleStyles', 'GetVehicleInfoByVin', 'GetVehicleInformationByYMMS', 'GetBigTruckVehicleInfo', 'GetApplicableClosestProviders',
        'GetGlassOptionsByCarId', 'GetProblemQuestions', 'GetProblemPropertyQuestions', 'GetQuote', 'CreateReferral', 'GetCarrierSettings',
        'GenerateSelfServiceUrl',
        // Work orders and the internal-admin console: tests/unit/work-orders-api.test.ts.
        'GetDashboardWorkOrders', 'GetOpenWorkOrders', 'GetCompletedWorkOrders', 'ServiceActivityDetail', 'GetSurveyDetails',
        'DownloadRecalibrationCertificate', 'ResubmitFailedReferral', 'GetAgentInsuranceCompanyNamesById', 'GetAgencyInsuranceCompanyNamesById',
        'GetWorkOrderConsole', 'AdvanceWorkOrder',
        // Contact preferences: tests/unit/notifications.test.ts.
        'GetUserAgentContactPrefs', 'UpdateUserAgentContactPrefs',
        // Agency onboarding (issue 14): tests/unit/agency-onboarding.test.ts.
        'GetAgencies', 'GetAllAgenciesForSearch', 'GetAgencyInformationByNumber', 'VerifyUserAgencyInformation', 'GetOnboardingRequests',
        'ApproveOnboardingRequest', 'DenyOnboardingRequest',
        // Accounts (issue 14): tests/unit/accounts.test.ts.
        'CreateInactiveUser', 'CreateActiveUser', 'SendRecoveryPasswordLink', 'VerifyUser', 'GetPasswordPolicy', 'CreateUserPassword',
        'UserStatus', 'UpdateOktaAgency', 'UpdateOktaUserProfile', 'AssignUserToGroup', 'AddUserResetPwdLink', 'GetUserResetPwdLink',
        'GetUserDetailsByEmail',
        // Manage my account (issue 14): tests/unit/manage-account.test.ts.
        'GetUserAgencyCarriersByAgentNumber', 'UpdateUserAgentCarriers', 'RemoveXYZAccountsByUserId', 'RemoveUserFromAgency',
        'GetUserProfile', 'GetUserAgentInformation', 'SaveUserAgentInfo', 'ChangeUserPassword', 'RequestEmailChange', 'ConfirmEmailChange',
        // Passkeys (issue 14): tests/unit/passkeys.test.ts.
        'GetPasskeys', 'StartPasskeyRegistration', 'FinishPasskeyRegistration', 'RenamePasskey', 'DeletePasskey',
        // Two-step sign-in (issue 14): tests/unit/mfa.test.ts.
        'GetMfaStatus', 'StartTotpEnrollment', 'ConfirmTotpEnrollment', 'RegenerateRecoveryCodes', 'DisableTotp',
        // Internal administration (issue 15): tests/unit/internal-admin.test.ts.
        'SendRequestAdminAccessEmail', 'GetAdminRequests', 'ApproveRequest', 'DenyRequest', 'ResetMFA', 'GetAuditLog', 'Dashboard',
        // Agency user administration (issue 15): tests/unit/user-admin.test.ts.
        'ListOktaUsersByAgentNumber', 'ListOktaUsersByAgentNameOrEmail', 'ListOktaUsersByPaginationLink', 'UpdateUserAccountDetails', 'DeactivateUser',
        // Global banners and /Healthcheck (issue 15): tests/unit/global-banner.test.ts and tests/unit/healthcheck.test.ts.
        'GetBanner', 'GetCurrentBanner', 'CreateBanner', 'EditBanner', 'DeleteBanner',
        'Healthcheck', 'HealthCheckResults', 'GetHealthConfiguration', 'UpdateConfiguration',
        // CE courses, the registrants' calls (issue 16): tests/unit/ce-courses.test.ts.
        'GetCECourseList', 'GetCECourseDetailByCourseID', 'GetValidateCourseIsMaximumLimit', 'GetIsRegisteredUser', 'GetMyCECourseList',
        'AddParticipantLinkDetails', 'RegisterForCECourse', 'ConfirmCECourseLink', 'UpdateMyCECourseRegistration',
        // CE courses, the CE admins' side (issue 16): tests/unit/ce-admin.test.ts.
        'SaveCourse', 'DeleteCECourse', 'GetCECourseImages', 'UploadCECourseImage', 'GetCECourseRoster', 'MarkCECourseAttendance',
        'GetCECertificate', 'VerifyCECertificate', 'GetCECourseStats', 'GetCECases', 'UpdateCECase',
        // issue 17: co-branding (tests/unit/cobrand.test.ts).
        'GetCobrandedAccountNumberByClientTag', 'GetIsCobranded', 'GetIsAccountCobranded', 'GetCobrandedLogo', 'GetCobrandedAgencies', 'SaveCobrandedAgency',
        // issue 17: shop search: tests/unit/shop-search.test.ts.
        'GetClosestProgramProviders', 'SpecificShopSearch',
        // issue 17: single sign-on — tests/unit/sso.test.ts.
        'GetAgenciesSSO', 'SubmitSSOAgencyRequest', 'AssignOnboardingAgency', 'UpdateOnboardingAgencyClaims', 'VerifySV2OnboardingSwap', 'GetUserDetailsSSO',
        // issue 18: experiments — tests/unit/experiments.test.ts.
        'ExperimentsRun', 'GetExperiments', 'SaveExperiment', 'SetExperimentStatus',
        // issue 18: live chat — tests/unit/chat.test.ts.
        'GetChatAvailability', 'GetMyChat', 'StartChat', 'SendChatMessage', 'SetChatTyping', 'MarkChatRead', 'CloseChat', 'CreateChatCase',
        'GetCareDeskConsole', 'SetCareDeskAvailability', 'AcceptChat', 'TransferChat', 'SetCareDeskMember',
        // issue 18: the analytics page — tests/unit/analytics-page.test.ts.
        'GetAnalyticsSummary',
      ].sort(),
    );
  });
});

describe('Setup (layout setup / route guard)', () => {
  it('an agent staying on the dashboard: role User, no redirect', async () => {
    expect(await ok('Setup', 'agent', { FromRoute: '', ToRoute: '/dashboard/' })).toEqual({ userRole: 'User', redirectTo: null });
    expect(await ok('Setup', 'admin', { FromRoute: '/dashboard/', ToRoute: '/dashboard/start-claim' })).toEqual({ userRole: 'User', redirectTo: null });
  });

  it("an internal admin asking for '/dashboard/start-claim' is sent to '/dashboard/'", async () => {
    expect(await ok('Setup', 'internal', { FromRoute: '', ToRoute: '/dashboard/start-claim' })).toEqual({ userRole: 'internal admin', redirectTo: '/dashboard/' });
    expect(await ok('Setup', 'internal', { FromRoute: '', ToRoute: '/dashboard/file-claim' })).toEqual({ userRole: 'internal admin', redirectTo: '/dashboard/' });
    expect(await ok('Setup', 'internal', { FromRoute: '', ToRoute: '/dashboard/' })).toEqual({ userRole: 'internal admin', redirectTo: null });
  });

  it("a CE admin asking for '/dashboard/manage-claim' is sent to '/not-found'", async () => {
    expect(await ok('Setup', 'ce', { FromRoute: '/dashboard/', ToRoute: '/dashboard/manage-claim' })).toEqual({ userRole: 'CE admin', redirectTo: '/not-found' });
    expect(await ok('Setup', 'ce', { FromRoute: '/dashboard/', ToRoute: '/dashboard/start-claim' })).toEqual({ userRole: 'CE admin', redirectTo: '/not-found' });
    expect(await ok('Setup', 'ce', { FromRoute: '', ToRoute: '/dashboard/' })).toEqual({ userRole: 'CE admin', redirectTo: null });
  });

  it('the internal-admin and admin-agent dashboards redirect to the agent dashboard', async () => {
    expect(await ok('Setup', 'agent', { FromRoute: '', ToRoute: '/dashboard/admin-agent-dashboard' })).toEqual({ userRole: 'User', redirectTo: '/dashboard/' });
    expect(await ok('Setup', 'internal', { FromRoute: '', ToRoute: '/dashboard/internal-admin-dashboard' })).toEqual({ userRole: 'internal admin', redirectTo: '/dashboard/' });
  });

  it('refuses a ToRoute that is not a path', async () => {
    const res = await call('Setup', 'agent', { FromRoute: '', ToRoute: 'https://evil.example/' });
    expect(res.status).toBe(400);
    expect(res.json!.message).toMatch(/ToRoute/);
  });
});

describe('SetupAnalytics, LogPageView, ViewError write rows', () => {
  it('SetupAnalytics stores the analytics session and echoes the device id', async () => {
    const deviceId = 'device-1234-abcd';
    const res = await ok('SetupAnalytics', 'agent', { ClientTag: 'harborpoint', UserName: 'agent@demo.test', UserAgent: 'Vitest/1.0', DeviceId: deviceId });
    expect(res).toEqual({ deviceId });
    const rows = await portal.db.query('SELECT device_id, client_tag, user_name, user_agent FROM analytics_sessions WHERE device_id = $1', [deviceId]);
    expect(rows).toEqual([{ device_id: deviceId, client_tag: 'harborpoint', user_name: 'agent@demo.test', user_agent: 'Vitest/1.0' }]);
  });

  it('SetupAnalytics without a user name records the caller’s email', async () => {
    const deviceId = 'device-no-name-0001';
    await ok('SetupAnalytics', 'admin', { UserAgent: 'Vitest/1.0', DeviceId: deviceId });
    const rows = await portal.db.query('SELECT client_tag, user_name FROM analytics_sessions WHERE device_id = $1', [deviceId]);
    expect(rows).toEqual([{ client_tag: null, user_name: 'admin@demo.test' }]);
  });

  it('LogPageView stores the page view for the caller', async () => {
    const before = await count('SELECT count(*)::int AS n FROM page_views');
    const res = await ok('LogPageView', 'agent', {
      WebPage: '/dashboard/',
      Event: 'PageView',
      Category: 'nav',
      Action: 'open',
      Label: 'dashboard',
      Value: '1',
      ReferralNumber: 'R-77',
      UserName: 'agent@demo.test',
      LogAppDetails: 'details',
    });
    expect(res).toBeNull();
    expect(await count('SELECT count(*)::int AS n FROM page_views')).toBe(before + 1);
    const [row] = await portal.db.query('SELECT * FROM page_views ORDER BY id DESC LIMIT 1');
    expect(row).toMatchObject({
      user_id: userId.agent,
      web_page: '/dashboard/',
      event: 'PageView',
      category: 'nav',
      action: 'open',
      label: 'dashboard',
      value: '1',
      referral_number: 'R-77',
      user_name: 'agent@demo.test',
      log_app_details: 'details',
    });
  });

  it('LogPageView trims fields and stores missing optionals as null', async () => {
    await ok('LogPageView', 'ce', { WebPage: '  /dashboard/help  ' });
    const [row] = await portal.db.query('SELECT * FROM page_views ORDER BY id DESC LIMIT 1');
    expect(row).toMatchObject({ user_id: userId.ce, web_page: '/dashboard/help', event: null, category: null, user_name: null });
  });

  it('ViewError stores the client error text for the caller', async () => {
    const text = 'TypeError: x is undefined\n    at Header (Header.tsx:10:5)';
    expect(await ok('ViewError', 'admin', { error: text })).toBeNull();
    const rows = await portal.db.query('SELECT user_id, error FROM client_errors WHERE user_id = $1', [userId.admin]);
    expect(rows).toEqual([{ user_id: userId.admin, error: text }]);
  });
});

describe('GetStates and GetTimeZones (public reference data)', () => {
  it('GetStates lists every state once, sorted by name, without a token', async () => {
    const states = (await ok('GetStates', null)) as { stateCode: string; stateName: string }[];
    expect(states).toHaveLength(US_STATES.length);
    expect(states[0]).toEqual({ stateCode: 'AL', stateName: 'Alabama' });
    expect(states).toContainEqual({ stateCode: 'FL', stateName: 'Florida' });
    expect(states).toContainEqual({ stateCode: 'DC', stateName: 'District of Columbia' });
    const names = states.map((s) => s.stateName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(new Set(states.map((s) => s.stateCode)).size).toBe(states.length);
  });

  it('GetStates answers the same with a token', async () => {
    expect(await ok('GetStates', 'agent')).toEqual(await ok('GetStates', null));
  });

  it('GetTimeZones lists the US time zones, east to west', async () => {
    const zones = (await ok('GetTimeZones', null)) as { timeZoneId: string; displayName: string; utcOffsetMinutes: number }[];
    expect(zones).toHaveLength(US_TIME_ZONES.length);
    expect(zones[0]).toEqual({ timeZoneId: 'America/Puerto_Rico', displayName: 'Atlantic Time', utcOffsetMinutes: -240 });
    expect(zones[1]).toEqual({ timeZoneId: 'America/New_York', displayName: 'Eastern Time', utcOffsetMinutes: -300 });
    expect(zones.at(-1)).toEqual({ timeZoneId: 'Pacific/Honolulu', displayName: 'Hawaii-Aleutian Time', utcOffsetMinutes: -600 });
    const offsets = zones.map((z) => z.utcOffsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => b - a));
    expect(zones.map((z) => z.displayName).slice(2, 5)).toEqual(['Central Time', 'Mountain Time', 'Mountain Time (Arizona)']);
  });

  it('a GET refuses unknown query fields', async () => {
    const res = await callApi(portal, 'States/GetStates?AppName=AgentPortal&extra=1');
    expect(res.status).toBe(400);
    expect(res.json!.message).toContain('Unknown field(s): "extra"');
  });
});

describe('GetAccountManagerDetails', () => {
  it('agent, co-branded default agency 10045821 → DANA WHITFIELD', async () => {
    expect(await ok('GetAccountManagerDetails', 'agent', { AccountNumber: '10045821' })).toEqual({
      firstName: 'DANA',
      lastName: 'WHITFIELD',
      phoneNumber: '8005550123',
      emailAddress: 'dana.whitfield@glasscare.example',
    });
  });

  it('agent, 20077314 → marcus oliveira; admin of 20077314 sees the same', async () => {
    const marcus = { firstName: 'marcus', lastName: 'oliveira', phoneNumber: '8005550187', emailAddress: 'marcus.oliveira@glasscare.example' };
    expect(await ok('GetAccountManagerDetails', 'agent', { AccountNumber: '20077314' })).toEqual(marcus);
    expect(await ok('GetAccountManagerDetails', 'admin', { AccountNumber: '20077314' })).toEqual(marcus);
  });

  it('admin, 30012967 has no account manager → null', async () => {
    expect(await ok('GetAccountManagerDetails', 'admin', { AccountNumber: '30012967' })).toBeNull();
  });

  it('an agent asking for an agency they are not in (30012967) → 403', async () => {
    const res = await call('GetAccountManagerDetails', 'agent', { AccountNumber: '30012967' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ isSuccess: false, message: 'You do not have access to this agency.', code: 'noAgencyAccess', result: null });
  });

  it('admins of other agencies, CE admins and users without agencies → 403', async () => {
    expect((await call('GetAccountManagerDetails', 'admin', { AccountNumber: '10045821' })).status).toBe(403);
    expect((await call('GetAccountManagerDetails', 'ce', { AccountNumber: '10045821' })).status).toBe(403);
    expect((await call('GetAccountManagerDetails', 'noaccount', { AccountNumber: '10045821' })).status).toBe(403);
  });

  it('internal admins may read any agency; an unknown agency → null', async () => {
    expect(await ok('GetAccountManagerDetails', 'internal', { AccountNumber: '10045821' })).toMatchObject({ firstName: 'DANA' });
    expect(await ok('GetAccountManagerDetails', 'internal', { AccountNumber: '30012967' })).toBeNull();
    expect(await ok('GetAccountManagerDetails', 'internal', { AccountNumber: '99999999' })).toBeNull();
  });
});

describe('GetUserDetails', () => {
  it('the agent’s own details: two accounts, the dedicated default agency', async () => {
    expect(await ok('GetUserDetails', 'agent', { userId: userId.agent })).toEqual({
      userId: userId.agent,
      email: 'agent@demo.test',
      firstName: 'Alex',
      lastName: 'Rivera',
      agentNumber: 'A10045',
      dashboardUserRole: 'SFAD_Agent',
      isSSOLogin: false,
      userAccountsCount: 2,
      Accounts: [
        { AccountNumber: '10045821', AccountName: 'Harbor Point Insurance Group', SFA_TPP_FLAG: true },
        { AccountNumber: '20077314', AccountName: 'Summit Ridge Agency', SFA_TPP_FLAG: false },
      ],
      AgencyInformation: { ParentAccountNumber: null, PRIORITY: 'D', AccountNumber: '10045821' },
    });
  });

  it('the agency admin’s own details: default 20077314 with its parent account', async () => {
    const d = (await ok('GetUserDetails', 'admin', { userId: userId.admin })) as Record<string, unknown>;
    expect(d).toMatchObject({
      email: 'admin@demo.test',
      dashboardUserRole: 'SFAD_Admin',
      agentNumber: 'A20077',
      userAccountsCount: 2,
      AgencyInformation: { ParentAccountNumber: '90000012', PRIORITY: null, AccountNumber: '20077314' },
    });
  });

  it('internal, CE and no-account users: no accounts, no agency information', async () => {
    for (const p of ['internal', 'ce', 'noaccount'] as const) {
      const d = (await ok('GetUserDetails', p, { userId: userId[p] })) as Record<string, unknown>;
      expect(d).toMatchObject({ email: EMAIL[p], userAccountsCount: 0, Accounts: [], AgencyInformation: null });
    }
    expect(await ok('GetUserDetails', 'internal', { userId: userId.internal })).toMatchObject({ agentNumber: null, dashboardUserRole: 'SFAD_InternalAdmin' });
  });

  it("another user's id → 403 for an agent, an agency admin and a CE admin", async () => {
    for (const p of ['agent', 'admin', 'ce'] as const) {
      const res = await call('GetUserDetails', p, { userId: userId.noaccount });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ isSuccess: false, message: 'You may only read your own details.', code: 'ownDetailsOnly', result: null });
    }
  });

  it("an internal admin may read another user's details (200); an unknown id → 404", async () => {
    expect(await ok('GetUserDetails', 'internal', { userId: userId.agent })).toMatchObject({ email: 'agent@demo.test', userAccountsCount: 2 });
    const res = await call('GetUserDetails', 'internal', { userId: 'no-such-user' });
    expect(res.status).toBe(404);
    expect(res.json!.message).toBe('User not found.');
  });

  it('a missing userId → 400 with a message', async () => {
    const res = await callApi(portal, 'User/GetUserDetails?AppName=AgentPortal', { token: token.agent });
    expect(res.status).toBe(400);
    expect(res.json!.message).toMatch(/userId/);
  });
});

describe('GetUserAgencyList', () => {
  it('agent: the default agency first, with every field of the dropdown', async () => {
    expect(await ok('GetUserAgencyList', 'agent')).toEqual([
      { ...HARBOR, isDefaultAgency: true, showAgencyChangeNotification: false },
      { ...SUMMIT, isDefaultAgency: false, showAgencyChangeNotification: true },
    ]);
  });

  it('agency admin: 20077314 (default) then 30012967', async () => {
    expect(await ok('GetUserAgencyList', 'admin')).toEqual([
      { ...SUMMIT, isDefaultAgency: true, showAgencyChangeNotification: false },
      { ...LAKESHORE, isDefaultAgency: false, showAgencyChangeNotification: false },
    ]);
  });

  it('internal, CE and no-account users have no agencies', async () => {
    for (const p of ['internal', 'ce', 'noaccount'] as const) expect(await ok('GetUserAgencyList', p)).toEqual([]);
  });
});

describe('UpdateUserDefaultAgency', () => {
  const defaults = (uid: string) =>
    portal.db.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1 AND is_default_agency ORDER BY agency_number', [uid]);

  it('really changes the default, and only one default remains', async () => {
    const list = (await ok('UpdateUserDefaultAgency', 'agent', { AgencyNumber: '20077314' })) as { agencyNumber: string; isDefaultAgency: boolean }[];
    expect(list.map((a) => [a.agencyNumber, a.isDefaultAgency])).toEqual([
      ['20077314', true],
      ['10045821', false],
    ]);
    expect(await defaults(userId.agent)).toEqual([{ agency_number: '20077314' }]);
    // The user details follow the new default.
    expect(await ok('GetUserDetails', 'agent', { userId: userId.agent })).toMatchObject({
      AgencyInformation: { ParentAccountNumber: '90000012', PRIORITY: null, AccountNumber: '20077314' },
    });
    // Setting the same default again is harmless.
    await ok('UpdateUserDefaultAgency', 'agent', { AgencyNumber: '20077314' });
    expect(await defaults(userId.agent)).toEqual([{ agency_number: '20077314' }]);
    // And back.
    await ok('UpdateUserDefaultAgency', 'agent', { AgencyNumber: '10045821' });
    expect(await defaults(userId.agent)).toEqual([{ agency_number: '10045821' }]);
  });

  it("does not touch other users' defaults", async () => {
    await ok('UpdateUserDefaultAgency', 'admin', { AgencyNumber: '30012967' });
    expect(await defaults(userId.admin)).toEqual([{ agency_number: '30012967' }]);
    expect(await defaults(userId.agent)).toEqual([{ agency_number: '10045821' }]);
    await ok('UpdateUserDefaultAgency', 'admin', { AgencyNumber: '20077314' });
    expect(await defaults(userId.admin)).toEqual([{ agency_number: '20077314' }]);
  });

  it('an agency the user is not in → 403 and nothing changed in the DB', async () => {
    const snapshot = () => portal.db.query('SELECT user_id, agency_number, is_default_agency, show_agency_change_notification FROM user_agencies ORDER BY user_id, agency_number');
    const before = await snapshot();
    for (const [p, agency] of [['agent', '30012967'], ['admin', '10045821'], ['noaccount', '10045821'], ['internal', '10045821'], ['agent', '99999999']] as const) {
      const res = await call('UpdateUserDefaultAgency', p, { AgencyNumber: agency });
      expect(res.status, `${p} ${agency}`).toBe(403);
      expect(res.json).toEqual({ isSuccess: false, message: 'You do not belong to this agency.', code: 'notInAgency', result: null });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('ClearAgencyNotificationFlag', () => {
  const flag = async (uid: string, agency: string) =>
    (await portal.db.query<{ f: boolean }>('SELECT show_agency_change_notification AS f FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [uid, agency]))[0]!.f;

  it('clears the flag of one of the caller’s agencies', async () => {
    expect(await flag(userId.agent, '20077314')).toBe(true);
    expect(await ok('ClearAgencyNotificationFlag', 'agent', { AgencyNumber: '20077314' })).toBeNull();
    expect(await flag(userId.agent, '20077314')).toBe(false);
    const list = (await ok('GetUserAgencyList', 'agent')) as { agencyNumber: string; showAgencyChangeNotification: boolean }[];
    expect(list.find((a) => a.agencyNumber === '20077314')!.showAgencyChangeNotification).toBe(false);
    // Clearing again is harmless.
    await ok('ClearAgencyNotificationFlag', 'agent', { AgencyNumber: '20077314' });
    expect(await flag(userId.agent, '20077314')).toBe(false);
  });

  it('only that user’s link changes', async () => {
    await portal.db.query('UPDATE user_agencies SET show_agency_change_notification = true WHERE agency_number = $1', ['20077314']);
    await ok('ClearAgencyNotificationFlag', 'agent', { AgencyNumber: '20077314' });
    expect(await flag(userId.agent, '20077314')).toBe(false);
    expect(await flag(userId.admin, '20077314')).toBe(true);
    await portal.db.query('UPDATE user_agencies SET show_agency_change_notification = false WHERE agency_number = $1', ['20077314']);
  });

  it('an agency the user is not in → 403 and nothing changed in the DB', async () => {
    await portal.db.query('UPDATE user_agencies SET show_agency_change_notification = true WHERE user_id = $1 AND agency_number = $2', [userId.admin, '30012967']);
    const res = await call('ClearAgencyNotificationFlag', 'agent', { AgencyNumber: '30012967' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ isSuccess: false, message: 'You do not belong to this agency.', code: 'notInAgency', result: null });
    expect(await flag(userId.admin, '30012967')).toBe(true);
    for (const p of ['ce', 'internal', 'noaccount'] as const) expect((await call('ClearAgencyNotificationFlag', p, { AgencyNumber: '30012967' })).status).toBe(403);
    expect(await flag(userId.admin, '30012967')).toBe(true);
  });
});

describe('NotifyUserLoggedIn', () => {
  it('sets last_login_at to now and answers with it', async () => {
    const lastLogin = async () => (await portal.db.query<{ t: Date | null }>('SELECT last_login_at AS t FROM users WHERE id = $1', [userId.noaccount]))[0]!.t;
    expect(await lastLogin()).toBeNull();
    const t0 = Date.now();
    const res = (await ok('NotifyUserLoggedIn', 'noaccount')) as { lastLoginAt: string };
    const stored = await lastLogin();
    expect(stored).not.toBeNull();
    expect(new Date(stored!).toISOString()).toBe(res.lastLoginAt);
    expect(Math.abs(Date.parse(res.lastLoginAt) - t0)).toBeLessThan(10_000);
    // Another user's last_login_at is not touched.
    expect((await portal.db.query<{ t: Date | null }>('SELECT last_login_at AS t FROM users WHERE id = $1', [userId.ce]))[0]!.t).toBeNull();
    // A second call moves it forward (or keeps it equal).
    const again = (await ok('NotifyUserLoggedIn', 'noaccount')) as { lastLoginAt: string };
    expect(Date.parse(again.lastLoginAt)).toBeGreaterThanOrEqual(Date.parse(res.lastLoginAt));
  });
});

describe('the browser client against the real server', () => {
  const clientFor = (persona: Persona | null) => {
    const banners: string[] = [];
    let unauthorized = 0;
    const client = createApiClient({
      fetch: (input, init) => fetch(portal.url + String(input), init),
      getToken: () => (persona ? token[persona] : null),
      getSsoSession: () => ({ isSSOLogin: false, onboardingAgency: null }),
      onUnauthorized: () => void unauthorized++,
      showErrorBanner: (t) => void banners.push(t),
      pushAnalytics: () => undefined,
    });
    return { client, banners, unauthorized: () => unauthorized };
  };

  it('calls succeed with typed results', async () => {
    const { client, banners } = clientFor('agent');
    const agencies = await client.call(CALLS.GetUserAgencyList, {});
    expect(agencies.map((a) => a.agencyNumber)).toEqual(['10045821', '20077314']);
    const me = await client.call(CALLS.GetUserDetails, { userId: userId.agent });
    expect(me.email).toBe('agent@demo.test');
    expect((await client.call(CALLS.GetStates, {})).length).toBe(US_STATES.length);
    expect(banners).toEqual([]);
  });

  it('a 403 shows the banner and rejects with the server message; a 401 goes to login', async () => {
    const a = clientFor('agent');
    const err = await a.client.call(CALLS.GetAccountManagerDetails, { AccountNumber: '30012967' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('You do not have access to this agency.');
    expect(a.banners).toEqual(['Sorry, something happened on our end. Please try again.']);
    const anon = clientFor(null);
    await expect(anon.client.call(CALLS.GetUserAgencyList, {})).rejects.toThrow('Unauthorized');
    expect(anon.unauthorized()).toBe(1);
    expect(anon.banners).toEqual([]);
  });

  it('a 400 rejects with the validation message and no banner', async () => {
    const a = clientFor('agent');
    await expect(a.client.call(CALLS.GetAccountManagerDetails, { AccountNumber: 'abc' })).rejects.toThrow(/AccountNumber: Invalid agency number/);
    expect(a.banners).toEqual([]);
  });
});
