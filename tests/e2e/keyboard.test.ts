import type { Locator, Page } from '@playwright/test';
import { agencyButton, DEMO_PASSWORD, expect, signIn, test, USERS, userMenu, userMenuButton, waitForDashboard } from './fixtures.ts';

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
  test('the user menu: Tab to it, Enter opens, ArrowDown moves, Escape closes and returns focus', async ({ page, problems }) => {
    await signIn(page, USERS.admin);
    await waitForDashboard(page);
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

  test('the agency dropdown: open, move, choose with Enter; Escape closes without change', async ({ page, problems }) => {
    await signIn(page, USERS.agent);
    await waitForDashboard(page);
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

  test('the Explore menu opens with the keyboard and closes with Escape', async ({ page, problems }) => {
    await signIn(page, USERS.agent);
    await waitForDashboard(page);
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
});
