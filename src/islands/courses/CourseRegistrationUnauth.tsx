/**
 * course-registration-unauth (spec section 2; issue 16): registration without an account. The web-to-case fields of
 * section 3 with section 5's messages (checked here, then again by the server) → AddParticipantLinkDetails, which
 * files the case and emails a link → 'check your email'. The seat is held only when the link is followed
 * (registration-successful). A full course offers the waitlist instead. The course stays saved (the header's
 * leave-page confirm) until the registration finishes.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { AddParticipantLinkDetails } from '../../lib/api/ce-courses.ts';
import { DEFAULT_APP_NAME as APP_NAME } from '../../lib/api/contract.ts';
import { courseText, signInToRegisterPath } from '../../lib/ce-course-format.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { Loading } from '../shared/PageState.tsx';
import { useT } from '../shared/use-t.ts';
import { EMPTY, fieldId, PARTICIPANT_FIELDS, ParticipantFields, type Errors, type ParticipantField, type Values } from './fields.tsx';
import { callPublic, courseIdOfPage, CourseSummary, failureText, saveCourse, say, useCourse } from './shared.tsx';

export default function CourseRegistrationUnauth() {
  const t = useT('courses', 'messages');
  const [courseId] = useState(courseIdOfPage);
  const { state, retry } = useCourse(courseId);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (courseId !== null) saveCourse(courseId);
  }, [courseId]);
  useEffect(() => {
    if (sentTo) headingRef.current?.focus();
  }, [sentTo]);
  if (!t || state === undefined) return <Loading text={t ? t('courses.form.loadingCourse') : '…'} />;
  if (state.failed)
    return (
      <div className="card flow" role="alert">
        <p>{t('messages.genericError')}</p>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  const { course, seats } = state;
  if (!course)
    return (
      <div className="card empty-state" data-testid="course-not-found">
        <h1>{t('courses.unauth.heading')}</h1>
        <p>{courseId === null ? t('courses.form.chooseCourse') : t('courses.form.courseNotFound')}</p>
        <a className="btn btn--primary" href={t.lang === 'es' ? '/es/dashboard/CECourseHome' : '/dashboard/CECourseHome'}>
          {t('courses.form.toCatalog')}
        </a>
      </div>
    );
  const { title } = courseText(course, t.lang);

  if (sentTo)
    return (
      <section className="card flow" data-testid="check-email">
        <h1 tabIndex={-1} ref={headingRef}>
          {t('courses.unauth.checkEmailTitle')}
        </h1>
        <p>{t('courses.unauth.checkEmailText', { email: sentTo, title })}</p>
        <p className="muted">{t('courses.unauth.checkEmailNote')}</p>
      </section>
    );

  const full = Boolean(seats?.isFull);
  const closed = Boolean(seats?.isClosed) || course.status === 'Cancelled';
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const input = { CourseID: course.courseId, ...values, ...(full ? { JoinWaitlist: true } : {}) };
    const parsed = AddParticipantLinkDetails.request.safeParse({ AppName: APP_NAME, ...input });
    if (!parsed.success) {
      const errs: Errors = {};
      for (const i of parsed.error.issues) errs[String(i.path[0]) as ParticipantField] ??= say(t, i.message);
      setErrors(errs);
      setRefused((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    const out = await callPublic(AddParticipantLinkDetails, input);
    setBusy(false);
    if (out.ok) {
      setSentTo(out.result.email);
      return;
    }
    if (out.errors?.length) {
      const errs: Errors = {};
      for (const i of out.errors) errs[i.path as ParticipantField] ??= say(t, i.message, i.code);
      setErrors(errs);
      setRefused((n) => n + 1);
    } else setFailure(failureText(t, out));
  };

  return (
    <section className="flow" data-testid="course-registration-unauth">
      <div className="page-head">
        <h1>{t('courses.unauth.heading')}</h1>
        <p className="muted">{t('courses.unauth.intro')}</p>
        <p>
          {t('courses.unauth.haveAccount')} <a href={signInToRegisterPath(course.courseId)}>{t('courses.unauth.signIn')}</a>
        </p>
      </div>
      <CourseSummary t={t} course={course} seats={seats} />
      {!closed && (
        <form className="card flow" onSubmit={(e) => void submit(e)} noValidate>
          <ErrorSummary title={t('courses.form.fix')} errors={PARTICIPANT_FIELDS.filter((f) => errors[f]).map((f) => ({ field: fieldId(f), text: errors[f]! }))} focusKey={refused} />
          {failure && (
            <p className="form-error" role="alert" data-testid="registration-error">
              {failure}
            </p>
          )}
          <ParticipantFields t={t} fields={PARTICIPANT_FIELDS} values={values} errors={errors} onChange={(f, v) => setValues((old) => ({ ...old, [f]: v }))} />
          <p>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? t('courses.form.sending') : full ? t('courses.form.joinWaitlist') : t('courses.unauth.send')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
