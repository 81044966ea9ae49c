// The video modal (issue 18, docs/decisions/033-video-modal.md): on the care-desk page nothing of the video loads
// before it is opened; it opens from the keyboard as a modal dialog holding the focus, with captions in the page's
// language, plays, keeps Tab inside, closes with Escape (paused, focus back on the button); Spanish words and
// captions on the Spanish page; axe on the open modal; the transcript page; an article link opens the same modal.
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const VIDEO_FILES = /\/videos\/file-a-glass-claim\.(webm|mp4|jpg|en\.vtt|es\.vtt)$|\/scripts\/video-modal\.js$/;

/** Every request the page makes for the video, its poster, captions or the modal's code. */
function videoRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (VIDEO_FILES.test(path)) seen.push(path);
  });
  return seen;
}

const dialogHasFocus = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));

/** axe (WCAG 2.2 AA + best practice, as tests/e2e/a11y.test.ts): the serious and critical violations, one line each. */
async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  const results = await (include ? axe.include(include) : axe).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('care desk: nothing loads before opening; keyboard opens, plays with English captions, Tab stays inside, Escape closes', async ({ page }) => {
  const requests = videoRequests(page);
  await page.goto('/agency-care-desk');
  const opener = page.getByRole('button', { name: 'Watch the video' });
  await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
  await page.waitForLoadState('networkidle');
  expect(requests, 'no video, poster, captions or modal code before opening').toEqual([]);
  await expect(page.locator('dialog')).toHaveCount(0);

  await opener.focus();
  await page.keyboard.press('Space');
  const dialog = page.getByRole('dialog', { name: 'How to file a glass claim' });
  await expect(dialog).toBeVisible();
  expect(await dialogHasFocus(page)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Close the video' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Read the transcript' })).toHaveAttribute('href', '/videos/file-a-glass-claim');

  // (by its element: once closed the dialog is out of the accessibility tree, and the test still reads the video)
  const video = page.locator('dialog[data-video-dialog="file-a-glass-claim"] video');
  await expect(video).toHaveAttribute('preload', 'none');
  // Captions in both languages, English (the page's) showing.
  const tracks = await video.evaluate((v: HTMLVideoElement) => [...v.textTracks].map((t) => ({ kind: t.kind, lang: t.language, mode: t.mode })));
  expect(tracks).toEqual([
    { kind: 'captions', lang: 'en', mode: 'showing' },
    { kind: 'captions', lang: 'es', mode: 'disabled' },
  ]);
  // It plays: WebM first (Chromium always has VP8/VP9), time advances, the English cues load.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\/videos\/file-a-glass-claim\.webm$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]!.cues?.length ?? 0)).toBe(4);
  expect(requests).toContain('/videos/file-a-glass-claim.webm');
  expect(requests).toContain('/videos/file-a-glass-claim.en.vtt');

  // Tab (and Shift+Tab) never leaves the dialog.
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    expect(await dialogHasFocus(page), `after ${i + 1} Tab`).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialogHasFocus(page), `after ${i + 1} Shift+Tab`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // Enter opens it again (the same dialog); the close button closes it.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(page.locator('dialog')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close the video' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('Spanish care desk: Spanish words, Spanish captions by default, the transcript page in Spanish', async ({ page }) => {
  await page.goto('/es/agency-care-desk');
  const opener = page.getByRole('button', { name: 'Ver el video' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cómo presentar un reclamo de vidrios' });
  await expect(dialog).toBeVisible();
  expect(await dialogHasFocus(page)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Cerrar el video' })).toBeVisible();
  const tracks = await dialog.locator('video').evaluate((v: HTMLVideoElement) => [...v.textTracks].map((t) => `${t.language}:${t.label}:${t.mode}`));
  expect(tracks).toEqual(['en:Inglés:disabled', 'es:Español:showing']);
  await dialog.getByRole('link', { name: 'Leer la transcripción' }).click();
  await expect(page).toHaveURL(/\/es\/videos\/file-a-glass-claim$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo presentar un reclamo de vidrios' })).toBeVisible();
  await expect(page.getByTestId('video-transcript')).toContainText('Paso 1: elija Presentar un reclamo en el encabezado.');
});

test('the transcript page (English) has the player and every caption line', async ({ page }) => {
  const requests = videoRequests(page);
  await page.goto('/videos/file-a-glass-claim');
  await expect(page.getByRole('heading', { level: 1, name: 'How to file a glass claim' })).toBeVisible();
  const transcript = page.getByTestId('video-transcript');
  await expect(transcript.getByRole('listitem')).toHaveCount(4);
  await expect(transcript).toContainText('Step 3: review your answers, submit the claim and keep the referral number.');
  await expect(page.locator('video')).toHaveAttribute('preload', 'none');
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => /\.(webm|mp4)$/.test(r))).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: no serious or critical violations on the open modal, at 390 px nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/agency-care-desk');
  await page.getByRole('button', { name: 'Watch the video' }).click();
  const dialog = page.getByRole('dialog', { name: 'How to file a glass claim' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
});

test('an article link to the video opens the same modal', async ({ page }) => {
  await page.goto('/articles/filing-a-glass-claim-for-a-policyholder');
  const link = page.locator('.article__body').getByRole('button', { name: 'Watch the video: how to file a glass claim' });
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'How to file a glass claim' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});
