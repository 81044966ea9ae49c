/**
 * The identity store's calls (issue 14; spec section 7 `okta/*` and the User/* link calls). They act on
 * the portal's own identity store (the users the embedded provider signs in); the names stay the spec's
 * so that an Okta-backed deployment can implement the same contracts.
 * docs/decisions/018-identity-store-and-one-time-links.md.
 */
import { z } from 'zod/mini';
import { agentNumberError, INVALID_NPN, NPN_PATTERN } from '../accounts.ts';
import { rules } from '../claim/validation.ts';
import { AgencyNumberSchema, body, defineCall, field, maybe, query, SIGNED_IN } from './contract.ts';

const ADMINS = ['SFAD_Admin', 'SFAD_InternalAdmin'] as const;

/** A link token: 256 random bits in base64url (43 characters). */
export const TokenSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid link'));
const UserIdSchema = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid userId'));
const EmailSchema = field(rules.email, 254);
const optionalText = (max: number) => maybe(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)));
const NpnSchema = maybe(z.string().check(z.trim(), z.refine((v) => v === '' || NPN_PATTERN.test(v), INVALID_NPN)));
/** A path inside the dashboard the user registered from (kept through verification; checked again by the page). */
const ReferralSchema = maybe(z.string().check(z.trim(), z.maxLength(500, 'Must be at most 500 characters'), z.regex(/^\/dashboard\/[^\s]*$/, 'Invalid referral')));

/** The registration form's fields (spec section 5's messages). */
export const RegistrationShape = {
  FirstName: field(rules.name('first name'), 50),
  LastName: field(rules.name('last name'), 50),
  Email: EmailSchema,
  PrimaryPhone: field(rules.phone, 20),
  SecondaryPhone: maybe(field(rules.optionalPhone, 20)),
  AgentNumber: field(agentNumberError, 10),
  NpnId: NpnSchema,
  Title: optionalText(60),
};

/** Registration: a STAGED user and a verification email. The same answer whether or not the email is taken. */
export const CreateInactiveUser = defineCall({
  name: 'CreateInactiveUser',
  method: 'POST',
  path: 'okta/CreateInactiveUser',
  request: body({ ...RegistrationShape, Referral: ReferralSchema }),
  result: z.null(),
  access: 'public',
  mutates: true,
});

/** An admin adds a user: ACTIVE, no password, a set-password link by email (issue 15 uses it). */
export const CreateActiveUser = defineCall({
  name: 'CreateActiveUser',
  method: 'POST',
  path: 'okta/CreateActiveUser',
  request: body({
    FirstName: field(rules.name('first name'), 50),
    LastName: field(rules.name('last name'), 50),
    Email: EmailSchema,
    PrimaryPhone: maybe(field(rules.optionalPhone, 20)),
    AgentNumber: maybe(field((v) => (v === '' ? null : agentNumberError(v)), 10)),
    NpnId: NpnSchema,
    Title: optionalText(60),
    AgencyNumber: AgencyNumberSchema,
  }),
  result: z.object({ UserId: z.string(), Status: z.string() }),
  access: ADMINS,
  mutates: true,
});

/** Forgot password (or a fresh link from linkexpired: the old token names the user). Same answer always. */
export const SendRecoveryPasswordLink = defineCall({
  name: 'SendRecoveryPasswordLink',
  method: 'POST',
  path: 'okta/SendRecoveryPasswordLink',
  request: body({ Email: maybe(EmailSchema), Token: maybe(TokenSchema) }).check(
    z.refine((v) => Boolean(v.Email) !== Boolean(v.Token), { message: 'Email address is required', path: ['Email'] }),
  ),
  result: z.null(),
  access: 'public',
  mutates: true,
});

/** What a link's token is worth now (not consumed). */
export const LinkStateSchema = z.object({
  /** VALID: the page may show its form; EXPIRED: expired, used or unknown (linkexpired). */
  Status: z.enum(['VALID', 'EXPIRED']),
  Purpose: z.nullable(z.enum(['verify', 'reset'])),
  /** The link's owner, only while it is VALID (the holder of the link reads that mailbox): the page's live "not your email / name" rules. */
  Email: z.optional(z.string()),
  FirstName: z.optional(z.string()),
  LastName: z.optional(z.string()),
});
export type LinkState = z.infer<typeof LinkStateSchema>;

/** Checks a verify or reset link without consuming it. */
export const VerifyUser = defineCall({
  name: 'VerifyUser',
  method: 'POST',
  path: 'okta/User/Verify/',
  request: body({ Token: TokenSchema }),
  result: LinkStateSchema,
  access: 'public',
  mutates: false,
});

/** The same check under the spec's User/ name (a reset link's state). */
export const GetUserResetPwdLink = defineCall({
  name: 'GetUserResetPwdLink',
  method: 'POST',
  path: 'User/GetUserResetPwdLink',
  request: body({ Token: TokenSchema }),
  result: LinkStateSchema,
  access: 'public',
  mutates: false,
});

export const PasswordPolicySchema = z.object({
  MinLength: z.number(),
  MaxLength: z.number(),
  RequireLowercase: z.boolean(),
  RequireUppercase: z.boolean(),
  RequireDigit: z.boolean(),
  RequireSymbol: z.boolean(),
  ExcludeEmail: z.boolean(),
  ExcludeNames: z.boolean(),
  ExcludeCommon: z.boolean(),
  CommonListSize: z.number(),
});

/** The password policy. */
export const GetPasswordPolicy = defineCall({
  name: 'GetPasswordPolicy',
  method: 'GET',
  path: 'okta/get-password-policy',
  request: query({}),
  result: PasswordPolicySchema,
  access: 'public',
  mutates: false,
});

/** Sets the password with a verify or reset link (consumed); answers a 2-minute single-use sign-in ticket. */
export const CreateUserPassword = defineCall({
  name: 'CreateUserPassword',
  method: 'POST',
  path: 'okta/User/CreateUserPassword',
  request: body({ Token: TokenSchema, Password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Must be at most 256 characters')) }),
  result: z.object({ SignInTicket: z.string(), Purpose: z.enum(['verify', 'reset']) }),
  access: 'public',
  mutates: true,
});

/** A user's status (own; admins: users of their agencies; internal admins: anyone). */
export const UserStatus = defineCall({
  name: 'UserStatus',
  method: 'GET',
  path: 'okta/User/UserStatus/',
  request: query({ UserId: z.optional(UserIdSchema) }),
  result: z.object({ UserId: z.string(), Status: z.enum(['STAGED', 'ACTIVE', 'DEPROVISIONED']) }),
  access: SIGNED_IN,
  mutates: false,
});

/** Links a user to an agency in the identity store. */
export const UpdateOktaAgency = defineCall({
  name: 'UpdateOktaAgency',
  method: 'POST',
  path: 'okta/UpdateOktaAgency',
  request: body({ UserId: UserIdSchema, AgencyNumber: AgencyNumberSchema }),
  result: z.object({ UserId: z.string(), Agencies: z.array(z.string()) }),
  access: ADMINS,
  mutates: true,
});

export const UserProfileSchema = z.object({
  UserId: z.string(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  PrimaryPhone: z.nullable(z.string()),
  SecondaryPhone: z.nullable(z.string()),
  Title: z.nullable(z.string()),
  NpnId: z.nullable(z.string()),
  AgentNumber: z.nullable(z.string()),
  Status: z.string(),
  DashboardUserRole: z.string(),
  Agencies: z.array(z.string()),
});

/** Changes profile fields (own; admins: users of their agencies; internal admins: anyone). Absent fields stay. */
export const UpdateOktaUserProfile = defineCall({
  name: 'UpdateOktaUserProfile',
  method: 'POST',
  path: 'okta/UpdateOktaUserProfile',
  request: body({
    UserId: z.optional(UserIdSchema),
    FirstName: z.optional(field(rules.name('first name'), 50)),
    LastName: z.optional(field(rules.name('last name'), 50)),
    PrimaryPhone: z.optional(field(rules.phone, 20)),
    SecondaryPhone: maybe(field(rules.optionalPhone, 20)),
    Title: optionalText(60),
    NpnId: NpnSchema,
  }),
  result: UserProfileSchema,
  access: SIGNED_IN,
  mutates: true,
});

/** The identity store's groups; each maps to a dashboard role. */
export const GROUPS = ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin', 'SFAD_CEAdmin'] as const;

/** Puts a user in a group (its dashboard role follows). Agency admins: agent or admin of their agencies only. */
export const AssignUserToGroup = defineCall({
  name: 'AssignUserToGroup',
  method: 'POST',
  path: 'okta/AssignUserToGroup',
  request: body({ UserId: UserIdSchema, GroupName: z.enum(GROUPS) }),
  result: z.object({ UserId: z.string(), Groups: z.array(z.string()), DashboardUserRole: z.string() }),
  access: ADMINS,
  mutates: true,
});

/** An admin emails a reset link to a user of their agency. */
export const AddUserResetPwdLink = defineCall({
  name: 'AddUserResetPwdLink',
  method: 'POST',
  path: 'User/AddUserResetPwdLink',
  request: body({ UserId: UserIdSchema }),
  result: z.null(),
  access: ADMINS,
  mutates: true,
});

/** A user by email (admins: users of their agencies, else 404; internal admins: anyone). */
export const GetUserDetailsByEmail = defineCall({
  name: 'GetUserDetailsByEmail',
  method: 'GET',
  path: 'User/GetUserDetailsByEmail',
  request: query({ Email: EmailSchema }),
  result: UserProfileSchema,
  access: ADMINS,
  mutates: false,
});
