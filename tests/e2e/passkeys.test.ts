// Issue 14, passkeys: registered in manage-account and used to sign in, with Chromium's virtual authenticator
// (CDP WebAuthn: CTAP2, internal transport, resident keys, user verification). Rename and remove, Spanish, axe,
// keyboard only, 390 px, and a browser without WebAuthn. The user is carrieredit@demo.test (one claim-flow test
// signs in as them; no test depends on their passkeys); every test removes the passkeys it added.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, openUserMenu, signIn, spanishOrigin, test, userMenuButton, waitForDashboard, type ApiReply } from './fixtures.ts';

type Passkey = { Id: string; Name: string; LastUsedAt: string | null };

/** A virtual platform authenticator on the page's tab: it holds discoverable credentials and verifies the user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** Removes every passkey of carrierEdit (after the test, passed or failed). */
async function removeAll(apiAs: (role: 'carrierEdit', path: string, input?: Record<string, unknown>, method?: 'GET' | 'POST') => Promise<ApiReply>) {
  const list = (await apiAs('carrierEdit', 'User/GetPasskeys', {}, 'GET')).body?.result as Passkey[] | undefined;
  for (const p of list ?? []) expect((await apiAs('carrierEdit', 'User/DeletePasskey', { Id: p.Id })).status).toBe(200);
}

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('a passkey added in manage-account signs in after sign-out; it is renamed and removed, all by keyboard', async ({ page, apiAs, cleanup }) => {
  test.setTimeout(180_000);
  cleanup(() => removeAll(apiAs));
  const authenticator = await virtualAuthenticator(page);
  await signIn(page, ACCOUNTS.carrierEdit);
  await waitForDashboard(page);
  await page.goto('/dashboard/manage-account');

  const section = page.getByTestId('passkeys');
  await expect(section.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();
  await expect(section.getByTestId('passkeys-empty')).toHaveText('You have no passkeys yet.');
  expect(await axe(page)).toEqual([]);

  // Keyboard only: the name field, then the button.
  await section.getByLabel('Name (optional)').focus();
  await page.keyboard.type('Work laptop');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Passkey added.')).toBeVisible();
  const item = section.getByTestId('passkey');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { level: 3 })).toHaveText('Work laptop');
  await expect(item).toContainText('Never');
  expect(await authenticator.credentials()).toHaveLength(1);
  expect(await axe(page)).toEqual([]);

  // Sign out, then sign in with the passkey: no email, no password.
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/dashboard\/login/);
  const passkeyButton = page.getByRole('button', { name: 'Use a passkey' });
  await expect(passkeyButton).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await passkeyButton.focus();
  await page.keyboard.press('Enter');
  await waitForDashboard(page);
  await expect(userMenuButton(page)).toBeVisible();

  // Signed in as carrierEdit: their passkey shows when it was last used.
  await page.goto('/dashboard/manage-account');
  await expect(item.getByRole('heading', { level: 3 })).toHaveText('Work laptop');
  await expect(item).not.toContainText('Never');
  const mine = (await apiAs('carrierEdit', 'User/GetPasskeys', {}, 'GET')).body!.result as Passkey[];
  expect(mine).toHaveLength(1);
  expect(mine[0]!.LastUsedAt).not.toBeNull();

  // Rename: Enter on Rename opens the field (focused, its text selected), Enter saves.
  await section.getByRole('button', { name: 'Rename: Work laptop' }).focus();
  await page.keyboard.press('Enter');
  const field = section.getByLabel('New name for Work laptop');
  await expect(field).toBeFocused();
  await page.keyboard.type('Office PC');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Passkey renamed.')).toBeVisible();
  await expect(item.getByRole('heading', { level: 3 })).toHaveText('Office PC');
  await expect(section.getByRole('button', { name: 'Rename: Office PC' })).toBeFocused();
  // Escape leaves the name as it was.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Not saved');
  await page.keyboard.press('Escape');
  await expect(item.getByRole('heading', { level: 3 })).toHaveText('Office PC');

  // Remove: a confirmation whose focus starts on keeping it; Escape keeps it, then the destructive button removes it.
  await section.getByRole('button', { name: 'Remove: Office PC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the passkey “Office PC”?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Remove: Office PC' })).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByText('Passkey removed.')).toBeVisible();
  await expect(section.getByTestId('passkeys-empty')).toBeVisible();
  expect((await apiAs('carrierEdit', 'User/GetPasskeys', {}, 'GET')).body!.result).toEqual([]);

  // The authenticator still holds the credential, but the portal no longer knows it: the sign-in is refused.
  await openUserMenu(page).then((m) => m.getByRole('menuitem', { name: 'Sign out' }).click());
  await expect(page).toHaveURL(/\/dashboard\/login/);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByTestId('passkey-error')).toHaveText('This passkey could not be used to sign in. Try again, or sign in with your password.');
});

test('Spanish: the section speaks Spanish and fits 390 px; on the development Spanish host adding one says where to do it', async ({ page, baseURL, signInAs, apiAs, cleanup }) => {
  cleanup(() => removeAll(apiAs));
  await page.setViewportSize({ width: 390, height: 844 });
  await virtualAuthenticator(page);
  await signInAs('carrierEdit');
  await page.goto(`${spanishOrigin(baseURL!)}/dashboard/manage-account`);
  const section = page.getByTestId('passkeys');
  await expect(section.getByRole('heading', { level: 2, name: 'Claves de acceso' })).toBeVisible();
  await expect(section).toContainText('Una clave de acceso inicia su sesión');
  await expect(section.getByTestId('passkeys-empty')).toHaveText('Todavía no tiene claves de acceso.');
  await section.getByLabel('Nombre (opcional)').fill('Teléfono');
  await section.getByRole('button', { name: 'Agregar una clave de acceso' }).click();
  // The relying party is the public host (localhost), which a page on espanol.localhost may not claim.
  await expect(section.getByTestId('passkey-add-error')).toHaveText(
    'No se pueden agregar claves de acceso en esta dirección. Abra Administrar mi cuenta en la dirección principal del portal para agregar una.',
  );
  expect((await apiAs('carrierEdit', 'User/GetPasskeys', {}, 'GET')).body!.result).toEqual([]);
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axe(page)).toEqual([]);
});

test('390 px: a passkey listed with its actions fits a phone', async ({ page, signInAs, apiAs, cleanup }) => {
  cleanup(() => removeAll(apiAs));
  await page.setViewportSize({ width: 390, height: 844 });
  await virtualAuthenticator(page);
  await signInAs('carrierEdit');
  await page.goto('/dashboard/manage-account');
  const section = page.getByTestId('passkeys');
  await section.getByLabel('Name (optional)').fill('A rather long passkey name for a phone');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByTestId('passkey')).toHaveCount(1);
  await section.getByRole('button', { name: 'Rename: A rather long passkey name for a phone' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axe(page)).toEqual([]);
});

test('a browser without WebAuthn is told so, on the sign-in page and in manage-account', async ({ page, apiAs }) => {
  await page.addInitScript(() => {
    // @ts-expect-error -- removed to play a browser without WebAuthn
    delete window.PublicKeyCredential;
  });
  await page.goto('/dashboard/login');
  await expect(page.getByTestId('passkey-unsupported')).toHaveText('This browser cannot use passkeys. Sign in with your email and password.');
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
  await page.getByLabel('Email').fill(ACCOUNTS.carrierEdit);
  await page.getByLabel('Password').fill('Demo!2345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForDashboard(page);
  await page.goto('/dashboard/manage-account');
  await expect(page.getByTestId('passkeys-unsupported')).toContainText('This browser cannot create or use passkeys.');
  await expect(page.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  expect((await apiAs('carrierEdit', 'User/GetPasskeys', {}, 'GET')).body!.result).toEqual([]);
});
