import { agencyButton, expect, menuItems, openDashboard, test } from './fixtures.ts';
import { CARE_DESK } from '../../src/lib/constants.ts';
import { formatPhone } from '../../src/lib/format.ts';

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
  // No agency search exists yet (issue 14): the panel says where to go instead, with the care desk's one phone and email.
  await expect(empty).toContainText(
    'Agency search is not in the portal yet. Until it is, the Agency Care Desk connects your account: call, text or email them with your agency’s name and agency number.',
  );
  const careDesk = empty.getByTestId('no-agencies-care-desk');
  await expect(careDesk.getByRole('link', { name: formatPhone(CARE_DESK.phone) })).toHaveAttribute('href', `tel:+1${CARE_DESK.phone}`);
  await expect(careDesk.getByRole('link', { name: CARE_DESK.email })).toHaveAttribute('href', `mailto:${CARE_DESK.email}`);
  await expect(careDesk.getByRole('link', { name: 'More ways to reach the Agency Care Desk' })).toHaveAttribute('href', '/agency-care-desk');
  await expect(page.locator('.agency-card')).toHaveCount(0);
  await expect(agencyButton(page)).toHaveCount(0);

  // An agent (not co-branded, no agency): the agent menu; no agency means no account manager.
  expect(await menuItems(page)).toEqual(['Manage my account', 'Get a quote', 'Sign out']);
  await expect(page.getByRole('region', { name: 'Your Account Manager' }).getByTestId('no-account-manager')).toBeVisible();
  expect(problems).toEqual([]);
});
