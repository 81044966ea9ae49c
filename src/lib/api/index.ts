import * as AccountManager from './account-manager.ts';
import * as AgencySearch from './agency-search.ts';
import * as Carrier from './carrier.ts';
import * as CeAdmin from './ce-admin.ts';
import * as CeCourses from './ce-courses.ts';
import * as Cobranded from './cobranded.ts';
import * as ContactPrefs from './contact-prefs.ts';
import * as ManageAccount from './manage-account.ts';
import * as Mfa from './mfa.ts';
import * as Content from './content.ts';
import * as ContentAdmin from './content-admin.ts';
import * as GlobalBanner from './global-banner.ts';
import * as Health from './healthcheck.ts';
import type { CallContract } from './contract.ts';
import * as InternalAdmin from './internal-admin.ts';
import * as Okta from './okta.ts';
import * as Passkeys from './passkeys.ts';
import * as Platform from './platform.ts';
import * as Tracking from './tracking.ts';
import * as QuickQuote from './quick-quote.ts';
import * as QuickSubmit from './quick-submit.ts';
import * as States from './states.ts';
import * as SsoAgency from './sso-agency.ts';
import * as User from './user.ts';
import * as UserCalls from './user-calls.ts';
import * as UserAdmin from './user-admin.ts';
import * as WorkOrders from './work-orders.ts';
// issue 17: shop search
import * as ShopSearch from './shop-search.ts';
// issue 18: experiments
import * as Experiments from './experiments.ts';
// issue 18: live chat
import * as Chat from './chat.ts';
import * as Analytics from './analytics.ts';

export * from './contract.ts';

/** Every dashboard-service call, by the spec's name: the router, the client and the tests read this. */
export const CALLS = {
  Setup: Platform.Setup,
  SetupAnalytics: Tracking.SetupAnalytics,
  LogPageView: Tracking.LogPageView,
  ViewError: Platform.ViewError,
  GetStates: States.GetStates,
  GetTimeZones: States.GetTimeZones,
  GetCECourseList: CeCourses.GetCECourseList,
  GetCECourseDetailByCourseID: CeCourses.GetCECourseDetailByCourseID,
  GetValidateCourseIsMaximumLimit: CeCourses.GetValidateCourseIsMaximumLimit,
  GetIsRegisteredUser: CeCourses.GetIsRegisteredUser,
  GetMyCECourseList: CeCourses.GetMyCECourseList,
  AddParticipantLinkDetails: CeCourses.AddParticipantLinkDetails,
  RegisterForCECourse: CeCourses.RegisterForCECourse,
  ConfirmCECourseLink: CeCourses.ConfirmCECourseLink,
  UpdateMyCECourseRegistration: CeCourses.UpdateMyCECourseRegistration,
  SaveCourse: CeAdmin.SaveCourse,
  DeleteCECourse: CeAdmin.DeleteCECourse,
  GetCECourseImages: CeAdmin.GetCECourseImages,
  UploadCECourseImage: CeAdmin.UploadCECourseImage,
  GetCECourseRoster: CeAdmin.GetCECourseRoster,
  MarkCECourseAttendance: CeAdmin.MarkCECourseAttendance,
  GetCECertificate: CeAdmin.GetCECertificate,
  VerifyCECertificate: CeAdmin.VerifyCECertificate,
  GetCECourseStats: CeAdmin.GetCECourseStats,
  GetCECases: CeAdmin.GetCECases,
  UpdateCECase: CeAdmin.UpdateCECase,
  GetAccountManagerDetails: AccountManager.GetAccountManagerDetails,
  GetUserDetails: User.GetUserDetails,
  GetUserAgencyList: User.GetUserAgencyList,
  UpdateUserDefaultAgency: User.UpdateUserDefaultAgency,
  ClearAgencyNotificationFlag: UserCalls.ClearAgencyNotificationFlag,
  NotifyUserLoggedIn: UserCalls.NotifyUserLoggedIn,
  GetInsuranceCompanies: User.GetInsuranceCompanies,
  GetUserAgentContactPrefs: ContactPrefs.GetUserAgentContactPrefs,
  UpdateUserAgentContactPrefs: ContactPrefs.UpdateUserAgentContactPrefs,
  GetUserAgencyCarriersByAgentNumber: ManageAccount.GetUserAgencyCarriersByAgentNumber,
  UpdateUserAgentCarriers: ManageAccount.UpdateUserAgentCarriers,
  RemoveXYZAccountsByUserId: ManageAccount.RemoveXYZAccountsByUserId,
  RemoveUserFromAgency: ManageAccount.RemoveUserFromAgency,
  GetUserProfile: ManageAccount.GetUserProfile,
  GetUserAgentInformation: ManageAccount.GetUserAgentInformation,
  SaveUserAgentInfo: ManageAccount.SaveUserAgentInfo,
  ChangeUserPassword: ManageAccount.ChangeUserPassword,
  RequestEmailChange: ManageAccount.RequestEmailChange,
  ConfirmEmailChange: ManageAccount.ConfirmEmailChange,
  GetCityAddress: QuickQuote.GetCityAddress,
  ValidateProviderService: QuickQuote.ValidateProviderService,
  GetVehicleYears: QuickQuote.GetVehicleYears,
  GetVehicleMakes: QuickQuote.GetVehicleMakes,
  GetVehicleModels: QuickQuote.GetVehicleModels,
  GetVehicleStyles: QuickQuote.GetVehicleStyles,
  GetVehicleInfoByVin: QuickQuote.GetVehicleInfoByVin,
  GetVehicleInformationByYMMS: QuickQuote.GetVehicleInformationByYMMS,
  GetBigTruckVehicleInfo: QuickQuote.GetBigTruckVehicleInfo,
  GetApplicableClosestProviders: QuickQuote.GetApplicableClosestProviders,
  GetGlassOptionsByCarId: QuickQuote.GetGlassOptionsByCarId,
  GetProblemQuestions: QuickQuote.GetProblemQuestions,
  GetProblemPropertyQuestions: QuickQuote.GetProblemPropertyQuestions,
  GetQuote: QuickQuote.GetQuote,
  CreateReferral: QuickSubmit.CreateReferral,
  GetCarrierSettings: Carrier.GetCarrierSettings,
  GenerateSelfServiceUrl: Cobranded.GenerateSelfServiceUrl,
  GetContents: Content.GetContents,
  ArticleList: Content.ArticleList,
  TagList: Content.TagList,
  SearchContent: Content.SearchContent,
  ContentHealthcheck: Content.ContentHealthcheck,
  ContentHealthCheckResults: Content.ContentHealthCheckResults,
  ListEditableArticles: ContentAdmin.ListEditableArticles,
  GetEditableArticle: ContentAdmin.GetEditableArticle,
  SaveArticle: ContentAdmin.SaveArticle,
  PreviewArticle: ContentAdmin.PreviewArticle,
  PublishSite: ContentAdmin.PublishSite,
  GetPublishStatus: ContentAdmin.GetPublishStatus,
  GetDashboardWorkOrders: WorkOrders.GetDashboardWorkOrders,
  GetOpenWorkOrders: WorkOrders.GetOpenWorkOrders,
  GetCompletedWorkOrders: WorkOrders.GetCompletedWorkOrders,
  ServiceActivityDetail: WorkOrders.ServiceActivityDetail,
  GetSurveyDetails: WorkOrders.GetSurveyDetails,
  DownloadRecalibrationCertificate: WorkOrders.DownloadRecalibrationCertificate,
  ResubmitFailedReferral: WorkOrders.ResubmitFailedReferral,
  GetAgentInsuranceCompanyNamesById: WorkOrders.GetAgentInsuranceCompanyNamesById,
  GetAgencyInsuranceCompanyNamesById: WorkOrders.GetAgencyInsuranceCompanyNamesById,
  GetWorkOrderConsole: WorkOrders.GetWorkOrderConsole,
  AdvanceWorkOrder: WorkOrders.AdvanceWorkOrder,
  // Agency onboarding (issue 14).
  GetAgencies: AgencySearch.GetAgencies,
  GetAllAgenciesForSearch: AgencySearch.GetAllAgenciesForSearch,
  GetAgencyInformationByNumber: AgencySearch.GetAgencyInformationByNumber,
  VerifyUserAgencyInformation: AgencySearch.VerifyUserAgencyInformation,
  GetOnboardingRequests: AgencySearch.GetOnboardingRequests,
  ApproveOnboardingRequest: AgencySearch.ApproveOnboardingRequest,
  DenyOnboardingRequest: AgencySearch.DenyOnboardingRequest,
  // Accounts (issue 14): the identity store.
  CreateInactiveUser: Okta.CreateInactiveUser,
  CreateActiveUser: Okta.CreateActiveUser,
  SendRecoveryPasswordLink: Okta.SendRecoveryPasswordLink,
  VerifyUser: Okta.VerifyUser,
  GetPasswordPolicy: Okta.GetPasswordPolicy,
  CreateUserPassword: Okta.CreateUserPassword,
  UserStatus: Okta.UserStatus,
  UpdateOktaAgency: Okta.UpdateOktaAgency,
  UpdateOktaUserProfile: Okta.UpdateOktaUserProfile,
  AssignUserToGroup: Okta.AssignUserToGroup,
  AddUserResetPwdLink: Okta.AddUserResetPwdLink,
  GetUserResetPwdLink: Okta.GetUserResetPwdLink,
  GetUserDetailsByEmail: Okta.GetUserDetailsByEmail,
  // Passkeys (issue 14).
  GetPasskeys: Passkeys.GetPasskeys,
  StartPasskeyRegistration: Passkeys.StartPasskeyRegistration,
  FinishPasskeyRegistration: Passkeys.FinishPasskeyRegistration,
  RenamePasskey: Passkeys.RenamePasskey,
  DeletePasskey: Passkeys.DeletePasskey,
  // Two-step sign-in (issue 14).
  GetMfaStatus: Mfa.GetMfaStatus,
  StartTotpEnrollment: Mfa.StartTotpEnrollment,
  ConfirmTotpEnrollment: Mfa.ConfirmTotpEnrollment,
  RegenerateRecoveryCodes: Mfa.RegenerateRecoveryCodes,
  DisableTotp: Mfa.DisableTotp,
  // Internal administration (issue 15).
  SendRequestAdminAccessEmail: InternalAdmin.SendRequestAdminAccessEmail,
  GetAdminRequests: InternalAdmin.GetAdminRequests,
  ApproveRequest: InternalAdmin.ApproveRequest,
  DenyRequest: InternalAdmin.DenyRequest,
  ResetMFA: InternalAdmin.ResetMFA,
  GetAuditLog: InternalAdmin.GetAuditLog,
  Dashboard: InternalAdmin.Dashboard,
  // Agency user administration (issue 15).
  ListOktaUsersByAgentNumber: UserAdmin.ListOktaUsersByAgentNumber,
  ListOktaUsersByAgentNameOrEmail: UserAdmin.ListOktaUsersByAgentNameOrEmail,
  ListOktaUsersByPaginationLink: UserAdmin.ListOktaUsersByPaginationLink,
  UpdateUserAccountDetails: UserAdmin.UpdateUserAccountDetails,
  DeactivateUser: UserAdmin.DeactivateUser,
  // Global banners and /Healthcheck (issue 15).
  GetBanner: GlobalBanner.GetBanner,
  GetCurrentBanner: GlobalBanner.GetCurrentBanner,
  CreateBanner: GlobalBanner.CreateBanner,
  EditBanner: GlobalBanner.EditBanner,
  DeleteBanner: GlobalBanner.DeleteBanner,
  Healthcheck: Health.Healthcheck,
  HealthCheckResults: Health.HealthCheckResults,
  GetHealthConfiguration: Health.GetHealthConfiguration,
  UpdateConfiguration: Health.UpdateConfiguration,
  // issue 17: co-branding by client tag.
  GetCobrandedAccountNumberByClientTag: Cobranded.GetCobrandedAccountNumberByClientTag,
  GetIsCobranded: Cobranded.GetIsCobranded,
  GetIsAccountCobranded: Cobranded.GetIsAccountCobranded,
  GetCobrandedLogo: Cobranded.GetCobrandedLogo,
  GetCobrandedAgencies: Cobranded.GetCobrandedAgencies,
  SaveCobrandedAgency: Cobranded.SaveCobrandedAgency,
  // issue 17: shop search
  GetClosestProgramProviders: ShopSearch.GetClosestProgramProviders,
  SpecificShopSearch: ShopSearch.SpecificShopSearch,
  // issue 17: single sign-on
  GetAgenciesSSO: SsoAgency.GetAgenciesSSO,
  SubmitSSOAgencyRequest: SsoAgency.SubmitSSOAgencyRequest,
  AssignOnboardingAgency: SsoAgency.AssignOnboardingAgency,
  UpdateOnboardingAgencyClaims: SsoAgency.UpdateOnboardingAgencyClaims,
  VerifySV2OnboardingSwap: SsoAgency.VerifySV2OnboardingSwap,
  GetUserDetailsSSO: SsoAgency.GetUserDetailsSSO,
  // issue 18: experiments (ExperimentsRun on the experiments service, EXPERIMENTS_BASE).
  ExperimentsRun: Experiments.ExperimentsRun,
  GetExperiments: Experiments.GetExperiments,
  SaveExperiment: Experiments.SaveExperiment,
  SetExperimentStatus: Experiments.SetExperimentStatus,
  // issue 18: live chat with the Agency Care Desk (ChatEvents is a stream: not here, like AgencyWorkOrderEvents).
  GetChatAvailability: Chat.GetChatAvailability,
  GetMyChat: Chat.GetMyChat,
  StartChat: Chat.StartChat,
  SendChatMessage: Chat.SendChatMessage,
  SetChatTyping: Chat.SetChatTyping,
  MarkChatRead: Chat.MarkChatRead,
  CloseChat: Chat.CloseChat,
  CreateChatCase: Chat.CreateChatCase,
  GetCareDeskConsole: Chat.GetCareDeskConsole,
  SetCareDeskAvailability: Chat.SetCareDeskAvailability,
  AcceptChat: Chat.AcceptChat,
  TransferChat: Chat.TransferChat,
  SetCareDeskMember: Chat.SetCareDeskMember,
  // issue 18: the analytics page (internal admins).
  GetAnalyticsSummary: Analytics.GetAnalyticsSummary,
} as const satisfies Record<string, CallContract>;

export { AccountManager, AgencySearch, Analytics, Carrier, Chat, Cobranded, ContactPrefs, Content, ContentAdmin, Experiments, GlobalBanner, Health, InternalAdmin, ManageAccount, Mfa, Okta, Passkeys, Platform, QuickQuote, QuickSubmit, SsoAgency, States, User, UserAdmin, WorkOrders };
