/**
 * The video modal's stub (docs/decisions/033-video-modal.md), on pages that render <VideoEmbeds>: every link to a
 * video's page that the page has a modal for — the care desk's 'Watch the video' (data-video) and any article link
 * to /videos/<id> (Markdown links survive the sanitiser; data attributes would not) — becomes a button opening the
 * modal. The modal's code (public/scripts/video-modal.js) loads on the first open; a modified click (new tab) and
 * readers without scripts follow the link to the video's page. Plain code: no framework JavaScript.
 */
const VIDEO_PAGE = /^(?:\/es)?\/videos\/([a-z0-9-]+)\/?$/;
const templates = new Map<string, HTMLTemplateElement>();
for (const t of document.querySelectorAll<HTMLTemplateElement>('template[data-video-template]')) templates.set(t.dataset.videoTemplate!, t);

type OpenVideo = (opener: HTMLElement, template: HTMLTemplateElement) => void;
let code: Promise<OpenVideo> | null = null;
const openModal = (link: HTMLAnchorElement, template: HTMLTemplateElement) => {
  // A plain file (public/scripts/): an import the bundler does not follow, so this stub stays on its own.
  const file = '/scripts/video-modal.js';
  code ??= (import(/* @vite-ignore */ file) as Promise<{ openVideo: OpenVideo }>).then((m) => m.openVideo);
  code.then((openVideo) => openVideo(link, template)).catch(() => (location.href = link.href));
};

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-video], .article__body a[href]')) {
  const id = link.dataset.video ?? VIDEO_PAGE.exec(new URL(link.href, location.href).pathname)?.[1];
  const template = id ? templates.get(id) : undefined;
  if (!template) continue;
  link.dataset.video = id;
  link.setAttribute('role', 'button');
  link.setAttribute('aria-haspopup', 'dialog');
  link.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openModal(link, template);
  });
  // A button opens with Space too (Enter is the link's own click).
  link.addEventListener('keydown', (e) => {
    if (e.key !== ' ') return;
    e.preventDefault();
    openModal(link, template);
  });
}

// A module (its names stay its own).
export {};
