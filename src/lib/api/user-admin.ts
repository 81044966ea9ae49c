/**
 * Agency user administration (issue 15; spec section 7 `okta/List…`, `UpdateUserAccountDetails`,
 * `DeactivateUser`). Agency admins act on the users of the agency they administer (the active one, named by
 * `AgencyNumber`); internal admins on anyone (AgencyNumber optional: all agencies). Pages are keyset pages with
 * an opaque, signed cursor (`NextLink`); docs/decisions/025-agency-user-administration.md.
 */
import { z } from 'zod/mini';
import { rules } from '../claim/validation.ts';
import { AgencyNumberSchema, body, defineCall, field, maybe, query } from './contract.ts';
import { GROUPS } from './okta.ts';

const ADMINS = ['SFAD_Admin', 'SFAD_InternalAdmin'] as const;
const UserIdSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid userId'));

/** The sortable columns. */
export const USER_SORTS = ['name', 'email', 'status', 'lastSignIn'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_STATUSES = ['STAGED', 'ACTIVE', 'DEPROVISIONED'] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];

/** One user in a list. */
export const ListedUserSchema = z.object({
  UserId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  AgentNumber: z.nullable(z.string()),
  /** ACTIVE, STAGED (pending: invited, no password yet) or DEPROVISIONED (deactivated). */
  Status: z.enum(USER_STATUSES),
  DashboardUserRole: z.string(),
  /** ISO time of the last sign-in, or null. */
  LastSignIn: z.nullable(z.string()),
  /** The user's agencies (numbers): internal admins see the column. */
  Agencies: z.array(z.string()),
});
export type ListedUser = z.infer<typeof ListedUserSchema>;

/** A page of users; `NextLink` the cursor of the next page (ListOktaUsersByPaginationLink), or null at the end. */
export const UserPageSchema = z.object({ Users: z.array(ListedUserSchema), NextLink: z.nullable(z.string()) });
export type UserPage = z.infer<typeof UserPageSchema>;

const listShape = {
  /** The agency (an agency admin's active agency; required for them). Internal admins: absent = all agencies. */
  AgencyNumber: maybe(AgencyNumberSchema),
  Sort: z.optional(z.enum(USER_SORTS)),
  Direction: z.optional(z.enum(['asc', 'desc'])),
  /** 1 to 100 (a query string: digits); default 25. */
  PageSize: z.optional(z.string().check(z.trim(), z.regex(/^(?:[1-9]|[1-9]\d|100)$/, 'Page size must be between 1 and 100'))),
};

/** Users whose agent number starts with `AgentNumber` (any case). */
export const ListOktaUsersByAgentNumber = defineCall({
  name: 'ListOktaUsersByAgentNumber',
  method: 'GET',
  path: 'okta/ListOktaUsersByAgentNumber',
  request: query({ ...listShape, AgentNumber: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,20}$/, 'Invalid Agent Number')) }),
  result: UserPageSchema,
  access: ADMINS,
  mutates: false,
});

/** Users whose name or email contains `Term` (any case); an empty term lists everyone in scope. */
export const ListOktaUsersByAgentNameOrEmail = defineCall({
  name: 'ListOktaUsersByAgentNameOrEmail',
  method: 'GET',
  path: 'okta/ListOktaUsersByAgentNameOrEmail',
  request: query({ ...listShape, Term: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Must be at most 100 characters'))) }),
  result: UserPageSchema,
  access: ADMINS,
  mutates: false,
});

/** The next page of a list: the cursor carries the search, scope and sort (signed; a changed one is refused). */
export const ListOktaUsersByPaginationLink = defineCall({
  name: 'ListOktaUsersByPaginationLink',
  method: 'GET',
  path: 'okta/ListOktaUsersByPaginationLink',
  request: query({ Link: z.string().check(z.trim(), z.minLength(1, 'Invalid link'), z.maxLength(2000, 'Invalid link')) }),
  result: UserPageSchema,
  access: ADMINS,
  mutates: false,
});

const optionalText = (max: number) => maybe(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)));

/**
 * Changes a user's account details on one agency (spec section 3 'Agent information for user admin'): profile
 * fields, group (the role follows it) and insurance company list. Absent fields stay.
 */
export const UpdateUserAccountDetails = defineCall({
  name: 'UpdateUserAccountDetails',
  method: 'POST',
  path: 'okta/UpdateUserAccountDetails',
  request: body({
    UserId: UserIdSchema,
    AgencyNumber: AgencyNumberSchema,
    FirstName: z.optional(field(rules.name('first name'), 50)),
    LastName: z.optional(field(rules.name('last name'), 50)),
    PrimaryPhone: z.optional(field(rules.phone, 20)),
    SecondaryPhone: maybe(field(rules.optionalPhone, 20)),
    Title: optionalText(60),
    NpnId: maybe(z.string().check(z.trim(), z.refine((v) => v === '' || /^\d{1,10}$/.test(v), 'Please enter a valid NPN ID (digits only).'))),
    GroupId: z.optional(z.enum(GROUPS)),
    InsuranceCompanyIds: z.optional(
      z.array(z.int().check(z.positive('Invalid insurance company'))).check(
        z.maxLength(60, 'Choose at most 60 carriers'),
        z.refine((ids) => new Set(ids).size === ids.length, 'A carrier is listed twice'),
      ),
    ),
  }),
  result: z.object({
    UserId: z.string(),
    DashboardUserRole: z.string(),
    GroupId: z.nullable(z.string()),
    InsuranceCompanyIds: z.array(z.number()),
  }),
  access: ADMINS,
  mutates: true,
});

/**
 * Deactivates a user (status DEPROVISIONED: every session and refresh token ends at once) or, with
 * `Activate: true`, reactivates them. An agency admin names the agency (`AgencyNumber`) the user belongs to.
 */
export const DeactivateUser = defineCall({
  name: 'DeactivateUser',
  method: 'POST',
  path: 'okta/DeactivateUser',
  request: body({ UserId: UserIdSchema, AgencyNumber: maybe(AgencyNumberSchema), Activate: z.optional(z.boolean()) }),
  result: z.object({ UserId: z.string(), Status: z.enum(USER_STATUSES) }),
  access: ADMINS,
  mutates: true,
});

/** Refusals (src/lib/i18n/{en,es}/messages.ts). */
export const LAST_ADMIN = 'An agency must keep at least one active admin.';
export const NOT_YOURSELF = 'You cannot deactivate or change the role of your own account.';
export const BAD_LINK = 'This page link is not valid. Please search again.';
export const AGENCY_REQUIRED = 'Choose the agency whose users you manage.';
export const ADMIN_GROUPS_ONLY = 'You may only assign the agent or admin group.';
