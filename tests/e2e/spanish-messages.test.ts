// The Spanish site shows no English server message: the claim flow's checks on the Spanish host, where the
// refusals come from the server (a ZIP that does not exist) and from the shared rules (a VIN's check digit).
import { fieldError, ZIP_SERVICED } from './claim-steps.ts';
import { expect, spanishOrigin, test } from './fixtures.ts';

test.use({ signedInAs: 'agent' });

test('on the Spanish host a bad ZIP and a bad VIN read Spanish messages, the server refusal included', async ({ page, baseURL }) => {
  const replies: { code?: string; message: string }[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/GetCityAddress') && r.status() === 400) replies.push((await r.json()) as { code?: string; message: string });
  });
  await page.goto(`${spanishOrigin(baseURL!)}/dashboard/start-claim`);
  await expect(page.getByRole('heading', { level: 2, name: /^Paso 1 de 7\b/ })).toBeVisible();
  // The page says it is Spanish (screen readers read it with a Spanish voice), and the stepper names its stages in Spanish.
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('navigation', { name: 'Etapas del reclamo' })).toContainText('Etapa 1 de 11');

  // A well-formed ZIP that does not exist: the server refuses it (English text, stable code); the page says it in Spanish.
  await page.getByLabel('Código postal del asegurado').fill('00000');
  await expect(fieldError(page, 'zip')).toHaveText('Código postal no válido. Ingrese otro código postal.');
  // (The field may ask more than once as it is typed and left: every refusal carries the code.)
  expect(replies.length).toBeGreaterThan(0);
  for (const reply of replies) expect(reply).toEqual(expect.objectContaining({ code: 'zipUnknown', message: 'Invalid ZIP. Please enter a new ZIP.' }));
  // A malformed one is refused by the shared rule before any request.
  await page.getByLabel('Código postal del asegurado').fill('123');
  await page.getByLabel('Código postal del asegurado').blur();
  await expect(fieldError(page, 'zip')).toHaveText('Ingrese un código postal válido.');

  await page.getByLabel('Código postal del asegurado').fill(ZIP_SERVICED);
  await expect(page.getByTestId('city-state')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Paso 2 de 7\b/ })).toBeVisible();

  // A VIN whose check digit does not match, then one with a letter a VIN never uses.
  const vin = page.getByRole('textbox', { name: 'Número de identificación del vehículo (VIN)' });
  await vin.fill('4T1AAAB19LA100001');
  await expect(fieldError(page, 'vin')).toHaveText('Este VIN no es válido: su dígito de control no coincide. Revíselo.');
  await vin.fill('4T1AAAB1OLA100001');
  await expect(fieldError(page, 'vin')).toHaveText('Un VIN solo usa letras y dígitos, nunca I, O ni Q.');

  // Nothing English from the server or the rules anywhere on the page.
  const text = await page.locator('main').innerText();
  for (const english of ['Invalid ZIP', 'Please enter', 'check digit', 'A VIN uses', 'Sorry, something happened']) expect(text).not.toContain(english);
});
