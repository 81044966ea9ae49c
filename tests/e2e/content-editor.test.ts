import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { callPath } from '../../src/lib/api/contract.ts';
import { GetEditableArticle, SaveArticle, type EditableArticle } from '../../src/lib/api/content-admin.ts';
import { expect, openDashboard, test, type SignInAs } from './fixtures.ts';

/** The article the full journey edits and publishes. */
const EDITED = 'resetting-your-password';
/** The article the field-error test opens (never saved). */
const UNTOUCHED = 'switching-your-active-agency';

/** Opens a path as the internal admin (the stored sign-in), from the dashboard. */
async function openAsInternal(page: Page, signInAs: SignInAs, path: string): Promise<void> {
  await signInAs('internal');
  await openDashboard(page);
  await page.goto(path);
}

/** The editor's list has loaded: its heading, the articles table and the publishing status. */
async function waitForList(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard\/article\/?(#publish)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(publishStatus(page)).not.toHaveAttribute('data-state', 'loading');
}

/** The article form has loaded (its language tabs show). */
async function waitForEditor(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard\/article-details\/?(\?[^#]*)?$/);
  await expect(page.getByRole('tab', { name: /^English/ })).toBeVisible();
}

/** The visible language panel (the tab's name may carry an error count). */
const panel = (page: Page, lang: 'English' | 'Spanish'): Locator => page.getByRole('tabpanel', { name: new RegExp(`^${lang}`) });
const publishStatus = (page: Page): Locator => page.getByTestId('publish-status');
const row = (page: Page, route: string): Locator => page.locator(`tbody tr[data-article-route="${route}"]`);

test.describe('content editor (internal admins)', () => {
  for (const path of ['/dashboard/article', '/dashboard/article-details']) {
    test(`an agent opening ${path} lands on the not-found route`, async ({ page, signInAs }) => {
      await signInAs('agent');
      await openDashboard(page);
      await page.goto(path);
      await expect(page).toHaveURL(/\/not-found$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveCount(0);
    });
  }

  test('the list shows the seeded articles; an article opens with both languages and previews', async ({ page, signInAs }) => {
    await openAsInternal(page, signInAs, '/dashboard/article');
    await waitForList(page);
    await expect(page).toHaveTitle('Articles | Agent Portal');
    expect(await page.locator('tbody tr').count()).toBeGreaterThanOrEqual(30);
    const r = row(page, EDITED);
    await expect(r.getByRole('link', { name: 'Resetting your password' })).toHaveAttribute('href', `/dashboard/article-details?articleRoute=${EDITED}`);
    await expect(r).toContainText('Cómo restablecer su contraseña');
    await expect(r).toContainText('Published');
    await expect(r).toContainText('Using the portal');
    await expect(page.getByRole('link', { name: 'New article' })).toHaveAttribute('href', '/dashboard/article-details');

    await r.getByRole('link', { name: 'Resetting your password' }).click();
    await waitForEditor(page);
    await expect(page).toHaveURL(new RegExp(`\\?articleRoute=${EDITED}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Edit article');
    const route = page.getByLabel('Article route');
    await expect(route).toHaveValue(EDITED);
    await expect(route).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Author')).toHaveValue('Jordan Ellis');
    await expect(page.getByLabel('Published on')).toHaveValue('2026-04-21');
    await expect(page.getByRole('radio', { name: 'Published' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Using the portal' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Go to “Publish site”' })).toHaveAttribute('href', '/dashboard/article#publish');

    const en = panel(page, 'English');
    await expect(en.getByLabel('Title', { exact: true })).toHaveValue('Resetting your password');
    await expect(en.getByLabel('Text (Markdown)')).toHaveValue(/## If you have forgotten your password/);
    await en.getByRole('button', { name: 'Preview English text' }).click();
    const enPreview = en.getByRole('region', { name: 'Preview (English)' });
    await expect(enPreview.getByRole('heading', { level: 2, name: 'If you have forgotten your password' })).toBeVisible();

    // The tabs work with the keyboard: the right arrow moves to (and shows) Spanish.
    await page.getByRole('tab', { name: 'English' }).focus();
    await page.keyboard.press('ArrowRight');
    const esTab = page.getByRole('tab', { name: 'Spanish' });
    await expect(esTab).toBeFocused();
    await expect(esTab).toHaveAttribute('aria-selected', 'true');
    await expect(en).toBeHidden();
    const es = panel(page, 'Spanish');
    await expect(es.getByLabel('Title', { exact: true })).toHaveValue('Cómo restablecer su contraseña');
    await expect(es.getByLabel('Title', { exact: true })).toHaveAttribute('lang', 'es');
    await es.getByRole('button', { name: 'Preview Spanish text' }).click();
    await expect(es.getByRole('region', { name: 'Preview (Spanish)' }).getByRole('heading', { level: 2, name: 'Si olvidó su contraseña' })).toBeVisible();
    await esTab.focus();
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'English' })).toBeFocused();
  });

  test('saving with an empty English title shows the field error and keeps what was typed', async ({ page, signInAs }, testInfo) => {
    await openAsInternal(page, signInAs, `/dashboard/article-details?articleRoute=${UNTOUCHED}`);
    await waitForEditor(page);
    const en = panel(page, 'English');
    const title = en.getByLabel('Title', { exact: true });
    await expect(title).toHaveValue('Switching your active agency');
    await title.fill('');
    await en.getByLabel('Summary').fill('A summary typed before the failed save.');
    await page.getByRole('tab', { name: 'Spanish' }).click();
    await panel(page, 'Spanish').getByLabel('Title', { exact: true }).fill('Título escrito antes del error');
    await page.getByRole('button', { name: 'Save article' }).click();

    // The form shows the English tab (where the error is), the error next to the field, and a summary.
    await expect(title).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#f-en-title-error')).toHaveText('Title is required');
    await expect(title).toHaveAccessibleDescription('Title is required');
    await expect(page.getByRole('tab', { name: /^English/ })).toContainText('1 error');
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('English – Title: Title is required');
    await expect(page.locator('.alert--success')).toHaveCount(0);

    // Nothing typed is lost.
    await expect(en.getByLabel('Summary')).toHaveValue('A summary typed before the failed save.');
    await expect(page.getByLabel('Author')).toHaveValue('Dana Okafor');
    await expect(page.getByLabel('Article route')).toHaveValue(UNTOUCHED);
    await page.getByRole('tab', { name: 'Spanish' }).click();
    await expect(panel(page, 'Spanish').getByLabel('Title', { exact: true })).toHaveValue('Título escrito antes del error');

    // The summary's link goes back to the field (switching tab); typing clears its error.
    await summary.getByRole('link', { name: /English – Title/ }).click();
    await expect(title).toBeFocused();

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    await testInfo.attach('axe form with errors.json', { body: JSON.stringify(axe.violations, null, 2), contentType: 'application/json' });
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await title.fill('Switching agencies');
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#f-en-title-error')).toHaveCount(0);

    // Nothing was saved.
    await page.reload();
    await waitForEditor(page);
    await expect(panel(page, 'English').getByLabel('Title', { exact: true })).toHaveValue('Switching your active agency');
  });

  test('a new draft article is created and appears in the list as a draft', async ({ page, signInAs }) => {
    const route = `e2e-draft-${Date.now()}`;
    await openAsInternal(page, signInAs, '/dashboard/article');
    await waitForList(page);
    await page.getByRole('link', { name: 'New article' }).click();
    await waitForEditor(page);
    await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Draft' })).toBeChecked();
    await expect(page.getByLabel('Published on')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);

    // An invalid route is refused at the field.
    const routeBox = page.getByLabel('Article route');
    await expect(routeBox).not.toHaveAttribute('readonly', '');
    await routeBox.fill('Not A Route');
    await page.getByLabel('Author').fill('E2E Editor');
    await page.getByRole('checkbox', { name: 'Using the portal' }).check();
    const en = panel(page, 'English');
    await en.getByLabel('Title', { exact: true }).fill(`Draft ${route}`);
    await en.getByLabel('Summary').fill('A draft written by the end-to-end test.');
    await en.getByLabel('Text (Markdown)').fill('## First steps\n\nSome *text* with a [link](/dashboard/).');
    await page.getByRole('tab', { name: 'Spanish' }).click();
    const es = panel(page, 'Spanish');
    await es.getByLabel('Title', { exact: true }).fill(`Borrador ${route}`);
    await es.getByLabel('Summary').fill('Un borrador escrito por la prueba.');
    await es.getByLabel('Text (Markdown)').fill('## Primeros pasos\n\nAlgo de *texto*.');
    await page.getByRole('button', { name: 'Save article' }).click();
    await expect(routeBox).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#f-articleRoute-error')).toHaveText('Invalid article route');
    await expect(es.getByLabel('Title', { exact: true })).toHaveValue(`Borrador ${route}`);

    await routeBox.fill(route);
    await page.getByRole('button', { name: 'Save article' }).click();
    await expect(page.locator('.alert--success')).toContainText('Article saved.');
    await expect(page).toHaveURL(new RegExp(`/dashboard/article-details\\?articleRoute=${route}$`));
    await expect(routeBox).toHaveAttribute('readonly', '');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Edit article');
    await expect(page.getByText('Publish the site to show the changes.')).toBeVisible();

    // Saving again updates the same article (no longer new).
    await page.getByRole('tab', { name: 'English' }).click();
    await en.getByLabel('Summary').fill('A draft written by the end-to-end test, saved twice.');
    await page.getByRole('button', { name: 'Save article' }).click();
    await expect(page.getByText(/Saved .*Publish the site to show the changes\./)).toBeVisible();
    await expect(page.locator('.error-summary')).toHaveCount(0);

    await page.getByRole('link', { name: 'Back to all articles' }).first().click();
    await waitForList(page);
    const r = row(page, route);
    await expect(r).toContainText(`Draft ${route}`);
    await expect(r).toContainText(`Borrador ${route}`);
    await expect(r.locator('.status')).toHaveText('Draft');
    await expect(r).toContainText('internal@demo.test');

    // The reloaded form has what was saved.
    await r.getByRole('link').click();
    await waitForEditor(page);
    await expect(panel(page, 'English').getByLabel('Summary')).toHaveValue('A draft written by the end-to-end test, saved twice.');
  });

  test('the full journey: edit a title, save, publish, and the public article shows it (no restart)', async ({ page, signInAs, apiAs, cleanup }) => {
    test.setTimeout(240_000);
    const newTitle = `Resetting your password (edited ${Date.now()})`;
    // Afterwards the editor has the article as it was (saved back; the published site changes at the next publish).
    const original = await apiAs<EditableArticle>('internal', callPath(GetEditableArticle), { articleRoute: EDITED });
    expect(original.status).toBe(200);
    cleanup(async () => {
      const saved = await apiAs('internal', callPath(SaveArticle), { isNew: false, article: original.body!.result });
      expect(saved.status, `saving ${EDITED} back: ${saved.body?.message}`).toBe(200);
    });
    await openAsInternal(page, signInAs, `/dashboard/article-details?articleRoute=${EDITED}`);
    await waitForEditor(page);
    await panel(page, 'English').getByLabel('Title', { exact: true }).fill(newTitle);
    await page.getByRole('button', { name: 'Save article' }).click();
    await expect(page.locator('.alert--success')).toContainText('Article saved.');

    // Saving does not change the site: the public article still has its old title.
    const pub = await page.context().newPage();
    await pub.goto(`/articles/${EDITED}`);
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText('Resetting your password');

    // The editor's link leads to the list's Publish panel.
    await page.getByRole('link', { name: 'Go to “Publish site”' }).click();
    await waitForList(page);
    await expect(page).toHaveURL(/#publish$/);
    await expect(row(page, EDITED).getByRole('link', { name: newTitle })).toBeVisible();

    const status = publishStatus(page);
    // A rebuild started elsewhere (none expected) finishes first.
    await expect(status).not.toHaveAttribute('data-state', 'running', { timeout: 120_000 });
    const before = (await status.getAttribute('data-started-at')) ?? '';
    const publish = page.getByRole('button', { name: 'Publish site' });
    await page.getByLabel('Note (optional)').fill('e2e: edited a title');
    await publish.click();
    await expect(status).not.toHaveAttribute('data-started-at', before);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toContainText(/Publishing…|published successfully/);
    await expect(page.getByRole('list', { name: 'Publishing steps' })).toBeVisible();
    await expect(status).toHaveAttribute('data-state', 'succeeded', { timeout: 120_000 });
    await expect(status).toContainText('The site was published successfully');
    await expect(publish).toBeEnabled();

    await pub.goto(`/articles/${EDITED}`);
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    // The Spanish version was saved unchanged.
    await pub.goto(`/es/articles/${EDITED}`);
    await expect(pub.getByRole('heading', { level: 1 })).toHaveText('Cómo restablecer su contraseña');
    await pub.close();
  });
});
