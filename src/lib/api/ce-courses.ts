/**
 * CE courses, the registrants' side (spec sections 2, 3 and 7: `CECourses/*`): the public catalog, seats, registration
 * with and without an account (web-to-case fields of section 3, messages of section 5), the waitlist, the agent's
 * courses. The CE admins' calls (SaveCourse, DeleteCECourse, images, roster, attendance, cases) are in
 * ce-admin.ts. docs/decisions/027.
 */
import { z } from 'zod/mini';
import { INVALID_NPN, NPN_PATTERN } from '../accounts.ts';
import { rules } from '../claim/validation.ts';
import { body, defineCall, field, query, text } from './contract.ts';

/** Who registers for courses: agents and agency admins (internal and CE admins run the program, they do not take part). */
export const REGISTRANTS = ['SFAD_Agent', 'SFAD_Admin'] as const;

/** A course id: a positive 32-bit integer (the column's type; a larger number is refused, not a 500). */
export const CourseIdSchema = z.int().check(z.positive(), z.lte(2_147_483_647));
/** A course id in a query string. */
const CourseIdQuery = z.string().check(z.regex(/^\d{1,10}$/, 'Invalid course id'), z.refine((v) => Number(v) > 0 && Number(v) <= 2_147_483_647, 'Invalid course id'));

export const COURSE_FORMATS = ['InPerson', 'Webinar'] as const;
export const COURSE_STATUSES = ['Scheduled', 'Cancelled'] as const;

/** A course venue (in person). */
export const VenueSchema = z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string(), zip: z.string() });
/** One of the three meals and its time (HH:MM, the course's time zone). */
export const MealSchema = z.object({ name: z.string(), time: z.string() });

/** A course as every call answers it (both languages: the static catalog is built from it). */
export const CourseSchema = z.object({
  courseId: z.int(),
  title: z.string(),
  titleEs: z.string(),
  /** Plain text; paragraphs separated by blank lines. */
  description: z.string(),
  descriptionEs: z.string(),
  creditHours: z.number(),
  /** Two-letter state codes. */
  statesApproved: z.array(z.string()),
  format: z.enum(COURSE_FORMATS),
  venue: z.nullable(VenueSchema),
  /** Webinars: the join link (only in confirmation emails and to registrants; null in public answers). */
  webinarUrl: z.nullable(z.string()),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** IANA time zone the course's times are given in (States/GetTimeZones). */
  timeZoneId: z.string(),
  capacity: z.int(),
  seatsTaken: z.int(),
  waitlistCount: z.int(),
  meals: z.array(MealSchema),
  /** The image's URL (GetCECourseImages), or null. */
  imageUrl: z.nullable(z.string()),
  contact: z.nullable(z.object({ name: z.string(), email: z.string(), phone: z.string() })),
  status: z.enum(COURSE_STATUSES),
});
export type Course = z.infer<typeof CourseSchema>;

/** The courses, soonest first: upcoming only unless `includePast` (CE admins see past ones too). Public. */
export const GetCECourseList = defineCall({
  name: 'GetCECourseList',
  method: 'GET',
  path: 'CECourses/GetCECourseList',
  request: query({ includePast: z.optional(z.enum(['true', 'false'])) }),
  result: z.array(CourseSchema),
  access: 'public',
  mutates: false,
});

export const GetCECourseDetailByCourseID = defineCall({
  name: 'GetCECourseDetailByCourseID',
  method: 'GET',
  path: 'CECourses/GetCECourseDetailByCourseID',
  request: query({ courseId: CourseIdQuery }),
  result: CourseSchema,
  access: 'public',
  mutates: false,
});

/** Seats of one or more courses (the static pages' one live part). */
export const SeatsSchema = z.object({
  courseId: z.int(),
  capacity: z.int(),
  seatsTaken: z.int(),
  seatsLeft: z.int(),
  waitlistCount: z.int(),
  isFull: z.boolean(),
  /** True once the course has started (registration closed) or was cancelled. */
  isClosed: z.boolean(),
});
export type Seats = z.infer<typeof SeatsSchema>;

/** Whether the course is full, with its seats (public; `courseIds` comma-separated, up to 50). */
export const GetValidateCourseIsMaximumLimit = defineCall({
  name: 'GetValidateCourseIsMaximumLimit',
  method: 'GET',
  path: 'CECourses/GetValidateCourseIsMaximumLimit',
  request: query({ courseIds: z.string().check(z.regex(/^\d{1,10}(?:,\d{1,10}){0,49}$/, 'Invalid course id')) }),
  result: z.array(SeatsSchema),
  access: 'public',
  mutates: false,
});

export const REGISTRATION_STATUSES = ['PendingLink', 'Registered', 'Waitlisted', 'Offered', 'Attended', 'Cancelled', 'Expired', 'Declined'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Whether the signed-in user already has a live registration for the course (and which). */
export const GetIsRegisteredUser = defineCall({
  name: 'GetIsRegisteredUser',
  method: 'GET',
  path: 'CECourses/GetIsRegisteredUser',
  request: query({ courseId: CourseIdQuery }),
  result: z.object({
    isRegistered: z.boolean(),
    status: z.nullable(z.enum(REGISTRATION_STATUSES)),
    registrationId: z.nullable(z.int()),
    /** Waitlisted: 1 = next in line. */
    waitlistPosition: z.nullable(z.int()),
  }),
  access: REGISTRANTS,
  mutates: false,
});

/** One of the agent's registrations with its course. */
export const MyCourseSchema = z.object({
  registrationId: z.int(),
  status: z.enum(REGISTRATION_STATUSES),
  waitlistPosition: z.nullable(z.int()),
  /** Offered: when the held seat passes on unless confirmed. */
  offerExpiresAt: z.nullable(z.string()),
  registeredAt: z.string(),
  attendedAt: z.nullable(z.string()),
  /** Attended: the certificate's verification code (GetCECertificate downloads it). */
  certificateCode: z.nullable(z.string()),
  /** True while it can still be cancelled (before the course starts). */
  canCancel: z.boolean(),
  course: CourseSchema,
});
export type MyCourse = z.infer<typeof MyCourseSchema>;

/** The signed-in user's registrations: upcoming (registered, waitlisted, offered), all, or completed (attended). */
export const GetMyCECourseList = defineCall({
  name: 'GetMyCECourseList',
  method: 'GET',
  path: 'CECourses/GetMyCECourseList',
  request: query({ view: z.enum(['upcoming', 'all', 'completed']) }),
  result: z.array(MyCourseSchema),
  access: REGISTRANTS,
  mutates: false,
});

const optionalNpn = z.string().check(z.trim(), z.maxLength(10, INVALID_NPN), z.refine((v) => v === '' || NPN_PATTERN.test(v), INVALID_NPN));

/**
 * The web-to-case fields of section 3 (course id, first name, last name, title, agency name, email, phone, NPN id,
 * address, city, state, zip) with section 5's messages.
 */
export const participantShape = {
  CourseID: CourseIdSchema,
  FirstName: field(rules.name('first name'), 60),
  LastName: field(rules.name('last name'), 60),
  Title: text(100),
  AgencyName: field(rules.required('agency name'), 120),
  Email: field(rules.email, 254),
  Phone: field(rules.phone, 30),
  NpnId: optionalNpn,
  Address: field(rules.required('address'), 200),
  City: field(rules.required('city'), 80),
  State: field(rules.state, 20),
  Zip: field(rules.zip, 10),
};

/** What a registration call answers: where the registrant now stands. */
export const RegistrationResultSchema = z.object({
  registrationId: z.int(),
  status: z.enum(REGISTRATION_STATUSES),
  waitlistPosition: z.nullable(z.int()),
  courseId: z.int(),
});

/**
 * Registration without an account (course-registration-unauth): creates the web-to-case case and emails a link; the
 * seat is taken (or the waitlist joined, with `JoinWaitlist`) only when the link is followed (ConfirmCECourseLink).
 */
export const AddParticipantLinkDetails = defineCall({
  name: 'AddParticipantLinkDetails',
  method: 'POST',
  path: 'CECourses/AddParticipantLinkDetails',
  request: body({ ...participantShape, JoinWaitlist: z.optional(z.boolean()) }),
  result: z.object({ courseId: z.int(), email: z.string() }),
  access: 'public',
  mutates: true,
});

/**
 * A signed-in agent registers in one step: the participant comes from the profile (OktaID, names, title, agency,
 * email, NpnId) with the address fields and the NPN the form adds. A full course answers 'This course is full.'
 * unless `JoinWaitlist`.
 */
export const RegisterForCECourse = defineCall({
  name: 'RegisterForCECourse',
  method: 'POST',
  path: 'CECourses/RegisterForCECourse',
  request: body({
    CourseID: CourseIdSchema,
    AgencyNumber: z.optional(z.string().check(z.trim(), z.regex(/^\d{4,12}$/, 'Invalid agency number'))),
    Title: z.optional(text(100)),
    Phone: z.optional(field(rules.optionalPhone, 30)),
    NpnId: z.optional(optionalNpn),
    Address: field(rules.required('address'), 200),
    City: field(rules.required('city'), 80),
    State: field(rules.state, 20),
    Zip: field(rules.zip, 10),
    JoinWaitlist: z.optional(z.boolean()),
  }),
  result: RegistrationResultSchema,
  access: REGISTRANTS,
  mutates: true,
});

/** A registration link's token (base64url). */
const TokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.'));

/**
 * Follows an emailed link: confirms a registration made without an account (takes the seat, or joins the
 * waitlist when it filled meanwhile), or accepts a waitlist offer. Public: the token is the proof.
 */
export const ConfirmCECourseLink = defineCall({
  name: 'ConfirmCECourseLink',
  method: 'POST',
  path: 'CECourses/ConfirmCECourseLink',
  request: body({ Token: TokenSchema }),
  result: RegistrationResultSchema,
  access: 'public',
  mutates: true,
});

/** The agent cancels one of their registrations (before the course starts), or accepts / declines a seat offered from the waitlist. */
export const UpdateMyCECourseRegistration = defineCall({
  name: 'UpdateMyCECourseRegistration',
  method: 'POST',
  path: 'CECourses/UpdateMyCECourseRegistration',
  request: body({ RegistrationID: CourseIdSchema, Action: z.enum(['cancel', 'acceptOffer', 'declineOffer']) }),
  result: RegistrationResultSchema,
  access: REGISTRANTS,
  mutates: true,
});

/** How long a seat offered from the waitlist is held before it passes on (48 h). */
export const OFFER_HOURS = 48;
/** How long the link of a registration without an account stays valid (7 days, or until the course starts). */
export const CONFIRM_LINK_DAYS = 7;

