import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Db } from './index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { US_STATES, US_TIME_ZONES } from './reference-data.ts';
import { seedInsuranceCompanies } from '../services/carriers.ts';
import { seedDemoMfa } from '../services/mfa.ts';

/** The password every demo user has. */
export const DEMO_PASSWORD = 'Demo!2345';

/** Demo agencies: one co-branded and dedicated, one with a parent account, one without an account manager. */
export const DEMO_AGENCIES = [
  {
    agencyNumber: '10045821', agencyName: 'Harbor Point Insurance Group', addressLine: '1200 Harbor Blvd Suite 300',
    city: 'Tampa', stateCode: 'FL', zipCode: '33602', phoneNumber: '8135550142', primaryEmail: 'service@harborpoint.example', priority: 'D',
    parentAccountNumber: null, isCobranded: true, clientTag: 'harborpoint', accountManager: 0,
  },
  {
    agencyNumber: '20077314', agencyName: 'Summit Ridge Agency', addressLine: '455 Canyon Rd',
    city: 'Denver', stateCode: 'CO', zipCode: '80202', phoneNumber: '3035550199', primaryEmail: 'office@summitridge.example', priority: null,
    parentAccountNumber: '90000012', isCobranded: false, clientTag: null, accountManager: 1,
  },
  {
    agencyNumber: '30012967', agencyName: 'Lakeshore Family Insurance', addressLine: '78 W Lake St',
    city: 'Chicago', stateCode: 'IL', zipCode: '60601', phoneNumber: '3125550108', primaryEmail: 'hello@lakeshorefamily.example', priority: null,
    parentAccountNumber: null, isCobranded: false, clientTag: null, accountManager: null,
  },
] as const;

/** Demo account managers (names stored as the source system sends them; the portal capitalises). */
export const DEMO_ACCOUNT_MANAGERS = [
  { firstName: 'DANA', lastName: 'WHITFIELD', phoneNumber: '8005550123', emailAddress: 'dana.whitfield@glasscare.example' },
  { firstName: 'marcus', lastName: 'oliveira', phoneNumber: '8005550187', emailAddress: 'marcus.oliveira@glasscare.example' },
] as const;

/** Demo users, one per role plus an agent with no accounts; all use DEMO_PASSWORD. */
export const DEMO_USERS = [
  { email: 'agent@demo.test', role: 'SFAD_Agent', firstName: 'Alex', lastName: 'Rivera', agentNumber: 'A10045', agencies: [['10045821', true, false], ['20077314', false, true]] },
  { email: 'admin@demo.test', role: 'SFAD_Admin', firstName: 'Morgan', lastName: 'Lee', agentNumber: 'A20077', agencies: [['20077314', true, false], ['30012967', false, false]] },
  { email: 'internal@demo.test', role: 'SFAD_InternalAdmin', firstName: 'Jordan', lastName: 'Blake', agentNumber: null, agencies: [] },
  { email: 'ce@demo.test', role: 'SFAD_CEAdmin', firstName: 'Casey', lastName: 'Nguyen', agentNumber: null, agencies: [] },
  { email: 'noaccount@demo.test', role: 'SFAD_Agent', firstName: 'Taylor', lastName: 'Brooks', agentNumber: 'A99001', agencies: [] },
  // Agency onboarding (issue 14): no agency yet; finds one, files a request, waits for approval (the e2e journey's own user).
  { email: 'onboarding@demo.test', role: 'SFAD_Agent', firstName: 'Sam', lastName: 'Ortiz', agentNumber: 'A99002', agencies: [] },
  // An agent of the co-branded agency whose carriers were edited: claim filing is blocked (spec section 8).
  { email: 'carrieredit@demo.test', role: 'SFAD_Agent', firstName: 'Riley', lastName: 'Chen', agentNumber: 'A10046', agencies: [['10045821', true, false]] },
  // An agent of two agencies who may remove one in manage-account (issue 14's removal journey acts on them).
  { email: 'multi@demo.test', role: 'SFAD_Agent', firstName: 'Jamie', lastName: 'Park', agentNumber: 'A30013', agencies: [['20077314', true, false], ['30012967', false, false]] },
] as const;

/** The demo agents' carriers per account: [email, agency, insurer, removed]. A removed carrier is a carrier edit. */
export const DEMO_CARRIERS: readonly (readonly [string, string, string, boolean])[] = [
  ['agent@demo.test', '10045821', 'Progressive', false],
  ['agent@demo.test', '10045821', 'GEICO', false],
  ['agent@demo.test', '20077314', 'State Farm', false],
  ['agent@demo.test', '20077314', 'Allstate', false],
  ['admin@demo.test', '20077314', 'Nationwide', false],
  ['admin@demo.test', '20077314', 'Travelers', false],
  // Lakeshore: a carrier was removed → a warning, filing still allowed (not co-branded).
  ['admin@demo.test', '30012967', 'Liberty Mutual', false],
  ['admin@demo.test', '30012967', 'Safeco', true],
  // Harbor Point is co-branded: the removed carrier blocks filing.
  ['carrieredit@demo.test', '10045821', 'Progressive', true],
  ['carrieredit@demo.test', '10045821', 'USAA', false],
  ['multi@demo.test', '20077314', 'Erie Insurance', false],
  ['multi@demo.test', '30012967', 'Amica Mutual', false],
];

/** Writes reference data (states, time zones); safe to run on every start. */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [code, name] of US_STATES) {
      await tx.query('INSERT INTO states (state_code, state_name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [code, name]);
    }
    for (const [id, name, offset] of US_TIME_ZONES) {
      await tx.query(
        'INSERT INTO time_zones (time_zone_id, display_name, utc_offset_minutes) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [id, name, offset],
      );
    }
  });
  await seedInsuranceCompanies(db);
}

/** Writes the demo agencies, account managers and users once; a later run keeps what is there. */
export async function seedDemo(db: Db): Promise<{ created: boolean }> {
  const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email LIKE '%@demo.test'");
  if ((row?.n ?? 0) > 0) {
    await seedOnboardingDemo(db);
    // The demo admins come enrolled in two-step sign-in (issue 14) with DEMO_TOTP_SECRET: once, also on an older database.
    await seedDemoMfa(db);
    await seedCobrandDemo(db);
    await seedCareDeskDemo(db);
    return { created: false };
  }
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD, { wait: true })));
  await db.transaction(async (tx) => {
    const managerIds: number[] = [];
    for (const m of DEMO_ACCOUNT_MANAGERS) {
      const [row] = await tx.query<{ id: number }>(
        'INSERT INTO account_managers (first_name, last_name, phone_number, email_address) VALUES ($1,$2,$3,$4) RETURNING id',
        [m.firstName, m.lastName, m.phoneNumber, m.emailAddress],
      );
      managerIds.push(row!.id);
    }
    for (const a of DEMO_AGENCIES) {
      await tx.query(
        `INSERT INTO agencies (agency_number, agency_name, address_line, city, state_code, zip_code, phone_number,
           priority, parent_account_number, is_cobranded, client_tag, account_manager_id, primary_email)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) ON CONFLICT DO NOTHING`,
        [a.agencyNumber, a.agencyName, a.addressLine, a.city, a.stateCode, a.zipCode, a.phoneNumber, a.priority,
          a.parentAccountNumber, a.isCobranded, a.clientTag, a.accountManager === null ? null : managerIds[a.accountManager]!, a.primaryEmail],
      );
    }
    for (const [i, u] of DEMO_USERS.entries()) {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, agent_number, dashboard_user_role)
         VALUES ($1,$2,$3,$4,$5,$6) RETURNING id`,
        [u.email, hashes[i]!, u.firstName, u.lastName, u.agentNumber, u.role],
      );
      for (const [agencyNumber, isDefault, notify] of u.agencies) {
        await tx.query(
          `INSERT INTO user_agencies (user_id, agency_number, is_default_agency, show_agency_change_notification)
           VALUES ($1,$2,$3,$4)`,
          [row!.id, agencyNumber, isDefault, notify],
        );
      }
    }
    for (const [email, agency, insurer, removed] of DEMO_CARRIERS) {
      await tx.query(
        `INSERT INTO user_agency_carriers (user_id, agency_number, insurance_company_id, removed_at)
         SELECT u.id, $2, ic.insurance_company_id, CASE WHEN $4 THEN now() END
           FROM users u, insurance_companies ic WHERE lower(u.email) = $1 AND ic.name = $3`,
        [email, agency, insurer, removed],
      );
    }
  });
  await seedDemoMfa(db);
  await seedCobrandDemo(db);
  await seedCareDeskDemo(db);
  return { created: true };
}

/**
 * The care-desk group (issue 18): the demo CE admin answers chats beside the internal admin (staff by role). Only
 * while the group is empty, so an admin's later changes stay. Nobody is available until they say so in the console.
 */
async function seedCareDeskDemo(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO care_desk_members (user_id, added_by) SELECT id, 'seed' FROM users
      WHERE lower(email) = 'ce@demo.test' AND NOT EXISTS (SELECT 1 FROM care_desk_members) ON CONFLICT DO NOTHING`,
  );
}

/** The co-branded demo agency's logo (issue 17), once, also on an older database; an admin's upload stays. */
async function seedCobrandDemo(db: Db): Promise<void> {
  const bytes = readFileSync(new URL('../demo/harborpoint-logo.png', import.meta.url));
  await db.query(
    `INSERT INTO cobrand_logos (agency_number, content_type, bytes, sha256, updated_by)
     SELECT $1, 'image/png', decode($2, 'base64'), $3, 'seed' WHERE EXISTS (SELECT 1 FROM agencies WHERE agency_number = $1)
     ON CONFLICT (agency_number) DO NOTHING`,
    [DEMO_AGENCIES[0].agencyNumber, bytes.toString('base64'), createHash('sha256').update(bytes).digest('hex')],
  );
}

/**
 * What agency onboarding (issue 14) added to the demo data, for a database seeded before it: the agencies'
 * primary emails (only where none is set) and the onboarding demo user. Safe on every start.
 */
async function seedOnboardingDemo(db: Db): Promise<void> {
  for (const a of DEMO_AGENCIES) {
    await db.query('UPDATE agencies SET primary_email = $2 WHERE agency_number = $1 AND primary_email IS NULL', [a.agencyNumber, a.primaryEmail]);
  }
  const u = DEMO_USERS.find((d) => d.email === 'onboarding@demo.test')!;
  const [found] = await db.query('SELECT 1 FROM users WHERE lower(email) = $1', [u.email]);
  if (found) return;
  await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, agent_number, dashboard_user_role)
     VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT DO NOTHING`,
    [u.email, await hashPassword(DEMO_PASSWORD, { wait: true }), u.firstName, u.lastName, u.agentNumber, u.role],
  );
}
