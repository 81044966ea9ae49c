/**
 * The portal's self-hosted videos (docs/decisions/033-video-modal.md): files in public/videos/, captions in both
 * languages (WebVTT, public/videos/<id>.<lang>.vtt), and the words of each cue in the `pages.video.<key>` dictionary
 * (the transcript page prints them; tests/unit/videos.test.ts checks that the caption files say the same).
 * Build time only: the browser's script knows a video by its id (data-video) and reads the rest from the page.
 */
import type { Lang } from './i18n.ts';

export interface Video {
  /** The dictionary key under `pages.video` (title, summary, cue1…). */
  key: 'glassClaim';
  width: number;
  height: number;
  seconds: number;
  /** Cue start and end, in seconds, in the order of the dictionary's cue1, cue2, … */
  cues: readonly (readonly [number, number])[];
  /** Sources in the order the browser should try them: WebM (VP9) first, MP4 (H.264) as the fallback. */
  sources: readonly { file: string; type: string }[];
  poster: string;
}

export const VIDEOS = {
  'file-a-glass-claim': {
    key: 'glassClaim',
    width: 640,
    height: 360,
    seconds: 15,
    cues: [
      [0, 3],
      [3, 7],
      [7, 11],
      [11, 15],
    ],
    sources: [
      { file: '/videos/file-a-glass-claim.webm', type: 'video/webm' },
      { file: '/videos/file-a-glass-claim.mp4', type: 'video/mp4' },
    ],
    poster: '/videos/file-a-glass-claim.jpg',
  },
} as const satisfies Record<string, Video>;

export type VideoId = keyof typeof VIDEOS;

/** The caption file of a video in a language. */
export const captionsFile = (id: VideoId, lang: Lang) => `/videos/${id}.${lang}.vtt`;

/** The id of the video a link points at (its page, /videos/<id> or /es/videos/<id>), or null. */
export function videoIdOfHref(href: string | null | undefined): VideoId | null {
  const m = /^(?:\/es)?\/videos\/([a-z0-9-]+)\/?(?:[?#].*)?$/.exec(href ?? '');
  return m && m[1]! in VIDEOS ? (m[1] as VideoId) : null;
}

/** The ids of the videos a piece of HTML links to (an article's body), once each. */
export function videosLinkedIn(html: string): VideoId[] {
  const ids = new Set<VideoId>();
  for (const m of html.matchAll(/href="([^"]*)"/g)) {
    const id = videoIdOfHref(m[1]);
    if (id) ids.add(id);
  }
  return [...ids];
}

/** WebVTT text of a video's captions from the cue texts (how public/videos/*.vtt were written; the test compares). */
export function webVtt(video: Video, texts: readonly string[]): string {
  const at = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, '0')}.000`;
  return `WEBVTT\n\n${video.cues.map(([from, to], i) => `${i + 1}\n${at(from)} --> ${at(to)}\n${texts[i]}\n`).join('\n')}`;
}
