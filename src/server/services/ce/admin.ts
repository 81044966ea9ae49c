/**
 * CE courses, the CE admins' service (issue 16, docs/decisions/027): saving (date and times in the course's time zone
 * become instants), cancelling and deleting courses (registrants emailed through the registrations service), images,
 * the roster and attendance (certificate codes), certificate verification, registrations over time and the
 * web-to-case cases. Every change writes an audit entry in the same transaction.
 */
import { createHash, randomInt } from 'node:crypto';
import type { z } from 'zod/mini';
import type { CaseSchema, RosterEntry, SaveCourseRequest } from '../../../lib/api/ce-admin.ts';
import { CASES_PAGE_SIZE } from '../../../lib/api/ce-admin.ts';
import type { Course, RegistrationStatus } from '../../../lib/api/ce-courses.ts';
import { imageTypeOf, MAX_IMAGE_BYTES } from '../../../lib/ce-course.ts';
import { instantIn, nextDay, startOfDayIn, wallClockIn } from '../../../lib/time-zone.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { recordAudit } from '../audit.ts';
import { courseImageUrl, courseRowById, toCourse, type CourseRow } from './courses.ts';
import { notifyCourseChanged, promoteWaitlist } from './registrations.ts';

export const CE_ADMIN_MESSAGES = {
  courseNotFound: 'Course not found.',
  timeZoneUnknown: 'Choose a time zone from the list',
  statesUnknown: 'Choose states from the list (at most 60)',
  capacityBelowSeats: 'Capacity cannot be below the {seats} seats already taken',
  imageNotFound: 'Image not found.',
  imageType: 'The image must be a JPEG, PNG or WebP file.',
  imageSize: 'The image must be at most 1 MB.',
  deleteAttended: 'A course with attendance cannot be deleted. Cancel it instead.',
  registrationNotFound: 'Registration not found.',
  attendNotRegistered: 'Only a registered participant can be marked as attended.',
  attendTooEarly: 'Attendance can be marked from the day of the course.',
  unmarkTooLate: 'Attendance can only be undone until the end of the course day.',
  certificateNotFound: 'Certificate not found.',
  caseNotFound: 'Case not found.',
  courseCancelled: 'This course is cancelled and cannot be changed.',
} as const;

export type Actor = { id: string; email: string };
type SaveInput = z.infer<typeof SaveCourseRequest>;

const optional = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** Creates or edits a course; answers the course (with its webinar link) and whether the site must be republished. */
export async function saveCourse(db: Db, input: SaveInput, actor: Actor): Promise<Course> {
  return db.transaction(async (tx) => {
    const [zone] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM time_zones WHERE time_zone_id = $1', [input.TimeZoneId]);
    if (!zone?.n) throw new HttpError(400, CE_ADMIN_MESSAGES.timeZoneUnknown);
    const [known] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM states WHERE state_code IN (SELECT json_array_elements_text($1::json))', [
      input.StatesApproved,
    ]);
    if (known?.n !== input.StatesApproved.length) throw new HttpError(400, CE_ADMIN_MESSAGES.statesUnknown);
    if (input.ImageID) {
      const [img] = await tx.query('SELECT id FROM ce_course_images WHERE id = $1', [input.ImageID]);
      if (!img) throw new HttpError(400, CE_ADMIN_MESSAGES.imageNotFound);
    }
    const startsAt = instantIn(input.Date, input.StartTime, input.TimeZoneId);
    const endsAt = instantIn(input.Date, input.EndTime, input.TimeZoneId);
    // The clock may repeat an hour (fall back): the end still has to come after the start.
    if (endsAt <= startsAt) throw new HttpError(400, 'End time must be after start time');
    const inPerson = input.Format === 'InPerson';
    const values = [
      input.Title,
      input.TitleEs,
      input.Description,
      input.DescriptionEs,
      input.CreditHours,
      input.StatesApproved,
      input.Format,
      inPerson ? optional(input.VenueName) : null,
      inPerson ? optional(input.VenueAddress) : null,
      inPerson ? optional(input.VenueCity) : null,
      inPerson ? optional(input.VenueState) : null,
      inPerson ? optional(input.VenueZip) : null,
      inPerson ? null : optional(input.WebinarUrl),
      startsAt.toISOString(),
      endsAt.toISOString(),
      input.TimeZoneId,
      input.Capacity,
      input.Meals.map((m) => ({ name: m.Name.trim(), time: m.Time.trim() })),
      input.ImageID ?? null,
      optional(input.ContactName),
      optional(input.ContactEmail),
      optional(input.ContactPhone),
      actor.email,
    ] as const;
    if (!input.CourseID) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO ce_courses (title, title_es, description, description_es, credit_hours, states_approved, format, venue_name,
           venue_address, venue_city, venue_state, venue_zip, webinar_url, starts_at, ends_at, time_zone_id, capacity, meals, image_id,
           contact_name, contact_email, contact_phone, created_by, modified_by)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14::timestamptz, $15::timestamptz, $16, $17, $18::jsonb, $19,
           $20, $21, $22, $23, $23) RETURNING id`,
        [...values],
      );
      const course = toCourse((await courseRowById(tx, row!.id))!, { withWebinarUrl: true });
      await recordAudit(tx, { actor, action: 'createCourse', entity: 'ce-course', entityId: course.courseId, after: course });
      return course;
    }
    // Edit: the row is locked so that registrations wait (seats_taken cannot move under the capacity check).
    const [locked] = await tx.query<{ id: number }>('SELECT id FROM ce_courses WHERE id = $1 FOR UPDATE', [input.CourseID]);
    if (!locked) throw new HttpError(404, CE_ADMIN_MESSAGES.courseNotFound);
    const beforeRow = (await courseRowById(tx, input.CourseID))!;
    if (beforeRow.status === 'Cancelled') throw new HttpError(409, CE_ADMIN_MESSAGES.courseCancelled);
    if (input.Capacity < beforeRow.seats_taken) throw new HttpError(400, CE_ADMIN_MESSAGES.capacityBelowSeats.replace('{seats}', String(beforeRow.seats_taken)));
    const before = toCourse(beforeRow, { withWebinarUrl: true });
    await tx.query(
      `UPDATE ce_courses SET title = $1, title_es = $2, description = $3, description_es = $4, credit_hours = $5, states_approved = $6::jsonb,
         format = $7, venue_name = $8, venue_address = $9, venue_city = $10, venue_state = $11, venue_zip = $12, webinar_url = $13,
         starts_at = $14::timestamptz, ends_at = $15::timestamptz, time_zone_id = $16, capacity = $17, meals = $18::jsonb, image_id = $19,
         contact_name = $20, contact_email = $21, contact_phone = $22, modified_by = $23, modified_at = clock_timestamp(),
         revision = revision + 1
       WHERE id = $24`,
      [...values, input.CourseID],
    );
    let after = toCourse((await courseRowById(tx, input.CourseID))!, { withWebinarUrl: true });
    await recordAudit(tx, { actor, action: 'editCourse', entity: 'ce-course', entityId: after.courseId, before, after });
    const changed =
      before.title !== after.title ||
      before.titleEs !== after.titleEs ||
      before.startsAt !== after.startsAt ||
      before.endsAt !== after.endsAt ||
      before.format !== after.format ||
      JSON.stringify(before.venue) !== JSON.stringify(after.venue) ||
      before.webinarUrl !== after.webinarUrl;
    if (changed) await notifyCourseChanged(tx, after.courseId, 'updated');
    if (after.capacity > before.capacity) {
      await promoteWaitlist(tx, after.courseId);
      after = toCourse((await courseRowById(tx, input.CourseID))!, { withWebinarUrl: true });
    }
    return after;
  });
}

/** Deletes or cancels a course; every live registrant is emailed (in the same transaction). */
export async function deleteCourse(db: Db, courseId: number, action: 'delete' | 'cancel', actor: Actor): Promise<{ courseId: number; action: 'delete' | 'cancel' }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.query<{ id: number }>('SELECT id FROM ce_courses WHERE id = $1 FOR UPDATE', [courseId]);
    if (!locked) throw new HttpError(404, CE_ADMIN_MESSAGES.courseNotFound);
    const before = toCourse((await courseRowById(tx, courseId))!, { withWebinarUrl: true });
    if (action === 'delete') {
      const [attended] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ce_registrations WHERE course_id = $1 AND status = 'Attended'`, [courseId]);
      if (attended!.n > 0) throw new HttpError(409, CE_ADMIN_MESSAGES.deleteAttended);
    }
    if (before.status !== 'Cancelled') {
      await tx.query(`UPDATE ce_courses SET status = 'Cancelled', revision = revision + 1, modified_at = clock_timestamp(), modified_by = $2 WHERE id = $1`, [
        courseId,
        actor.email,
      ]);
      await notifyCourseChanged(tx, courseId, 'cancelled');
    }
    if (action === 'delete') {
      await tx.query('DELETE FROM ce_courses WHERE id = $1', [courseId]);
      await recordAudit(tx, { actor, action: 'deleteCourse', entity: 'ce-course', entityId: courseId, before });
    } else {
      const after = toCourse((await courseRowById(tx, courseId))!, { withWebinarUrl: true });
      await recordAudit(tx, { actor, action: 'cancelCourse', entity: 'ce-course', entityId: courseId, before, after });
    }
    return { courseId, action };
  });
}

/** Stores an uploaded image (type by its first bytes, at most 1 MB). */
export async function storeImage(db: Db, base64: string, actor: Actor) {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(400, CE_ADMIN_MESSAGES.imageSize);
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw new HttpError(400, CE_ADMIN_MESSAGES.imageType);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO ce_course_images (content_type, bytes, sha256, created_by) VALUES ($1, decode($2, 'base64'), $3, $4) RETURNING id`,
      [contentType, bytes.toString('base64'), sha256, actor.email],
    );
    await recordAudit(tx, { actor, action: 'uploadCourseImage', entity: 'ce-course-image', entityId: row!.id, after: { contentType, bytes: bytes.length, sha256 } });
    return { imageId: row!.id, imageUrl: courseImageUrl(row!.id), contentType, bytes: bytes.length };
  });
}

/** An image's bytes, type and hash, or null. */
export async function imageById(db: Queryable, id: number): Promise<{ bytes: Buffer; contentType: string; sha256: string } | null> {
  const [row] = await db.query<{ b64: string; content_type: string; sha256: string }>(
    `SELECT encode(bytes, 'base64') AS b64, content_type, sha256 FROM ce_course_images WHERE id = $1`,
    [id],
  );
  return row ? { bytes: Buffer.from(row.b64.replace(/\s+/g, ''), 'base64'), contentType: row.content_type, sha256: row.sha256 } : null;
}

interface RegistrationRow {
  id: number;
  course_id: number;
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  npn_id: string | null;
  license_state: string | null;
  state: string | null;
  agency_name: string | null;
  status: RegistrationStatus;
  created_at: string | Date;
  attended_at: string | Date | null;
  certificate_code: string | null;
}

const REG_COLUMNS = `r.id, r.course_id, r.user_id, r.first_name, r.last_name, r.email, r.npn_id, r.license_state, r.state, r.agency_name, r.status,
  r.created_at, r.attended_at, r.certificate_code`;

/** The end of the course's calendar day (its time zone): attendance may be undone until then. */
function endOfCourseDay(course: Pick<CourseRow, 'starts_at' | 'time_zone_id'>): Date {
  const { day } = wallClockIn(new Date(course.starts_at), course.time_zone_id);
  return startOfDayIn(nextDay(day), course.time_zone_id);
}
function startOfCourseDay(course: Pick<CourseRow, 'starts_at' | 'time_zone_id'>): Date {
  return startOfDayIn(wallClockIn(new Date(course.starts_at), course.time_zone_id).day, course.time_zone_id);
}

function toEntry(r: RegistrationRow, course: CourseRow, now: Date): RosterEntry {
  return {
    registrationId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    npnId: r.npn_id,
    licenseState: (r.license_state ?? r.state)?.trim() || null,
    agencyName: r.agency_name,
    status: r.status,
    registeredAt: new Date(r.created_at).toISOString(),
    attendedAt: r.attended_at ? new Date(r.attended_at).toISOString() : null,
    certificateCode: r.certificate_code,
    canUnmark: r.status === 'Attended' && now < endOfCourseDay(course),
  };
}

/** A course with its registrants (every status), attended and registered first. */
export async function roster(db: Queryable, courseId: number, now = new Date()) {
  const course = await courseRowById(db, courseId);
  if (!course) throw new HttpError(404, CE_ADMIN_MESSAGES.courseNotFound);
  const rows = await db.query<RegistrationRow>(
    `SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.course_id = $1
      ORDER BY CASE r.status WHEN 'Attended' THEN 0 WHEN 'Registered' THEN 1 WHEN 'Offered' THEN 2 WHEN 'Waitlisted' THEN 3 ELSE 4 END,
        lower(r.last_name), lower(r.first_name), r.id LIMIT 20000`,
    [courseId],
  );
  return { course: toCourse(course, { withWebinarUrl: true }), registrants: rows.map((r) => toEntry(r, course, now)) };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A certificate verification code: 12 random characters in three groups (60 bits), e.g. 'K7QX-2M9P-HRTA'. */
export function newCertificateCode(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** Marks a registrant attended (Registered or Offered; the seat is kept; a certificate code is issued) or undoes it. */
export async function markAttendance(db: Db, registrationId: number, attended: boolean, actor: Actor, now = new Date()): Promise<RosterEntry> {
  return db.transaction(async (tx) => {
    const [reg] = await tx.query<RegistrationRow>(`SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.id = $1 FOR UPDATE`, [registrationId]);
    if (!reg) throw new HttpError(404, CE_ADMIN_MESSAGES.registrationNotFound);
    const course = (await courseRowById(tx, reg.course_id))!;
    if (attended) {
      if (reg.status === 'Attended') return toEntry(reg, course, now);
      if (reg.status !== 'Registered' && reg.status !== 'Offered') throw new HttpError(409, CE_ADMIN_MESSAGES.attendNotRegistered);
      if (now < startOfCourseDay(course)) throw new HttpError(409, CE_ADMIN_MESSAGES.attendTooEarly);
      await tx.query(
        `UPDATE ce_registrations SET status = 'Attended', attended_at = $2::timestamptz, offer_expires_at = NULL, certificate_code = $3, updated_at = now() WHERE id = $1`,
        [registrationId, now.toISOString(), newCertificateCode()],
      );
    } else {
      if (reg.status !== 'Attended') return toEntry(reg, course, now);
      if (now >= endOfCourseDay(course)) throw new HttpError(409, CE_ADMIN_MESSAGES.unmarkTooLate);
      await tx.query(`UPDATE ce_registrations SET status = 'Registered', attended_at = NULL, certificate_code = NULL, updated_at = now() WHERE id = $1`, [registrationId]);
    }
    const [after] = await tx.query<RegistrationRow>(`SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.id = $1`, [registrationId]);
    const entry = toEntry(after!, course, now);
    await recordAudit(tx, {
      actor,
      action: attended ? 'markAttended' : 'unmarkAttended',
      entity: 'ce-registration',
      entityId: registrationId,
      before: { status: reg.status, attendedAt: reg.attended_at },
      after: { status: entry.status, attendedAt: entry.attendedAt, courseId: reg.course_id },
    });
    return entry;
  });
}

/** What a certificate shows. */
export interface CeCertificateData {
  name: string;
  npn: string | null;
  courseTitle: string;
  courseId: number;
  creditHours: number;
  /** yyyy-mm-dd in the course's time zone. */
  completedOn: string;
  code: string;
}

/** The certificate of an attended registration, or null (not attended, unknown). */
export async function certificateData(db: Queryable, registrationId: number): Promise<(CeCertificateData & { userId: string | null }) | null> {
  const [r] = await db.query<RegistrationRow & { title: string; credit_hours: string; starts_at: string | Date; time_zone_id: string }>(
    `SELECT ${REG_COLUMNS}, c.title, c.credit_hours, c.starts_at, c.time_zone_id FROM ce_registrations r JOIN ce_courses c ON c.id = r.course_id
      WHERE r.id = $1 AND r.status = 'Attended' AND r.certificate_code IS NOT NULL`,
    [registrationId],
  );
  if (!r) return null;
  return {
    userId: r.user_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    npn: r.npn_id,
    courseTitle: r.title,
    courseId: r.course_id,
    creditHours: Number(r.credit_hours),
    completedOn: wallClockIn(new Date(r.starts_at), r.time_zone_id).day,
    code: r.certificate_code!,
  };
}

/** Public verification of a certificate code: what it certifies, nothing else personal. */
export async function verifyCertificate(db: Queryable, code: string) {
  const normalized = code.trim().toUpperCase();
  const none = { valid: false, name: null, course: null, creditHours: null, completedOn: null };
  if (!/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(normalized)) return none;
  const [row] = await db.query<{ id: number }>(`SELECT id FROM ce_registrations WHERE certificate_code = $1 AND status = 'Attended'`, [normalized]);
  const data = row ? await certificateData(db, row.id) : null;
  if (!data) return none;
  return { valid: true, name: data.name, course: data.courseTitle, creditHours: data.creditHours, completedOn: data.completedOn };
}

/** Registrations per day (UTC) of a course, oldest first. */
export async function courseStats(db: Queryable, courseId: number) {
  const course = await courseRowById(db, courseId);
  if (!course) throw new HttpError(404, CE_ADMIN_MESSAGES.courseNotFound);
  const rows = await db.query<{ day: string; n: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM ce_registrations
      WHERE course_id = $1 AND status <> 'PendingLink' GROUP BY 1 ORDER BY 1 LIMIT 1000`,
    [courseId],
  );
  return { courseId, days: rows.map((r) => ({ day: r.day, registrations: r.n })) };
}

type CeCase = z.infer<typeof CaseSchema>;
interface CaseRow {
  id: number;
  course_id: number | null;
  course_title: string | null;
  subject: string;
  fields: Record<string, unknown> | string;
  status: CeCase['status'];
  notes: CeCase['notes'] | string;
  created_at: string | Date;
  updated_at: string | Date;
}
const CASE_COLUMNS = `k.id, k.course_id, c.title AS course_title, k.subject, k.fields, k.status, k.notes, k.created_at, k.updated_at`;
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
function toCase(r: CaseRow): CeCase {
  return {
    caseId: r.id,
    courseId: r.course_id,
    courseTitle: r.course_title,
    subject: r.subject,
    fields: parsed(r.fields),
    status: r.status,
    notes: parsed(r.notes),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The cases, newest first, a page at a time (page 1 first). */
export async function listCases(db: Queryable, status: CeCase['status'] | null, page: number) {
  const offset = (Math.max(1, page) - 1) * CASES_PAGE_SIZE;
  const rows = await db.query<CaseRow>(
    `SELECT ${CASE_COLUMNS} FROM ce_cases k LEFT JOIN ce_courses c ON c.id = k.course_id
      WHERE $1::text IS NULL OR k.status = $1 ORDER BY k.created_at DESC, k.id DESC LIMIT $2 OFFSET $3`,
    [status, CASES_PAGE_SIZE, offset],
  );
  const [total] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ce_cases WHERE $1::text IS NULL OR status = $1', [status]);
  return { cases: rows.map(toCase), total: total!.n, page: Math.max(1, page), pageSize: CASES_PAGE_SIZE };
}

/** Sets a case's status and/or adds a note. */
export async function updateCase(db: Db, caseId: number, change: { status?: CeCase['status'] | undefined; note?: string | undefined }, actor: Actor): Promise<CeCase> {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<CaseRow>(`SELECT ${CASE_COLUMNS} FROM ce_cases k LEFT JOIN ce_courses c ON c.id = k.course_id WHERE k.id = $1`, [caseId]);
    if (!before) throw new HttpError(404, CE_ADMIN_MESSAGES.caseNotFound);
    const note = change.note?.trim() ? [{ at: new Date().toISOString(), by: actor.email, text: change.note.trim() }] : [];
    await tx.query(`UPDATE ce_cases SET status = COALESCE($2, status), notes = notes || $3::jsonb, updated_at = clock_timestamp() WHERE id = $1`, [
      caseId,
      change.status ?? null,
      note,
    ]);
    const [row] = await tx.query<CaseRow>(`SELECT ${CASE_COLUMNS} FROM ce_cases k LEFT JOIN ce_courses c ON c.id = k.course_id WHERE k.id = $1`, [caseId]);
    const after = toCase(row!);
    await recordAudit(tx, { actor, action: 'updateCase', entity: 'ce-case', entityId: caseId, before: { status: before.status }, after: { status: after.status, note: note[0]?.text ?? null } });
    return after;
  });
}
