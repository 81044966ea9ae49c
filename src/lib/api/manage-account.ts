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
import { AgencyNumberSchema, body, defineCall, query } from './contract.ts';
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
