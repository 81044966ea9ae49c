// Issue 16, the registrants' side: an anonymous reader registers from a static course page and follows the emailed
// link; a signed-in agent registers in one step, finds the course in Upcoming and My courses and cancels; a full
// course waitlists and a cancellation promotes the next in line; the logo's leave-page confirm with a saved course;
// Spanish, axe, keyboard and 390 px on every page.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, publishingIdle, spanishOrigin, test, type ApiReply } from './fixtures.ts';
import { mailsMentioning } from './mailbox.ts';

test.describe.configure({ timeout: 240_000 });

const unique = (tag: string) => `e2e-ce-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
const WEBINAR_ID = 1; // ADAS recalibration (webinar, 100 seats)
const IN_PERSON_ID = 2; // Atlanta workshop (venue, three meals)
const FULL_DAY_ID = 4; // full-day program (8 credit hours, 250 seats)

async function axeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The newest emailed registration link (confirm or offer) to an address with this subject, as a path on the test's origin. */
async function emailedLink(email: string, subject: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const mails = (await mailsMentioning(email)).filter((m) => m.content.includes(subject));
        const found = mails.length ? /https?:\/\/[^\s"<>/]+(\/dashboard\/registration-successful#token=[A-Za-z0-9_-]{20,100})/.exec(mails.at(-1)!.content) : null;
        link = found?.[1] ?? null;
        return link !== null;
      },
      { message: `an email "${subject}" to ${email}`, timeout: 30_000 },
    )
    .toBe(true);
  return link!;
}

/** Fills the registration form without an account. */
async function fillParticipant(page: Page, email: string, words = { first: 'First name', last: 'Last name', agency: 'Agency name', email: 'Email address', phone: 'Phone number', address: 'Address', city: 'City', state: 'State', zip: 'ZIP code' }) {
  await page.getByLabel(words.first).fill('Rosa');
  await page.getByLabel(words.last).fill('Delgado');
  await page.getByLabel(words.agency).fill('Delgado Insurance Group');
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.phone).fill('312-555-0147');
  await page.getByLabel(new RegExp(`^${words.address}`)).fill('1200 Lake Shore Drive');
  await page.getByLabel(words.city).fill('Chicago');
  await page.getByLabel(words.state).selectOption('IL');
  await page.getByLabel(words.zip).fill('60610');
}

async function freshPage(browser: Browser, baseURL: string): Promise<Page> {
  const ctx = await browser.newContext({ baseURL });
  return ctx.newPage();
}

test.describe('signed out', () => {
  test('an anonymous reader registers from a static course page, follows the emailed link and sees registration-successful; a link that is not one is refused', async ({ page }) => {
    await page.goto('/dashboard/CECourseHome');
    await expect(page.getByRole('heading', { level: 1, name: 'CE courses' })).toBeVisible();
    await expect(page.getByTestId('course-list').locator('.course-card')).toHaveCount(4);
    // The seats are the live part; the page did not wait for them.
    await expect(page.locator(`[data-course-seats="${WEBINAR_ID}"]`)).toHaveText(/of 100 seats left/);
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
    expect(scripts.filter((u) => /react|client\./i.test(u)), 'framework scripts on the catalog').toEqual([]);
    await axeClean(page, 'the catalog');

    await page.getByRole('link', { name: /^Course details: ADAS recalibration/ }).click();
    await expect(page).toHaveURL(new RegExp(`/course-registration/${WEBINAR_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'ADAS recalibration after a windshield replacement' })).toBeVisible();
    for (const w of ['course-description', 'course-details', 'event-info-details', 'registration-agency-contact']) await expect(page.locator(`[data-widget="${w}"]`)).toBeVisible();
    await expect(page.locator('[data-widget="event-info-details"]')).toContainText('Thursday, February 18, 2027');
    await expect(page.locator('[data-widget="event-info-details"]')).toContainText(/10:00\sAM – 12:00\sPM CST/);
    await axeClean(page, 'a course page');

    await page.getByRole('link', { name: /^Register for ADAS/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/course-registration-unauth\\?courseId=${WEBINAR_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Register for a CE course' })).toBeVisible();
    await expect(page.getByTestId('course-summary')).toContainText('ADAS recalibration after a windshield replacement');
    // Section 5's messages on an empty form.
    await page.getByRole('button', { name: 'Send my registration link' }).click();
    const summary = page.locator('.error-summary');
    await expect(summary).toContainText('The first name field is required');
    await expect(summary).toContainText('Email address is required');
    await expect(summary).toContainText('Please choose a State.');
    await axeClean(page, 'the registration form with errors');

    const email = unique('anon');
    await fillParticipant(page, email);
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Send my registration link' }).click();
    await expect(summary).toContainText('Please enter a valid email address');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send my registration link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeFocused();
    await expect(page.getByTestId('check-email')).toContainText(email);
    await axeClean(page, 'check your email');

    const link = await emailedLink(email, 'Confirm your registration');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'You are registered' })).toBeVisible();
    await expect(page.getByTestId('registration-registered')).toContainText('ADAS recalibration after a windshield replacement');
    await axeClean(page, 'registration-successful');
    // The registration finished: the course is no longer saved.
    expect(await page.evaluate(() => sessionStorage.getItem('portal.savedCourse'))).toBeNull();
    await expect.poll(async () => (await mailsMentioning(email)).filter((m) => m.content.includes('You are registered')).length, { timeout: 30_000 }).toBe(1);

    // Followed again, the link says where the registrant stands; a link that is not one is refused.
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'You are registered' })).toBeVisible();
    await page.goto('about:blank');
    await page.goto(`/dashboard/registration-successful#token=${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid or has expired' })).toBeVisible();
    await axeClean(page, 'an invalid link');
  });

  test('the leave-page confirm on the header logo with a saved course (registration without an account, then the sign-in page)', async ({ page }) => {
    await page.goto(`/course-registration/${IN_PERSON_ID}`);
    await page.getByRole('link', { name: /^Register for Auto glass claims workshop/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register for a CE course' })).toBeVisible();
    const logo = page.getByRole('link', { name: /home/i }).first();
    await logo.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to leave this page?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('registration cannot finish unless you click the link in the email again');
    await expect(dialog.getByRole('button', { name: 'No, stay here' })).toBeFocused();
    await axeClean(page, 'the leave-page confirm');
    await dialog.getByRole('button', { name: 'No, stay here' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/course-registration-unauth/);
    // Keyboard: Escape stays too, and gives the focus back to the logo.
    await logo.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(logo).toBeFocused();

    // The reader chooses to sign in: the sign-in page (with the referral back to the one-step registration) asks too.
    const signIn = page.getByRole('link', { name: 'Sign in to register faster' });
    // The referral back to the one-step registration (the sign-in page then carries it in its interaction, not its URL).
    expect(decodeURIComponent((await signIn.getAttribute('href')) ?? '')).toContain(`course-registration?courseId=${IN_PERSON_ID}`);
    await signIn.click();
    await expect(page).toHaveURL(/\/dashboard\/login/);
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, leave' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('portal.savedCourse'))).toBeNull();
    // Without a saved course the logo just goes home.
    await page.goto('/dashboard/login');
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Spanish, 390 px and the keyboard: the catalog, a course page, the registration form and the invalid link', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/es/dashboard/CECourseHome');
    await expect(page.getByRole('heading', { level: 1, name: 'Cursos de educación continua' })).toBeVisible();
    await expect(page.getByText('Taller de reclamos de vidrios para el personal de agencias')).toBeVisible();
    await expect(page.locator(`[data-course-seats="${WEBINAR_ID}"]`)).toHaveText(/Quedan \d+ de 100 lugares/);
    expect(await noSideScroll(page)).toBe(true);
    await axeClean(page, 'the Spanish catalog');

    await page.goto(`/es/course-registration/${IN_PERSON_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Taller de reclamos de vidrios para el personal de agencias' })).toBeVisible();
    await expect(page.locator('[data-widget="course-details"]')).toContainText('Breakfast');
    await expect(page.locator('[data-widget="event-info-details"]')).toContainText('Peachtree Conference Center');
    expect(await noSideScroll(page)).toBe(true);
    await axeClean(page, 'a Spanish course page');
    // Keyboard: Tab reaches the register button, Enter follows it.
    const register = page.getByRole('link', { name: /^Inscribirse en Taller/ });
    for (let i = 0; i < 60 && !(await register.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(register).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/course-registration-unauth\?courseId=2/);

    const es = spanishOrigin(baseURL!);
    await page.goto(`${es}/dashboard/course-registration-unauth?courseId=${IN_PERSON_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inscribirse en un curso de educación continua' })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar mi enlace de inscripción' }).click();
    await expect(page.locator('.error-summary')).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await axeClean(page, 'the Spanish registration form');

    await page.goto(`${es}/dashboard/registration-successful#token=${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Este enlace no es válido o ha vencido' })).toBeVisible();
    await axeClean(page, 'the Spanish invalid link');
  });
});

test.describe('signed in as an agent', () => {
  test.use({ signedInAs: 'agent' });

  test('registers in one step, finds the course in Upcoming and My courses, cannot register twice, cancels with the keyboard', async ({ page, apiAs, cleanup }) => {
    // A registration left by an earlier failed run is cancelled first; this run's is cancelled at the end in any case.
    const cancelLive = async () => {
      const r = await apiAs<{ isRegistered: boolean; registrationId: number | null }>('agent', 'CECourses/GetIsRegisteredUser', { courseId: String(FULL_DAY_ID) }, 'GET');
      if (r.body?.result?.isRegistered && r.body.result.registrationId) await apiAs('agent', 'CECourses/UpdateMyCECourseRegistration', { RegistrationID: r.body.result.registrationId, Action: 'cancel' });
    };
    await cancelLive();
    cleanup(cancelLive);

    await page.goto(`/course-registration/${FULL_DAY_ID}`);
    // Signed in in this tab: the register button goes to the one-step registration, and no sign-in button shows.
    await expect(page.getByRole('link', { name: /^Register for Auto glass, vehicle safety/ })).toHaveAttribute('href', `/dashboard/course-registration?courseId=${FULL_DAY_ID}`);
    await expect(page.getByRole('link', { name: 'Sign in to register' })).toBeHidden();
    await page.getByRole('link', { name: /^Register for Auto glass, vehicle safety/ }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Course registration' })).toBeVisible();
    const participant = page.getByTestId('participant');
    await expect(participant).toContainText('agent@demo.test');
    // The address comes from the agency.
    await expect(page.getByLabel(/^Address/)).not.toHaveValue('');
    await expect(page.getByLabel('ZIP code')).toHaveValue(/^\d{5}/);
    await axeClean(page, 'course-registration');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are registered' })).toBeFocused();
    await axeClean(page, 'course-registration done');

    // A second registration is stopped.
    await page.goto(`/dashboard/course-registration?courseId=${FULL_DAY_ID}`);
    await expect(page.getByTestId('already-registered')).toContainText('You are already registered for this course');
    await expect(page.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);

    const title = 'Auto glass, vehicle safety and the agent: full-day program';
    await page.goto('/dashboard/CE-Course-Upcoming');
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming courses' })).toBeVisible();
    const upcoming = page.getByTestId('my-course').filter({ hasText: title });
    await expect(upcoming.getByTestId('my-course-status')).toHaveText('Registered');
    await axeClean(page, 'CE-Course-Upcoming');

    await page.getByRole('link', { name: 'My courses' }).click();
    await expect(page).toHaveURL(/CE-MyCourses/);
    const registered = page.locator('[data-testid="my-course"][data-status="Registered"]').filter({ hasText: title });
    await expect(registered).toHaveCount(1);
    await axeClean(page, 'CE-MyCourses');

    // Keyboard: focus the cancel button, Enter opens the confirm (focus on the safe choice), Escape keeps it.
    const cancel = registered.getByRole('button', { name: 'Cancel registration' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel your registration?' });
    await expect(dialog.getByRole('button', { name: 'No, keep it' })).toBeFocused();
    await axeClean(page, 'the cancel confirm');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Yes, cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Your registration was cancelled.')).toBeVisible();
    await expect(page.locator('[data-testid="my-course"][data-status="Registered"]').filter({ hasText: title })).toHaveCount(0);
    await expect(page.locator('[data-testid="my-course"][data-status="Cancelled"]').filter({ hasText: title }).first()).toBeVisible();

    await page.goto('/dashboard/CE-Course-Upcoming');
    await expect(page.locator('[data-testid="my-course"]').filter({ hasText: title })).toHaveCount(0);
    await page.goto('/dashboard/CE-Completed-MyCourses');
    await expect(page.getByRole('heading', { level: 1, name: 'Completed courses' })).toBeVisible();
    await axeClean(page, 'CE-Completed-MyCourses');
  });

  test('the logo asks before leaving the signed-in registration with a saved course; Spanish and 390 px on the agent pages', async ({ page, baseURL }) => {
    await page.goto(`/dashboard/course-registration?courseId=${IN_PERSON_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Course registration' })).toBeVisible();
    // The heading is the static shell's (issue 19): the course is saved once the island has drawn it.
    await expect(page.getByTestId('course-summary')).toBeVisible();
    await page.getByRole('link', { name: /home/i }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to leave this page?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'No, stay here' }).click();
    await expect(page).toHaveURL(/course-registration\?courseId=2/);

    await page.setViewportSize({ width: 390, height: 844 });
    const es = spanishOrigin(baseURL!);
    await page.goto(`${es}/dashboard/course-registration?courseId=${IN_PERSON_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inscripción al curso' })).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await axeClean(page, 'course-registration in Spanish');
    await page.goto(`${es}/dashboard/CE-MyCourses`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mis cursos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Próximos cursos' })).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await axeClean(page, 'CE-MyCourses in Spanish');
  });
});

test.describe('a full course', () => {
  test.use({ signedInAs: 'agent' });

  test('waitlists, and a cancellation promotes the next in line, who is emailed and confirms the seat', async ({ page, browser, baseURL, apiAs, cleanup }) => {
    const saved = await apiAs<{ courseId: number }>('ce', 'CECourses/SaveCourse', {
      Title: 'E2E small webinar',
      TitleEs: 'Seminario web pequeño E2E',
      Description: 'A one-seat webinar for the waitlist test.',
      DescriptionEs: 'Un seminario web de un lugar para la prueba de la lista de espera.',
      CreditHours: 1,
      StatesApproved: ['IL'],
      Format: 'Webinar',
      WebinarUrl: 'https://webinars.agentportal.example/ce/e2e',
      Date: '2027-06-15',
      StartTime: '10:00',
      EndTime: '11:00',
      TimeZoneId: 'America/Chicago',
      Capacity: 1,
      Meals: [],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const courseId = saved.body!.result!.courseId;
    cleanup(async () => {
      await apiAs('ce', 'CECourses/DeleteCECourse', { CourseID: courseId, Action: 'delete' });
      await publishingIdle(apiAs);
    });

    // The agent takes the one seat.
    await page.goto(`/dashboard/course-registration?courseId=${courseId}`);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are registered' })).toBeVisible();

    // A reader without an account finds it full and joins the waitlist through the emailed link.
    const reader = await freshPage(browser, baseURL!);
    await reader.goto(`/dashboard/course-registration-unauth?courseId=${courseId}`);
    await expect(reader.getByTestId('course-full')).toBeVisible();
    const email = unique('wait');
    await fillParticipant(reader, email);
    await reader.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(reader.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await reader.goto(await emailedLink(email, 'Confirm your registration'));
    await expect(reader.getByRole('heading', { level: 1, name: 'You are on the waitlist' })).toBeVisible();
    await expect(reader.getByTestId('registration-waitlisted')).toContainText('number 1');
    await axeClean(reader, 'registration-successful (waitlisted)');

    // The agent cancels: the seat is offered to the reader at once, by email.
    await page.goto('/dashboard/CE-Course-Upcoming');
    const mine = page.locator('[data-testid="my-course"]').filter({ hasText: 'E2E small webinar' });
    await mine.getByRole('button', { name: 'Cancel registration' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByText('Your registration was cancelled.')).toBeVisible();
    await reader.goto(await emailedLink(email, 'A seat is free for you'));
    await expect(reader.getByRole('heading', { level: 1, name: 'You are registered' })).toBeVisible();

    const seats: ApiReply<{ seatsLeft: number; isFull: boolean }[]> = await apiAs('agent', 'CECourses/GetValidateCourseIsMaximumLimit', { courseIds: String(courseId) }, 'GET');
    expect(seats.body?.result?.[0]).toMatchObject({ seatsLeft: 0, isFull: true });
  });
});
