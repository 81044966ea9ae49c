/**
 * course-registration (spec section 2; issue 16): a signed-in agent registers in one step. The participant comes from
 * the profile (names, title, email, NPN: GetUserDetails / GetUserProfile) and the active agency (name, number,
 * address, city, state, ZIP: GetUserAgencyList), editable where the course needs it; GetIsRegisteredUser stops a
 * second registration; a full course (GetValidateCourseIsMaximumLimit) offers the waitlist. RegisterForCECourse.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetIsRegisteredUser, RegisterForCECourse, type RegistrationStatus } from '../../lib/api/ce-courses.ts';
import { DEFAULT_APP_NAME as APP_NAME } from '../../lib/api/contract.ts';
import { GetUserProfile } from '../../lib/api/manage-account.ts';
import { courseText } from '../../lib/ce-course-format.ts';
import { api } from '../../stores/api.ts';
import { $activeAgency } from '../../stores/user.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { Loading, type SignedInUser } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { EMPTY, fieldId, ParticipantFields, type Errors, type ParticipantField, type Values } from './fields.tsx';
import { clearSavedCourse, courseIdOfPage, CourseSummary, saveCourse, say, useCourse, type Words } from './shared.tsx';

/** What the agent edits here (the rest comes from the profile). */
const EDITABLE = ['Title', 'Phone', 'NpnId', 'Address', 'City', 'State', 'Zip'] as const satisfies readonly ParticipantField[];
const OPTIONAL = new Set<ParticipantField>(['Title', 'Phone', 'NpnId']);

/** Loaded on demand by CourseRegistration.tsx once the user and the words are there (the page's first visit stays within budget). */
export default function Registration({ user, t }: { user: SignedInUser; t: Words }) {
  const [courseId] = useState(courseIdOfPage);
  const [version, setVersion] = useState(0);
  const { state, retry } = useCourse(courseId, version);
  const agency = useStore($activeAgency);
  const profile = useCall('profile', () => api.call(GetUserProfile, {}, { ignoreErrors: true }));
  const registered = useCall(courseId === null ? null : `registered:${courseId}:${version}`, () => api.call(GetIsRegisteredUser, { courseId: String(courseId) }));
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ status: RegistrationStatus; position: number | null } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (courseId !== null) saveCourse(courseId);
  }, [courseId]);
  useEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);
  // The form starts from the profile and the active agency once they are here (a failed profile leaves those fields empty).
  useEffect(() => {
    if (values || profile.loading) return;
    const p = profile.data;
    setValues({
      ...EMPTY,
      FirstName: user.userDetails.firstName,
      LastName: user.userDetails.lastName,
      Email: user.userDetails.email,
      Title: p?.Title ?? '',
      Phone: p?.PrimaryPhone ?? '',
      NpnId: p?.NpnId ?? '',
      AgencyName: agency?.agencyName ?? '',
      Address: agency?.addressLine ?? '',
      City: agency?.city ?? '',
      State: agency?.stateCode ?? '',
      Zip: agency?.zipCode ?? '',
    });
  }, [values, profile.loading, profile.data, user, agency]);

  if (state === undefined || !values || registered.loading) return <Loading text={t('courses.form.loadingCourse')} />;
  if (state.failed || registered.failed)
    return (
      <div className="card flow" role="alert">
        <p>{t('messages.genericError')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => (retry(), registered.retry())}>
          {t('common.retry')}
        </button>
      </div>
    );
  const { course, seats } = state;
  const catalog = t.lang === 'es' ? '/es/dashboard/CECourseHome' : '/dashboard/CECourseHome';
  if (!course)
    return (
      <div className="card empty-state" data-testid="course-not-found">
        <h1>{t('courses.register.heading')}</h1>
        <p>{courseId === null ? t('courses.form.chooseCourse') : t('courses.form.courseNotFound')}</p>
        <a className="btn btn--primary" href={catalog}>
          {t('courses.form.toCatalog')}
        </a>
      </div>
    );
  const { title } = courseText(course, t.lang);

  if (done)
    return (
      <section className="card flow" data-testid={done.status === 'Waitlisted' ? 'registration-waitlisted' : 'registration-registered'}>
        <h1 tabIndex={-1} ref={headingRef}>
          {done.status === 'Waitlisted' ? t('courses.register.waitlistedTitle') : t('courses.register.registeredTitle')}
        </h1>
        <p>{done.status === 'Waitlisted' ? t('courses.register.waitlistedText', { title, position: done.position ?? '' }) : t('courses.register.registeredText', { title })}</p>
        <a className="btn btn--primary" href="/dashboard/CE-Course-Upcoming">
          {t('courses.register.toUpcoming')}
        </a>
      </section>
    );

  const already = registered.data?.isRegistered ? registered.data : null;
  const full = Boolean(seats?.isFull);
  const closed = Boolean(seats?.isClosed) || course.status === 'Cancelled';
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const input = {
      CourseID: course.courseId,
      ...(agency ? { AgencyNumber: agency.agencyNumber } : {}),
      Title: values.Title,
      Phone: values.Phone,
      NpnId: values.NpnId,
      Address: values.Address,
      City: values.City,
      State: values.State,
      Zip: values.Zip,
      ...(full ? { JoinWaitlist: true } : {}),
    };
    const parsed = RegisterForCECourse.request.safeParse({ AppName: APP_NAME, ...input });
    if (!parsed.success) {
      const errs: Errors = {};
      for (const i of parsed.error.issues) errs[String(i.path[0]) as ParticipantField] ??= say(t, i.message);
      setErrors(errs);
      setRefused((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const out = await api.call(RegisterForCECourse, input, { ignoreErrors: true });
      clearSavedCourse();
      setDone({ status: out.status, position: out.waitlistPosition });
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        const reply = err.body as { errors?: { path: string; message: string; code?: string }[] } | undefined;
        if (reply?.errors?.length) {
          const errs: Errors = {};
          for (const i of reply.errors) errs[i.path as ParticipantField] ??= say(t, i.message, i.code);
          setErrors(errs);
          setRefused((n) => n + 1);
        } else setFailure(t.message(replyOf(err)));
        // The seats or the registration may have changed meanwhile (full, already registered): ask again.
        setVersion((v) => v + 1);
      } else setFailure(t('messages.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flow" data-testid="course-registration">
      <div className="page-head">
        <h1>{t('courses.register.heading')}</h1>
        <p className="muted">{t('courses.register.intro')}</p>
      </div>
      <CourseSummary t={t} course={course} seats={seats} />
      {already ? (
        <section className="card flow" data-testid="already-registered">
          <h2>{t('courses.register.alreadyTitle')}</h2>
          <p>
            {already.status === 'Waitlisted'
              ? t('courses.register.alreadyWaitlisted', { position: already.waitlistPosition ?? '' })
              : already.status === 'Offered'
                ? t('courses.register.alreadyOffered')
                : already.status === 'PendingLink'
                  ? t('courses.register.alreadyPending')
                  : t('courses.register.alreadyRegistered')}
          </p>
          <a className="btn btn--primary" href="/dashboard/CE-Course-Upcoming">
            {t('courses.register.toUpcoming')}
          </a>
        </section>
      ) : (
        !closed && (
          <form className="card flow" onSubmit={(e) => void submit(e)} noValidate>
            <ErrorSummary title={t('courses.form.fix')} errors={EDITABLE.filter((f) => errors[f]).map((f) => ({ field: fieldId(f), text: errors[f]! }))} focusKey={refused} />
            {failure && (
              <p className="form-error" role="alert" data-testid="registration-error">
                {failure}
              </p>
            )}
            <h2>{t('courses.register.participant')}</h2>
            <dl className="details" data-testid="participant">
              <dt>{t('courses.form.firstName')}</dt>
              <dd>{values.FirstName}</dd>
              <dt>{t('courses.form.lastName')}</dt>
              <dd>{values.LastName}</dd>
              <dt>{t('courses.form.email')}</dt>
              <dd>{values.Email}</dd>
              {agency && (
                <>
                  <dt>{t('courses.form.agencyName')}</dt>
                  <dd>{agency.agencyName}</dd>
                  <dt>{t('courses.form.agencyNumber')}</dt>
                  <dd>{agency.agencyNumber}</dd>
                </>
              )}
            </dl>
            <ParticipantFields t={t} fields={EDITABLE} values={values} errors={errors} optionalFields={OPTIONAL} onChange={(f, v) => setValues((old) => old && { ...old, [f]: v })} />
            <p>
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? t('courses.form.registering') : full ? t('courses.form.joinWaitlist') : t('courses.form.register')}
              </button>
            </p>
          </form>
        )
      )}
    </section>
  );
}
