import * as AccountManager from './account-manager.ts';
import * as Content from './content.ts';
import * as ContentAdmin from './content-admin.ts';
import type { CallContract } from './contract.ts';
import * as Platform from './platform.ts';
import * as States from './states.ts';
import * as User from './user.ts';

export * from './contract.ts';

/** Every dashboard-service call, by the spec's name: the router, the client and the tests read this. */
export const CALLS = {
  Setup: Platform.Setup,
  SetupAnalytics: Platform.SetupAnalytics,
  LogPageView: Platform.LogPageView,
  ViewError: Platform.ViewError,
  GetStates: States.GetStates,
  GetTimeZones: States.GetTimeZones,
  GetAccountManagerDetails: AccountManager.GetAccountManagerDetails,
  GetUserDetails: User.GetUserDetails,
  GetUserAgencyList: User.GetUserAgencyList,
  UpdateUserDefaultAgency: User.UpdateUserDefaultAgency,
  ClearAgencyNotificationFlag: User.ClearAgencyNotificationFlag,
  NotifyUserLoggedIn: User.NotifyUserLoggedIn,
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
} as const satisfies Record<string, CallContract>;

export { AccountManager, Content, ContentAdmin, Platform, States, User };
