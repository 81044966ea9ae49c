/**
 * How a CE course's date, times and place read (issue 16): always in the course's own time zone, whatever the
 * reader's, in English or Spanish. Used by the static catalog at build time and by the registrants' islands.
 */
import type { Course } from './api/ce-courses.ts';
import type { Lang } from './i18n.ts';

type CourseWhen = Pick<Course, 'startsAt' | 'endsAt' | 'timeZoneId'>;
const locale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** 'Thursday, February 18, 2027' in the course's time zone. */
export function courseDate(c: CourseWhen, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'full', timeZone: c.timeZoneId }).format(new Date(c.startsAt));
}

/** '10:00 AM – 12:00 PM CST' in the course's time zone. */
export function courseTimes(c: CourseWhen, lang: Lang): string {
  const start = new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short', timeZone: c.timeZoneId }).format(new Date(c.startsAt));
  const end = new Intl.DateTimeFormat(locale(lang), { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: c.timeZoneId }).format(new Date(c.endsAt));
  return `${start} – ${end}`;
}

/** A meal's time ('12:00' → '12:00 PM' / '12:00 p. m.'), a wall-clock time of the course's day. */
export function mealTime(time: string, lang: Lang): string {
  const [h, m] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(locale(lang), { timeStyle: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)));
}

/** The title and description in a language. */
export function courseText(c: Pick<Course, 'title' | 'titleEs' | 'description' | 'descriptionEs'>, lang: Lang) {
  return lang === 'es' ? { title: c.titleEs, description: c.descriptionEs } : { title: c.title, description: c.description };
}

/** A description's paragraphs (separated by blank lines). */
export const paragraphsOf = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

/** A venue on one line. */
export const venueLine = (v: NonNullable<Course['venue']>) => `${v.name}, ${v.address}, ${v.city}, ${v.state} ${v.zip}`;


/** Where a reader registers: signed-in agents in one step, everyone else through the emailed link. */
export const registerPath = (courseId: number, signedIn: boolean) => `/dashboard/${signedIn ? 'course-registration' : 'course-registration-unauth'}?courseId=${courseId}`;

/** The sign-in page, coming back to the signed-in registration of the course. */
export const signInToRegisterPath = (courseId: number) => `/dashboard/login?referral=${encodeURIComponent(registerPath(courseId, true))}`;
