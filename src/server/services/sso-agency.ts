/**
 * The single sign-on agency flow (issue 17): an SSO user without an agency files an onboarding request (issue
 * 14's approvals decide it), works under the fixed onboarding agency meanwhile, and swaps it for the approved
 * agency. Every function refuses a user who is not an SSO user (403 SSO_ONLY).
 */
import type { AgencyHit, OnboardingRequest } from '../../lib/api/agency-search.ts';
import { ONBOARDING_AGENCY_NUMBER, SSO_ONLY, type SsoUserDetails } from '../../lib/api/sso-agency.ts';
import type { Db, Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { fileOnboardingRequest, myOnboardingRequests, searchAgencies } from './onboarding.ts';
import type { UserRow } from './users.ts';

function ssoOnly(user: UserRow): void {
  if (!user.is_sso) throw new HttpError(403, SSO_ONLY);
}

/** Agencies by account number (all digits: exact) or name (part of it); the onboarding agency is never offered. */
export async function searchAgenciesSso(db: Queryable, user: UserRow, term: string): Promise<{ agencies: AgencyHit[]; hasMore: boolean }> {
  ssoOnly(user);
  const t = term.trim();
  const found = await searchAgencies(db, /^\d{4,12}$/.test(t) ? { AccountNumber: t } : { AgencyName: t });
  return { ...found, agencies: found.agencies.filter((a) => a.agencyNumber !== ONBOARDING_AGENCY_NUMBER) };
}

async function newestSsoRequest(db: Queryable, userId: string): Promise<OnboardingRequest | null> {
  const [row] = await db.query<{ id: string | number }>(
    'SELECT id FROM onboarding_requests WHERE user_id = $1 AND is_sso ORDER BY created_at DESC, id DESC LIMIT 1',
    [userId],
  );
  if (!row) return null;
  return (await myOnboardingRequests(db, userId)).find((r) => r.requestId === Number(row.id)) ?? null;
}

/** Files the request (an onboarding request marked SSO); the onboarding agency cannot be asked for. */
export async function submitSsoAgencyRequest(db: Db, user: UserRow, agencyNumber: string): Promise<OnboardingRequest> {
  ssoOnly(user);
  if (agencyNumber === ONBOARDING_AGENCY_NUMBER) throw new HttpError(400, 'Choose your agency.');
  const request = await fileOnboardingRequest(db, user.id, { AgencyNumber: agencyNumber });
  await db.query('UPDATE onboarding_requests SET is_sso = true WHERE id = $1', [request.requestId]);
  return request;
}

/** Links the user to the onboarding agency (idempotent). */
export async function assignOnboardingAgency(db: Db, user: UserRow): Promise<{ onboardingAgency: string }> {
  ssoOnly(user);
  await db.query('INSERT INTO user_agencies (user_id, agency_number) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user.id, ONBOARDING_AGENCY_NUMBER]);
  return { onboardingAgency: ONBOARDING_AGENCY_NUMBER };
}

/** While the onboarding agency is the user's only agency, it is their default. */
export async function updateOnboardingAgencyClaims(db: Db, user: UserRow): Promise<{ onboardingAgency: string | null; defaultAgencyNumber: string | null }> {
  ssoOnly(user);
  return db.transaction(async (tx) => {
    const links = await tx.query<{ agency_number: string; is_default_agency: boolean }>(
      'SELECT agency_number, is_default_agency FROM user_agencies WHERE user_id = $1',
      [user.id],
    );
    const holds = links.some((l) => l.agency_number === ONBOARDING_AGENCY_NUMBER);
    if (holds && links.length === 1 && !links[0]!.is_default_agency) {
      await tx.query('UPDATE user_agencies SET is_default_agency = true WHERE user_id = $1 AND agency_number = $2', [user.id, ONBOARDING_AGENCY_NUMBER]);
    }
    const [def] = await tx.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1 AND is_default_agency', [user.id]);
    return { onboardingAgency: holds ? ONBOARDING_AGENCY_NUMBER : null, defaultAgencyNumber: def?.agency_number ?? null };
  });
}

/** Once the newest SSO request is approved (the user joined that agency): the onboarding agency goes, the approved one is the default. */
export async function verifyOnboardingSwap(
  db: Db,
  user: UserRow,
): Promise<{ swapped: boolean; agencyNumber: string | null; status: 'Pending' | 'Approved' | 'Denied' | null }> {
  ssoOnly(user);
  const request = await newestSsoRequest(db, user.id);
  if (!request || request.status !== 'Approved' || !request.agencyNumber) {
    return { swapped: false, agencyNumber: null, status: request?.status ?? null };
  }
  const agency = request.agencyNumber;
  const swapped = await db.transaction(async (tx) => {
    const [member] = await tx.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [user.id, agency]);
    if (!member) return false;
    const removed = await tx.query('DELETE FROM user_agencies WHERE user_id = $1 AND agency_number = $2 RETURNING agency_number', [user.id, ONBOARDING_AGENCY_NUMBER]);
    const [def] = await tx.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND is_default_agency', [user.id]);
    if (!def) await tx.query('UPDATE user_agencies SET is_default_agency = true WHERE user_id = $1 AND agency_number = $2', [user.id, agency]);
    return removed.length > 0 || !def;
  });
  return { swapped, agencyNumber: agency, status: 'Approved' };
}

/** Where the SSO user stands. */
export async function ssoUserDetails(db: Queryable, user: UserRow): Promise<SsoUserDetails> {
  ssoOnly(user);
  const links = await db.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1 ORDER BY agency_number', [user.id]);
  return {
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    isSSOLogin: true,
    onboardingAgency: links.some((l) => l.agency_number === ONBOARDING_AGENCY_NUMBER) ? ONBOARDING_AGENCY_NUMBER : null,
    agencyNumbers: links.map((l) => l.agency_number).filter((a) => a !== ONBOARDING_AGENCY_NUMBER),
    request: await newestSsoRequest(db, user.id),
  };
}
