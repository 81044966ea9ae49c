/**
 * Pieces the CE registrants' islands share (issue 16): the public calls (no session needed), the saved course the
 * header's leave-page confirm looks at, the course summary at the top of the registration pages, and the way a
 * refused field's message shows in the reader's language.
 */
import { useEffect, useState } from 'react';
import { DASHBOARD_BASE, DEFAULT_APP_NAME as APP_NAME, type CallContract, type RequestOf, type ResultOf } from '../../lib/api/contract.ts';
import { GetCECourseDetailByCourseID, GetValidateCourseIsMaximumLimit, type Course, type Seats } from '../../lib/api/ce-courses.ts';
import { courseDate, courseText, courseTimes, venueLine } from '../../lib/ce-course-format.ts';
import { messageOf } from '../../lib/claim/validation.ts';
import type { Translator } from '../../lib/i18n.ts';
import { SAVED_COURSE_KEY } from '../../lib/routes.ts';

export type Words = Translator<'courses' | 'messages' | 'common'>;
export type Outcome<C extends CallContract> =
  | { ok: true; result: ResultOf<C> }
  | { ok: false; status: number; message: string; code?: string | undefined; errors?: { path: string; message: string; code?: string }[] | undefined };

/** One public call (no session): GET with the request as its query, POST with it as the JSON body. */
export async function callPublic<C extends CallContract>(contract: C, input: Omit<RequestOf<C>, 'AppName'>): Promise<Outcome<C>> {
  const base = `${DASHBOARD_BASE}/${contract.path}`;
  try {
    const res =
      contract.method === 'GET'
        ? await fetch(`${base}?${new URLSearchParams(input as Record<string, string>)}`, { headers: { Accept: 'application/json' } })
        : await fetch(base, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ AppName: APP_NAME, ...input }) });
    const body = (await res.json().catch(() => null)) as { isSuccess?: boolean; message?: string; code?: string; result?: unknown; errors?: { path: string; message: string; code?: string }[] } | null;
    if (res.ok && body?.isSuccess) return { ok: true, result: body.result as ResultOf<C> };
    return { ok: false, status: res.status, message: body?.message ?? 'API call failed', code: body?.code, errors: body?.errors };
  } catch {
    return { ok: false, status: 0, message: 'network' };
  }
}

/** A message of a refused field or call in the reader's language. */
export function say(t: Words, message: string, code?: string): string {
  if (code) return t.message({ message, code });
  const known = messageOf(message);
  if (known.code) return t.message({ message, code: known.code, params: known.params });
  const max = /^Must be at most (\d+) characters$/.exec(message)?.[1];
  return max ? t.message({ message, code: 'maxLength', params: { max } }) : t.message({ message });
}

/** The text of a failed call: the network, a server failure, or the server's reason. */
export function failureText(t: Words, out: { status: number; message: string; code?: string | undefined }): string {
  if (out.status === 0) return t('courses.form.network');
  if (out.status >= 500) return t('messages.genericError');
  return say(t, out.message, out.code);
}

/** The course id of the page's query (?courseId=), or null. */
export function courseIdOfPage(): number | null {
  const raw = new URLSearchParams(window.location.search).get('courseId') ?? '';
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** Keeps the course the reader started registering for (the header's leave-page confirm), until it finishes. */
export function saveCourse(courseId: number): void {
  try {
    sessionStorage.setItem(SAVED_COURSE_KEY, String(courseId));
  } catch {
    /* no storage */
  }
}
export function clearSavedCourse(): void {
  try {
    sessionStorage.removeItem(SAVED_COURSE_KEY);
  } catch {
    /* no storage */
  }
}

/** The course of the page and its seats (public calls): undefined while loading, null when there is none. */
export function useCourse(courseId: number | null, version = 0) {
  const [state, setState] = useState<{ course: Course | null; seats: Seats | null; failed: boolean } | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (courseId === null) {
      setState({ course: null, seats: null, failed: false });
      return;
    }
    let live = true;
    setState(undefined);
    void Promise.all([
      callPublic(GetCECourseDetailByCourseID, { courseId: String(courseId) }),
      callPublic(GetValidateCourseIsMaximumLimit, { courseIds: String(courseId) }),
    ]).then(([course, seats]) => {
      if (!live) return;
      const failed = (!course.ok && (course.status === 0 || course.status >= 500)) || (!seats.ok && (seats.status === 0 || seats.status >= 500));
      setState({ course: course.ok ? course.result : null, seats: seats.ok ? (seats.result[0] ?? null) : null, failed });
    });
    return () => {
      live = false;
    };
  }, [courseId, version, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The course being registered for: title, date and times in its time zone, place, credit hours, seats. */
export function CourseSummary({ t, course, seats }: { t: Words; course: Course; seats: Seats | null }) {
  const { title } = courseText(course, t.lang);
  return (
    <section className="card course-form-summary" aria-labelledby="course-summary-title" data-testid="course-summary">
      <p className="muted">{t('courses.form.course')}</p>
      <h2 id="course-summary-title">{title}</h2>
      <p>
        {courseDate(course, t.lang)} · {courseTimes(course, t.lang)}
      </p>
      <p>{course.venue ? venueLine(course.venue) : t('courses.mine.webinar')}</p>
      <p>
        {t('courses.catalog.creditHours')}: {course.creditHours}
      </p>
      {seats && !seats.isClosed && !seats.isFull && <p className="muted">{t('courses.form.seatsLeft', { left: seats.seatsLeft, capacity: seats.capacity })}</p>}
      {seats && seats.isFull && !seats.isClosed && (
        <p className="notice notice--warning" data-testid="course-full">
          {t('courses.form.fullNotice')}
        </p>
      )}
      {seats?.isClosed && <p className="form-error">{t('courses.form.closedNotice')}</p>}
    </section>
  );
}
