// The claim and cash-quote flow (issue 5) in Chromium against the real server: the seven steps, the quote,
// appointment, claim details, review and success pages; Back, leaving the flow, idempotent submission, the
// role gates, the spec's validation messages and the carrier block.
import type { Page, Request } from '@playwright/test';
import {
  backButton,
  CAMRY,
  camryToQuote,
  chipsRadio,
  CRV,
  damageStep,
  detailsToReview,
  fieldError,
  isCreateReferral,
  isoDayFromToday,
  locationStep,
  nextButton,
  nextTo,
  quoteToDetails,
  startFromHeader,
  stepForm,
  stepHeading,
  stepsFourToQuote,
  submitButton,
  successReferral,
  VINS,
  vinField,
  vinStep,
  ymmsStep,
  ZIP_NOT_SERVICED,
  ZIP_SERVICED,
  zipField,
} from './claim-steps.ts';
import { expect, openDashboard, openUserMenu, switchAgency, test, waitForDashboard, type SignInAs } from './fixtures.ts';

/** Referral numbers are the two-digit year and a 7-digit sequence (src/server/services/referrals.ts). */
const REFERRAL_NUMBER = new RegExp(`^${String(new Date().getFullYear()).slice(2)}\\d{7}$`);
const CARRIER_BLOCK = 'Due to edits in your carriers, you’re unable to file a claim. Please contact the Agency Care Desk for help.';

/** Signs the test's context in as the agent (stored sign-in) and waits for the dashboard. */
async function agent(page: Page, signInAs: SignInAs): Promise<void> {
  await signInAs('agent');
  await openDashboard(page);
}

/** Records the CreateReferral requests of the page. */
function referralRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (isCreateReferral(r)) seen.push(r);
  });
  return seen;
}

test.describe('claim flow', () => {
  test('an agent files a claim by VIN: seven steps, quote, appointment, details, review, referral number', async ({ page, problems, signInAs }) => {
    const requests = referralRequests(page);
    await agent(page, signInAs);
    await startFromHeader(page);
    await expect(page.getByRole('heading', { level: 1, name: 'File a claim' })).toBeVisible();
    await camryToQuote(page);

    // The policyholder quote sums up the claim (beside the live summary, which says it too).
    await expect(page.locator('.flow__main').getByText('Tampa, FL 33602', { exact: true })).toBeVisible();
    await expect(page.locator('.flow__main').getByText(CAMRY, { exact: true })).toBeVisible();
    await quoteToDetails(page);
    await detailsToReview(page);

    // The review lists every answer.
    const main = page.getByRole('main');
    for (const text of [CAMRY, VINS.camry, 'Tampa, FL 33602', 'HPX-4471-2093', 'Jamie', "O'Neil", 'jamie.oneil@example.com', 'Progressive', '401 E Jackson St', 'We call the policyholder to schedule', 'Phone call']) {
      await expect(main.getByText(text, { exact: true }).first(), `review shows ${text}`).toBeVisible();
    }
    // Several windshields fit the Camry: the property answers (step 6) are part of the claim.
    await expect(page.getByRole('region', { name: 'Answers to the questions' }).getByRole('term').filter({ hasText: 'A camera behind the windshield, near the rear-view mirror' })).toBeVisible();

    // The reply is read as it passes (the page leaves for the success page at once, taking the body with it).
    const replies: { status: number; body: { isSuccess: boolean; result: { ReferralNumber: string; WorkOrderId: string } } }[] = [];
    await page.route(
      (url) => url.pathname.endsWith('/QuickSubmit/CreateReferral'),
      async (route) => {
        const res = await route.fetch();
        replies.push({ status: res.status(), body: await res.json() });
        await route.fulfill({ response: res });
      },
    );
    await submitButton(page).click();
    const shown = await successReferral(page);
    expect(replies).toHaveLength(1);
    const { status, body } = replies[0]!;
    expect(status).toBe(200);
    expect(body.isSuccess).toBe(true);
    expect(body.result.ReferralNumber).toMatch(REFERRAL_NUMBER);
    expect(shown).toBe(body.result.ReferralNumber);
    await expect(page.getByTestId('work-order')).toHaveText(body.result.WorkOrderId);
    expect(requests).toHaveLength(1);

    // The flow is over: back on the review nothing is left to submit, and Submit sends nothing.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/submit-claim-review-details$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct these answers:' })).toBeVisible();
    await submitButton(page).click();
    await expect(page.locator('#review-problems')).toBeFocused();
    expect(requests, 'no second CreateReferral').toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test('a claim by year, make, model and body style reaches the success page', async ({ page, problems, signInAs }) => {
    await agent(page, signInAs);
    await startFromHeader(page);
    await locationStep(page);
    await ymmsStep(page, CRV);
    // Windshield and a side window: tempered glass is replaced; step 5 asks for the side piece.
    await damageStep(page, { glass: ['Windshield', "Driver's side"], service: 'Replace' });
    await stepsFourToQuote(page);
    await expect(page.locator('.flow__main').getByText(`${CRV.year} ${CRV.make} ${CRV.model} ${CRV.style}`, { exact: true })).toBeVisible();
    await quoteToDetails(page);
    await detailsToReview(page);
    await submitButton(page).click();
    expect(await successReferral(page)).toMatch(REFERRAL_NUMBER);
    expect(problems).toEqual([]);
  });

  test("the cash quote from the user menu's 'Get a quote' ends at the quote: no claim is filed", async ({ page, problems, signInAs }) => {
    const requests = referralRequests(page);
    await agent(page, signInAs);
    // The default agency is co-branded (no 'Get a quote'); Summit Ridge is not.
    await switchAgency(page, 'Summit Ridge Agency');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Get a quote' }).click();
    await expect(page).toHaveURL(/\/dashboard\/start-claim\?mode=quote$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get a quote' })).toBeVisible();

    await locationStep(page);
    await vinStep(page, VINS.civic, /^2008 Honda Civic/);
    await damageStep(page, { glass: ['Windshield'], service: 'Repair', chips: '1' });
    await stepsFourToQuote(page);

    // The quote is where a cash quote ends: no way on to the appointment, a new quote or the dashboard instead.
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start a new quote' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Chip repair/ })).toBeVisible();
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await waitForDashboard(page);
    expect(requests, 'CreateReferral requests').toHaveLength(0);
    expect(problems).toEqual([]);
  });

  test('Back keeps every answer', async ({ page, problems, signInAs }) => {
    await agent(page, signInAs);
    await startFromHeader(page);
    await locationStep(page);
    await vinStep(page, VINS.camry, CAMRY);
    const form = stepForm(page);
    await form.getByRole('checkbox', { name: 'Windshield', exact: true }).check();
    await form.getByRole('radio', { name: 'Repair', exact: true }).check();
    await chipsRadio(page, '2').check();
    await nextTo(page, 4);
    await expect(page.getByTestId('repair-guidance')).toBeVisible();
    await form.getByRole('group', { name: /shattered/ }).getByRole('radio', { name: 'No' }).check();

    await backButton(page).click();
    await expect(stepHeading(page, 3)).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'Windshield', exact: true })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Repair', exact: true })).toBeChecked();
    await expect(chipsRadio(page, '2')).toBeChecked();

    await backButton(page).click();
    await expect(stepHeading(page, 2)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'By VIN' })).toBeChecked();
    await expect(vinField(page)).toHaveValue(VINS.camry);
    await expect(page.getByTestId('vehicle')).toHaveText(CAMRY);

    await backButton(page).click();
    await expect(stepHeading(page, 1)).toBeVisible();
    await expect(zipField(page)).toHaveValue(ZIP_SERVICED);
    await expect(page.getByTestId('city-state')).toHaveText('Tampa, FL');

    // Forward again: nothing was lost on the way back, the step-4 answer included.
    await nextTo(page, 2);
    await expect(vinField(page)).toHaveValue(VINS.camry);
    await nextTo(page, 3);
    await nextTo(page, 4);
    await expect(stepForm(page).getByRole('group', { name: /shattered/ }).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(problems).toEqual([]);
  });

  test("the dashboard's quick start: ZIP and VIN open step 3; Back shows them in steps 2 and 1", async ({ page, problems, signInAs }) => {
    await agent(page, signInAs);
    const start = page.getByRole('region', { name: 'Start a claim' });
    await start.getByLabel('Policyholder ZIP code').fill(ZIP_SERVICED);
    await start.getByLabel('Vehicle identification number (VIN)').fill(VINS.camry.toLowerCase());
    await start.getByRole('button', { name: 'Start the claim' }).click();
    await expect(page).toHaveURL(/\/dashboard\/start-claim$/);
    await expect(stepHeading(page, 3)).toBeFocused();
    await expect(stepForm(page).getByRole('checkbox', { name: 'Windshield', exact: true })).toBeVisible();
    await backButton(page).click();
    await expect(vinField(page)).toHaveValue(VINS.camry);
    await expect(page.getByTestId('vehicle')).toHaveText(CAMRY);
    await backButton(page).click();
    await expect(zipField(page)).toHaveValue(ZIP_SERVICED);
    await expect(page.getByTestId('city-state')).toHaveText('Tampa, FL');

    // A ZIP no shop serves stops at step 1 with its message.
    await page.goto('/dashboard/');
    await waitForDashboard(page);
    await start.getByLabel('Policyholder ZIP code').fill(ZIP_NOT_SERVICED);
    await start.getByLabel('Vehicle identification number (VIN)').fill(VINS.civic);
    await start.getByRole('button', { name: 'Start the claim' }).click();
    await expect(fieldError(page, 'zip')).toContainText(`We have no shop within 50 miles of ${ZIP_NOT_SERVICED}`);
    await expect(stepHeading(page, 1)).toBeVisible();
    // With a ZIP that is served, Next goes on with the quick start: the VIN is checked and step 3 opens.
    await zipField(page).fill(ZIP_SERVICED);
    await expect(page.getByTestId('city-state')).toHaveText('Tampa, FL');
    await nextButton(page).click();
    await expect(stepHeading(page, 3)).toBeFocused();
    await backButton(page).click();
    await expect(vinField(page)).toHaveValue(VINS.civic);
    expect(problems).toEqual([]);
  });

  test('a replacement skips the problem questions, a windshield alone skips the parts step, and Back skips them too', async ({ page, problems, signInAs }) => {
    await agent(page, signInAs);
    await startFromHeader(page);
    await locationStep(page);
    await vinStep(page, VINS.camry, CAMRY);
    await damageStep(page, { glass: ['Windshield'], service: 'Replace' });
    // Several windshields fit the Camry: step 6 asks which features it has (nothing ticked is a No to each).
    await expect(stepHeading(page, 6)).toBeVisible();
    const features = stepForm(page).getByRole('group', { name: /^What does the vehicle have\?/ });
    await expect(features.getByRole('checkbox')).not.toHaveCount(0);
    const plain = (await page.getByTestId('windshield-part').textContent()) ?? '';
    // Every feature ticked: the windshield that has them all.
    for (const box of await features.getByRole('checkbox').all()) await box.check();
    await expect(page.getByTestId('windshield-part')).not.toHaveText(plain);
    await backButton(page).click();
    await expect(stepHeading(page, 3)).toBeVisible();
    await nextButton(page).click();
    await expect(stepHeading(page, 6)).toBeVisible();
    for (const box of await features.getByRole('checkbox').all()) await expect(box).toBeChecked();
    await nextTo(page, 7);
    await backButton(page).click();
    await expect(stepHeading(page, 6)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('leaving the claim-flow pages clears the flow: starting again shows an empty step 1', async ({ page, problems, signInAs }) => {
    await agent(page, signInAs);
    await startFromHeader(page);
    await locationStep(page);
    await vinField(page).fill(VINS.camry);
    await expect(page.getByTestId('vehicle')).toHaveText(CAMRY);

    // Within the flow the answers survive a reload.
    await page.reload();
    await expect(stepHeading(page, 2)).toBeVisible();
    await expect(vinField(page)).toHaveValue(VINS.camry);

    await page.goto('/dashboard/');
    await waitForDashboard(page);
    expect(await page.evaluate(() => sessionStorage.getItem('portal.claimFlow'))).toBeNull();

    await page.goto('/dashboard/start-claim');
    await expect(stepHeading(page, 1)).toBeVisible();
    await expect(zipField(page)).toHaveValue('');
    await expect(page.getByTestId('city-state')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('a double submit and a retry after a lost reply file ONE referral (same Idempotency-Key, same number)', async ({ page, problems, signInAs }) => {
    await agent(page, signInAs);
    await startFromHeader(page);
    await camryToQuote(page);
    await quoteToDetails(page);
    await detailsToReview(page);

    // The first reply is lost on the way back (the server did file it); later ones pass.
    const calls: { key: string | undefined; number: string }[] = [];
    await page.route(
      (url) => url.pathname.endsWith('/QuickSubmit/CreateReferral'),
      async (route) => {
        const key = route.request().headers()['idempotency-key'];
        const res = await route.fetch();
        const body = (await res.json()) as { result?: { ReferralNumber?: string } };
        calls.push({ key, number: body.result?.ReferralNumber ?? `(status ${res.status()})` });
        if (calls.length === 1) await route.abort('connectionreset');
        else await route.fulfill({ response: res });
      },
    );

    await submitButton(page).dblclick();
    await expect(page.locator('#review-problems')).toContainText('We could not reach the server. Nothing you entered is lost: please try again.');
    expect(calls, 'one request per double click').toHaveLength(1);

    await submitButton(page).dblclick();
    const shown = await successReferral(page);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.key).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(calls.map((c) => c.key)).toEqual([calls[0]!.key, calls[0]!.key]);
    expect(calls.map((c) => c.number)).toEqual([shown, shown]);
    expect(shown).toMatch(REFERRAL_NUMBER);
    expect(problems).toEqual([]);
  });

  test('a CE admin opening start-claim gets the not-found page', async ({ page, problems, signInAs }) => {
    await signInAs('ce');
    await openDashboard(page);
    await page.goto('/dashboard/start-claim');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an internal admin opening start-claim is sent to the dashboard', async ({ page, problems, signInAs }) => {
    await signInAs('internal');
    await openDashboard(page);
    await page.goto('/dashboard/start-claim');
    await waitForDashboard(page);
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await expect(stepHeading(page, 1)).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("validation: VIN, ZIP and the claim details' messages (spec section 5)", async ({ page, problems, signInAs }) => {
    await agent(page, signInAs);
    await startFromHeader(page);

    // ZIP: a well-formed ZIP that does not exist, then one no shop serves.
    await zipField(page).fill('00000');
    await expect(fieldError(page, 'zip')).toHaveText('Invalid ZIP. Please enter a new ZIP.');
    await zipField(page).fill(ZIP_NOT_SERVICED);
    await expect(fieldError(page, 'zip')).toContainText(`We have no shop within 50 miles of ${ZIP_NOT_SERVICED}`);
    await nextButton(page).click();
    await expect(stepHeading(page, 1)).toBeVisible();
    await expect(zipField(page)).toBeFocused();
    await locationStep(page);

    // VIN: a bad check digit shows its message as soon as the 17th character is typed, without a request.
    const vinCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('GetVehicleInfoByVin')) vinCalls.push(r.url());
    });
    await vinField(page).fill('4T1AAAB19LA100001');
    await expect(fieldError(page, 'vin')).toHaveText('This VIN is not valid: its check digit does not match. Please check it.');
    await vinField(page).fill('4T1AAAB1OLA100001');
    await expect(fieldError(page, 'vin')).toHaveText('A VIN uses letters and digits only, never I, O or Q.');
    expect(vinCalls).toEqual([]);
    await vinStep(page, VINS.camry, CAMRY);
    await damageStep(page, { glass: ['Windshield'], service: 'Replace' });
    await stepsFourToQuote(page);
    await quoteToDetails(page);

    // Claim details: the deductible starts at 0 (Florida waives it for a windshield) and the damage date as today;
    // emptied, they are required like the rest. Continue with the required fields empty.
    await expect(page.getByLabel('Deductible')).toHaveValue('0');
    await expect(page.getByText('No deductible applies to windshield damage under FL law.')).toBeVisible();
    await expect(page.getByLabel('Damage date')).toHaveValue(isoDayFromToday(0));
    await page.getByLabel('Deductible').fill('');
    await page.getByLabel('Damage date').fill('');
    // One click from the emptied field: its message does not move the button away before the click lands.
    await page.getByRole('button', { name: 'Continue' }).click();
    const expected: [string, string][] = [
      ['policy-number', 'The policy number field is required'],
      ['first-name', 'The first name field is required'],
      ['last-name', 'The last name field is required'],
      ['carrier', 'The carrier field is required'],
      ['deductible', 'The deductible field is required'],
      ['phone', 'The phone number field is required'],
      ['street', 'The street address field is required'],
      ['damage-date', 'Please enter a valid date.'],
    ];
    for (const [id, message] of expected) await expect(fieldError(page, id), id).toHaveText(message);
    await expect(page.getByLabel('Policy number')).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard\/submit_claimdetails$/);

    // A bad phone, letters in a name, a bad email and a damage date in the future.
    await page.getByLabel('Phone number').fill('555-12');
    await page.getByLabel('Phone number').blur();
    await expect(fieldError(page, 'phone')).toHaveText('Please enter a valid phone number');
    await page.getByLabel('First name').fill('J4mie');
    await page.getByLabel('First name').blur();
    await expect(fieldError(page, 'first-name')).toHaveText('Only letters allow');
    await page.getByLabel('Email').fill('jamie@');
    await page.getByLabel('Email').blur();
    await expect(fieldError(page, 'email')).toHaveText('Please enter a valid email address');
    await page.getByLabel('Damage date').fill(isoDayFromToday(5));
    await page.getByLabel('Damage date').blur();
    await expect(fieldError(page, 'damage-date')).toHaveText('Please enter a valid date.');

    // Fixing a field clears its message as it is typed.
    await page.getByLabel('Phone number').fill('813-555-0142');
    await expect(fieldError(page, 'phone')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('an agent of a co-branded agency with carrier edits sees the block message and no form', async ({ page, problems, signInAs }) => {
    await signInAs('carrierEdit');
    await openDashboard(page);
    await page.getByRole('banner').getByRole('link', { name: 'File a claim now' }).click();
    await expect(page).toHaveURL(/\/dashboard\/start-claim$/);
    const block = page.getByTestId('carrier-block');
    await expect(block).toBeVisible();
    await expect(block.getByRole('heading', { level: 1 })).toHaveText('Claims cannot be filed for this agency');
    await expect(block).toContainText(CARRIER_BLOCK);
    await expect(block.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard/');
    await expect(page.getByRole('main').locator('form')).toHaveCount(0);
    await expect(zipField(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
