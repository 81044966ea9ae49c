/**
 * Manage my account (issue 14; spec sections 2, 3, 7, 8 and 9): the carriers an agent works with on each of
 * their agencies, and removing agencies from an account. A file apart from user.ts, which ships with every
 * dashboard page: these ship only with the pages that use them (docs/decisions/005).
 *
 * - User/GetUserAgencyCarriersByAgentNumber and User/UpdateUserAgentCarriers: the carriers of one agent on one
 *   agency. Removing a carrier is a carrier edit (spec section 4): it blocks claim filing on a co-branded
 *   account and warns on others, with the section-8 messages the reply carries.
 * - User/RemoveXYZAccountsByUserId: a user removes agencies (accounts) from their own account, never the last
 *   one ('Agency successfully removed.'); internal admins may remove any user's. Behind the remove-account
 *   feature flag (spec section 9).
 * - User/RemoveUserFromAgency: an agency admin removes a user from an agency they administer (issue 15's
 *   user-details screen); internal admins any.
 */
import { z } from 'zod/mini';
import { rules } from '../claim/validation.ts';
import { AgencyNumberSchema, body, defineCall, field, maybe, query, SIGNED_IN } from './contract.ts';
import { UserAgencySchema } from './user.ts';

/** Who manages carriers and agencies: agents and agency admins (their own), internal admins (anyone's). */
const ACCOUNT_ROLES = ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin'] as const;

/** Spec section 8, shown when an agency was removed. */
export const AGENCY_REMOVED = 'Agency successfully removed.';
/** Refused: an account keeps at least one agency (issue 14). */
export const LAST_AGENCY = 'You cannot remove your only agency.';
/** Refused: the remove-account feature is off (spec section 9). */
export const REMOVE_ACCOUNT_OFF = 'Removing agencies is not available.';

/** A user id (the `sub` of their tokens). */
const UserIdSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid userId'));
/** An agent number: letters and digits. */
const AgentNumberSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,20}$/, 'Invalid Agent Number'));

/** A carrier (insurance company). */
export const CarrierSchema = z.object({ InsuranceCompanyId: z.number(), Name: z.string() });

/** One agent's carriers on one agency, and what their edits mean for filing claims there. */
export const AgencyCarriersSchema = z.object({
  AccountNumber: z.string(),
  IsCobranded: z.boolean(),
  /** True once a carrier was removed (spec section 4: carrier edits). */
  CarrierEdited: z.boolean(),
  /** False when the account may not file claims (co-branded with carrier edits). */
  CanFileClaim: z.boolean(),
  /** The section-8 block or warning text, or null. */
  Message: z.nullable(z.string()),
  Carriers: z.array(CarrierSchema),
});
export type AgencyCarriers = z.infer<typeof AgencyCarriersSchema>;

/** The carriers of an agent (by agent number) on one agency: the caller's own; an agency admin's agents; internal admins any. */
export const GetUserAgencyCarriersByAgentNumber = defineCall({
  name: 'GetUserAgencyCarriersByAgentNumber',
  method: 'GET',
  path: 'User/GetUserAgencyCarriersByAgentNumber',
  request: query({ AgentNumber: AgentNumberSchema, AgencyNumber: AgencyNumberSchema }),
  result: AgencyCarriersSchema,
  access: ACCOUNT_ROLES,
  mutates: false,
});

/**
 * Sets an agent's carriers on one agency (UserId: the caller when absent). Carriers left out are removed (a
 * carrier edit); the reply carries the section-8 message when edits block or warn.
 */
export const UpdateUserAgentCarriers = defineCall({
  name: 'UpdateUserAgentCarriers',
  method: 'POST',
  path: 'User/UpdateUserAgentCarriers',
  request: body({
    UserId: z.optional(UserIdSchema),
    AgencyNumber: AgencyNumberSchema,
    InsuranceCompanyIds: z.array(z.int().check(z.positive('Invalid insurance company'))).check(
      z.maxLength(60, 'Choose at most 60 carriers'),
      z.refine((ids) => new Set(ids).size === ids.length, 'A carrier is listed twice'),
    ),
  }),
  result: AgencyCarriersSchema,
  access: ACCOUNT_ROLES,
  mutates: true,
});

/**
 * Removes agencies (accounts) from a user's account: the caller's own (never the last one), or any user's for
 * internal admins. Answers with the user's agencies left. Behind the remove-account feature flag.
 */
export const RemoveXYZAccountsByUserId = defineCall({
  name: 'RemoveXYZAccountsByUserId',
  method: 'POST',
  path: 'User/RemoveXYZAccountsByUserId',
  request: body({
    UserId: UserIdSchema,
    AccountNumbers: z.array(AgencyNumberSchema).check(
      z.minLength(1, 'Choose an agency to remove'),
      z.maxLength(20, 'Choose at most 20 agencies'),
      z.refine((ids) => new Set(ids).size === ids.length, 'An agency is listed twice'),
    ),
  }),
  result: z.array(UserAgencySchema),
  access: ACCOUNT_ROLES,
  mutates: true,
});

/** Removes a user from one agency: an admin of that agency, or an internal admin. Answers with the user's agencies left. */
export const RemoveUserFromAgency = defineCall({
  name: 'RemoveUserFromAgency',
  method: 'POST',
  path: 'User/RemoveUserFromAgency',
  request: body({ UserId: UserIdSchema, AgencyNumber: AgencyNumberSchema }),
  result: z.array(UserAgencySchema),
  access: ['SFAD_Admin', 'SFAD_InternalAdmin'],
  mutates: true,
});

// ---------------------------------------------------------------------------------------------------------------
// manage-account profile (issue 14): the profile, agent information, password change and email change.

/** Refused: the current password is wrong (ChangeUserPassword, RequestEmailChange). */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
/** Refused: too many wrong current passwords (its own limit per user). */
export const TOO_MANY_PASSWORD_TRIES = 'Too many wrong passwords. Please wait a few minutes and try again.';
/** Refused: the new password is the current one. */
export const SAME_PASSWORD = 'Choose a new password different from your current one.';
/** Refused: the new email is the account's email already. */
export const SAME_EMAIL = 'This is already your email address.';
/** Refused at confirmation: the address went to another account meanwhile. */
export const EMAIL_TAKEN = 'This email address cannot be used. Please ask again with another one.';

/** The caller's profile (spec section 3 "agent information": names, email, login, phones, title, NPN, agent number, status). */
export const ProfileSchema = z.object({
  UserId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  /** The sign-in name: the email in this identity store. */
  Login: z.string(),
  PrimaryPhone: z.nullable(z.string()),
  SecondaryPhone: z.nullable(z.string()),
  Title: z.nullable(z.string()),
  NpnId: z.nullable(z.string()),
  AgentNumber: z.nullable(z.string()),
  Status: z.enum(['STAGED', 'ACTIVE', 'DEPROVISIONED']),
  DashboardUserRole: z.string(),
  /** An email change waiting for its link to be followed, or null. */
  PendingEmail: z.nullable(z.string()),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** The caller's own profile. */
export const GetUserProfile = defineCall({
  name: 'GetUserProfile',
  method: 'GET',
  path: 'User/GetUserProfile/',
  request: query({}),
  result: ProfileSchema,
  access: SIGNED_IN,
  mutates: false,
});

/** Agent information (spec section 3) of a user on one agency: the caller's own; an agency admin's agents there; internal admins anyone's. */
export const GetUserAgentInformation = defineCall({
  name: 'GetUserAgentInformation',
  method: 'GET',
  path: 'User/GetUserAgentInformation',
  request: query({ UserId: z.optional(UserIdSchema), AgencyNumber: AgencyNumberSchema }),
  result: z.object({
    Profile: ProfileSchema,
    /** The sign-in role (spec section 4: internal admin, CE admin, or User). */
    Role: z.string(),
    DashboardUserRole: z.string(),
    AgencyNumber: z.string(),
    InsuranceCompanies: z.array(CarrierSchema),
    /** The identity-store group (the default agent group, the admin group…). */
    GroupId: z.nullable(z.string()),
  }),
  access: ACCOUNT_ROLES,
  mutates: false,
});

/**
 * The NPN rule of src/lib/accounts.ts (NPN_PATTERN, INVALID_NPN), written out: importing that module here would put
 * the password policy into the manage-account page's first visit (this file ships with it). tests/unit/manage-account
 * checks that both answer the same.
 */
export const PROFILE_NPN = { pattern: /^\d{1,10}$/, message: 'Please enter a valid NPN ID (digits only).' } as const;

/** The profile form's fields, with spec section 5's messages (phones 3-3-4, letters-only names). */
export const AgentInfoShape = {
  FirstName: field(rules.name('first name'), 50),
  LastName: field(rules.name('last name'), 50),
  PrimaryPhone: field(rules.phone, 20),
  SecondaryPhone: maybe(field(rules.optionalPhone, 20)),
  Title: maybe(z.string().check(z.trim(), z.maxLength(60, 'Must be at most 60 characters'))),
  NpnId: maybe(z.string().check(z.trim(), z.refine((v) => v === '' || PROFILE_NPN.pattern.test(v), PROFILE_NPN.message))),
};

/** Saves a user's profile (the caller's when UserId is absent; an agency admin's users; internal admins anyone's). Answers with the profile. */
export const SaveUserAgentInfo = defineCall({
  name: 'SaveUserAgentInfo',
  method: 'POST',
  path: 'User/SaveUserAgentInfo',
  request: body({ UserId: z.optional(UserIdSchema), ...AgentInfoShape }),
  result: ProfileSchema,
  access: SIGNED_IN,
  mutates: true,
});

const PasswordSchema = z.string().check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Must be at most 256 characters'));

/**
 * Changes the caller's password: the current one is checked (its own limit of wrong tries), the new one against
 * the policy. Every other sign-in of the user ends; the answer is a single-use sign-in ticket for this browser.
 */
export const ChangeUserPassword = defineCall({
  name: 'ChangeUserPassword',
  method: 'POST',
  path: 'User/ChangeUserPassword',
  request: body({ CurrentPassword: PasswordSchema, NewPassword: PasswordSchema }),
  result: z.object({ SignInTicket: z.string() }),
  access: SIGNED_IN,
  mutates: true,
});

/**
 * Asks to change the caller's email (current password required): a single-use link (24 h) goes to the new
 * address and a notice to the current one. The answer is the same whether or not the address has an account.
 */
export const RequestEmailChange = defineCall({
  name: 'RequestEmailChange',
  method: 'POST',
  path: 'User/RequestEmailChange',
  request: body({ NewEmail: field(rules.email, 254), CurrentPassword: PasswordSchema }),
  result: z.object({ PendingEmail: z.string() }),
  access: SIGNED_IN,
  mutates: true,
});

/** A link token: 256 random bits in base64url (as okta.ts's; not imported, so this page's chunk stays small). */
const TokenSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link'));

/** Follows an email-change link (public: it may be opened anywhere): the account's email becomes the new address. */
export const ConfirmEmailChange = defineCall({
  name: 'ConfirmEmailChange',
  method: 'POST',
  path: 'User/ConfirmEmailChange',
  request: body({ Token: TokenSchema }),
  result: z.object({ Email: z.string() }),
  access: 'public',
  mutates: true,
});
