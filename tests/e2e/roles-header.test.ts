import type { Page } from '@playwright/test';
import { agencyButton, expect, menuItems, openDashboard, switchAgency, test } from './fixtures.ts';

const NO_MANAGER = 'No Account Manager has been assigned. Reach out to the Agency Care Desk for help.';

const fileClaimLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'File a claim now' });
const fileClaimAny = (page: Page) => page.getByRole('banner').getByText('File a claim now');
const careDeskPanel = (page: Page) => page.getByRole('region', { name: 'Agency Care Desk' });
const managerPanel = (page: Page) => page.getByRole('region', { name: 'Your Account Manager' });

test.describe('header, user menu and footer panels by role', () => {
  test('agent: co-branded agency hides "Get a quote"; switching to a non-co-branded agency shows it', async ({ page, problems, signInAs }) => {
    await signInAs('agent');
    await openDashboard(page);

    await expect(fileClaimLink(page)).toBeVisible();
    await expect(fileClaimLink(page)).toBeEnabled();
    await expect(fileClaimLink(page)).toHaveAttribute('href', '/dashboard/file-claim');
    await expect(agencyButton(page)).toContainText('Harbor Point Insurance Group');
    expect(await menuItems(page)).toEqual(['Manage my account', 'Sign out']);

    // Footer: both panels; the account manager's name capitalised and phone 3-3-4.
    await expect(careDeskPanel(page)).toBeVisible();
    await expect(careDeskPanel(page)).toContainText('800-555-0199');
    await expect(managerPanel(page).getByTestId('account-manager')).toContainText('Dana Whitfield');
    await expect(managerPanel(page).getByTestId('account-manager')).toContainText('800-555-0123');
    await expect(managerPanel(page)).not.toContainText('DANA');

    await switchAgency(page, 'Summit Ridge Agency');
    expect(await menuItems(page)).toEqual(['Manage my account', 'Get a quote', 'Sign out']);
    await expect(managerPanel(page).getByTestId('account-manager')).toContainText('Marcus Oliveira');
    await expect(managerPanel(page).getByTestId('account-manager')).toContainText('800-555-0187');
    await expect(page.locator('.agency-card[data-agency-number="20077314"]')).toHaveClass(/is-active/);

    // The active agency is kept for the tab across a reload.
    await page.reload();
    await expect(agencyButton(page)).toContainText('Summit Ridge Agency');
    expect(problems).toEqual([]);
  });

  test('agency admin: full menu; an agency without an account manager shows the care-desk message', async ({ page, problems, signInAs }) => {
    await signInAs('admin');
    await openDashboard(page);

    await expect(fileClaimLink(page)).toBeEnabled();
    await expect(agencyButton(page)).toContainText('Summit Ridge Agency');
    expect(await menuItems(page)).toEqual(['Manage my users', 'Manage my account', 'Get a quote', 'Sign out']);
    await expect(careDeskPanel(page)).toBeVisible();
    await expect(managerPanel(page).getByTestId('account-manager')).toContainText('Marcus Oliveira');
    await expect(managerPanel(page).getByTestId('account-manager')).toContainText('800-555-0187');

    await switchAgency(page, 'Lakeshore Family Insurance');
    await expect(managerPanel(page).getByTestId('no-account-manager')).toHaveText(NO_MANAGER);
    await expect(managerPanel(page).getByTestId('account-manager')).toHaveCount(0);
    expect(await menuItems(page)).toEqual(['Manage my users', 'Manage my account', 'Get a quote', 'Sign out']);
    expect(problems).toEqual([]);
  });

  test('internal admin: no "File a claim now", sign-out-only menu, neither footer panel', async ({ page, problems, signInAs }) => {
    await signInAs('internal');
    await openDashboard(page);

    expect(await menuItems(page)).toEqual(['Sign out']);
    await expect(fileClaimAny(page)).toHaveCount(0);
    await expect(page.locator('.footer-panels')).toBeAttached();
    await expect(careDeskPanel(page)).toHaveCount(0);
    await expect(managerPanel(page)).toHaveCount(0);
    await expect(agencyButton(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('CE admin: no "File a claim now", sign-out-only menu, care-desk panel but no account manager panel', async ({ page, problems, signInAs }) => {
    await signInAs('ce');
    await openDashboard(page);

    expect(await menuItems(page)).toEqual(['Sign out']);
    await expect(fileClaimAny(page)).toHaveCount(0);
    await expect(careDeskPanel(page)).toBeVisible();
    await expect(managerPanel(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
