/**
 * The global banner (spec sections 4 and 5, docs/decisions/024): every page, content pages included, asks for the
 * banner showing on the reader's date; unless the reader closed that banner (its id and last change, in
 * localStorage), the code that draws it loads then — a page without a banner pays only for this question. Plain
 * code, bundled and minified by Astro: no framework JavaScript.
 */
export interface CurrentBanner {
  id: number;
  bannerTitle: string;
  bannerAlertText: string;
  urlLabel: string | null;
  url: string | null;
  startDate: string;
  endDate: string;
  modifiedAt: string;
}

const slot = document.querySelector<HTMLElement>('[data-global-banner]');
if (slot) {
  const d = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const today = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const key = 'portal.closedBanner';
  fetch(`/agentdashboard/api/v1/globalbanner/GetCurrentBanner?today=${today}`, { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : null))
    .then(async (reply: { result?: CurrentBanner | null } | null) => {
      const b = reply?.result;
      if (!b || !String(b.bannerAlertText || '').trim() || b.startDate > today || b.endDate < today) return;
      const closed = `${b.id}|${b.modifiedAt}`;
      try {
        if (localStorage.getItem(key) === closed) return;
      } catch {
        /* no storage: it shows */
      }
      // A plain file (public/scripts/): an import the bundler does not follow, so this module stays on its own.
      const view = '/scripts/global-banner-view.js';
      const { showBanner } = (await import(/* @vite-ignore */ view)) as { showBanner: (slot: HTMLElement, b: CurrentBanner, key: string, closed: string) => void };
      showBanner(slot, b, key, closed);
    })
    .catch(() => undefined);
}
