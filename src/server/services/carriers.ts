/** Insurance companies (carriers) and the carrier settings that can block claim filing (spec sections 4 and 8). */
import { CARRIER_EDIT_WARNING, COBRANDED_CARRIER_BLOCK } from '../../lib/api/carrier.ts';
import type { Db, Queryable } from '../db/index.ts';

/** Auto insurers a claim may name (reference data, written on every start). */
export const INSURANCE_COMPANIES = [
  'Allstate', 'American Family Insurance', 'Amica Mutual', 'Auto-Owners Insurance', 'Chubb', 'Country Financial',
  'Erie Insurance', 'Farm Bureau Insurance', 'Farmers Insurance', 'GEICO', 'The General', 'The Hanover', 'The Hartford',
  'Kemper', 'Liberty Mutual', 'Mercury Insurance', 'MetLife Auto & Home', 'National General', 'Nationwide',
  'Progressive', 'Safeco', 'Sentry Insurance', 'State Farm', 'Travelers', 'USAA', 'Westfield',
] as const;

/** Writes the insurance companies; safe on every start. */
export async function seedInsuranceCompanies(db: Queryable): Promise<void> {
  await db.query('INSERT INTO insurance_companies (name) SELECT json_array_elements_text($1::json) ON CONFLICT (name) DO NOTHING', [[...INSURANCE_COMPANIES]]);
}

/** All insurance companies by name. */
export async function listInsuranceCompanies(db: Queryable) {
  const rows = await db.query<{ insurance_company_id: number; name: string }>('SELECT insurance_company_id, name FROM insurance_companies ORDER BY name');
  return rows.map((r) => ({ InsuranceCompanyId: r.insurance_company_id, Name: r.name }));
}

/**
 * The carrier settings of a user on one account: a removed carrier is a carrier edit, which blocks
 * filing on a co-branded account and warns on others.
 */
export async function carrierSettings(db: Queryable, userId: string, agencyNumber: string) {
  const [agency] = await db.query<{ is_cobranded: boolean }>('SELECT is_cobranded FROM agencies WHERE agency_number = $1', [agencyNumber]);
  const rows = await db.query<{ insurance_company_id: number; name: string; removed: boolean }>(
    `SELECT c.insurance_company_id, ic.name, c.removed_at IS NOT NULL AS removed
       FROM user_agency_carriers c JOIN insurance_companies ic USING (insurance_company_id)
      WHERE c.user_id = $1 AND c.agency_number = $2 ORDER BY ic.name`,
    [userId, agencyNumber],
  );
  const isCobranded = agency?.is_cobranded ?? false;
  const edited = rows.some((r) => r.removed);
  return {
    AccountNumber: agencyNumber,
    IsCobranded: isCobranded,
    CarrierEdited: edited,
    CanFileClaim: !(edited && isCobranded),
    Message: edited ? (isCobranded ? COBRANDED_CARRIER_BLOCK : CARRIER_EDIT_WARNING) : null,
    Carriers: rows.filter((r) => !r.removed).map((r) => ({ InsuranceCompanyId: r.insurance_company_id, Name: r.name })),
  };
}

/** The carriers (not removed) of one agent in one agency. */
export async function agentCarriers(db: Queryable, userId: string, agencyNumber: string) {
  const rows = await db.query<{ insurance_company_id: number; name: string }>(
    `SELECT ic.insurance_company_id, ic.name FROM user_agency_carriers c JOIN insurance_companies ic USING (insurance_company_id)
      WHERE c.user_id = $1 AND c.agency_number = $2 AND c.removed_at IS NULL ORDER BY ic.name`,
    [userId, agencyNumber],
  );
  return rows.map((r) => ({ InsuranceCompanyId: r.insurance_company_id, Name: r.name }));
}

/** The carriers (not removed) of every agent of an agency, once each. */
export async function agencyCarriers(db: Queryable, agencyNumber: string) {
  const rows = await db.query<{ insurance_company_id: number; name: string }>(
    `SELECT DISTINCT ic.insurance_company_id, ic.name FROM user_agency_carriers c JOIN insurance_companies ic USING (insurance_company_id)
      WHERE c.agency_number = $1 AND c.removed_at IS NULL ORDER BY ic.name`,
    [agencyNumber],
  );
  return rows.map((r) => ({ InsuranceCompanyId: r.insurance_company_id, Name: r.name }));
}

/**
 * Sets a user's carriers on one agency (issue 14): those listed are active (added, or restored if removed
 * before), the others still active are removed — a carrier edit (spec section 4). Resolves with false when an
 * id names no insurance company (nothing changed).
 */
export async function setAgentCarriers(db: Db, userId: string, agencyNumber: string, insuranceCompanyIds: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const known = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM insurance_companies WHERE insurance_company_id = ANY(ARRAY(SELECT json_array_elements_text($1::json)::int))', [insuranceCompanyIds]);
    if (known[0]!.n !== insuranceCompanyIds.length) return false;
    await tx.query(
      `UPDATE user_agency_carriers SET removed_at = now()
        WHERE user_id = $1 AND agency_number = $2 AND removed_at IS NULL AND NOT (insurance_company_id = ANY(ARRAY(SELECT json_array_elements_text($3::json)::int)))`,
      [userId, agencyNumber, insuranceCompanyIds],
    );
    await tx.query(
      `INSERT INTO user_agency_carriers (user_id, agency_number, insurance_company_id)
       SELECT $1, $2, json_array_elements_text($3::json)::int
       ON CONFLICT (user_id, agency_number, insurance_company_id) DO UPDATE SET removed_at = NULL`,
      [userId, agencyNumber, insuranceCompanyIds],
    );
    return true;
  });
}
