/**
 * Agency search and onboarding requests (issue 14, docs/decisions/019-agency-onboarding.md): the searches of
 * AgencySearch/*, the requests an agent files (User/VerifyUserAgencyInformation) and their approval or denial,
 * which links the user to the agency and emails them through the outbox.
 */
import type { AgencyDetails, AgencyHit, AgencyInformation, OnboardingRequest } from '../../lib/api/agency-search.ts';
import { ACCOUNT_NOT_FOUND, SEARCH_LIMIT } from '../../lib/api/agency-search.ts';
import { phoneDigits } from '../../lib/claim/validation.ts';
import type { Db, Param, Queryable } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { notificationLinkOrigin } from './notifications.ts';
import type { UserRow } from './users.ts';
import { recordAudit } from './audit.ts';

/** The search of GetAgencies: the fields given (trimmed, empty ones ignored), all of which must match. */
export interface AgencySearch {
  AccountNumber?: string | null | undefined;
  AgencyName?: string | null | undefined;
  PrimaryPhone?: string | null | undefined;
  Email?: string | null | undefined;
}

const HIT_COLUMNS = 'agency_number AS "agencyNumber", agency_name AS "agencyName", city, state_code AS "stateCode"';
/** A LIKE pattern that matches the text literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Agencies matching every given field, at most SEARCH_LIMIT; an account number that matches nothing is ACCOUNT_NOT_FOUND. */
export async function searchAgencies(db: Queryable, q: AgencySearch): Promise<{ agencies: AgencyHit[]; hasMore: boolean }> {
  const where: string[] = [];
  const params: Param[] = [];
  const add = (sql: (n: string) => string, value: Param) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (q.AccountNumber) add((n) => `agency_number = ${n}`, q.AccountNumber);
  if (q.AgencyName) add((n) => `agency_name ILIKE '%' || ${n} || '%'`, likeLiteral(q.AgencyName));
  if (q.PrimaryPhone) add((n) => `regexp_replace(coalesce(phone_number, ''), '\\D', '', 'g') = ${n}`, phoneDigits(q.PrimaryPhone));
  if (q.Email) add((n) => `lower(primary_email) = lower(${n})`, q.Email);
  if (where.length === 0) return { agencies: [], hasMore: false };
  params.push(SEARCH_LIMIT + 1);
  const rows = await db.query<AgencyHit>(
    `SELECT ${HIT_COLUMNS} FROM agencies WHERE ${where.join(' AND ')} ORDER BY agency_name, agency_number LIMIT $${params.length}`,
    params,
  );
  if (rows.length === 0 && q.AccountNumber) throw new HttpError(404, ACCOUNT_NOT_FOUND);
  return { agencies: rows.slice(0, SEARCH_LIMIT), hasMore: rows.length > SEARCH_LIMIT };
}

/** Type-ahead: agencies whose name (any word's start) or number starts with the term, at most SEARCH_LIMIT. */
export async function agenciesForSearch(db: Queryable, term: string): Promise<AgencyHit[]> {
  const t = likeLiteral(term);
  return db.query<AgencyHit>(
    `SELECT ${HIT_COLUMNS} FROM agencies
      WHERE agency_number LIKE $1 || '%' OR agency_name ILIKE $1 || '%' OR agency_name ILIKE '% ' || $1 || '%'
      ORDER BY agency_name, agency_number LIMIT $2`,
    [t, SEARCH_LIMIT],
  );
}

/** One agency's public details, or ACCOUNT_NOT_FOUND. */
export async function agencyInformation(db: Queryable, agencyNumber: string): Promise<AgencyInformation> {
  const [row] = await db.query<AgencyInformation>(
    `SELECT agency_number AS "agencyNumber", agency_name AS "agencyName", address_line AS "addressLine", city,
            state_code AS "stateCode", zip_code AS "zipCode", phone_number AS "phoneNumber"
       FROM agencies WHERE agency_number = $1`,
    [agencyNumber],
  );
  if (!row) throw new HttpError(404, ACCOUNT_NOT_FOUND);
  return row;
}

interface RequestRow {
  id: string | number;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  agency_number: string | null;
  chosen_name: string | null;
  agency_name: string | null;
  address_line: string | null;
  city: string | null;
  state_code: string | null;
  zip_code: string | null;
  phone_number: string | null;
  req_email: string | null;
  agent_number: string | null;
  status: OnboardingRequest['status'];
  reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const REQUEST_SELECT = `
  SELECT r.id, r.user_id, u.first_name, u.last_name, u.email, r.agency_number, a.agency_name AS chosen_name,
         r.agency_name, r.address_line, r.city, r.state_code, r.zip_code, r.phone_number, r.email AS req_email,
         r.agent_number, r.status, r.reason, r.created_at, r.decided_at
    FROM onboarding_requests r JOIN users u ON u.id = r.user_id LEFT JOIN agencies a ON a.agency_number = r.agency_number`;

const iso = (d: Date | string) => new Date(d).toISOString();

function toRequest(r: RequestRow): OnboardingRequest {
  return {
    requestId: Number(r.id),
    userId: r.user_id,
    userName: `${r.first_name} ${r.last_name}`,
    userEmail: r.email,
    agencyNumber: r.agency_number,
    agencyName: r.chosen_name ?? r.agency_name ?? '',
    details:
      r.agency_number === null
        ? {
            addressLine: r.address_line ?? '',
            city: r.city ?? '',
            stateCode: (r.state_code ?? '').trim(),
            zipCode: r.zip_code ?? '',
            phoneNumber: r.phone_number ?? '',
            email: r.req_email ?? '',
            agentNumber: r.agent_number,
          }
        : null,
    status: r.status,
    reason: r.reason,
    createdAt: iso(r.created_at),
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
  };
}

async function requestById(db: Queryable, id: number): Promise<OnboardingRequest | undefined> {
  const [row] = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.id = $1`, [id]);
  return row && toRequest(row);
}

/**
 * Files a Pending request for the chosen agency or the typed details; while one is pending for the same agency
 * (or, typed, for any agency not found) the same request is answered. An agency the user already belongs to is
 * refused (409); an unknown agency number is ACCOUNT_NOT_FOUND.
 */
export async function fileOnboardingRequest(db: Db, userId: string, input: { AgencyNumber?: string | null | undefined; AgencyDetails?: AgencyDetails | null | undefined }): Promise<OnboardingRequest> {
  const id = await db.transaction(async (tx) => {
    const number = input.AgencyNumber ?? null;
    if (number !== null) {
      const [agency] = await tx.query('SELECT 1 FROM agencies WHERE agency_number = $1', [number]);
      if (!agency) throw new HttpError(404, ACCOUNT_NOT_FOUND);
      const [member] = await tx.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [userId, number]);
      if (member) throw new HttpError(409, 'You already belong to this agency.');
    }
    const [pending] = await tx.query<{ id: string | number }>(
      "SELECT id FROM onboarding_requests WHERE user_id = $1 AND coalesce(agency_number, '') = coalesce($2, '') AND status = 'Pending'",
      [userId, number],
    );
    if (pending) return Number(pending.id);
    const d = input.AgencyDetails;
    const [row] = await tx.query<{ id: string | number }>(
      `INSERT INTO onboarding_requests (user_id, agency_number, agency_name, address_line, city, state_code, zip_code, phone_number, email, agent_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [userId, number, d?.AgencyName ?? null, d?.AddressLine ?? null, d?.City ?? null, d?.State ?? null, d?.ZipCode ?? null,
        d ? phoneDigits(d.PhoneNumber) : null, d?.Email ?? null, d?.AgentNumber || null],
    );
    return Number(row!.id);
  });
  return (await requestById(db, id))!;
}

/** The caller's own requests, newest first. */
export async function myOnboardingRequests(db: Queryable, userId: string): Promise<OnboardingRequest[]> {
  const rows = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 50`, [userId]);
  return rows.map(toRequest);
}

/** The pending requests a reviewer may decide: an internal admin all of them, an agency admin their agencies'. */
export async function reviewableOnboardingRequests(db: Queryable, reviewer: UserRow): Promise<OnboardingRequest[]> {
  if (reviewer.dashboard_user_role === 'SFAD_InternalAdmin') {
    return (await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.status = 'Pending' ORDER BY r.created_at, r.id LIMIT 500`)).map(toRequest);
  }
  if (reviewer.dashboard_user_role !== 'SFAD_Admin') throw new HttpError(403, 'You do not have access to this.');
  const rows = await db.query<RequestRow>(
    `${REQUEST_SELECT}
      WHERE r.status = 'Pending' AND r.agency_number IN (SELECT agency_number FROM user_agencies WHERE user_id = $1)
      ORDER BY r.created_at, r.id LIMIT 500`,
    [reviewer.id],
  );
  return rows.map(toRequest);
}

/** A reviewer's right to decide a request: an internal admin any, an agency admin only their own agencies' (403 otherwise). */
async function checkDecider(tx: Queryable, reviewer: UserRow, agencyNumber: string | null): Promise<void> {
  if (reviewer.dashboard_user_role === 'SFAD_InternalAdmin') return;
  if (reviewer.dashboard_user_role === 'SFAD_Admin' && agencyNumber !== null) {
    const [member] = await tx.query('SELECT 1 FROM user_agencies WHERE user_id = $1 AND agency_number = $2', [reviewer.id, agencyNumber]);
    if (member) return;
  }
  throw new HttpError(403, 'Only an admin of this agency or an internal admin may decide this request.');
}

/** The pending request, locked, after the decider check; 404 for none, 409 when already decided. */
async function pendingForDecision(tx: Queryable, reviewer: UserRow, requestId: number) {
  const [row] = await tx.query<{ user_id: string; agency_number: string | null; status: string }>(
    'SELECT user_id, agency_number, status FROM onboarding_requests WHERE id = $1 FOR UPDATE',
    [requestId],
  );
  if (!row) throw new HttpError(404, 'Onboarding request not found.');
  await checkDecider(tx, reviewer, row.agency_number);
  if (row.status !== 'Pending') throw new HttpError(409, 'This request was already decided.');
  return row;
}

/** Approves: links the user to the agency (their default if it is their first), marks it Approved, emails them. */
export async function approveOnboardingRequest(db: Db, reviewer: UserRow, requestId: number, agencyNumber?: string | null): Promise<OnboardingRequest> {
  await db.transaction(async (tx) => {
    const row = await pendingForDecision(tx, reviewer, requestId);
    const joins = row.agency_number ?? agencyNumber ?? null;
    if (joins === null) throw new HttpError(400, 'Name the agency this user joins (AgencyNumber).');
    if (row.agency_number !== null && agencyNumber && agencyNumber !== row.agency_number) {
      throw new HttpError(400, 'This request is for another agency.');
    }
    const [agency] = await tx.query<{ agency_name: string }>('SELECT agency_name FROM agencies WHERE agency_number = $1', [joins]);
    if (!agency) throw new HttpError(404, ACCOUNT_NOT_FOUND);
    const [{ n }] = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM user_agencies WHERE user_id = $1', [row.user_id])) as [{ n: number }];
    await tx.query(
      `INSERT INTO user_agencies (user_id, agency_number, is_default_agency) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [row.user_id, joins, n === 0],
    );
    await tx.query(
      `UPDATE onboarding_requests SET status = 'Approved', agency_number = $2, decided_by = $3, decided_at = now(), updated_at = now() WHERE id = $1`,
      [requestId, joins, reviewer.id],
    );
    // Other pending requests for the same agency (e.g. a typed one now settled) stay for their reviewers.
    await enqueueDecisionEmail(tx, requestId, 'Approved', agency.agency_name, null);
    await recordAudit(tx, {
      actor: { id: reviewer.id, email: reviewer.email },
      action: 'approveOnboardingRequest',
      entity: 'onboardingRequest',
      entityId: requestId,
      agencyNumber: joins,
      before: { Status: 'Pending' },
      after: { Status: 'Approved', AgencyNumber: joins, UserId: row.user_id },
    });
  });
  return (await requestById(db, requestId))!;
}

/** Denies with a reason and emails the user. */
export async function denyOnboardingRequest(db: Db, reviewer: UserRow, requestId: number, reason: string): Promise<OnboardingRequest> {
  await db.transaction(async (tx) => {
    const pending = await pendingForDecision(tx, reviewer, requestId);
    await recordAudit(tx, {
      actor: { id: reviewer.id, email: reviewer.email },
      action: 'denyOnboardingRequest',
      entity: 'onboardingRequest',
      entityId: requestId,
      agencyNumber: pending.agency_number,
      before: { Status: 'Pending' },
      after: { Status: 'Denied', Reason: reason },
    });
    await tx.query(
      `UPDATE onboarding_requests SET status = 'Denied', reason = $2, decided_by = $3, decided_at = now(), updated_at = now() WHERE id = $1`,
      [requestId, reason, reviewer.id],
    );
    const [r] = await tx.query<{ name: string }>(
      'SELECT coalesce(a.agency_name, r.agency_name) AS name FROM onboarding_requests r LEFT JOIN agencies a USING (agency_number) WHERE r.id = $1',
      [requestId],
    );
    await enqueueDecisionEmail(tx, requestId, 'Denied', r?.name ?? '', reason);
  });
  return (await requestById(db, requestId))!;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The decision email, written to the outbox in the decision's transaction (the worker sends it; nothing is lost). */
async function enqueueDecisionEmail(tx: Queryable, requestId: number, status: 'Approved' | 'Denied', agencyName: string, reason: string | null): Promise<void> {
  const [u] = await tx.query<{ id: string; email: string; first_name: string }>(
    'SELECT u.id, u.email, u.first_name FROM onboarding_requests r JOIN users u ON u.id = r.user_id WHERE r.id = $1',
    [requestId],
  );
  if (!u) return;
  const origin = notificationLinkOrigin();
  const link = origin ? `${origin}/dashboard/` : null;
  const subject = status === 'Approved' ? `Your agency account is approved: ${agencyName}` : `Your agency request was not approved: ${agencyName}`;
  const sentence =
    status === 'Approved'
      ? `Your request to join ${agencyName} was approved. The agency is now in your account: you can file claims for it.`
      : `Your request to join ${agencyName} was not approved.`;
  const lines = [`Hello ${u.first_name},`, '', sentence, ...(reason ? ['', `Reason: ${reason}`] : []), '', ...(link ? ['Open your dashboard:', link, ''] : []), 'Agent Portal'];
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">',
    `<p>Hello ${escapeHtml(u.first_name)},</p>`,
    `<p>${escapeHtml(sentence)}</p>`,
    reason ? `<p>Reason: ${escapeHtml(reason)}</p>` : '',
    link ? `<p><a href="${escapeHtml(link)}">Open your dashboard</a></p>` : '',
    '</body></html>',
  ].join('\n');
  await tx.query(
    `INSERT INTO outbox (channel, recipient, subject, body_text, body_html, kind, user_id) VALUES ('email', $1, $2, $3, $4, $5, $6)`,
    [u.email, subject, lines.join('\n'), html, `Onboarding${status}`, u.id],
  );
}
