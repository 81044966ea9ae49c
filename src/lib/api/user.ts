import { z } from 'zod/mini';
import { DASHBOARD_ROLES } from '../roles.ts';
import { AgencyNumberSchema, body, defineCall, query, SIGNED_IN } from './contract.ts';

/** An agency in the user's list (spec section 3). */
export const UserAgencySchema = z.object({
  agencyNumber: z.string(),
  agencyName: z.string(),
  agencyNameAndAddress: z.string(),
  addressLine: z.string(),
  city: z.string(),
  stateCode: z.string(),
  zipCode: z.string(),
  /** 'D' means dedicated. */
  priority: z.nullable(z.string()),
  parentAccountNumber: z.nullable(z.string()),
  isDefaultAgency: z.boolean(),
  showAgencyChangeNotification: z.boolean(),
  isCobranded: z.boolean(),
});
export type UserAgency = z.infer<typeof UserAgencySchema>;

/** User details (spec section 3: Accounts with SFA_TPP_FLAG, AgencyInformation). */
export const UserDetailsSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  agentNumber: z.nullable(z.string()),
  dashboardUserRole: z.enum(DASHBOARD_ROLES),
  isSSOLogin: z.boolean(),
  userAccountsCount: z.int(),
  Accounts: z.array(z.object({ AccountNumber: z.string(), AccountName: z.string(), SFA_TPP_FLAG: z.boolean() })),
  AgencyInformation: z.nullable(
    z.object({ ParentAccountNumber: z.nullable(z.string()), PRIORITY: z.nullable(z.string()), AccountNumber: z.string() }),
  ),
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;

const UserIdSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid userId'));

/** The details of a user: the caller's own (internal admins may read any). */
export const GetUserDetails = defineCall({
  name: 'GetUserDetails',
  method: 'GET',
  path: 'User/GetUserDetails',
  request: query({ userId: UserIdSchema }),
  result: UserDetailsSchema,
  access: SIGNED_IN,
  mutates: false,
});

/** The agencies the caller belongs to. */
export const GetUserAgencyList = defineCall({
  name: 'GetUserAgencyList',
  method: 'POST',
  path: 'User/GetUserAgencyList',
  request: body({}),
  result: z.array(UserAgencySchema),
  access: SIGNED_IN,
  mutates: false,
});

/** Makes one of the caller's agencies the default; answers with the updated list. */
export const UpdateUserDefaultAgency = defineCall({
  name: 'UpdateUserDefaultAgency',
  method: 'POST',
  path: 'User/UpdateUserDefaultAgency',
  request: body({ AgencyNumber: AgencyNumberSchema }),
  result: z.array(UserAgencySchema),
  access: SIGNED_IN,
  mutates: true,
});

/** An insurance company (carrier). */
export const InsuranceCompanySchema = z.object({ InsuranceCompanyId: z.number(), Name: z.string() });

/** The insurance companies (carriers) a claim may name. */
export const GetInsuranceCompanies = defineCall({
  name: 'GetInsuranceCompanies',
  method: 'GET',
  path: 'User/GetInsuranceCompanies',
  request: query({}),
  result: z.array(InsuranceCompanySchema),
  access: SIGNED_IN,
  mutates: false,
});
