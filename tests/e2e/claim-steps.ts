// The claim flow's pages as an agent walks them (shared by claim-flow.test.ts and a11y.test.ts): each helper
// acts through labels and roles only and waits until the page shows what comes next.
import type { Locator, Page, Request } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Demo vehicles (README 'Filing a claim'). */
export const VINS = {
  /** 2020 Toyota Camry: several windshields, so step 6 (problem property question) asks which. */
  camry: '4T1AAAB18LA100001',
  /** 2008 Honda Civic (no camera). */
  civic: '1HGAAA11X8A100001',
} as const;
export const CAMRY = '2020 Toyota Camry 4 Door Sedan';
export const CRV = { year: '2018', make: 'Honda', model: 'CR-V', style: '4 Door Utility' } as const;

/** ZIP codes: served (Tampa) and not served (Jordan, MT). */
export const ZIP_SERVICED = '33602';
export const ZIP_NOT_SERVICED = '59337';

/** The CreateReferral call (QuickSubmit). */
export const isCreateReferral = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/QuickSubmit/CreateReferral');

/** The h2 of step n of the seven ('Step 3 of 7: Vehicle damage'). */
export const stepHeading = (page: Page, n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Step ${n} of 7\\b`) });
/** The form of the current step. */
export const stepForm = (page: Page) => page.locator('form.flow-step');
export const zipField = (page: Page) => page.getByLabel('Policyholder ZIP code');
export const vinField = (page: Page) => page.getByLabel('Vehicle identification number (VIN)');
export const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
export const backButton = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });
/** The message under a field or choice group (`${id}-error`). */
export const fieldError = (page: Page, id: string): Locator => page.locator(`[id="${id}-error"]`);

/** The claim details of spec section 3 (insuranceClaimDetails and additionalDetails). City, state and ZIP start from step 1. */
export const CLAIM_DETAILS = {
  policyNumber: 'HPX-4471-2093',
  firstName: 'Jamie',
  lastName: "O'Neil",
  email: 'jamie.oneil@example.com',
  carrier: 'Progressive',
  deductible: '250',
  phone: '8135550142',
  street: '401 E Jackson St',
  anyOther: 'Parked on the street; a gate code is needed for the garage.',
} as const;

/** An ISO day (YYYY-MM-DD) `days` from today in local time (negative: in the past). */
export function isoDayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** From a page with the header: 'File a claim now' → step 1. */
export async function startFromHeader(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'File a claim now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/start-claim$/);
  await expect(stepHeading(page, 1)).toBeVisible();
}

/** Clicks Next and waits for step n to show its content (its code and data loaded). */
export async function nextTo(page: Page, n: number): Promise<void> {
  await nextButton(page).click();
  await stepLoaded(page, n);
}

/** Step n shows, and no longer its loading line. */
export async function stepLoaded(page: Page, n: number): Promise<void> {
  await expect(stepHeading(page, n)).toBeVisible();
  await expect(stepForm(page).locator('.flow-loading')).toHaveCount(0);
}

/** Step 1: the ZIP is looked up (city and state, serviced). */
export async function locationStep(page: Page, zip: string = ZIP_SERVICED): Promise<void> {
  await expect(stepHeading(page, 1)).toBeVisible();
  await zipField(page).fill(zip);
  await expect(page.getByTestId('city-state')).toBeVisible();
  await expect(page.getByText('A shop serves this area.')).toBeVisible();
  await nextTo(page, 2);
}

/** Step 2 by VIN: the VIN is decoded as it is typed. */
export async function vinStep(page: Page, vin: string, vehicle: string | RegExp): Promise<void> {
  await vinField(page).fill(vin);
  await expect(page.getByTestId('vehicle')).toHaveText(vehicle);
  await nextTo(page, 3);
}

/** Step 2 by year, make, model and body style. */
export async function ymmsStep(page: Page, v: { year: string; make: string; model: string; style: string }): Promise<void> {
  await page.getByRole('radio', { name: 'By year, make and model' }).check();
  await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption(v.year);
  await page.getByRole('combobox', { name: 'Make', exact: true }).selectOption(v.make);
  await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption(v.model);
  await page.getByRole('combobox', { name: 'Body style', exact: true }).selectOption(v.style);
  await expect(page.getByTestId('vehicle')).toHaveText(`${v.year} ${v.make} ${v.model} ${v.style}`);
  await nextTo(page, 3);
}

/** Step 3's number of chips or cracks: a radio per choice ('1', '2', '3', 'More than 3'). */
export const chipsRadio = (page: Page, chips: string): Locator =>
  stepForm(page).getByRole('group', { name: /^Number of chips or cracks/ }).getByRole('radio', { name: chips, exact: true });

/** Step 3: the damaged glass, repair or replace and (for a repair) the chips; Next (the step after it depends on the answers). */
export async function damageStep(page: Page, d: { glass: readonly string[]; service: 'Repair' | 'Replace'; chips?: string }): Promise<void> {
  const form = stepForm(page);
  for (const g of d.glass) await form.getByRole('checkbox', { name: g, exact: true }).check();
  await form.getByRole('radio', { name: d.service, exact: true }).check();
  if (d.chips) await chipsRadio(page, d.chips).check();
  await nextButton(page).click();
}

/** Answers every yes/no question of the step with one answer. */
export async function answerAll(page: Page, answer: 'Yes' | 'No'): Promise<void> {
  for (const radio of await stepForm(page).getByRole('radio', { name: answer, exact: true }).all()) await radio.check();
}

/** The number of the step shown once it is past step `after` and its content has loaded. */
export async function stepAfter(page: Page, after: number): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: /^Step \d of 7\b/ });
  await expect(heading).toHaveText(new RegExp(`^Step [${after + 1}-7] of 7`));
  await expect(stepForm(page).locator('.flow-loading')).toHaveCount(0);
  return Number(/^Step (\d)/.exec((await heading.textContent()) ?? '')![1]);
}

/**
 * After step 3's Next, the steps that ask for these answers, to the policyholder quote: step 4 (a repair: every
 * problem question 'No'), step 5 (a group with several pieces: the first ticked), step 6 (several windshields fit:
 * nothing ticked), step 7 (the quote) → the policyholder quote. Returns the steps that showed.
 */
export async function stepsFourToQuote(page: Page): Promise<number[]> {
  const shown: number[] = [];
  for (let n = await stepAfter(page, 3); n < 7; n = await stepAfter(page, n)) {
    shown.push(n);
    if (n === 4) {
      await expect(page.getByTestId('repair-guidance')).toBeVisible();
      await answerAll(page, 'No');
    } else if (n === 5) {
      await partsStep(page);
    } else {
      await expect(stepForm(page).getByRole('group', { name: /^What does the vehicle have\?/ })).toBeVisible();
      await expect(page.getByTestId('windshield-part')).toBeVisible();
    }
    await nextButton(page).click();
  }
  shown.push(7);
  await serviceQuoteStep(page);
  return shown;
}

/** Step 5: each group of pieces that asks gets its first piece ticked. */
export async function partsStep(page: Page): Promise<void> {
  for (const group of await stepForm(page).getByRole('group').all()) {
    const boxes = group.getByRole('checkbox');
    if ((await boxes.count()) > 0 && !(await boxes.first().isChecked())) await boxes.first().check();
  }
}

/** Step 7: the quote shows; Next → the policyholder quote. */
export async function serviceQuoteStep(page: Page): Promise<void> {
  await stepLoaded(page, 7);
  await expect(page.getByTestId('quote-table')).toBeVisible();
  await nextButton(page).click();
  await expect(page).toHaveURL(/\/dashboard\/policy-holder-quote$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quote for the policyholder' })).toBeVisible();
  await expect(page.getByTestId('quote-table')).toBeVisible();
}

/** Steps 1-7 for the Camry by VIN in Tampa, windshield replaced → the policyholder quote. */
export async function camryToQuote(page: Page): Promise<void> {
  await locationStep(page);
  await vinStep(page, VINS.camry, CAMRY);
  await damageStep(page, { glass: ['Windshield'], service: 'Replace' });
  await stepsFourToQuote(page);
}

/** Policyholder quote → Continue → the appointment options (we call the policyholder; by phone) → Continue → claim details. */
export async function quoteToDetails(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/appointment-option-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment options' })).toBeVisible();
  await page.getByRole('radio', { name: 'We call the policyholder to schedule' }).check();
  await page.getByRole('radio', { name: 'Phone call' }).check();
  await page.getByRole('group', { name: 'Email me when' }).getByRole('checkbox', { name: 'Service is scheduled' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/submit_claimdetails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claim details' })).toBeVisible();
}

/** Claim details: every field of the spec's two sections; Continue → the review. */
export async function detailsToReview(page: Page, d = CLAIM_DETAILS): Promise<void> {
  await page.getByLabel('Policy number').fill(d.policyNumber);
  await page.getByLabel('First name').fill(d.firstName);
  await page.getByLabel('Last name').fill(d.lastName);
  await page.getByLabel('Email').fill(d.email);
  await page.getByLabel('Carrier').selectOption(d.carrier);
  await page.getByLabel('Deductible').fill(d.deductible);
  await page.getByLabel('Phone number').fill(d.phone);
  await page.getByLabel('Street address').fill(d.street);
  // City, state and ZIP come from step 1.
  await expect(page.getByLabel('City')).toHaveValue('Tampa');
  await expect(page.getByLabel('State')).toHaveValue('FL');
  await expect(page.getByLabel('ZIP code')).toHaveValue(ZIP_SERVICED);
  await page.getByLabel('Damage date').fill(isoDayFromToday(-3));
  await page.getByLabel('Anything else we should know?').fill(d.anyOther);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/submit-claim-review-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review the claim' })).toBeVisible();
}

/** The review's submit button. */
export const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit the claim' });

/** The success page: its referral number. */
export async function successReferral(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/dashboard\/success_submit-claim\?referral=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your claim was submitted' })).toBeVisible();
  const number = page.getByTestId('referral-number');
  await expect(number).toBeVisible();
  return (await number.textContent())!.trim();
}

/** From a page with the header: a claim for the Camry through every page (steps, quote, appointment, details, review) → its referral number. */
export async function fileCamryClaim(page: Page): Promise<string> {
  await startFromHeader(page);
  await camryToQuote(page);
  await quoteToDetails(page);
  await detailsToReview(page);
  await submitButton(page).click();
  return successReferral(page);
}
