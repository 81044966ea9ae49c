/**
 * CE course registrations (issue 16, docs/decisions/027).
 *
 * Capacity never overbooks: a seat is taken only by one conditional update of the course row
 * (`seats_taken = seats_taken + 1 WHERE seats_taken < capacity`), in the same transaction as the registration that
 * holds it. On PostgreSQL concurrent updates of the row queue on its lock and re-check the condition, so 200
 * concurrent registrations for 50 seats give exactly 50; the CHECK (seats_taken <= capacity) backs it up.
 *
 * Statuses: PendingLink (no account, link not followed: no seat) → Registered (seat) | Waitlisted (no seat, in line);
 * a freed seat goes at once to the first in line as an Offer (seat held 48 h, or until the course starts) that the
 * registrant accepts (→ Registered) or declines / lets expire (→ Declined / Expired, and the seat goes on).
 */
import { createHash, randomBytes } from 'node:crypto';
import { CONFIRM_LINK_DAYS, OFFER_HOURS, type Course, type MyCourse, type RegistrationStatus } from '../../../lib/api/ce-courses.ts';
import { CE_MESSAGES } from '../../../lib/ce-messages.ts';
import type { Lang } from '../../../lib/i18n.ts';
import type { Db, Param, Queryable } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { log } from '../../log.ts';
import { courseRowById, toCourse, COURSE_COLUMNS, type CourseRow } from './courses.ts';
import { confirmLinkOf, enqueueCourseEmail, type Recipient } from './mail.ts';

/** A registrant: who, and the web-to-case fields (section 3). */
export interface Participant {
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  agencyName: string | null;
  agencyNumber: string | null;
  phone: string | null;
  npnId: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  lang: Lang;
}

interface RegistrationRow {
  id: number;
  course_id: number;
  user_id: string | null;
  email: string;
  first_name: string;
  status: RegistrationStatus;
  lang: Lang;
  waitlisted_at: string | Date | null;
  offer_expires_at: string | Date | null;
  attended_at: string | Date | null;
  certificate_code: string | null;
  created_at: string | Date;
}

const REG_COLUMNS = 'r.id, r.course_id, r.user_id, r.email, r.first_name, r.status, r.lang, r.waitlisted_at, r.offer_expires_at, r.attended_at, r.certificate_code, r.created_at';
/** Statuses of a live registration (one per course and email). */
const LIVE = "('PendingLink', 'Registered', 'Waitlisted', 'Offered', 'Attended')";

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');
const recipientOf = (r: Pick<RegistrationRow, 'id' | 'user_id' | 'email' | 'first_name' | 'lang'>): Recipient => ({
  registrationId: r.id,
  userId: r.user_id,
  email: r.email,
  firstName: r.first_name,
  lang: r.lang,
});

/** What a registration call answers. */
export interface RegistrationResult {
  registrationId: number;
  status: RegistrationStatus;
  waitlistPosition: number | null;
  courseId: number;
}

/** A course row locked for the transaction (FOR UPDATE: seat changes and waitlist promotions queue on it). */
async function lockedCourse(tx: Queryable, courseId: number): Promise<CourseRow> {
  const [row] = await tx.query<CourseRow>(`SELECT ${COURSE_COLUMNS} FROM ce_courses c WHERE c.id = $1 FOR UPDATE`, [courseId]);
  if (!row) throw new HttpError(404, CE_MESSAGES.courseNotFound);
  return row;
}

const isOpen = (c: CourseRow, now: Date) => c.status === 'Scheduled' && new Date(c.starts_at).getTime() > now.getTime();

/** Takes one seat if one is free and the course is open: the one place seats are taken. */
async function takeSeat(tx: Queryable, courseId: number, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE ce_courses SET seats_taken = seats_taken + 1
      WHERE id = $1 AND seats_taken < capacity AND status = 'Scheduled' AND starts_at > $2::timestamptz RETURNING id`,
    [courseId, now.toISOString()],
  );
  return rows.length === 1;
}

async function freeSeat(tx: Queryable, courseId: number): Promise<void> {
  await tx.query('UPDATE ce_courses SET seats_taken = seats_taken - 1 WHERE id = $1 AND seats_taken > 0', [courseId]);
}

/** 1 = next in line; null when not waitlisted. */
async function waitlistPosition(tx: Queryable, r: Pick<RegistrationRow, 'id' | 'course_id' | 'status' | 'waitlisted_at'>): Promise<number | null> {
  if (r.status !== 'Waitlisted' || !r.waitlisted_at) return null;
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ce_registrations
      WHERE course_id = $1 AND status = 'Waitlisted' AND (waitlisted_at, id) <= ($2::timestamptz, $3)`,
    [r.course_id, new Date(r.waitlisted_at).toISOString(), r.id],
  );
  return row?.n ?? null;
}

async function resultOf(tx: Queryable, r: RegistrationRow): Promise<RegistrationResult> {
  return { registrationId: r.id, status: r.status, waitlistPosition: await waitlistPosition(tx, r), courseId: r.course_id };
}

async function setStatus(tx: Queryable, id: number, status: RegistrationStatus, extra = '', params: Param[] = []): Promise<RegistrationRow> {
  const [row] = await tx.query<RegistrationRow>(
    `UPDATE ce_registrations r SET status = $2, updated_at = now()${extra} WHERE r.id = $1 RETURNING ${REG_COLUMNS}`,
    [id, status, ...params],
  );
  return row!;
}

/** A new emailed link of a registration (the token exists only in the email). */
async function newLink(tx: Queryable, registrationId: number, purpose: 'confirm' | 'offer', expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.query('UPDATE ce_registration_links SET used_at = now() WHERE registration_id = $1 AND purpose = $2 AND used_at IS NULL', [registrationId, purpose]);
  await tx.query('INSERT INTO ce_registration_links (token_hash, registration_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    registrationId,
    purpose,
    expiresAt.toISOString(),
  ]);
  return token;
}

/** Seats a registration (taken already) or puts it in line, and emails the registrant. */
async function seatOrWaitlist(tx: Queryable, reg: RegistrationRow, course: CourseRow, now: Date, waitlistWhenFull: boolean): Promise<RegistrationRow> {
  const c = { ...toCourse(course, { withWebinarUrl: true }) };
  if (await takeSeat(tx, course.id, now)) {
    const row = await setStatus(tx, reg.id, 'Registered');
    await enqueueCourseEmail(tx, recipientOf(row), c, 'CeRegistered', { now });
    return row;
  }
  if (!isOpen(course, now)) throw new HttpError(409, CE_MESSAGES.closed);
  if (!waitlistWhenFull) throw new HttpError(409, CE_MESSAGES.full);
  const row = await setStatus(tx, reg.id, 'Waitlisted', ', waitlisted_at = $3::timestamptz', [now.toISOString()]);
  await enqueueCourseEmail(tx, recipientOf(row), c, 'CeWaitlisted', { position: (await waitlistPosition(tx, row)) ?? undefined, now });
  return row;
}

/** The live registration of an email for a course, locked. */
async function liveRegistration(tx: Queryable, courseId: number, email: string): Promise<RegistrationRow | null> {
  const [row] = await tx.query<RegistrationRow>(
    `SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.course_id = $1 AND lower(r.email) = lower($2) AND r.status IN ${LIVE} FOR UPDATE`,
    [courseId, email],
  );
  return row ?? null;
}

async function insertRegistration(tx: Queryable, courseId: number, p: Participant, status: RegistrationStatus): Promise<RegistrationRow> {
  const [row] = await tx.query<RegistrationRow>(
    `INSERT INTO ce_registrations AS r (course_id, user_id, email, first_name, last_name, title, agency_name, agency_number, phone, npn_id,
       address, city, state, zip, license_state, lang, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $13, $15, $16) RETURNING ${REG_COLUMNS}`,
    [courseId, p.userId, p.email, p.firstName, p.lastName, p.title, p.agencyName, p.agencyNumber, p.phone, p.npnId, p.address, p.city, p.state, p.zip, p.lang, status],
  );
  return row!;
}

/** A unique violation (two requests registering the same email at once): the second is told it is registered. */
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/**
 * A signed-in registration in one step: a seat when one is free; else the waitlist when `joinWaitlist`, else
 * 'This course is full.'. A second registration is refused.
 */
export async function registerParticipant(db: Db, courseId: number, p: Participant, opts: { joinWaitlist: boolean; now?: Date }): Promise<RegistrationResult> {
  const now = opts.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const course = await courseRowById(tx, courseId);
      if (!course) throw new HttpError(404, CE_MESSAGES.courseNotFound);
      if (!isOpen(course, now)) throw new HttpError(409, CE_MESSAGES.closed);
      const existing = await liveRegistration(tx, courseId, p.email);
      if (existing && existing.status !== 'PendingLink') throw new HttpError(409, CE_MESSAGES.alreadyRegistered);
      const reg = existing ?? (await insertRegistration(tx, courseId, p, 'PendingLink'));
      return resultOf(tx, await seatOrWaitlist(tx, reg, course, now, opts.joinWaitlist));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, CE_MESSAGES.alreadyRegistered);
    throw err;
  }
}

/** The web-to-case fields of a participant (section 3), as the case carries them. */
function caseFields(courseId: number, p: Participant) {
  return {
    CourseID: courseId,
    FirstName: p.firstName,
    LastName: p.lastName,
    Title: p.title,
    AgencyName: p.agencyName,
    Email: p.email,
    Phone: p.phone,
    NpnId: p.npnId,
    Address: p.address,
    City: p.city,
    State: p.state,
    Zip: p.zip,
  };
}

/**
 * Registration without an account: a PendingLink registration (no seat), a web-to-case case through the outbox, and
 * an emailed link (valid CONFIRM_LINK_DAYS, or until the course starts). The answer is the same whether or not the
 * email was registered before (an already registered address gets no new link and no second case).
 */
export async function addParticipantLink(db: Db, courseId: number, p: Participant, opts: { joinWaitlist: boolean; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  try {
    await db.transaction(async (tx) => {
      const course = await courseRowById(tx, courseId);
      if (!course) throw new HttpError(404, CE_MESSAGES.courseNotFound);
      if (!isOpen(course, now)) throw new HttpError(409, CE_MESSAGES.closed);
      if (course.seats_taken >= course.capacity && !opts.joinWaitlist) throw new HttpError(409, CE_MESSAGES.full);
      const existing = await liveRegistration(tx, courseId, p.email);
      if (existing && existing.status !== 'PendingLink') return;
      let reg: RegistrationRow;
      if (existing) {
        [reg] = (await tx.query<RegistrationRow>(
          `UPDATE ce_registrations r SET first_name = $2, last_name = $3, title = $4, agency_name = $5, phone = $6, npn_id = $7, address = $8,
             city = $9, state = $10, zip = $11, license_state = $10, lang = $12, updated_at = now() WHERE r.id = $1 RETURNING ${REG_COLUMNS}`,
          [existing.id, p.firstName, p.lastName, p.title, p.agencyName, p.phone, p.npnId, p.address, p.city, p.state, p.zip, p.lang],
        )) as [RegistrationRow];
      } else {
        reg = await insertRegistration(tx, courseId, p, 'PendingLink');
      }
      const expires = new Date(Math.min(now.getTime() + CONFIRM_LINK_DAYS * 86_400_000, new Date(course.starts_at).getTime()));
      const token = await newLink(tx, reg.id, 'confirm', expires);
      const c = toCourse(course);
      await tx.query(
        `INSERT INTO outbox (channel, recipient, subject, body_text, kind) VALUES ('crm', 'web-to-case', $1, $2, 'CeWebToCase')`,
        [
          `CE course registration: ${c.title}`.slice(0, 250),
          JSON.stringify({ subject: `CE course registration: ${c.title}`.slice(0, 250), courseId, registrationId: reg.id, fields: caseFields(courseId, p) }),
        ],
      );
      await enqueueCourseEmail(tx, recipientOf(reg), c, 'CeConfirmLink', { link: confirmLinkOf(token, reg.lang), deadline: expires, now });
    });
  } catch (err) {
    // Two posts of the same form at once: the first one's link is on its way.
    if (!isUniqueViolation(err)) throw err;
  }
}

/**
 * Follows an emailed link. 'confirm': a PendingLink registration takes its seat (or joins the waitlist when the
 * course filled meanwhile). 'offer': the held seat becomes the registrant's. A link followed again answers where the
 * registration stands now.
 */
export async function confirmLink(db: Db, token: string, now = new Date()): Promise<RegistrationResult> {
  return db.transaction(async (tx) => {
    const [link] = await tx.query<{ registration_id: number; purpose: 'confirm' | 'offer'; expires_at: string | Date; used_at: string | Date | null }>(
      'SELECT registration_id, purpose, expires_at, used_at FROM ce_registration_links WHERE token_hash = $1 FOR UPDATE',
      [hashToken(token)],
    );
    if (!link) throw new HttpError(404, CE_MESSAGES.linkInvalid);
    const [reg] = await tx.query<RegistrationRow>(`SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.id = $1`, [link.registration_id]);
    if (!reg) throw new HttpError(404, CE_MESSAGES.linkInvalid);
    const course = await lockedCourse(tx, reg.course_id);
    const [fresh] = await tx.query<RegistrationRow>(`SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.id = $1 FOR UPDATE`, [reg.id]);
    const r = fresh!;
    if (link.used_at) {
      // Followed before (or replaced by a newer link): where it stands, when that is a live place.
      if (['Registered', 'Waitlisted', 'Attended'].includes(r.status) || (r.status === 'Offered' && link.purpose === 'confirm')) return resultOf(tx, r);
      throw new HttpError(404, CE_MESSAGES.linkInvalid);
    }
    if (new Date(link.expires_at).getTime() <= now.getTime()) throw new HttpError(404, CE_MESSAGES.linkInvalid);
    await tx.query('UPDATE ce_registration_links SET used_at = $2 WHERE token_hash = $1', [hashToken(token), now.toISOString()]);
    if (link.purpose === 'confirm') {
      if (r.status !== 'PendingLink') return resultOf(tx, r);
      return resultOf(tx, await seatOrWaitlist(tx, r, course, now, true));
    }
    if (r.status !== 'Offered') throw new HttpError(404, CE_MESSAGES.linkInvalid);
    return resultOf(tx, await acceptOffer(tx, r, course, now));
  });
}

async function acceptOffer(tx: Queryable, r: RegistrationRow, course: CourseRow, now: Date): Promise<RegistrationRow> {
  if (!r.offer_expires_at || new Date(r.offer_expires_at).getTime() <= now.getTime()) throw new HttpError(409, CE_MESSAGES.offerExpired);
  const row = await setStatus(tx, r.id, 'Registered', ', offer_expires_at = NULL');
  await tx.query("UPDATE ce_registration_links SET used_at = now() WHERE registration_id = $1 AND purpose = 'offer' AND used_at IS NULL", [r.id]);
  await enqueueCourseEmail(tx, recipientOf(row), toCourse(course, { withWebinarUrl: true }), 'CeRegistered', { now });
  return row;
}

/**
 * Gives every free seat of a course to the first in line, at once: each is Offered the seat (held OFFER_HOURS, or
 * until the course starts) and emailed a link to confirm it. Call inside the transaction that freed seats or raised
 * the capacity (the course row is locked here).
 */
export async function promoteWaitlist(tx: Queryable, courseId: number, now = new Date()): Promise<number> {
  const course = await lockedCourse(tx, courseId);
  if (!isOpen(course, now)) return 0;
  let promoted = 0;
  for (;;) {
    const [next] = await tx.query<RegistrationRow>(
      `SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.course_id = $1 AND r.status = 'Waitlisted'
        ORDER BY r.waitlisted_at, r.id LIMIT 1 FOR UPDATE`,
      [courseId],
    );
    if (!next) break;
    if (!(await takeSeat(tx, courseId, now))) break;
    const expires = new Date(Math.min(now.getTime() + OFFER_HOURS * 3_600_000, new Date(course.starts_at).getTime()));
    const row = await setStatus(tx, next.id, 'Offered', ', offer_expires_at = $3::timestamptz', [expires.toISOString()]);
    const token = await newLink(tx, row.id, 'offer', expires);
    await enqueueCourseEmail(tx, recipientOf(row), toCourse(course), 'CeOffer', { link: confirmLinkOf(token, row.lang), deadline: expires, now });
    promoted++;
  }
  return promoted;
}

/** Offers not confirmed in time: Expired, their seats passed on. Returns how many expired. */
export async function expireOffers(db: Db, now = new Date()): Promise<number> {
  const due = await db.query<{ id: number; course_id: number }>(
    "SELECT id, course_id FROM ce_registrations WHERE status = 'Offered' AND offer_expires_at <= $1::timestamptz ORDER BY offer_expires_at LIMIT 200",
    [now.toISOString()],
  );
  let n = 0;
  for (const d of due) {
    await db.transaction(async (tx) => {
      const course = await lockedCourse(tx, d.course_id);
      const [r] = await tx.query<RegistrationRow>(
        `SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.id = $1 AND r.status = 'Offered' AND r.offer_expires_at <= $2::timestamptz FOR UPDATE`,
        [d.id, now.toISOString()],
      );
      if (!r) return;
      const row = await setStatus(tx, r.id, 'Expired', ', offer_expires_at = NULL');
      await freeSeat(tx, r.course_id);
      await enqueueCourseEmail(tx, recipientOf(row), toCourse(course), 'CeOfferExpired', { now });
      await promoteWaitlist(tx, r.course_id, now);
      n++;
    });
  }
  return n;
}

/** Runs expireOffers every `everyMs` (each process may: rows are locked, an offer expires once). */
export function startOfferSweeper(db: Db, everyMs = 60_000): () => void {
  const timer = setInterval(() => {
    expireOffers(db).catch((err) => log.warn('CE offer sweep failed', { error: String((err as Error)?.message ?? err).slice(0, 500) }));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The agent's own registration: cancel it (before the course starts; a held seat goes to the next in line), or
 * accept / decline a seat offered from the waitlist. Someone else's registration is not found.
 */
export async function updateMyRegistration(
  db: Db,
  userId: string,
  registrationId: number,
  action: 'cancel' | 'acceptOffer' | 'declineOffer',
  now = new Date(),
): Promise<RegistrationResult> {
  return db.transaction(async (tx) => {
    const [owned] = await tx.query<{ course_id: number }>('SELECT course_id FROM ce_registrations WHERE id = $1 AND user_id = $2', [registrationId, userId]);
    if (!owned) throw new HttpError(404, CE_MESSAGES.registrationNotFound);
    const course = await lockedCourse(tx, owned.course_id);
    const [r] = await tx.query<RegistrationRow>(`SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.id = $1 FOR UPDATE`, [registrationId]);
    const reg = r!;
    if (action === 'acceptOffer') {
      if (reg.status !== 'Offered') throw new HttpError(409, CE_MESSAGES.notAnOffer);
      return resultOf(tx, await acceptOffer(tx, reg, course, now));
    }
    if (action === 'declineOffer') {
      if (reg.status !== 'Offered') throw new HttpError(409, CE_MESSAGES.notAnOffer);
      const row = await setStatus(tx, reg.id, 'Declined', ', offer_expires_at = NULL');
      await freeSeat(tx, reg.course_id);
      await promoteWaitlist(tx, reg.course_id, now);
      return resultOf(tx, row);
    }
    if (!['PendingLink', 'Registered', 'Waitlisted', 'Offered'].includes(reg.status)) throw new HttpError(409, CE_MESSAGES.registrationNotFound);
    if (new Date(course.starts_at).getTime() <= now.getTime()) throw new HttpError(409, CE_MESSAGES.cancelTooLate);
    const heldSeat = reg.status === 'Registered' || reg.status === 'Offered';
    const row = await setStatus(tx, reg.id, 'Cancelled', ', cancelled_at = $3::timestamptz, offer_expires_at = NULL', [now.toISOString()]);
    if (heldSeat) {
      await freeSeat(tx, reg.course_id);
      await enqueueCourseEmail(tx, recipientOf(row), toCourse(course, { withWebinarUrl: true }), 'CeCancelled', { now });
      await promoteWaitlist(tx, reg.course_id, now);
    }
    return resultOf(tx, row);
  });
}

/**
 * A course changed ('updated': its title, times, venue or link; every seat holder gets an updated .ics) or was
 * cancelled (every live registration ends, seat holders get a cancelling .ics, the waitlist is told too; attended
 * registrations stay). Call inside the CE admin's transaction, after the course row is written.
 */
export async function notifyCourseChanged(tx: Queryable, courseId: number, change: 'updated' | 'cancelled', now = new Date()): Promise<number> {
  const course = await courseRowById(tx, courseId);
  if (!course) return 0;
  const c = toCourse(course, { withWebinarUrl: true });
  const regs = await tx.query<RegistrationRow>(
    `SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.course_id = $1 AND r.status IN ('PendingLink', 'Registered', 'Waitlisted', 'Offered') ORDER BY r.id FOR UPDATE`,
    [courseId],
  );
  let sent = 0;
  for (const r of regs) {
    if (change === 'updated') {
      if (r.status !== 'Registered' && r.status !== 'Offered') continue;
      await enqueueCourseEmail(tx, recipientOf(r), c, 'CeCourseUpdated', { now });
      sent++;
      continue;
    }
    await setStatus(tx, r.id, 'Cancelled', ', cancelled_at = $3::timestamptz, offer_expires_at = NULL', [now.toISOString()]);
    if (r.status !== 'PendingLink') {
      await enqueueCourseEmail(tx, recipientOf(r), c, 'CeCourseCancelled', { now });
      sent++;
    }
  }
  if (change === 'cancelled') {
    await tx.query("UPDATE ce_courses SET seats_taken = (SELECT count(*) FROM ce_registrations WHERE course_id = $1 AND status = 'Attended') WHERE id = $1", [courseId]);
  }
  return sent;
}

/** Where the user stands for a course (GetIsRegisteredUser). */
export async function registrationOf(db: Queryable, userId: string, email: string, courseId: number) {
  const [r] = await db.query<RegistrationRow>(
    `SELECT ${REG_COLUMNS} FROM ce_registrations r WHERE r.course_id = $1 AND (r.user_id = $2 OR lower(r.email) = lower($3)) AND r.status IN ${LIVE}
      ORDER BY r.id DESC LIMIT 1`,
    [courseId, userId, email],
  );
  if (!r) return { isRegistered: false, status: null, registrationId: null, waitlistPosition: null };
  return { isRegistered: r.status !== 'PendingLink', status: r.status, registrationId: r.id, waitlistPosition: await waitlistPosition(db, r) };
}

/** The user's registrations: upcoming (live, course not ended), all, or completed (attended); waitlist places counted in the one query. */
export async function myCourses(db: Queryable, userId: string, view: 'upcoming' | 'all' | 'completed', now = new Date()): Promise<MyCourse[]> {
  const where =
    view === 'upcoming'
      ? "AND r.status IN ('Registered', 'Waitlisted', 'Offered') AND c.ends_at > $2::timestamptz"
      : view === 'completed'
        ? "AND r.status = 'Attended'"
        : '';
  const rows = await db.query<CourseRow & { reg_id: number; reg_status: RegistrationStatus; reg_created_at: string | Date; offer_expires_at: string | Date | null; attended_at: string | Date | null; certificate_code: string | null; waitlist_position: number | null }>(
    `SELECT ${COURSE_COLUMNS}, r.id AS reg_id, r.status AS reg_status, r.created_at AS reg_created_at, r.offer_expires_at, r.attended_at,
            r.certificate_code,
            CASE WHEN r.status = 'Waitlisted' THEN (SELECT count(*)::int FROM ce_registrations w
               WHERE w.course_id = r.course_id AND w.status = 'Waitlisted' AND (w.waitlisted_at, w.id) <= (r.waitlisted_at, r.id)) END AS waitlist_position
       FROM ce_registrations r JOIN ce_courses c ON c.id = r.course_id
      WHERE r.user_id = $1 AND ($2::timestamptz IS NOT NULL) ${where}
      ORDER BY c.starts_at ${view === 'completed' ? 'DESC' : 'ASC'}, r.id LIMIT 500`,
    [userId, now.toISOString()],
  );
  return rows.map((row) => {
    const course: Course = toCourse(row, { withWebinarUrl: ['Registered', 'Attended'].includes(row.reg_status) });
    const live = ['PendingLink', 'Registered', 'Waitlisted', 'Offered'].includes(row.reg_status);
    return {
      registrationId: row.reg_id,
      status: row.reg_status,
      waitlistPosition: row.waitlist_position,
      offerExpiresAt: row.offer_expires_at ? new Date(row.offer_expires_at).toISOString() : null,
      registeredAt: new Date(row.reg_created_at).toISOString(),
      attendedAt: row.attended_at ? new Date(row.attended_at).toISOString() : null,
      certificateCode: row.certificate_code,
      canCancel: live && new Date(row.starts_at).getTime() > now.getTime(),
      course,
    };
  });
}
