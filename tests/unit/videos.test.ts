// The self-hosted videos (docs/decisions/033-video-modal.md): each video's files are in public/videos/ and small, its
// caption files (English and Spanish WebVTT) say exactly the dictionary's cue words at the listed times (the
// transcript page prints the same words), and article links to a video's page are recognised — what the modal
// relies on, since the article sanitiser keeps a link's href and nothing else of ours.
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../src/lib/article-html.ts';
import { translatorFor } from '../../src/lib/i18n/all.ts';
import { captionsFile, VIDEOS, videoIdOfHref, videosLinkedIn, webVtt, type VideoId } from '../../src/lib/videos.ts';

const ids = Object.keys(VIDEOS) as VideoId[];
const file = (path: string) => `public${path}`;

describe('videos', () => {
  for (const id of ids) {
    const v = VIDEOS[id];
    it(`${id}: the files exist and are small (under 1 MB each, the poster under 100 KB)`, () => {
      for (const s of v.sources) expect(statSync(file(s.file)).size, s.file).toBeLessThan(1024 * 1024);
      expect(statSync(file(v.poster)).size).toBeLessThan(100 * 1024);
      // WebM first (Chromium always plays VP8/VP9; H.264 may be missing), and it is really WebM (EBML magic).
      expect(v.sources[0]!.type).toBe('video/webm');
      expect([...readFileSync(file(v.sources[0]!.file)).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
      expect(v.cues.at(-1)![1]).toBe(v.seconds);
    });

    for (const lang of ['en', 'es'] as const) {
      it(`${id}: the ${lang} captions are the dictionary's cue words at the listed times`, () => {
        const t = translatorFor(lang) as unknown as (key: string) => string;
        const texts = v.cues.map((_, i) => t(`pages.video.${v.key}.cue${i + 1}`));
        for (const text of texts) expect(text).not.toMatch(/^pages\./);
        expect(readFileSync(file(captionsFile(id, lang)), 'utf8')).toBe(webVtt(v, texts));
      });
    }
  }

  it('recognises links to a video page, in either language, and nothing else', () => {
    expect(videoIdOfHref('/videos/file-a-glass-claim')).toBe('file-a-glass-claim');
    expect(videoIdOfHref('/es/videos/file-a-glass-claim/')).toBe('file-a-glass-claim');
    expect(videoIdOfHref('/videos/file-a-glass-claim.webm')).toBeNull();
    expect(videoIdOfHref('/videos/no-such-video')).toBeNull();
    expect(videoIdOfHref('https://example.com/videos/file-a-glass-claim')).toBeNull();
  });

  it('an article link to a video survives the sanitiser and is found in the page body', () => {
    const html = sanitizeArticleHtml('<p><a href="/videos/file-a-glass-claim" data-x="1" onclick="x()">Watch</a> <a href="/articles/x">x</a></p>');
    expect(html).toBe('<p><a href="/videos/file-a-glass-claim">Watch</a> <a href="/articles/x">x</a></p>');
    expect(videosLinkedIn(html)).toEqual(['file-a-glass-claim']);
  });
});
