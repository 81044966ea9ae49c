/**
 * Filing a referral (QuickSubmit/CreateReferral): checks the account and carriers, re-prices from the
 * catalog, then writes the referral, its work order (status Received) and the first status event (openWorkOrder)
 * and the idempotency key in one transaction. The same key answers with the same referral; concurrent duplicates
 * wait on an advisory lock of (user, key), so exactly one referral is created.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod/mini';
import { COBRANDED_CARRIER_BLOCK } from '../../lib/api/carrier.ts';
import type { OrderSubmissionSchema } from '../../lib/api/quick-submit.ts';
import type { Quote } from '../../lib/api/quick-quote.ts';
import { parseAmount } from '../../lib/claim/validation.ts';
import type { Db, Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { partsByNumbers, vehicleByCarId } from './catalog.ts';
import { carrierSettings } from './carriers.ts';
import { PricingError, priceQuote } from './pricing.ts';
import type { UserRow } from './users.ts';
import { userBelongsToAgency } from './users.ts';
import { knownZip, type ZipInfo } from './zip.ts';
import { publishStatusChange, type StatusChange } from './work-order-bus.ts';
import { openWorkOrder } from './work-orders/lifecycle.ts';

export type OrderSubmission = z.infer<typeof OrderSubmissionSchema>;

/** What CreateReferral answers. */
export interface ReferralReply {
  ReferralNumber: string;
  WorkOrderId: string;
  Status: string;
  CreatedAt: string;
  Quote: Quote;
}

type QuoteInput = { ZipCode: string; CarId: number; RepairOrReplace: 'Repair' | 'Replace'; NumberOfChipsOrCracks: number; PartNumbers: string[]; Deductible?: number | null };

/** Prices parts of a catalog car for a ZIP (GetQuote). */
export async function quoteFor(db: Queryable, input: QuoteInput): Promise<Quote> {
  const zip = knownZip(input.ZipCode);
  if (!(await vehicleByCarId(db, input.CarId))) throw new HttpError(400, 'This vehicle is not in the catalog.');
  return priceParts(db, input, zip);
}

/** Prices parts of a car known to be in the catalog: its parts only, the ZIP's state for tax. */
async function priceParts(db: Queryable, input: QuoteInput, zip: ZipInfo): Promise<Quote> {
  const numbers = [...new Set(input.PartNumbers)];
  const parts = await partsByNumbers(db, input.CarId, numbers);
  if (parts.length !== numbers.length) throw new HttpError(400, 'A chosen part does not fit this vehicle.');
  try {
    const priced = priceQuote({
      parts,
      repairOrReplace: input.RepairOrReplace,
      chips: input.NumberOfChipsOrCracks,
      deductible: input.Deductible ?? null,
      stateCode: zip.state,
    });
    return {
      Lines: priced.lines.map((l) => ({
        Kind: l.kind,
        Description: l.description,
        PartNumber: l.partNumber,
        Quantity: l.quantity,
        UnitPrice: l.unitPrice,
        Amount: l.amount,
      })),
      Subtotal: priced.subtotal,
      Tax: priced.tax,
      Total: priced.total,
      Deductible: priced.deductible,
      InsurancePays: priced.insurancePays,
      PolicyholderPays: priced.policyholderPays,
    };
  } catch (err) {
    if (err instanceof PricingError) throw new HttpError(400, err.message);
    throw err;
  }
}

/** The stored reply of a referral. */
async function replyOf(db: Queryable, referralNumber: string): Promise<ReferralReply> {
  const [row] = await db.query<{ referral_number: string; work_order_id: string; status: string; created_at: Date; quote: Quote }>(
    `SELECT r.referral_number, w.work_order_id, w.status, r.created_at, r.quote
       FROM referrals r JOIN work_orders w ON w.referral_number = r.referral_number
      WHERE r.referral_number = $1`,
    [referralNumber],
  );
  if (!row) throw new Error(`referral ${referralNumber} has no work order`);
  return {
    ReferralNumber: row.referral_number,
    WorkOrderId: row.work_order_id,
    Status: row.status,
    CreatedAt: new Date(row.created_at).toISOString(),
    Quote: typeof row.quote === 'string' ? (JSON.parse(row.quote) as Quote) : row.quote,
  };
}

/** Files a referral once per idempotency key. */
export async function createReferral(db: Db, user: UserRow, input: OrderSubmission, idempotencyKey: string): Promise<ReferralReply> {
  if (!(await userBelongsToAgency(db, user.id, input.AccountNumber))) throw new HttpError(403, 'You do not belong to this agency.');
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const lockKey = `${user.id}\u0001${idempotencyKey}`;

  // A retry that finds its key answers at once (no re-pricing, no carrier check).
  const prior = await findKey(db, user.id, idempotencyKey);
  if (prior) return answerFor(db, prior, requestHash);

  const settings = await carrierSettings(db, user.id, input.AccountNumber);
  if (!settings.CanFileClaim) throw new HttpError(403, COBRANDED_CARRIER_BLOCK);
  const companies = await db.query('SELECT 1 FROM insurance_companies WHERE lower(name) = lower($1)', [input.Insurance.Carrier]);
  if (companies.length === 0) throw new HttpError(400, 'Please choose a carrier from the list.');
  const vehicle = await vehicleByCarId(db, input.Vehicle.CarId);
  if (!vehicle) throw new HttpError(400, 'This vehicle is not in the catalog.');
  const deductible = parseAmount(input.Insurance.Deductible);
  const quote = await priceParts(db, {
    ZipCode: input.Service.ZipCode,
    CarId: vehicle.carId,
    RepairOrReplace: input.Damage.RepairOrReplace,
    NumberOfChipsOrCracks: input.Damage.NumberOfChipsOrCracks,
    PartNumbers: input.Damage.PartNumbers,
    Deductible: deductible,
  }, knownZip(input.Service.ZipCode));
  const submission = {
    ...input,
    // The agent is the signed-in user, whatever the payload says.
    AgentNumber: user.agent_number,
    AgentFirstName: user.first_name,
    AgentLastName: user.last_name,
    AgentEmail: user.email,
    Vehicle: { ...input.Vehicle, Year: vehicle.year, Make: vehicle.make, Model: vehicle.model, BodyStyle: vehicle.style },
  };

  // The first status change (Received), published on the bus once committed (a retry that found its key publishes nothing).
  const filed: { change?: StatusChange } = {};
  const reply = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey]);
    const raced = await findKey(tx, user.id, idempotencyKey);
    if (raced) return answerFor(tx, raced, requestHash);
    filed.change = await openWorkOrder(tx, {
      agencyNumber: input.AccountNumber,
      userId: user.id,
      callType: input.Agent.CallType,
      customerFirst: input.Customer.FirstName,
      customerLast: input.Customer.LastName,
      policyNumber: input.Insurance.PolicyNumber,
      carrier: input.Insurance.Carrier,
      zipCode: input.Service.ZipCode,
      carId: vehicle.carId,
      vin: input.Vehicle.Vin ?? null,
      vehicle: `${vehicle.year} ${vehicle.make} ${vehicle.model} ${vehicle.style}`,
      repairOrReplace: input.Damage.RepairOrReplace,
      total: quote.Total,
      submission,
      quote,
    });
    const referralNumber = filed.change.referralNumber;
    await tx.query('INSERT INTO idempotency_keys (user_id, idem_key, request_hash, referral_number) VALUES ($1,$2,$3,$4)', [
      user.id,
      idempotencyKey,
      requestHash,
      referralNumber,
    ]);
    return replyOf(tx, referralNumber);
  });
  if (filed.change) await publishStatusChange(db, filed.change);
  return reply;
}

/** The stored idempotency key of a user, if any. */
async function findKey(db: Queryable, userId: string, key: string) {
  const [row] = await db.query<{ request_hash: string; referral_number: string }>(
    'SELECT request_hash, referral_number FROM idempotency_keys WHERE user_id = $1 AND idem_key = $2',
    [userId, key],
  );
  return row;
}

/** The referral a key was used for; 409 when the key came with a different request. */
async function answerFor(db: Queryable, prior: { request_hash: string; referral_number: string }, requestHash: string) {
  if (prior.request_hash !== requestHash) {
    throw new HttpError(409, 'This Idempotency-Key was already used for a different claim. Start the submission again.');
  }
  return replyOf(db, prior.referral_number);
}
