/** CE course test data: a course written straight into the table (the CE admins' SaveCourse has its own tests). */
import type { Queryable } from '../../../src/server/db/index.ts';

export interface TestCourse {
  title?: string;
  capacity?: number;
  format?: 'InPerson' | 'Webinar';
  /** Hours from now the course starts (default 30 days). */
  startsInHours?: number;
  lengthHours?: number;
  webinarUrl?: string;
}

let n = 0;
/** Inserts a course and answers its id. */
export async function insertTestCourse(db: Queryable, c: TestCourse = {}): Promise<number> {
  n++;
  const starts = new Date(Date.now() + (c.startsInHours ?? 24 * 30) * 3_600_000);
  const ends = new Date(starts.getTime() + (c.lengthHours ?? 2) * 3_600_000);
  const format = c.format ?? 'InPerson';
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO ce_courses (title, title_es, description, description_es, credit_hours, states_approved, format, venue_name, venue_address,
       venue_city, venue_state, venue_zip, webinar_url, starts_at, ends_at, time_zone_id, capacity, meals, contact_name, contact_email,
       contact_phone, created_by, modified_by)
     VALUES ($1, $2, 'What agents need to know about ADAS.', 'Lo que los agentes deben saber de ADAS.', 2, '["TX","FL"]', $3, $4, $5, $6, $7, $8, $9,
       $10, $11, 'America/Chicago', $12, '[{"name":"Lunch","time":"12:00"}]', 'CE desk', 'ce@demo.test', '555-010-0200', 'ce@demo.test', 'ce@demo.test')
     RETURNING id`,
    [
      c.title ?? `Test course ${n}`,
      `Curso de prueba ${n}`,
      format,
      format === 'InPerson' ? 'Harbor Training Center' : null,
      format === 'InPerson' ? '100 Main St' : null,
      format === 'InPerson' ? 'Austin' : null,
      format === 'InPerson' ? 'TX' : null,
      format === 'InPerson' ? '78701' : null,
      format === 'Webinar' ? (c.webinarUrl ?? 'https://webinar.example.com/join/123') : null,
      starts.toISOString(),
      ends.toISOString(),
      c.capacity ?? 50,
    ],
  );
  return row!.id;
}
