// Draws the global banner (loaded by src/scripts/global-banner.ts only when there is one to show): title, text, the
// link when it has one, and a close button that remembers this banner (its id and last change) in localStorage.
// A plain file served as it is: the site's bundler would tie a dynamic import to the shared framework chunk.
export function showBanner(slot, b, key, closed) {
  const es = location.hostname.includes('espanol.') || location.pathname === '/es' || location.pathname.startsWith('/es/');
  const box = document.createElement('aside');
  box.className = 'global-banner';
  box.setAttribute('aria-label', slot.dataset[es ? 'regionEs' : 'regionEn'] || 'Site notice');
  box.dataset.testid = 'global-banner';
  const title = document.createElement('strong');
  title.textContent = b.bannerTitle;
  const text = document.createElement('span');
  text.textContent = b.bannerAlertText;
  box.append(title, ' ', text);
  if (b.url && b.urlLabel && /^https?:\/\//i.test(b.url)) {
    const a = document.createElement('a');
    a.href = b.url;
    a.textContent = b.urlLabel;
    box.append(' ', a);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'icon-btn';
  close.setAttribute('aria-label', slot.dataset[es ? 'closeEs' : 'closeEn'] || 'Close');
  close.textContent = '×';
  close.addEventListener('click', () => {
    try {
      localStorage.setItem(key, closed);
    } catch {
      /* closed for this page only */
    }
    // Section 4's banner events (issue 18, the names of bannerEvent() in src/lib/track-event-page.ts): the tracker of the
    // signed-in pages (and of the content pages for a signed-in reader) sends them after consent; else nobody listens.
    track('Close');
    box.remove();
  });
  box.append(close);
  slot.append(box);
  // Shown as the page opens: sent once the tracker listens (sendWhenListening() in src/lib/track-event-page.ts).
  if (document.documentElement.dataset.tracking !== undefined) track('Show');
  else window.addEventListener('portal:tracking', () => track('Show'), { once: true });

  function track(action) {
    window.dispatchEvent(new CustomEvent('portal:track', { detail: { category: 'Banner', action, label: String(b.id) } }));
  }
}
