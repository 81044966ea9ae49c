/**
 * The roster of a course (/dashboard/ce-course-roster?courseId=, issue 16): registrants with NPN, license state,
 * agency, status, registered and attended times; attendance marked on the day (a certificate is issued, and can be
 * downloaded), undone until the end of the course day; Export to CSV in the columns state regulators ask for (name,
 * NPN, license state, course id, hours, completion date).
 */
import { useState } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetCECourseRoster, MarkCECourseAttendance, type RosterEntry } from '../../lib/api/ce-admin.ts';
import type { Course } from '../../lib/api/ce-courses.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import type { Translator } from '../../lib/i18n.ts';
import { wallClockIn } from '../../lib/time-zone.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { downloadCeCertificate } from '../shared/ce-certificate.ts';
import { downloadText } from '../shared/download.ts';
import { CallView, Empty } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

type Words = Translator<'ceAdmin' | 'messages' | 'common'>;

export default function Roster() {
  const t = useT('ceAdmin', 'messages');
  const courseId = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('courseId') ?? '');
  const call = useCall(/^\d{1,9}$/.test(courseId) ? `ce-roster:${courseId}` : null, () => api.call(GetCECourseRoster, { courseId }));
  if (!t) return null;
  return (
    <section className="flow" data-testid="ce-roster">
      <p>
        <a href="/dashboard/manage-CEcourses">{t('ceAdmin.roster.back')}</a>
      </p>
      <CallView call={call} loadingText={t('ceAdmin.roster.loading')} failedText={t('ceAdmin.roster.loadFailed')}>
        {(data) => <RosterView t={t} course={data.course} initial={data.registrants} />}
      </CallView>
      {!/^\d{1,9}$/.test(courseId) && <Empty text={t('ceAdmin.roster.loadFailed')} />}
    </section>
  );
}

function RosterView({ t, course, initial }: { t: Words; course: Course; initial: RosterEntry[] }) {
  const [rows, setRows] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  const title = t.lang === 'es' ? course.titleEs : course.title;
  const name = (r: RosterEntry) => `${r.firstName} ${r.lastName}`;

  const mark = async (r: RosterEntry, attended: boolean) => {
    setBusy(r.registrationId);
    try {
      const next = await api.call(MarkCECourseAttendance, { RegistrationID: r.registrationId, Attended: attended }, { ignoreErrors: true });
      setRows((list) => list.map((x) => (x.registrationId === next.registrationId ? next : x)));
      showAlert('success', t(attended ? 'ceAdmin.roster.markedDone' : 'ceAdmin.roster.unmarkedDone', { name: name(r) }));
    } catch (err) {
      showAlert('warning', err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError'));
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = () => {
    const completed = wallClockIn(new Date(course.startsAt), course.timeZoneId).day;
    const header = [t('ceAdmin.roster.csvName'), t('ceAdmin.roster.csvNpn'), t('ceAdmin.roster.csvLicense'), t('ceAdmin.roster.csvCourse'), t('ceAdmin.roster.csvHours'), t('ceAdmin.roster.csvCompleted')];
    const body = rows.filter((r) => r.status === 'Attended').map((r) => [name(r), r.npnId ?? '', r.licenseState ?? '', course.courseId, course.creditHours, completed]);
    downloadText(`ce-course-${course.courseId}-roster.csv`, toCsv([header, ...body]));
  };

  const live = rows.filter((r) => r.status === 'Registered' || r.status === 'Offered' || r.status === 'Attended');
  return (
    <>
      <div className="page-head">
        <h1>
          {t('ceAdmin.roster.title')}: {title}
        </h1>
        <p className="muted">
          {formatDateTime(course.startsAt, t.lang)} · {t('ceAdmin.roster.summary', { taken: course.seatsTaken, capacity: course.capacity, waitlist: course.waitlistCount })}
        </p>
      </div>
      <p>
        <button type="button" className="btn btn--secondary" onClick={exportCsv} data-testid="ce-roster-export">
          {t('ceAdmin.roster.exportCsv')}
        </button>
      </p>
      {rows.length === 0 ? (
        <Empty text={t('ceAdmin.roster.empty')} />
      ) : (
        <div className="table-wrap" role="region" aria-label={t('ceAdmin.roster.title')} tabIndex={0}>
          <table className="table" data-testid="ce-roster-table">
            <thead>
              <tr>
                <th scope="col">{t('ceAdmin.roster.colAttended')}</th>
                <th scope="col">{t('ceAdmin.roster.colName')}</th>
                <th scope="col">{t('ceAdmin.roster.colNpn')}</th>
                <th scope="col">{t('ceAdmin.roster.colLicense')}</th>
                <th scope="col">{t('ceAdmin.roster.colAgency')}</th>
                <th scope="col">{t('ceAdmin.roster.colStatus')}</th>
                <th scope="col">{t('ceAdmin.roster.colRegistered')}</th>
                <th scope="col">{t('ceAdmin.roster.certificate')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const canMark = live.includes(r) && (r.status !== 'Attended' || r.canUnmark);
                return (
                  <tr key={r.registrationId} data-testid="ce-roster-row">
                    <td>
                      {live.includes(r) && (
                        <input
                          type="checkbox"
                          checked={r.status === 'Attended'}
                          disabled={!canMark || busy === r.registrationId}
                          aria-label={t('ceAdmin.roster.attendedNamed', { name: name(r) })}
                          onChange={(e) => void mark(r, e.target.checked)}
                        />
                      )}
                    </td>
                    <th scope="row">
                      {name(r)}
                      <span className="table__sub">{r.email}</span>
                    </th>
                    <td>{r.npnId ?? '—'}</td>
                    <td>{r.licenseState ?? '—'}</td>
                    <td>{r.agencyName ?? '—'}</td>
                    <td>{t(`ceAdmin.roster.status.${r.status}`)}</td>
                    <td>{formatDateTime(r.registeredAt, t.lang)}</td>
                    <td>
                      {r.status === 'Attended' && r.certificateCode && (
                        <button
                          type="button"
                          className="btn btn--secondary"
                          aria-label={t('ceAdmin.roster.certificateNamed', { name: name(r) })}
                          onClick={() => void downloadCeCertificate(r.registrationId).then((ok) => ok || showAlert('warning', t('messages.genericError')))}
                        >
                          {t('ceAdmin.roster.certificate')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
