/**
 * Single sign-on agency flow (issue 17; spec sections 2, 7 and 9): an SSO user without a linked agency
 * (sso-agency-flow) searches (AgencySearch/GetAgenciesSSO), chooses, files an onboarding request
 * (User/SubmitSSOAgencyRequest, decided through issue 14's approvals), works meanwhile under the fixed onboarding
 * agency (User/AssignOnboardingAgency, User/UpdateOnboardingAgencyClaims), and once approved swaps it for the real
 * one (User/VerifySV2OnboardingSwap). User/GetUserDetailsSSO tells the page where the user stands. Only single
 * sign-on users: anyone else is refused (403). A file apart: it ships only with sso-agency-flow.
 */
import { z } from 'zod/mini';
import { AgencyHitSchema, OnboardingRequestSchema, SEARCH_TERM_REQUIRED } from './agency-search.ts';
import { AgencyNumberSchema, body, defineCall, query, SIGNED_IN, text } from './contract.ts';

/** Spec section 9: the fixed onboarding agency number used in swaps (a demo value; seeded by migration 019). */
export const ONBOARDING_AGENCY_NUMBER = '99000001';
/** The refusal of these calls for a user who did not sign in through an agency provider. */
export const SSO_ONLY = 'This is only for users who sign in with their agency.';

/** Where an SSO user stands. */
export const SsoUserDetailsSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isSSOLogin: z.boolean(),
  /** The onboarding agency while the user holds it (spec section 7's SSO-session header), else null. */
  onboardingAgency: z.nullable(z.string()),
  /** The user's agencies other than the onboarding agency. */
  agencyNumbers: z.array(z.string()),
  /** The user's newest SSO onboarding request, or null. */
  request: z.nullable(OnboardingRequestSchema),
});
export type SsoUserDetails = z.infer<typeof SsoUserDetailsSchema>;

/** Agencies by name (part of it, 2+ characters) or account number (exact) for an SSO user; at most 20. */
export const GetAgenciesSSO = defineCall({
  name: 'GetAgenciesSSO',
  method: 'POST',
  path: 'AgencySearch/GetAgenciesSSO',
  request: body({ SearchTerm: text(100, z.minLength(2, SEARCH_TERM_REQUIRED)) }),
  result: z.object({ agencies: z.array(AgencyHitSchema), hasMore: z.boolean() }),
  access: SIGNED_IN,
  mutates: false,
});

/** Files the SSO user's onboarding request for the chosen agency (idempotent while pending). */
export const SubmitSSOAgencyRequest = defineCall({
  name: 'SubmitSSOAgencyRequest',
  method: 'POST',
  path: 'User/SubmitSSOAgencyRequest',
  request: body({ AgencyNumber: AgencyNumberSchema }),
  result: OnboardingRequestSchema,
  access: SIGNED_IN,
  mutates: true,
});

/** Links the SSO user to the fixed onboarding agency while their request waits (idempotent). */
export const AssignOnboardingAgency = defineCall({
  name: 'AssignOnboardingAgency',
  method: 'POST',
  path: 'User/AssignOnboardingAgency',
  request: body({}),
  result: z.object({ onboardingAgency: z.string() }),
  access: SIGNED_IN,
  mutates: true,
});

/** Makes the onboarding agency the SSO user's default while it is their only one (the claims the session carries). */
export const UpdateOnboardingAgencyClaims = defineCall({
  name: 'UpdateOnboardingAgencyClaims',
  method: 'POST',
  path: 'User/UpdateOnboardingAgencyClaims',
  request: body({}),
  result: z.object({ onboardingAgency: z.nullable(z.string()), defaultAgencyNumber: z.nullable(z.string()) }),
  access: SIGNED_IN,
  mutates: true,
});

/** After approval: drops the onboarding agency and makes the approved agency the default; `swapped` false while pending. */
export const VerifySV2OnboardingSwap = defineCall({
  name: 'VerifySV2OnboardingSwap',
  method: 'POST',
  path: 'User/VerifySV2OnboardingSwap',
  request: body({}),
  result: z.object({ swapped: z.boolean(), agencyNumber: z.nullable(z.string()), status: z.nullable(z.enum(['Pending', 'Approved', 'Denied'])) }),
  access: SIGNED_IN,
  mutates: true,
});

/** Where the SSO user stands: their details, onboarding agency, agencies and newest request. */
export const GetUserDetailsSSO = defineCall({
  name: 'GetUserDetailsSSO',
  method: 'GET',
  path: 'User/GetUserDetailsSSO',
  request: query({}),
  result: SsoUserDetailsSchema,
  access: SIGNED_IN,
  mutates: false,
});
