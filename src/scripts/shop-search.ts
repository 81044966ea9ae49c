/**
 * The store locator's live part (issue 17, docs/decisions/029), shared by shop-search (?zip=, GetClosestProgramProviders)
 * and specific-shop-results (?name=&phone=&zip=&distance=&page=, SpecificShopSearch): asks the API, then lists the
 * shops, puts them on the map (points projected with d3-geo's Albers USA, the projection the outlines were drawn in)
 * and in the screen-reader table. List and map are linked: hovering or focusing a shop highlights both. Plain code.
 */
import { geoAlbersUsa } from 'd3-geo';
import { ZIP_PATTERN } from './shop-rules.ts';

interface Hours { days: 'MonFri' | 'Sat' | 'Sun'; opens: string; closes: string }
interface Provider {
  shopId: string; name: string; addressLine: string; city: string; stateCode: string; zipCode: string; phoneNumber: string;
  distanceMiles: number; mobileService: boolean; hours: Hours[]; latitude: number; longitude: number;
}
interface Zip { zipCode: string; city: string; stateCode: string; latitude: number; longitude: number }
interface Reply { zip: Zip; providers: Provider[]; totalCount?: number; pageNumber?: number; pageSize?: number }

const API = '/agentdashboard/api/v1/ShopSearch/';
const SVG = 'http://www.w3.org/2000/svg';
const strings = JSON.parse(document.getElementById('shop-strings')?.textContent ?? '{}') as Record<string, string>;
const lang = document.documentElement.lang.startsWith('es') ? 'es' : 'en';
const say = (key: string, params: Record<string, string | number> = {}) =>
  (strings[key] ?? key).replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? ''));
const $ = <T extends Element>(sel: string) => document.querySelector<T>(sel)!;

const status = $<HTMLElement>('[data-shop-status]');
const heading = $<HTMLElement>('[data-shop-heading]');
const body = $<HTMLElement>('[data-shop-body]');
const list = $<HTMLOListElement>('[data-shop-list]');
const points = $<SVGGElement>('[data-shop-points]');
const tbody = $<HTMLTableSectionElement>('[data-shop-table] tbody');
const pager = $<HTMLElement>('[data-shop-pager]');
// The outlines are us-atlas's states-albers-10m: geoAlbersUsa at scale 1300, centred in 975×610.
const project = geoAlbersUsa().scale(1300).translate([487.5, 305]);

function time(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(2000, 0, 1, h, m).toLocaleTimeString(lang === 'es' ? 'es-US' : 'en-US', { hour: 'numeric', minute: '2-digit' });
}
const hoursText = (hours: Hours[]) =>
  [...hours.map((h) => `${say(`shop.${h.days}`)} ${time(h.opens)}–${time(h.closes)}`), ...(hours.some((h) => h.days === 'Sun') ? [] : [say('shop.closedSun')])].join(' · ');

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Highlights one shop in the list and on the map (or none). */
function highlight(shopId: string | null) {
  for (const li of list.children) li.classList.toggle('is-active', (li as HTMLElement).dataset.shopId === shopId);
  for (const c of points.querySelectorAll<SVGElement>('[data-shop-id]')) {
    const on = c.dataset.shopId === shopId;
    c.classList.toggle('is-active', on);
    if (on) points.appendChild(c); // on top of its neighbours
  }
}

function show(reply: Reply, headingText: string) {
  list.replaceChildren();
  tbody.replaceChildren();
  points.replaceChildren();
  heading.textContent = headingText;
  heading.hidden = false;
  body.hidden = reply.providers.length === 0;
  const you = project([reply.zip.longitude, reply.zip.latitude]);
  reply.providers.forEach((p, i) => {
    const address = `${p.addressLine}, ${p.city}, ${p.stateCode} ${p.zipCode}`;
    const li = el('li', 'shop-card card');
    li.dataset.shopId = p.shopId;
    const h = el('h3', 'shop-card__name');
    h.append(el('span', 'shop-card__number', `${i + 1}`), ` ${p.name}`);
    const phone = el('a', '', p.phoneNumber);
    phone.href = `tel:${p.phoneNumber.replace(/[^\d+]/g, '')}`;
    const phoneLine = el('p', 'shop-card__line', `${say('shop.phone')}: `);
    phoneLine.append(phone);
    li.append(
      h,
      el('p', 'shop-card__line', address),
      phoneLine,
      el('p', 'shop-card__line shop-card__distance', say('shop.miles', { miles: p.distanceMiles })),
      el('p', 'shop-card__line', `${say('shop.hours')}: ${hoursText(p.hours)}`),
      el('p', `shop-card__line shop-card__mobile${p.mobileService ? ' is-yes' : ''}`, say(p.mobileService ? 'shop.mobileYes' : 'shop.mobileNo')),
    );
    for (const ev of ['mouseenter', 'focusin'] as const) li.addEventListener(ev, () => highlight(p.shopId));
    for (const ev of ['mouseleave', 'focusout'] as const) li.addEventListener(ev, () => highlight(null));
    list.append(li);

    const tr = document.createElement('tr');
    for (const cell of [p.name, address, p.phoneNumber, say('shop.miles', { miles: p.distanceMiles }), say(p.mobileService ? 'shop.yes' : 'shop.no'), hoursText(p.hours)]) tr.append(el('td', '', cell));
    tbody.append(tr);

    const xy = project([p.longitude, p.latitude]);
    if (!xy) return;
    const g = document.createElementNS(SVG, 'g');
    g.dataset.shopId = p.shopId;
    g.setAttribute('class', 'shop-point');
    g.setAttribute('transform', `translate(${xy[0].toFixed(1)} ${xy[1].toFixed(1)})`);
    const c = document.createElementNS(SVG, 'circle');
    c.setAttribute('r', '9');
    const label = document.createElementNS(SVG, 'text');
    label.setAttribute('text-anchor', 'middle');
    label.setAttribute('dy', '4');
    label.textContent = String(i + 1);
    g.append(c, label);
    g.addEventListener('mouseenter', () => highlight(p.shopId));
    g.addEventListener('mouseleave', () => highlight(null));
    points.append(g);
  });
  if (you) {
    const star = document.createElementNS(SVG, 'circle');
    star.setAttribute('class', 'shop-point--you');
    star.setAttribute('r', '7');
    star.setAttribute('cx', you[0].toFixed(1));
    star.setAttribute('cy', you[1].toFixed(1));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = say('map.you');
    star.append(title);
    points.prepend(star);
    // Zoom the map to the searched area: the ZIP and its shops, with a margin.
    const all = [you, ...reply.providers.map((p) => project([p.longitude, p.latitude])).filter((v): v is [number, number] => v !== null)];
    const xs = all.map((v) => v[0]);
    const ys = all.map((v) => v[1]);
    const pad = 40;
    const w = Math.max(120, Math.max(...xs) - Math.min(...xs) + 2 * pad);
    const h = Math.max(75, Math.max(...ys) - Math.min(...ys) + 2 * pad);
    const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
    const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
    const scale = Math.max(w / 975, h / 610);
    const vw = 975 * scale;
    const vh = 610 * scale;
    points.ownerSVGElement!.setAttribute('viewBox', `${(cx - vw / 2).toFixed(1)} ${(cy - vh / 2).toFixed(1)} ${vw.toFixed(1)} ${vh.toFixed(1)}`);
    points.style.setProperty('--k', String(scale.toFixed(3)));
  }
}

async function ask(path: string, init?: RequestInit): Promise<Reply | string> {
  status.textContent = say('state.loading');
  status.dataset.state = 'loading';
  try {
    const res = await fetch(API + path, { ...init, headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) } });
    const json = (await res.json().catch(() => null)) as { isSuccess?: boolean; message?: string; result?: Reply } | null;
    if (res.ok && json?.result) return json.result;
    if (res.status === 429) return say('state.tooMany');
    const message = json?.message ?? '';
    const known = Object.keys(strings).find((k) => k.startsWith('msg:') && message.includes(k.slice(4)));
    return known ? strings[known]! : say('state.error');
  } catch {
    return say('state.error');
  }
}

function fail(message: string) {
  status.textContent = message;
  status.dataset.state = 'error';
  heading.hidden = true;
  body.hidden = true;
  pager.hidden = true;
}

const params = new URLSearchParams(location.search);

async function closest(zip: string) {
  const reply = await ask(`GetClosestProgramProviders?zipCode=${encodeURIComponent(zip)}`);
  if (typeof reply === 'string') return fail(reply);
  status.dataset.state = reply.providers.length ? 'done' : 'empty';
  status.textContent = reply.providers.length ? '' : say('search.empty');
  show(reply, say('search.nearZip', { zip: reply.zip.zipCode, city: reply.zip.city, state: reply.zip.stateCode }));
}

async function specific(page: number) {
  const name = params.get('name') ?? '';
  const zip = params.get('zip') ?? '';
  if (!name.trim() || !zip.trim()) return fail(say('results.missing'));
  const distance = Number(params.get('distance')) || 25;
  const phone = params.get('phone') ?? '';
  const reply = await ask('SpecificShopSearch', {
    method: 'POST',
    body: JSON.stringify({
      AppName: 'AgentPortal', ProviderName: name, ProviderPhone: phone || null, ServiceZipCode: zip, Distance: distance,
      PageSize: 10, PageNumber: page, AccountNum: null, CountryCode: 'US', IsSafeliteProgramAccount: true,
    }),
  });
  if (typeof reply === 'string') return fail(reply);
  const total = reply.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / (reply.pageSize ?? 10)));
  status.dataset.state = total ? 'done' : 'empty';
  status.textContent = total ? '' : say('results.empty');
  show(reply, say('results.summary', { total, name: name.trim(), distance, zip: reply.zip.zipCode }));
  pager.hidden = pages <= 1;
  $<HTMLElement>('[data-shop-page]').textContent = say('results.page', { page, pages });
  $<HTMLButtonElement>('[data-shop-prev]').disabled = page <= 1;
  $<HTMLButtonElement>('[data-shop-next]').disabled = page >= pages;
  pager.dataset.page = String(page);
}

const mode = document.querySelector<HTMLElement>('[data-shop-form]')?.dataset.shopForm;
if (mode === 'closest') {
  const form = $<HTMLFormElement>('form[data-shop-form="closest"]');
  const input = $<HTMLInputElement>('#shop-zip');
  const error = $<HTMLElement>('#shop-zip-error');
  const zip = params.get('zip');
  if (zip) {
    input.value = zip;
    void closest(zip);
  }
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const value = input.value.trim();
    const ok = ZIP_PATTERN.test(value);
    error.hidden = ok;
    error.textContent = ok ? '' : (strings[`msg:Please enter a valid ZIP code.`] ?? '');
    input.closest('.field')?.classList.toggle('field--error', !ok);
    if (!ok) {
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    input.removeAttribute('aria-invalid');
    history.replaceState(null, '', `?zip=${encodeURIComponent(value)}`);
    void closest(value);
  });
} else if (mode === 'results') {
  const go = (page: number) => {
    params.set('page', String(page));
    history.replaceState(null, '', `?${params}`);
    void specific(page).then(() => heading.focus());
  };
  heading.tabIndex = -1;
  $<HTMLButtonElement>('[data-shop-prev]').addEventListener('click', () => go(Number(pager.dataset.page) - 1));
  $<HTMLButtonElement>('[data-shop-next]').addEventListener('click', () => go(Number(pager.dataset.page) + 1));
  void specific(Math.max(1, Math.floor(Number(params.get('page'))) || 1));
}
