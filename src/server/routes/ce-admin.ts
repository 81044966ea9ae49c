/**
 * CE courses, the CE admins' calls (issue 16, spec section 7: `CECourses/*`): SaveCourse, DeleteCECourse, course images
 * (upload; public, cached download), roster and attendance, certificates and their verification, registrations over
 * time, web-to-case cases. A saved, cancelled or deleted course republishes the static site (issue 4's atomic
 * rebuild): a change made while a rebuild runs gets one more rebuild after it, so none is left out.
 */
import { Hono } from 'hono';
import {
  DeleteCECourse,
  GetCECases,
  GetCECertificate,
  GetCECourseImages,
  GetCECourseRoster,
  GetCECourseStats,
  MarkCECourseAttendance,
  SaveCourse,
  UpdateCECase,
  UploadCECourseImage,
  VerifyCECertificate,
} from '../../lib/api/ce-admin.ts';
import { describeIssues } from '../../lib/api/contract.ts';
import { HttpError } from '../errors.ts';
import type { Publisher } from '../services/publisher.ts';
import {
  certificateData,
  courseStats,
  deleteCourse,
  imageById,
  listCases,
  markAttendance,
  roster,
  saveCourse,
  storeImage,
  updateCase,
  verifyCertificate,
} from '../services/ce/admin.ts';
import { ceCertificateFileName, renderCeCertificate } from '../services/ce/certificate.ts';
import type { UserRow } from '../services/users.ts';
import { fail, FileReply, mountCall, type AppEnv, type RouteDeps } from './define.ts';

const actorOf = (user: UserRow | null) => ({ id: user!.id, email: user!.email });

/** Publishers with a rebuild owed after the running one. */
const owed = new WeakSet<Publisher>();

/** Republishes the static site now, or once the running rebuild is done (never more than one waiting). */
export function republish(publisher: Publisher | undefined, requestedBy: string): void {
  if (!publisher || publisher.start(requestedBy)) return;
  if (owed.has(publisher)) return;
  owed.add(publisher);
  void publisher.idle().then(() => {
    owed.delete(publisher);
    republish(publisher, requestedBy);
  });
}

/** The public page that confirms a certificate code. */
export const verifyUrlOf = (origin: string, code: string) => `${origin.replace(/\/$/, '')}/dashboard/ce-certificate-verify?code=${encodeURIComponent(code)}`;

export function ceAdminRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, SaveCourse, async ({ input, user }) => {
    const course = await saveCourse(deps.db, input, actorOf(user));
    republish(deps.publisher, user!.email);
    return course;
  });
  mountCall(r, deps, DeleteCECourse, async ({ input, user }) => {
    const done = await deleteCourse(deps.db, input.CourseID, input.Action ?? 'delete', actorOf(user));
    republish(deps.publisher, user!.email);
    return done;
  });
  // The image itself, not an envelope: long-lived caching (a new upload is a new id) with the hash as ETag.
  r.get('/' + GetCECourseImages.path, async (c) => {
    const parsed = GetCECourseImages.request.safeParse(c.req.query());
    if (!parsed.success) {
      const { message, errors } = describeIssues(parsed.error.issues);
      return fail(c, 400, message, errors);
    }
    const image = await imageById(deps.db, Number(parsed.data.imageId));
    if (!image) return fail(c, 404, 'Not found.');
    const etag = `"${image.sha256}"`;
    const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag, 'X-Content-Type-Options': 'nosniff' };
    const match = c.req.header('if-none-match');
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) return c.body(null, 304, headers);
    return c.body(new Uint8Array(image.bytes), 200, { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.bytes.length) });
  });
  mountCall(r, deps, UploadCECourseImage, ({ input, user }) => storeImage(deps.db, input.ContentBase64, actorOf(user)));
  mountCall(r, deps, GetCECourseRoster, ({ input }) => roster(deps.db, Number(input.courseId)));
  mountCall(r, deps, MarkCECourseAttendance, ({ input, user }) => markAttendance(deps.db, input.RegistrationID, input.Attended, actorOf(user)));
  mountCall(r, deps, GetCECertificate, async ({ input, user }) => {
    const data = await certificateData(deps.db, Number(input.registrationId));
    // Someone else's certificate answers as an unknown one.
    if (!data || (user!.dashboard_user_role !== 'SFAD_CEAdmin' && data.userId !== user!.id)) throw new HttpError(404, 'Certificate not found.');
    return new FileReply(await renderCeCertificate(data, verifyUrlOf(deps.origin, data.code)), ceCertificateFileName(data.code));
  });
  mountCall(r, deps, VerifyCECertificate, ({ input }) => verifyCertificate(deps.db, input.code));
  mountCall(r, deps, GetCECourseStats, ({ input }) => courseStats(deps.db, Number(input.courseId)));
  mountCall(r, deps, GetCECases, ({ input }) => listCases(deps.db, input.status ?? null, input.page ? Number(input.page) : 1));
  mountCall(r, deps, UpdateCECase, ({ input, user }) => updateCase(deps.db, input.CaseID, { status: input.Status, note: input.Note }, actorOf(user)));
  return r;
}
