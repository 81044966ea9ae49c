import { Hono } from 'hono';
import {
  AssignOnboardingAgency,
  GetAgenciesSSO,
  GetUserDetailsSSO,
  SubmitSSOAgencyRequest,
  UpdateOnboardingAgencyClaims,
  VerifySV2OnboardingSwap,
} from '../../lib/api/sso-agency.ts';
import {
  assignOnboardingAgency,
  searchAgenciesSso,
  ssoUserDetails,
  submitSsoAgencyRequest,
  updateOnboardingAgencyClaims,
  verifyOnboardingSwap,
} from '../services/sso-agency.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The single sign-on agency flow's calls (issue 17): SSO users only (services/sso-agency.ts). */
export function ssoAgencyRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  mountCall(r, deps, GetAgenciesSSO, async ({ input, user }) => searchAgenciesSso(db, user!, input.SearchTerm));
  mountCall(r, deps, SubmitSSOAgencyRequest, async ({ input, user }) => submitSsoAgencyRequest(db, user!, input.AgencyNumber));
  mountCall(r, deps, AssignOnboardingAgency, async ({ user }) => assignOnboardingAgency(db, user!));
  mountCall(r, deps, UpdateOnboardingAgencyClaims, async ({ user }) => updateOnboardingAgencyClaims(db, user!));
  mountCall(r, deps, VerifySV2OnboardingSwap, async ({ user }) => verifyOnboardingSwap(db, user!));
  mountCall(r, deps, GetUserDetailsSSO, async ({ user }) => ssoUserDetails(db, user!));
  return r;
}
