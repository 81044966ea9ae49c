// Issue 14, manage my account: the account's agencies with their carriers (a removed carrier shows the
// section-8 message and blocks filing on a co-branded agency), the default agency, and removing an agency
// (a confirmation, 'Agency successfully removed.', never the last one), in Chromium, English and Spanish.
import AxeBuilder from '@axe-core/playwright';
import { expect, openDashboard, spanishOrigin, test, userMenuButton } from './fixtures.ts';

test('an agency admin sees each agency’s carriers with the section-8 warning, changes them, and makes another agency the default', async ({ page, signInAs, apiAs, cleanup }) => {
  cleanup(async () => {
    expect((await apiAs('admin', 'User/UpdateUserDefaultAgency', { AgencyNumber: '20077314' })).status).toBe(200);
  });
  await signInAs('admin');
  await page.goto('/dashboard/manage-account');
  const agencies = page.getByTestId('agencies');
  await expect(agencies.getByRole('heading', { level: 2, name: 'Your agencies' })).toBeVisible();
  const summit = agencies.locator('[data-agency="20077314"]');
  const lakeshore = agencies.locator('[data-agency="30012967"]');
  await expect(summit.getByText('Default', { exact: true })).toBeVisible();
  // Lakeshore (not co-branded) had a carrier removed: the warning, folded or not.
  await expect(lakeshore.getByTestId('carrier-message')).toHaveText(
    'Due to edits in your carriers, you may not be able to file a claim. Please visit Manage my account to update your carrier information or call Agency Care Desk for help.',
  );
  await expect(summit.getByTestId('carrier-message')).toHaveCount(0);

  // Summit Ridge's carriers: add one, saved, the count follows.
  await summit.getByText('Carriers').click();
  const group = summit.getByRole('group', { name: 'Carriers you write for at Summit Ridge Agency' });
  await expect(group.getByRole('checkbox', { name: 'Nationwide' })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'Travelers' })).toBeChecked();
  await group.getByRole('checkbox', { name: 'Chubb' }).check();
  await summit.getByRole('button', { name: 'Save carriers' }).click();
  await expect(page.getByText('Your carriers for Summit Ridge Agency were saved.')).toBeVisible();
  await expect(summit.locator('summary')).toContainText('(3)');
  await expect(summit.getByTestId('carrier-message')).toHaveCount(0);
  // Removing it again is a carrier edit: the warning appears.
  cleanup(async () => {
    const companies = (await apiAs('admin', 'User/GetInsuranceCompanies', {}, 'GET')).body!.result as { InsuranceCompanyId: number; Name: string }[];
    const ids = companies.filter((c) => ['Nationwide', 'Travelers'].includes(c.Name)).map((c) => c.InsuranceCompanyId);
    expect((await apiAs('admin', 'User/UpdateUserAgentCarriers', { AgencyNumber: '20077314', InsuranceCompanyIds: ids })).status).toBe(200);
  });
  await group.getByRole('checkbox', { name: 'Chubb' }).uncheck();
  await summit.getByRole('button', { name: 'Save carriers' }).click();
  await expect(summit.getByTestId('carrier-message')).toContainText('Due to edits in your carriers, you may not be able to file a claim.');

  // The default moves to Lakeshore.
  await lakeshore.getByRole('button', { name: 'Make default: Lakeshore Family Insurance' }).click();
  await expect(page.getByText('Lakeshore Family Insurance is now your default agency.')).toBeVisible();
  await expect(lakeshore.getByText('Default', { exact: true })).toBeVisible();
  await expect(summit.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(summit.getByRole('button', { name: 'Make default: Summit Ridge Agency' })).toBeVisible();
});

test('a co-branded agent who removes a carrier is told filing is blocked', async ({ page, signInAs, apiAs, cleanup }) => {
  await signInAs('agent');
  await page.goto('/dashboard/manage-account');
  const harbor = page.getByTestId('agencies').locator('[data-agency="10045821"]');
  await harbor.getByText('Carriers').click();
  const group = harbor.getByRole('group', { name: 'Carriers you write for at Harbor Point Insurance Group' });
  await expect(group.getByRole('checkbox', { name: 'GEICO' })).toBeChecked();
  cleanup(async () => {
    const companies = (await apiAs('agent', 'User/GetInsuranceCompanies', {}, 'GET')).body!.result as { InsuranceCompanyId: number; Name: string }[];
    const ids = companies.filter((c) => ['GEICO', 'Progressive'].includes(c.Name)).map((c) => c.InsuranceCompanyId);
    expect((await apiAs('agent', 'User/UpdateUserAgentCarriers', { AgencyNumber: '10045821', InsuranceCompanyIds: ids })).status).toBe(200);
  });
  await group.getByRole('checkbox', { name: 'GEICO' }).uncheck();
  await harbor.getByRole('button', { name: 'Save carriers' }).click();
  await expect(harbor.getByTestId('carrier-message')).toHaveText(
    'Due to edits in your carriers, you’re unable to file a claim. Please contact the Agency Care Desk for help.',
  );
  // The claim flow says the same for this agency.
  const settings = await apiAs('agent', 'Carrier/GetCarrierSettings', { AccountNumber: '10045821' }, 'GET');
  expect(settings.body!.result).toMatchObject({ CanFileClaim: false });
});

test('removing an agency asks first, removes it from the page and the header, and the last one cannot be removed', async ({ page, signInAs }) => {
  await signInAs('multi');
  await openDashboard(page);
  await page.goto('/dashboard/manage-account');
  const agencies = page.getByTestId('agencies');
  const lakeshore = agencies.locator('[data-agency="30012967"]');
  await lakeshore.getByRole('button', { name: 'Remove: Lakeshore Family Insurance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Lakeshore Family Insurance from your account?' });
  await expect(dialog).toBeVisible();
  // Focus starts on the safe choice; Escape keeps the agency.
  await expect(dialog.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(lakeshore).toBeVisible();

  await lakeshore.getByRole('button', { name: 'Remove: Lakeshore Family Insurance' }).click();
  await expect(await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
  await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByText('Agency successfully removed.')).toBeVisible();
  await expect(lakeshore).toHaveCount(0);
  // One agency left: no Remove button, and it is the default.
  const summit = agencies.locator('[data-agency="20077314"]');
  await expect(summit.getByText('Default', { exact: true })).toBeVisible();
  await expect(agencies.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  // The header's agency list no longer offers it (no new sign-in).
  await page.goto('/dashboard/');
  await expect(userMenuButton(page)).toBeVisible();
  await expect(page.getByText('Lakeshore Family Insurance')).toHaveCount(0);
});

test('manage-account’s agencies in Spanish on a phone', async ({ page, signInAs, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin');
  await page.goto(`${spanishOrigin(baseURL!)}/dashboard/manage-account`);
  await expect(page.getByRole('heading', { level: 2, name: 'Sus agencias' })).toBeVisible();
  await expect(page.getByTestId('agencies').locator('[data-agency="30012967"]').getByTestId('carrier-message')).toContainText(
    'Debido a cambios en sus aseguradoras',
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
