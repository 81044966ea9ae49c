/** One work order: its details (ServiceActivityDetail) with the timeline, its survey, and its recalibration certificate's data. */
import { HttpError } from '../../errors.ts';
import type { Queryable } from '../../db/index.ts';
import type { UserRow } from '../users.ts';
import type { CertificateData } from '../certificate.ts';
import { isOpen, type WorkOrderStatus } from '../../../lib/work-orders.ts';
import type { ServiceActivity, Survey } from '../../../lib/api/work-orders.ts';
import { visibleOrder } from './access.ts';
import { iso, isoOrNull, json, shopById, shopOut, type ShopRow, type StoredQuote, type StoredSubmission } from './stored.ts';

/** Every status change of an order, oldest first. */
export async function timelineOf(db: Queryable, workOrderId: string) {
  const rows = await db.query<{ status: WorkOrderStatus; note: string | null; created_at: Date | string }>(
    'SELECT status, note, created_at FROM work_order_events WHERE work_order_id = $1 ORDER BY created_at, id',
    [workOrderId],
  );
  return rows.map((e) => ({ Status: e.status, At: iso(e.created_at), Note: e.note }));
}

/** ServiceActivityDetail: the request fields, appointment and shop, timeline and flags of one order. */
export async function serviceActivity(db: Queryable, user: UserRow, workOrderId: string, referralNumber?: string): Promise<ServiceActivity> {
  const order = await visibleOrder(db, user, workOrderId, referralNumber);
  const sub = json<StoredSubmission>(order.submission, {});
  const quote = json<StoredQuote>(order.quote, {});
  const partNumbers = sub.Damage?.PartNumbers ?? [];
  const [parts, shop, timeline, flags] = await Promise.all([
    partNumbers.length
      ? db.query<{ part_number: string; description: string; recalibration: string }>(
          'SELECT part_number, description, recalibration FROM glass_parts WHERE part_number IN (SELECT json_array_elements_text($1::json)) ORDER BY part_number',
          [partNumbers],
        )
      : Promise.resolve([]),
    shopById(db, order.shop_id),
    timelineOf(db, order.work_order_id),
    db.query<{ has_survey: boolean; has_recalibration: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM work_order_surveys WHERE work_order_id = $1) AS has_survey,
              EXISTS (SELECT 1 FROM work_order_recalibrations WHERE work_order_id = $1) AS has_recalibration`,
      [order.work_order_id],
    ),
  ]);
  const [year, ...rest] = order.vehicle.split(' ');
  const vehicle = sub.Vehicle ?? {};
  return {
    WorkOrderId: order.work_order_id,
    ReferralNumber: order.referral_number,
    AgencyNumber: order.agency_number,
    AgencyName: order.agency_name,
    Status: order.status,
    Type: isOpen(order.status) ? 'Open' : 'Completed',
    CreatedAt: iso(order.created_at),
    UpdatedAt: iso(order.updated_at),
    Policyholder: {
      FirstName: order.customer_first,
      LastName: order.customer_last,
      Email: sub.Customer?.Email ?? null,
      PhoneNumber: sub.Customer?.PhoneNumber ?? '',
      PhoneNumberAlt: sub.Customer?.PhoneNumberAlt ?? null,
      OptInSms: sub.Customer?.OptInSms ?? false,
    },
    ServiceAddress: {
      Address: sub.Service?.Address ?? '',
      City: sub.Service?.City ?? '',
      State: sub.Service?.State ?? '',
      ZipCode: sub.Service?.ZipCode ?? order.zip_code,
    },
    Policy: {
      PolicyNumber: order.policy_number,
      Carrier: order.carrier,
      Deductible: sub.Insurance?.Deductible ?? '',
      DamageDate: sub.Insurance?.DamageDate ?? '',
      AnyOther: sub.Insurance?.AnyOther ?? null,
    },
    Vehicle: {
      Year: vehicle.Year ?? Number(year),
      Make: vehicle.Make ?? rest[0] ?? '',
      Model: vehicle.Model ?? '',
      BodyStyle: vehicle.BodyStyle ?? '',
      CarId: order.car_id,
      Vin: order.vin,
      Description: order.vehicle,
    },
    Service: {
      RepairOrReplace: order.repair_or_replace,
      Glass: sub.Damage?.SelectedGlassGroups ?? [],
      NumberOfChipsOrCracks: sub.Damage?.NumberOfChipsOrCracks ?? -1,
      // The glass of the claim; a repair leaves it (and the camera behind it) in place: nothing to recalibrate.
      Parts: partNumbers.map((pn) => {
        const part = parts.find((x) => x.part_number === pn);
        return { PartNumber: pn, Description: part?.description ?? '', Recalibration: order.repair_or_replace === 'Repair' ? 'none' : (part?.recalibration ?? 'none') };
      }),
    },
    Quote: {
      Lines: quote.Lines ?? [],
      Subtotal: quote.Subtotal ?? 0,
      Tax: quote.Tax ?? 0,
      Total: quote.Total ?? Number(order.total),
      Deductible: quote.Deductible ?? 0,
      InsurancePays: quote.InsurancePays ?? 0,
      PolicyholderPays: quote.PolicyholderPays ?? 0,
    },
    SchedulingOption: sub.Agent?.SchedulingOption ?? '',
    PreferredContactMethod: sub.Customer?.PreferredContactMethod ?? '',
    Appointment: { At: isoOrNull(order.appointment_at), Shop: shop ? shopOut(shop) : null },
    Technician: order.technician,
    CompletedAt: isoOrNull(order.completed_at),
    Agent: { Name: `${order.agent_first} ${order.agent_last}`, AgentNumber: order.agent_number, Email: order.agent_email },
    Timeline: timeline,
    HasSurvey: flags[0]!.has_survey,
    HasRecalibration: flags[0]!.has_recalibration,
    CanResubmit: order.status === 'Failed',
  };
}

/** The survey of an order the user may see; 404 when there is none. */
export async function surveyDetails(db: Queryable, user: UserRow, workOrderId: string): Promise<Survey> {
  const order = await visibleOrder(db, user, workOrderId);
  const [survey] = await db.query<{ rating: number; answers: unknown; comment: string | null; completed_at: Date | string }>(
    'SELECT rating, answers, comment, completed_at FROM work_order_surveys WHERE work_order_id = $1',
    [order.work_order_id],
  );
  if (!survey) throw new HttpError(404, 'This work order has no survey.');
  const shop = await shopById(db, order.shop_id);
  return {
    WorkOrderId: order.work_order_id,
    ReferralNumber: order.referral_number,
    PolicyholderName: `${order.customer_first} ${order.customer_last}`,
    Rating: Number(survey.rating),
    Answers: json<{ question: string; answer: string }[]>(survey.answers, []).map((a) => ({ Question: String(a.question), Answer: String(a.answer) })),
    Comment: survey.comment,
    CompletedAt: iso(survey.completed_at),
    Technician: order.technician,
    ShopName: shop?.name ?? null,
  };
}

/** The data of an order's recalibration certificate; 404 when the order had no recalibration. */
export async function certificateData(db: Queryable, user: UserRow, workOrderId: string): Promise<CertificateData> {
  const order = await visibleOrder(db, user, workOrderId);
  const [recalibration] = await db.query<{
    part_number: string;
    calibration_type: 'Static' | 'Dynamic';
    result: 'Pass' | 'Fail';
    technician: string;
    started_at: Date | string;
    completed_at: Date | string;
    description: string | null;
  } & ShopRow>(
    `SELECT c.part_number, c.calibration_type, c.result, c.technician, c.started_at, c.completed_at, p.description,
            s.shop_id, s.name, s.address_line, s.city, s.state_code, s.zip_code, s.phone_number
       FROM work_order_recalibrations c
       JOIN program_shops s ON s.shop_id = c.shop_id
       LEFT JOIN glass_parts p ON p.part_number = c.part_number
      WHERE c.work_order_id = $1`,
    [order.work_order_id],
  );
  if (!recalibration) throw new HttpError(404, 'This work order had no recalibration, so it has no certificate.');
  return {
    workOrderId: order.work_order_id,
    referralNumber: order.referral_number,
    vin: order.vin,
    vehicle: order.vehicle,
    partNumber: recalibration.part_number,
    partDescription: recalibration.description ?? '',
    calibrationType: recalibration.calibration_type,
    result: recalibration.result,
    technician: recalibration.technician,
    shop: {
      name: recalibration.name,
      address: recalibration.address_line,
      city: recalibration.city,
      state: recalibration.state_code.trim(),
      zip: recalibration.zip_code,
      phone: recalibration.phone_number,
    },
    startedAt: new Date(recalibration.started_at),
    completedAt: new Date(recalibration.completed_at),
    agencyName: order.agency_name,
    policyholder: `${order.customer_first} ${order.customer_last}`,
  };
}
