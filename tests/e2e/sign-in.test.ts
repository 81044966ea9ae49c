import { expect, signIn, test, USERS } from './fixtures.ts';

test('an agent signs in through the portal page and sees their agencies and account manager', async ({ page, problems }) => {
  await signIn(page, USERS.agent);
  await expect(page).toHaveURL(/\/dashboard\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
  await expect(page.locator('[data-agency-number="10045821"]')).toContainText('Harbor Point Insurance Group');
  await expect(page.locator('[data-agency-number="20077314"]')).toContainText('Summit Ridge Agency');
  await expect(page.getByTestId('account-manager')).toContainText('Dana Whitfield');
  await expect(page.getByTestId('account-manager')).toContainText('800-555-0123');
  await expect(page).toHaveTitle('My dashboard | Agent Portal');
  expect(problems).toEqual([]);
});
