// The video modal (docs/decisions/033-video-modal.md), loaded by src/scripts/video-links.ts on the first open. The
// page's <template data-video-template> holds the dialog in the reader's language; this puts it in the page once,
// gives the <video> its sources (so nothing is requested before the first open), and opens it as a native modal
// dialog: the rest of the page is inert, Tab cycles inside, Escape (or the close button, or a click on the backdrop)
// closes it, the video pauses and focus returns to the button that opened it.
// A plain file served as it is, like global-banner-view.js: the site's bundler would tie a dynamic import to the
// shared framework chunk.
export function openVideo(opener, template) {
  const id = template.dataset.videoTemplate;
  let dialog = document.querySelector(`dialog[data-video-dialog="${id}"]`);
  if (!dialog) {
    document.body.append(document.importNode(template.content, true));
    dialog = document.querySelector(`dialog[data-video-dialog="${id}"]`);
    const video = dialog.querySelector('video');
    // The sources go before the caption tracks, in the listed order (WebM first, MP4 for browsers without VP9).
    for (const s of JSON.parse(video.dataset.sources || '[]').reverse()) {
      const source = document.createElement('source');
      source.src = s.file;
      source.type = s.type;
      video.prepend(source);
    }
    dialog.querySelector('[data-video-close]').addEventListener('click', () => dialog.close());
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) {
        const r = dialog.getBoundingClientRect();
        const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        if (!inside) dialog.close();
      }
    });
    // Tab stays in the dialog: from its last control back to the first, and the other way with Shift+Tab.
    dialog.addEventListener('keydown', (e) => {
      if (e.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll('button, a[href], video[controls]')];
      const first = items[0];
      const last = items[items.length - 1];
      if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      } else if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      }
    });
    dialog.addEventListener('close', () => {
      video.pause();
      const back = dialog.videoOpener;
      if (back && back.isConnected) back.focus();
    });
  }
  dialog.videoOpener = opener;
  if (!dialog.open) dialog.showModal();
  dialog.querySelector('video').focus();
}
