/**
 * CE courses, the CE admins' side (issue 16), through the real server: SaveCourse's rules (shared with the screen) and
 * the time-zone conversion, a raised capacity offering the waitlist's first in line, image type/size checks with
 * caching headers and 304, delete refused with attendance but cancel allowed (registrants emailed), attendance →
 * certificate PDF with the NPN and its public verification, cases, roles.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseProblems, COURSE_MESSAGES, imageTypeOf, type CourseFields } from '../../src/lib/ce-course.ts';
import { instantIn, wallClockIn } from '../../src/lib/time-zone.ts';
import { LiveSite } from '../../src/server/live-site.ts';
import { republish } from '../../src/server/routes/ce-admin.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { createPublisher } from '../../src/server/services/publisher.ts';
import { extractPdfText } from '../helpers/pdf-text.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

const COURSE = {
  AppName: 'AgentPortal',
  Title: 'Auto glass claims 101',
  TitleEs: 'Reclamaciones de cristales 101',
  Description: 'How a claim moves.',
  DescriptionEs: 'Cómo avanza una reclamación.',
  CreditHours: 2.5,
  StatesApproved: ['FL', 'GA'],
  Format: 'InPerson' as 'InPerson' | 'Webinar',
  VenueName: 'Harbor Hall',
  VenueAddress: '1200 Harbor Blvd',
  VenueCity: 'Tampa',
  VenueState: 'FL',
  VenueZip: '33602',
  WebinarUrl: null as string | null,
  Date: '2027-03-10',
  StartTime: '09:00',
  EndTime: '12:30',
  TimeZoneId: 'America/New_York',
  Capacity: 30,
  Meals: [
    { Name: 'Breakfast', Time: '08:30' },
    { Name: 'Lunch', Time: '12:30' },
  ],
  ContactName: 'Casey Nguyen',
  ContactEmail: 'ce@demo.test',
  ContactPhone: '(813) 555-0100',
};

describe('the course rules (src/lib/ce-course.ts, shared by the form and SaveCourse)', () => {
  const fields = (over: Partial<CourseFields>) => courseProblems({ ...(COURSE as CourseFields), ...over }).map((p) => `${p.field}: ${p.message}`);
  it('a complete course has no problem', () => expect(fields({})).toEqual([]));
  it('both languages, hours in steps of 0.5, states, venue or webinar, times, capacity, meals', () => {
    expect(fields({ Title: ' ', TitleEs: '', Description: '', DescriptionEs: ' ' })).toEqual([
      `Title: ${COURSE_MESSAGES.titleRequired}`,
      `TitleEs: ${COURSE_MESSAGES.titleEsRequired}`,
      `Description: ${COURSE_MESSAGES.descriptionRequired}`,
      `DescriptionEs: ${COURSE_MESSAGES.descriptionEsRequired}`,
    ]);
    for (const h of [0, 0.25, 40.5, 1.2]) expect(fields({ CreditHours: h })).toEqual([`CreditHours: ${COURSE_MESSAGES.creditHours}`]);
    expect(fields({ StatesApproved: [] })).toEqual([`StatesApproved: ${COURSE_MESSAGES.statesRequired}`]);
    expect(fields({ StatesApproved: ['fl'] })).toEqual([`StatesApproved: ${COURSE_MESSAGES.statesInvalid}`]);
    expect(fields({ VenueName: '', VenueZip: '123' })).toEqual([`VenueName: ${COURSE_MESSAGES.venueNameRequired}`, `VenueZip: ${COURSE_MESSAGES.venueZip}`]);
    expect(fields({ Format: 'Webinar' })).toEqual([`WebinarUrl: ${COURSE_MESSAGES.webinarUrlRequired}`]);
    expect(fields({ Format: 'Webinar', WebinarUrl: 'http://meet.example.com/x' })).toEqual([`WebinarUrl: ${COURSE_MESSAGES.webinarUrlInvalid}`]);
    expect(fields({ Format: 'Webinar', WebinarUrl: 'https://meet.example.com/x', VenueName: '' })).toEqual([]);
    expect(fields({ EndTime: '09:00' })).toEqual([`EndTime: ${COURSE_MESSAGES.endAfterStart}`]);
    expect(fields({ StartTime: '9am', Date: '2027-02-30' })).toEqual([`Date: ${COURSE_MESSAGES.dateInvalid}`, `StartTime: ${COURSE_MESSAGES.timeInvalid}`]);
    expect(fields({ Capacity: 0 })).toEqual([`Capacity: ${COURSE_MESSAGES.capacity}`]);
    expect(fields({ Capacity: 10001 })).toEqual([`Capacity: ${COURSE_MESSAGES.capacity}`]);
    expect(fields({ Meals: [1, 2, 3, 4].map(() => ({ Name: 'Snack', Time: '10:00' })) })).toEqual([`Meals: ${COURSE_MESSAGES.mealsMax}`]);
    expect(fields({ Meals: [{ Name: '', Time: '25:00' }] })).toEqual([`Meals.0.Name: ${COURSE_MESSAGES.mealNameRequired}`, `Meals.0.Time: ${COURSE_MESSAGES.timeInvalid}`]);
  });
  it('images are known by their first bytes', () => {
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(imageTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(new TextEncoder().encode('GIF89a......'))).toBeNull();
  });
  it('wall-clock times in a zone become instants (standard and daylight time, both ways)', () => {
    expect(instantIn('2027-01-15', '09:00', 'America/New_York').toISOString()).toBe('2027-01-15T14:00:00.000Z');
    expect(instantIn('2027-07-15', '09:00', 'America/New_York').toISOString()).toBe('2027-07-15T13:00:00.000Z');
    expect(instantIn('2027-07-15', '09:00', 'America/Phoenix').toISOString()).toBe('2027-07-15T16:00:00.000Z');
    expect(instantIn('2027-07-15', '23:30', 'Pacific/Honolulu').toISOString()).toBe('2027-07-16T09:30:00.000Z');
    // Spring forward (14 March 2027): 02:30 does not exist; read with the offset before the jump (03:30 EDT).
    expect(instantIn('2027-03-14', '02:30', 'America/New_York').toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(wallClockIn(new Date('2027-07-16T09:30:00Z'), 'Pacific/Honolulu')).toEqual({ day: '2027-07-15', time: '23:30' });
  });
});

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('the CE admins calls (real server)', () => {
  let portal: RunningPortal;
  let ce: string;
  let agent: string;
  let agentId: string;
  const api = (path: string, token: string | undefined, body?: unknown) => callApi(portal, path, { token, body });
  const save = (over: Record<string, unknown> = {}) => api('CECourses/SaveCourse', ce, { ...COURSE, ...over });

  beforeAll(async () => {
    portal = await startTestPortal();
    ce = (await signInForTokens(portal, 'ce@demo.test')).access_token;
    agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
    agentId = (await portal.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'agent@demo.test'`))[0]!.id;
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A registration made directly in the table (the registrations service is another part's). */
  async function register(courseId: number, email: string, status = 'Registered', userId: string | null = null) {
    const [row] = await portal.db.query<{ id: number }>(
      `INSERT INTO ce_registrations (course_id, user_id, email, first_name, last_name, npn_id, state, license_state, agency_name, status)
       VALUES ($1, $2, $3, 'Ana', 'Ruiz', '12345678', 'FL', 'FL', 'Harbor Point', $4) RETURNING id`,
      [courseId, userId, email, status],
    );
    if (status === 'Registered' || status === 'Attended') await portal.db.query('UPDATE ce_courses SET seats_taken = seats_taken + 1 WHERE id = $1', [courseId]);
    return row!.id;
  }

  it('SaveCourse creates a course: times in its zone become instants, both languages kept, audit written', async () => {
    const res = await save();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const c = res.json!.result as { courseId: number; startsAt: string; endsAt: string; meals: unknown; venue: { city: string }; titleEs: string; creditHours: number };
    expect(c.startsAt).toBe('2027-03-10T14:00:00.000Z');
    expect(c.endsAt).toBe('2027-03-10T17:30:00.000Z');
    expect(c.meals).toEqual([
      { name: 'Breakfast', time: '08:30' },
      { name: 'Lunch', time: '12:30' },
    ]);
    expect(c.venue.city).toBe('Tampa');
    expect(c.titleEs).toBe(COURSE.TitleEs);
    expect(c.creditHours).toBe(2.5);
    const [audit] = await portal.db.query<{ action: string; actor_email: string }>(`SELECT action, actor_email FROM audit_log WHERE entity = 'ce-course' AND entity_id = $1`, [
      String(c.courseId),
    ]);
    expect(audit).toMatchObject({ action: 'createCourse', actor_email: 'ce@demo.test' });
    const list = await api('CECourses/GetCECourseList?includePast=true', undefined);
    expect((list.json!.result as { courseId: number }[]).map((x) => x.courseId)).toContain(c.courseId);
  });

  it('SaveCourse checks every rule of the form on the server, all at once, and what only the server knows', async () => {
    const res = await save({ Title: '', CreditHours: 0.3, EndTime: '08:00', Meals: [{ Name: '', Time: '12:00' }] });
    expect(res.status).toBe(400);
    const errors = (res.json!.errors as { path: string; message: string; code: string }[]).map((e) => `${e.path}: ${e.message}`);
    expect(errors).toEqual([
      `Title: ${COURSE_MESSAGES.titleRequired}`,
      `CreditHours: ${COURSE_MESSAGES.creditHours}`,
      `EndTime: ${COURSE_MESSAGES.endAfterStart}`,
      `Meals.0.Name: ${COURSE_MESSAGES.mealNameRequired}`,
    ]);
    expect((res.json!.errors as { code: string }[])[0]!.code).toBe('ceTitleRequired');
    expect((await save({ TimeZoneId: 'Europe/Paris' })).json!.message).toBe('Choose a time zone from the list');
    expect((await save({ StatesApproved: ['ZZ'] })).json!.message).toBe('Choose states from the list (at most 60)');
    expect((await save({ ImageID: 999999 })).json!.message).toBe('Image not found.');
    expect((await save({ CourseID: 999999 })).status).toBe(404);
  });

  it('an edit bumps the revision; capacity cannot go below the seats taken', async () => {
    const id = ((await save()).json!.result as { courseId: number }).courseId;
    await register(id, 'one@example.com');
    await register(id, 'two@example.com');
    const low = await save({ CourseID: id, Capacity: 1 });
    expect(low.status).toBe(400);
    expect(low.json).toMatchObject({ message: 'Capacity cannot be below the 2 seats already taken', code: 'ceCapacityBelowSeats', params: { seats: '2' } });
    const ok = await save({ CourseID: id, Capacity: 2, Title: 'Renamed' });
    expect(ok.status).toBe(200);
    const [row] = await portal.db.query<{ revision: number; title: string }>('SELECT revision, title FROM ce_courses WHERE id = $1', [id]);
    expect(row).toEqual({ revision: 1, title: 'Renamed' });
  });

  it('raising the capacity of a full course offers the new seat to the first in line at once (48 h, emailed); the next stays waitlisted', async () => {
    const id = ((await save({ Title: 'Full room', Capacity: 2 })).json!.result as { courseId: number }).courseId;
    await register(id, 'seat1@example.com');
    await register(id, 'seat2@example.com');
    const first = await register(id, 'first.in.line@example.com', 'Waitlisted');
    const second = await register(id, 'second.in.line@example.com', 'Waitlisted');
    // In line by waitlisted_at: the first joined an hour before the second.
    await portal.db.query(`UPDATE ce_registrations SET waitlisted_at = now() - interval '2 hours' WHERE id = $1`, [first]);
    await portal.db.query(`UPDATE ce_registrations SET waitlisted_at = now() - interval '1 hour' WHERE id = $1`, [second]);

    const raised = await save({ CourseID: id, Title: 'Full room', Capacity: 3 });
    expect(raised.status, JSON.stringify(raised.json)).toBe(200);
    expect(raised.json!.result).toMatchObject({ capacity: 3, seatsTaken: 3 });

    const rows = await portal.db.query<{ id: number; status: string; offer_expires_at: string | Date | null }>(
      'SELECT id, status, offer_expires_at FROM ce_registrations WHERE id IN ($1, $2) ORDER BY id',
      [first, second],
    );
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [first, 'Offered'],
      [second, 'Waitlisted'],
    ]);
    const hours = (new Date(rows[0]!.offer_expires_at!).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(rows[1]!.offer_expires_at).toBeNull();

    const mails = await portal.db.query<{ recipient: string; kind: string; subject: string; body_text: string }>(
      `SELECT recipient, kind, subject, body_text FROM outbox WHERE recipient IN ('first.in.line@example.com', 'second.in.line@example.com') ORDER BY id`,
    );
    expect(mails.map((m) => [m.recipient, m.kind, m.subject])).toEqual([['first.in.line@example.com', 'CeOffer', 'A seat is free for you: Full room']]);
    expect(mails[0]!.body_text).toMatch(/\/dashboard\/registration-successful#token=[A-Za-z0-9_-]+/);
  });

  it('images: JPEG/PNG/WebP by their bytes, at most 1 MB; served cached for a year with an ETag and a 304', async () => {
    const gif = await api('CECourses/UploadCECourseImage', ce, { AppName: 'AgentPortal', ContentBase64: Buffer.from('GIF89a-not-allowed').toString('base64') });
    expect(gif.json).toMatchObject({ message: 'The image must be a JPEG, PNG or WebP file.' });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const tooBig = await api('CECourses/UploadCECourseImage', ce, { AppName: 'AgentPortal', ContentBase64: big.toString('base64') });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json!.message).toMatch(/1 MB/);
    const up = await api('CECourses/UploadCECourseImage', ce, { AppName: 'AgentPortal', ContentBase64: PNG.toString('base64') });
    expect(up.status).toBe(200);
    const { imageId, imageUrl } = up.json!.result as { imageId: number; imageUrl: string };
    const res = await fetch(`${portal.url}${imageUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const again = await fetch(`${portal.url}${imageUrl}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const missing = await fetch(`${portal.url}/agentdashboard/api/v1/CECourses/GetCECourseImages?imageId=999999`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const withImage = await save({ ImageID: imageId });
    expect((withImage.json!.result as { imageUrl: string }).imageUrl).toBe(imageUrl);
  });

  it('a course with attendance cannot be deleted but can be cancelled; registrants are emailed either way', async () => {
    const id = ((await save({ Date: wallClockIn(new Date(), 'Pacific/Honolulu').day, StartTime: '00:00', EndTime: '23:59', TimeZoneId: 'Pacific/Honolulu' })).json!.result as { courseId: number }).courseId;
    const attended = await register(id, 'attended@example.com');
    await register(id, 'live@example.com');
    expect((await api('CECourses/MarkCECourseAttendance', ce, { AppName: 'AgentPortal', RegistrationID: attended, Attended: true })).status).toBe(200);
    const del = await api('CECourses/DeleteCECourse', ce, { AppName: 'AgentPortal', CourseID: id, Action: 'delete' });
    expect(del.status).toBe(409);
    expect(del.json).toMatchObject({ message: 'A course with attendance cannot be deleted. Cancel it instead.', code: 'ceDeleteAttended' });
    const cancel = await api('CECourses/DeleteCECourse', ce, { AppName: 'AgentPortal', CourseID: id, Action: 'cancel' });
    expect(cancel.status).toBe(200);
    expect((await portal.db.query<{ status: string }>('SELECT status FROM ce_courses WHERE id = $1', [id]))[0]!.status).toBe('Cancelled');
    const mails = await portal.db.query<{ recipient: string }>(`SELECT recipient FROM outbox WHERE recipient = 'live@example.com'`);
    expect(mails.length).toBeGreaterThan(0);

    const other = ((await save()).json!.result as { courseId: number }).courseId;
    await register(other, 'gone@example.com');
    expect((await api('CECourses/DeleteCECourse', ce, { AppName: 'AgentPortal', CourseID: other })).status).toBe(200);
    expect(await portal.db.query('SELECT id FROM ce_courses WHERE id = $1', [other])).toEqual([]);
    expect((await portal.db.query(`SELECT id FROM outbox WHERE recipient = 'gone@example.com'`)).length).toBeGreaterThan(0);
    const actions = await portal.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'ce-course' AND entity_id IN ($1, $2) ORDER BY id`, [String(id), String(other)]);
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['cancelCourse', 'deleteCourse']));
  });

  it('attendance issues a certificate: a PDF with the NPN and a code the public verification confirms', async () => {
    // Today in the course's zone: attendance opens at the start of the course's day there (the UTC day is already
    // tomorrow in Honolulu from 00:00 to 10:00 UTC, when the course would not have started).
    const today = wallClockIn(new Date(), 'Pacific/Honolulu').day;
    const id = ((await save({ Title: 'Windshield ADAS basics', CreditHours: 3, Date: today, StartTime: '00:00', EndTime: '23:59', TimeZoneId: 'Pacific/Honolulu' })).json!
      .result as { courseId: number }).courseId;
    const reg = await register(id, 'agent@demo.test', 'Registered', agentId);
    const waiting = await register(id, 'wait@example.com', 'Waitlisted');
    expect((await api('CECourses/MarkCECourseAttendance', ce, { AppName: 'AgentPortal', RegistrationID: waiting, Attended: true })).json).toMatchObject({
      message: 'Only a registered participant can be marked as attended.',
    });
    const marked = await api('CECourses/MarkCECourseAttendance', ce, { AppName: 'AgentPortal', RegistrationID: reg, Attended: true });
    const entry = marked.json!.result as { status: string; certificateCode: string; canUnmark: boolean };
    expect(entry.status).toBe('Attended');
    expect(entry.certificateCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(entry.canUnmark).toBe(true);
    expect((await portal.db.query<{ seats_taken: number }>('SELECT seats_taken FROM ce_courses WHERE id = $1', [id]))[0]!.seats_taken).toBe(1);

    const roster = await api(`CECourses/GetCECourseRoster?courseId=${id}`, ce);
    const registrants = (roster.json!.result as { registrants: { email: string; npnId: string; licenseState: string; status: string }[] }).registrants;
    expect(registrants[0]).toMatchObject({ email: 'agent@demo.test', npnId: '12345678', licenseState: 'FL', status: 'Attended' });

    // The registrant themself downloads it; another agent cannot.
    const pdf = await fetch(`${portal.url}/agentdashboard/api/v1/CECourses/GetCECertificate?registrationId=${reg}`, { headers: { authorization: `Bearer ${agent}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await extractPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('12345678');
    expect(text).toContain('Ana Ruiz');
    expect(text).toContain('Windshield ADAS basics');
    expect(text).toContain(entry.certificateCode);
    expect(text).toContain('/dashboard/ce-certificate-verify?code=');
    const stranger = await api(`CECourses/GetCECertificate?registrationId=${waiting}`, agent);
    expect(stranger.status).toBe(404);

    const ok = await api(`CECourses/VerifyCECertificate?code=${entry.certificateCode.toLowerCase()}`, undefined);
    expect(ok.json!.result).toEqual({ valid: true, name: 'Ana Ruiz', course: 'Windshield ADAS basics', creditHours: 3, completedOn: wallClockIn(new Date(), 'Pacific/Honolulu').day });
    expect((await api('CECourses/VerifyCECertificate?code=AAAA-BBBB-CCCC', undefined)).json!.result).toEqual({ valid: false, name: null, course: null, creditHours: null, completedOn: null });

    const stats = await api(`CECourses/GetCECourseStats?courseId=${id}`, ce);
    expect((stats.json!.result as { days: { registrations: number }[] }).days.reduce((n, d) => n + d.registrations, 0)).toBe(2);

    // Undone on the day: the certificate no longer verifies.
    const undo = await api('CECourses/MarkCECourseAttendance', ce, { AppName: 'AgentPortal', RegistrationID: reg, Attended: false });
    expect(undo.json!.result).toMatchObject({ status: 'Registered', certificateCode: null });
    expect((await api(`CECourses/VerifyCECertificate?code=${entry.certificateCode}`, undefined)).json!.result).toMatchObject({ valid: false });
  });

  it('cases: listed by status a page at a time; status set and notes added', async () => {
    const [k] = await portal.db.query<{ id: number }>(
      `INSERT INTO ce_cases (subject, fields) VALUES ('Registration: Auto glass claims 101', '{"FirstName":"Ana","Email":"ana@example.com"}'::jsonb) RETURNING id`,
    );
    const list = await api('CECourses/GetCECases?status=New', ce);
    expect(list.status).toBe(200);
    const found = (list.json!.result as { cases: { caseId: number; fields: Record<string, string> }[]; total: number }).cases.find((c) => c.caseId === k!.id);
    expect(found?.fields.Email).toBe('ana@example.com');
    const upd = await api('CECourses/UpdateCECase', ce, { AppName: 'AgentPortal', CaseID: k!.id, Status: 'InProgress', Note: 'Called back.' });
    expect(upd.json!.result).toMatchObject({ status: 'InProgress', notes: [{ by: 'ce@demo.test', text: 'Called back.' }] });
    const inProgress = await api('CECourses/GetCECases?status=InProgress', ce);
    expect((inProgress.json!.result as { cases: { caseId: number }[] }).cases.map((c) => c.caseId)).toContain(k!.id);
    expect((await api('CECourses/GetCECases?status=New', ce)).json!.result).not.toMatchObject({ cases: [{ caseId: k!.id }] });
    expect((await api('CECourses/UpdateCECase', ce, { AppName: 'AgentPortal', CaseID: 999999, Status: 'Closed' })).status).toBe(404);
  });

  it('republishing: a save while a rebuild runs gets one more rebuild after it (saves meanwhile share it)', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ce-republish-'));
    const runs = join(dir, 'runs.txt');
    // A build that records that it ran, takes a moment, and fails (the live site stays as it is).
    const build = [process.execPath, '-e', `require('fs').appendFileSync(${JSON.stringify(runs)}, 'x'); setTimeout(() => process.exit(3), 400)`];
    const publisher = createPublisher({ origin: portal.url, sitesDir: join(dir, 'sites'), site: new LiveSite(dir), commands: { build, index: () => [process.execPath, '-e', ''] } });
    republish(publisher, 'ce@demo.test');
    expect((await publisher.status()).state).toBe('running');
    republish(publisher, 'ce@demo.test');
    republish(publisher, 'ce@demo.test');
    const count = () => (existsSync(runs) ? readFileSync(runs, 'utf8').length : 0);
    for (let i = 0; i < 200 && (count() < 2 || (await publisher.status()).state === 'running'); i++) await new Promise((r) => setTimeout(r, 50));
    await publisher.idle();
    expect(count()).toBe(2);
  });

  it('only CE admins: an agent gets 403, anonymous 401', async () => {
    for (const [path, body] of [
      ['CECourses/SaveCourse', COURSE],
      ['CECourses/DeleteCECourse', { AppName: 'AgentPortal', CourseID: 1 }],
      ['CECourses/UploadCECourseImage', { AppName: 'AgentPortal', ContentBase64: PNG.toString('base64') }],
      ['CECourses/MarkCECourseAttendance', { AppName: 'AgentPortal', RegistrationID: 1, Attended: true }],
      ['CECourses/UpdateCECase', { AppName: 'AgentPortal', CaseID: 1, Status: 'Closed' }],
      ['CECourses/GetCECourseRoster?courseId=1', undefined],
      ['CECourses/GetCECourseStats?courseId=1', undefined],
      ['CECourses/GetCECases', undefined],
    ] as const) {
      expect((await api(path, agent, body)).status, path).toBe(403);
      expect((await api(path, undefined, body)).status, path).toBe(401);
    }
    expect((await api('CECourses/GetCECertificate?registrationId=1', undefined)).status).toBe(401);
  });
});
