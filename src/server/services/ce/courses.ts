/**
 * CE courses, read side (issue 16, docs/decisions/027): the course rows as the calls answer them. The registrants'
 * service (registrations.ts) and the CE admins' (admin.ts) both read courses through here.
 */
import { callPath } from '../../../lib/api/contract.ts';
import type { Course, Seats } from '../../../lib/api/ce-courses.ts';
import type { Queryable } from '../../db/index.ts';

/** A course row with its waitlist count. */
export interface CourseRow {
  id: number;
  title: string;
  title_es: string;
  description: string;
  description_es: string;
  credit_hours: string | number;
  states_approved: string[] | string;
  format: 'InPerson' | 'Webinar';
  venue_name: string | null;
  venue_address: string | null;
  venue_city: string | null;
  venue_state: string | null;
  venue_zip: string | null;
  webinar_url: string | null;
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone_id: string;
  capacity: number;
  seats_taken: number;
  meals: { name: string; time: string }[] | string;
  image_id: number | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  status: 'Scheduled' | 'Cancelled';
  revision: number;
  waitlist_count: number;
}

/** The columns of a course row (table alias `c`), its waitlist counted. */
export const COURSE_COLUMNS = `c.id, c.title, c.title_es, c.description, c.description_es, c.credit_hours, c.states_approved, c.format,
  c.venue_name, c.venue_address, c.venue_city, c.venue_state, c.venue_zip, c.webinar_url, c.starts_at, c.ends_at, c.time_zone_id,
  c.capacity, c.seats_taken, c.meals, c.image_id, c.contact_name, c.contact_email, c.contact_phone, c.status, c.revision,
  (SELECT count(*)::int FROM ce_registrations w WHERE w.course_id = c.id AND w.status = 'Waitlisted') AS waitlist_count`;

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const iso = (v: string | Date) => new Date(v).toISOString();

/** The URL a course image is served at (GetCECourseImages). */
export const courseImageUrl = (imageId: number) => `${callPath({ path: 'CECourses/GetCECourseImages' })}?imageId=${imageId}`;

/** A row as the calls answer it; the webinar link only when `withWebinarUrl` (registrants, CE admins). */
export function toCourse(r: CourseRow, opts: { withWebinarUrl?: boolean } = {}): Course {
  return {
    courseId: r.id,
    title: r.title,
    titleEs: r.title_es,
    description: r.description,
    descriptionEs: r.description_es,
    creditHours: Number(r.credit_hours),
    statesApproved: json(r.states_approved),
    format: r.format,
    venue:
      r.format === 'InPerson'
        ? { name: r.venue_name ?? '', address: r.venue_address ?? '', city: r.venue_city ?? '', state: (r.venue_state ?? '').trim(), zip: r.venue_zip ?? '' }
        : null,
    webinarUrl: opts.withWebinarUrl ? r.webinar_url : null,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    timeZoneId: r.time_zone_id,
    capacity: r.capacity,
    seatsTaken: r.seats_taken,
    waitlistCount: r.waitlist_count,
    meals: json(r.meals),
    imageUrl: r.image_id === null ? null : courseImageUrl(r.image_id),
    contact: r.contact_name || r.contact_email || r.contact_phone ? { name: r.contact_name ?? '', email: r.contact_email ?? '', phone: r.contact_phone ?? '' } : null,
    status: r.status,
  };
}

/** One course row, or null. */
export async function courseRowById(db: Queryable, id: number): Promise<CourseRow | null> {
  const [row] = await db.query<CourseRow>(`SELECT ${COURSE_COLUMNS} FROM ce_courses c WHERE c.id = $1`, [id]);
  return row ?? null;
}

/** The courses, soonest first: those not yet ended (and not cancelled) unless `includePast`. */
export async function listCourses(db: Queryable, opts: { includePast: boolean; now?: Date }): Promise<Course[]> {
  const rows = await db.query<CourseRow>(
    `SELECT ${COURSE_COLUMNS} FROM ce_courses c
      WHERE $1::boolean OR (c.ends_at > $2::timestamptz AND c.status = 'Scheduled')
      ORDER BY c.starts_at, c.id LIMIT 1000`,
    [opts.includePast, (opts.now ?? new Date()).toISOString()],
  );
  return rows.map((r) => toCourse(r));
}

/** The seats of a course row at `now`. */
export function seatsOf(r: Pick<CourseRow, 'id' | 'capacity' | 'seats_taken' | 'waitlist_count' | 'starts_at' | 'status'>, now = new Date()): Seats {
  const seatsLeft = Math.max(0, r.capacity - r.seats_taken);
  return {
    courseId: r.id,
    capacity: r.capacity,
    seatsTaken: r.seats_taken,
    seatsLeft,
    waitlistCount: r.waitlist_count,
    isFull: seatsLeft === 0,
    isClosed: r.status !== 'Scheduled' || new Date(r.starts_at).getTime() <= now.getTime(),
  };
}
