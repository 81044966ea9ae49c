/**
 * Global banners (issue 15): section 5's rules in the contract (every message), the screen's shared rules, the
 * current banner's dates (today, a future start, a past end), createdBy/modifiedBy, the http:// prefix, the
 * audit rows, against the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBanner, DeleteBanner, EditBanner, GetBanner, GetCurrentBanner, type Banner } from '../../src/lib/api/global-banner.ts';
import { BANNER_MESSAGES, bannerProblems, isCurrentBanner, withScheme } from '../../src/lib/banner.ts';
import { getUrl } from '../../src/lib/api/index.ts';
import { resolveRouteFor } from '../../src/lib/navigation.ts';
import { pageTitle } from '../../src/lib/page-title.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

const VALID = { bannerTitle: 'Maintenance', bannerAlertText: 'The portal is down Sunday 2-4 am.', urlLabel: '', url: '', startDate: '2026-03-01', endDate: '2026-03-10' };

describe('section 5: the banner rules (src/lib/banner.ts, shared by the screen and the contracts)', () => {
  const messages = (over: Partial<typeof VALID>) => bannerProblems({ ...VALID, ...over }).map((p) => `${p.field}: ${p.message}`);
  it('a complete banner has no problem', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ urlLabel: 'Read more', url: 'example.com/news' })).toEqual([]);
  });
  it('title and alert text are required (spaces are nothing)', () => {
    expect(messages({ bannerTitle: '  ', bannerAlertText: '' })).toEqual(['bannerTitle: Banner title is required', 'bannerAlertText: Alert text is required']);
  });
  it('a url needs a label and a label needs a url', () => {
    expect(messages({ url: 'example.com' })).toEqual(['urlLabel: URL label is required when a URL is entered']);
    expect(messages({ urlLabel: 'Read more' })).toEqual(['url: URL is required when a URL label is entered']);
  });
  it("'Please enter a valid url'", () => {
    for (const url of ['not a url', 'example', 'ftp://example.com', 'http://', 'https://exa mple.com']) {
      expect(messages({ urlLabel: 'More', url }), url).toEqual(['url: Please enter a valid url']);
    }
  });
  it('start and end dates are required; the end comes after the start', () => {
    expect(messages({ startDate: '', endDate: '' })).toEqual(['startDate: Start date is required', 'endDate: End date is required']);
    expect(messages({ endDate: '2026-03-01' })).toEqual(['endDate: End date must be after start date']);
    expect(messages({ endDate: '2026-02-28' })).toEqual(['endDate: End date must be after start date']);
    expect(messages({ startDate: '2026-02-30' })).toEqual(['startDate: Please enter a valid date.']);
  });
  it('a link lacking http:// or https:// gets http:// prefixed', () => {
    expect(withScheme('example.com/a')).toBe('http://example.com/a');
    expect(withScheme('https://example.com')).toBe('https://example.com');
    expect(withScheme('HTTP://example.com')).toBe('HTTP://example.com');
  });
  it('shows when it has text, from its start date through its end date', () => {
    expect(isCurrentBanner(VALID, '2026-03-01')).toBe(true);
    expect(isCurrentBanner(VALID, '2026-03-10')).toBe(true);
    expect(isCurrentBanner(VALID, '2026-02-28')).toBe(false);
    expect(isCurrentBanner(VALID, '2026-03-11')).toBe(false);
    expect(isCurrentBanner({ ...VALID, bannerAlertText: '  ' }, '2026-03-05')).toBe(false);
  });
});

describe('the screens: internal admins only, titled in both languages', () => {
  it('an internal admin opens them; every other role gets not-found', () => {
    for (const route of ['/dashboard/global-banner', '/dashboard/health-configuration']) {
      expect(resolveRouteFor(route, 'SFAD_InternalAdmin')).toBe(route);
      for (const role of ['SFAD_Agent', 'SFAD_Admin', 'SFAD_CEAdmin', null]) expect(resolveRouteFor(route, role), `${route} as ${role}`).toBe('/not-found');
    }
  });
  it('has page titles', () => {
    expect(pageTitle('global-banner')).toBe('Global banners | Agent Portal');
    expect(pageTitle('health-configuration', 'es')).toMatch(/^Configuración del estado del sistema \| /);
  });
});

describe('the globalbanner calls against the real server', () => {
  let portal: RunningPortal;
  let admin: string;
  beforeAll(async () => {
    portal = await startTestPortal();
    admin = (await signInForTokens(portal, 'internal@demo.test')).access_token;
  });
  afterAll(async () => {
    await portal?.close();
  });
  const create = (over: Record<string, unknown> = {}) => callApi(portal, CreateBanner.path, { token: admin, body: { AppName: 'AgentPortal', ...VALID, ...over } });
  const current = async (today: string) => (await callApi(portal, getUrl(GetCurrentBanner, { today }))).json!.result as Banner | null;

  it('CreateBanner refuses a bad banner with every message of section 5 at once, by field', async () => {
    const res = await create({ bannerTitle: '', bannerAlertText: ' ', urlLabel: '', url: 'not a url', startDate: '', endDate: '' });
    expect(res.status).toBe(400);
    const errors = (res.json!.errors as { path: string; message: string; code: string }[]).map((e) => `${e.path}: ${e.message} (${e.code})`);
    expect(errors).toEqual([
      'bannerTitle: Banner title is required (bannerTitleRequired)',
      'bannerAlertText: Alert text is required (bannerAlertTextRequired)',
      'urlLabel: URL label is required when a URL is entered (bannerUrlLabelRequired)',
      'url: Please enter a valid url (bannerUrlInvalid)',
      'startDate: Start date is required (bannerStartDateRequired)',
      'endDate: End date is required (bannerEndDateRequired)',
    ]);
    const other = await create({ urlLabel: 'More', url: '', endDate: VALID.startDate });
    expect((other.json!.errors as { message: string }[]).map((e) => e.message)).toEqual([BANNER_MESSAGES.urlRequired, BANNER_MESSAGES.endDateAfterStart]);
    expect(await portal.db.query('SELECT id FROM global_banners')).toEqual([]);
  });

  it('creates, edits and deletes a banner: http:// prefixed, createdBy and modifiedBy kept, each change audited', async () => {
    const made = await create({ urlLabel: 'Read more', url: 'example.com/news' });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const banner = made.json!.result as Banner;
    expect(banner).toMatchObject({ bannerTitle: 'Maintenance', url: 'http://example.com/news', urlLabel: 'Read more', startDate: '2026-03-01', startDateDisplay: 'Mar 1, 2026', endDate: '2026-03-10', createdBy: 'internal@demo.test', modifiedBy: 'internal@demo.test' });

    const edited = await callApi(portal, EditBanner.path, { token: admin, body: { AppName: 'AgentPortal', ...VALID, id: banner.id, bannerTitle: 'Maintenance moved', url: 'https://example.com/x', urlLabel: 'Details' } });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(edited.json!.result).toMatchObject({ id: banner.id, bannerTitle: 'Maintenance moved', url: 'https://example.com/x' });
    expect((edited.json!.result as Banner).modifiedAt).not.toBe(banner.modifiedAt);

    const list = (await callApi(portal, GetBanner.path, { token: admin })).json!.result as Banner[];
    expect(list.map((b) => b.bannerTitle)).toEqual(['Maintenance moved']);

    const gone = await callApi(portal, DeleteBanner.path, { token: admin, body: { AppName: 'AgentPortal', id: banner.id } });
    expect(gone.status).toBe(200);
    expect(await portal.db.query('SELECT id FROM global_banners')).toEqual([]);
    const audit = await portal.db.query<{ action: string; entity: string; entity_id: string; actor_email: string; before: unknown; after: unknown }>(
      "SELECT action, entity, entity_id, actor_email, before, after FROM audit_log WHERE entity = 'banner' ORDER BY id",
    );
    expect(audit.map((a) => [a.action, a.entity, a.entity_id, a.actor_email])).toEqual([
      ['createBanner', 'banner', String(banner.id), 'internal@demo.test'],
      ['editBanner', 'banner', String(banner.id), 'internal@demo.test'],
      ['deleteBanner', 'banner', String(banner.id), 'internal@demo.test'],
    ]);
    expect(audit[1]!.before).toMatchObject({ bannerTitle: 'Maintenance' });
    expect(audit[1]!.after).toMatchObject({ bannerTitle: 'Maintenance moved' });
  });

  it('GetCurrentBanner: shows from its start date (today) through its end date; not before, not after', async () => {
    const made = (await create({ bannerTitle: 'Window', startDate: '2026-05-10', endDate: '2026-05-20' })).json!.result as Banner;
    expect((await current('2026-05-10'))?.id).toBe(made.id); // starts today
    expect((await current('2026-05-15'))?.id).toBe(made.id);
    expect((await current('2026-05-20'))?.id).toBe(made.id); // its last day
    expect(await current('2026-05-09')).toBeNull(); // a future start
    expect(await current('2026-05-21')).toBeNull(); // a past end
    // Of two current banners, the later start shows.
    const later = (await create({ bannerTitle: 'Later', startDate: '2026-05-12', endDate: '2026-05-30' })).json!.result as Banner;
    expect((await current('2026-05-15'))?.id).toBe(later.id);
    expect((await current('2026-05-11'))?.id).toBe(made.id);
    // Without a date: the server's date (none of these is current now or they all are: the answer parses).
    expect((await callApi(portal, GetCurrentBanner.path)).status).toBe(200);
  });

  it('editing or deleting a banner that is not there answers 404 and changes nothing', async () => {
    expect((await callApi(portal, EditBanner.path, { token: admin, body: { AppName: 'AgentPortal', ...VALID, id: 987654 } })).status).toBe(404);
    expect((await callApi(portal, DeleteBanner.path, { token: admin, body: { AppName: 'AgentPortal', id: 987654 } })).status).toBe(404);
  });
});
