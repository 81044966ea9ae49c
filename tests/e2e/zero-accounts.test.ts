import { agencyButton, expect, menuItems, openDashboard, test } from './fixtures.ts';

test.use({ signedInAs: 'noaccount' });

test('an agent with zero accounts sees a disabled "File a claim now" and the no-agency empty state', async ({ page, problems }) => {
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Welcome back, Taylor' })).toBeVisible();

  const fileClaim = page.getByRole('banner').getByRole('button', { name: 'File a claim now' });
  await expect(fileClaim).toBeVisible();
  await expect(fileClaim).toBeDisabled();
  await expect(fileClaim).toHaveAccessibleDescription('You need an agency account to file a claim.');
  await expect(page.getByRole('banner').getByRole('link', { name: 'File a claim now' })).toHaveCount(0);

  const empty = page.getByTestId('no-agencies');
  await expect(empty).toBeVisible();
  await expect(empty).toContainText('Your account is not connected to an agency yet.');
  await expect(empty).toContainText(
    'It looks like your account isn’t currently connected to an active agency. To proceed, please search for your agency below or submit more information to ensure full access to your account.',
  );
  // 'search for your agency below': the agency search is below the message (issue 14), with the way to agency-not-found.
  const search = empty.getByRole('search', { name: 'Search for your agency' });
  await expect(search.getByLabel('Search by')).toBeVisible();
  await expect(search.getByLabel('Search for')).toBeVisible();
  await expect(search.getByRole('link', { name: 'Can’t find your agency? Tell us about it' })).toHaveAttribute('href', '/dashboard/agency-not-found');
  // No request filed: nothing is under review.
  await expect(page.getByTestId('agency-under-review')).toHaveCount(0);
  await expect(page.locator('.agency-card')).toHaveCount(0);
  await expect(agencyButton(page)).toHaveCount(0);

  // An agent (not co-branded, no agency): the agent menu; no agency means no account manager.
  expect(await menuItems(page)).toEqual(['Manage my account', 'Get a quote', 'Sign out']);
  await expect(page.getByRole('region', { name: 'Your Account Manager' }).getByTestId('no-account-manager')).toBeVisible();
  expect(problems).toEqual([]);
});
