// Issue 6 end to end: a claim filed through the flow becomes a work order the agent follows live while an internal
// admin advances it in the console, the agent's alert lands in the dev mailbox, certificates download as PDFs with
// the VIN, nobody sees another agency's orders, a failed referral is resubmitted, surveys show, and the contact
// preferences are saved with the spec's phone messages (and pre-fill the next claim's alerts). Issue 13: the details'
// progress tracker, the VIN on one line, times with their zone.
import type { Page } from '@playwright/test';
import { extractPdfText } from '../helpers/pdf-text.ts';
import { CAMRY, camryToQuote, CLAIM_DETAILS, fileCamryClaim, startFromHeader, VINS } from './claim-steps.ts';
import { expect, openDashboard, openUserMenu, test, type PageAs, type Role } from './fixtures.ts';
import { callApi, detailsPath, detailsStatus, findOrder, openDetails } from './work-order-steps.ts';
import { MAILBOX, mailsMentioning } from './mailbox.ts';
import { readFile } from 'node:fs/promises';

/** A second signed-in browser (its own context: another user's session, from the stored sign-in) on the dashboard. */
async function secondUser(pageAs: PageAs, role: Role): Promise<Page> {
  const page = await pageAs(role);
  await openDashboard(page);
  return page;
}

/** The progress tracker of the details page (its ordered list of stages). */
const tracker = (page: Page) => page.getByRole('region', { name: 'Progress' }).getByRole('list');

/** The success alert (green banner) with this text. */
const successAlert = (page: Page, text: string) => page.locator('.alert[data-kind="success"]', { hasText: text });

test.describe.serial('a claim becomes a work order the agent follows live', () => {
  let filed: { WorkOrderId: string; ReferralNumber: string };

  test('filed through the flow, advanced in the console, the agent sees it live and gets the email', async ({ page, signInAs, pageAs }) => {
    // 1. The agent files a claim (the flow ticks the 'Service is scheduled' email alert).
    await signInAs('agent');
    await openDashboard(page);
    const referral = await fileCamryClaim(page);
    const workOrder = ((await page.getByTestId('work-order').textContent()) ?? '').trim();
    expect(workOrder).toMatch(/^WO\d+$/);
    filed = { WorkOrderId: workOrder, ReferralNumber: referral };

    // 2. Its details: the request of spec section 3 and the timeline's first entry.
    await openDetails(page, filed);
    await expect(detailsStatus(page)).toHaveText('Received');
    const main = page.getByRole('main');
    await expect(main.getByTestId('referral-number')).toHaveText(referral);
    await expect(main.getByText(CLAIM_DETAILS.policyNumber)).toBeVisible();
    await expect(main.getByText(`${CLAIM_DETAILS.firstName} ${CLAIM_DETAILS.lastName}`)).toBeVisible();
    await expect(main.getByText(CLAIM_DETAILS.carrier, { exact: true })).toBeVisible();
    await expect(main.getByText(CAMRY)).toBeVisible();
    await expect(main.getByTestId('vin')).toHaveText(VINS.camry);
    await expect(main.getByText('We call the policyholder to schedule')).toBeVisible();
    await expect(main.getByText('Phone call')).toBeVisible();
    await expect(main.getByText('813-555-0142')).toBeVisible();
    await expect(main.getByTestId('quote-total')).toHaveText(/^\$\d/);
    // The progress tracker: Received is the current stage, the rest not yet.
    const stages = tracker(page).getByRole('listitem');
    await expect(stages).toHaveText([/^Received\s*Current stage · /, /^Policyholder contacted\s*Not yet$/, /^Scheduled\s*Not yet$/, /^In progress\s*Not yet$/, /^Completed\s*Not yet$/, /^Survey complete\s*Not yet$/]);
    await expect(tracker(page).locator('[aria-current="step"]')).toHaveText(/^Received/);
    const timeline = page.getByTestId('timeline').getByRole('listitem');
    await expect(timeline).toHaveCount(1);
    await expect(timeline.first()).toContainText('Received');
    await expect(timeline.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    // The page listens to the live stream; a marker proves there is no reload later.
    await expect(page.locator('[data-live="on"]')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // 3. An internal admin, in a second browser, finds it in the console from their dashboard and advances it twice.
    const admin = await secondUser(pageAs, 'internal');
    await admin.getByRole('link', { name: 'Work-order console' }).click();
    await expect(admin).toHaveURL(/\/dashboard\/work-order-console$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Work-order console' })).toBeVisible();
    await admin.getByLabel('Policyholder, policy number or referral number').fill(referral);
    await admin.getByRole('button', { name: 'Find', exact: true }).click();
    const row = admin.locator(`tr[data-work-order="${workOrder}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('console-status')).toHaveText('Received');
    await row.getByLabel(`Next status of ${workOrder}`).selectOption('Policyholder contacted');
    await row.getByLabel(`Note for ${workOrder} (optional)`).fill('Called at 9:05, left the shop’s number.');
    await row.getByRole('button', { name: 'Advance' }).click();
    await expect(row.getByTestId('console-status')).toHaveText('Policyholder contacted');
    await expect(row.getByLabel(`Note for ${workOrder} (optional)`)).toHaveValue('');
    // The next step's choices follow the lifecycle.
    await expect(row.getByLabel(`Next status of ${workOrder}`).locator('option')).toHaveText(['Choose…', 'Scheduled', 'Cancelled', 'Failed']);
    // The agent's page follows, without a reload.
    await expect(detailsStatus(page)).toHaveText('Policyholder contacted');
    await row.getByLabel(`Next status of ${workOrder}`).selectOption('Scheduled');
    await row.getByRole('button', { name: 'Advance' }).click();
    await expect(row.getByTestId('console-status')).toHaveText('Scheduled');
    await expect(successAlert(admin, `${workOrder} is now Scheduled.`)).toBeVisible();

    await expect(detailsStatus(page)).toHaveText('Scheduled');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(1)).toContainText('Policyholder contacted');
    await expect(timeline.nth(1)).toContainText('Called at 9:05');
    await expect(timeline.nth(2)).toContainText('Scheduled');
    // The tracker follows: two stages ticked, Scheduled current.
    await expect(stages).toHaveText([/^Received\s*Done · /, /^Policyholder contacted\s*Done · /, /^Scheduled\s*Current stage · /, /^In progress\s*Not yet$/, /^Completed\s*Not yet$/, /^Survey complete\s*Not yet$/]);
    await expect(tracker(page).locator('[aria-current="step"]')).toHaveText(/^Scheduled/);
    // Scheduled brings the shop and the appointment.
    await expect(main.getByRole('region', { name: 'Scheduling' }).locator('time').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // 4. The alert the agent chose ('Service is scheduled' by email) is in the dev mailbox; the other change sent nothing.
    await expect
      .poll(async () => (await mailsMentioning(`Referral ${referral}: Service scheduled`)).length, { message: `the mailbox ${MAILBOX} gets the Scheduled email`, timeout: 30_000 })
      .toBe(1);
    const [mail] = await mailsMentioning(`Referral ${referral}: Service scheduled`);
    expect(mail!.name).toMatch(/-email-agent@demo\.test\.eml$/);
    expect(mail!.content).toContain('To: agent@demo.test');
    expect(mail!.content).toContain('New status: Scheduled');
    expect(mail!.content).toContain(`Work order: ${workOrder}`);
    expect(await mailsMentioning(`Referral ${referral}: Policyholder contacted`)).toEqual([]);
    await admin.context().close();
  });

  test('an agent of another agency gets nothing: not found on the page, 404 from the API', async ({ page, signInAs }) => {
    // admin@demo.test administers two other agencies (20077314, 30012967), not the agent's 10045821.
    await signInAs('admin');
    await openDashboard(page);
    await page.goto(detailsPath(filed));
    await expect(page.getByRole('heading', { level: 1, name: 'Work order not found' })).toBeVisible();
    await expect(page.getByText(CLAIM_DETAILS.policyNumber)).toHaveCount(0);
    await expect(page.getByText(filed.ReferralNumber)).toHaveCount(0);
    // No red banner: a refusal is not a failure of ours.
    await expect(page.locator('.alert[data-kind="warning"]')).toHaveCount(0);
    const detail = await callApi(page, 'AgencyWorkOrder/ServiceActivityDetail', { workOrderId: filed.WorkOrderId, referralSequenceNumber: filed.ReferralNumber });
    expect(detail.status).toBe(404);
    expect(detail.body?.result ?? null).toBeNull();
    expect(JSON.stringify(detail.body)).not.toContain(CLAIM_DETAILS.policyNumber);
    expect((await callApi(page, 'AgencyWorkOrder/GetSurveyDetails', { WorkOrderId: filed.WorkOrderId }, 'GET')).status).toBe(404);
    expect((await callApi(page, 'AgencyWorkOrder/ResubmitFailedReferral', { WorkOrderId: filed.WorkOrderId })).status).toBe(404);
    // Their survey page says there is none, and shows nothing of the order.
    await page.goto(`/dashboard/order-survey-details?workOrderId=${filed.WorkOrderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'No survey for this work order' })).toBeVisible();
  });
  test('the filed order is in the agent’s open work orders, and opens from there and from the email’s link', async ({ page, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    await page.goto('/dashboard/?view=open');
    const table = page.getByRole('table', { name: /Open work orders/ });
    await expect(table).toBeVisible();
    await table.getByRole('link', { name: new RegExp(filed.WorkOrderId) }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/work-order-details\?/);
    await expect(page.getByRole('heading', { level: 1, name: `Work order ${filed.WorkOrderId}` })).toBeVisible();
    await expect(detailsStatus(page)).toHaveText('Scheduled');
    // The alert email links to the work order by its id alone.
    const [mail] = await mailsMentioning(`Referral ${filed.ReferralNumber}: Service scheduled`);
    const link = /https?:\/\/\S+\/dashboard\/work-order-details\?workOrderId=WO\d+/.exec(mail!.content)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { level: 1, name: `Work order ${filed.WorkOrderId}` })).toBeVisible();
  });
});

test('the recalibration certificate downloads as a PDF whose text holds the VIN', async ({ page, signInAs, pageAs }) => {
  await signInAs('agent');
  await openDashboard(page);
  const order = await findOrder(page, 'Completed', (o) => o.HasRecalibration && o.Vin !== null, { agencies: ['10045821', '20077314'] });
  await openDetails(page, order);
  await expect(page.getByTestId('vin')).toHaveText(order.Vin!);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download recalibration certificate' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`recalibration-certificate-${order.WorkOrderId}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await extractPdfText(bytes);
  expect(text).toContain(order.Vin!);
  expect(text).toContain(order.WorkOrderId);
  // The button is back for another download.
  await expect(page.getByRole('button', { name: 'Download recalibration certificate' })).toBeEnabled();

  // Another agency's admin gets the JSON refusal, not the file.
  const other = await findOrder(page, 'Completed', (o) => o.HasRecalibration, { agencies: ['10045821'] });
  const admin = await secondUser(pageAs, 'admin');
  const refused = await callApi(admin, 'AgencyWorkOrder/DownloadRecalibrationCertificate', { WorkOrderId: other.WorkOrderId }, 'GET');
  expect(refused.status).toBe(404);
  expect(refused.contentType).toContain('application/json');
  await admin.context().close();
});

test('a failed referral is resubmitted and goes back to Received', async ({ page, signInAs, apiAs, cleanup }) => {
  await signInAs('agent');
  await openDashboard(page);
  const order = await findOrder(page, 'Open', (o) => o.CanResubmit, { Status: 'Failed', agencies: ['10045821', '20077314'] });
  // Afterwards the demo order is Failed again (an internal admin moves it back), for the next test that looks for one.
  cleanup(async () => {
    const back = await apiAs('internal', 'InternalAdmin/AdvanceWorkOrder', { WorkOrderId: order.WorkOrderId, Status: 'Failed', Note: 'e2e cleanup: back to Failed' });
    expect(back.status, `moving ${order.WorkOrderId} back to Failed: ${back.body?.message}`).toBe(200);
  });
  await openDetails(page, order);
  await expect(detailsStatus(page)).toHaveText('Failed');
  // The tracker: the stages it reached, then where it stopped (the current step), in words.
  await expect(tracker(page).getByRole('listitem').last()).toHaveText(/^Failed\s*Stopped here · /);
  await expect(tracker(page).locator('[aria-current="step"]')).toHaveText(/^Failed/);
  await expect(tracker(page).getByRole('listitem').first()).toHaveText(/^Received\s*Done · /);
  await page.getByRole('button', { name: 'Resubmit referral' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resubmit this referral?' });
  await expect(dialog).toBeVisible();
  // 'Cancel' has the focus: Escape or Cancel leave the order as it is.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(detailsStatus(page)).toHaveText('Failed');

  await page.getByRole('button', { name: 'Resubmit referral' }).click();
  await dialog.getByRole('button', { name: 'Yes, resubmit' }).click();
  await expect(dialog).toBeHidden();
  await expect(detailsStatus(page)).toHaveText('Received');
  await expect(successAlert(page, 'The referral was resubmitted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resubmit referral' })).toHaveCount(0);
  const timeline = page.getByTestId('timeline').getByRole('listitem');
  await expect(timeline.last()).toContainText('Received');
  await expect(timeline.nth(-2)).toContainText('Failed');
  // Sent again, it starts over at Received.
  await expect(tracker(page).getByRole('listitem')).toHaveCount(6);
  await expect(tracker(page).locator('[aria-current="step"]')).toHaveText(/^Received\s*Current stage/);
});

test('details: a cancelled order stops in the tracker; the VIN never breaks, at 1366 and 320 px; times name their zone', async ({ page, signInAs }) => {
  await signInAs('agent');
  await openDashboard(page);
  const cancelled = await findOrder(page, 'Completed', () => true, { Status: 'Cancelled', agencies: ['10045821', '20077314'] });
  await openDetails(page, cancelled);
  await expect(tracker(page).locator('[aria-current="step"]')).toHaveText(/^Cancelled\s*Stopped here · /);
  await expect(tracker(page).getByRole('listitem').filter({ hasText: /Done · / })).not.toHaveCount(0);

  const withVin = await findOrder(page, 'Completed', (o) => o.Vin !== null, { agencies: ['10045821', '20077314'] });
  await openDetails(page, withVin);
  const vin = page.getByTestId('vin');
  await expect(vin).toHaveText(withVin.Vin!);
  // One line box: the 17 characters are never split.
  expect(await vin.evaluate((el) => el.getClientRects().length)).toBe(1);
  // The page's times are local with the zone named (the browser's zone here), like the lists'.
  for (const time of await page.locator('.order-facts time, [data-testid="timeline"] time, [data-testid="progress-tracker"] time').allTextContents()) {
    expect(time).toMatch(/\d{1,2}:\d{2} [AP]M [A-Z]{2,5}|GMT[+-]\d/);
  }
  await page.setViewportSize({ width: 320, height: 640 });
  await expect.poll(() => vin.evaluate((el) => el.getClientRects().length)).toBe(1);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The tracker stacks its stages on a phone.
  const [a, b] = await tracker(page).getByRole('listitem').evaluateAll((lis) => lis.slice(0, 2).map((li) => li.getBoundingClientRect().top));
  expect(b!).toBeGreaterThan(a!);
});

test('the survey of a survey-complete order: rating, answers, comment and time', async ({ page, signInAs }) => {
  await signInAs('agent');
  await openDashboard(page);
  const order = await findOrder(page, 'Completed', (o) => o.HasSurvey, { Status: 'Survey complete', agencies: ['10045821', '20077314'] });
  const survey = await callApi<{ Rating: number; Answers: { Question: string; Answer: string }[]; Comment: string | null; CompletedAt: string }>(
    page,
    'AgencyWorkOrder/GetSurveyDetails',
    { WorkOrderId: order.WorkOrderId },
    'GET',
  );
  expect(survey.status).toBe(200);
  const s = survey.body!.result;

  await openDetails(page, order);
  await page.getByRole('link', { name: 'View the survey' }).click();
  await expect(page).toHaveURL(/\/dashboard\/order-survey-details\?workOrderId=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Survey details' })).toBeVisible();
  await expect(page.getByTestId('survey-rating')).toHaveText(`${s.Rating} out of 5`);
  await expect(page.getByRole('img', { name: `${s.Rating} out of 5 stars` })).toBeVisible();
  await expect(page.getByTestId('survey-completed')).toHaveAttribute('datetime', s.CompletedAt);
  for (const a of s.Answers) await expect(page.getByText(a.Question, { exact: true })).toBeVisible();
  if (s.Comment) await expect(page.getByText(s.Comment)).toBeVisible();
  else await expect(page.getByText('The policyholder left no comment.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the work order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Work order ${order.WorkOrderId}` })).toBeVisible();
});

test('manage-account saves the contact preferences with the spec’s phone messages, and a new claim starts with them', async ({ page, signInAs, apiAs, cleanup }) => {
  // Put the preferences back afterwards, passed or failed (other tests file claims as this user).
  cleanup(async () => {
    const reset = await apiAs('admin', 'User/UpdateUserAgentContactPrefs', {
      PolicyholderContactText: false,
      PolicyholderContactEmail: false,
      ServiceScheduledText: false,
      ServiceScheduledEmail: false,
      ServiceCompleteText: false,
      ServiceCompleteEmail: false,
      SurveyCompleteText: false,
      SurveyCompleteEmail: false,
      AgentPhoneNo: null,
    });
    expect(reset.status).toBe(200);
  });
  await signInAs('admin');
  await openDashboard(page);
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Manage my account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage my account' })).toBeVisible();
  await expect(page.getByTestId('profile')).toContainText('admin@demo.test');
  await expect(page.getByTestId('profile')).toContainText('Agency admin');

  const text = page.getByRole('group', { name: 'Text me when' });
  const email = page.getByRole('group', { name: 'Email me when' });
  const phone = page.getByLabel('Your mobile number for text alerts');
  const save = page.getByRole('button', { name: 'Save contact preferences' });
  await expect(save).toBeVisible();
  await text.getByRole('checkbox', { name: 'Service is complete' }).check();
  await email.getByRole('checkbox', { name: 'The survey is complete' }).check();
  // A text alert needs the phone: the spec's message (section 5, contact update), focus on the field.
  await save.click();
  await expect(page.getByText('Please enter a phone number', { exact: true })).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await phone.fill('81355501');
  await phone.blur();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await phone.fill('(813) 555.0134');
  await phone.blur();
  // Shown 3-3-4 once valid.
  await expect(phone).toHaveValue('813-555-0134');
  await expect(page.getByText('Please enter a valid phone number')).toHaveCount(0);
  await save.click();
  await expect(successAlert(page, 'Your contact preferences were saved.')).toBeVisible();

  // Saved: a reload shows them.
  await page.reload();
  await expect(phone).toHaveValue('813-555-0134');
  await expect(text.getByRole('checkbox', { name: 'Service is complete' })).toBeChecked();
  await expect(email.getByRole('checkbox', { name: 'The survey is complete' })).toBeChecked();
  await expect(text.getByRole('checkbox', { name: 'Service is scheduled' })).not.toBeChecked();

  // A new claim's appointment page starts with these alerts (the claim can still change them).
  await startFromHeader(page);
  await camryToQuote(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment options' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Text me when' }).getByRole('checkbox', { name: 'Service is complete' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Email me when' }).getByRole('checkbox', { name: 'The survey is complete' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'Email me when' }).getByRole('checkbox', { name: 'Service is scheduled' })).not.toBeChecked();
  await expect(page.getByLabel(/Your mobile number for text alerts/)).toHaveValue('813-555-0134');

});

for (const [who, role, route] of [
  ['an agent', 'agent', '/dashboard/work-order-console'],
  ['an agency admin', 'admin', '/dashboard/work-order-console'],
  ['a CE admin', 'ce', '/dashboard/work-order-details?workOrderId=WO1&referralNumber=123456'],
  ['a CE admin', 'ce', '/dashboard/order-survey-details?workOrderId=WO1'],
  ['an internal admin', 'internal', '/dashboard/manage-account'],
  ['a CE admin', 'ce', '/dashboard/manage-account'],
] as const) {
  test(`${who} opening ${route.split('?')[0]} gets the not-found page`, async ({ page, signInAs }) => {
    await signInAs(role);
    await openDashboard(page);
    await page.goto(route);
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
}

test('work-order details without an id, and an unknown id, say so', async ({ page, signInAs }) => {
  await signInAs('agent');
  await openDashboard(page);
  await page.goto('/dashboard/work-order-details');
  await expect(page.getByRole('heading', { level: 1, name: 'No work order was chosen' })).toBeVisible();
  await page.goto('/dashboard/work-order-details?workOrderId=WO999999999&referralNumber=999999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Work order not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open work orders' })).toHaveAttribute('href', '/dashboard/?view=open');
});
