// Issue 16, the CE admins' side: the CE admin reaches the tools from the dashboard, creates a course with an image and
// three meals (bad input first: every message in the summary, nothing typed lost), finds it in manage-CEcourses and
// in GetCECourseList, an agent registers, the CE admin marks attendance on the roster and downloads the certificate
// whose text holds the NPN, and the public verification page confirms its code. Spanish, axe and keyboard on the
// CE admins' pages; other roles get not-found.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { extractPdfText } from '../helpers/pdf-text.ts';
import { expect, openDashboard, publishingIdle, spanishOrigin, test } from './fixtures.ts';

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const ZONE = 'Pacific/Honolulu';
/** Today in the course's zone (attendance can be marked from the start of the course's day). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
/** Minutes past midnight now in the course's zone. */
const minutesInZone = () => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()).split(':').map(Number);
  return h! * 60 + m!;
};

type Course = { courseId: number; title: string; seatsTaken: number; capacity: number; meals: { name: string; time: string }[]; imageUrl: string | null };
type Roster = { registrants: { registrationId: number; email: string; status: string }[] };

test.use({ signedInAs: 'ce' });

test('the CE admin creates a course with an image and meals, marks attendance and downloads a certificate with the NPN', async ({ page, apiAs, cleanup, browser, pageAs }) => {
  test.setTimeout(420_000);
  const title = `E2E CE course ${Date.now()}`;
  cleanup(async () => {
    const list = (await apiAs<Course[]>('ce', 'CECourses/GetCECourseList', { includePast: 'true' }, 'GET')).body?.result ?? [];
    for (const c of list.filter((x) => x.title.startsWith('E2E CE course'))) {
      const roster = (await apiAs<Roster>('ce', 'CECourses/GetCECourseRoster', { courseId: c.courseId }, 'GET')).body?.result;
      for (const r of roster?.registrants ?? []) if (r.status === 'Attended') await apiAs('ce', 'CECourses/MarkCECourseAttendance', { RegistrationID: r.registrationId, Attended: false });
      await apiAs('ce', 'CECourses/DeleteCECourse', { CourseID: c.courseId, Action: 'delete' });
    }
    await publishingIdle(apiAs);
  });

  // The tools panel on the dashboard.
  await openDashboard(page);
  const tools = page.getByTestId('ce-tools');
  await expect(tools.getByRole('heading', { name: 'CE course tools' })).toBeVisible();
  await tools.getByRole('link', { name: 'Create a CE course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a CE course' })).toBeVisible();

  // Nothing but a title and a bad time: every message in the summary, focused; the title is kept.
  await page.locator('#course-Title').fill(title);
  await page.locator('#course-StartTime').fill('10:00');
  await page.locator('#course-EndTime').fill('09:00');
  await page.getByRole('button', { name: 'Save course' }).click();
  const summary = page.locator('.error-summary');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Spanish course title is required',
    'Course description is required',
    'Spanish course description is required',
    'Credit hours must be between 0.5 and 40, in steps of 0.5',
    'Choose at least one state the course is approved in',
    'Venue name is required',
    'Venue address is required',
    'Venue city is required',
    'Please choose a State.',
    'Please enter a valid ZIP code.',
    'Course date is required',
    'End time must be after start time',
    'Time zone is required',
    'Capacity must be a whole number from 1 to 10000',
  ]);
  await expect(page.locator('#course-Title')).toHaveValue(title);
  await expect(page.locator('#course-CreditHours')).toHaveAttribute('aria-invalid', 'true');
  expect(await axe(page)).toEqual([]);
  // Keyboard: a summary link moves to its field.
  await summary.getByRole('link', { name: 'Time zone is required' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#course-TimeZoneId')).toBeFocused();

  // The whole course.
  await page.locator('#course-TitleEs').fill(`${title} (es)`);
  await page.locator('#course-Description').fill('How an auto-glass claim moves, step by step.');
  await page.locator('#course-DescriptionEs').fill('Cómo avanza una reclamación de cristales, paso a paso.');
  await page.locator('#course-CreditHours').fill('2.5');
  await page.locator('#course-StatesApproved').selectOption(['FL', 'GA']);
  await page.locator('input[type=file]').setInputFiles({ name: 'course.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('course-image-preview')).toBeVisible();
  await page.locator('#course-VenueName').fill('Harbor Hall');
  await page.locator('#course-VenueAddress').fill('1200 Harbor Blvd');
  await page.locator('#course-VenueCity').fill('Tampa');
  await page.locator('#course-VenueState').selectOption('FL');
  await page.locator('#course-VenueZip').fill('33602');
  // Today's course, still ahead (registration closes at its start; attendance opens with its day): it starts at 23:58
  // in Honolulu, and in the last minutes of that day the test waits for the next one.
  const left = 24 * 60 - minutesInZone();
  if (left <= 3) await page.waitForTimeout(left * 60_000 + 5_000);
  await page.locator('#course-Date').fill(today());
  await page.locator('#course-StartTime').fill('23:58');
  await page.locator('#course-EndTime').fill('23:59');
  await page.locator('#course-TimeZoneId').selectOption(ZONE);
  await page.locator('#course-Capacity').fill('20');
  for (const [i, [name, time]] of [['Breakfast', '08:00'], ['Lunch', '12:00'], ['Dinner', '23:30']].entries()) {
    await page.locator(`#course-Meals-${i}-Name`).fill(name!);
    await page.locator(`#course-Meals-${i}-Time`).fill(time!);
  }
  await page.getByRole('button', { name: 'Save course' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage-CEcourses/);

  // In manage-CEcourses and in GetCECourseList, with its image and meals.
  const row = page.getByTestId('ce-course-row').filter({ hasText: title });
  await expect(row.getByTestId('ce-seats')).toHaveText('0 / 20');
  const listed = ((await apiAs<Course[]>('ce', 'CECourses/GetCECourseList', {}, 'GET')).body?.result ?? []).find((c) => c.title === title)!;
  expect(listed.meals).toEqual([
    { name: 'Breakfast', time: '08:00' },
    { name: 'Lunch', time: '12:00' },
    { name: 'Dinner', time: '23:30' },
  ]);
  expect(listed.imageUrl).toMatch(/GetCECourseImages\?imageId=\d+$/);
  expect((await page.request.get(listed.imageUrl!)).headers()['content-type']).toBe('image/png');

  // An agent registers (their side is another screen's); the seat shows.
  const reg = await apiAs<{ registrationId: number; status: string }>('agent', 'CECourses/RegisterForCECourse', {
    CourseID: listed.courseId,
    NpnId: '87654321',
    Address: '1 Main St',
    City: 'Tampa',
    State: 'FL',
    Zip: '33602',
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  await page.reload();
  await expect(row.getByTestId('ce-seats')).toHaveText('1 / 20');
  await expect(row.getByRole('img', { name: `Registrations per day for ${title}` })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // The roster: attendance, then the certificate.
  await row.getByRole('link', { name: `Roster of ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  const agentRow = page.getByTestId('ce-roster-row').filter({ hasText: '87654321' });
  // A controlled checkbox: it turns checked once the server has marked the attendance.
  await agentRow.getByRole('checkbox').click();
  await expect(agentRow.getByRole('checkbox')).toBeChecked();
  await expect(page.locator('.alert--success').filter({ hasText: /is marked as attended/ })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  const downloading = page.waitForEvent('download');
  await agentRow.getByRole('button', { name: /^Certificate of / }).click();
  const download = await downloading;
  const text = await extractPdfText(await readFile((await download.path())!));
  expect(text).toContain('87654321');
  expect(text).toContain(title);
  const code = /([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(text)![1]!;

  // CSV export in the regulators' columns.
  const exporting = page.waitForEvent('download');
  await page.getByTestId('ce-roster-export').click();
  const csv = (await readFile((await (await exporting).path())!, 'utf8')).replace(/^\ufeff/, '');
  expect(csv.split(/\r?\n/)[0]).toBe('Name,NPN,License state,Course ID,Hours,Completion date');
  expect(csv).toContain(`87654321,FL,${listed.courseId},2.5,${today()}`);

  // The public verification page, signed out.
  const reader = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const pub = await reader.newPage();
  await pub.goto(`/dashboard/ce-certificate-verify?code=${code}`);
  await expect(pub.getByTestId('ce-verify-valid')).toContainText(title);
  expect(await axe(pub)).toEqual([]);
  await pub.locator('#ce-verify-code').fill('AAAA-BBBB-CCCC');
  await pub.keyboard.press('Enter');
  await expect(pub.getByTestId('ce-verify-invalid')).toHaveText('No certificate has this code.');

  // The saved course was published: the static catalog (prebuilt, no server call for it) lists it, in both languages.
  await expect
    .poll(async () => (await pub.request.get('/dashboard/CECourseHome')).text(), { timeout: 300_000, intervals: [2_000, 5_000] })
    .toContain(title);
  await pub.goto('/dashboard/CECourseHome');
  await expect(pub.getByRole('heading', { name: title })).toBeVisible();
  await pub.goto(`/course-registration/${listed.courseId}`);
  await expect(pub.getByRole('heading', { level: 1 })).toContainText(title);
  await reader.close();

  // The agent finds it among their completed courses and downloads the same certificate.
  const agent = await pageAs('agent');
  await agent.goto('/dashboard/CE-Completed-MyCourses');
  const mine = agent.getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByTestId('my-course-status')).toHaveText('Completed');
  const agentDownload = agent.waitForEvent('download');
  await mine.getByRole('button', { name: 'Download the certificate (PDF)' }).click();
  const agentText = await extractPdfText(await readFile((await (await agentDownload).path())!));
  expect(agentText).toContain(code);
  expect(agentText).toContain('87654321');
});

test('the CE admins pages in Spanish, with axe; the cases screen; other roles get not-found', async ({ page, baseURL, pageAs }) => {
  test.setTimeout(120_000);
  const es = spanishOrigin(baseURL!);
  await page.goto(`${es}/dashboard/manage-CEcourses`);
  await expect(page.getByRole('heading', { level: 1, name: 'Administrar cursos de educación continua' })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.goto(`${es}/dashboard/create-CE-course`);
  await expect(page.getByRole('heading', { level: 1, name: 'Crear un curso de educación continua' })).toBeVisible();
  await page.getByRole('button', { name: 'Guardar el curso' }).click();
  await expect(page.locator('.error-summary').getByRole('link').first()).toHaveText('El título del curso es obligatorio');
  expect(await axe(page)).toEqual([]);
  await page.goto(`${es}/dashboard/ce-cases`);
  await expect(page.getByRole('heading', { level: 1, name: 'Casos de inscripción a cursos' })).toBeVisible();
  await expect(page.getByLabel('Estado', { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.goto(`${es}/dashboard/ce-certificate-verify`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verificar un certificado de educación continua' })).toBeVisible();

  // The old spelling redirects.
  await page.goto('/dashboard/manage-cecourses');
  await expect(page).toHaveURL(/\/dashboard\/manage-CEcourses/);

  // An agent is sent to not-found.
  const agent = await pageAs('agent');
  await agent.goto('/dashboard/manage-CEcourses');
  await expect(agent).toHaveURL(/not-found/);
});
