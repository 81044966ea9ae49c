/** The calls of the user-administration pages, loaded on demand (the pages' first paint does not wait for zod). */
export { DeactivateUser, ListOktaUsersByAgentNameOrEmail, ListOktaUsersByAgentNumber, ListOktaUsersByPaginationLink, UpdateUserAccountDetails } from '../../lib/api/user-admin.ts';
export { AddUserResetPwdLink, AssignUserToGroup, CreateActiveUser, GetUserDetailsByEmail, UpdateOktaAgency, UpdateOktaUserProfile } from '../../lib/api/okta.ts';
export { GetUserAgentInformation, RemoveUserFromAgency } from '../../lib/api/manage-account.ts';
export { GetInsuranceCompanies, GetUserDetails } from '../../lib/api/user.ts';
export { ApproveOnboardingRequest, DenyOnboardingRequest, GetOnboardingRequests } from '../../lib/api/agency-search.ts';
