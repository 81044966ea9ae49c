/**
 * CE course registration (issue 16) against the real server (PGlite, the embedded provider, real tokens): the public
 * catalog and seats, one-step registration for agents, registration without an account through the emailed link and the
 * web-to-case case (the cases table, and an HTTP CRM that fails first), capacity that never overbooks under 200
 * concurrent registrations, the waitlist with its 48 h offers, cancellation, course changes with .ics files.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, callPath, getUrl } from '../../src/lib/api/index.ts';
import type { Course, MyCourse, Seats } from '../../src/lib/api/ce-courses.ts';
import { CE_MESSAGES } from '../../src/lib/ce-messages.ts';
import { EnvSchema } from '../../src/server/env.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { expireOffers, notifyCourseChanged, promoteWaitlist, registerParticipant, type Participant } from '../../src/server/services/ce/registrations.ts';
import { createOutboxWorker } from '../../src/server/services/outbox.ts';
import { createTransports, mailboxDir } from '../../src/server/services/transports/index.ts';
import { insertTestCourse } from './helpers/ce.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

let portal: RunningPortal;
let agent: string;
let multi: string;

const get = (name: keyof typeof CALLS, input: Record<string, string>, token?: string) => callApi(portal, getUrl(CALLS[name], input), token ? { token } : {});
const post = (name: keyof typeof CALLS, body: Record<string, unknown>, token?: string) =>
  callApi(portal, callPath(CALLS[name]), { body: { AppName: 'AgentPortal', ...body }, ...(token ? { token } : {}) });

const ADDRESS = { Address: '100 Main St', City: 'Austin', State: 'TX', Zip: '78701' };
const anonymous = (courseId: number, email: string, over: Record<string, unknown> = {}) => ({
  CourseID: courseId,
  FirstName: 'Dana',
  LastName: 'Lopez',
  Title: 'Producer',
  AgencyName: 'Lopez Insurance',
  Email: email,
  Phone: '(512) 555-0134',
  NpnId: '1234567',
  ...ADDRESS,
  ...over,
});

const seatsOf = async (courseId: number) => ((await get('GetValidateCourseIsMaximumLimit', { courseIds: String(courseId) })).json!.result as Seats[])[0]!;
const outboxFor = (email: string) =>
  portal.db.query<{ kind: string; subject: string; body_text: string; attachments: { filename: string; contentType: string; content: string }[] | null }>(
    'SELECT kind, subject, body_text, attachments FROM outbox WHERE lower(recipient) = lower($1) ORDER BY id',
    [email],
  );
const tokenIn = (text: string) => /registration-successful#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const participant = (i: number): Participant => ({
  userId: null,
  email: `load${i}@example.com`,
  firstName: 'Load',
  lastName: `Tester`,
  title: null,
  agencyName: 'Load Agency',
  agencyNumber: null,
  phone: '5125550100',
  npnId: null,
  address: '1 Main',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  lang: 'en',
});

beforeAll(async () => {
  portal = await startTestPortal();
  agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
  multi = (await signInForTokens(portal, 'multi@demo.test')).access_token;
});
afterAll(async () => {
  await portal?.close();
});

describe('the public catalog and seats', () => {
  it('lists upcoming courses with both languages and no webinar link; the detail and the seats answer anyone', async () => {
    const id = await insertTestCourse(portal.db, { format: 'Webinar', capacity: 7 });
    const past = await insertTestCourse(portal.db, { startsInHours: -48 });
    const list = (await get('GetCECourseList', {})).json!.result as Course[];
    const course = list.find((c) => c.courseId === id)!;
    expect(course).toMatchObject({ format: 'Webinar', venue: null, webinarUrl: null, capacity: 7, seatsTaken: 0, statesApproved: ['TX', 'FL'], creditHours: 2 });
    expect(course.titleEs).toMatch(/^Curso de prueba/);
    expect(list.some((c) => c.courseId === past)).toBe(false);
    expect(((await get('GetCECourseList', { includePast: 'true' })).json!.result as Course[]).some((c) => c.courseId === past)).toBe(true);
    expect((await get('GetCECourseDetailByCourseID', { courseId: String(id) })).json!.result).toMatchObject({ courseId: id, webinarUrl: null });
    expect((await get('GetCECourseDetailByCourseID', { courseId: '99999' })).json).toMatchObject({ isSuccess: false, message: CE_MESSAGES.courseNotFound });
    const seats = (await get('GetValidateCourseIsMaximumLimit', { courseIds: `${id},${past}` })).json!.result as Seats[];
    expect(seats.find((s) => s.courseId === id)).toEqual({ courseId: id, capacity: 7, seatsTaken: 0, seatsLeft: 7, waitlistCount: 0, isFull: false, isClosed: false });
    expect(seats.find((s) => s.courseId === past)!.isClosed).toBe(true);
    expect((await get('GetValidateCourseIsMaximumLimit', { courseIds: 'abc' })).status).toBe(400);
  });
});

describe('a signed-in agent registers in one step', () => {
  it('pre-filled from the profile, one seat, an email with the .ics file; a second registration is refused', async () => {
    const id = await insertTestCourse(portal.db, { title: 'ADAS basics', capacity: 3 });
    expect((await get('GetIsRegisteredUser', { courseId: String(id) }, agent)).json!.result).toEqual({ isRegistered: false, status: null, registrationId: null, waitlistPosition: null });
    const res = await post('RegisterForCECourse', { CourseID: id, NpnId: '7654321', ...ADDRESS }, agent);
    expect(res.json).toMatchObject({ isSuccess: true, result: { status: 'Registered', courseId: id, waitlistPosition: null } });
    const [reg] = await portal.db.query<Record<string, string>>('SELECT * FROM ce_registrations WHERE course_id = $1', [id]);
    expect(reg).toMatchObject({ email: 'agent@demo.test', first_name: 'Alex', last_name: 'Rivera', agency_number: '10045821', npn_id: '7654321', city: 'Austin', status: 'Registered' });
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 1, seatsLeft: 2 });
    expect((await get('GetIsRegisteredUser', { courseId: String(id) }, agent)).json!.result).toMatchObject({ isRegistered: true, status: 'Registered' });
    const again = await post('RegisterForCECourse', { CourseID: id, ...ADDRESS }, agent);
    expect(again.status).toBe(409);
    expect(again.json!.message).toBe(CE_MESSAGES.alreadyRegistered);
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 1 });

    const mail = (await outboxFor('agent@demo.test')).filter((m) => m.kind === 'CeRegistered').at(-1)!;
    expect(mail.subject).toBe('You are registered: ADAS basics');
    expect(mail.body_text).toContain('Harbor Training Center, 100 Main St, Austin, TX 78701');
    const ics = mail.attachments![0]!;
    expect(ics.filename).toBe(`course-${id}.ics`);
    expect(ics.content).toMatch(/BEGIN:VCALENDAR[\s\S]*METHOD:PUBLISH[\s\S]*UID:ce-course-\d+@agent-portal[\s\S]*SUMMARY:ADAS basics[\s\S]*LOCATION:Harbor Training Center/);

    const upcoming = (await get('GetMyCECourseList', { view: 'upcoming' }, agent)).json!.result as MyCourse[];
    expect(upcoming.find((m) => m.course.courseId === id)).toMatchObject({ status: 'Registered', canCancel: true });
    // Another agency's agent does not see it; an agency the agent is not in is refused.
    expect(((await get('GetMyCECourseList', { view: 'all' }, multi)).json!.result as MyCourse[]).some((m) => m.course.courseId === id)).toBe(false);
    const other = await post('RegisterForCECourse', { CourseID: id, AgencyNumber: '10045821', ...ADDRESS }, multi);
    expect([other.status, other.json!.message]).toEqual([403, CE_MESSAGES.agencyNotYours]);
  });

  it('section 5 messages on the address fields; anonymous callers get 401; CE admins 403', async () => {
    const id = await insertTestCourse(portal.db);
    const bad = await post('RegisterForCECourse', { CourseID: id, Address: ' ', City: '', State: 'Texas', Zip: '123' }, agent);
    expect(bad.status).toBe(400);
    const messages = (bad.json!.errors as { path: string; message: string }[]).map((e) => `${e.path}: ${e.message}`);
    expect(messages).toEqual(['Address: The address field is required', 'City: The city field is required', 'State: Please choose a State.', 'Zip: Please enter a valid ZIP code.']);
    expect((await post('RegisterForCECourse', { CourseID: id, ...ADDRESS })).status).toBe(401);
    const ce = (await signInForTokens(portal, 'ce@demo.test', undefined, { totpSecret: 'AGENTPORTALDEMOTOTPSECRETKEY2345' })).access_token;
    expect((await post('RegisterForCECourse', { CourseID: id, ...ADDRESS }, ce)).status).toBe(403);
  });
});

describe('registration without an account (course-registration-unauth)', () => {
  it('holds no seat until the emailed link is followed; the case reaches the cases table through the outbox', async () => {
    const id = await insertTestCourse(portal.db, { title: 'Glass claims 101', capacity: 2 });
    const email = 'dana.lopez@example.com';
    const res = await post('AddParticipantLinkDetails', anonymous(id, email));
    expect(res.json).toMatchObject({ isSuccess: true, result: { courseId: id, email } });
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 0 });
    const [mail] = (await outboxFor(email)).filter((m) => m.kind === 'CeConfirmLink');
    expect(mail!.subject).toBe('Confirm your registration: Glass claims 101');
    expect(mail!.body_text).toContain('Registration cannot finish unless this link is clicked.');
    const token = tokenIn(mail!.body_text)!;
    expect(token).toBeTruthy();
    // Only the token's hash is kept.
    expect(JSON.stringify(await portal.db.query('SELECT * FROM ce_registration_links'))).not.toContain(token);

    // The outbox delivers the case (cases-table transport) and the email (dev mailbox).
    const dataDir = mkdtempSync(join(tmpdir(), 'ce-outbox-'));
    const worker = createOutboxWorker({ db: portal.db, transports: createTransports(EnvSchema.parse({ DATA_DIR: dataDir }), portal.db), config: { pollMs: 3_600_000 } });
    const sent = await worker.runOnce();
    expect(sent.sent).toBeGreaterThanOrEqual(2);
    await worker.runOnce();
    const cases = await portal.db.query<{ subject: string; fields: Record<string, unknown>; status: string; registration_id: number }>('SELECT * FROM ce_cases WHERE course_id = $1', [id]);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ subject: 'CE course registration: Glass claims 101', status: 'New' });
    expect(cases[0]!.fields).toEqual({ CourseID: id, FirstName: 'Dana', LastName: 'Lopez', Title: 'Producer', AgencyName: 'Lopez Insurance', Email: email, Phone: '(512) 555-0134', NpnId: '1234567', Address: '100 Main St', City: 'Austin', State: 'TX', Zip: '78701' });
    const eml = readdirSync(mailboxDir(dataDir)).find((f) => readFileSync(join(mailboxDir(dataDir), f), 'utf8').includes('Confirm your registration: Glass claims 101'));
    expect(eml).toBeTruthy();
    await worker.stop();

    const confirmed = await post('ConfirmCECourseLink', { Token: token });
    expect(confirmed.json).toMatchObject({ isSuccess: true, result: { status: 'Registered', courseId: id } });
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 1 });
    // Followed again: where it stands, no second seat.
    expect((await post('ConfirmCECourseLink', { Token: token })).json).toMatchObject({ result: { status: 'Registered' } });
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 1 });
    const ics = (await outboxFor(email)).find((m) => m.kind === 'CeRegistered')!.attachments![0]!;
    expect(ics.content).toContain('SUMMARY:Glass claims 101');
    // The same form again: no second case, no second seat, the same answer.
    expect((await post('AddParticipantLinkDetails', anonymous(id, email))).json).toMatchObject({ isSuccess: true });
    expect((await outboxFor(email)).filter((m) => m.kind === 'CeConfirmLink')).toHaveLength(1);

    const wrong = await post('ConfirmCECourseLink', { Token: 'x'.repeat(43) });
    expect([wrong.status, wrong.json!.message]).toEqual([404, CE_MESSAGES.linkInvalid]);
  });

  it("section 3's fields with section 5's messages", async () => {
    const id = await insertTestCourse(portal.db);
    const res = await post('AddParticipantLinkDetails', anonymous(id, 'not-an-email', { FirstName: '', LastName: 'L0pez', Phone: '123', Zip: '1234', State: '', AgencyName: ' ', NpnId: 'abc' }));
    expect(res.status).toBe(400);
    expect((res.json!.errors as { path: string; message: string }[]).map((e) => `${e.path}: ${e.message}`)).toEqual([
      'FirstName: The first name field is required',
      'LastName: Only letters allow',
      'AgencyName: The agency name field is required',
      'Email: Please enter a valid email address',
      'Phone: Please enter a valid phone number',
      'NpnId: Please enter a valid NPN ID (digits only).',
      'State: Please choose a State.',
      'Zip: Please enter a valid ZIP code.',
    ]);
  });

  it('a Spanish reader (the Spanish host) gets the email in Spanish with a link to the Spanish host', async () => {
    const id = await insertTestCourse(portal.db);
    const email = 'lucia@example.com';
    const es = new URL(portal.url);
    es.hostname = `espanol.${es.hostname}`;
    await callApi(portal, callPath(CALLS.AddParticipantLinkDetails), { body: { AppName: 'AgentPortal', ...anonymous(id, email) }, headers: { origin: es.origin } });
    const [mail] = await outboxFor(email);
    expect(mail!.subject).toMatch(/^Confirme su inscripción: Curso de prueba/);
    expect(mail!.body_text).toContain(`${es.origin}/dashboard/registration-successful#token=`);
  });

  it('an HTTP CRM gets the case POSTed as JSON with the bearer token and an Idempotency-Key; a 500 is retried with the same key, delivered once', async () => {
    const id = await insertTestCourse(portal.db, { title: 'Glass claims 201' });
    const email = 'omar.haddad@example.com';
    expect((await post('AddParticipantLinkDetails', anonymous(id, email, { FirstName: 'Omar', LastName: 'Haddad' }))).json).toMatchObject({ isSuccess: true });
    const [reg] = await portal.db.query<{ id: number }>('SELECT id FROM ce_registrations WHERE course_id = $1 AND email = $2', [id, email]);
    const ours = async () =>
      (await portal.db.query<{ id: number; status: string; attempts: number; last_error: string | null; body_text: string }>(
        `SELECT id, status, attempts, last_error, body_text FROM outbox WHERE channel = 'crm' ORDER BY id`,
      )).filter((r) => (JSON.parse(r.body_text) as { courseId: number }).courseId === id);
    expect(await ours()).toHaveLength(1);

    // A real CRM endpoint: the first request for this case is answered 500, every later one 201.
    const received: { method: string; path: string; contentType: string; auth: string; key: string; body: { courseId: number } & Record<string, unknown>; answered: number }[] = [];
    const server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const body = JSON.parse(data) as { courseId: number };
        const failFirst = body.courseId === id && !received.some((r) => r.body.courseId === id);
        const answered = failFirst ? 500 : 201;
        received.push({ method: req.method!, path: req.url!, contentType: String(req.headers['content-type']), auth: String(req.headers.authorization), key: String(req.headers['idempotency-key']), body, answered });
        res.writeHead(answered, { 'content-type': 'application/json' }).end(failFirst ? '{"error":"down"}' : '{"id":"CASE-1"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cases`;
    let t = Date.now() + 1000;
    const transports = createTransports(EnvSchema.parse({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ce-crm-')), CRM_CASE_URL: url, CRM_CASE_TOKEN: 'crm-secret' }), portal.db);
    expect(transports.crm.kind).toBe('http');
    const worker = createOutboxWorker({ db: portal.db, transports, now: () => new Date(t), config: { pollMs: 3_600_000, retryBaseMs: 1000, retryMaxMs: 1000 } });
    try {
      const forCase = () => received.filter((r) => r.body.courseId === id);
      await worker.runOnce();
      expect(forCase().map((r) => r.answered)).toEqual([500]);
      // Kept for a retry, with the error.
      expect(await ours()).toMatchObject([{ status: 'pending', attempts: 1, last_error: 'the CRM answered HTTP 500' }]);
      // Not due before its backoff.
      await worker.runOnce();
      expect(forCase()).toHaveLength(1);

      t += 1000;
      await worker.runOnce();
      expect(forCase().map((r) => r.answered)).toEqual([500, 201]);
      const [row] = await ours();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      // Nothing more for it later.
      t += 86_400_000;
      await worker.runOnce();
      expect(forCase()).toHaveLength(2);

      for (const r of forCase()) {
        expect([r.method, r.path, r.contentType, r.auth]).toEqual(['POST', '/cases', 'application/json', 'Bearer crm-secret']);
        expect(r.body).toEqual({
          origin: 'Web',
          type: 'CE course registration',
          subject: 'CE course registration: Glass claims 201',
          courseId: id,
          registrationId: reg!.id,
          fields: { CourseID: id, FirstName: 'Omar', LastName: 'Haddad', Title: 'Producer', AgencyName: 'Lopez Insurance', Email: email, Phone: '(512) 555-0134', NpnId: '1234567', Address: '100 Main St', City: 'Austin', State: 'TX', Zip: '78701' },
        });
      }
      // The same key on the retry, naming the outbox message.
      const [a, b] = forCase();
      expect(a!.key).toMatch(new RegExp(`^case-${row!.id}-\\d+$`));
      expect(b!.key).toBe(a!.key);
      // Delivered to the HTTP CRM, not (also) to the cases table.
      expect(await portal.db.query('SELECT id FROM ce_cases WHERE course_id = $1', [id])).toEqual([]);
    } finally {
      await worker.stop();
      server.close();
    }
  });
});

describe('capacity never overbooks', () => {
  it('200 concurrent registrations for 50 seats give exactly 50 registered (PGlite; PostgreSQL in postgres.test.ts)', async () => {
    const id = await insertTestCourse(portal.db, { capacity: 50 });
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => registerParticipant(portal.db, id, participant(i), { joinWaitlist: false })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(150);
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set([CE_MESSAGES.full]));
    const [row] = await portal.db.query<{ registered: number; seats: number }>(
      "SELECT (SELECT count(*)::int FROM ce_registrations WHERE course_id = $1 AND status = 'Registered') AS registered, (SELECT seats_taken FROM ce_courses WHERE id = $1) AS seats",
      [id],
    );
    expect(row).toEqual({ registered: 50, seats: 50 });
  });
});

describe('the waitlist promotes itself', () => {
  it('a full course offers the waitlist; a cancellation offers the seat to the first in line at once, who confirms by link', async () => {
    const id = await insertTestCourse(portal.db, { title: 'Small room', capacity: 1 });
    expect((await post('RegisterForCECourse', { CourseID: id, ...ADDRESS }, agent)).json).toMatchObject({ result: { status: 'Registered' } });
    const full = await post('RegisterForCECourse', { CourseID: id, ...ADDRESS }, multi);
    expect([full.status, full.json!.message]).toEqual([409, CE_MESSAGES.full]);
    expect((await post('RegisterForCECourse', { CourseID: id, JoinWaitlist: true, ...ADDRESS }, multi)).json).toMatchObject({ result: { status: 'Waitlisted', waitlistPosition: 1 } });
    await registerParticipant(portal.db, id, participant(9001), { joinWaitlist: true });
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 1, waitlistCount: 2, isFull: true });
    expect(((await get('GetMyCECourseList', { view: 'upcoming' }, multi)).json!.result as MyCourse[]).find((m) => m.course.courseId === id)).toMatchObject({ status: 'Waitlisted', waitlistPosition: 1 });
    expect((await outboxFor('multi@demo.test')).at(-1)!.subject).toBe('You are on the waitlist: Small room');

    // The registered agent cancels: the seat is offered to multi (first in line), held 48 h.
    const mine = ((await get('GetMyCECourseList', { view: 'upcoming' }, agent)).json!.result as MyCourse[]).find((m) => m.course.courseId === id)!;
    const cancelled = await post('UpdateMyCECourseRegistration', { RegistrationID: mine.registrationId, Action: 'cancel' }, agent);
    expect(cancelled.json).toMatchObject({ result: { status: 'Cancelled' } });
    expect((await outboxFor('agent@demo.test')).at(-1)!.attachments![0]!.content).toMatch(/METHOD:CANCEL[\s\S]*STATUS:CANCELLED/);
    const offered = ((await get('GetMyCECourseList', { view: 'upcoming' }, multi)).json!.result as MyCourse[]).find((m) => m.course.courseId === id)!;
    expect(offered.status).toBe('Offered');
    const hours = (new Date(offered.offerExpiresAt!).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 1, waitlistCount: 1 });
    const offer = (await outboxFor('multi@demo.test')).at(-1)!;
    expect(offer.subject).toBe('A seat is free for you: Small room');
    const token = tokenIn(offer.body_text)!;
    expect((await post('ConfirmCECourseLink', { Token: token })).json).toMatchObject({ result: { status: 'Registered' } });
    expect((await outboxFor('multi@demo.test')).at(-1)!.kind).toBe('CeRegistered');
    // Someone else's registration is not found.
    const stranger = await post('UpdateMyCECourseRegistration', { RegistrationID: offered.registrationId, Action: 'cancel' }, agent);
    expect([stranger.status, stranger.json!.message]).toEqual([404, CE_MESSAGES.registrationNotFound]);
  });

  it('an offer not confirmed within 48 h expires and the seat passes to the next in line; a declined one at once', async () => {
    const id = await insertTestCourse(portal.db, { capacity: 1 });
    const first = await registerParticipant(portal.db, id, participant(9101), { joinWaitlist: false });
    await registerParticipant(portal.db, id, participant(9102), { joinWaitlist: true });
    await registerParticipant(portal.db, id, participant(9103), { joinWaitlist: true });
    // The first registrant (no account, so not through UpdateMyCECourseRegistration) leaves: its seat freed in SQL, then promoted.
    await portal.db.transaction(async (tx) => {
      await tx.query("UPDATE ce_registrations SET status = 'Cancelled' WHERE id = $1", [first.registrationId]);
      await tx.query('UPDATE ce_courses SET seats_taken = seats_taken - 1 WHERE id = $1', [id]);
      expect(await promoteWaitlist(tx, id)).toBe(1);
    });
    const status = async (i: number) =>
      (await portal.db.query<{ status: string }>('SELECT status FROM ce_registrations WHERE course_id = $1 AND email = $2', [id, `load${i}@example.com`]))[0]!.status;
    expect([await status(9102), await status(9103)]).toEqual(['Offered', 'Waitlisted']);
    expect(await expireOffers(portal.db, new Date(Date.now() + 47 * 3_600_000))).toBe(0);
    expect(await expireOffers(portal.db, new Date(Date.now() + 49 * 3_600_000))).toBe(1);
    expect([await status(9102), await status(9103)]).toEqual(['Expired', 'Offered']);
    expect((await outboxFor('load9102@example.com')).at(-1)!.subject).toMatch(/^Your seat offer expired/);
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 1, waitlistCount: 0 });
  });

  it('a cancelled course ends every live registration and sends a cancelling .ics; an update sends an updated one', async () => {
    const id = await insertTestCourse(portal.db, { title: 'Moved course', capacity: 5 });
    await registerParticipant(portal.db, id, participant(9201), { joinWaitlist: false });
    await portal.db.transaction(async (tx) => {
      await tx.query("UPDATE ce_courses SET venue_name = 'New Hall' WHERE id = $1", [id]);
      expect(await notifyCourseChanged(tx, id, 'updated')).toBe(1);
    });
    const updated = (await outboxFor('load9201@example.com')).at(-1)!;
    expect(updated.kind).toBe('CeCourseUpdated');
    expect(updated.attachments![0]!.content).toMatch(/LOCATION:New Hall/);
    await portal.db.transaction(async (tx) => {
      await tx.query("UPDATE ce_courses SET status = 'Cancelled' WHERE id = $1", [id]);
      expect(await notifyCourseChanged(tx, id, 'cancelled')).toBe(1);
    });
    expect((await outboxFor('load9201@example.com')).at(-1)!.attachments![0]!.content).toMatch(/METHOD:CANCEL/);
    expect(await seatsOf(id)).toMatchObject({ seatsTaken: 0, isClosed: true });
    const late = await post('RegisterForCECourse', { CourseID: id, ...ADDRESS }, agent);
    expect([late.status, late.json!.message]).toEqual([409, CE_MESSAGES.closed]);
  });

  it('a registration cannot be cancelled once the course has started', async () => {
    const id = await insertTestCourse(portal.db, { capacity: 5 });
    const reg = await post('RegisterForCECourse', { CourseID: id, ...ADDRESS }, multi);
    const regId = (reg.json!.result as { registrationId: number }).registrationId;
    await portal.db.query("UPDATE ce_courses SET starts_at = now() - interval '1 hour' WHERE id = $1", [id]);
    const res = await post('UpdateMyCECourseRegistration', { RegistrationID: regId, Action: 'cancel' }, multi);
    expect([res.status, res.json!.message]).toEqual([409, CE_MESSAGES.cancelTooLate]);
  });
});
