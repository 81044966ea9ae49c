/**
 * The CE course form's rules (issue 16, spec section 3: course save with venue, dates, image and three meals with
 * their timings), shared by the create-CE-course screen (checked on Save) and the SaveCourse contract (checked again
 * on the server, src/lib/api/ce-admin.ts), so both say the same words. No zod here: the screen loads this without
 * the contracts.
 */
import { MESSAGES, rules } from './claim/validation.ts';
import { isIsoDate } from './banner.ts';

export const COURSE_MESSAGES = {
  titleRequired: 'Course title is required',
  titleEsRequired: 'Spanish course title is required',
  descriptionRequired: 'Course description is required',
  descriptionEsRequired: 'Spanish course description is required',
  creditHours: 'Credit hours must be between 0.5 and 40, in steps of 0.5',
  statesRequired: 'Choose at least one state the course is approved in',
  statesInvalid: 'Choose states from the list (at most 60)',
  venueNameRequired: 'Venue name is required',
  venueAddressRequired: 'Venue address is required',
  venueCityRequired: 'Venue city is required',
  venueState: MESSAGES.state,
  venueZip: MESSAGES.zipInvalid,
  webinarUrlRequired: 'Webinar link is required',
  webinarUrlInvalid: 'Please enter a valid https link',
  dateRequired: 'Course date is required',
  dateInvalid: MESSAGES.dateInvalid,
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  timeInvalid: 'Please enter a valid time (HH:MM)',
  endAfterStart: 'End time must be after start time',
  timeZoneRequired: 'Time zone is required',
  capacity: 'Capacity must be a whole number from 1 to 10000',
  mealsMax: 'A course has at most three meals',
  mealNameRequired: 'Meal name is required',
  contactEmail: MESSAGES.emailInvalid,
  contactPhone: MESSAGES.phoneInvalid,
} as const;

export const MAX_TITLE = 120;
export const MAX_DESCRIPTION = 5000;
export const MAX_CAPACITY = 10000;
export const MAX_MEALS = 3;
/** The largest course image (bytes). */
export const MAX_IMAGE_BYTES = 1024 * 1024;
export { imageTypeOf } from './images.ts';

/** The fields of a course as the screen and SaveCourse carry them. */
export interface CourseFields {
  Title: string;
  TitleEs: string;
  Description: string;
  DescriptionEs: string;
  CreditHours: number;
  StatesApproved: string[];
  Format: 'InPerson' | 'Webinar';
  VenueName?: string | null | undefined;
  VenueAddress?: string | null | undefined;
  VenueCity?: string | null | undefined;
  VenueState?: string | null | undefined;
  VenueZip?: string | null | undefined;
  WebinarUrl?: string | null | undefined;
  Date: string;
  StartTime: string;
  EndTime: string;
  TimeZoneId: string;
  Capacity: number;
  Meals: { Name: string; Time: string }[];
  ContactName?: string | null | undefined;
  ContactEmail?: string | null | undefined;
  ContactPhone?: string | null | undefined;
}

/** One problem: the field it is about ('Meals.1.Time' for a meal's) and the message. */
export interface CourseProblem {
  field: string;
  message: string;
}

/** True for a time of day written HH:MM (24 h). */
export const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** True for an https link a reader can follow: a host with a dot (or localhost), no spaces. */
export function isHttpsUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && (u.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(u.hostname));
  } catch {
    return false;
  }
}

const blank = (v: string | null | undefined) => (v ?? '').trim() === '';

/** Every problem of a course, in the form's order (empty: it may be saved). */
export function courseProblems(c: CourseFields): CourseProblem[] {
  const out: CourseProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  if (blank(c.Title)) add('Title', COURSE_MESSAGES.titleRequired);
  if (blank(c.TitleEs)) add('TitleEs', COURSE_MESSAGES.titleEsRequired);
  if (blank(c.Description)) add('Description', COURSE_MESSAGES.descriptionRequired);
  if (blank(c.DescriptionEs)) add('DescriptionEs', COURSE_MESSAGES.descriptionEsRequired);
  const hours = c.CreditHours;
  if (!Number.isFinite(hours) || hours < 0.5 || hours > 40 || !Number.isInteger(hours * 2)) add('CreditHours', COURSE_MESSAGES.creditHours);
  if (c.StatesApproved.length === 0) add('StatesApproved', COURSE_MESSAGES.statesRequired);
  else if (c.StatesApproved.length > 60 || c.StatesApproved.some((s) => !/^[A-Z]{2}$/.test(s)) || new Set(c.StatesApproved).size !== c.StatesApproved.length)
    add('StatesApproved', COURSE_MESSAGES.statesInvalid);
  if (c.Format === 'InPerson') {
    if (blank(c.VenueName)) add('VenueName', COURSE_MESSAGES.venueNameRequired);
    if (blank(c.VenueAddress)) add('VenueAddress', COURSE_MESSAGES.venueAddressRequired);
    if (blank(c.VenueCity)) add('VenueCity', COURSE_MESSAGES.venueCityRequired);
    if (rules.state(c.VenueState ?? '')) add('VenueState', COURSE_MESSAGES.venueState);
    if (rules.zip(c.VenueZip ?? '')) add('VenueZip', COURSE_MESSAGES.venueZip);
  } else if (blank(c.WebinarUrl)) add('WebinarUrl', COURSE_MESSAGES.webinarUrlRequired);
  else if (!isHttpsUrl((c.WebinarUrl ?? '').trim())) add('WebinarUrl', COURSE_MESSAGES.webinarUrlInvalid);
  if (blank(c.Date)) add('Date', COURSE_MESSAGES.dateRequired);
  else if (!isIsoDate(c.Date.trim())) add('Date', COURSE_MESSAGES.dateInvalid);
  const start = c.StartTime.trim();
  const end = c.EndTime.trim();
  if (!start) add('StartTime', COURSE_MESSAGES.startTimeRequired);
  else if (!isTime(start)) add('StartTime', COURSE_MESSAGES.timeInvalid);
  if (!end) add('EndTime', COURSE_MESSAGES.endTimeRequired);
  else if (!isTime(end)) add('EndTime', COURSE_MESSAGES.timeInvalid);
  else if (isTime(start) && end <= start) add('EndTime', COURSE_MESSAGES.endAfterStart);
  if (blank(c.TimeZoneId)) add('TimeZoneId', COURSE_MESSAGES.timeZoneRequired);
  if (!Number.isInteger(c.Capacity) || c.Capacity < 1 || c.Capacity > MAX_CAPACITY) add('Capacity', COURSE_MESSAGES.capacity);
  if (c.Meals.length > MAX_MEALS) add('Meals', COURSE_MESSAGES.mealsMax);
  else
    c.Meals.forEach((m, i) => {
      if (blank(m.Name)) add(`Meals.${i}.Name`, COURSE_MESSAGES.mealNameRequired);
      if (!isTime(m.Time.trim())) add(`Meals.${i}.Time`, COURSE_MESSAGES.timeInvalid);
    });
  if (!blank(c.ContactEmail) && rules.optionalEmail(c.ContactEmail ?? '')) add('ContactEmail', COURSE_MESSAGES.contactEmail);
  if (!blank(c.ContactPhone) && rules.optionalPhone(c.ContactPhone ?? '')) add('ContactPhone', COURSE_MESSAGES.contactPhone);
  return out;
}

