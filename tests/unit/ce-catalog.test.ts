// Issue 16: the demo CE courses (seeded once, kept), the content snapshot's courses (from GetCECourseList, both
// languages) and the static catalog built from them (both languages, no framework JavaScript; needs a built dist/).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePage } from '../../bench/page-weight.ts';
import { CourseSchema, type Course } from '../../src/lib/api/ce-courses.ts';
import { openPglite, type Db } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedReference } from '../../src/server/db/seed.ts';
import { readSeedCourses, seedCeCourses, zonedInstant } from '../../src/server/db/ce-courses-seed.ts';
import { listCourses } from '../../src/server/services/ce/courses.ts';
import { writeSnapshot } from '../../src/server/services/content-snapshot.ts';
import { startTestPortal } from './helpers/portal.ts';

const SNAPSHOT_COURSES = 'src/content/snapshot/courses';
const committed = (): Course[] =>
  readdirSync(SNAPSHOT_COURSES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => CourseSchema.parse(JSON.parse(readFileSync(join(SNAPSHOT_COURSES, f), 'utf8'))));

describe('zonedInstant: a wall-clock time in a course time zone', () => {
  it('knows standard and daylight time, and Arizona without it', () => {
    expect(zonedInstant('2027-02-18', '10:00', 'America/Chicago')).toBe('2027-02-18T16:00:00.000Z');
    expect(zonedInstant('2027-07-01', '10:00', 'America/Chicago')).toBe('2027-07-01T15:00:00.000Z');
    expect(zonedInstant('2027-07-01', '10:00', 'America/Phoenix')).toBe('2027-07-01T17:00:00.000Z');
    expect(zonedInstant('2027-03-16', '08:30', 'America/New_York')).toBe('2027-03-16T12:30:00.000Z');
  });
});

describe('the demo CE courses', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await seedReference(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('are four courses in 2027: a webinar, in person with a venue and three meals, three seats, more credit hours; both languages', async () => {
    expect(await seedCeCourses(db)).toEqual({ created: true });
    const list = await listCourses(db, { includePast: true, now: new Date('2026-01-01T00:00:00Z') });
    expect(list).toHaveLength(4);
    for (const c of list) {
      expect(c.startsAt.startsWith('2027-')).toBe(true);
      expect(c.titleEs).not.toBe(c.title);
      expect(c.descriptionEs).not.toBe(c.description);
      expect(c.statesApproved.length).toBeGreaterThan(0);
      expect(c.contact?.email).toMatch(/@/);
      expect(c.status).toBe('Scheduled');
    }
    expect(list.some((c) => c.format === 'Webinar' && c.venue === null)).toBe(true);
    expect(list.some((c) => c.format === 'InPerson' && c.venue?.city && c.meals.length === 3)).toBe(true);
    expect(list.some((c) => c.capacity === 3)).toBe(true);
    expect(Math.max(...list.map((c) => c.creditHours))).toBeGreaterThan(Math.min(...list.map((c) => c.creditHours)) * 2);
  });

  it('load once: a database with courses keeps what is there', async () => {
    await db.query("UPDATE ce_courses SET title = 'Edited by a CE admin' WHERE id = (SELECT min(id) FROM ce_courses)");
    expect(await seedCeCourses(db)).toEqual({ created: false });
    const [row] = await db.query<{ n: number; edited: number }>("SELECT count(*)::int AS n, count(*) FILTER (WHERE title = 'Edited by a CE admin')::int AS edited FROM ce_courses");
    expect(row).toEqual({ n: 4, edited: 1 });
  });
});

describe('the content snapshot holds the courses', () => {
  it('the committed snapshot has every demo course, in English and Spanish, as the public list answers it', () => {
    const courses = committed();
    const seed = readSeedCourses();
    expect(courses.map((c) => c.title).sort()).toEqual(seed.map((c) => c.title).sort());
    expect(courses.map((c) => c.titleEs).sort()).toEqual(seed.map((c) => c.titleEs).sort());
    // The public list never gives the webinar link.
    for (const c of courses) expect(c.webinarUrl).toBeNull();
  });

  it('writeSnapshot reads GetCECourseList from a running portal and writes one file per upcoming course', async () => {
    const portal = await startTestPortal();
    const out = mkdtempSync(join(tmpdir(), 'ce-snapshot-'));
    try {
      const written = await writeSnapshot(portal.url, join(out, 'snapshot'));
      expect(written.courses).toBe(4);
      const files = readdirSync(join(out, 'snapshot', 'courses')).sort();
      expect(files).toHaveLength(4);
      const one = CourseSchema.parse(JSON.parse(readFileSync(join(out, 'snapshot', 'courses', files[0]!), 'utf8')));
      expect(one.titleEs.length).toBeGreaterThan(0);
      expect(one.descriptionEs.length).toBeGreaterThan(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
      await portal.close();
    }
  }, 60_000);
});

describe('the built catalog (dist/)', () => {
  const courses = committed();
  const html = (path: string) => readFileSync(join('dist', path, 'index.html'), 'utf8');

  it('is built in English and Spanish, listing every course with its facts', () => {
    expect(existsSync('dist/dashboard/CECourseHome/index.html'), 'run npm run build first').toBe(true);
    const en = html('dashboard/CECourseHome');
    const es = html('es/dashboard/CECourseHome');
    for (const c of courses) {
      expect(en).toContain(c.title);
      expect(es).toContain(c.titleEs);
      expect(en).toContain(`/course-registration/${c.courseId}`);
      expect(en).toContain(`course-registration-unauth?courseId=${c.courseId}`);
    }
    expect(en).toContain('Credit hours');
    expect(es).toContain('Horas de crédito');
  });

  it('has one page per course in each language, made of the course widgets, with the registration contact', () => {
    for (const c of courses) {
      const en = html(`course-registration/${c.courseId}`);
      const es = html(`es/course-registration/${c.courseId}`);
      for (const widget of ['course-description', 'course-details', 'event-info-details', 'registration-agency-contact']) {
        expect(en).toContain(`data-widget="${widget}"`);
        expect(es).toContain(`data-widget="${widget}"`);
      }
      expect(en).toContain(c.title);
      expect(es).toContain(c.titleEs);
      if (c.venue) expect(en).toContain(c.venue.address);
    }
    // The content hub's course-registration page stays as it is.
    expect(html('course-registration')).toContain('data-widget="course-description"');
  });

  it('ships no framework JavaScript on the catalog and course pages (the seats are a small plain script)', () => {
    for (const path of ['/dashboard/CECourseHome', '/es/dashboard/CECourseHome', '/course-registration/1', '/es/course-registration/1']) {
      const w = measurePage('./dist', path);
      expect(w.frameworkFiles, path).toEqual([]);
      expect(w.js.gzip, path).toBeLessThan(4 * 1024);
    }
  });

  it('CE-Course-Home redirects to CECourseHome', () => {
    expect(html('dashboard/CE-Course-Home')).toContain('/dashboard/CECourseHome');
  });
});
