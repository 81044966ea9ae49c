/**
 * Internal administration (issue 15; spec section 7 `InternalAdmin/*`, `User/SendRequestAdminAccessEmail` and the
 * Platform `dashboard` call): admin access requests, the MFA reset, the audit log and the internal admins' tool
 * counts. docs/decisions/026-admin-requests-and-audit-log.md.
 */
import { z } from 'zod/mini';
import { IsoDaySchema } from './iso-day.ts';
import { AgencyNumberSchema, body, defineCall, maybe, query, requiredText, text } from './contract.ts';

const INTERNAL = ['SFAD_InternalAdmin'] as const;

/** Spec section 3: admin access request status. */
export const ADMIN_REQUEST_STATUSES = ['Pending', 'Approved', 'Denied'] as const;
/** Spec section 3: the filter options (Agent name, Agency name). */
export const ADMIN_REQUEST_FILTERS = ['agent_name', 'agency_name'] as const;
/** Rows per page of GetAdminRequests. */
export const ADMIN_REQUESTS_PAGE = 25;

export const AdminRequestSchema = z.object({
  requestId: z.number(),
  userId: z.string(),
  agentName: z.string(),
  agentEmail: z.string(),
  agentNumber: z.nullable(z.string()),
  agencyNumber: z.string(),
  agencyName: z.string(),
  status: z.enum(ADMIN_REQUEST_STATUSES),
  reason: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type AdminRequest = z.infer<typeof AdminRequestSchema>;

/**
 * An agent asks to become the admin of one of their agencies: a Pending request, and the internal admins are
 * emailed. Asking again while one is pending answers that one. The browser suppresses this call's errors
 * (spec section 7).
 */
export const SendRequestAdminAccessEmail = defineCall({
  name: 'SendRequestAdminAccessEmail',
  method: 'POST',
  path: 'User/SendRequestAdminAccessEmail',
  request: body({ AgencyNumber: AgencyNumberSchema }),
  result: AdminRequestSchema,
  access: ['SFAD_Agent'],
  mutates: true,
});

const RequestIdSchema = z.int().check(z.positive('Invalid request id'));

/** The requests, newest first, filtered by status and by agent or agency name (spec section 3's filters). */
export const GetAdminRequests = defineCall({
  name: 'GetAdminRequests',
  method: 'GET',
  path: 'InternalAdmin/GetAdminRequests',
  request: query({
    Status: z.optional(z.enum(ADMIN_REQUEST_STATUSES)),
    FilterBy: z.optional(z.enum(ADMIN_REQUEST_FILTERS)),
    Search: maybe(text(100)),
    Page: maybe(z.string().check(z.regex(/^[1-9]\d{0,4}$/, 'Invalid page'))),
  }),
  result: z.object({ requests: z.array(AdminRequestSchema), total: z.number(), pageSize: z.number() }),
  access: INTERNAL,
  mutates: false,
});

/** Approves: the requester becomes an agency admin (SFAD_Admin from their next token on) and is emailed. */
export const ApproveRequest = defineCall({
  name: 'ApproveRequest',
  method: 'POST',
  path: 'InternalAdmin/ApproveRequest',
  request: body({ RequestId: RequestIdSchema, Reason: maybe(text(500)) }),
  result: AdminRequestSchema,
  access: INTERNAL,
  mutates: true,
});

/** Denies with a reason; the requester is emailed it. */
export const DenyRequest = defineCall({
  name: 'DenyRequest',
  method: 'POST',
  path: 'InternalAdmin/DenyRequest',
  request: body({ RequestId: RequestIdSchema, Reason: requiredText('Reason', 500) }),
  result: AdminRequestSchema,
  access: INTERNAL,
  mutates: true,
});

/** Clears a user's TOTP, recovery codes and passkeys and emails them; they sign in with their password alone. */
export const ResetMFA = defineCall({
  name: 'ResetMFA',
  method: 'POST',
  path: 'InternalAdmin/ResetMFA',
  request: body({ UserId: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid userId')) }),
  result: z.object({ UserId: z.string(), HadTotp: z.boolean(), PasskeysRemoved: z.number() }),
  access: INTERNAL,
  mutates: true,
});

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.nullable(z.string()),
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  agencyNumber: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Rows per page of GetAuditLog. */
export const AUDIT_PAGE = 50;

/**
 * The audit log, newest first, AUDIT_PAGE rows per page after the `Before` cursor (an entry id). Internal admins
 * see every row; agency admins the rows of the agencies they administer (AgencyNumber narrows to one).
 */
export const GetAuditLog = defineCall({
  name: 'GetAuditLog',
  method: 'GET',
  path: 'InternalAdmin/GetAuditLog',
  request: query({
    Action: maybe(text(60)),
    Entity: maybe(text(40)),
    Actor: maybe(text(254)),
    AgencyNumber: maybe(AgencyNumberSchema),
    From: maybe(IsoDaySchema),
    To: maybe(IsoDaySchema),
    Before: maybe(z.string().check(z.regex(/^\d{1,18}$/, 'Invalid cursor'))),
  }),
  result: z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.nullable(z.string()) }),
  access: ['SFAD_Admin', 'SFAD_InternalAdmin'],
  mutates: false,
});

/** The internal admins' start page: what waits for them, as counts (spec section 7 Platform `dashboard`). */
export const Dashboard = defineCall({
  name: 'dashboard',
  method: 'GET',
  path: 'dashboard',
  request: query({}),
  result: z.object({
    adminRequestsPending: z.number(),
    onboardingPending: z.number(),
    activeUsers: z.number(),
    agencies: z.number(),
    failedReferrals: z.number(),
    draftArticles: z.number(),
    auditToday: z.number(),
  }),
  access: INTERNAL,
  mutates: false,
});
