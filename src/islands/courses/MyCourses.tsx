/**
 * The agent's CE courses (spec section 2: CE-Course-Upcoming, CE-MyCourses, CE-Completed-MyCourses; issue 16), one
 * island with three views of GetMyCECourseList: status, waitlist position, the held seat of a waitlist offer (accept
 * or decline), cancellation up to the start (UpdateMyCECourseRegistration, after a confirmation), and completed
 * courses with their credit hours and certificate.
 */
import { useEffect, useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetMyCECourseList, UpdateMyCECourseRegistration, type MyCourse } from '../../lib/api/ce-courses.ts';
import { courseDate, courseText, courseTimes, venueLine } from '../../lib/ce-course-format.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { downloadCeCertificate } from '../shared/ce-certificate.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { CallView, UserGate } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import type { Words } from './shared.tsx';
import { MY_COURSES_ROUTE as ROUTE, MY_COURSES_TITLE as TITLE, MY_COURSES_VIEWS, type MyCoursesView } from '../../lib/ce-my-courses.ts';

const EMPTY_TEXT = { upcoming: 'courses.mine.emptyUpcoming', all: 'courses.mine.emptyAll', completed: 'courses.mine.emptyCompleted' } as const;

type Action = 'cancel' | 'acceptOffer' | 'declineOffer';

export default function MyCourses({ view }: { view: MyCoursesView }) {
  const t = useT('courses', 'messages');
  return <UserGate t={t}>{(_user, words) => <List view={view} t={words} />}</UserGate>;
}

function List({ view, t }: { view: MyCoursesView; t: Words }) {
  const [version, setVersion] = useState(0);
  const call = useCall(`my-courses:${view}:${version}`, () => api.call(GetMyCECourseList, { view }));
  const [asking, setAsking] = useState<{ course: MyCourse; action: 'cancel' | 'declineOffer' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [focusTarget, focusLater] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget || call.loading) return;
    (document.getElementById(focusTarget) ?? document.getElementById('my-courses-title'))?.focus();
    focusLater(null);
  }, [focusTarget, call.loading]);

  const act = async (c: MyCourse, action: Action) => {
    setError(null);
    try {
      await withWaiting(() => api.call(UpdateMyCECourseRegistration, { RegistrationID: c.registrationId, Action: action }, { ignoreErrors: true }));
      setAsking(null);
      showAlert('success', t(action === 'cancel' ? 'courses.mine.cancelledDone' : action === 'acceptOffer' ? 'courses.mine.acceptedDone' : 'courses.mine.declinedDone'));
      setVersion((v) => v + 1);
      focusLater(`my-course-${c.registrationId}`);
    } catch (err) {
      const text = err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError');
      if (action === 'acceptOffer') showAlert('warning', text);
      else setError(text);
    }
  };

  return (
    <section className="flow" data-testid="my-courses">
      <div className="page-head">
        <h1 id="my-courses-title" tabIndex={-1}>
          {t(TITLE[view])}
        </h1>
      </div>
      <p className="my-courses-intro">{t('courses.mine.intro')}</p>
      <nav aria-label={t('courses.mine.tabsLabel')} className="my-courses-tabs">
        {MY_COURSES_VIEWS.map((v) => (
          <a key={v} className="btn btn--secondary" href={ROUTE[v]} aria-current={v === view ? 'page' : undefined}>
            {t(TITLE[v])}
          </a>
        ))}
      </nav>
      <CallView
        call={call}
        loadingText={t('courses.mine.loading')}
        failedText={t('courses.mine.loadFailed')}
        isEmpty={(d) => d.length === 0}
        emptyText={t(EMPTY_TEXT[view])}
      >
        {(list) => (
          <ul className="course-list" data-testid="my-course-list">
            {list.map((c) => (
              <MyCourseItem key={c.registrationId} t={t} c={c} onAct={(action) => (action === 'acceptOffer' ? void act(c, action) : (setError(null), setAsking({ course: c, action })))} />
            ))}
          </ul>
        )}
      </CallView>
      {view !== 'completed' && call.data && (
        <p>
          <a href={t.lang === 'es' ? '/es/dashboard/CECourseHome' : '/dashboard/CECourseHome'}>{t('courses.mine.browse')}</a>
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={asking.action === 'cancel' ? t('courses.mine.confirmCancelTitle') : t('courses.mine.confirmDeclineTitle')}
          text={t(asking.action === 'cancel' ? 'courses.mine.confirmCancelText' : 'courses.mine.confirmDeclineText', { title: courseText(asking.course.course, t.lang).title })}
          confirmLabel={asking.action === 'cancel' ? t('courses.mine.confirmCancel') : t('courses.mine.confirmDecline')}
          cancelLabel={t('courses.mine.keep')}
          tone="destructive"
          error={error}
          onConfirm={() => void act(asking.course, asking.action)}
          onCancel={() => {
            focusLater(`my-course-${asking.action}-${asking.course.registrationId}`);
            setAsking(null);
          }}
        />
      )}
    </section>
  );
}

function MyCourseItem({ t, c, onAct }: { t: Words; c: MyCourse; onAct: (a: Action) => void }) {
  /** The certificate's PDF (GetCECertificate); an alert when it cannot be had. */
  const onCertificate = async () => {
    if (!(await withWaiting(() => downloadCeCertificate(c.registrationId)))) showAlert('warning', t('courses.mine.certificateFailed'));
  };
  const { title } = courseText(c.course, t.lang);
  const live = c.status === 'Registered' || c.status === 'Waitlisted' || c.status === 'Offered' || c.status === 'PendingLink';
  return (
    <li className="card my-course" data-testid="my-course" data-status={c.status}>
      <h2 id={`my-course-${c.registrationId}`} tabIndex={-1}>
        {title}
      </h2>
      <p className="my-course__meta">
        <span>
          {courseDate(c.course, t.lang)} · {courseTimes(c.course, t.lang)}
        </span>
        <span>{c.course.venue ? venueLine(c.course.venue) : t('courses.mine.webinar')}</span>
        <span>
          {t('courses.mine.creditHours')}: {c.course.creditHours}
        </span>
      </p>
      <p>
        <span className="muted">{t('courses.mine.status')}: </span>
        <strong data-testid="my-course-status">{t.dynamic(`courses.status.${c.status}`, c.status)}</strong>
        {c.status === 'Waitlisted' && c.waitlistPosition !== null && <> · {t('courses.mine.waitlistPosition', { position: c.waitlistPosition })}</>}
      </p>
      {c.status === 'Offered' && c.offerExpiresAt && <p className="notice notice--warning">{t('courses.mine.offerUntil', { date: formatDateTime(c.offerExpiresAt, t.lang) })}</p>}
      {c.status === 'Attended' && (
        <>
          {c.attendedAt && <p>{t('courses.mine.completedOn', { date: courseDate({ ...c.course, startsAt: c.attendedAt }, t.lang) })}</p>}
          <div className="my-course__certificate">
            {c.certificateCode && (
              <p className="muted">
                {t('courses.mine.certificate')}: {t('courses.mine.certificateCode', { code: c.certificateCode })}
              </p>
            )}
            <button type="button" className="btn btn--secondary" onClick={() => onCertificate()}>
              {t('courses.mine.downloadCertificate')}
            </button>
          </div>
        </>
      )}
      {live && (
        <div className="my-course__actions">
          {c.status === 'Offered' && (
            <>
              <button type="button" className="btn btn--primary" id={`my-course-acceptOffer-${c.registrationId}`} onClick={() => onAct('acceptOffer')}>
                {t('courses.mine.accept')}
              </button>
              <button type="button" className="btn btn--secondary" id={`my-course-declineOffer-${c.registrationId}`} onClick={() => onAct('declineOffer')}>
                {t('courses.mine.decline')}
              </button>
            </>
          )}
          {c.canCancel && c.status !== 'Offered' && (
            <button type="button" className="btn btn--secondary" id={`my-course-cancel-${c.registrationId}`} onClick={() => onAct('cancel')}>
              {t('courses.mine.cancel')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
