// The claim flow's frame (issue 13) in Chromium: the named stepper on every page (done, current, skipped, next) with
// its counter, the live summary beside the form (folded above it on a phone), the review as "check your answers"
// (formatted values, a Change link per row) and the confirmation (copy the referral number, the work order's link,
// what happens next, the quote to print or email).
import type { Page } from '@playwright/test';
import { CAMRY, camryToQuote, CLAIM_DETAILS, detailsToReview, fileCamryClaim, quoteToDetails, startFromHeader } from './claim-steps.ts';
import { expect, openDashboard, test } from './fixtures.ts';

test.use({ signedInAs: 'agent' });
// Each test walks the whole flow: twice the default time on a busy machine.
test.describe.configure({ timeout: 120_000 });

const stepper = (page: Page) => page.getByRole('navigation', { name: 'Claim stages' });
/** The stepper's items: name and state ('current' through aria-current, the others in their hidden words). */
async function stages(page: Page): Promise<string[]> {
  await expect(stepper(page)).toBeVisible();
  return stepper(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => `${li.getAttribute('aria-current') === 'step' ? '>' : ''}${li.querySelector('.flow-steps__name')?.textContent ?? ''}`));
}
const summary = (page: Page) => page.getByTestId('live-summary');

test.describe('claim stepper, live summary, check your answers, confirmation', () => {
  test('every page of a claim names its stage; skipped steps say so; the summary follows the answers', async ({ page, problems }) => {
    await openDashboard(page);
    await startFromHeader(page);
    await expect(stepper(page)).toContainText('Stage 1 of 11: Policyholder location');
    expect((await stages(page))[0]).toBe('>Policyholder location');
    await expect(summary(page)).toContainText('Your answers show here as you go.');

    await camryToQuote(page);
    // The policyholder quote: stage 8; a windshield replacement skipped the repair questions (4) and the side pieces (5).
    await expect(stepper(page)).toContainText('Stage 8 of 11: Quote for the policyholder');
    const s = await stages(page);
    expect(s).toHaveLength(11);
    expect(s[0]).toBe('Policyholder location (done)');
    expect(s[3]).toBe('Problem questions (skipped: nothing to ask)');
    expect(s[4]).toBe('Vehicle parts selection (skipped: nothing to ask)');
    expect(s[6]).toBe('Service quote (done)');
    expect(s[7]).toBe('>Quote for the policyholder');
    expect(s[8]).toBe('Appointment options (not started)');
    // The live summary: where, which vehicle and glass, and the total with who pays.
    await expect(summary(page)).toHaveAttribute('open', '');
    await expect(summary(page)).toContainText('Tampa, FL 33602');
    await expect(summary(page)).toContainText(CAMRY);
    await expect(summary(page)).toContainText('Windshield');
    await expect(summary(page).getByText('Policyholder pays')).toBeVisible();
    // Beside the form on a wide screen.
    const form = await page.locator('.flow__main').boundingBox();
    const aside = await summary(page).boundingBox();
    expect(aside!.x).toBeGreaterThan(form!.x + form!.width - 1);

    await quoteToDetails(page);
    await expect(stepper(page)).toContainText('Stage 10 of 11: Claim details');
    expect((await stages(page))[8]).toBe('Appointment options (done)');
    // Claim details has the progress bar too.
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '88');
    await detailsToReview(page);
    await expect(stepper(page)).toContainText('Stage 11 of 11: Review the claim');
    expect(problems).toEqual([]);
  });

  test('the review checks the answers: key facts first, values formatted, a Change link per row back to its page', async ({ page, problems }) => {
    await openDashboard(page);
    await startFromHeader(page);
    await camryToQuote(page);
    await quoteToDetails(page);
    await detailsToReview(page);
    const groups = page.locator('section.cya h2');
    await expect(groups.first()).toHaveText('Insurance claim details');
    await expect(groups.nth(1)).toHaveText('Vehicle and damage');
    const row = (label: string) => page.locator('.cya__row').filter({ has: page.getByRole('term').getByText(label, { exact: true }) });
    // Money and dates as people read them, not '250' or '2026-11-22'.
    await expect(row('Deductible').getByRole('definition').first()).toHaveText('$250.00');
    const damage = (await row('Damage date').getByRole('definition').first().textContent())!;
    expect(damage).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(row('Vehicle').getByRole('definition').first()).toHaveText(CAMRY);
    // Each row has its own Change link, named by its row for screen readers.
    const change = row('Deductible').getByRole('link', { name: 'Change Deductible' });
    await expect(change).toHaveAttribute('href', '/dashboard/submit_claimdetails?from=review');
    await expect(row('Vehicle').getByRole('link', { name: 'Change Vehicle' })).toHaveAttribute('href', '/dashboard/manage-claim?step=2');
    // The itemised quote is folded under its totals.
    await page.getByText('Show the itemised quote').click();
    await expect(page.getByTestId('quote-table')).toBeVisible();
    await change.click();
    await expect(page).toHaveURL(/\/dashboard\/submit_claimdetails\?from=review$/);
    await expect(page.getByLabel('Deductible')).toHaveValue(CLAIM_DETAILS.deductible);
    expect(problems).toEqual([]);
  });

  test('the confirmation: copy the referral number, open the work order, what happens next, the quote to email', async ({ page, context, problems }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openDashboard(page);
    const referral = await fileCamryClaim(page);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await page.getByRole('button', { name: 'Copy the referral number' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Referral number copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(referral);
    await expect(page.getByRole('heading', { level: 2, name: 'What happens next' })).toBeVisible();
    // To the policyholder, with the quote.
    expect(await page.getByRole('link', { name: 'Email the quote' }).getAttribute('href')).toMatch(new RegExp(`^mailto:${CLAIM_DETAILS.email.replace(/\./g, '\\.')}\\?subject=`));
    // The quote shown is the one the claim was filed at: the claim details' deductible is in it, as in the line above.
    await expect(page.getByTestId('quote-totals')).toContainText(/Deductible\s*\$250\.00/);
    await expect(page.getByTestId('quote-totals')).toContainText(/Policyholder pays\s*\$250\.00/);
    await expect(page.getByRole('main')).toContainText('Policyholder pays: $250.00');
    const workOrder = page.getByTestId('work-order');
    const id = (await workOrder.textContent())!.trim();
    await workOrder.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/work-order-details\\?workOrderId=${id}&referralNumber=${referral}$`));
    await expect(page.getByRole('main')).toContainText(referral);
    expect(problems).toEqual([]);
  });

  test('on a phone the stepper is one line and the summary folds above the form; nothing scrolls sideways', async ({ page, problems }) => {
    await openDashboard(page);
    await startFromHeader(page);
    await camryToQuote(page);
    // The quote, opened on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(stepper(page)).toContainText('Stage 8 of 11');
    await expect(summary(page)).not.toHaveAttribute('open', '');
    const folded = await summary(page).boundingBox();
    const main = await page.locator('.flow__main').boundingBox();
    expect(folded!.y + folded!.height).toBeLessThanOrEqual(main!.y);
    // Opening it shows the answers.
    await summary(page).locator('summary').click();
    await expect(summary(page)).toContainText(CAMRY);
    await quoteToDetails(page);
    await detailsToReview(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
