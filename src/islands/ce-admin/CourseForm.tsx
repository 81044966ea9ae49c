/**
 * create-CE-course (issue 16): the CE admins' course form — both languages' title and description, credit hours,
 * states approved, format with venue or webinar link, date and times with time zone, capacity, image upload with a
 * preview, three meals with their times, the registration contact. `?courseId=` edits a course. The rules are
 * src/lib/ce-course.ts, checked here on Save and again by SaveCourse; errors are summarised and focused, and nothing
 * typed is lost on a refused save.
 */
import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import { ApiError, replyOf } from '../../lib/api/client.ts';
import { GetCECourseRoster, SaveCourse, UploadCECourseImage } from '../../lib/api/ce-admin.ts';
import type { Course } from '../../lib/api/ce-courses.ts';
import { GetStates, GetTimeZones } from '../../lib/api/states.ts';
import { COURSE_MESSAGES, courseProblems, MAX_IMAGE_BYTES, type CourseFields } from '../../lib/ce-course.ts';
import type { Key, ServerMessage, Translator } from '../../lib/i18n.ts';
import { wallClockIn } from '../../lib/time-zone.ts';
import { showAlert } from '../../stores/alerts.ts';
import { api } from '../../stores/api.ts';
import { withWaiting } from '../../stores/waiting.ts';
import ErrorSummary from '../shared/ErrorSummary.tsx';
import { Field } from '../shared/Field.tsx';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';
import { readBase64 } from '../shared/read-file.ts';

type Words = Translator<'ceAdmin' | 'messages' | 'common'>;

/** Each rule's message in the `messages` namespace (the server's codes). */
const CODES: Record<string, Key<'messages'>> = {
  [COURSE_MESSAGES.titleRequired]: 'messages.ceTitleRequired',
  [COURSE_MESSAGES.titleEsRequired]: 'messages.ceTitleEsRequired',
  [COURSE_MESSAGES.descriptionRequired]: 'messages.ceDescriptionRequired',
  [COURSE_MESSAGES.descriptionEsRequired]: 'messages.ceDescriptionEsRequired',
  [COURSE_MESSAGES.creditHours]: 'messages.ceCreditHours',
  [COURSE_MESSAGES.statesRequired]: 'messages.ceStatesRequired',
  [COURSE_MESSAGES.statesInvalid]: 'messages.ceStatesInvalid',
  [COURSE_MESSAGES.venueNameRequired]: 'messages.ceVenueNameRequired',
  [COURSE_MESSAGES.venueAddressRequired]: 'messages.ceVenueAddressRequired',
  [COURSE_MESSAGES.venueCityRequired]: 'messages.ceVenueCityRequired',
  [COURSE_MESSAGES.venueState]: 'messages.state',
  [COURSE_MESSAGES.venueZip]: 'messages.zipInvalid',
  [COURSE_MESSAGES.webinarUrlRequired]: 'messages.ceWebinarUrlRequired',
  [COURSE_MESSAGES.webinarUrlInvalid]: 'messages.ceWebinarUrlInvalid',
  [COURSE_MESSAGES.dateRequired]: 'messages.ceDateRequired',
  [COURSE_MESSAGES.dateInvalid]: 'messages.dateInvalid',
  [COURSE_MESSAGES.startTimeRequired]: 'messages.ceStartTimeRequired',
  [COURSE_MESSAGES.endTimeRequired]: 'messages.ceEndTimeRequired',
  [COURSE_MESSAGES.timeInvalid]: 'messages.ceTimeInvalid',
  [COURSE_MESSAGES.endAfterStart]: 'messages.ceEndAfterStart',
  [COURSE_MESSAGES.timeZoneRequired]: 'messages.ceTimeZoneRequired',
  [COURSE_MESSAGES.capacity]: 'messages.ceCapacity',
  [COURSE_MESSAGES.mealsMax]: 'messages.ceMealsMax',
  [COURSE_MESSAGES.mealNameRequired]: 'messages.ceMealNameRequired',
  [COURSE_MESSAGES.contactEmail]: 'messages.emailInvalid',
  [COURSE_MESSAGES.contactPhone]: 'messages.phoneInvalid',
};

interface Form {
  Title: string;
  TitleEs: string;
  Description: string;
  DescriptionEs: string;
  CreditHours: string;
  StatesApproved: string[];
  Format: 'InPerson' | 'Webinar';
  VenueName: string;
  VenueAddress: string;
  VenueCity: string;
  VenueState: string;
  VenueZip: string;
  WebinarUrl: string;
  Date: string;
  StartTime: string;
  EndTime: string;
  TimeZoneId: string;
  Capacity: string;
  Meals: { Name: string; Time: string }[];
  ImageID: number | null;
  ImageUrl: string | null;
  ContactName: string;
  ContactEmail: string;
  ContactPhone: string;
}

const EMPTY: Form = {
  Title: '',
  TitleEs: '',
  Description: '',
  DescriptionEs: '',
  CreditHours: '',
  StatesApproved: [],
  Format: 'InPerson',
  VenueName: '',
  VenueAddress: '',
  VenueCity: '',
  VenueState: '',
  VenueZip: '',
  WebinarUrl: '',
  Date: '',
  StartTime: '',
  EndTime: '',
  TimeZoneId: '',
  Capacity: '',
  Meals: [0, 1, 2].map(() => ({ Name: '', Time: '' })),
  ImageID: null,
  ImageUrl: null,
  ContactName: '',
  ContactEmail: '',
  ContactPhone: '',
};

/** The form of a saved course (its instants shown as date and times in its own time zone). */
function formOf(c: Course): Form {
  const start = wallClockIn(new Date(c.startsAt), c.timeZoneId);
  const end = wallClockIn(new Date(c.endsAt), c.timeZoneId);
  const meals = [0, 1, 2].map((i) => ({ Name: c.meals[i]?.name ?? '', Time: c.meals[i]?.time ?? '' }));
  return {
    ...EMPTY,
    Title: c.title,
    TitleEs: c.titleEs,
    Description: c.description,
    DescriptionEs: c.descriptionEs,
    CreditHours: String(c.creditHours),
    StatesApproved: c.statesApproved,
    Format: c.format,
    VenueName: c.venue?.name ?? '',
    VenueAddress: c.venue?.address ?? '',
    VenueCity: c.venue?.city ?? '',
    VenueState: c.venue?.state ?? '',
    VenueZip: c.venue?.zip ?? '',
    WebinarUrl: c.webinarUrl ?? '',
    Date: start.day,
    StartTime: start.time,
    EndTime: end.time,
    TimeZoneId: c.timeZoneId,
    Capacity: String(c.capacity),
    Meals: meals,
    ImageID: c.imageUrl ? Number(/imageId=(\d+)/.exec(c.imageUrl)?.[1]) || null : null,
    ImageUrl: c.imageUrl,
    ContactName: c.contact?.name ?? '',
    ContactEmail: c.contact?.email ?? '',
    ContactPhone: c.contact?.phone ?? '',
  };
}

/** What SaveCourse gets (meals left empty are skipped). */
function fieldsOf(f: Form): CourseFields & { ImageID: number | null } {
  const num = (v: string) => (v.trim() === '' ? NaN : Number(v));
  const inPerson = f.Format === 'InPerson';
  return {
    Title: f.Title,
    TitleEs: f.TitleEs,
    Description: f.Description,
    DescriptionEs: f.DescriptionEs,
    CreditHours: num(f.CreditHours),
    StatesApproved: f.StatesApproved,
    Format: f.Format,
    VenueName: inPerson ? f.VenueName : null,
    VenueAddress: inPerson ? f.VenueAddress : null,
    VenueCity: inPerson ? f.VenueCity : null,
    VenueState: inPerson ? f.VenueState : null,
    VenueZip: inPerson ? f.VenueZip : null,
    WebinarUrl: inPerson ? null : f.WebinarUrl,
    Date: f.Date,
    StartTime: f.StartTime,
    EndTime: f.EndTime,
    TimeZoneId: f.TimeZoneId,
    Capacity: num(f.Capacity),
    Meals: f.Meals.filter((m) => m.Name.trim() || m.Time.trim()),
    ImageID: f.ImageID,
    ContactName: f.ContactName,
    ContactEmail: f.ContactEmail,
    ContactPhone: f.ContactPhone,
  };
}

const fieldId = (f: string) => `course-${f.replace(/\./g, '-')}`;
/** A meal error's field ('Meals.1.Time') → the id of its input (skipped empty meals shift the index back). */
function mealFieldId(path: string, form: Form): string {
  const m = /^Meals\.(\d+)\.(Name|Time)$/.exec(path);
  if (!m) return fieldId(path);
  const kept = form.Meals.map((x, i) => (x.Name.trim() || x.Time.trim() ? i : -1)).filter((i) => i >= 0);
  return fieldId(`Meals.${kept[Number(m[1])] ?? m[1]}.${m[2]}`);
}

export default function CourseForm() {
  const t = useT('ceAdmin', 'messages');
  const courseId = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('courseId');
  const validId = courseId && /^\d{1,9}$/.test(courseId) ? courseId : null;
  const existing = useCall(validId ? `ce-course:${validId}` : null, async () => (await api.call(GetCECourseRoster, { courseId: validId! })).course);
  if (!t) return null;
  return (
    <section className="flow ce-course-form" data-testid="ce-course-form">
      <div className="page-head">
        <h1>{t(validId ? 'ceAdmin.form.editTitle' : 'ceAdmin.form.createTitle')}</h1>
        <p className="muted">{t('ceAdmin.form.intro')}</p>
      </div>
      {validId ? (
        <CallView call={existing} loadingText={t('ceAdmin.form.loading')} failedText={t('ceAdmin.form.loadFailed')}>
          {(course) => <Editor t={t} course={course} />}
        </CallView>
      ) : (
        <Editor t={t} course={null} />
      )}
    </section>
  );
}

function Editor({ t, course }: { t: Words; course: Course | null }) {
  const states = useCall('states', () => api.call(GetStates, {}));
  const zones = useCall('time-zones', () => api.call(GetTimeZones, {}));
  const [form, setForm] = useState<Form>(() => (course ? formOf(course) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState(0);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setImageError(null);
    if (!file) return;
    if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type)) return setImageError(t('messages.ceImageType'));
    if (file.size > MAX_IMAGE_BYTES) return setImageError(t('messages.ceImageSize'));
    setUploading(true);
    try {
      const up = await api.call(UploadCECourseImage, { ContentBase64: await readBase64(file) }, { ignoreErrors: true });
      setForm((f) => ({ ...f, ImageID: up.imageId, ImageUrl: up.imageUrl }));
    } catch (err) {
      setImageError(err instanceof ApiError && err.status < 500 ? t.message(replyOf(err)) : t('messages.genericError'));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = fieldsOf(form);
    const problems = courseProblems(fields);
    const mine: Record<string, string> = {};
    for (const p of problems) mine[mealFieldId(p.field, form)] ??= CODES[p.message] ? t(CODES[p.message]!) : p.message;
    setErrors(mine);
    setFormError(null);
    if (problems.length) return setRefused((n) => n + 1);
    setBusy(true);
    try {
      const saved = await withWaiting(() => api.call(SaveCourse, { ...fields, ...(course ? { CourseID: course.courseId } : {}) } as never, { ignoreErrors: true }));
      showAlert('success', t(course ? 'ceAdmin.form.saved' : 'ceAdmin.form.created'));
      location.assign(`/dashboard/manage-CEcourses#course-${saved.courseId}`);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        const reply = replyOf(err);
        const fromServer: Record<string, string> = {};
        for (const fe of reply.errors ?? []) {
          const path = (fe as ServerMessage & { path?: string }).path;
          if (path && path !== '(body)') fromServer[mealFieldId(path, form)] ??= t.message(fe);
        }
        setErrors(fromServer);
        if (Object.keys(fromServer).length === 0) setFormError(t.message(reply));
      } else setFormError(t('messages.genericError'));
      setRefused((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const req = { marker: t('ceAdmin.required'), markerClass: 'req' as const };
  const opt = { marker: t('ceAdmin.optional') };
  const text = (k: 'Title' | 'TitleEs' | 'VenueName' | 'VenueAddress' | 'VenueCity' | 'VenueZip' | 'WebinarUrl' | 'ContactName' | 'ContactEmail' | 'ContactPhone', type = 'text', extra: Record<string, string> = {}) =>
    (aria: { id: string }) => <input {...aria} {...extra} type={type} name={k} value={form[k]} onChange={(e) => set(k, e.target.value)} />;
  const order = [
    'Title', 'TitleEs', 'Description', 'DescriptionEs', 'CreditHours', 'StatesApproved', 'VenueName', 'VenueAddress', 'VenueCity', 'VenueState', 'VenueZip', 'WebinarUrl',
    'Date', 'StartTime', 'EndTime', 'TimeZoneId', 'Capacity', 'Meals', 'Meals.0.Name', 'Meals.0.Time', 'Meals.1.Name', 'Meals.1.Time', 'Meals.2.Name', 'Meals.2.Time',
    'ContactName', 'ContactEmail', 'ContactPhone',
  ].map(fieldId);
  const summary = [...order.filter((id) => errors[id]), ...Object.keys(errors).filter((id) => errors[id] && !order.includes(id))].map((id) => ({ field: id, text: errors[id]! }));
  return (
    <form className="card flow" noValidate onSubmit={(e) => void submit(e)} aria-label={t(course ? 'ceAdmin.form.editTitle' : 'ceAdmin.form.createTitle')}>
      <ErrorSummary title={t('ceAdmin.form.errorTitle')} errors={summary} description={formError} focusKey={refused} />
      <fieldset className="flow">
        <legend>{t('ceAdmin.form.sectionCourse')}</legend>
        <Field id={fieldId('Title')} label={t('ceAdmin.form.title')} error={errors[fieldId('Title')]} {...req}>
          {text('Title', 'text', { maxLength: '120' })}
        </Field>
        <Field id={fieldId('TitleEs')} label={t('ceAdmin.form.titleEs')} error={errors[fieldId('TitleEs')]} {...req}>
          {text('TitleEs', 'text', { maxLength: '120', lang: 'es' })}
        </Field>
        <Field id={fieldId('Description')} label={t('ceAdmin.form.description')} hint={t('ceAdmin.form.descriptionHint')} error={errors[fieldId('Description')]} {...req}>
          {(aria) => <textarea {...aria} name="Description" rows={5} maxLength={5000} value={form.Description} onChange={(e) => set('Description', e.target.value)} />}
        </Field>
        <Field id={fieldId('DescriptionEs')} label={t('ceAdmin.form.descriptionEs')} hint={t('ceAdmin.form.descriptionHint')} error={errors[fieldId('DescriptionEs')]} {...req}>
          {(aria) => <textarea {...aria} lang="es" name="DescriptionEs" rows={5} maxLength={5000} value={form.DescriptionEs} onChange={(e) => set('DescriptionEs', e.target.value)} />}
        </Field>
        <Field id={fieldId('CreditHours')} label={t('ceAdmin.form.creditHours')} hint={t('ceAdmin.form.creditHoursHint')} error={errors[fieldId('CreditHours')]} {...req}>
          {(aria) => <input {...aria} type="number" inputMode="decimal" step="0.5" min="0.5" max="40" name="CreditHours" value={form.CreditHours} onChange={(e) => set('CreditHours', e.target.value)} />}
        </Field>
        <Field id={fieldId('StatesApproved')} label={t('ceAdmin.form.states')} hint={t('ceAdmin.form.statesHint')} error={errors[fieldId('StatesApproved')]} {...req}>
          {(aria) => (
            <select {...aria} multiple size={6} name="StatesApproved" value={form.StatesApproved} onChange={(e) => set('StatesApproved', [...e.target.selectedOptions].map((o) => o.value))}>
              {(states.data ?? []).map((s) => (
                <option key={s.stateCode} value={s.stateCode}>
                  {s.stateName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId('ImageID')} label={t('ceAdmin.form.image')} hint={t('ceAdmin.form.imageHint')} error={imageError} {...opt}>
          {(aria) => <input {...aria} type="file" accept="image/jpeg,image/png,image/webp" name="image" onChange={(e) => void upload(e)} disabled={uploading} />}
        </Field>
        {uploading && <p className="muted" role="status">{t('ceAdmin.form.imageUploading')}</p>}
        {form.ImageUrl && (
          <div className="ce-course-form__preview">
            <img src={form.ImageUrl} alt={t('ceAdmin.form.imagePreview')} data-testid="course-image-preview" />
            <button type="button" className="btn btn--secondary" onClick={() => setForm((f) => ({ ...f, ImageID: null, ImageUrl: null }))}>
              {t('ceAdmin.form.imageRemove')}
            </button>
          </div>
        )}
      </fieldset>
      <fieldset className="flow">
        <legend>{t('ceAdmin.form.sectionWhere')}</legend>
        <div className="radio-row" role="radiogroup" aria-label={t('ceAdmin.form.format')}>
          {(['InPerson', 'Webinar'] as const).map((f) => (
            <label key={f} className="radio">
              <input type="radio" name="Format" value={f} checked={form.Format === f} onChange={() => set('Format', f)} /> {t(f === 'InPerson' ? 'ceAdmin.form.inPerson' : 'ceAdmin.form.webinar')}
            </label>
          ))}
        </div>
        {form.Format === 'InPerson' ? (
          <>
            <Field id={fieldId('VenueName')} label={t('ceAdmin.form.venueName')} error={errors[fieldId('VenueName')]} {...req}>
              {text('VenueName')}
            </Field>
            <Field id={fieldId('VenueAddress')} label={t('ceAdmin.form.venueAddress')} error={errors[fieldId('VenueAddress')]} {...req}>
              {text('VenueAddress', 'text', { autoComplete: 'off' })}
            </Field>
            <div className="ce-course-form__row">
              <Field id={fieldId('VenueCity')} label={t('ceAdmin.form.venueCity')} error={errors[fieldId('VenueCity')]} {...req}>
                {text('VenueCity')}
              </Field>
              <Field id={fieldId('VenueState')} label={t('ceAdmin.form.venueState')} error={errors[fieldId('VenueState')]} {...req}>
                {(aria) => (
                  <select {...aria} name="VenueState" value={form.VenueState} onChange={(e) => set('VenueState', e.target.value)}>
                    <option value="">{t('ceAdmin.form.chooseState')}</option>
                    {(states.data ?? []).map((s) => (
                      <option key={s.stateCode} value={s.stateCode}>
                        {s.stateName}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={fieldId('VenueZip')} label={t('ceAdmin.form.venueZip')} error={errors[fieldId('VenueZip')]} {...req}>
                {text('VenueZip', 'text', { inputMode: 'numeric' })}
              </Field>
            </div>
          </>
        ) : (
          <Field id={fieldId('WebinarUrl')} label={t('ceAdmin.form.webinarUrl')} hint={t('ceAdmin.form.webinarUrlHint')} error={errors[fieldId('WebinarUrl')]} {...req}>
            {text('WebinarUrl', 'url')}
          </Field>
        )}
      </fieldset>
      <fieldset className="flow">
        <legend>{t('ceAdmin.form.sectionWhen')}</legend>
        <div className="ce-course-form__row">
          <Field id={fieldId('Date')} label={t('ceAdmin.form.date')} error={errors[fieldId('Date')]} {...req}>
            {(aria) => <input {...aria} type="date" name="Date" value={form.Date} onChange={(e) => set('Date', e.target.value)} />}
          </Field>
          <Field id={fieldId('StartTime')} label={t('ceAdmin.form.startTime')} error={errors[fieldId('StartTime')]} {...req}>
            {(aria) => <input {...aria} type="time" name="StartTime" value={form.StartTime} onChange={(e) => set('StartTime', e.target.value)} />}
          </Field>
          <Field id={fieldId('EndTime')} label={t('ceAdmin.form.endTime')} error={errors[fieldId('EndTime')]} {...req}>
            {(aria) => <input {...aria} type="time" name="EndTime" value={form.EndTime} onChange={(e) => set('EndTime', e.target.value)} />}
          </Field>
        </div>
        <Field id={fieldId('TimeZoneId')} label={t('ceAdmin.form.timeZone')} error={errors[fieldId('TimeZoneId')]} {...req}>
          {(aria) => (
            <select {...aria} name="TimeZoneId" value={form.TimeZoneId} onChange={(e) => set('TimeZoneId', e.target.value)}>
              <option value="">{t('ceAdmin.form.chooseTimeZone')}</option>
              {(zones.data ?? []).map((z) => (
                <option key={z.timeZoneId} value={z.timeZoneId}>
                  {z.displayName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId('Capacity')} label={t('ceAdmin.form.capacity')} error={errors[fieldId('Capacity')]} {...req}>
          {(aria) => <input {...aria} type="number" inputMode="numeric" min="1" max="10000" step="1" name="Capacity" value={form.Capacity} onChange={(e) => set('Capacity', e.target.value)} />}
        </Field>
      </fieldset>
      <fieldset className="flow">
        <legend>{t('ceAdmin.form.sectionMeals')}</legend>
        <p className="field__hint">{t('ceAdmin.form.mealHint')}</p>
        {errors[fieldId('Meals')] && <p className="field__error">{errors[fieldId('Meals')]}</p>}
        {form.Meals.map((m, i) => (
          <div key={i} className="ce-course-form__row">
            <Field id={fieldId(`Meals.${i}.Name`)} label={t('ceAdmin.form.mealName', { n: i + 1 })} error={errors[fieldId(`Meals.${i}.Name`)]} {...opt}>
              {(aria) => <input {...aria} type="text" maxLength={60} value={m.Name} onChange={(e) => set('Meals', form.Meals.map((x, k) => (k === i ? { ...x, Name: e.target.value } : x)))} />}
            </Field>
            <Field id={fieldId(`Meals.${i}.Time`)} label={t('ceAdmin.form.mealTime', { n: i + 1 })} error={errors[fieldId(`Meals.${i}.Time`)]} {...opt}>
              {(aria) => <input {...aria} type="time" value={m.Time} onChange={(e) => set('Meals', form.Meals.map((x, k) => (k === i ? { ...x, Time: e.target.value } : x)))} />}
            </Field>
          </div>
        ))}
      </fieldset>
      <fieldset className="flow">
        <legend>{t('ceAdmin.form.sectionContact')}</legend>
        <Field id={fieldId('ContactName')} label={t('ceAdmin.form.contactName')} error={errors[fieldId('ContactName')]} {...opt}>
          {text('ContactName', 'text', { autoComplete: 'off' })}
        </Field>
        <Field id={fieldId('ContactEmail')} label={t('ceAdmin.form.contactEmail')} error={errors[fieldId('ContactEmail')]} {...opt}>
          {text('ContactEmail', 'email', { autoComplete: 'off' })}
        </Field>
        <Field id={fieldId('ContactPhone')} label={t('ceAdmin.form.contactPhone')} error={errors[fieldId('ContactPhone')]} {...opt}>
          {text('ContactPhone', 'tel', { autoComplete: 'off' })}
        </Field>
      </fieldset>
      <div className="banner-actions">
        <button type="submit" className="btn btn--primary" disabled={busy || uploading}>
          {t('ceAdmin.form.save')}
        </button>
        <a className="btn btn--secondary" href="/dashboard/manage-CEcourses">
          {t('ceAdmin.form.cancel')}
        </a>
      </div>
    </form>
  );
}
