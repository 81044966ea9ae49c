// The claim-flow bugs a design review found (issue 13), each where it could come back, in Chromium against the
// real server: the step-4 recommendation before any answer, the step-6 windshield after 'in front of the camera',
// the claim-details deductible against Florida's zero-deductible rule, the policyholder quote's share actions,
// and the fields' layout (chips as radios, buttons on their field's line, inputs of one height).
import type { Locator, Page } from '@playwright/test';
import {
  CAMRY,
  chipsRadio,
  damageStep,
  locationStep,
  nextButton,
  nextTo,
  quoteToDetails,
  serviceQuoteStep,
  stepForm,
  stepLoaded,
  VINS,
  vinField,
  vinStep,
} from './claim-steps.ts';
import { expect, openDashboard, test } from './fixtures.ts';

test.use({ signedInAs: 'agent' });

/** The step-4 guidance box and its heading. */
const guidance = (page: Page) => page.getByTestId('repair-guidance');
const question = (page: Page, name: RegExp) => stepForm(page).getByRole('group', { name });
const CAMERA_QUESTION = /^Is the damage in front of the camera/;
const CAMERA_FEATURE = 'A camera behind the windshield, near the rear-view mirror';

/** The box of an element (it is on screen). */
async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

/** Dashboard → step 1 → the Camry by VIN in Tampa → step 3. */
async function camryAtDamage(page: Page): Promise<void> {
  await openDashboard(page);
  await page.getByRole('banner').getByRole('link', { name: 'File a claim now' }).click();
  await locationStep(page);
  await vinStep(page, VINS.camry, CAMRY);
}

/** The Camry's windshield with one chip to repair → step 4. */
async function camryRepairAtQuestions(page: Page): Promise<void> {
  await camryAtDamage(page);
  await damageStep(page, { glass: ['Windshield'], service: 'Repair', chips: '1' });
  await stepLoaded(page, 4);
}

test('step 4 shows no recommendation before the answers allow one; Repair once all are no, Replace on a yes', async ({ page }) => {
  await camryRepairAtQuestions(page);
  const title = guidance(page).getByRole('heading', { level: 3 });
  // Nothing answered: no 'Repair' (it used to say 'Our recommendation: Repair' here).
  await expect(title).toHaveText('Our recommendation');
  await expect(guidance(page)).toContainText('Answer every question to see whether the glass can be repaired.');
  await expect(guidance(page)).not.toContainText('This damage can be repaired.');
  // Some answered 'No', one still open: still none.
  const radios = await stepForm(page).getByRole('radio', { name: 'No', exact: true }).all();
  expect(radios.length).toBeGreaterThan(1);
  for (const r of radios.slice(0, -1)) await r.check();
  await expect(title).toHaveText('Our recommendation');
  // All 'No': Repair.
  await radios.at(-1)!.check();
  await expect(title).toHaveText('Our recommendation: Repair');
  await expect(guidance(page)).toContainText('This damage can be repaired.');
  // One 'Yes' decides at once: Replace, and the service switches.
  await question(page, CAMERA_QUESTION).getByRole('radio', { name: 'Yes' }).check();
  await expect(title).toHaveText('Our recommendation: Replace');
  await expect(guidance(page)).toContainText('We changed the service from Repair to Replace:');
});

test("step 6 starts with the camera ticked after step 4 put the damage in front of it, and matches a camera windshield", async ({ page }) => {
  await camryRepairAtQuestions(page);
  for (const r of await stepForm(page).getByRole('radio', { name: 'No', exact: true }).all()) await r.check();
  await question(page, CAMERA_QUESTION).getByRole('radio', { name: 'Yes' }).check();
  await expect(guidance(page).getByRole('heading', { level: 3 })).toHaveText('Our recommendation: Replace');
  // The windshield alone: step 5 has nothing to ask; the Camry has a windshield without a camera and two with one.
  await nextTo(page, 6);
  const camera = stepForm(page).getByRole('checkbox', { name: CAMERA_FEATURE });
  await expect(camera).toBeChecked();
  await expect(page.getByTestId('windshield-part')).toContainText('with lane camera');
  // The agent can still say otherwise: clearing it matches the windshield without one.
  await camera.uncheck();
  await expect(page.getByTestId('windshield-part')).not.toContainText('lane camera');
  await camera.check();
  // Back on step 4 the camera answer turns 'No' (the damage is elsewhere): step 6 starts again with nothing ticked.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await stepLoaded(page, 4);
  await question(page, CAMERA_QUESTION).getByRole('radio', { name: 'Yes' }).check();
  await question(page, /^Is any crack longer than 6 inches/).getByRole('radio', { name: 'Yes' }).check();
  await question(page, CAMERA_QUESTION).getByRole('radio', { name: 'No' }).check();
  await nextTo(page, 6);
  await expect(stepForm(page).getByRole('checkbox', { name: CAMERA_FEATURE })).not.toBeChecked();
});

test('claim details open with a 0 deductible in Florida although 500 was typed on the quote step; fields and buttons line up', async ({ page }) => {
  await camryAtDamage(page);
  // Step 3: the chips are radios (four short choices), not a select.
  const chips = stepForm(page).getByRole('group', { name: /^Number of chips or cracks/ });
  await expect(chips.getByRole('radio')).toHaveCount(4);
  for (const n of ['1', '2', '3', 'More than 3']) await expect(chipsRadio(page, n)).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Number of chips/ })).toHaveCount(0);
  await damageStep(page, { glass: ['Windshield'], service: 'Replace' });
  await stepLoaded(page, 6);
  await nextTo(page, 7);

  // Step 7: 'Update the quote' sits on the deductible input's line, as tall as it and as wide as its words.
  const deductible = page.getByLabel('Policyholder’s deductible (optional)');
  const update = page.getByRole('button', { name: 'Update the quote' });
  const [input, button] = [await box(deductible), await box(update)];
  expect(Math.abs(button.y - input.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(button.height - input.height)).toBeLessThanOrEqual(1);
  expect(button.width).toBeLessThan(250);
  await deductible.fill('500');
  await update.click();
  await expect(page.getByTestId('quote-totals')).toContainText('$500.00');
  await serviceQuoteStep(page);
  await quoteToDetails(page);

  // Claim details: Florida waives the deductible for a windshield; the field agrees with its hint.
  await expect(page.getByText('No deductible applies to windshield damage under FL law.')).toBeVisible();
  await expect(page.getByLabel('Deductible')).toHaveValue('0');
  // The Email input is as tall as its neighbours (it was stretched to 71 px beside a field with a hint).
  const heights = await Promise.all(['Email', 'Deductible', 'Phone number', 'Policy number'].map(async (l) => (await box(page.getByLabel(l, { exact: true }))).height));
  for (const h of heights) expect(Math.abs(h - heights[3]!), `heights ${heights.join(', ')}`).toBeLessThanOrEqual(1);
  expect(heights[0]).toBeLessThan(50);
  // One column (issue 13: single-column forms): every field of claim details starts at the same left edge.
  const lefts = await Promise.all(['Policy number', 'First name', 'Email', 'Deductible', 'Street address', 'City', 'ZIP code'].map(async (l) => (await box(page.getByLabel(l, { exact: true }))).x));
  expect(new Set(lefts.map(Math.round)).size, `left edges ${lefts.join(', ')}`).toBe(1);
});

test("'Find the vehicle' sits on the VIN input's line, as tall as it", async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('banner').getByRole('link', { name: 'File a claim now' }).click();
  await locationStep(page);
  const [input, button] = [await box(vinField(page)), await box(page.getByRole('button', { name: 'Find the vehicle' }))];
  expect(Math.abs(button.y - input.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(button.height - input.height)).toBeLessThanOrEqual(1);
  expect(button.x).toBeGreaterThan(input.x + input.width);
  // A message under the VIN does not move the button off the input's line.
  await vinField(page).fill('4T1AAAB19LA100001');
  await expect(page.locator('#vin-error')).toBeVisible();
  const [input2, button2] = [await box(vinField(page)), await box(page.getByRole('button', { name: 'Find the vehicle' }))];
  expect(Math.abs(button2.y - input2.y)).toBeLessThanOrEqual(1);
});

test('the policyholder quote can be shared: email (mailto with the quote), print (the quote alone), copy', async ({ page, context }) => {
  await camryAtDamage(page);
  await damageStep(page, { glass: ['Windshield'], service: 'Replace' });
  await stepLoaded(page, 6);
  await nextButton(page).click();
  await serviceQuoteStep(page);
  await expect(page.getByText('Share this quote with the policyholder.')).toBeVisible();
  const share = page.getByRole('group', { name: 'Share the quote with the policyholder' });
  const total = (await page.getByTestId('quote-totals').locator('div', { hasText: /^Total/ }).locator('dd').textContent())!.trim();

  // Email: the agent's mail program opens with the quote as the message (no address yet at this point of a claim).
  const href = (await share.getByRole('link', { name: 'Email the quote' }).getAttribute('href'))!;
  expect(href.startsWith('mailto:?subject=')).toBe(true);
  const mail = new URL(href);
  expect(mail.searchParams.get('subject')).toBe(`Your glass quote for the ${CAMRY}`);
  const body = mail.searchParams.get('body')!;
  expect(body).toContain(`Vehicle: ${CAMRY}`);
  expect(body).toContain('Location: Tampa, FL 33602');
  expect(body).toContain(`Total: ${total}`);

  // Print: the browser's print, and the printed page is the quote alone.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await share.getByRole('button', { name: 'Print the quote' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(share).toBeHidden();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeHidden();
  await expect(page.getByTestId('quote-table')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Copy: the same text on the clipboard, and a status that says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await share.getByRole('button', { name: 'Copy the quote' }).click();
  await expect(share.getByRole('status')).toHaveText('Quote copied: paste it into a message to the policyholder.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Your glass quote for the ${CAMRY}`);
  expect(copied).toContain(`Total: ${total}`);
});
