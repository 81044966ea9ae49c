/**
 * CE courses, the registrants' calls (spec section 7: `CECourses/*`; issue 16, docs/decisions/027): the public
 * catalog and seats, registration with and without an account, the emailed links, the agent's courses.
 */
import { Hono } from 'hono';
import {
  AddParticipantLinkDetails,
  ConfirmCECourseLink,
  GetCECourseDetailByCourseID,
  GetCECourseList,
  GetIsRegisteredUser,
  GetMyCECourseList,
  GetValidateCourseIsMaximumLimit,
  RegisterForCECourse,
  UpdateMyCECourseRegistration,
} from '../../lib/api/ce-courses.ts';
import { CE_MESSAGES } from '../../lib/ce-messages.ts';
import { langOf } from '../../lib/i18n.ts';
import { HttpError } from '../errors.ts';
import { COURSE_COLUMNS, courseRowById, listCourses, seatsOf, toCourse, type CourseRow } from '../services/ce/courses.ts';
import { addParticipantLink, confirmLink, myCourses, registerParticipant, registrationOf, updateMyRegistration } from '../services/ce/registrations.ts';
import { listUserAgencies } from '../services/users.ts';
import { linkBaseOf, mountCall, type AppEnv, type RouteDeps } from './define.ts';

export function ceCoursesRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  /** The language of a request's emails: the Spanish host's requests get Spanish ones. */
  const langOfRequest = (c: Parameters<typeof linkBaseOf>[0]) => langOf(new URL(linkBaseOf(c, deps.origin).origin));

  mountCall(r, deps, GetCECourseList, ({ input }) => listCourses(deps.db, { includePast: input.includePast === 'true' }));
  mountCall(r, deps, GetCECourseDetailByCourseID, async ({ input }) => {
    const row = await courseRowById(deps.db, Number(input.courseId));
    if (!row) throw new HttpError(404, CE_MESSAGES.courseNotFound);
    return toCourse(row);
  });
  mountCall(r, deps, GetValidateCourseIsMaximumLimit, async ({ input }) => {
    const ids = [...new Set(input.courseIds.split(',').map(Number))].filter((n) => n > 0 && n <= 2_147_483_647);
    const rows = await deps.db.query<CourseRow>(
      `SELECT ${COURSE_COLUMNS} FROM ce_courses c WHERE c.id IN (SELECT value::int FROM json_array_elements_text($1::json)) ORDER BY c.starts_at, c.id`,
      [ids.map(String)],
    );
    return rows.map((row) => seatsOf(row));
  });
  mountCall(r, deps, GetIsRegisteredUser, ({ input, user }) => registrationOf(deps.db, user!.id, user!.email, Number(input.courseId)));
  mountCall(r, deps, GetMyCECourseList, ({ input, user }) => myCourses(deps.db, user!.id, input.view));

  mountCall(r, deps, AddParticipantLinkDetails, async ({ c, input }) => {
    await addParticipantLink(
      deps.db,
      input.CourseID,
      {
        userId: null,
        email: input.Email,
        firstName: input.FirstName,
        lastName: input.LastName,
        title: input.Title || null,
        agencyName: input.AgencyName,
        agencyNumber: null,
        phone: input.Phone,
        npnId: input.NpnId || null,
        address: input.Address,
        city: input.City,
        state: input.State,
        zip: input.Zip,
        lang: langOfRequest(c),
      },
      { joinWaitlist: input.JoinWaitlist === true },
    );
    return { courseId: input.CourseID, email: input.Email };
  });

  mountCall(r, deps, RegisterForCECourse, async ({ c, input, user }) => {
    const u = user!;
    const [profile] = await deps.db.query<{ title: string | null; npn_id: string | null; phone_number: string | null }>(
      'SELECT title, npn_id, phone_number FROM users WHERE id = $1',
      [u.id],
    );
    const agencies = await listUserAgencies(deps.db, u.id);
    const agency = input.AgencyNumber ? agencies.find((a) => a.agencyNumber === input.AgencyNumber) : agencies[0];
    if (input.AgencyNumber && !agency) throw new HttpError(403, CE_MESSAGES.agencyNotYours);
    return registerParticipant(
      deps.db,
      input.CourseID,
      {
        userId: u.id,
        email: u.email,
        firstName: u.first_name,
        lastName: u.last_name,
        title: input.Title || profile?.title || null,
        agencyName: agency?.agencyName ?? null,
        agencyNumber: agency?.agencyNumber ?? null,
        phone: input.Phone || profile?.phone_number || null,
        npnId: input.NpnId || profile?.npn_id || null,
        address: input.Address,
        city: input.City,
        state: input.State,
        zip: input.Zip,
        lang: langOfRequest(c),
      },
      { joinWaitlist: input.JoinWaitlist === true },
    );
  });

  mountCall(r, deps, ConfirmCECourseLink, ({ input }) => confirmLink(deps.db, input.Token));
  mountCall(r, deps, UpdateMyCECourseRegistration, ({ input, user }) => updateMyRegistration(deps.db, user!.id, input.RegistrationID, input.Action));
  return r;
}
