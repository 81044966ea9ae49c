import type { Locator, Page } from '@playwright/test';
import { CLAIM_DETAILS, stepHeading, VINS, ZIP_SERVICED } from './claim-steps.ts';
import { agencyButton, DEMO_PASSWORD, expect, openDashboard, test, USERS, userMenu, userMenuButton, waitForDashboard } from './fixtures.ts';

/** Presses Tab until the target has focus (from the top of the page); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Checks which item of an open menu/listbox is the active descendant (and marked is-active). */
async function expectActive(list: Locator, items: Locator, index: number): Promise<void> {
  const id = await items.nth(index).getAttribute('id');
  expect(id).toBeTruthy();
  await expect(list).toHaveAttribute('aria-activedescendant', id!);
  await expect(items.nth(index)).toHaveClass(/is-active/);
}

test.describe('keyboard only', () => {
  test('the user menu: Tab to it, Enter opens, ArrowDown moves, Escape closes and returns focus', async ({ page, problems, signInAs }) => {
    await signInAs('admin');
    await openDashboard(page);
    const button = userMenuButton(page);
    await page.locator('body').focus();

    await tabTo(page, button);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    const menu = userMenu(page);
    await expect(menu).toBeVisible();
    await expect(menu).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = menu.getByRole('menuitem');
    await expect(items).toHaveText(['Manage my users', 'Manage my account', 'Get a quote', 'Sign out']);
    await expectActive(menu, items, 0);

    await page.keyboard.press('ArrowDown');
    await expectActive(menu, items, 1);
    await page.keyboard.press('ArrowDown');
    await expectActive(menu, items, 2);
    await page.keyboard.press('ArrowUp');
    await expectActive(menu, items, 1);
    await page.keyboard.press('End');
    await expectActive(menu, items, 3);
    await page.keyboard.press('ArrowDown'); // wraps
    await expectActive(menu, items, 0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // ArrowDown on the button opens the menu too; Enter on an item follows it.
    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectActive(menu, items, 1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/manage-account$/);
    expect(problems).toEqual([]);
  });

  test('the agency dropdown: open, move, choose with Enter; Escape closes without change', async ({ page, problems, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    const button = agencyButton(page);
    await expect(button).toContainText('Harbor Point Insurance Group');
    await expect(page.locator('.agency-card[data-agency-number="10045821"]')).toHaveClass(/is-active/);
    await page.locator('body').focus();

    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    await expect(list).toBeFocused();
    const options = list.getByRole('option');
    await expect(options).toHaveCount(2);
    await expectActive(list, options, 0); // opens on the active agency
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('ArrowDown');
    await expectActive(list, options, 1);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toContainText('Summit Ridge Agency');
    await expect(page.locator('.agency-card[data-agency-number="20077314"]')).toHaveClass(/is-active/);
    await expect(page.locator('.agency-card[data-agency-number="10045821"]')).not.toHaveClass(/is-active/);

    // Re-open with ArrowDown: it opens on the now-active agency; moving then Escape changes nothing.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await expectActive(list, options, 1);
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expectActive(list, options, 0);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toContainText('Summit Ridge Agency');
    await expect(page.locator('.agency-card[data-agency-number="20077314"]')).toHaveClass(/is-active/);
    expect(problems).toEqual([]);
  });

  test('the Explore menu opens with the keyboard and closes with Escape', async ({ page, problems, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);
    const explore = page.getByRole('button', { name: 'Explore' });
    await page.locator('body').focus();

    await tabTo(page, explore);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Explore' });
    await expect(menu).toBeVisible();
    await expect(menu).toBeFocused();
    const items = menu.getByRole('menuitem');
    await expect(items.first()).toHaveText('Filing claims');
    await expectActive(menu, items, 0);
    await page.keyboard.press('ArrowDown');
    await expectActive(menu, items, 1);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(explore).toBeFocused();
    await expect(explore).toHaveAttribute('aria-expanded', 'false');

    // Tab out of an open menu closes it too.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('the sign-in form works with the keyboard only', async ({ page, problems }) => {
    await page.goto('/dashboard/login');
    const email = page.getByLabel('Email');
    // The form focuses the email field when it shows.
    await expect(email).toBeFocused();
    await page.keyboard.type(USERS.agent);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    await waitForDashboard(page);
    await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a claim is filed with the keyboard only: quick start, steps, appointment, details, review', async ({ page, problems, signInAs }) => {
    // The whole claim, one Tab (and one focus check) at a time: over a minute on a busy 2-core machine.
    test.setTimeout(150_000);
    await signInAs('agent');
    await openDashboard(page);
    await page.locator('body').focus();
    /** Tab to a control, then type into it. */
    const typeInto = async (target: Locator, text: string) => {
      await tabTo(page, target, 80);
      await page.keyboard.type(text);
    };
    const main = page.getByRole('main');

    // The dashboard's quick start: Enter in the VIN field submits it.
    await typeInto(main.getByLabel('Policyholder ZIP code'), ZIP_SERVICED);
    await typeInto(main.getByLabel('Vehicle identification number (VIN)'), VINS.camry);
    await page.keyboard.press('Enter');
    await expect(stepHeading(page, 3)).toBeFocused();

    // Step 3: Space ticks the windshield; the arrow key moves the repair/replace choice to Replace.
    const form = page.locator('form.flow-step');
    await tabTo(page, form.getByRole('checkbox', { name: 'Windshield', exact: true }));
    await page.keyboard.press('Space');
    await tabTo(page, form.getByRole('radio', { name: 'Repair', exact: true }));
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: 'Replace', exact: true })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    // Step 6 (several windshields fit), nothing ticked; step 7, the quote.
    await expect(stepHeading(page, 6)).toBeFocused();
    await expect(page.getByTestId('windshield-part')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await expect(stepHeading(page, 7)).toBeFocused();
    await expect(page.getByTestId('quote-table')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');

    // The policyholder quote, then the appointment options.
    await expect(page).toHaveURL(/\/dashboard\/policy-holder-quote$/);
    await tabTo(page, page.getByRole('button', { name: 'Continue' }), 80);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/appointment-option-details$/);
    await page.locator('body').focus();
    await tabTo(page, page.getByRole('radio', { name: 'We call the policyholder to schedule' }));
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'We call the policyholder to schedule' })).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Continue' }), 80);
    await page.keyboard.press('Enter');

    // Claim details: the required fields; the carrier by typing its name in the select.
    await expect(page).toHaveURL(/\/dashboard\/submit_claimdetails$/);
    await page.locator('body').focus();
    await typeInto(page.getByLabel('Policy number'), CLAIM_DETAILS.policyNumber);
    await typeInto(page.getByLabel('First name'), CLAIM_DETAILS.firstName);
    await typeInto(page.getByLabel('Last name'), 'Rivera');
    await typeInto(page.getByLabel('Carrier'), CLAIM_DETAILS.carrier);
    await expect(page.getByLabel('Carrier')).toHaveValue(CLAIM_DETAILS.carrier);
    await typeInto(page.getByLabel('Phone number'), CLAIM_DETAILS.phone);
    await typeInto(page.getByLabel('Street address'), CLAIM_DETAILS.street);
    await tabTo(page, page.getByRole('button', { name: 'Continue' }), 80);
    await page.keyboard.press('Enter');

    // The review: Enter on Submit files the claim.
    await expect(page).toHaveURL(/\/dashboard\/submit-claim-review-details$/);
    await page.locator('body').focus();
    await tabTo(page, page.getByRole('button', { name: 'Submit the claim' }), 120);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/success_submit-claim\?referral=/);
    await expect(page.getByTestId('referral-number')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
