/**
 * CE courses, the CE admins' side (issue 16, spec sections 2, 3 and 7: `CECourses/*`): saving, cancelling and deleting
 * courses, their images, the roster with attendance, certificates and their public verification, registrations over
 * time, and the web-to-case cases. The registrants' calls are in ce-courses.ts. The form's rules are
 * src/lib/ce-course.ts (the screen checks the same).
 *
 * Images are uploaded as base64 in JSON (`UploadCECourseImage`, maxBody 1.5 MB): one envelope, one origin check and
 * one body limit like every other call; the server checks the decoded bytes (magic numbers, at most 1 MB).
 */
import { z } from 'zod/mini';
import { courseProblems, MAX_DESCRIPTION, MAX_TITLE, type CourseFields } from '../ce-course.ts';
import { CourseIdSchema, CourseSchema, REGISTRATION_STATUSES } from './ce-courses.ts';
import { body, defineCall, maybe, query, SIGNED_IN, text } from './contract.ts';

const CE_ADMINS = ['SFAD_CEAdmin'] as const;

/** A serial id in a query string. */
const IdQuery = z.string().check(z.regex(/^\d{1,10}$/, 'Invalid id'), z.refine((v) => Number(v) > 0 && Number(v) <= 2_147_483_647, 'Invalid id'));

const sectionThree = z.superRefine<CourseFields>((v, ctx) => {
  for (const p of courseProblems(v)) ctx.issues.push({ code: 'custom', message: p.message, path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), input: undefined });
});

/** SaveCourse's request (design16.md): creates a course, or edits the one `CourseID` names. */
export const SaveCourseRequest = body({
  CourseID: z.optional(CourseIdSchema),
  Title: text(MAX_TITLE),
  TitleEs: text(MAX_TITLE),
  Description: text(MAX_DESCRIPTION),
  DescriptionEs: text(MAX_DESCRIPTION),
  CreditHours: z.number(),
  StatesApproved: z.array(z.string().check(z.maxLength(2, 'Must be at most 2 characters'))).check(z.maxLength(100)),
  Format: z.enum(['InPerson', 'Webinar']),
  VenueName: maybe(text(120)),
  VenueAddress: maybe(text(200)),
  VenueCity: maybe(text(80)),
  VenueState: maybe(text(2)),
  VenueZip: maybe(text(10)),
  WebinarUrl: maybe(text(500)),
  Date: text(10),
  StartTime: text(5),
  EndTime: text(5),
  TimeZoneId: text(64),
  Capacity: z.int().check(z.gte(-2_147_483_648), z.lte(2_147_483_647)),
  Meals: z.array(z.strictObject({ Name: text(60), Time: text(5) })).check(z.maxLength(10)),
  ImageID: maybe(CourseIdSchema),
  ContactName: maybe(text(120)),
  ContactEmail: maybe(text(254)),
  ContactPhone: maybe(text(30)),
}).check(sectionThree);

export const SaveCourse = defineCall({
  name: 'SaveCourse',
  method: 'POST',
  path: 'CECourses/SaveCourse',
  request: SaveCourseRequest,
  result: CourseSchema,
  access: CE_ADMINS,
  mutates: true,
});

/**
 * Deletes a course, or cancels it (`Action`): every live registrant is emailed either way; a course with attendance
 * cannot be deleted, only cancelled.
 */
export const DeleteCECourse = defineCall({
  name: 'DeleteCECourse',
  method: 'POST',
  path: 'CECourses/DeleteCECourse',
  request: body({ CourseID: CourseIdSchema, Action: z.optional(z.enum(['delete', 'cancel'])) }),
  result: z.object({ courseId: z.int(), action: z.enum(['delete', 'cancel']) }),
  access: CE_ADMINS,
  mutates: true,
});

/**
 * A course image's bytes with its content type (public, cached for a year: an image never changes, a new upload is a
 * new id; ETag = its SHA-256, If-None-Match → 304). Refusals keep the JSON envelope.
 */
export const GetCECourseImages = defineCall({
  name: 'GetCECourseImages',
  method: 'GET',
  path: 'CECourses/GetCECourseImages',
  request: query({ imageId: IdQuery }),
  result: z.null(),
  access: 'public',
  mutates: false,
  download: 'image/*',
});

/** Stores a course image: JPEG, PNG or WebP (by its first bytes), at most 1 MB, sent as base64. */
export const UploadCECourseImage = defineCall({
  name: 'UploadCECourseImage',
  method: 'POST',
  path: 'CECourses/UploadCECourseImage',
  request: body({ ContentBase64: z.string().check(z.maxLength(1_500_000, 'The image must be at most 1 MB.'), z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The image must be a JPEG, PNG or WebP file.')) }),
  result: z.object({ imageId: z.int(), imageUrl: z.string(), contentType: z.string(), bytes: z.int() }),
  access: CE_ADMINS,
  mutates: true,
  maxBody: 1_600_000,
});

/** One registrant of a course as the roster shows it. */
export const RosterEntrySchema = z.object({
  registrationId: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  npnId: z.nullable(z.string()),
  licenseState: z.nullable(z.string()),
  agencyName: z.nullable(z.string()),
  status: z.enum(REGISTRATION_STATUSES),
  registeredAt: z.string(),
  attendedAt: z.nullable(z.string()),
  certificateCode: z.nullable(z.string()),
  /** True while attendance may still be undone (until the end of the course's day). */
  canUnmark: z.boolean(),
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;

export const GetCECourseRoster = defineCall({
  name: 'GetCECourseRoster',
  method: 'GET',
  path: 'CECourses/GetCECourseRoster',
  request: query({ courseId: IdQuery }),
  result: z.object({ course: CourseSchema, registrants: z.array(RosterEntrySchema) }),
  access: CE_ADMINS,
  mutates: false,
});

/** Marks a registrant attended (issues the certificate) or undoes it (before the end of the course's day). */
export const MarkCECourseAttendance = defineCall({
  name: 'MarkCECourseAttendance',
  method: 'POST',
  path: 'CECourses/MarkCECourseAttendance',
  request: body({ RegistrationID: CourseIdSchema, Attended: z.boolean() }),
  result: RosterEntrySchema,
  access: CE_ADMINS,
  mutates: true,
});

/** The certificate of an attended registration as a PDF: the registrant themself or a CE admin. */
export const GetCECertificate = defineCall({
  name: 'GetCECertificate',
  method: 'GET',
  path: 'CECourses/GetCECertificate',
  request: query({ registrationId: IdQuery }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: false,
  download: 'application/pdf',
});

/** Public: whether a certificate code is genuine, with what it certifies (nothing else personal). */
export const VerifyCECertificate = defineCall({
  name: 'VerifyCECertificate',
  method: 'GET',
  path: 'CECourses/VerifyCECertificate',
  request: query({ code: z.string().check(z.maxLength(40, 'Must be at most 40 characters')) }),
  result: z.object({
    valid: z.boolean(),
    name: z.nullable(z.string()),
    course: z.nullable(z.string()),
    creditHours: z.nullable(z.number()),
    /** yyyy-mm-dd, in the course's time zone. */
    completedOn: z.nullable(z.string()),
  }),
  access: 'public',
  mutates: false,
});

/** Registrations per day of a course (for the chart): every registration, by the day it was made (UTC). */
export const GetCECourseStats = defineCall({
  name: 'GetCECourseStats',
  method: 'GET',
  path: 'CECourses/GetCECourseStats',
  request: query({ courseId: IdQuery }),
  result: z.object({ courseId: z.int(), days: z.array(z.object({ day: z.string(), registrations: z.int() })) }),
  access: CE_ADMINS,
  mutates: false,
});

export const CASE_STATUSES = ['New', 'InProgress', 'Closed'] as const;

export const CaseSchema = z.object({
  caseId: z.int(),
  courseId: z.nullable(z.int()),
  courseTitle: z.nullable(z.string()),
  subject: z.string(),
  /** The web-to-case fields as posted (first name, last name, email, …). */
  fields: z.custom<Record<string, unknown>>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), 'Expected an object'),
  status: z.enum(CASE_STATUSES),
  notes: z.array(z.object({ at: z.string(), by: z.string(), text: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CeCase = z.infer<typeof CaseSchema>;

export const CASES_PAGE_SIZE = 20;

/** The web-to-case cases, newest first, by status (or all), a page at a time. */
export const GetCECases = defineCall({
  name: 'GetCECases',
  method: 'GET',
  path: 'CECourses/GetCECases',
  request: query({
    status: z.optional(z.enum(CASE_STATUSES)),
    page: z.optional(z.string().check(z.regex(/^\d{1,4}$/, 'Invalid page'))),
  }),
  result: z.object({ cases: z.array(CaseSchema), total: z.int(), page: z.int(), pageSize: z.int() }),
  access: CE_ADMINS,
  mutates: false,
});

/** Sets a case's status and/or adds a note. */
export const UpdateCECase = defineCall({
  name: 'UpdateCECase',
  method: 'POST',
  path: 'CECourses/UpdateCECase',
  request: body({ CaseID: CourseIdSchema, Status: z.optional(z.enum(CASE_STATUSES)), Note: z.optional(text(2000)) }),
  result: CaseSchema,
  access: CE_ADMINS,
  mutates: true,
});
