/** Test data for the claim flow: a real car of the seeded catalog and a valid order submission. */
import type { RunningPortal } from '../../../src/server/server.ts';
import { demoVin } from '../../../src/server/catalog/generate.ts';

export interface DemoCar {
  CarId: number;
  Year: number;
  Make: string;
  Model: string;
  Style: string;
  Vin: string;
  /** The car's windshield part numbers (two or more). */
  Windshields: string[];
}

/** Shape-valid values for the contract checks that run before the portal is up. */
export const PLACEHOLDER_CAR: DemoCar = {
  CarId: 1, Year: 2020, Make: 'Toyota', Model: 'Camry', Style: '4 Door Sedan', Vin: '1HGCM82633A004352', Windshields: ['FW00001GTY', 'FW00002GTY'],
};

/** A 2018-or-later car (not a big truck) with several windshields, newest first by CarId. */
export async function demoCar(portal: RunningPortal, offset = 0): Promise<DemoCar> {
  const [row] = await portal.db.query<{ car_id: number; year: number; make: string; model: string; style: string; parts: string[] }>(
    `SELECT v.car_id, v.year, v.make, v.model, v.style, array_agg(p.part_number ORDER BY p.part_number) AS parts
       FROM vehicles v JOIN glass_parts p ON p.platform_id = v.platform_id AND p.grp = 'Windshield'
      WHERE v.year >= 2018 AND NOT v.is_big_truck
      GROUP BY v.car_id HAVING count(*) >= 2
      ORDER BY v.car_id LIMIT 1 OFFSET $1`,
    [offset],
  );
  if (!row) throw new Error('no car with several windshields in the catalog');
  return { CarId: row.car_id, Year: row.year, Make: row.make, Model: row.model, Style: row.style, Vin: demoVin(row.car_id), Windshields: row.parts };
}

/** A valid CreateReferral body for an account and car (a windshield replacement in Tampa). */
export function referralRequest(account: string, car: DemoCar, overrides: { Customer?: Record<string, unknown> } = {}) {
  return {
    AppName: 'AgentPortal',
    AccountNumber: account,
    Agent: {
      CallType: 'Claim',
      SchedulingOption: 'CallPolicyholder',
      InsuredProviderPreference: null,
      IsCoBrandedSubmission: account === '10045821',
      IsFromAgentPortal: true,
      Notifications: {
        PolicyholderContactText: false, PolicyholderContactEmail: true, ServiceScheduledText: false, ServiceScheduledEmail: true,
        ServiceCompleteText: false, ServiceCompleteEmail: true, SurveyCompleteText: false, SurveyCompleteEmail: false, AgentPhoneNo: null,
      },
    },
    Customer: {
      FirstName: 'Pat', LastName: 'Morales', Email: 'pat.morales@example.com', PhoneNumber: '(813) 555-0134', PhoneNumberAlt: null,
      PreferredContactMethod: 'Phone', OptInSms: false, ...overrides.Customer,
    },
    Service: { Address: '401 E Jackson St', City: 'Tampa', State: 'FL', ZipCode: '33602' },
    Vehicle: { Country: 'US', Year: car.Year, Make: car.Make, Model: car.Model, BodyStyle: car.Style, CarId: car.CarId, Vin: car.Vin },
    Insurance: { PolicyNumber: 'PA-4471-0093', Carrier: 'Progressive', Deductible: '250', DamageDate: new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10), AnyOther: null },
    Damage: {
      SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Replace', NumberOfChipsOrCracks: -1, PartNumbers: car.Windshields.slice(0, 1),
      ProblemAnswers: { crackOver6Inches: true }, PropertyAnswers: {},
    },
  };
}
