/**
 * Agency search and onboarding (issue 14; spec section 7 AgencySearch/* and User/VerifyUserAgencyInformation).
 * An agent without an agency finds theirs (find-my-agency), chooses it (select-agency) or types its details
 * (agency-not-found); either files an onboarding request that an admin of that agency or an internal admin
 * approves or denies. A file apart from user.ts: these ship only with the pages that use them
 * (docs/decisions/005 and 019).
 */
import { z } from 'zod/mini';
import { CLAIM_ROLES } from '../roles.ts';
import { rules } from '../claim/validation.ts';
import { body, defineCall, field, maybe, query, requiredText, SIGNED_IN, text } from './contract.ts';

/** Spec section 5: an account-number search that finds nothing. */
export const ACCOUNT_NOT_FOUND = 'Account number not found. Try another search';
/** Spec section 5 (search box): a search with nothing to search for. */
export const SEARCH_TERM_REQUIRED = 'Please enter a valid search term';
/** The most agencies one search answers (enumeration: a search is a lookup, not a listing). */
export const SEARCH_LIMIT = 20;

/** An agency in search results: what tells agencies apart, nothing internal. */
export const AgencyHitSchema = z.object({
  agencyNumber: z.string(),
  agencyName: z.string(),
  city: z.string(),
  stateCode: z.string(),
});
export type AgencyHit = z.infer<typeof AgencyHitSchema>;

/** One agency's public details (the select step): no account manager, client tag or internal flags. */
export const AgencyInformationSchema = z.object({
  agencyNumber: z.string(),
  agencyName: z.string(),
  addressLine: z.string(),
  city: z.string(),
  stateCode: z.string(),
  zipCode: z.string(),
  phoneNumber: z.nullable(z.string()),
});
export type AgencyInformation = z.infer<typeof AgencyInformationSchema>;

/** The search fields of GetAgencies (one is enough; an empty one is ignored). */
export { SEARCH_FIELDS, type SearchField } from '../agency.ts';
import { SEARCH_FIELDS } from '../agency.ts';

/**
 * Agencies by account number (exact), name (part of it, at least 2 characters), primary phone (its digits) or
 * primary email (exact, any case); at most SEARCH_LIMIT, with `hasMore` when there were more. An account
 * number that matches nothing answers 404 'Account number not found. Try another search'.
 */
export const GetAgencies = defineCall({
  name: 'GetAgencies',
  method: 'POST',
  path: 'AgencySearch/GetAgencies',
  request: body({
    AccountNumber: maybe(text(20)),
    AgencyName: maybe(text(100)),
    PrimaryPhone: maybe(field(rules.optionalPhone, 20)),
    Email: maybe(field(rules.optionalEmail, 254)),
  }).check(
    z.superRefine((v, ctx) => {
      if (!SEARCH_FIELDS.some((k) => (v[k] ?? '') !== '')) ctx.issues.push({ code: 'custom', path: ['(body)'], message: SEARCH_TERM_REQUIRED, input: v });
      else if (v.AgencyName && v.AgencyName.length < 2) ctx.issues.push({ code: 'custom', path: ['AgencyName'], message: SEARCH_TERM_REQUIRED, input: v.AgencyName });
    }),
  ),
  result: z.object({ agencies: z.array(AgencyHitSchema), hasMore: z.boolean() }),
  access: SIGNED_IN,
  mutates: false,
});

/** A light list for type-ahead: agencies whose name or number starts with the term (2+ characters), at most SEARCH_LIMIT. */
export const GetAllAgenciesForSearch = defineCall({
  name: 'GetAllAgenciesForSearch',
  method: 'GET',
  path: 'AgencySearch/GetAllAgenciesForSearch',
  request: query({ Term: requiredText('Term', 100, z.minLength(2, SEARCH_TERM_REQUIRED)) }),
  result: z.array(AgencyHitSchema),
  access: SIGNED_IN,
  mutates: false,
});

/** One agency's public details by its number; 404 'Account number not found. Try another search' when there is none. */
export const GetAgencyInformationByNumber = defineCall({
  name: 'GetAgencyInformationByNumber',
  method: 'GET',
  path: 'AgencySearch/GetAgencyInformationByNumber',
  request: query({ AccountNumber: requiredText('AccountNumber', 20) }),
  result: AgencyInformationSchema,
  access: SIGNED_IN,
  mutates: false,
});

/** The agency details agency-not-found takes (spec section 5's messages for phone, email, ZIP and state). */
export const AgencyDetailsSchema = z.strictObject({
  AgencyName: field(rules.required('agency name'), 100),
  AddressLine: field(rules.required('address'), 200),
  City: field(rules.required('city'), 100),
  State: field(rules.state, 2),
  ZipCode: field(rules.zip, 10),
  PhoneNumber: field(rules.phone, 20),
  Email: field(rules.email, 254),
  AgentNumber: maybe(text(20)),
});
export type AgencyDetails = z.infer<typeof AgencyDetailsSchema>;

/** An onboarding request's status. */
export const ONBOARDING_STATUSES = ['Pending', 'Approved', 'Denied'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** An onboarding request: who asked, for which agency (chosen, or typed when not found), and where it stands. */
export const OnboardingRequestSchema = z.object({
  requestId: z.number(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  /** The chosen agency; null when the user typed its details (agency not found). */
  agencyNumber: z.nullable(z.string()),
  /** The chosen agency's name, or the typed one. */
  agencyName: z.string(),
  /** The typed details (agency not found), else null. */
  details: z.nullable(
    z.object({
      addressLine: z.string(),
      city: z.string(),
      stateCode: z.string(),
      zipCode: z.string(),
      phoneNumber: z.string(),
      email: z.string(),
      agentNumber: z.nullable(z.string()),
    }),
  ),
  status: z.enum(ONBOARDING_STATUSES),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type OnboardingRequest = z.infer<typeof OnboardingRequestSchema>;

/**
 * Files an onboarding request (status Pending) for the agency the caller chose (`AgencyNumber`), or, when they
 * did not find it, for the agency they describe (`AgencyDetails`): exactly one of the two. Idempotent: a second
 * call while the first is pending answers the same request. Agents and agency admins (internal and CE admins
 * belong to no agency).
 */
export const VerifyUserAgencyInformation = defineCall({
  name: 'VerifyUserAgencyInformation',
  method: 'POST',
  path: 'User/VerifyUserAgencyInformation',
  request: body({ AgencyNumber: maybe(text(20)), AgencyDetails: maybe(AgencyDetailsSchema) }).check(
    z.superRefine((v, ctx) => {
      if (!v.AgencyNumber === !v.AgencyDetails) {
        ctx.issues.push({ code: 'custom', path: ['AgencyNumber'], message: 'Give either AgencyNumber or AgencyDetails', input: v.AgencyNumber });
      }
    }),
  ),
  result: OnboardingRequestSchema,
  access: CLAIM_ROLES,
  mutates: true,
});

/**
 * Onboarding requests: `mine` the caller's own (any status, newest first; the dashboard's 'under review'),
 * `review` the pending requests the caller may decide (an agency admin: their agencies'; an internal admin: all).
 */
export const GetOnboardingRequests = defineCall({
  name: 'GetOnboardingRequests',
  method: 'GET',
  path: 'User/GetOnboardingRequests',
  request: query({ Scope: z.enum(['mine', 'review']) }),
  result: z.array(OnboardingRequestSchema),
  access: SIGNED_IN,
  mutates: false,
});

const RequestIdSchema = z.int().check(z.positive('Invalid request id'));

/**
 * Approves a pending request: the requester joins the agency (their default when it is their first) and is
 * emailed. An admin of that agency or an internal admin; a request without an agency (agency not found) needs
 * an internal admin, who names the agency it joins (`AgencyNumber`).
 */
export const ApproveOnboardingRequest = defineCall({
  name: 'ApproveOnboardingRequest',
  method: 'POST',
  path: 'User/ApproveOnboardingRequest',
  request: body({ RequestId: RequestIdSchema, AgencyNumber: maybe(text(20)) }),
  result: OnboardingRequestSchema,
  access: ['SFAD_Admin', 'SFAD_InternalAdmin'],
  mutates: true,
});

/** Denies a pending request with a reason, which the requester is emailed. Same deciders as approval. */
export const DenyOnboardingRequest = defineCall({
  name: 'DenyOnboardingRequest',
  method: 'POST',
  path: 'User/DenyOnboardingRequest',
  request: body({ RequestId: RequestIdSchema, Reason: requiredText('Reason', 500) }),
  result: OnboardingRequestSchema,
  access: ['SFAD_Admin', 'SFAD_InternalAdmin'],
  mutates: true,
});

