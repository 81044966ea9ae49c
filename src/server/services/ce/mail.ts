/**
 * CE course emails (issue 16, docs/decisions/027): written into the outbox inside the transaction of the change that
 * owes them, in the registrant's language, with an .ics calendar file (the `ics` package) when a seat is confirmed,
 * a course changes or a registration ends. One UID per course, so a calendar replaces its event on an update and
 * removes it on a cancellation; SEQUENCE grows with time (minutes), so a later file always wins.
 */
import { createEvent, type EventAttributes } from 'ics';
import type { Course } from '../../../lib/api/ce-courses.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { translatorFor } from '../../../lib/i18n/all.ts';
import type { Queryable } from '../../db/index.ts';
import { spanishOrigin } from '../../env.ts';

/** What a course email needs of its registration. */
export interface Recipient {
  registrationId: number;
  userId: string | null;
  email: string;
  firstName: string;
  lang: Lang;
}

/** Where the portal's links point (the public origin or its Spanish host). */
let linkOrigin = 'http://localhost:4321';
/** Set once at start (and by tests): the public origin emailed links point to. */
export function setCourseLinkOrigin(origin: string): void {
  linkOrigin = origin.replace(/\/$/, '');
}
/** The origin of a registrant's links: the Spanish host for Spanish registrants. */
const originFor = (lang: Lang) => (lang === 'es' ? spanishOrigin(linkOrigin) : linkOrigin);
/** The link that confirms a registration or an offer (registration-successful reads the token from the fragment). */
export const confirmLinkOf = (token: string, lang: Lang) => `${originFor(lang)}/dashboard/registration-successful#token=${token}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The course's place as one line: the venue's address, or the webinar link. */
export function placeOf(course: Course): string {
  if (course.venue) return [course.venue.name, course.venue.address, `${course.venue.city}, ${course.venue.state} ${course.venue.zip}`].filter(Boolean).join(', ');
  return course.webinarUrl ?? 'Webinar';
}

/** The .ics file of a course: PUBLISH (add or update) or CANCEL. */
export function courseIcs(course: Course, kind: 'publish' | 'cancel', now = new Date()): string {
  const attrs: EventAttributes = {
    start: new Date(course.startsAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: new Date(course.endsAt).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: course.title,
    description: [course.description.slice(0, 1500), course.webinarUrl ? `Webinar: ${course.webinarUrl}` : ''].filter(Boolean).join('\n\n'),
    location: placeOf(course),
    ...(course.webinarUrl ? { url: course.webinarUrl } : {}),
    uid: `ce-course-${course.courseId}@agent-portal`,
    sequence: Math.floor(now.getTime() / 60_000),
    productId: 'agent-portal/ce-courses',
    method: kind === 'cancel' ? 'CANCEL' : 'PUBLISH',
    status: kind === 'cancel' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
  };
  const { error, value } = createEvent(attrs);
  if (error || !value) throw new Error(`calendar file: ${error?.message ?? 'empty'}`);
  return value;
}

/** The lines that say when, where and how many credit hours, in the registrant's language. */
function courseLines(course: Course, lang: Lang): string[] {
  const t = translatorFor(lang);
  const fmt = new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: course.timeZoneId });
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: course.timeZoneId, timeZoneName: 'short' }).formatToParts(new Date(course.startsAt)).find((p) => p.type === 'timeZoneName')?.value ?? course.timeZoneId;
  const lines = [
    t('emails.ce.when', { start: fmt.format(new Date(course.startsAt)), end: fmt.format(new Date(course.endsAt)), zone }),
    course.venue ? t('emails.ce.where', { place: placeOf(course) }) : course.webinarUrl ? t('emails.ce.webinar', { url: course.webinarUrl }) : '',
    t('emails.ce.credits', { hours: String(course.creditHours) }),
  ];
  return lines.filter(Boolean);
}

/** A deadline in the registrant's language and the course's time zone. */
export function deadlineText(at: Date, course: Course, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: course.timeZoneId, timeZoneName: 'short' }).format(at);
}

/** The kinds of course emails (outbox `kind`). */
export type CourseEmailKind =
  | 'CeConfirmLink'
  | 'CeRegistered'
  | 'CeWaitlisted'
  | 'CeOffer'
  | 'CeOfferExpired'
  | 'CeCancelled'
  | 'CeCourseUpdated'
  | 'CeCourseCancelled';

const WORDS: Record<CourseEmailKind, { subject: string; intro: string; ics: 'publish' | 'cancel' | null }> = {
  CeConfirmLink: { subject: 'emails.ce.confirmSubject', intro: 'emails.ce.confirmIntro', ics: null },
  CeRegistered: { subject: 'emails.ce.registeredSubject', intro: 'emails.ce.registeredIntro', ics: 'publish' },
  CeWaitlisted: { subject: 'emails.ce.waitlistedSubject', intro: 'emails.ce.waitlistedIntro', ics: null },
  CeOffer: { subject: 'emails.ce.offerSubject', intro: 'emails.ce.offerIntro', ics: null },
  CeOfferExpired: { subject: 'emails.ce.offerExpiredSubject', intro: 'emails.ce.offerExpiredIntro', ics: null },
  CeCancelled: { subject: 'emails.ce.cancelledSubject', intro: 'emails.ce.cancelledIntro', ics: 'cancel' },
  CeCourseUpdated: { subject: 'emails.ce.updatedSubject', intro: 'emails.ce.updatedIntro', ics: 'publish' },
  CeCourseCancelled: { subject: 'emails.ce.courseCancelledSubject', intro: 'emails.ce.courseCancelledIntro', ics: 'cancel' },
};

/**
 * Writes one course email into the outbox: greeting, what happened, the link (if any) and what it expires with,
 * when and where, the registrant's courses, signature; an .ics attached when the kind carries one.
 */
export async function enqueueCourseEmail(
  tx: Queryable,
  to: Recipient,
  course: Course,
  kind: CourseEmailKind,
  extra: { link?: string; deadline?: Date; position?: number; now?: Date } = {},
): Promise<void> {
  const t = translatorFor(to.lang);
  const words = WORDS[kind];
  const title = to.lang === 'es' ? course.titleEs : course.title;
  const params = {
    course: title,
    position: String(extra.position ?? ''),
    date: extra.deadline ? deadlineText(extra.deadline, course, to.lang) : '',
  };
  const lines = [
    t('emails.hello', { name: to.firstName }),
    '',
    t(words.intro as 'emails.ce.registeredIntro', params),
    ...(extra.link ? [extra.link, kind === 'CeConfirmLink' ? t('emails.ce.confirmExpires', params) : ''] : []),
    '',
    ...courseLines(course, to.lang),
    ...(to.userId ? ['', t('emails.ce.myCourses'), `${originFor(to.lang)}/dashboard/CE-MyCourses`] : []),
    '',
    t('emails.signature'),
  ];
  const text = lines.join('\n');
  const html = [
    `<!doctype html><html lang="${to.lang}"><body style="font-family:Arial,sans-serif;color:#1a1a1a">`,
    ...lines.map((l) => (/^https?:\/\//.test(l) ? `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>` : l ? `<p>${escapeHtml(l)}</p>` : '')).filter(Boolean),
    '</body></html>',
  ].join('\n');
  const attachments = words.ics
    ? [{ filename: `course-${course.courseId}.ics`, contentType: `text/calendar; charset=utf-8; method=${words.ics === 'cancel' ? 'CANCEL' : 'PUBLISH'}`, content: courseIcs(course, words.ics, extra.now) }]
    : null;
  await tx.query(
    `INSERT INTO outbox (channel, recipient, subject, body_text, body_html, kind, user_id, attachments)
     VALUES ('email', $1, $2, $3, $4, $5, (SELECT id FROM users WHERE id = $6), $7::jsonb)`,
    [to.email, t(words.subject as 'emails.ce.registeredSubject', params), text, html, kind, to.userId, attachments ? JSON.stringify(attachments) : null],
  );
}
