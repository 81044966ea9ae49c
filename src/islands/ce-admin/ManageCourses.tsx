/**
 * manage-CEcourses (issue 16): upcoming and past courses with seats taken / capacity, waitlist length and a small
 * chart of registrations over time (inline SVG with a table alternative, loaded when opened), edit, roster, and delete
 * or cancel after a confirmation (a course with attendance can only be cancelled). Every registrant is emailed.
 */
import { useEffect, useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { DeleteCECourse, GetCECourseStats } from '../../lib/api/ce-admin.ts';
import { GetCECourseList, type Course } from '../../lib/api/ce-courses.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import type { Translator } from '../../lib/i18n.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { CallView, Empty } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

type Words = Translator<'ceAdmin' | 'messages' | 'common'>;

export default function ManageCourses() {
  const t = useT('ceAdmin', 'messages');
  const [version, setVersion] = useState(0);
  const call = useCall(`ce-courses:${version}`, () => api.call(GetCECourseList, { includePast: 'true' }));
  const [removing, setRemoving] = useState<{ course: Course; action: 'delete' | 'cancel' } | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [focusTarget, focusLater] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    focusLater(null);
  }, [focusTarget, call.data]);
  if (!t) return null;

  const remove = async () => {
    if (!removing) return;
    try {
      await withWaiting(() => api.call(DeleteCECourse, { CourseID: removing.course.courseId, Action: removing.action }, { ignoreErrors: true }));
      showAlert('success', t(removing.action === 'delete' ? 'ceAdmin.manage.deleted' : 'ceAdmin.manage.cancelledDone'));
      setRemoving(null);
      setVersion((v) => v + 1);
      focusLater('ce-create');
    } catch (err) {
      const reply = err instanceof ApiError && err.status < 500 ? replyOf(err) : null;
      // A course with attendance: offer to cancel it instead.
      if (reply?.code === 'ceDeleteAttended') {
        setRemoveError(null);
        setRemoving({ course: removing.course, action: 'cancel' });
        return;
      }
      setRemoveError(reply ? t.message(reply) : t('messages.genericError'));
    }
  };

  return (
    <section className="flow" data-testid="ce-manage">
      <div className="page-head">
        <h1>{t('ceAdmin.manage.title')}</h1>
        <p className="muted">{t('ceAdmin.manage.intro')}</p>
      </div>
      <p>
        <a id="ce-create" className="btn btn--primary" href="/dashboard/create-CE-course">
          {t('ceAdmin.manage.create')}
        </a>
      </p>
      <CallView call={call} loadingText={t('ceAdmin.manage.loading')} failedText={t('ceAdmin.manage.loadFailed')}>
        {(list) => {
          const now = Date.now();
          const upcoming = list.filter((c) => c.status === 'Scheduled' && new Date(c.endsAt).getTime() > now);
          const past = list.filter((c) => !upcoming.includes(c)).reverse();
          const onRemove = (course: Course) => {
            setRemoveError(null);
            setRemoving({ course, action: 'delete' });
          };
          return (
            <>
              <h2>{t('ceAdmin.manage.upcoming')}</h2>
              {upcoming.length ? <CourseTable t={t} list={upcoming} label={t('ceAdmin.manage.upcoming')} onRemove={onRemove} /> : <Empty text={t('ceAdmin.manage.noUpcoming')} />}
              <h2>{t('ceAdmin.manage.past')}</h2>
              {past.length ? <CourseTable t={t} list={past} label={t('ceAdmin.manage.past')} onRemove={onRemove} /> : <Empty text={t('ceAdmin.manage.noPast')} />}
            </>
          );
        }}
      </CallView>
      {removing && (
        <ConfirmDialog
          title={t(removing.action === 'delete' ? 'ceAdmin.manage.deleteTitle' : 'ceAdmin.manage.cancelTitle')}
          text={t(removing.action === 'delete' ? 'ceAdmin.manage.deleteText' : 'ceAdmin.manage.cancelText', { title: removing.course.title })}
          confirmLabel={t(removing.action === 'delete' ? 'ceAdmin.manage.deleteConfirm' : 'ceAdmin.manage.cancelConfirm')}
          cancelLabel={t('ceAdmin.manage.keep')}
          tone="destructive"
          error={removeError}
          onConfirm={() => void remove()}
          onCancel={() => {
            focusLater(`ce-remove-${removing.course.courseId}`);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

function CourseTable({ t, list, label, onRemove }: { t: Words; list: Course[]; label: string; onRemove: (c: Course) => void }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="table" data-testid="ce-course-table">
        <thead>
          <tr>
            <th scope="col">{t('ceAdmin.manage.colCourse')}</th>
            <th scope="col">{t('ceAdmin.manage.colWhen')}</th>
            <th scope="col">{t('ceAdmin.manage.colSeats')}</th>
            <th scope="col">{t('ceAdmin.manage.colWaitlist')}</th>
            <th scope="col">{t('ceAdmin.manage.colRegistrations')}</th>
            <th scope="col">{t('ceAdmin.manage.colActions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((c) => {
            const title = t.lang === 'es' ? c.titleEs : c.title;
            return (
              <tr key={c.courseId} id={`course-${c.courseId}`} data-testid="ce-course-row">
                <th scope="row">
                  {title}
                  <span className="table__sub">
                    {c.status === 'Cancelled' ? t('ceAdmin.manage.cancelled') : c.venue ? `${c.venue.name}, ${c.venue.city}` : t('ceAdmin.manage.webinar')}
                  </span>
                </th>
                <td>{formatDateTime(c.startsAt, t.lang)}</td>
                <td data-testid="ce-seats">{t('ceAdmin.manage.seats', { taken: c.seatsTaken, capacity: c.capacity })}</td>
                <td data-testid="ce-waitlist">{c.waitlistCount}</td>
                <td>
                  <RegistrationsChart t={t} course={c} title={title} />
                </td>
                <td>
                  <div className="banner-actions">
                    {c.status === 'Scheduled' && (
                      <a className="btn btn--secondary" href={`/dashboard/create-CE-course?courseId=${c.courseId}`} aria-label={t('ceAdmin.manage.editNamed', { title })}>
                        {t('ceAdmin.manage.edit')}
                      </a>
                    )}
                    <a className="btn btn--secondary" href={`/dashboard/ce-course-roster?courseId=${c.courseId}`} aria-label={t('ceAdmin.manage.rosterNamed', { title })}>
                      {t('ceAdmin.manage.roster')}
                    </a>
                    <button id={`ce-remove-${c.courseId}`} type="button" className="btn btn--secondary" aria-label={t('ceAdmin.manage.removeNamed', { title })} onClick={() => onRemove(c)}>
                      {t('ceAdmin.manage.remove')}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Registrations per day as bars (inline SVG), with the same numbers as a table behind "Show as a table". */
function RegistrationsChart({ t, course, title }: { t: Words; course: Course; title: string }) {
  const stats = useCall(`ce-stats:${course.courseId}`, () => api.call(GetCECourseStats, { courseId: String(course.courseId) }, { ignoreErrors: true }));
  return (
    <CallView call={stats}>
      {(s) => {
        if (!s.days.length) return <span className="muted">{t('ceAdmin.manage.chartEmpty')}</span>;
        const max = Math.max(...s.days.map((d) => d.registrations));
        const w = 160;
        const h = 40;
        const bar = w / s.days.length;
        return (
          <div className="ce-chart">
            <svg className="ce-chart__svg" role="img" aria-label={t('ceAdmin.manage.chartLabel', { title })} viewBox={`0 0 ${w} ${h}`} width={w} height={h}>
              {s.days.map((d, i) => {
                const bh = Math.max(2, (d.registrations / max) * (h - 2));
                return <rect key={d.day} x={i * bar + 1} y={h - bh} width={Math.max(1, Math.min(24, bar - 2))} height={bh} />;
              })}
            </svg>
            <details>
              <summary>{t('ceAdmin.manage.chartTable')}</summary>
              <table className="table">
                <caption className="visually-hidden">{t('ceAdmin.manage.chartLabel', { title })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('ceAdmin.manage.colDay')}</th>
                    <th scope="col">{t('ceAdmin.manage.colCount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.days.map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>{d.registrations}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </div>
        );
      }}
    </CallView>
  );
}
