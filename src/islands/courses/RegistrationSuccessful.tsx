/**
 * registration-successful (spec section 2; issue 16): the page the emailed links open. It reads `#token=` (a fragment:
 * never sent to a server in a request line or a Referer), posts it to ConfirmCECourseLink and says where the
 * registrant stands: registered, waitlisted (the course filled meanwhile) or the link is not valid or has expired.
 */
import { useEffect, useRef, useState } from 'react';
import { ConfirmCECourseLink, GetCECourseDetailByCourseID } from '../../lib/api/ce-courses.ts';
import { courseText } from '../../lib/ce-course-format.ts';
import { Loading } from '../shared/PageState.tsx';
import { pageLang, useT } from '../shared/use-t.ts';
import { callPublic, clearSavedCourse, failureText } from './shared.tsx';

type Outcome = { kind: 'registered' | 'waitlisted'; title: string; position: number | null } | { kind: 'invalid' } | { kind: 'failed'; status: number; message: string; code?: string | undefined };

export default function RegistrationSuccessful() {
  const t = useT('courses', 'messages');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) {
      setOutcome({ kind: 'invalid' });
      return;
    }
    let live = true;
    void callPublic(ConfirmCECourseLink, { Token: token }).then(async (out) => {
      if (!live) return;
      if (!out.ok) {
        setOutcome(out.status >= 400 && out.status < 500 ? { kind: 'invalid' } : { kind: 'failed', ...out });
        return;
      }
      clearSavedCourse();
      const course = await callPublic(GetCECourseDetailByCourseID, { courseId: String(out.result.courseId) });
      if (!live) return;
      const title = course.ok ? courseText(course.result, pageLang()).title : '';
      setOutcome({ kind: out.result.status === 'Waitlisted' ? 'waitlisted' : 'registered', title, position: out.result.waitlistPosition });
    });
    return () => {
      live = false;
    };
  }, [attempt]);
  // Another emailed link opened in this tab changes only the fragment (no new page): confirm that one too.
  useEffect(() => {
    const again = () => (setOutcome(null), setAttempt((n) => n + 1));
    window.addEventListener('hashchange', again);
    return () => window.removeEventListener('hashchange', again);
  }, []);
  useEffect(() => {
    if (outcome) headingRef.current?.focus();
  }, [outcome]);
  if (!t || !outcome) return <Loading text={t ? t('courses.successful.confirming') : '…'} />;
  const catalog = t.lang === 'es' ? '/es/dashboard/CECourseHome' : '/dashboard/CECourseHome';
  if (outcome.kind === 'failed')
    return (
      <section className="card flow" role="alert">
        <p>{failureText(t, outcome)}</p>
        <button type="button" className="btn btn--secondary" onClick={() => (setOutcome(null), setAttempt((n) => n + 1))}>
          {t('common.retry')}
        </button>
      </section>
    );
  if (outcome.kind === 'invalid')
    return (
      <section className="card flow" data-testid="registration-link-invalid">
        <h1 tabIndex={-1} ref={headingRef}>
          {t('courses.successful.invalidTitle')}
        </h1>
        <p>{t('courses.successful.invalidText')}</p>
        <a className="btn btn--primary" href={catalog}>
          {t('courses.successful.toCatalog')}
        </a>
      </section>
    );
  return (
    <section className="card flow" data-testid={`registration-${outcome.kind}`}>
      <h1 tabIndex={-1} ref={headingRef}>
        {outcome.kind === 'registered' ? t('courses.successful.registeredTitle') : t('courses.successful.waitlistedTitle')}
      </h1>
      <p>
        {outcome.kind === 'registered'
          ? t('courses.successful.registeredText', { title: outcome.title })
          : t('courses.successful.waitlistedText', { title: outcome.title, position: outcome.position ?? '' })}
      </p>
      <p className="course-actions">
        <a className="btn btn--primary" href={catalog}>
          {t('courses.successful.toCatalog')}
        </a>
        <a className="btn btn--secondary" href="/dashboard/CE-MyCourses">
          {t('courses.successful.toMyCourses')}
        </a>
      </p>
    </section>
  );
}
