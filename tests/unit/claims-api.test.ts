/**
 * The claim flow's calls against the real portal (PGlite, the embedded provider): reference lookups,
 * the quote, CreateReferral's validation messages, idempotency, carrier edits and the self-service link.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, getUrl, type CallContract } from '../../src/lib/api/index.ts';
import { GenerateSelfServiceUrl } from '../../src/lib/api/cobranded.ts';
import { CARRIER_EDIT_WARNING, COBRANDED_CARRIER_BLOCK } from '../../src/lib/api/carrier.ts';
import { MESSAGES } from '../../src/lib/claim/validation.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';
import { demoCar, referralRequest, type DemoCar } from './helpers/claims.ts';

let portal: RunningPortal;
let agent: string;
let admin: string;
let car: DemoCar;

async function call(name: keyof typeof CALLS, input: Record<string, unknown>, token = agent, headers: Record<string, string> = {}) {
  const c: CallContract = CALLS[name];
  const body = { AppName: 'AgentPortal', ...input };
  return c.method === 'GET' ? callApi(portal, getUrl(c, body), { token, headers }) : callApi(portal, callPath(c), { token, body, headers });
}
const file = (body: Record<string, unknown>, key: string = randomUUID(), token = agent) => call('CreateReferral', body, token, { 'Idempotency-Key': key });
const count = async (sql: string, params: unknown[] = []) => (await portal.db.query<{ n: number }>(sql, params as never))[0]!.n;
/** The field errors of a reply as path and English message (each also carries a message code, checked in fuzz.test.ts). */
const errorsOf = (res: { json: { errors?: unknown[] } | null }) =>
  ((res.json?.errors ?? []) as { path: string; message: string }[]).map(({ path, message }) => ({ path, message }));

beforeAll(async () => {
  portal = await startTestPortal();
  agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
  admin = (await signInForTokens(portal, 'admin@demo.test')).access_token;
  car = await demoCar(portal);
});
afterAll(async () => {
  await portal?.close();
});

describe('policyholder location', () => {
  it('GetCityAddress: a real ZIP gives its city and state; ZIP+4 too', async () => {
    expect((await call('GetCityAddress', { ZipCode: '33602' })).json!.result).toEqual({ ZipCode: '33602', City: 'Tampa', State: 'FL' });
    expect((await call('GetCityAddress', { ZipCode: '80202-1234' })).json!.result).toMatchObject({ City: 'Denver', State: 'CO' });
  });
  it("a ZIP that does not exist → 400 'Invalid ZIP. Please enter a new ZIP.'; a malformed one → 'Please enter a valid ZIP code.'", async () => {
    const unknown = await call('GetCityAddress', { ZipCode: '00000' });
    expect(unknown.status).toBe(400);
    expect(unknown.json!.message).toBe(MESSAGES.zipUnknown);
    const bad = await call('GetCityAddress', { ZipCode: '3360' });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)).toContainEqual({ path: 'ZipCode', message: MESSAGES.zipInvalid });
  });
  it('ValidateProviderService: Tampa is serviced within the radius', async () => {
    const res = (await call('ValidateProviderService', { ZipCode: '33602' })).json!.result as { IsServiced: boolean; ClosestShopMiles: number; ServiceRadiusMiles: number };
    expect(res.IsServiced).toBe(true);
    expect(res.ClosestShopMiles).toBeLessThanOrEqual(res.ServiceRadiusMiles);
  });
  it('GetApplicableClosestProviders: nearest first; ExcludeShops leaves out the provider-owned shops', async () => {
    const all = (await call('GetApplicableClosestProviders', { ZipCode: '33602' })).json!.result as { DistanceMiles: number; IsProviderOwned: boolean }[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((s) => s.DistanceMiles)).toEqual([...all.map((s) => s.DistanceMiles)].sort((a, b) => a - b));
    const excluded = (await call('GetApplicableClosestProviders', { ZipCode: '33602', ExcludeShops: true })).json!.result as { IsProviderOwned: boolean }[];
    expect(excluded.every((s) => !s.IsProviderOwned)).toBe(true);
  });
});

describe('vehicle selection', () => {
  it('the year → make → model → style chain ends at the car, and YMMS gives the same CarId', async () => {
    const years = (await call('GetVehicleYears', {})).json!.result as number[];
    expect(years).toContain(car.Year);
    expect((await call('GetVehicleMakes', { Year: String(car.Year) })).json!.result).toContain(car.Make);
    expect((await call('GetVehicleModels', { Year: String(car.Year), Make: car.Make })).json!.result).toContain(car.Model);
    const styles = (await call('GetVehicleStyles', { Year: String(car.Year), Make: car.Make, Model: car.Model })).json!.result as { CarId: number; Style: string }[];
    expect(styles).toContainEqual({ CarId: car.CarId, Style: car.Style });
    const ymms = await call('GetVehicleInformationByYMMS', { Year: String(car.Year), Make: car.Make, Model: car.Model, Style: car.Style });
    expect(ymms.json!.result).toMatchObject({ CarId: car.CarId, IsBigTruck: false });
  });
  it("a seeded car's VIN decodes to its exact CarId", async () => {
    const res = await call('GetVehicleInfoByVin', { Vin: car.Vin.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.json!.result).toMatchObject({ Vin: car.Vin, Year: car.Year, Make: car.Make, Vehicle: { CarId: car.CarId } });
  });
  it('a VIN with a wrong check digit is refused with a clear message', async () => {
    const digit = car.Vin[8] === '0' ? '1' : '0';
    const res = await call('GetVehicleInfoByVin', { Vin: car.Vin.slice(0, 8) + digit + car.Vin.slice(9) });
    expect(res.status).toBe(400);
    expect(res.json!.message).toMatch(/check digit/);
  });
  it('big trucks come apart from the car lists', async () => {
    const trucks = (await call('GetBigTruckVehicleInfo', {})).json!.result as { IsBigTruck: boolean; Make: string }[];
    expect(trucks.length).toBeGreaterThan(0);
    expect(trucks.every((t) => t.IsBigTruck)).toBe(true);
    const makes = (await call('GetVehicleMakes', { Year: '2020' })).json!.result as string[];
    expect(makes).not.toContain(trucks[0]!.Make === 'Volvo' ? '__none__' : trucks[0]!.Make);
  });
});

describe('damage, questions and the quote', () => {
  it('glass options list the groups of the parts; several windshields ask property questions', async () => {
    const opts = (await call('GetGlassOptionsByCarId', { CarId: String(car.CarId) })).json!.result as { AvailableGlass: string[]; Parts: { Group: string; PartNumber: string }[] };
    expect(opts.AvailableGlass).toContain('Windshield');
    expect(new Set(opts.Parts.map((p) => p.Group))).toEqual(new Set(opts.AvailableGlass));
    const questions = (await call('GetProblemPropertyQuestions', { CarId: car.CarId, PartNumbers: car.Windshields })).json!.result as { QuestionId: string }[];
    expect(questions.length).toBeGreaterThan(0);
    const one = (await call('GetProblemPropertyQuestions', { CarId: car.CarId, PartNumbers: car.Windshields.slice(0, 1) })).json!.result;
    expect(one).toEqual([]);
  });
  it('problem questions: windshield-only questions only when the windshield is picked', async () => {
    const ws = (await call('GetProblemQuestions', { CarId: car.CarId, SelectedGlassGroups: ['Windshield'], RepairOrReplace: 'Repair' })).json!.result as unknown[];
    const side = (await call('GetProblemQuestions', { CarId: car.CarId, SelectedGlassGroups: ["Driver's side"], RepairOrReplace: 'Replace' })).json!.result as unknown[];
    expect(ws.length).toBeGreaterThan(side.length);
  });
  it('the quote is itemised and adds up; the deductible splits what insurance and the policyholder pay', async () => {
    const q = (await call('GetQuote', { ZipCode: '33602', CarId: car.CarId, RepairOrReplace: 'Replace', NumberOfChipsOrCracks: -1, PartNumbers: car.Windshields.slice(-1), Deductible: 500 }))
      .json!.result as { Lines: { Kind: string; Amount: number }[]; Subtotal: number; Tax: number; Total: number; InsurancePays: number; PolicyholderPays: number };
    expect(q.Lines.map((l) => l.Kind)).toEqual(expect.arrayContaining(['part', 'labor']));
    expect(Math.round(q.Lines.reduce((n, l) => n + l.Amount, 0) * 100)).toBe(Math.round(q.Subtotal * 100));
    expect(Math.round((q.Subtotal + q.Tax) * 100)).toBe(Math.round(q.Total * 100));
    expect(q.PolicyholderPays).toBe(Math.min(500, q.Total));
    expect(Math.round((q.InsurancePays + q.PolicyholderPays) * 100)).toBe(Math.round(q.Total * 100));
  });
  it("a part of another car is refused", async () => {
    const other = await demoCar(portal, 5);
    const res = await call('GetQuote', { ZipCode: '33602', CarId: car.CarId, RepairOrReplace: 'Replace', NumberOfChipsOrCracks: -1, PartNumbers: other.Windshields.filter((p) => !car.Windshields.includes(p)).slice(0, 1) });
    expect(res.status).toBe(400);
  });
});

describe('CreateReferral', () => {
  it('files the referral and its work order (Received) with its first event', async () => {
    const res = await file(referralRequest('10045821', car));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const r = res.json!.result as { ReferralNumber: string; WorkOrderId: string; Status: string; Quote: { Total: number } };
    expect(r.Status).toBe('Received');
    expect(r.ReferralNumber).toMatch(/^\d{9}$/);
    const [row] = await portal.db.query<{ agency_number: string; vehicle: string; total: string }>('SELECT agency_number, vehicle, total FROM referrals WHERE referral_number = $1', [r.ReferralNumber]);
    expect(row).toMatchObject({ agency_number: '10045821', vehicle: `${car.Year} ${car.Make} ${car.Model} ${car.Style}` });
    expect(Number(row!.total)).toBe(r.Quote.Total);
    expect(await count("SELECT count(*)::int AS n FROM work_order_events WHERE work_order_id = $1 AND status = 'Received'", [r.WorkOrderId])).toBe(1);
  });

  it('the same Idempotency-Key returns the same referral and creates nothing more', async () => {
    const key = randomUUID();
    const body = referralRequest('10045821', car);
    const first = await file(body, key);
    const before = await count('SELECT count(*)::int AS n FROM referrals');
    const again = await file(body, key);
    expect(again.status).toBe(200);
    expect((again.json!.result as { ReferralNumber: string }).ReferralNumber).toBe((first.json!.result as { ReferralNumber: string }).ReferralNumber);
    expect(await count('SELECT count(*)::int AS n FROM referrals')).toBe(before);
  });

  it('concurrent duplicates (a double click) create exactly one referral', async () => {
    const key = randomUUID();
    const before = await count('SELECT count(*)::int AS n FROM referrals');
    const replies = await Promise.all(Array.from({ length: 6 }, () => file(referralRequest('20077314', car), key)));
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(replies.map((r) => (r.json!.result as { ReferralNumber: string }).ReferralNumber)).size).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM referrals')).toBe(before + 1);
  });

  it('a key reused for a different claim → 409; no key → 400; nothing written', async () => {
    const key = randomUUID();
    await file(referralRequest('10045821', car), key);
    const before = await count('SELECT count(*)::int AS n FROM referrals');
    const changed = await file(referralRequest('10045821', car, { Customer: { FirstName: 'Sam' } }), key);
    expect(changed.status).toBe(409);
    const none = await call('CreateReferral', referralRequest('10045821', car));
    expect(none.status).toBe(400);
    expect(none.json!.message).toMatch(/Idempotency-Key/);
    expect(await count('SELECT count(*)::int AS n FROM referrals')).toBe(before);
  });

  const cases: [string, (b: ReturnType<typeof referralRequest>) => void, string, string][] = [
    ['a bad phone', (b) => (b.Customer.PhoneNumber = '555-01'), 'Customer.PhoneNumber', MESSAGES.phoneInvalid],
    ['no phone', (b) => (b.Customer.PhoneNumber = ' '), 'Customer.PhoneNumber', MESSAGES.phoneRequired],
    ['no first name', (b) => (b.Customer.FirstName = ''), 'Customer.FirstName', 'The first name field is required'],
    ['digits in a last name', (b) => (b.Customer.LastName = 'M0rales'), 'Customer.LastName', MESSAGES.lettersOnly],
    ['a bad email', (b) => (b.Customer.Email = 'pat@'), 'Customer.Email', MESSAGES.emailInvalid],
    ['email preferred without an email', (b) => ((b.Customer.Email = null as never), (b.Customer.PreferredContactMethod = 'Email')), 'Customer.Email', MESSAGES.emailRequired],
    ['texts without consent', (b) => (b.Customer.PreferredContactMethod = 'Text'), 'Customer.OptInSms', MESSAGES.textConsent],
    ['no policy number', (b) => (b.Insurance.PolicyNumber = ''), 'Insurance.PolicyNumber', 'The policy number field is required'],
    ['no carrier', (b) => (b.Insurance.Carrier = ''), 'Insurance.Carrier', 'The carrier field is required'],
    ['no deductible', (b) => (b.Insurance.Deductible = ''), 'Insurance.Deductible', 'The deductible field is required'],
    ['a bad amount', (b) => (b.Insurance.Deductible = '12,34'), 'Insurance.Deductible', MESSAGES.amountInvalid],
    ['a damage date in the future', (b) => (b.Insurance.DamageDate = '2999-01-01'), 'Insurance.DamageDate', MESSAGES.dateInvalid],
    ['a damage date 11 years back', (b) => (b.Insurance.DamageDate = `${new Date().getFullYear() - 11}-01-01`), 'Insurance.DamageDate', MESSAGES.dateInvalid],
    ['an impossible date', (b) => (b.Insurance.DamageDate = '2025-02-30'), 'Insurance.DamageDate', MESSAGES.dateInvalid],
    ['no state', (b) => (b.Service.State = ''), 'Service.State', MESSAGES.state],
    ['a bad ZIP', (b) => (b.Service.ZipCode = '336'), 'Service.ZipCode', MESSAGES.zipInvalid],
    ['no scheduling option', (b) => (b.Agent.SchedulingOption = '' as never), 'Agent.SchedulingOption', MESSAGES.schedulingOption],
    ['a shop appointment without a shop', (b) => (b.Agent.SchedulingOption = 'ScheduleAtShop'), 'Agent.InsuredProviderPreference', 'The shop name field is required'],
  ];
  for (const [what, mutate, path, message] of cases) {
    it(`${what} → 400 '${message}' on ${path}, nothing written`, async () => {
      const body = referralRequest('10045821', car);
      mutate(body);
      const before = await count('SELECT count(*)::int AS n FROM referrals');
      const res = await file(body);
      expect(res.status).toBe(400);
      expect(errorsOf(res)).toContainEqual({ path, message });
      expect(await count('SELECT count(*)::int AS n FROM referrals')).toBe(before);
    });
  }

  it('a carrier not in the list is refused', async () => {
    const body = referralRequest('10045821', car);
    body.Insurance.Carrier = 'Acme Fly-by-Night Mutual';
    expect((await file(body)).status).toBe(400);
  });
});

describe('carrier edits (spec sections 4 and 8)', () => {
  it('co-branded with a removed carrier: filing is blocked with the spec message', async () => {
    const token = (await signInForTokens(portal, 'carrieredit@demo.test')).access_token;
    const settings = (await call('GetCarrierSettings', { AccountNumber: '10045821' }, token)).json!.result;
    expect(settings).toMatchObject({ IsCobranded: true, CarrierEdited: true, CanFileClaim: false, Message: COBRANDED_CARRIER_BLOCK });
    const res = await file(referralRequest('10045821', car), randomUUID(), token);
    expect(res.status).toBe(403);
    expect(res.json!.message).toBe(COBRANDED_CARRIER_BLOCK);
  });
  it('another account with a removed carrier: a warning, filing allowed', async () => {
    const settings = (await call('GetCarrierSettings', { AccountNumber: '30012967' }, admin)).json!.result;
    expect(settings).toMatchObject({ IsCobranded: false, CarrierEdited: true, CanFileClaim: true, Message: CARRIER_EDIT_WARNING });
    expect((await file(referralRequest('30012967', car), randomUUID(), admin)).status).toBe(200);
  });
  it('no edits: no message', async () => {
    expect((await call('GetCarrierSettings', { AccountNumber: '10045821' })).json!.result).toMatchObject({ CarrierEdited: false, CanFileClaim: true, Message: null });
  });
});

describe('self-service link for SSO users', () => {
  it('empty when no self-service site is configured', async () => {
    const sub = String(decodeJwt(agent).sub);
    const res = await call('GenerateSelfServiceUrl', { UserId: sub, ReturnUrl: '/dashboard/start-claim' });
    expect(res.json!.result).toEqual({ Url: '' });
  });
  it('a link to the configured site carrying the return address and agent number', async () => {
    const other = await startTestPortal({ SELF_SERVICE_URL: 'https://selfservice.example/claims' });
    try {
      const token = (await signInForTokens(other, 'agent@demo.test')).access_token;
      const res = await callApi(other, callPath(CALLS.GenerateSelfServiceUrl), {
        token,
        body: { AppName: 'AgentPortal', UserId: String(decodeJwt(token).sub), ReturnUrl: '/dashboard/start-claim' },
      });
      const url = new URL((res.json!.result as { Url: string }).Url);
      expect(url.origin + url.pathname).toBe('https://selfservice.example/claims');
      expect(url.searchParams.get('returnUrl')).toBe(`${other.url}/dashboard/start-claim`);
      expect(url.searchParams.get('agentNumber')).toBe('A10045');
      // Only a path on this site comes back as the return address: other origins are refused (400), by the
      // contract the browser checks too.
      const SITE_PATH_MESSAGE = 'Must be a path on this site, starting with a single /';
      for (const ReturnUrl of ['//evil.example/x', '/\\evil.example/x', '/\\/evil.example', 'https://evil.example/x', 'javascript:alert(1)', 'evil.example', '/\t/evil.example']) {
        expect(GenerateSelfServiceUrl.request.safeParse({ AppName: 'AgentPortal', UserId: 'u', ReturnUrl }).success, ReturnUrl).toBe(false);
        const refused = await callApi(other, callPath(CALLS.GenerateSelfServiceUrl), {
          token,
          body: { AppName: 'AgentPortal', UserId: String(decodeJwt(token).sub), ReturnUrl },
        });
        expect(refused.status, ReturnUrl).toBe(400);
        expect(refused.json!.errors, ReturnUrl).toEqual([expect.objectContaining({ path: 'ReturnUrl', message: SITE_PATH_MESSAGE })]);
      }
      for (const ReturnUrl of ['/', '/dashboard/start-claim?step=2', '/es/dashboard/x//y']) {
        const ok = await callApi(other, callPath(CALLS.GenerateSelfServiceUrl), { token, body: { AppName: 'AgentPortal', UserId: String(decodeJwt(token).sub), ReturnUrl } });
        expect(new URL(new URL((ok.json!.result as { Url: string }).Url).searchParams.get('returnUrl')!).origin, ReturnUrl).toBe(other.url);
      }
    } finally {
      await other.close();
    }
  });
});

describe('README demo VINs', () => {
  it('each VIN the README lists decodes to the vehicle it names', async () => {
    const { readFileSync } = await import('node:fs');
    const rows = [...readFileSync('README.md', 'utf8').matchAll(/^\| `([A-HJ-NPR-Z0-9]{17})` \| (\d{4}) (\S+(?: \S+)*?) \(|^\| `([A-HJ-NPR-Z0-9]{17})` \| (\d{4}) ([^|(]+?) \|/gm)];
    expect(rows.length).toBe(6);
    for (const m of rows) {
      const vin = m[1] ?? m[4]!;
      const label = `${m[2] ?? m[5]} ${(m[3] ?? m[6])!.trim()}`;
      const v = (await call('GetVehicleInfoByVin', { Vin: vin })).json!.result as { Vehicle: { Year: number; Make: string; Model: string; Style: string } | null };
      expect(v.Vehicle, vin).not.toBeNull();
      expect(`${v.Vehicle!.Year} ${v.Vehicle!.Make} ${v.Vehicle!.Model} ${v.Vehicle!.Style}`.startsWith(label.replace(/ \(big truck\)$/, '')), `${vin}: ${label}`).toBe(true);
    }
  });
});
