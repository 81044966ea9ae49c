/**
 * AgencyWorkOrder calls (spec section 7) and the internal admins' work-order console (issue 6).
 *
 * - Lists (GetOpenWorkOrders, GetCompletedWorkOrders, InternalAdmin/GetWorkOrderConsole) page, sort, search
 *   and filter on the server: Page (from 1), PageSize (1–100, default 25), SortBy (one of WORK_ORDER_SORTS),
 *   SortDirection ('asc' | 'desc'), Search (policyholder name, policy number or referral number), From/To (ISO
 *   days, inclusive, on the day the referral was filed in TimeZone — the reader's IANA time zone, which the browser
 *   sends, so the days are the reader's local days as the lists show them; UTC when absent), AgencyNumber (one of
 *   the caller's agencies; the default agency when absent — the browser sends its active agency) and Status.
 * - Who sees what (the server's rule, services/work-orders/access.ts): an agent the orders they filed in the agency,
 *   an agency admin every order of the agency, an internal admin any agency; CE admins are refused (403); a
 *   single order the caller may not see answers 404.
 * - DownloadRecalibrationCertificate answers a file, not the JSON envelope: its contract says so with
 *   `download: 'application/pdf'` (a success is the PDF with a Content-Disposition filename; a refusal keeps
 *   the JSON envelope). Its `result` is z.null(): there is no JSON result to parse.
 *
 * This file imports only contract.ts, roles.ts and the lifecycle (no claim-flow contracts), so the
 * work-order pages do not pay for the claim flow's schemas (docs/decisions/005).
 */
import { z } from 'zod/mini';
import { WORK_ORDER_ROLES } from '../roles.ts';
import { isTimeZone } from '../time-zone.ts';
import { WORK_ORDER_STATUSES } from '../work-orders.ts';
import { AgencyNumberSchema, between, body, defineCall, getUrl, maybe, query, text } from './contract.ts';
import { IsoDaySchema } from './iso-day.ts';

export { IsoDaySchema };

export { WORK_ORDER_ROLES };

/** Roles of the internal-admin console. */
export const CONSOLE_ROLES = ['SFAD_InternalAdmin'] as const;

/** Largest page of a list. */
export const MAX_PAGE_SIZE = 100;
/** Page size when none is asked for. */
export const DEFAULT_PAGE_SIZE = 25;
/** Columns a list may be sorted by. */
export const WORK_ORDER_SORTS = [
  'UpdatedAt',
  'CreatedAt',
  'ReferralNumber',
  'WorkOrderId',
  'PolicyholderName',
  'PolicyNumber',
  'Carrier',
  'Vehicle',
  'Status',
  'Total',
  'AgentName',
  'AppointmentAt',
  'CompletedAt',
] as const;
export type WorkOrderSort = (typeof WORK_ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** The default order of every list: most recently changed first. */
export const DEFAULT_SORT: { SortBy: WorkOrderSort; SortDirection: SortDirection } = { SortBy: 'UpdatedAt', SortDirection: 'desc' };
/** How many recent orders the dashboard lists. */
export const DASHBOARD_RECENT = 10;
/** Weeks of the dashboard chart. */
export const DASHBOARD_WEEKS = 12;
/** How many of the orders that need the agent's attention (Failed referrals) the dashboard lists. */
export const DASHBOARD_ATTENTION = 5;

/** A work order id ('WO' and digits). */
export const WorkOrderIdSchema = z.string().check(z.trim(), z.regex(/^WO\d{1,12}$/, 'Invalid work order id'));
/** A referral number (digits). */
export const ReferralNumberSchema = z.string().check(z.trim(), z.regex(/^\d{6,12}$/, 'Invalid referral number'));
/** A work-order status. */
export const WorkOrderStatusSchema = z.enum(WORK_ORDER_STATUSES, 'Invalid status');


/** An IANA time zone the runtime knows ('America/New_York', 'Etc/GMT+5', 'UTC'). */
export const TimeZoneSchema = z.string().check(
  z.trim(),
  z.maxLength(64, 'Invalid time zone'),
  z.regex(/^[A-Za-z0-9_+:/-]+$/, 'Invalid time zone'),
  z.refine(isTimeZone, 'Invalid time zone'),
);

/** The paging, sorting, search and filter fields every list takes. */
export const ListShape = {
  /** One of the caller's agencies (403 otherwise); absent → the caller's default agency (internal admins: every agency). */
  AgencyNumber: maybe(AgencyNumberSchema),
  /** Page number, from 1 (default 1). */
  Page: maybe(z.number().check(z.int('Invalid page'), between(1, 1_000_000, 'Invalid page'))),
  /** Rows per page, 1–100 (default 25). */
  PageSize: maybe(z.number().check(z.int('Invalid page size'), between(1, MAX_PAGE_SIZE, `Page size must be between 1 and ${MAX_PAGE_SIZE}`))),
  SortBy: maybe(z.enum(WORK_ORDER_SORTS, 'Invalid sort column')),
  SortDirection: maybe(z.enum(SORT_DIRECTIONS, 'Invalid sort direction')),
  /** Policyholder name (first, last or both), policy number or referral number; case-insensitive, partial. */
  Search: maybe(text(100)),
  /** Filed on or after this day (in TimeZone). */
  From: maybe(IsoDaySchema),
  /** Filed on or before this day (in TimeZone). */
  To: maybe(IsoDaySchema),
  /** The time zone of From and To: the reader's (the browser sends its own); absent → UTC. */
  TimeZone: maybe(TimeZoneSchema),
  /** Only orders in this status (none when the list does not hold that status). */
  Status: maybe(WorkOrderStatusSchema),
};

/** From must not be after To. */
const rangeCheck = z.superRefine<{ From?: string | null; To?: string | null }>((v, ctx) => {
  if (v.From && v.To && v.From > v.To) ctx.issues.push({ code: 'custom', path: ['To'], message: 'The end date must be on or after the start date.', input: v.To });
});

/** The request of GetOpenWorkOrders and GetCompletedWorkOrders. */
export const WorkOrderListRequestSchema = body(ListShape).check(rangeCheck);
export type WorkOrderListRequest = z.input<typeof WorkOrderListRequestSchema>;

/** One row of a list. */
export const WorkOrderSummarySchema = z.object({
  WorkOrderId: z.string(),
  ReferralNumber: z.string(),
  AgencyNumber: z.string(),
  Status: WorkOrderStatusSchema,
  PolicyholderFirstName: z.string(),
  PolicyholderLastName: z.string(),
  PolicyNumber: z.string(),
  Carrier: z.string(),
  /** Year, make, model and style. */
  Vehicle: z.string(),
  Vin: z.nullable(z.string()),
  RepairOrReplace: z.string(),
  /** The glass groups of the claim ('Windshield', …). */
  Glass: z.array(z.string()),
  /** Quote total in USD. */
  Total: z.number(),
  /** The agent who filed it. */
  AgentName: z.string(),
  /** ISO times. */
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  AppointmentAt: z.nullable(z.string()),
  CompletedAt: z.nullable(z.string()),
  ShopName: z.nullable(z.string()),
  HasSurvey: z.boolean(),
  HasRecalibration: z.boolean(),
  /** A Failed order: ResubmitFailedReferral may send it again. */
  CanResubmit: z.boolean(),
});
export type WorkOrderSummary = z.infer<typeof WorkOrderSummarySchema>;

/** A page of a list. */
export const WorkOrderPageSchema = z.object({
  AgencyNumber: z.nullable(z.string()),
  Items: z.array(WorkOrderSummarySchema),
  Page: z.number(),
  PageSize: z.number(),
  TotalCount: z.number(),
  TotalPages: z.number(),
  SortBy: z.enum(WORK_ORDER_SORTS),
  SortDirection: z.enum(SORT_DIRECTIONS),
});
export type WorkOrderPage = z.infer<typeof WorkOrderPageSchema>;

/** A count per status (every status, zeros included, in WORK_ORDER_STATUSES order). */
export const StatusCountsSchema = z.array(z.object({ Status: WorkOrderStatusSchema, Count: z.number() }));
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

/** An order that needs the agent's attention (a Failed referral): when it failed and the reason given, if any. */
export const AttentionItemSchema = z.object({ ...WorkOrderSummarySchema.shape, FailedAt: z.string(), Reason: z.nullable(z.string()) });
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** The agent dashboard: recent orders, the big numbers, counts by status, and orders filed per week by their status now. */
export const DashboardSchema = z.object({
  /** The agency shown; null for an internal admin's view of every agency. */
  AgencyNumber: z.nullable(z.string()),
  /** The DASHBOARD_RECENT most recently changed orders. */
  Recent: z.array(WorkOrderSummarySchema),
  CountsByStatus: StatusCountsSchema,
  /** Orders of the open list (Failed included). */
  OpenCount: z.number(),
  /** Open orders that wait for the agent (ATTENTION_STATUSES: Failed). */
  NeedsAttentionCount: z.number(),
  /** Orders of the completed list (Completed, Survey complete, Cancelled): CompletedCount + CancelledCount. */
  ClosedCount: z.number(),
  /** Closed orders whose work was done (Completed, Survey complete); never Cancelled. */
  CompletedCount: z.number(),
  CancelledCount: z.number(),
  /** The DASHBOARD_ATTENTION most recently failed orders, newest first. */
  NeedsAttention: z.array(AttentionItemSchema),
  /** The last DASHBOARD_WEEKS weeks (Monday to Sunday, UTC), oldest first, the current week last. */
  Weekly: z.array(z.object({ WeekStart: z.string(), Counts: StatusCountsSchema })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** Recent orders, counts by status and the 12-week chart of one agency. */
export const GetDashboardWorkOrders = defineCall({
  name: 'GetDashboardWorkOrders',
  method: 'POST',
  path: 'AgencyWorkOrder/GetDashboardWorkOrders',
  request: body({ AgencyNumber: maybe(AgencyNumberSchema) }),
  result: DashboardSchema,
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** Open orders (every status but Completed, Survey complete and Cancelled), paged. */
export const GetOpenWorkOrders = defineCall({
  name: 'GetOpenWorkOrders',
  method: 'POST',
  path: 'AgencyWorkOrder/GetOpenWorkOrders',
  request: WorkOrderListRequestSchema,
  result: WorkOrderPageSchema,
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** Completed orders (Completed, Survey complete, Cancelled), paged. */
export const GetCompletedWorkOrders = defineCall({
  name: 'GetCompletedWorkOrders',
  method: 'POST',
  path: 'AgencyWorkOrder/GetCompletedWorkOrders',
  request: WorkOrderListRequestSchema,
  result: WorkOrderPageSchema,
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** A program shop as the details show it. */
export const ShopSchema = z.object({
  ShopId: z.string(),
  Name: z.string(),
  AddressLine: z.string(),
  City: z.string(),
  State: z.string(),
  ZipCode: z.string(),
  PhoneNumber: z.string(),
});
export type Shop = z.infer<typeof ShopSchema>;

/** One status change of the timeline. */
export const TimelineEntrySchema = z.object({ Status: WorkOrderStatusSchema, At: z.string(), Note: z.nullable(z.string()) });
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** The work order details request of spec section 3. */
export const WorkOrderDetailsRequestSchema = body({
  /** The order's referral number; optional (links by work order id alone — lists, alert emails — work too), checked against the order when given. */
  referralSequenceNumber: maybe(ReferralNumberSchema),
  workOrderId: WorkOrderIdSchema,
  /** Which list the order was opened from; informative. */
  type: maybe(z.enum(['Open', 'Completed', 'Dashboard'], 'Invalid type')),
  /** The status the list showed; informative (the reply has the current one). */
  jobStatus: maybe(WorkOrderStatusSchema),
});
export type WorkOrderDetailsRequest = z.input<typeof WorkOrderDetailsRequestSchema>;

/** Everything the work-order-details page shows. */
export const ServiceActivitySchema = z.object({
  WorkOrderId: z.string(),
  ReferralNumber: z.string(),
  AgencyNumber: z.string(),
  AgencyName: z.string(),
  Status: WorkOrderStatusSchema,
  /** 'Open' or 'Completed' (the list the order belongs to now). */
  Type: z.enum(['Open', 'Completed']),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  Policyholder: z.object({
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.nullable(z.string()),
    PhoneNumber: z.string(),
    PhoneNumberAlt: z.nullable(z.string()),
    OptInSms: z.boolean(),
  }),
  ServiceAddress: z.object({ Address: z.string(), City: z.string(), State: z.string(), ZipCode: z.string() }),
  Policy: z.object({
    PolicyNumber: z.string(),
    Carrier: z.string(),
    Deductible: z.string(),
    DamageDate: z.string(),
    AnyOther: z.nullable(z.string()),
  }),
  Vehicle: z.object({
    Year: z.number(),
    Make: z.string(),
    Model: z.string(),
    BodyStyle: z.string(),
    CarId: z.number(),
    Vin: z.nullable(z.string()),
    Description: z.string(),
  }),
  Service: z.object({
    RepairOrReplace: z.string(),
    Glass: z.array(z.string()),
    NumberOfChipsOrCracks: z.number(),
    Parts: z.array(z.object({ PartNumber: z.string(), Description: z.string(), Recalibration: z.string() })),
  }),
  Quote: z.object({
    Lines: z.array(z.object({ Kind: z.string(), Description: z.string(), PartNumber: z.nullable(z.string()), Quantity: z.number(), UnitPrice: z.number(), Amount: z.number() })),
    Subtotal: z.number(),
    Tax: z.number(),
    Total: z.number(),
    Deductible: z.number(),
    InsurancePays: z.number(),
    PolicyholderPays: z.number(),
  }),
  /** CallPolicyholder, PolicyholderCalls or ScheduleAtShop. */
  SchedulingOption: z.string(),
  /** Phone, Text or Email. */
  PreferredContactMethod: z.string(),
  Appointment: z.object({ At: z.nullable(z.string()), Shop: z.nullable(ShopSchema) }),
  Technician: z.nullable(z.string()),
  CompletedAt: z.nullable(z.string()),
  Agent: z.object({ Name: z.string(), AgentNumber: z.nullable(z.string()), Email: z.string() }),
  /** Every status change, oldest first. */
  Timeline: z.array(TimelineEntrySchema),
  HasSurvey: z.boolean(),
  HasRecalibration: z.boolean(),
  CanResubmit: z.boolean(),
});
export type ServiceActivity = z.infer<typeof ServiceActivitySchema>;

/** The details of one order the caller may see (404 otherwise). */
export const ServiceActivityDetail = defineCall({
  name: 'ServiceActivityDetail',
  method: 'POST',
  path: 'AgencyWorkOrder/ServiceActivityDetail',
  request: WorkOrderDetailsRequestSchema,
  result: ServiceActivitySchema,
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** The policyholder's survey of an order. */
export const SurveySchema = z.object({
  WorkOrderId: z.string(),
  ReferralNumber: z.string(),
  PolicyholderName: z.string(),
  /** 1 to 5. */
  Rating: z.number(),
  Answers: z.array(z.object({ Question: z.string(), Answer: z.string() })),
  Comment: z.nullable(z.string()),
  CompletedAt: z.string(),
  Technician: z.nullable(z.string()),
  ShopName: z.nullable(z.string()),
});
export type Survey = z.infer<typeof SurveySchema>;

/** The survey of an order the caller may see (404 when it has none). */
export const GetSurveyDetails = defineCall({
  name: 'GetSurveyDetails',
  method: 'GET',
  path: 'AgencyWorkOrder/GetSurveyDetails',
  request: query({ WorkOrderId: WorkOrderIdSchema }),
  result: SurveySchema,
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** The recalibration certificate of an order (a PDF; 404 for an order without a recalibration). */
export const DownloadRecalibrationCertificate = defineCall({
  name: 'DownloadRecalibrationCertificate',
  method: 'GET',
  path: 'AgencyWorkOrder/DownloadRecalibrationCertificate',
  request: query({ WorkOrderId: WorkOrderIdSchema, Lang: z.optional(z.enum(['en', 'es'], 'Invalid language')) }),
  result: z.null(),
  access: WORK_ORDER_ROLES,
  mutates: false,
  download: 'application/pdf',
});

/** The URL the browser fetches (with its bearer token) to download a certificate. */
export const certificateUrl = (workOrderId: string, lang?: 'en' | 'es') =>
  getUrl(DownloadRecalibrationCertificate, { WorkOrderId: workOrderId, ...(lang ? { Lang: lang } : {}) });
/** The file name the server gives a certificate. */
export const certificateFilename = (workOrderId: string) => `recalibration-certificate-${workOrderId}.pdf`;

/** What a status change answers. */
export const StatusChangeReplySchema = z.object({
  WorkOrderId: z.string(),
  ReferralNumber: z.string(),
  PreviousStatus: WorkOrderStatusSchema,
  Status: WorkOrderStatusSchema,
  At: z.string(),
  /** The statuses it may move to now. */
  NextStatuses: z.array(WorkOrderStatusSchema),
});
export type StatusChangeReply = z.infer<typeof StatusChangeReplySchema>;

/** Sends a Failed order again: back to Received (409 for any other status). */
export const ResubmitFailedReferral = defineCall({
  name: 'ResubmitFailedReferral',
  method: 'POST',
  path: 'AgencyWorkOrder/ResubmitFailedReferral',
  request: body({ WorkOrderId: WorkOrderIdSchema }),
  result: StatusChangeReplySchema,
  access: WORK_ORDER_ROLES,
  mutates: true,
});

/** A carrier name. */
export const CarrierNameSchema = z.object({ InsuranceCompanyId: z.number(), Name: z.string() });

/** The carriers an agent writes for in an agency (not removed): the caller, or for an agency admin or internal admin any agent of the agency. */
export const GetAgentInsuranceCompanyNamesById = defineCall({
  name: 'GetAgentInsuranceCompanyNamesById',
  method: 'GET',
  path: 'AgencyWorkOrder/GetAgentInsuranceCompanyNamesById',
  request: query({
    /** The agent's user id; absent → the caller. */
    UserId: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid userId'))),
    /** Absent → the caller's default agency. */
    AgencyNumber: z.optional(AgencyNumberSchema),
  }),
  result: z.array(CarrierNameSchema),
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** The carriers of every agent of an agency (not removed), once each. */
export const GetAgencyInsuranceCompanyNamesById = defineCall({
  name: 'GetAgencyInsuranceCompanyNamesById',
  method: 'GET',
  path: 'AgencyWorkOrder/GetAgencyInsuranceCompanyNamesById',
  request: query({ AgencyNumber: z.optional(AgencyNumberSchema) }),
  result: z.array(CarrierNameSchema),
  access: WORK_ORDER_ROLES,
  mutates: false,
});

/** A console row: a list row with its agency's name and the statuses it may move to. */
export const ConsoleRowSchema = z.object({
  ...WorkOrderSummarySchema.shape,
  AgencyName: z.string(),
  NextStatuses: z.array(WorkOrderStatusSchema),
});
export type ConsoleRow = z.infer<typeof ConsoleRowSchema>;

/** Internal admins: any agency's orders (AgencyNumber absent → every agency), open, completed or all. */
export const GetWorkOrderConsole = defineCall({
  name: 'GetWorkOrderConsole',
  method: 'POST',
  path: 'InternalAdmin/GetWorkOrderConsole',
  request: body({ ...ListShape, Scope: maybe(z.enum(['Open', 'Completed', 'All'], 'Invalid scope')) }).check(rangeCheck),
  result: z.object({ ...WorkOrderPageSchema.shape, Items: z.array(ConsoleRowSchema) }),
  access: CONSOLE_ROLES,
  mutates: false,
});

/** Internal admins: moves an order to one of its next statuses (409 otherwise), with an optional note. */
export const AdvanceWorkOrder = defineCall({
  name: 'AdvanceWorkOrder',
  method: 'POST',
  path: 'InternalAdmin/AdvanceWorkOrder',
  request: body({ WorkOrderId: WorkOrderIdSchema, Status: WorkOrderStatusSchema, Note: maybe(text(500)) }),
  result: StatusChangeReplySchema,
  access: CONSOLE_ROLES,
  mutates: true,
});
