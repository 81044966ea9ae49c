// The claim flow's pictures (issue 13) in Chromium against the real server, with the Camry (several windshields,
// so step 6 asks which): the car of step 3 toggles and mirrors the glass checkboxes, the windshield zones of step 4
// are named and captioned beside the questions and mark the zone a 'yes' points to, step 6 shows the camera beside
// its question; axe finds nothing serious on steps 3 and 4, and a 390 px phone does not scroll sideways.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { CAMRY, damageStep, fieldError, locationStep, nextButton, stepForm, stepLoaded, VINS, vinStep } from './claim-steps.ts';
import { expect, test } from './fixtures.ts';

test.use({ signedInAs: 'agent', viewport: { width: 1366, height: 900 } });

const CAMERA_QUESTION = /^Is the damage in front of the camera/;
const CAMERA_FEATURE = 'A camera behind the windshield, near the rear-view mirror';
const ZONES_TITLE = 'Where the damage is on the windshield';

/** Step 1 → the Camry by VIN in Tampa → step 3. */
async function camryAtDamage(page: Page): Promise<void> {
  await page.goto('/dashboard/start-claim');
  await locationStep(page);
  await vinStep(page, VINS.camry, CAMRY);
}

/** The Camry's windshield with one chip to repair → step 4. */
async function camryAtQuestions(page: Page): Promise<void> {
  await camryAtDamage(page);
  await damageStep(page, { glass: ['Windshield'], service: 'Repair', chips: '1' });
  await stepLoaded(page, 4);
}

const glassGroup = (page: Page) => stepForm(page).getByRole('group', { name: /^Which glass is damaged\?/ });
const picker = (page: Page) => page.getByTestId('glass-picker');
/** The picture's region of a glass group (the picture is hidden from assistive technology: found by its data). */
const region = (page: Page, group: string) => picker(page).locator(`[data-glass="${group}"]`);
const zones = (page: Page) => page.getByRole('figure', { name: ZONES_TITLE });

/** The box of an element on screen. */
async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

/** Runs axe (WCAG 2.2 AA + best practice, as a11y.test.ts does); no serious or critical violation. */
async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  await testInfo.attach(`axe ${label}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe on ${label}`).toEqual([]);
}

/** The page does not scroll sideways at the viewport's width. */
async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `page width at ${width} px` }).toBeLessThanOrEqual(width);
}

test('step 3: clicking the car toggles the glass checkboxes, and the car shows what the checkboxes hold', async ({ page, problems }) => {
  await camryAtDamage(page);
  const windshield = glassGroup(page).getByRole('checkbox', { name: 'Windshield', exact: true });
  await expect(picker(page)).toBeVisible();
  // The picture mirrors the checkboxes and adds no control of its own: hidden from assistive technology, no tab stop.
  await expect(picker(page)).toHaveAttribute('aria-hidden', 'true');
  await expect(picker(page).locator('[tabindex], a, button, input')).toHaveCount(0);
  // Every group the vehicle has can be picked; the others are drawn muted.
  const offered = await glassGroup(page).getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
  expect(offered).toContain('Windshield');
  for (const g of ['Windshield', "Driver's side", "Passenger's side", 'Back glass', 'Sunroof']) {
    await expect(region(page, g)).toHaveAttribute('data-state', offered.includes(g) ? 'available' : 'unavailable');
  }

  // Next with nothing chosen: the message; a click on the windshield in the picture ticks its checkbox and clears it.
  await nextButton(page).click();
  await expect(fieldError(page, 'glass')).toHaveText('Please choose the damaged glass.');
  await region(page, 'Windshield').click();
  await expect(windshield).toBeChecked();
  await expect(region(page, 'Windshield')).toHaveAttribute('data-state', 'selected');
  await expect(fieldError(page, 'glass')).toHaveCount(0);
  // Clicked again: cleared.
  await region(page, 'Windshield').click();
  await expect(windshield).not.toBeChecked();
  await expect(region(page, 'Windshield')).toHaveAttribute('data-state', 'available');

  // And the other way: the checkbox ticked, the picture shows the region chosen (in the accent colour).
  await windshield.check();
  await expect(region(page, 'Windshield')).toHaveAttribute('data-state', 'selected');
  const fill = await region(page, 'Windshield').locator('.pic-glass__pane').evaluate((p) => getComputedStyle(p).fill);
  const accent = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-accent)';
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  });
  expect(fill).toBe(accent);
  const side = offered.find((g) => g !== 'Windshield')!;
  await glassGroup(page).getByRole('checkbox', { name: side, exact: true }).check();
  await expect(region(page, side)).toHaveAttribute('data-state', 'selected');
  await windshield.uncheck();
  await expect(region(page, 'Windshield')).toHaveAttribute('data-state', 'available');
  // The car sits beside the list.
  const [list, car] = [await box(glassGroup(page)), await box(picker(page))];
  expect(car.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
  expect(problems).toEqual([]);
});

test('step 4: the windshield zones sit beside the problem questions with a caption, and a yes marks its zone', async ({ page, problems }) => {
  await camryAtQuestions(page);
  const figure = zones(page);
  await expect(figure).toBeVisible();
  // The drawing has a text alternative; the caption explains each zone in words, one per question asked.
  await expect(figure.getByRole('img', { name: /^The windshield seen from the driver's seat/ })).toBeVisible();
  const legend = figure.getByRole('listitem');
  await expect(legend).toHaveCount(4);
  await expect(figure).toContainText('6-inch scale: about the length of a dollar bill.');
  await expect(figure).toContainText("Driver's line of sight: the glass in front of the steering wheel");
  await expect(figure).toContainText('Camera area: the top middle of the glass, behind the rear-view mirror');
  await expect(figure).toContainText('Edge: the band along the edges of the glass.');
  await expect(figure).not.toContainText('Your answer puts the damage here.');

  // Beside the questions on a wide screen.
  const question = stepForm(page).getByRole('group', { name: CAMERA_QUESTION });
  const [q, f] = [await box(question), await box(figure)];
  expect(f.x).toBeGreaterThanOrEqual(q.x + q.width - 1);

  // 'Yes' to the camera question marks the camera area, in the drawing and in words.
  await question.getByRole('radio', { name: 'Yes' }).check();
  const camera = figure.locator('li[data-zone="camera"]');
  await expect(camera).toHaveClass(/is-marked/);
  await expect(camera).toContainText('Your answer puts the damage here.');
  await expect(figure.locator('.pic-zones__zone.is-marked')).toHaveCount(1);
  await question.getByRole('radio', { name: 'No' }).check();
  await expect(camera).not.toHaveClass(/is-marked/);
  await expect(figure.locator('.pic-zones__zone.is-marked')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('step 6 shows the windshield camera next to the camera question (beside or under it), with a text alternative', async ({ page, problems }) => {
  await camryAtDamage(page);
  await damageStep(page, { glass: ['Windshield'], service: 'Replace' });
  await stepLoaded(page, 6);
  const list = stepForm(page).getByRole('group', { name: /^What does the vehicle have\?/ });
  await expect(list.getByRole('checkbox', { name: CAMERA_FEATURE })).toBeVisible();
  const figure = page.getByRole('figure', { name: 'Windshield camera' });
  await expect(figure).toBeVisible();
  await expect(figure.getByRole('img', { name: /^A camera fixed to the inside of the windshield/ })).toBeVisible();
  // Beside the list when the form has room, under it when not (at 1280 px the stepper and the live summary take
  // their columns): never above it, never outside the form.
  const [l, f, form] = [await box(list), await box(figure), await box(stepForm(page))];
  expect(f.x >= l.x + l.width - 1 || f.y >= l.y + l.height - 1, `figure at ${f.x},${f.y}; list ${l.x},${l.y} ${l.width}×${l.height}`).toBe(true);
  expect(f.x + f.width).toBeLessThanOrEqual(form.x + form.width);
  // Each picture belongs to a question asked: the rain sensor's only with its question.
  const rain = list.getByRole('checkbox', { name: /rain sensor/ });
  await expect(page.getByRole('figure', { name: 'Rain sensor' })).toHaveCount(await rain.count());
  expect(problems).toEqual([]);
});

test('axe finds no serious or critical violation on step 3 with the glass picker', async ({ page }, testInfo) => {
  test.slow(); // axe on a whole page takes tens of seconds on a busy machine
  await camryAtDamage(page);
  await expect(picker(page)).toBeVisible();
  await region(page, 'Windshield').click();
  await expect(region(page, 'Windshield')).toHaveAttribute('data-state', 'selected');
  await expectNoSeriousViolations(page, testInfo, 'step 3 with the glass picker');
});

test('axe finds no serious or critical violation on step 4 with the zone diagram', async ({ page }, testInfo) => {
  test.slow(); // axe on a whole page takes tens of seconds on a busy machine
  await camryAtQuestions(page);
  await expect(zones(page)).toBeVisible();
  await stepForm(page).getByRole('group', { name: CAMERA_QUESTION }).getByRole('radio', { name: 'Yes' }).check();
  await expect(zones(page).locator('li[data-zone="camera"]')).toHaveClass(/is-marked/);
  await expectNoSeriousViolations(page, testInfo, 'step 4 with the zone diagram');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('steps 3 and 4 do not scroll sideways; the car stays beside the checkboxes and the zones fit', async ({ page }) => {
    await camryAtDamage(page);
    await expect(picker(page)).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    const [list, car] = [await box(glassGroup(page)), await box(picker(page))];
    expect(car.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
    expect(car.x + car.width).toBeLessThanOrEqual(390);
    // Tapping the picture works on a phone too.
    await region(page, 'Windshield').click();
    await expect(glassGroup(page).getByRole('checkbox', { name: 'Windshield', exact: true })).toBeChecked();
    await page.getByRole('radio', { name: 'Repair', exact: true }).check();
    await stepForm(page).getByRole('group', { name: /^Number of chips or cracks/ }).getByRole('radio', { name: '1', exact: true }).check();
    await nextButton(page).click();
    await stepLoaded(page, 4);
    await expect(zones(page)).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
    const f = await box(zones(page));
    expect(f.x).toBeGreaterThanOrEqual(0);
    expect(f.x + f.width).toBeLessThanOrEqual(390);
  });
});
