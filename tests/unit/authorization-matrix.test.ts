import { insertTestCourse } from './helpers/ce.ts';
import { addParticipantLink, registerParticipant } from '../../src/server/services/ce/registrations.ts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, CONTENT_BASE, DASHBOARD_BASE, EXPERIMENTS_BASE, getUrl, type CallContract } from '../../src/lib/api/index.ts';
import { EXPERIMENT_SITE_ENTRY_VALUE } from '../../src/lib/constants.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { randomUUID } from 'node:crypto';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';
import { DEMO_TOTP_SECRET, resetMfa, totpCode } from '../../src/server/services/mfa.ts';
import { demoCar, PLACEHOLDER_CAR, referralRequest, type DemoCar } from './helpers/claims.ts';
import { AgencyWorkOrderEvents } from '../../src/lib/api/live.ts';
import { ChatEvents } from '../../src/lib/api/chat.ts';
import { advanceWorkOrder } from '../../src/server/services/work-orders/lifecycle.ts';
import { SoftAuthenticator } from './helpers/soft-authenticator.ts';

/** The five kinds of caller. */
const PERSONAS = ['anonymous', 'agent', 'agencyAdmin', 'internalAdmin', 'ceAdmin'] as const;
type Persona = (typeof PERSONAS)[number];
type Status = 200 | 401 | 403;
type Row = Record<Persona, Status>;

/**
 * The authorization matrix, written by hand from the spec (sections 2, 6 and 7) — not derived from the
 * contracts: the expected status of a valid request per route and caller.
 *
 * - Reference data (states, time zones) is public.
 * - Everything else needs a signed-in user (401 without a token).
 * - Agency-scoped calls need the caller to belong to the agency (403 otherwise). Internal admins may read
 *   any agency's account manager, but they and CE admins belong to no agency, so they cannot change a
 *   default agency or clear an agency notification.
 * - CE admins belong to no agency, so an account-manager lookup is refused.
 */
const MATRIX: Record<string, Row> = {
  //                          anonymous  agent  agencyAdmin internalAdmin ceAdmin
  Setup:                       { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  SetupAnalytics:              { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  LogPageView:                 { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ViewError:                   { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetStates:                   { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetTimeZones:                { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetAccountManagerDetails:    { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetUserDetails:              { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetUserAgencyList:           { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  UpdateUserDefaultAgency:     { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  ClearAgencyNotificationFlag: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  NotifyUserLoggedIn:          { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetInsuranceCompanies:       { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  // Contact preferences (issue 6): the agent notification prefs of agents and agency admins, their own only.
  GetUserAgentContactPrefs:    { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  UpdateUserAgentContactPrefs: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  // The claim flow (issue 5): agents and agency admins file claims; internal and CE admins are sent
  // elsewhere by the navigation rules and refused by the API.
  GetCityAddress:              { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  ValidateProviderService:     { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetVehicleYears:             { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetVehicleMakes:             { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetVehicleModels:            { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetVehicleStyles:            { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetVehicleInfoByVin:         { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetVehicleInformationByYMMS: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetBigTruckVehicleInfo:      { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetApplicableClosestProviders: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetGlassOptionsByCarId:      { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetProblemQuestions:         { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetProblemPropertyQuestions: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetQuote:                    { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  CreateReferral:              { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetCarrierSettings:          { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GenerateSelfServiceUrl:      { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  // Work orders (issue 6): agents (their own), agency admins (their agency) and internal admins (any agency) read
  // them; CE admins may not. The console (list any agency, advance an order) is for internal admins only.
  GetDashboardWorkOrders:      { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetOpenWorkOrders:           { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetCompletedWorkOrders:      { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  ServiceActivityDetail:       { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetSurveyDetails:            { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  DownloadRecalibrationCertificate: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  ResubmitFailedReferral:      { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetAgentInsuranceCompanyNamesById: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetAgencyInsuranceCompanyNamesById: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetWorkOrderConsole:         { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  AdvanceWorkOrder:            { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // The content service is public and read-only (spec section 7).
  GetContents:                 { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ArticleList:                 { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  TagList:                     { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  SearchContent:               { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ContentHealthcheck:          { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ContentHealthCheckResults:   { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  // The content editor: internal admins only (issue 4).
  ListEditableArticles:        { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  GetEditableArticle:          { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  SaveArticle:                 { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  PreviewArticle:              { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  GetPublishStatus:            { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // PublishSite as the internal admin starts a real rebuild (tests/unit/publisher.test.ts checks its result).
  PublishSite:                 { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // Manage my account (issue 14): carriers and agencies of one's own account; agency admins also for the users
  // of their agencies, internal admins for anyone's; CE admins have no agencies.
  GetUserAgencyCarriersByAgentNumber: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  UpdateUserAgentCarriers:     { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  RemoveXYZAccountsByUserId:   { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  RemoveUserFromAgency:        { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  // Agency onboarding (issue 14): any signed-in user searches (an agent without agencies needs it); agents and
  // agency admins file requests (internal and CE admins belong to no agency); an admin of the request's agency
  // or an internal admin decides it (object level below).
  GetAgencies:                 { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetAllAgenciesForSearch:     { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetAgencyInformationByNumber: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  VerifyUserAgencyInformation: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetOnboardingRequests:       { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ApproveOnboardingRequest:    { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  DenyOnboardingRequest:       { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  // Accounts (issue 14): registration, links and the password policy are public (enumeration-safe answers);
  // a user reads and edits their own status and profile; agency admins manage the users of their agencies,
  // internal admins anyone's.
  CreateInactiveUser:          { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  CreateActiveUser:            { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  SendRecoveryPasswordLink:    { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  VerifyUser:                  { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetPasswordPolicy:           { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  CreateUserPassword:          { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  UserStatus:                  { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  UpdateOktaAgency:            { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  UpdateOktaUserProfile:       { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  AssignUserToGroup:           { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  AddUserResetPwdLink:         { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetUserResetPwdLink:         { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetUserDetailsByEmail:       { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  // Passkeys (issue 14): every signed-in user manages their own. Finish comes before Start: it answers the
  // challenge preparePasskeys() asked for, which a new Start would replace.
  GetPasskeys:                 { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  FinishPasskeyRegistration:   { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  StartPasskeyRegistration:    { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  RenamePasskey:               { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  DeletePasskey:               { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  // manage-account profile (issue 14): every signed-in user reads and edits their own profile, changes their own
  // password and email (the email link is public: it may be opened anywhere); agent information is read on an
  // agency (CE admins have none; an internal admin names a user). Object level below.
  GetUserProfile:              { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetUserAgentInformation:     { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  SaveUserAgentInfo:           { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ChangeUserPassword:          { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  RequestEmailChange:          { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ConfirmEmailChange:          { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  // Two-step sign-in (issue 14): every signed-in user on their own account (no user id can be named). In this
  // order: the demo admins' enrolment is cleared first (prepareMfa), each persona enrols (Start, then Confirm
  // with a code of the secret Start answered), regenerates with the password, and turns it off — which a role
  // that requires two-step sign-in (internal and CE admins, MFA_REQUIRED_ROLES' default) may not.
  GetMfaStatus:                { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  StartTotpEnrollment:         { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ConfirmTotpEnrollment:       { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  RegenerateRecoveryCodes:     { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  DisableTotp:                 { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  // Internal administration (issue 15): agents ask for admin access; internal admins decide, reset MFA and
  // see their tool counts; the audit log is for agency admins (their agencies) and internal admins.
  SendRequestAdminAccessEmail: { anonymous: 401, agent: 200, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 403 },
  GetAdminRequests:            { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  ApproveRequest:              { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  DenyRequest:                 { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  ResetMFA:                    { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  GetAuditLog:                 { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  Dashboard:                   { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // Agency user administration (issue 15): agency admins (their agency's users) and internal admins (anyone).
  ListOktaUsersByAgentNumber:      { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  ListOktaUsersByAgentNameOrEmail: { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  ListOktaUsersByPaginationLink:   { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  UpdateUserAccountDetails:        { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  DeactivateUser:                  { anonymous: 401, agent: 403, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  // Global banners and /Healthcheck (issue 15): anyone reads the current banner and the health results; internal
  // admins alone manage banners and the health-check configuration.
  GetBanner:                   { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  GetCurrentBanner:            { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  CreateBanner:                { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  EditBanner:                  { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  DeleteBanner:                { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  Healthcheck:                 { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  HealthCheckResults:          { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetHealthConfiguration:      { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  UpdateConfiguration:         { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // CE courses, the registrants' calls (issue 16): the catalog, seats, registration without an account and its link
  // are public; agents and agency admins register and manage their own registrations.
  GetCECourseList:              { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetCECourseDetailByCourseID:  { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetValidateCourseIsMaximumLimit: { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  AddParticipantLinkDetails:    { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  ConfirmCECourseLink:          { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetIsRegisteredUser:          { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetMyCECourseList:            { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  RegisterForCECourse:          { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  UpdateMyCECourseRegistration: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  // CE courses, the CE admins' side (issue 16): CE admins alone manage courses, rosters and cases; anyone sees a
  // course image and verifies a certificate; a signed-in user downloads their own certificate.
  SaveCourse:                  { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  DeleteCECourse:              { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  GetCECourseImages:           { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  UploadCECourseImage:         { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  GetCECourseRoster:           { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  MarkCECourseAttendance:      { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  GetCECertificate:            { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  VerifyCECertificate:         { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetCECourseStats:            { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  GetCECases:                  { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  UpdateCECase:                { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 200 },
  // issue 17: co-branding by client tag.
  GetCobrandedAccountNumberByClientTag: { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetIsCobranded:              { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetIsAccountCobranded:       { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 },
  GetCobrandedLogo:            { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetCobrandedAgencies:        { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  SaveCobrandedAgency:         { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // issue 17: shop search (public store locator: anyone, nothing owned)
  GetClosestProgramProviders: { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  SpecificShopSearch:         { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  // issue 17: single sign-on — the SSO agency flow is for SSO users only (is_sso): the matrix's personas sign in
  // with a password, so every one is refused (403); an SSO user's 200s: tests/unit/sso.test.ts.
  GetAgenciesSSO:              { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 403 },
  SubmitSSOAgencyRequest:      { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 403 },
  AssignOnboardingAgency:      { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 403 },
  UpdateOnboardingAgencyClaims: { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 403 },
  VerifySV2OnboardingSwap:     { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 403 },
  GetUserDetailsSSO:           { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 403, ceAdmin: 403 },
  // issue 18: experiments — the browser's run is public (site and page entry, signed in or not); experiments are
  // managed by internal admins only.
  ExperimentsRun:              { anonymous: 200, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetExperiments:              { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  SaveExperiment:              { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  SetExperimentStatus:         { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // issue 18: live chat. Agents and agency admins chat (their own chats); care-desk staff — internal admins by role,
  // and the care-desk group, which the demo seed gives the CE admin — answer from the console (others: 403). The
  // calls every signed-in role may make (send, typing, read, close) act on the caller's own chat or a chat they hold.
  GetChatAvailability:         { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  GetMyChat:                   { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  StartChat:                   { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  SendChatMessage:             { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  SetChatTyping:               { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  MarkChatRead:                { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  CreateChatCase:              { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 403, ceAdmin: 403 },
  GetCareDeskConsole:          { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 200 },
  AcceptChat:                  { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 200 },
  TransferChat:                { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 200 },
  CloseChat:                   { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 },
  SetCareDeskAvailability:     { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 200 },
  SetCareDeskMember:           { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
  // issue 18: the analytics page's figures are for internal admins only (no object-level rows: nobody else reads them).
  GetAnalyticsSummary:         { anonymous: 401, agent: 403, agencyAdmin: 403, internalAdmin: 200, ceAdmin: 403 },
};

/**
 * Streams of the dashboard service (issue 6): authenticated, role-checked and validated like the calls,
 * but a success is a text/event-stream that stays open, not an envelope, so they are not in CALLS. The
 * expected status of opening one, per caller.
 */
const STREAMS: Record<string, { contract: CallContract; row: Row }> = {
  AgencyWorkOrderEvents: { contract: AgencyWorkOrderEvents, row: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 403 } },
  // issue 18: every signed-in user's chat events (their own chats; staff also the queue).
  ChatEvents: { contract: ChatEvents, row: { anonymous: 401, agent: 200, agencyAdmin: 200, internalAdmin: 200, ceAdmin: 200 } },
};

/**
 * Routes outside the dashboard service. They take no bearer token, so every persona gets the same
 * answer; the sign-in interaction needs the provider's interaction cookie, which an attacker lacks:
 * with an unknown interaction they are refused. `anonymousStatus` is the answer to an unknown uid.
 */
const OTHER_ROUTES: Record<string, { anonymousStatus: number; why: string }> = {
  'GET /oidc/interaction/:uid': { anonymousStatus: 303, why: 'redirects to the sign-in page, which asks the provider' },
  'GET /oidc/interaction/:uid/details': { anonymousStatus: 400, why: 'unknown or expired interaction' },
  'POST /oidc/interaction/:uid/login': { anonymousStatus: 400, why: 'unknown or expired interaction' },
  'POST /oidc/interaction/:uid/abort': { anonymousStatus: 400, why: 'unknown or expired interaction' },
  'GET /auth-config.json': { anonymousStatus: 200, why: 'public sign-in settings (no secrets)' },
  // Accounts (issue 14): a sign-in ticket finishes the interaction like a password.
  'POST /oidc/interaction/:uid/ticket': { anonymousStatus: 400, why: 'unknown or expired interaction' },
  // Passkeys (issue 14): the passkey sign-in step, like the password's.
  'POST /oidc/interaction/:uid/passkey/options': { anonymousStatus: 400, why: 'unknown or expired interaction' },
  'POST /oidc/interaction/:uid/passkey': { anonymousStatus: 400, why: 'unknown or expired interaction' },
  // Two-step sign-in (issue 14): the second step needs the pending state a correct password left for this interaction.
  'POST /oidc/interaction/:uid/mfa': { anonymousStatus: 400, why: 'unknown or expired interaction (and no password step before it)' },
  // issue 17: single sign-on — the broker's steps (tests/unit/sso.test.ts drives them through the demo agency provider).
  'GET /oidc/interaction/:uid/sso-providers': { anonymousStatus: 400, why: 'unknown or expired interaction' },
  'GET /oidc/interaction/:uid/sso': { anonymousStatus: 303, why: 'unknown interaction: back to the sign-in page' },
  'GET /oidc/interaction/:uid/sso-return': { anonymousStatus: 303, why: 'answer outside its sign-in: back to the sign-in page, refused' },
  'GET /dashboard/sso-redirect': { anonymousStatus: 303, why: 'unknown state: back to the sign-in page, refused' },
  'GET /dashboard/sso-signout': { anonymousStatus: 303, why: 'no agency provider to sign out of: the sign-in page' },
};

const EMAIL: Record<Exclude<Persona, 'anonymous'>, string> = {
  agent: 'agent@demo.test',
  agencyAdmin: 'admin@demo.test',
  internalAdmin: 'internal@demo.test',
  ceAdmin: 'ce@demo.test',
};
/** Each persona's default agency (the seed), or the agency they would most plausibly ask for. */
const AGENCY: Record<Persona, string> = {
  anonymous: '10045821',
  agent: '10045821',
  agencyAdmin: '20077314',
  internalAdmin: '10045821',
  ceAdmin: '10045821',
};

let portal: RunningPortal;
/** A modern car of the catalog with several windshields (read from the running portal). */
let car: DemoCar = PLACEHOLDER_CAR;
const tokens: Partial<Record<Persona, string>> = {};
const subs: Partial<Record<Persona, string>> = {};
/** Work orders each persona may open or act on (found or made in beforeAll; until then, ids that only parse). */
const orders = {
  detail: {} as Partial<Record<Persona, { workOrderId: string; referralSequenceNumber: string }>>,
  survey: {} as Partial<Record<Persona, string>>,
  certificate: {} as Partial<Record<Persona, string>>,
  failed: {} as Partial<Record<Persona, string>>,
  advance: 'WO500001',
};

/** Pending onboarding requests (issue 14) each deciding persona approves or denies, and one of an agency the agency admin is not in. */
const onboarding = { approve: { agencyAdmin: 0, internalAdmin: 0 }, deny: { agencyAdmin: 0, internalAdmin: 0 }, otherAgency: 0 };

/** Files the pending requests of `onboarding` (as the demo users without the agency would). */
/** Admin access requests (issue 15): a user of their own who asked twice (one to approve, one to deny). */
const adminRequests = { approve: 1, deny: 1, userId: 'unset' };
async function prepareAdminRequests() {
  const [u] = await portal.db.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, dashboard_user_role) VALUES ('matrix-asker@example.test', 'Matrix', 'Asker', 'SFAD_Agent') RETURNING id`,
  );
  adminRequests.userId = u!.id;
  for (const a of ['30012967', '10045821']) await portal.db.query('INSERT INTO user_agencies (user_id, agency_number) VALUES ($1, $2)', [u!.id, a]);
  const file = async (agency: string) =>
    Number((await portal.db.query<{ id: number }>('INSERT INTO admin_access_requests (user_id, agency_number) VALUES ($1, $2) RETURNING id', [u!.id, agency]))[0]!.id);
  adminRequests.approve = await file('30012967');
  adminRequests.deny = await file('10045821');
}

async function prepareOnboarding() {
  const file = async (email: string, agency: string) => {
    const [row] = await portal.db.query<{ id: number }>(
      `INSERT INTO onboarding_requests (user_id, agency_number) SELECT id, $2 FROM users WHERE email = $1 RETURNING id`,
      [email, agency],
    );
    return Number(row!.id);
  };
  // The agency admin is in 20077314 and 30012967; the internal admin may decide any request.
  onboarding.approve.agencyAdmin = await file('noaccount@demo.test', '20077314');
  onboarding.approve.internalAdmin = await file('noaccount@demo.test', '30012967');
  onboarding.deny.agencyAdmin = await file('onboarding@demo.test', '20077314');
  onboarding.deny.internalAdmin = await file('onboarding@demo.test', '30012967');
  onboarding.otherAgency = await file('noaccount@demo.test', '10045821');
}

/**
 * Accounts (issue 14): users to act on, made in beforeAll — one in the agency admin's agency 20077314 and one
 * only in 10045821 (no agency the admin shares) — and one fresh set-password link per persona.
 */
const accounts = {
  member: { id: 'unset', email: 'matrix-member@example.test' },
  outsider: { id: 'unset', email: 'matrix-outsider@example.test' },
  links: {} as Partial<Record<Persona, string>>,
  /**
   * manage-account profile: a password change ends every sign-in of its user, so ChangeUserPassword runs as a user
   * of the persona's role made for it (token and password); ConfirmEmailChange spends one email-change link each.
   */
  passwordChangers: {} as Partial<Record<Persona, { token: string; password: string }>>,
  emailLinks: {} as Partial<Record<Persona, string>>,
};
async function prepareAccounts() {
  const { createActiveUser, issueLink } = await import('../../src/server/services/accounts.ts');
  const make = async (email: string, agency: string) =>
    (await createActiveUser(portal.db, { FirstName: 'Matrix', LastName: 'Target', Email: email, AgencyNumber: agency }, { origin: portal.url }, { verify: 86400, reset: 3600, signin: 120 })).id;
  accounts.member.id = await make(accounts.member.email, '20077314');
  accounts.outsider.id = await make(accounts.outsider.email, '10045821');
  // One user per persona: setting a password spends every other open link of its user.
  for (const p of PERSONAS) accounts.links[p] = (await issueLink(portal.db, await make(`matrix-pw-${p}@example.test`, '20077314'), 'reset')).token;

  // manage-account profile.
  const { hashPassword } = await import('../../src/server/auth/passwords.ts');
  const { requestEmailChange } = await import('../../src/server/services/accounts.ts');
  const { findUserById } = await import('../../src/server/services/users.ts');
  const { DEMO_TOTP_SECRET, enrollTotp, totpCode } = await import('../../src/server/services/mfa.ts');
  const ROLE: Record<Persona, string> = { anonymous: 'SFAD_Agent', agent: 'SFAD_Agent', agencyAdmin: 'SFAD_Admin', internalAdmin: 'SFAD_InternalAdmin', ceAdmin: 'SFAD_CEAdmin' };
  for (const p of PERSONAS) {
    const password = `Matrix-Windshield-${p}-7`;
    const email = `matrix-change-${p.toLowerCase()}@example.test`;
    const id = await make(email, '20077314');
    await portal.db.query('UPDATE users SET password_hash = $2, dashboard_user_role = $3 WHERE id = $1', [id, await hashPassword(password), ROLE[p]]);
    // Internal and CE admins must use two-step sign-in (MFA_REQUIRED_ROLES' default): enrolled with the demo secret,
    // which signInForTokens answers.
    if (p === 'internalAdmin' || p === 'ceAdmin') expect(Array.isArray(await enrollTotp(portal.db, id, DEMO_TOTP_SECRET, totpCode(DEMO_TOTP_SECRET)))).toBe(true);
    if (p !== 'anonymous') accounts.passwordChangers[p] = { token: (await signInForTokens(portal, email, password)).access_token, password };
    const next = `matrix-confirm-${p.toLowerCase()}@example.test`;
    await requestEmailChange(portal.db, (await findUserById(portal.db, id))!, next, { origin: portal.url });
    const [mail] = await portal.db.query<{ body_text: string }>('SELECT body_text FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [next]);
    accounts.emailLinks[p] = /#token=([A-Za-z0-9_-]{43})/.exec(mail!.body_text)![1]!;
  }
}

/** Finds, per persona, a seeded order it may see with details, a survey and a recalibration; files and fails one per persona to resubmit, and one for the console to advance. */
async function prepareWorkOrders() {
  const visible: Record<string, string> = {
    agent: `w.agency_number = '10045821' AND r.user_id = '${subs.agent}'`,
    // Orders of the admin's agencies the agent did not file (the agent is in Summit Ridge too): the object-level
    // rows use them as "an order the agent did not file".
    agencyAdmin: `w.agency_number IN ('20077314', '30012967') AND r.user_id <> '${subs.agent}'`,
    internalAdmin: 'TRUE',
    ceAdmin: 'TRUE',
    anonymous: 'TRUE',
  };
  for (const p of PERSONAS) {
    const one = async (extra: string) => {
      const [row] = await portal.db.query<{ w: string; r: string }>(
        `SELECT w.work_order_id AS w, w.referral_number AS r FROM work_orders w JOIN referrals r USING (referral_number) WHERE ${visible[p]} AND ${extra} ORDER BY 1 LIMIT 1`,
      );
      if (!row) throw new Error(`no seeded work order for ${p} (${extra})`);
      return row;
    };
    const d = await one('TRUE');
    orders.detail[p] = { workOrderId: d.w, referralSequenceNumber: d.r };
    orders.survey[p] = (await one('EXISTS (SELECT 1 FROM work_order_surveys s WHERE s.work_order_id = w.work_order_id)')).w;
    orders.certificate[p] = (await one('EXISTS (SELECT 1 FROM work_order_recalibrations c WHERE c.work_order_id = w.work_order_id)')).w;
  }
  const file = async (account: string, persona: 'agent' | 'agencyAdmin') => {
    const res = await callApi(portal, callPath(CALLS.CreateReferral), { token: tokens[persona], body: referralRequest(account, car), headers: { 'Idempotency-Key': randomUUID() } });
    if (res.status !== 200) throw new Error(`CreateReferral: ${res.status} ${JSON.stringify(res.json)}`);
    return (res.json!.result as { WorkOrderId: string }).WorkOrderId;
  };
  for (const [p, account, filer] of [['agent', '10045821', 'agent'], ['agencyAdmin', '20077314', 'agencyAdmin'], ['internalAdmin', '10045821', 'agent']] as const) {
    const id = await file(account, filer);
    await advanceWorkOrder(portal.db, { workOrderId: id, status: 'Failed' });
    orders.failed[p] = id;
  }
  orders.advance = await file('10045821', 'agent');
}

/** Agencies the matrix makes for the manage-account calls: carriers set on the first, the second and third removed. */
const MATRIX_AGENCIES = ['99990001', '99990002', '99990003'] as const;
/** A user the admins act on: in Harbor Point, Summit Ridge and the matrix's agencies. */
const matrixUser = { id: 'matrix-user' };

/** Makes the matrix's agencies and user, and links the agent and the agency admin to the first two. */
async function matrixAccounts() {
  for (const n of MATRIX_AGENCIES) {
    await portal.db.query(
      `INSERT INTO agencies (agency_number, agency_name, address_line, city, state_code, zip_code) VALUES ($1, $2, '1 Matrix Way', 'Tampa', 'FL', '33602')`,
      [n, `Matrix Agency ${n}`],
    );
  }
  await portal.db.query(
    `INSERT INTO users (id, email, first_name, last_name, agent_number, dashboard_user_role) VALUES ($1, 'matrix.user@demo.test', 'Matrix', 'User', 'A77777', 'SFAD_Agent')`,
    [matrixUser.id],
  );
  const link = (user: string, agency: string, isDefault = false) =>
    portal.db.query('INSERT INTO user_agencies (user_id, agency_number, is_default_agency) VALUES ($1, $2, $3)', [user, agency, isDefault]);
  for (const p of ['agent', 'agencyAdmin'] as const) for (const n of MATRIX_AGENCIES.slice(0, 2)) await link(subs[p]!, n);
  await link(matrixUser.id, MATRIX_AGENCIES[0], true);
  for (const n of [MATRIX_AGENCIES[2], '10045821', '20077314']) await link(matrixUser.id, n);
}

/**
 * Passkeys (issue 14), made in beforeAll: per persona a registration answer to its own challenge (answered by the
 * FinishPasskeyRegistration cell), a passkey the Rename and Delete cells act on, and a passkey of the agent and of
 * the agency admin that the object-level rows try to reach as someone else.
 */
const passkeys = {
  finish: {} as Partial<Record<Persona, Record<string, unknown>>>,
  own: (p: Persona) => `matrix-own-${p}-passkey`,
  victim: (p: 'agent' | 'agencyAdmin') => `matrix-victim-${p}-passkey`,
};
async function preparePasskeys() {
  const auth = new SoftAuthenticator();
  for (const p of PERSONAS) {
    if (p === 'anonymous') continue;
    const start = await callApi(portal, callPath(CALLS.StartPasskeyRegistration), { token: tokens[p], body: { AppName: 'AgentPortal' } });
    passkeys.finish[p] = auth.create(start.json!.result as never, { origin: portal.url }) as unknown as Record<string, unknown>;
    const ids = [passkeys.own(p), ...(p === 'agent' || p === 'agencyAdmin' ? [passkeys.victim(p)] : [])];
    for (const id of ids) await portal.db.query("INSERT INTO passkeys (id, user_id, public_key, name) VALUES ($1, $2, 'pQECAyYgASFYIA', $1)", [id, subs[p]!]);
  }
}

/** A valid request for a route as a persona: what the browser would send. Fails for a route it does not know. */
function validRequest(name: string, persona: Persona): Record<string, unknown> {
  const base = { AppName: 'AgentPortal' };
  switch (name) {
    case 'Setup':
      return { ...base, FromRoute: '', ToRoute: '/dashboard/' };
    case 'SetupAnalytics':
      return { ...base, UserAgent: 'Mozilla/5.0 (matrix)', DeviceId: `matrix-device-${persona}` };
    case 'LogPageView':
      return { ...base, WebPage: '/dashboard/', Event: 'PageView' };
    case 'ViewError':
      return { ...base, error: `matrix error from ${persona}` };
    case 'GetStates':
    case 'GetTimeZones':
    case 'GetUserAgencyList':
    case 'NotifyUserLoggedIn':
      return base;
    case 'GetAccountManagerDetails':
      return { ...base, AccountNumber: AGENCY[persona] };
    case 'GetUserDetails':
      return { ...base, userId: subs[persona] ?? 'anonymous-user' };
    case 'UpdateUserDefaultAgency':
    case 'ClearAgencyNotificationFlag':
      return { ...base, AgencyNumber: AGENCY[persona] };
    case 'GetContents':
      return { ...base, endpoint: 'Home', lang: persona === 'agent' ? 'es' : 'en' };
    case 'ArticleList':
      return { ...base, tagName: 'coverage' };
    case 'TagList':
    case 'ContentHealthcheck':
    case 'ContentHealthCheckResults':
      return base;
    case 'SearchContent':
      return { ...base, SearchTerm: 'windshield' };
    case 'ListEditableArticles':
    case 'GetPublishStatus':
      return base;
    case 'GetEditableArticle':
      return { ...base, articleRoute: 'resetting-your-password' };
    case 'PreviewArticle':
      return { ...base, lang: 'es', bodyMarkdown: '## Hola\n\nTexto.' };
    case 'PublishSite':
      return { ...base, note: `matrix ${persona}` };
    case 'SaveArticle':
      return {
        ...base,
        isNew: false,
        article: {
          articleRoute: 'resetting-your-password', layout: 'standard', author: 'Matrix', publishedOn: '2026-01-02', status: 'published', tags: ['using-the-portal'],
          en: { title: 'Resetting your password', summary: 'How to reset it.', bodyMarkdown: '## Steps\n\nFollow them.' },
          es: { title: 'Restablecer su contraseña', summary: 'Cómo hacerlo.', bodyMarkdown: '## Pasos\n\nSígalos.' },
        },
      };
    case 'GetInsuranceCompanies':
      return base;
    case 'GetUserAgentContactPrefs':
      return { ...base, userId: subs[persona] ?? 'anonymous-user' };
    case 'UpdateUserAgentContactPrefs':
      return {
        ...base, PolicyholderContactText: false, PolicyholderContactEmail: true, ServiceScheduledText: true, ServiceScheduledEmail: true,
        ServiceCompleteText: false, ServiceCompleteEmail: true, SurveyCompleteText: false, SurveyCompleteEmail: false, AgentPhoneNo: '(813) 555-0100',
      };
    case 'GetCityAddress':
    case 'ValidateProviderService':
    case 'GetApplicableClosestProviders':
      return { ...base, ZipCode: '33602' };
    case 'GetVehicleYears':
      return { ...base, IsBigTruck: 'false' };
    case 'GetVehicleMakes':
      return { ...base, Year: String(car.Year) };
    case 'GetVehicleModels':
      return { ...base, Year: String(car.Year), Make: car.Make };
    case 'GetVehicleStyles':
      return { ...base, Year: String(car.Year), Make: car.Make, Model: car.Model };
    case 'GetVehicleInformationByYMMS':
      return { ...base, Year: String(car.Year), Make: car.Make, Model: car.Model, Style: car.Style };
    case 'GetVehicleInfoByVin':
      return { ...base, Vin: car.Vin };
    case 'GetBigTruckVehicleInfo':
      return base;
    case 'GetGlassOptionsByCarId':
      return { ...base, CarId: String(car.CarId) };
    case 'GetProblemQuestions':
      return { ...base, CarId: car.CarId, SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace' };
    case 'GetProblemPropertyQuestions':
      return { ...base, CarId: car.CarId, PartNumbers: car.Windshields };
    case 'GetQuote':
      return { ...base, ZipCode: '33602', CarId: car.CarId, RepairOrReplace: 'Replace', NumberOfChipsOrCracks: -1, PartNumbers: car.Windshields.slice(0, 1), Deductible: 250 };
    case 'GetCarrierSettings':
      return { ...base, AccountNumber: AGENCY[persona] };
    case 'GenerateSelfServiceUrl':
      return { ...base, UserId: subs[persona] ?? 'anonymous-user', ReturnUrl: '/dashboard/start-claim' };
    case 'CreateReferral':
      return referralRequest(AGENCY[persona], car);
    case 'GetDashboardWorkOrders':
    case 'GetAgentInsuranceCompanyNamesById':
    case 'GetAgencyInsuranceCompanyNamesById':
      return { ...base, AgencyNumber: AGENCY[persona] };
    case 'GetOpenWorkOrders':
    case 'GetCompletedWorkOrders':
      // The filed-date filter as the browser sends it: the reader's local days and their time zone.
      return { ...base, AgencyNumber: AGENCY[persona], Page: 1, PageSize: 10, SortBy: 'CreatedAt', SortDirection: 'desc', From: '2020-01-01', To: '2030-12-31', TimeZone: 'America/New_York' };
    case 'ServiceActivityDetail':
      return { ...base, ...(orders.detail[persona] ?? { workOrderId: 'WO500001', referralSequenceNumber: '260100001' }), type: 'Open' };
    case 'GetSurveyDetails':
      return { ...base, WorkOrderId: orders.survey[persona] ?? 'WO500001' };
    case 'DownloadRecalibrationCertificate':
      return { ...base, WorkOrderId: orders.certificate[persona] ?? 'WO500001' };
    case 'ResubmitFailedReferral':
      return { ...base, WorkOrderId: orders.failed[persona] ?? 'WO500001' };
    case 'GetWorkOrderConsole':
      return { ...base, Scope: 'Open', PageSize: 20 };
    // Accounts (issue 14).
    case 'CreateInactiveUser':
      return { ...base, FirstName: 'Matrix', LastName: 'Caller', Email: `matrix-reg-${persona}-${randomUUID().slice(0, 8)}@example.test`, PrimaryPhone: '(813) 555-0100', AgentNumber: 'A12345' };
    case 'CreateActiveUser':
      return { ...base, FirstName: 'Matrix', LastName: 'Added', Email: `matrix-add-${persona}-${randomUUID().slice(0, 8)}@example.test`, AgencyNumber: AGENCY[persona] };
    case 'SendRecoveryPasswordLink':
      return { ...base, Email: `matrix-forgot-${persona}@example.test` };
    case 'VerifyUser':
    case 'GetUserResetPwdLink':
      return { ...base, Token: 'M'.repeat(43) };
    case 'GetPasswordPolicy':
      return base;
    case 'CreateUserPassword':
      return { ...base, Token: accounts.links[persona] ?? 'M'.repeat(43), Password: `Windshield-${persona}-2931` };
    case 'UserStatus':
      return base;
    case 'UpdateOktaAgency':
      return { ...base, UserId: accounts.member.id, AgencyNumber: AGENCY[persona] };
    case 'UpdateOktaUserProfile':
      return { ...base, Title: `Matrix ${persona}` };
    case 'AssignUserToGroup':
      return { ...base, UserId: accounts.member.id, GroupName: 'SFAD_Agent' };
    case 'AddUserResetPwdLink':
      return { ...base, UserId: accounts.member.id };
    case 'GetUserDetailsByEmail':
      return { ...base, Email: accounts.member.email };
    // Two-step sign-in (issue 14): the code of the secret the persona's StartTotpEnrollment cell answered.
    case 'GetMfaStatus':
    case 'StartTotpEnrollment':
      return base;
    case 'ConfirmTotpEnrollment':
      return { ...base, Code: totpCode(mfaSecrets[persona] ?? DEMO_TOTP_SECRET) };
    case 'RegenerateRecoveryCodes':
    case 'DisableTotp':
      return { ...base, Password: 'Demo!2345' };
    case 'AdvanceWorkOrder':
      return { ...base, WorkOrderId: orders.advance, Status: 'Policyholder contacted', Note: `matrix ${persona}` };
    // manage-account profile.
    case 'GetUserProfile':
      return base;
    case 'GetUserAgentInformation':
      // The internal admin belongs to no agency: they name a user of one.
      return persona === 'internalAdmin' ? { ...base, UserId: matrixUser.id, AgencyNumber: MATRIX_AGENCIES[0] } : { ...base, AgencyNumber: AGENCY[persona] };
    case 'SaveUserAgentInfo':
      return { ...base, FirstName: 'Matrix', LastName: 'Profile', PrimaryPhone: '(813) 555-0100', SecondaryPhone: '', Title: `Matrix ${persona}`, NpnId: '1234567' };
    case 'ChangeUserPassword':
      return { ...base, CurrentPassword: accounts.passwordChangers[persona]?.password ?? 'Demo!2345', NewPassword: `Changed-Windshield-${persona}-8` };
    case 'RequestEmailChange':
      return { ...base, NewEmail: `matrix-new-${persona.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`, CurrentPassword: 'Demo!2345' };
    case 'ConfirmEmailChange':
      return { ...base, Token: accounts.emailLinks[persona] ?? 'M'.repeat(43) };
    // Manage my account: the matrix's own agencies (matrixAccounts()), so that a 200 changes no seeded link.
    case 'GetUserAgencyCarriersByAgentNumber':
      return persona === 'agencyAdmin' ? { ...base, AgentNumber: 'A20077', AgencyNumber: '20077314' } : { ...base, AgentNumber: 'A10045', AgencyNumber: '10045821' };
    case 'UpdateUserAgentCarriers':
      return { ...base, ...(persona === 'agent' ? {} : { UserId: matrixUser.id }), AgencyNumber: MATRIX_AGENCIES[0], InsuranceCompanyIds: [] };
    case 'RemoveXYZAccountsByUserId':
      return persona === 'internalAdmin'
        ? { ...base, UserId: matrixUser.id, AccountNumbers: [MATRIX_AGENCIES[2]] }
        : { ...base, UserId: subs[persona] ?? 'anonymous-user', AccountNumbers: [MATRIX_AGENCIES[1]] };
    case 'RemoveUserFromAgency':
      return { ...base, UserId: matrixUser.id, AgencyNumber: persona === 'internalAdmin' ? '10045821' : '20077314' };
    // Agency onboarding (issue 14)
    case 'GetAgencies':
      return { ...base, AgencyName: 'ridge' };
    case 'GetAllAgenciesForSearch':
      return { ...base, Term: 'Summit' };
    case 'GetAgencyInformationByNumber':
      return { ...base, AccountNumber: '30012967' };
    case 'VerifyUserAgencyInformation':
      // An agency the persona does not belong to yet.
      return { ...base, AgencyNumber: persona === 'agencyAdmin' ? '10045821' : '30012967' };
    case 'GetOnboardingRequests':
      return { ...base, Scope: persona === 'agencyAdmin' || persona === 'internalAdmin' ? 'review' : 'mine' };
    case 'ApproveOnboardingRequest':
      return { ...base, RequestId: onboarding.approve[persona === 'internalAdmin' ? 'internalAdmin' : 'agencyAdmin'] };
    case 'DenyOnboardingRequest':
      return { ...base, RequestId: onboarding.deny[persona === 'internalAdmin' ? 'internalAdmin' : 'agencyAdmin'], Reason: `matrix ${persona}` };
    // Passkeys (issue 14).
    case 'GetPasskeys':
    case 'StartPasskeyRegistration':
      return base;
    case 'FinishPasskeyRegistration':
      return { ...base, Name: `Matrix ${persona}`, Response: passkeys.finish[persona] ?? passkeys.finish.agent ?? { id: 'Q'.repeat(43), rawId: 'Q'.repeat(43), type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', attestationObject: 'oA' } } };
    case 'RenamePasskey':
      return { ...base, Id: passkeys.own(persona), Name: `Renamed by ${persona}` };
    case 'DeletePasskey':
      return { ...base, Id: passkeys.own(persona) };
    // Internal administration (issue 15).
    case 'SendRequestAdminAccessEmail':
      return { ...base, AgencyNumber: AGENCY[persona] };
    case 'GetAdminRequests':
      return { ...base, Status: 'Pending', FilterBy: 'agent_name', Search: 'matrix' };
    case 'ApproveRequest':
      return { ...base, RequestId: adminRequests.approve };
    case 'DenyRequest':
      return { ...base, RequestId: adminRequests.deny, Reason: `matrix ${persona}` };
    case 'ResetMFA':
      return { ...base, UserId: adminRequests.userId };
    case 'GetAuditLog':
      return { ...base, Entity: 'user' };
    case 'Dashboard':
      return base;
    // Agency user administration (issue 15): the matrix's member of Summit Ridge; reactivating an active user changes nothing.
    case 'ListOktaUsersByAgentNumber':
      return { ...base, ...(persona === 'internalAdmin' ? {} : { AgencyNumber: '20077314' }), AgentNumber: 'A' };
    case 'ListOktaUsersByAgentNameOrEmail':
      return { ...base, ...(persona === 'internalAdmin' ? {} : { AgencyNumber: '20077314' }), Term: 'matrix', Sort: 'email', Direction: 'desc', PageSize: '5' };
    case 'ListOktaUsersByPaginationLink':
      return { ...base, Link: userAdminLinks[persona] ?? 'not-a-link' };
    case 'UpdateUserAccountDetails':
      return { ...base, UserId: accounts.member.id, AgencyNumber: '20077314', Title: `Matrix ${persona}` };
    case 'DeactivateUser':
      return { ...base, UserId: accounts.member.id, AgencyNumber: '20077314', Activate: true };
    // Global banners and /Healthcheck (issue 15).
    case 'GetBanner':
    case 'Healthcheck':
    case 'HealthCheckResults':
    case 'GetHealthConfiguration':
      return base;
    case 'GetCurrentBanner':
      return { ...base, today: '2026-01-15' };
    case 'CreateBanner':
      return { ...base, ...MATRIX_BANNER, bannerTitle: `Matrix ${persona}` };
    case 'EditBanner':
      return { ...base, ...MATRIX_BANNER, id: banners.edit, bannerTitle: `Edited by ${persona}` };
    case 'DeleteBanner':
      return { ...base, id: banners.remove };
    case 'UpdateConfiguration':
      return { ...base, name: 'outbox', input: '120', urlOverride: '' };
    // CE courses (issue 16): the matrix's course (room for everyone); each persona cancels a registration of its own.
    case 'GetCECourseList':
      return { ...base, includePast: 'true' };
    case 'GetCECourseDetailByCourseID':
    case 'GetIsRegisteredUser':
      return { ...base, courseId: String(ceMatrix.course) };
    case 'GetValidateCourseIsMaximumLimit':
      return { ...base, courseIds: `${ceMatrix.course},${ceMatrix.other}` };
    case 'GetMyCECourseList':
      return { ...base, view: 'all' };
    case 'AddParticipantLinkDetails':
      return { ...base, CourseID: ceMatrix.course, FirstName: 'Matrix', LastName: 'Reader', Title: '', AgencyName: 'Matrix Agency', Email: `matrix-ce-${persona}@example.test`, Phone: '512-555-0100', NpnId: '', ...CE_ADDRESS };
    case 'ConfirmCECourseLink':
      return { ...base, Token: ceMatrix.token };
    case 'RegisterForCECourse':
      return { ...base, CourseID: ceMatrix.course, ...CE_ADDRESS };
    case 'UpdateMyCECourseRegistration':
      return { ...base, RegistrationID: ceMatrix.own[persona] ?? 1, Action: 'cancel' };
    // CE courses, the CE admins' side (issue 16).
    case 'SaveCourse':
      return { ...base, ...MATRIX_COURSE };
    case 'DeleteCECourse':
      return { ...base, CourseID: ce.remove[persona] ?? ce.course, Action: 'delete' };
    case 'GetCECourseImages':
      return { ...base, imageId: String(ce.image) };
    case 'UploadCECourseImage':
      return { ...base, ContentBase64: MATRIX_PNG };
    case 'GetCECourseRoster':
    case 'GetCECourseStats':
      return { ...base, courseId: String(ce.course) };
    case 'MarkCECourseAttendance':
      return { ...base, RegistrationID: ce.attend, Attended: true };
    case 'GetCECertificate':
      return { ...base, registrationId: String(ce.certificates[persona] ?? ce.certificates.agent) };
    case 'VerifyCECertificate':
      return { ...base, code: 'AAAA-BBBB-CCCC' };
    case 'GetCECases':
      return { ...base, status: 'New', page: '1' };
    case 'UpdateCECase':
      return { ...base, CaseID: ce.caseId, Status: 'InProgress', Note: `Seen by ${persona}` };
    // issue 17: co-branding by client tag (Summit Ridge: an agency of the agent and of the agency admin).
    case 'GetCobrandedAccountNumberByClientTag':
      return { ...base, ClientTag: 'harborpoint' };
    case 'GetIsCobranded':
    case 'GetIsAccountCobranded':
      return { ...base, AccountNumber: '20077314' };
    case 'GetCobrandedLogo':
      return { ...base, AccountNumber: '10045821' };
    case 'GetCobrandedAgencies':
      return { ...base, Search: 'Lakeshore' };
    case 'SaveCobrandedAgency':
      return { ...base, AgencyNumber: '30012967', IsCobranded: false, ClientTag: `matrix-${persona}` };
    // issue 17: shop search
    case 'GetClosestProgramProviders':
      return { ...base, zipCode: '33602' };
    case 'SpecificShopSearch':
      return { ...base, ProviderName: 'Glass', ServiceZipCode: '33602', Distance: 25, PageSize: 10, CountryCode: 'US' };
    // issue 17: single sign-on
    case 'GetAgenciesSSO':
      return { ...base, SearchTerm: 'ridge' };
    case 'SubmitSSOAgencyRequest':
      return { ...base, AgencyNumber: '20077314' };
    case 'AssignOnboardingAgency':
    case 'UpdateOnboardingAgencyClaims':
    case 'VerifySV2OnboardingSwap':
    case 'GetUserDetailsSSO':
      return base;
    // issue 18: experiments
    case 'ExperimentsRun':
      return { ...base, applicationName: 'AgentPortal', deviceId: `matrix-${persona}-device`, triggerEvent: 'SiteEntry', triggerValue: EXPERIMENT_SITE_ENTRY_VALUE };
    case 'GetExperiments':
      return base;
    case 'SaveExperiment':
      return { ...base, ...MATRIX_EXPERIMENT, key: `matrix-${persona.toLowerCase()}` };
    case 'SetExperimentStatus':
      return { ...base, id: experiments.draft || 1, status: 'Running' };
    // issue 18: live chat (prepareChat): the agent's and the agency admin's open chats; the internal admin holds the
    // agent's, the CE admin (care-desk group) the agency admin's; a waiting chat for each staff persona to accept.
    case 'GetChatAvailability':
    case 'GetMyChat':
    case 'GetCareDeskConsole':
      return base;
    case 'StartChat':
      return { ...base, page: '/dashboard', text: `Matrix hello from ${persona}`, clientId: `matrix-start-${persona}` };
    case 'SendChatMessage':
      return { ...base, chatId: chat.held(persona), text: `Matrix message from ${persona}`, clientId: `matrix-${persona}-${randomUUID().slice(0, 8)}` };
    case 'SetChatTyping':
      return { ...base, chatId: chat.held(persona), typing: true };
    case 'MarkChatRead':
      return { ...base, chatId: chat.held(persona), upTo: 1 };
    case 'CreateChatCase':
      return { ...base, subject: 'Matrix case', description: `From ${persona}`, chatId: chat.held(persona) };
    case 'AcceptChat':
      return { ...base, chatId: chat.waiting[persona] ?? chat.agent };
    case 'TransferChat':
      return { ...base, chatId: chat.held(persona), toUserId: persona === 'ceAdmin' ? subs.internalAdmin! : subs.ceAdmin ?? 'unknown' };
    case 'CloseChat':
      return { ...base, chatId: chat.waiting[persona] ?? chat.held(persona), emailTranscript: false };
    case 'SetCareDeskAvailability':
      return { ...base, available: true };
    case 'SetCareDeskMember':
      return { ...base, userId: chat.member || 'unknown', member: true };
    // issue 18: the analytics page
    case 'GetAnalyticsSummary':
      return { ...base, From: '2026-01-01', To: '2026-01-31' };
    default:
      throw new Error(`validRequest: no valid request for route ${name}; add it here and to MATRIX`);
  }
}

/** A next-page cursor of each admin persona (cursors are their caller's only). */
const userAdminLinks: Partial<Record<Persona, string>> = {};
async function prepareUserAdmin() {
  for (const p of ['agencyAdmin', 'internalAdmin'] as const) {
    const q = new URLSearchParams({ ...(p === 'agencyAdmin' ? { AgencyNumber: '20077314' } : {}), PageSize: '1' });
    const res = await callApi(portal, `okta/ListOktaUsersByAgentNameOrEmail?${q}`, { token: tokens[p]! });
    userAdminLinks[p] = (res.json!.result as { NextLink: string }).NextLink;
  }
}

/** A valid banner (issue 15) and the banners the matrix edits and deletes. */
const MATRIX_BANNER = { bannerTitle: 'Matrix', bannerAlertText: 'Matrix banner', urlLabel: 'More', url: 'example.com/more', startDate: '2026-01-01', endDate: '2026-01-31' };
const banners = { edit: 0, remove: 0 };
async function prepareBanners(): Promise<void> {
  const add = async () =>
    (await portal.db.query<{ id: number }>("INSERT INTO global_banners (banner_title, banner_alert_text, start_date, end_date, created_by, modified_by) VALUES ('M', 'M', '2026-01-01', '2026-01-31', 'matrix', 'matrix') RETURNING id"))[0]!.id;
  banners.edit = await add();
  banners.remove = await add();
}

/** Experiments (issue 18): a valid experiment, a draft the matrix starts, a stopped one (never restarts), and a running site-entry one. */
const MATRIX_EXPERIMENT = { name: 'Matrix', triggerEvent: 'PageEntry', triggerValue: '/dashboard', variants: [{ name: 'control', weight: 50 }, { name: 'new', weight: 50 }], goalEvent: 'ClaimSubmitted' };
const experiments = { draft: 0, stopped: 0 };
async function prepareExperiments(): Promise<void> {
  const add = async (key: string, status: string, trigger = 'PageEntry', value = '/dashboard') =>
    (await portal.db.query<{ id: number }>(
      `INSERT INTO experiments (key, name, trigger_event, trigger_value, variants, goal_event, status, created_by, modified_by)
       VALUES ($1, 'M', $2, $3, '[{"name":"a","weight":50},{"name":"b","weight":50}]'::jsonb, 'ClaimSubmitted', $4, 'matrix', 'matrix') RETURNING id`,
      [key, trigger, value, status],
    ))[0]!.id;
  experiments.draft = await add('matrix-draft', 'Draft');
  experiments.stopped = await add('matrix-stopped', 'Stopped');
  await add('matrix-running', 'Running', 'SiteEntry', EXPERIMENT_SITE_ENTRY_VALUE);
}

/**
 * Live chat (issue 18): both staff personas available (seen "until tomorrow": the matrix runs for minutes), the
 * agent's and the agency admin's open chats — the internal admin holds the agent's, the CE admin (care-desk group)
 * the agency admin's — and a waiting chat of a user made for it for each staff persona to accept (and close).
 */
const chat = {
  agent: 0,
  agencyAdmin: 0,
  waiting: {} as Partial<Record<Persona, number>>,
  member: '',
  /** The chat a persona takes part in. */
  held: (p: Persona) => (p === 'agencyAdmin' || p === 'ceAdmin' ? chat.agencyAdmin : chat.agent) || 1,
};
async function prepareChat(): Promise<void> {
  for (const p of ['internalAdmin', 'ceAdmin'] as const) {
    await portal.db.query(
      `INSERT INTO care_desk_staff_status (user_id, available, last_seen_at) VALUES ($1, true, now() + interval '1 day')
       ON CONFLICT (user_id) DO UPDATE SET available = true, last_seen_at = now() + interval '1 day'`,
      [subs[p]!],
    );
  }
  const start = async (p: Persona) => {
    const res = await callApi(portal, 'CareDesk/StartChat', { token: tokens[p]!, body: { AppName: 'AgentPortal', page: '/dashboard' } });
    return (res.json!.result as { id: number }).id;
  };
  chat.agent = await start('agent');
  chat.agencyAdmin = await start('agencyAdmin');
  for (const [p, id] of [['internalAdmin', chat.agent], ['ceAdmin', chat.agencyAdmin]] as const) {
    expect((await callApi(portal, 'CareDesk/AcceptChat', { token: tokens[p]!, body: { AppName: 'AgentPortal', chatId: id } })).status).toBe(200);
  }
  for (const p of ['internalAdmin', 'ceAdmin'] as const) {
    const [u] = await portal.db.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, dashboard_user_role) VALUES ($1, 'Matrix', 'Waiter', 'SFAD_Agent') RETURNING id`,
      [`matrix-chat-${p.toLowerCase()}@example.test`],
    );
    chat.waiting[p] = (await portal.db.query<{ id: number }>("INSERT INTO chats (agent_user_id, page) VALUES ($1, '/dashboard') RETURNING id", [u!.id]))[0]!.id;
  }
  chat.member = (await portal.db.query<{ id: string }>(
    `INSERT INTO users (email, first_name, last_name, dashboard_user_role) VALUES ('matrix-care-desk@example.test', 'Matrix', 'Member', 'SFAD_Agent') RETURNING id`,
  ))[0]!.id;
}

/** CE courses (issue 16): a course with room for every cell, another one, a followed link, and a registration per persona in the other course. */
const CE_ADDRESS = { Address: '1 Matrix Way', City: 'Austin', State: 'TX', Zip: '78701' };
const ceMatrix: { course: number; other: number; token: string; own: Partial<Record<Persona, number>> } = { course: 0, other: 0, token: '', own: {} };
async function prepareCeCourses(): Promise<void> {
  ceMatrix.course = await insertTestCourse(portal.db, { capacity: 100 });
  ceMatrix.other = await insertTestCourse(portal.db, { capacity: 100 });
  const reader = { userId: null, email: 'matrix-ce-link@example.test', firstName: 'Matrix', lastName: 'Link', title: null, agencyName: 'Matrix', agencyNumber: null, phone: '5125550100', npnId: null, address: '1 Main', city: 'Austin', state: 'TX', zip: '78701', lang: 'en' as const };
  await addParticipantLink(portal.db, ceMatrix.course, reader, { joinWaitlist: false });
  const [mail] = await portal.db.query<{ body_text: string }>("SELECT body_text FROM outbox WHERE recipient = 'matrix-ce-link@example.test' ORDER BY id DESC LIMIT 1");
  ceMatrix.token = /#token=([A-Za-z0-9_-]+)/.exec(mail!.body_text)![1]!;
  for (const p of ['agent', 'agencyAdmin', 'internalAdmin', 'ceAdmin'] as const) {
    const r = await registerParticipant(portal.db, ceMatrix.other, { ...reader, userId: subs[p]!, email: EMAIL[p] }, { joinWaitlist: false });
    ceMatrix.own[p] = r.registrationId;
  }
}

/** CE courses (issue 16): a course of today with an image, a registrant to mark, an attended registration per persona, a case. */
const MATRIX_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const MATRIX_COURSE = {
  Title: 'Matrix course', TitleEs: 'Curso matriz', Description: 'D', DescriptionEs: 'D', CreditHours: 1, StatesApproved: ['FL'], Format: 'Webinar',
  WebinarUrl: 'https://meet.example.com/matrix', Date: '2027-05-01', StartTime: '09:00', EndTime: '10:00', TimeZoneId: 'America/New_York', Capacity: 10, Meals: [],
};
const ce = { course: 0, image: 0, attend: 0, caseId: 0, remove: {} as Partial<Record<Persona, number>>, certificates: {} as Partial<Record<Persona, number>> };
async function prepareCeAdmin(): Promise<void> {
  const addCourse = async () =>
    (await portal.db.query<{ id: number }>(
      `INSERT INTO ce_courses (title, title_es, description, description_es, credit_hours, format, webinar_url, starts_at, ends_at, time_zone_id, capacity, created_by, modified_by)
       VALUES ('M', 'M', 'M', 'M', 1, 'Webinar', 'https://meet.example.com/m', now() - interval '1 minute', now() + interval '1 hour', 'America/New_York', 50, 'matrix', 'matrix') RETURNING id`,
    ))[0]!.id;
  ce.course = await addCourse();
  for (const p of PERSONAS) ce.remove[p] = await addCourse();
  ce.image = (await portal.db.query<{ id: number }>(`INSERT INTO ce_course_images (content_type, bytes, sha256, created_by) VALUES ('image/png', decode($1, 'base64'), 'x', 'matrix') RETURNING id`, [MATRIX_PNG]))[0]!.id;
  const reg = async (email: string, status: string, userId: string | null, code: string | null = null) =>
    (await portal.db.query<{ id: number }>(
      `INSERT INTO ce_registrations (course_id, user_id, email, first_name, last_name, npn_id, status, certificate_code, attended_at)
       VALUES ($1, $2, $3, 'M', 'M', '1234567', $4, $5, CASE WHEN $4 = 'Attended' THEN now() END) RETURNING id`,
      [ce.course, userId, email, status, code],
    ))[0]!.id;
  ce.attend = await reg('matrix-attend@example.com', 'Registered', null);
  for (const [i, p] of PERSONAS.entries()) if (p !== 'anonymous') ce.certificates[p] = await reg(`${p}@matrix.example.com`, 'Attended', subs[p]!, `MTRX-CERT-000${i}`);
  await portal.db.query('UPDATE ce_courses SET seats_taken = 5 WHERE id = $1', [ce.course]);
  ce.caseId = (await portal.db.query<{ id: number }>(`INSERT INTO ce_cases (subject, fields) VALUES ('Matrix', '{}'::jsonb) RETURNING id`))[0]!.id;
}

async function send(name: string, persona: Persona) {
  const c: CallContract = CALLS[name as keyof typeof CALLS];
  const input = validRequest(name, persona);
  // A password change ends its user's sign-ins: it runs as a user of the persona's role made for it.
  const token = name === 'ChangeUserPassword' && persona !== 'anonymous' ? accounts.passwordChangers[persona]!.token : tokens[persona];
  const opts = { ...(token ? { token } : {}), headers: { 'Idempotency-Key': `matrix-${name}-${persona}-${randomUUID()}` } };
  const res = c.method === 'GET' ? await callApi(portal, getUrl(c, input), opts) : await callApi(portal, callPath(c), { ...opts, body: input });
  // The secret an enrolment started with: ConfirmTotpEnrollment's cell answers its code.
  if (name === 'StartTotpEnrollment' && res.status === 200) mfaSecrets[persona] = (res.json!.result as { Secret: string }).Secret;
  return res;
}

/** The TOTP secret each persona's StartTotpEnrollment cell answered. */
const mfaSecrets: Partial<Record<Persona, string>> = {};

/** The demo admins come enrolled (issue 14): clear it, so that every persona's enrolment cells start from nothing. */
async function prepareMfa(): Promise<void> {
  for (const p of ['agencyAdmin', 'internalAdmin', 'ceAdmin'] as const) await resetMfa(portal.db, subs[p]!);
}

beforeAll(async () => {
  portal = await startTestPortal();
  car = await demoCar(portal);
  for (const p of PERSONAS) {
    if (p === 'anonymous') continue;
    tokens[p] = (await signInForTokens(portal, EMAIL[p])).access_token;
    subs[p] = String(decodeJwt(tokens[p]!).sub);
  }
  await prepareWorkOrders();
  await matrixAccounts();
  await prepareOnboarding();
  await prepareAdminRequests();
  await prepareAccounts();
  await prepareUserAdmin();
  await preparePasskeys();
  await prepareMfa();
  await prepareBanners();
  await prepareCeCourses();
  await prepareCeAdmin();
  await prepareExperiments();
  await prepareChat();
});
afterAll(async () => {
  await portal?.close();
});

describe('the matrix covers every route', () => {
  it('lists exactly the routes of CALLS (a new route must be added here)', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it('has a valid request for every route and persona', () => {
    for (const name of Object.keys(CALLS)) {
      for (const p of PERSONAS) {
        const req = validRequest(name, p);
        const parsed = CALLS[name as keyof typeof CALLS].request.safeParse(req);
        expect(parsed.success, `${name} as ${p}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });

  it("agrees with the contracts on what is public (a cross-check, the matrix stays the source)", () => {
    for (const [name, row] of Object.entries(MATRIX)) {
      const c = CALLS[name as keyof typeof CALLS];
      if (!c) continue;
      expect(row.anonymous === 200, name).toBe(c.access === 'public');
    }
  });
});

describe('every mounted route is in a table', () => {
  /** The routes the running server really mounts (middleware and catch-alls excluded), regex params simplified. */
  const mounted = () =>
    portal.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/\{[^}]*\}+/g, '')}`);

  it('each dashboard-service route is a call of CALLS listed in MATRIX; each other route is in OTHER_ROUTES', () => {
    const byRoute = new Map(
      [...Object.entries(CALLS), ...Object.entries(STREAMS).map(([name, s]) => [name, s.contract] as const)].map(([name, c]) => [`${c.method} ${callPath(c)}`, name]),
    );
    const unlisted: string[] = [];
    for (const route of mounted()) {
      const path = route.slice(route.indexOf(' ') + 1);
      if (path.startsWith(DASHBOARD_BASE) || path.startsWith(CONTENT_BASE) || path.startsWith(EXPERIMENTS_BASE)) {
        const name = byRoute.get(route);
        if (!name || !(MATRIX[name] || STREAMS[name])) unlisted.push(route);
      } else if (!OTHER_ROUTES[route]) unlisted.push(route);
    }
    expect(unlisted, 'routes the server mounts that no table lists').toEqual([]);
    // And nothing listed that the server does not mount.
    expect(Object.keys(OTHER_ROUTES).filter((r) => !mounted().includes(r))).toEqual([]);
  });

  for (const [route, { anonymousStatus, why }] of Object.entries(OTHER_ROUTES)) {
    it(`${route} → ${anonymousStatus} (${why})`, async () => {
      const [method, path] = route.split(' ') as [string, string];
      const url = `${portal.url}${path.replace(':uid', 'unknownInteraction1')}`;
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        headers: method === 'POST' ? { 'content-type': 'application/json', origin: portal.url } : {},
        body: method === 'POST' ? JSON.stringify({ email: 'agent@demo.test', password: 'Demo!2345' }) : undefined,
      });
      expect(res.status).toBe(anonymousStatus);
    });
  }
});

describe('authorization matrix against the real server', () => {
  for (const name of Object.keys(MATRIX)) {
    for (const persona of PERSONAS) {
      const expected = MATRIX[name]![persona];
      it(`${name} as ${persona} → ${expected}`, async () => {
        const res = await send(name, persona);
        expect(res.status, JSON.stringify(res.json)).toBe(expected);
        if (expected === 200 && CALLS[name as keyof typeof CALLS].download) {
          // A file, not the envelope (the recalibration certificate).
          const type = CALLS[name as keyof typeof CALLS].download!;
          // 'image/*': the file's own type (a course image).
          if (type.endsWith('/*')) expect(res.headers.get('content-type')).toMatch(new RegExp(`^${type.slice(0, -1)}`));
          else expect(res.headers.get('content-type')).toBe(type);
        } else if (expected === 200) {
          expect(res.json).toMatchObject({ isSuccess: true, message: 'Success' });
        } else {
          expect(res.json).toMatchObject({ isSuccess: false, result: null });
          expect(res.json!.message).toBeTruthy();
        }
        if (expected === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
      });
    }
  }
});

describe('streams against the real server', () => {
  for (const [name, { contract, row }] of Object.entries(STREAMS)) {
    for (const persona of PERSONAS) {
      const expected = row[persona];
      it(`${name} as ${persona} → ${expected}`, async () => {
        const ctl = new AbortController();
        const token = tokens[persona];
        const res = await fetch(`${portal.url}${callPath(contract)}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: ctl.signal });
        try {
          expect(res.status).toBe(expected);
          if (expected === 200) {
            expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
            // The first event says the stream is subscribed.
            const reader = res.body!.getReader();
            let text = '';
            while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
            expect(text).toContain('event: ready');
          } else {
            expect(await res.json()).toMatchObject({ isSuccess: false, result: null });
            if (expected === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
          }
        } finally {
          ctl.abort();
        }
      });
    }
  }
});

describe('a refused call changes nothing', () => {
  it('the 401 and 403 cells of mutating routes write no rows', async () => {
    const snapshot = async () => ({
      pageViews: (await portal.db.query('SELECT count(*)::int AS n FROM page_views'))[0],
      sessions: (await portal.db.query('SELECT count(*)::int AS n FROM analytics_sessions'))[0],
      errors: (await portal.db.query('SELECT count(*)::int AS n FROM client_errors'))[0],
      links: await portal.db.query('SELECT user_id, agency_number, is_default_agency, show_agency_change_notification FROM user_agencies ORDER BY 1, 2'),
      logins: await portal.db.query('SELECT id, last_login_at FROM users ORDER BY id'),
      referrals: (await portal.db.query('SELECT count(*)::int AS n FROM referrals'))[0],
      workOrders: (await portal.db.query('SELECT count(*)::int AS n FROM work_orders'))[0],
      workOrderStates: await portal.db.query('SELECT work_order_id, status, updated_at FROM work_orders ORDER BY 1'),
      workOrderEvents: (await portal.db.query('SELECT count(*)::int AS n FROM work_order_events'))[0],
      contactPrefs: await portal.db.query('SELECT * FROM user_contact_prefs ORDER BY user_id'),
      carriers: await portal.db.query('SELECT * FROM user_agency_carriers ORDER BY 1, 2, 3'),
      experiments: await portal.db.query('SELECT id, key, status, modified_at FROM experiments ORDER BY id'),
      exposures: (await portal.db.query('SELECT count(*)::int AS n FROM experiment_exposures'))[0],
      chats: await portal.db.query('SELECT id, status, staff_user_id FROM chats ORDER BY id'),
      chatEvents: (await portal.db.query('SELECT count(*)::int AS n FROM chat_events'))[0],
      careDesk: await portal.db.query('SELECT user_id FROM care_desk_members ORDER BY 1'),
      // (Not the availability log: the server's own sweep may set a staff member of the matrix away meanwhile.)
    });
    const before = await snapshot();
    for (const [name, row] of Object.entries(MATRIX)) {
      if (!CALLS[name as keyof typeof CALLS].mutates) continue;
      for (const p of PERSONAS) if (row[p] !== 200) expect((await send(name, p)).status).toBe(row[p]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

/**
 * Object level: a user of agency A never reads or changes agency B's data, nor another user's.
 * The agent belongs to 10045821 and 20077314; the agency admin to 20077314 and 30012967.
 */
const OBJECT_LEVEL: { who: Persona; call: keyof typeof CALLS; input: () => Record<string, unknown>; expected: number; why: string }[] = [
  { who: 'agent', call: 'GetAccountManagerDetails', input: () => ({ AccountNumber: '30012967' }), expected: 403, why: "another agency's account manager" },
  { who: 'agencyAdmin', call: 'GetAccountManagerDetails', input: () => ({ AccountNumber: '10045821' }), expected: 403, why: "another agency's account manager" },
  { who: 'agent', call: 'UpdateUserDefaultAgency', input: () => ({ AgencyNumber: '30012967' }), expected: 403, why: 'default set to an agency not theirs' },
  { who: 'agent', call: 'ClearAgencyNotificationFlag', input: () => ({ AgencyNumber: '30012967' }), expected: 403, why: "another agency's notification" },
  { who: 'agencyAdmin', call: 'UpdateUserDefaultAgency', input: () => ({ AgencyNumber: '10045821' }), expected: 403, why: 'default set to an agency not theirs' },
  { who: 'agent', call: 'GetUserDetails', input: () => ({ userId: subs.agencyAdmin }), expected: 403, why: "another user's details" },
  { who: 'agencyAdmin', call: 'GetUserDetails', input: () => ({ userId: subs.agent }), expected: 403, why: "another user's details (same agency)" },
  { who: 'ceAdmin', call: 'GetUserDetails', input: () => ({ userId: subs.agent }), expected: 403, why: "another user's details" },
  { who: 'agent', call: 'CreateReferral', input: () => referralRequest('30012967', car), expected: 403, why: 'a claim filed for an agency not theirs' },
  { who: 'agencyAdmin', call: 'CreateReferral', input: () => referralRequest('10045821', car), expected: 403, why: 'a claim filed for an agency not theirs' },
  { who: 'agent', call: 'GetCarrierSettings', input: () => ({ AccountNumber: '30012967' }), expected: 403, why: "another agency's carriers" },
  { who: 'agent', call: 'GetOpenWorkOrders', input: () => ({ AgencyNumber: '30012967' }), expected: 403, why: "another agency's work orders" },
  { who: 'agencyAdmin', call: 'GetDashboardWorkOrders', input: () => ({ AgencyNumber: '10045821' }), expected: 403, why: "another agency's dashboard" },
  { who: 'agencyAdmin', call: 'ServiceActivityDetail', input: () => ({ ...orders.detail.agent! }), expected: 404, why: "another agency's work order" },
  { who: 'agent', call: 'GetSurveyDetails', input: () => ({ WorkOrderId: orders.survey.agencyAdmin! }), expected: 404, why: "a survey of an order the agent did not file" },
  { who: 'agent', call: 'DownloadRecalibrationCertificate', input: () => ({ WorkOrderId: orders.certificate.agencyAdmin! }), expected: 404, why: "a certificate of an order the agent did not file" },
  { who: 'agencyAdmin', call: 'ResubmitFailedReferral', input: () => ({ WorkOrderId: orders.failed.agent! }), expected: 404, why: "another agency's failed referral" },
  { who: 'agent', call: 'GetAgencyInsuranceCompanyNamesById', input: () => ({ AgencyNumber: '30012967' }), expected: 403, why: "another agency's carriers" },
  { who: 'agent', call: 'GenerateSelfServiceUrl', input: () => ({ UserId: subs.agencyAdmin, ReturnUrl: '/dashboard/start-claim' }), expected: 403, why: "another user's self-service link" },
  { who: 'agent', call: 'GetUserAgentContactPrefs', input: () => ({ userId: subs.agencyAdmin }), expected: 403, why: "another user's contact preferences" },
  { who: 'agencyAdmin', call: 'UpdateUserAgentContactPrefs', input: () => ({ ...validRequest('UpdateUserAgentContactPrefs', 'agencyAdmin'), UserId: subs.agent }), expected: 403, why: "another user's contact preferences" },
  // Manage my account (issue 14).
  { who: 'agent', call: 'GetUserAgencyCarriersByAgentNumber', input: () => ({ AgentNumber: 'A20077', AgencyNumber: '20077314' }), expected: 403, why: "another agent's carriers (same agency)" },
  { who: 'agencyAdmin', call: 'GetUserAgencyCarriersByAgentNumber', input: () => ({ AgentNumber: 'A10045', AgencyNumber: '10045821' }), expected: 403, why: 'the carriers of an agent of an agency not theirs' },
  { who: 'agent', call: 'UpdateUserAgentCarriers', input: () => ({ UserId: subs.agencyAdmin, AgencyNumber: '20077314', InsuranceCompanyIds: [] }), expected: 403, why: "another user's carriers" },
  { who: 'agencyAdmin', call: 'UpdateUserAgentCarriers', input: () => ({ UserId: subs.agent, AgencyNumber: '10045821', InsuranceCompanyIds: [] }), expected: 403, why: 'carriers of a user on an agency not theirs' },
  { who: 'agent', call: 'UpdateUserAgentCarriers', input: () => ({ AgencyNumber: '30012967', InsuranceCompanyIds: [] }), expected: 403, why: 'own carriers on an agency not theirs' },
  { who: 'agent', call: 'RemoveXYZAccountsByUserId', input: () => ({ UserId: subs.agencyAdmin, AccountNumbers: ['20077314'] }), expected: 403, why: "another user's agencies" },
  { who: 'agencyAdmin', call: 'RemoveXYZAccountsByUserId', input: () => ({ UserId: subs.agent, AccountNumbers: ['20077314'] }), expected: 403, why: "another user's agencies (an agency the admin administers)" },
  { who: 'agencyAdmin', call: 'RemoveUserFromAgency', input: () => ({ UserId: subs.agent, AgencyNumber: '10045821' }), expected: 403, why: 'a user removed from an agency not theirs' },
  // Internal administration (issue 15).
  { who: 'agent', call: 'SendRequestAdminAccessEmail', input: () => ({ AgencyNumber: '30012967' }), expected: 403, why: 'admin access to an agency not theirs' },
  { who: 'agencyAdmin', call: 'GetAuditLog', input: () => ({ AgencyNumber: '10045821' }), expected: 403, why: "another agency's audit rows" },
  // Agency onboarding (issue 14)
  { who: 'agencyAdmin', call: 'ApproveOnboardingRequest', input: () => ({ RequestId: onboarding.otherAgency }), expected: 403, why: "a request to join another agency" },
  { who: 'agencyAdmin', call: 'DenyOnboardingRequest', input: () => ({ RequestId: onboarding.otherAgency, Reason: 'Not ours' }), expected: 403, why: "a request to join another agency" },
  { who: 'agent', call: 'ApproveOnboardingRequest', input: () => ({ RequestId: onboarding.otherAgency }), expected: 403, why: 'an agent approving a request' },
  // Accounts (issue 14): admins manage users of their agencies only; others their own account only.
  { who: 'agent', call: 'UserStatus', input: () => ({ UserId: accounts.member.id }), expected: 403, why: "another user's status" },
  { who: 'ceAdmin', call: 'UserStatus', input: () => ({ UserId: accounts.member.id }), expected: 403, why: "another user's status" },
  { who: 'agencyAdmin', call: 'UserStatus', input: () => ({ UserId: accounts.outsider.id }), expected: 403, why: "the status of a user of another agency" },
  { who: 'agent', call: 'UpdateOktaUserProfile', input: () => ({ UserId: accounts.member.id, Title: 'Hijacked' }), expected: 403, why: "another user's profile" },
  { who: 'agencyAdmin', call: 'UpdateOktaUserProfile', input: () => ({ UserId: accounts.outsider.id, Title: 'Hijacked' }), expected: 403, why: "the profile of a user of another agency" },
  { who: 'agencyAdmin', call: 'UpdateOktaAgency', input: () => ({ UserId: accounts.member.id, AgencyNumber: '10045821' }), expected: 403, why: 'a user linked to an agency not theirs' },
  { who: 'agencyAdmin', call: 'UpdateOktaAgency', input: () => ({ UserId: accounts.outsider.id, AgencyNumber: '20077314' }), expected: 403, why: 'a user of another agency pulled into theirs' },
  { who: 'agencyAdmin', call: 'AssignUserToGroup', input: () => ({ UserId: accounts.outsider.id, GroupName: 'SFAD_Admin' }), expected: 403, why: 'the role of a user of another agency' },
  { who: 'agencyAdmin', call: 'AssignUserToGroup', input: () => ({ UserId: accounts.member.id, GroupName: 'SFAD_InternalAdmin' }), expected: 403, why: 'an internal-admin role granted by an agency admin' },
  { who: 'agencyAdmin', call: 'AddUserResetPwdLink', input: () => ({ UserId: accounts.outsider.id }), expected: 403, why: 'a reset link for a user of another agency' },
  { who: 'agencyAdmin', call: 'CreateActiveUser', input: () => ({ FirstName: 'Matrix', LastName: 'Added', Email: 'matrix-cross@example.test', AgencyNumber: '10045821' }), expected: 403, why: 'a user created in an agency not theirs' },
  { who: 'agencyAdmin', call: 'GetUserDetailsByEmail', input: () => ({ Email: accounts.outsider.email }), expected: 404, why: 'a user of another agency (answered as unknown)' },
  // Passkeys (issue 14): a user's passkeys are theirs alone, whatever the caller's role (answered as unknown).
  { who: 'agent', call: 'GetPasskeys', input: () => ({ UserId: subs.agencyAdmin }), expected: 400, why: "another user's passkeys cannot even be asked for" },
  { who: 'agent', call: 'RenamePasskey', input: () => ({ Id: passkeys.victim('agencyAdmin'), Name: 'Hijacked' }), expected: 404, why: "another user's passkey renamed" },
  { who: 'agent', call: 'DeletePasskey', input: () => ({ Id: passkeys.victim('agencyAdmin') }), expected: 404, why: "another user's passkey removed" },
  { who: 'agencyAdmin', call: 'DeletePasskey', input: () => ({ Id: passkeys.victim('agent') }), expected: 404, why: "a passkey of a user of the admin's agency removed" },
  { who: 'internalAdmin', call: 'RenamePasskey', input: () => ({ Id: passkeys.victim('agent'), Name: 'Hijacked' }), expected: 404, why: "another user's passkey renamed (not even an internal admin)" },
  { who: 'ceAdmin', call: 'DeletePasskey', input: () => ({ Id: passkeys.victim('agencyAdmin') }), expected: 404, why: "another user's passkey removed" },
  // manage-account profile (issue 14): one's own profile; an agency admin also their agencies' users.
  { who: 'agent', call: 'SaveUserAgentInfo', input: () => ({ ...validRequest('SaveUserAgentInfo', 'agent'), UserId: subs.agencyAdmin }), expected: 403, why: "another user's profile (same agency)" },
  { who: 'agencyAdmin', call: 'SaveUserAgentInfo', input: () => ({ ...validRequest('SaveUserAgentInfo', 'agencyAdmin'), UserId: accounts.outsider.id }), expected: 403, why: 'the profile of a user of another agency' },
  { who: 'ceAdmin', call: 'SaveUserAgentInfo', input: () => ({ ...validRequest('SaveUserAgentInfo', 'ceAdmin'), UserId: subs.agent }), expected: 403, why: "another user's profile" },
  { who: 'agent', call: 'GetUserAgentInformation', input: () => ({ UserId: subs.agencyAdmin, AgencyNumber: '20077314' }), expected: 403, why: "another user's agent information (same agency)" },
  { who: 'agent', call: 'GetUserAgentInformation', input: () => ({ AgencyNumber: '30012967' }), expected: 403, why: 'own agent information on an agency not theirs' },
  { who: 'agencyAdmin', call: 'GetUserAgentInformation', input: () => ({ UserId: subs.agent, AgencyNumber: '10045821' }), expected: 403, why: 'the agent information of a user on an agency not theirs' },
  // Agency user administration (issue 15): an admin of Summit Ridge gets nothing of Harbor Point.
  { who: 'agencyAdmin', call: 'ListOktaUsersByAgentNameOrEmail', input: () => ({ AgencyNumber: '10045821' }), expected: 403, why: "the users of another agency" },
  { who: 'agencyAdmin', call: 'ListOktaUsersByAgentNumber', input: () => ({ AgencyNumber: '10045821', AgentNumber: 'A' }), expected: 403, why: "the users of another agency by agent number" },
  { who: 'agencyAdmin', call: 'ListOktaUsersByPaginationLink', input: () => ({ Link: userAdminLinks.internalAdmin! }), expected: 400, why: "another admin's cursor (all agencies)" },
  { who: 'agencyAdmin', call: 'UpdateUserAccountDetails', input: () => ({ UserId: accounts.outsider.id, AgencyNumber: '10045821', GroupId: 'SFAD_Admin' }), expected: 403, why: 'the role of a user of another agency' },
  { who: 'agencyAdmin', call: 'UpdateUserAccountDetails', input: () => ({ UserId: accounts.outsider.id, AgencyNumber: '20077314', Title: 'Hijacked' }), expected: 404, why: 'a user of another agency named on their own agency' },
  { who: 'agencyAdmin', call: 'DeactivateUser', input: () => ({ UserId: accounts.outsider.id, AgencyNumber: '10045821' }), expected: 403, why: 'a user of another agency deactivated' },
  { who: 'agencyAdmin', call: 'DeactivateUser', input: () => ({ UserId: accounts.outsider.id, AgencyNumber: '20077314' }), expected: 404, why: 'a user of another agency named on their own agency' },
  // Global banners (issue 15): global records, no owner; a banner that is not there is answered as unknown.
  { who: 'internalAdmin', call: 'EditBanner', input: () => ({ ...MATRIX_BANNER, id: 999999 }), expected: 404, why: 'a banner that does not exist' },
  { who: 'internalAdmin', call: 'DeleteBanner', input: () => ({ id: 999999 }), expected: 404, why: 'a banner that does not exist' },
  // CE courses (issue 16): a registration is its registrant's alone; an agent registers only through their own agencies.
  { who: 'agent', call: 'UpdateMyCECourseRegistration', input: () => ({ RegistrationID: ceMatrix.own.agencyAdmin!, Action: 'cancel' }), expected: 404, why: "another user's registration cancelled" },
  { who: 'agencyAdmin', call: 'UpdateMyCECourseRegistration', input: () => ({ RegistrationID: ceMatrix.own.agent!, Action: 'acceptOffer' }), expected: 404, why: "an agent of another agency's registration" },
  { who: 'agent', call: 'RegisterForCECourse', input: () => ({ CourseID: ceMatrix.course, AgencyNumber: '30012967', ...CE_ADDRESS }), expected: 403, why: 'a registration through an agency not theirs' },
  // CE courses (issue 16): a certificate is its registrant's (or a CE admin's) only; unknown objects are unknown.
  { who: 'agent', call: 'GetCECertificate', input: () => ({ registrationId: String(ce.certificates.agencyAdmin) }), expected: 404, why: "another user's certificate" },
  { who: 'agencyAdmin', call: 'GetCECertificate', input: () => ({ registrationId: String(ce.certificates.agent) }), expected: 404, why: "another user's certificate" },
  { who: 'ceAdmin', call: 'DeleteCECourse', input: () => ({ CourseID: 999999 }), expected: 404, why: 'a course that does not exist' },
  { who: 'ceAdmin', call: 'MarkCECourseAttendance', input: () => ({ RegistrationID: 999999, Attended: true }), expected: 404, why: 'a registration that does not exist' },
  { who: 'ceAdmin', call: 'UpdateCECase', input: () => ({ CaseID: 999999, Status: 'Closed' }), expected: 404, why: 'a case that does not exist' },
  // issue 17: co-branding. An agent asks only about their own agencies; a plain agency has no logo; unknown agencies are unknown.
  { who: 'agent', call: 'GetIsAccountCobranded', input: () => ({ AccountNumber: '30012967' }), expected: 403, why: 'an agency not theirs' },
  { who: 'agencyAdmin', call: 'GetIsAccountCobranded', input: () => ({ AccountNumber: '10045821' }), expected: 403, why: 'an agency not theirs' },
  { who: 'anonymous', call: 'GetCobrandedLogo', input: () => ({ AccountNumber: '30012967' }), expected: 404, why: 'a plain agency has no logo' },
  { who: 'internalAdmin', call: 'SaveCobrandedAgency', input: () => ({ AgencyNumber: '99999999', IsCobranded: false }), expected: 404, why: 'an agency that does not exist' },
  // issue 18: experiments — global records, no owner: an unknown one is unknown; a stopped one never restarts nor changes.
  { who: 'internalAdmin', call: 'SetExperimentStatus', input: () => ({ id: 999999, status: 'Running' }), expected: 404, why: 'an experiment that does not exist' },
  { who: 'internalAdmin', call: 'SaveExperiment', input: () => ({ ...MATRIX_EXPERIMENT, id: 999999, key: 'matrix-unknown' }), expected: 404, why: 'an experiment that does not exist' },
  { who: 'internalAdmin', call: 'SetExperimentStatus', input: () => ({ id: experiments.stopped, status: 'Running' }), expected: 409, why: 'a stopped experiment restarted' },
  { who: 'internalAdmin', call: 'SaveExperiment', input: () => ({ ...MATRIX_EXPERIMENT, id: experiments.stopped, key: 'matrix-stopped' }), expected: 409, why: 'a stopped experiment edited' },
  // issue 18: live chat — an agent's chat is theirs alone (another's id is unknown); staff act only on chats they hold.
  { who: 'agencyAdmin', call: 'SendChatMessage', input: () => ({ chatId: chat.agent, text: 'Hijacked', clientId: 'matrix-hijack-1' }), expected: 404, why: "another agent's chat (another agency)" },
  { who: 'agent', call: 'SetChatTyping', input: () => ({ chatId: chat.agencyAdmin, typing: true }), expected: 404, why: "another agent's chat" },
  { who: 'agent', call: 'MarkChatRead', input: () => ({ chatId: chat.agencyAdmin, upTo: 1 }), expected: 404, why: "another agent's chat read" },
  { who: 'agent', call: 'CloseChat', input: () => ({ chatId: chat.agencyAdmin, emailTranscript: true }), expected: 404, why: "another agent's chat closed (and its transcript mailed)" },
  { who: 'agencyAdmin', call: 'CreateChatCase', input: () => ({ subject: 'Hijacked', description: 'x', chatId: chat.agent }), expected: 404, why: "a case carrying another agent's conversation" },
  { who: 'ceAdmin', call: 'SendChatMessage', input: () => ({ chatId: chat.waiting.internalAdmin!, text: 'Mine now', clientId: 'matrix-hijack-2' }), expected: 403, why: 'a chat another staff member holds' },
  { who: 'internalAdmin', call: 'AcceptChat', input: () => ({ chatId: 999999 }), expected: 404, why: 'a chat that does not exist' },
];

describe('object-level checks', () => {
  for (const c of OBJECT_LEVEL) {
    it(`${c.call} as ${c.who}: ${c.why} → ${c.expected}, nothing changed`, async () => {
      const before = await portal.db.query('SELECT user_id, agency_number, is_default_agency, show_agency_change_notification FROM user_agencies ORDER BY 1, 2');
      const prefsBefore = await portal.db.query('SELECT * FROM user_contact_prefs ORDER BY user_id');
      const carriersBefore = await portal.db.query('SELECT * FROM user_agency_carriers ORDER BY 1, 2, 3');
      const referralsBefore = await portal.db.query('SELECT count(*)::int AS n FROM referrals');
      const ordersBefore = await portal.db.query('SELECT work_order_id, status, updated_at FROM work_orders ORDER BY 1');
      const requestsBefore = await portal.db.query('SELECT id, status, decided_by FROM onboarding_requests ORDER BY 1');
      const passkeysBefore = await portal.db.query('SELECT id, user_id, name, counter, last_used_at FROM passkeys ORDER BY 1');
      const contract = CALLS[c.call];
      const input = { AppName: 'AgentPortal', ...c.input() };
      const res =
        contract.method === 'GET'
          ? await callApi(portal, `${contract.path}?${new URLSearchParams(input as Record<string, string>)}`, { token: tokens[c.who]! })
          : await callApi(portal, contract.path, { token: tokens[c.who]!, body: input, headers: { 'Idempotency-Key': randomUUID() } });
      expect(res.status, JSON.stringify(res.json)).toBe(c.expected);
      expect(res.json).toMatchObject({ isSuccess: false, result: null });
      expect(await portal.db.query('SELECT user_id, agency_number, is_default_agency, show_agency_change_notification FROM user_agencies ORDER BY 1, 2')).toEqual(before);
      expect(await portal.db.query('SELECT count(*)::int AS n FROM referrals')).toEqual(referralsBefore);
      expect(await portal.db.query('SELECT work_order_id, status, updated_at FROM work_orders ORDER BY 1')).toEqual(ordersBefore);
      expect(await portal.db.query('SELECT * FROM user_contact_prefs ORDER BY user_id')).toEqual(prefsBefore);
      expect(await portal.db.query('SELECT * FROM user_agency_carriers ORDER BY 1, 2, 3')).toEqual(carriersBefore);
      expect(await portal.db.query('SELECT id, status, decided_by FROM onboarding_requests ORDER BY 1')).toEqual(requestsBefore);
      expect(await portal.db.query('SELECT id, user_id, name, counter, last_used_at FROM passkeys ORDER BY 1')).toEqual(passkeysBefore);
    });
  }
});
