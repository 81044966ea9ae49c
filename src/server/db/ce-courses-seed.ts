/**
 * The demo CE courses (issue 16): four courses with fixed dates in 2027 (a webinar, an in-person course with a venue
 * and three meals, a course of three seats, a full-day course with more credit hours), English and Spanish, from
 * src/server/db/content/ce-courses.json. Loaded once, like the content: a database that has courses keeps them.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CARE_DESK } from '../../lib/constants.ts';
import { CONTENT_SOURCE_DIR } from './content-seed.ts';
import type { Db } from './index.ts';

const Time = z.string().regex(/^\d{2}:\d{2}$/);
const SeedCourse = z.strictObject({
  title: z.string().min(1).max(120),
  titleEs: z.string().min(1).max(120),
  description: z.string().min(1).max(5000),
  descriptionEs: z.string().min(1).max(5000),
  creditHours: z.number().positive(),
  statesApproved: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
  format: z.enum(['InPerson', 'Webinar']),
  venue: z.nullable(z.strictObject({ name: z.string(), address: z.string(), city: z.string(), state: z.string().length(2), zip: z.string() })),
  webinarUrl: z.nullable(z.url()),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: Time,
  endTime: Time,
  timeZoneId: z.string(),
  capacity: z.number().int().positive(),
  meals: z.array(z.strictObject({ name: z.string(), time: Time })).max(3),
});
export type SeedCourse = z.infer<typeof SeedCourse>;

/** The registration contact of the demo courses (the course page's 'registration agency contact'): the Agency Care Desk. */
export const DEMO_COURSE_CONTACT = { name: 'Agency Care Desk', email: CARE_DESK.email, phone: CARE_DESK.phone };

/** Reads and checks the committed demo courses. */
export function readSeedCourses(file = `${CONTENT_SOURCE_DIR}ce-courses.json`): SeedCourse[] {
  return z.array(SeedCourse).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The instant of a wall-clock date and time in an IANA time zone (ISO). */
export function zonedInstant(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // The zone's offset at that moment (twice, for the rare case the first guess crosses a change).
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(guess))
        .map((p) => [p.type, p.value]),
    );
    const seen = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
    guess += wall - seen;
  }
  return new Date(guess).toISOString();
}

/** Inserts the demo courses when there are none yet. */
export async function seedCeCourses(db: Db): Promise<{ created: boolean }> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ce_courses');
  if ((row?.n ?? 0) > 0) return { created: false };
  const courses = readSeedCourses();
  await db.transaction(async (tx) => {
    for (const c of courses) {
      await tx.query(
        `INSERT INTO ce_courses (title, title_es, description, description_es, credit_hours, states_approved, format,
           venue_name, venue_address, venue_city, venue_state, venue_zip, webinar_url, starts_at, ends_at, time_zone_id,
           capacity, meals, contact_name, contact_email, contact_phone, created_by, modified_by)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18::jsonb, $19, $20, $21, 'seed', 'seed')`,
        [
          c.title,
          c.titleEs,
          c.description,
          c.descriptionEs,
          c.creditHours,
          JSON.stringify(c.statesApproved),
          c.format,
          c.venue?.name ?? null,
          c.venue?.address ?? null,
          c.venue?.city ?? null,
          c.venue?.state ?? null,
          c.venue?.zip ?? null,
          c.webinarUrl,
          zonedInstant(c.date, c.startTime, c.timeZoneId),
          zonedInstant(c.date, c.endTime, c.timeZoneId),
          c.timeZoneId,
          c.capacity,
          JSON.stringify(c.meals),
          DEMO_COURSE_CONTACT.name,
          DEMO_COURSE_CONTACT.email,
          DEMO_COURSE_CONTACT.phone,
        ],
      );
    }
  });
  return { created: true };
}
