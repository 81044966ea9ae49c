/**
 * Co-branding by client tag (issue 17): the tag's account (any case; an unknown tag → null), whether an account is
 * co-branded, the logo with its ETag and Cache-Control (If-None-Match → 304), membership for GetIsAccountCobranded,
 * and the internal admins' save (type and size read from the bytes, unique tags, no co-brand without a logo, audit),
 * against the real server and PGlite.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COBRAND_MESSAGES } from '../../src/lib/api/cobranded.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

const HARBOR = '10045821';
const SUMMIT = '20077314';
const LAKESHORE = '30012967';
const LOGO = readFileSync(new URL('../../src/server/demo/harborpoint-logo.png', import.meta.url));
/** A 1 × 1 WebP (a real one: RIFF … WEBP). */
const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

let portal: RunningPortal;
let agent: string;
let internal: string;

beforeAll(async () => {
  portal = await startTestPortal();
  agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
  internal = (await signInForTokens(portal, 'internal@demo.test')).access_token;
});
afterAll(() => portal?.close());

const logo = (account: string, headers: Record<string, string> = {}) =>
  fetch(`${portal.url}/agentdashboard/api/v1/Cobranded/GetCobrandedLogo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ AppName: 'AgentPortal', AccountNumber: account }),
  });

describe('a client tag names an account', () => {
  it('the demo tag, in any case, gives the co-branded demo agency; an unknown tag gives null', async () => {
    for (const tag of ['harborpoint', 'HarborPoint', ' HARBORPOINT ']) {
      const r = await callApi(portal, `Cobranded/GetCobrandedAccountNumberByClientTag?AppName=AgentPortal&ClientTag=${encodeURIComponent(tag)}`);
      expect(r.status, tag).toBe(200);
      expect(r.json!.result).toEqual({ tagId: 'harborpoint', details: { ACCT_NUM: HARBOR } });
    }
    const unknown = await callApi(portal, 'Cobranded/GetCobrandedAccountNumberByClientTag?AppName=AgentPortal&ClientTag=nobody');
    expect(unknown.status).toBe(200);
    expect(unknown.json!.result).toBeNull();
  });
  it('a tag that is not a tag is refused with the contract message', async () => {
    const r = await callApi(portal, `Cobranded/GetCobrandedAccountNumberByClientTag?AppName=AgentPortal&ClientTag=${encodeURIComponent('<script>')}`);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toContain('Invalid client tag');
  });
});

describe('whether an account is co-branded', () => {
  it('GetIsCobranded (public): the co-branded agency with its name; a plain or unknown one without', async () => {
    expect((await callApi(portal, `Cobranded/GetIsCobranded?AppName=AgentPortal&AccountNumber=${HARBOR}`)).json!.result).toEqual({
      isCobranded: true,
      accountName: 'Harbor Point Insurance Group',
      accountNumber: HARBOR,
    });
    expect((await callApi(portal, `Cobranded/GetIsCobranded?AppName=AgentPortal&AccountNumber=${LAKESHORE}`)).json!.result).toEqual({ isCobranded: false, accountName: '', accountNumber: LAKESHORE });
    expect((await callApi(portal, 'Cobranded/GetIsCobranded?AppName=AgentPortal&AccountNumber=99999999')).json!.result).toMatchObject({ isCobranded: false });
  });
  it("GetIsAccountCobranded: the caller's own agency answers, another agency is 403, internal admins see any", async () => {
    const own = await callApi(portal, `Cobranded/GetIsAccountCobranded?AppName=AgentPortal&AccountNumber=${HARBOR}`, { token: agent });
    expect(own.status).toBe(200);
    expect(own.json!.result).toMatchObject({ isCobranded: true });
    expect((await callApi(portal, `Cobranded/GetIsAccountCobranded?AppName=AgentPortal&AccountNumber=${LAKESHORE}`, { token: agent })).status).toBe(403);
    expect((await callApi(portal, `Cobranded/GetIsAccountCobranded?AppName=AgentPortal&AccountNumber=${LAKESHORE}`, { token: internal })).status).toBe(200);
    expect((await callApi(portal, `Cobranded/GetIsAccountCobranded?AppName=AgentPortal&AccountNumber=${HARBOR}`)).status).toBe(401);
  });
});

describe('the logo', () => {
  it('is the stored image with its hash as ETag and a day of caching; If-None-Match answers 304 without the bytes', async () => {
    const res = await logo(HARBOR);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${createHash('sha256').update(LOGO).digest('hex')}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(LOGO)).toBe(true);
    const again = await logo(HARBOR, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await logo(HARBOR, { 'if-none-match': '"stale"' })).status).toBe(200);
  });
  it('a plain agency has none (404 envelope); a bad account number is 400', async () => {
    const none = await logo(SUMMIT);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ isSuccess: false, result: null });
    // A refusal is never cached (the day of caching is the image's own).
    expect(none.headers.get('cache-control')).toBe('no-store');
    const bad = await logo('12ab');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });
});

describe('internal admins co-brand an agency', () => {
  const save = (token: string, body: Record<string, unknown>) =>
    callApi(portal, 'Cobranded/SaveCobrandedAgency', { token, body: { AppName: 'AgentPortal', ...body }, headers: { origin: portal.url } });

  it('lists the co-branded agencies with their logos, and finds others by name or number', async () => {
    const list = await callApi(portal, 'Cobranded/GetCobrandedAgencies?AppName=AgentPortal', { token: internal });
    expect(list.status).toBe(200);
    const agencies = (list.json!.result as { agencies: { agencyNumber: string; logo: { bytes: number } | null }[] }).agencies;
    expect(agencies.map((a) => a.agencyNumber)).toContain(HARBOR);
    expect(agencies.find((a) => a.agencyNumber === HARBOR)!.logo!.bytes).toBe(LOGO.length);
    const found = await callApi(portal, 'Cobranded/GetCobrandedAgencies?AppName=AgentPortal&Search=summit', { token: internal });
    expect((found.json!.result as { agencies: { agencyNumber: string }[] }).agencies.map((a) => a.agencyNumber)).toEqual([SUMMIT]);
    expect((await callApi(portal, 'Cobranded/GetCobrandedAgencies?AppName=AgentPortal', { token: agent })).status).toBe(403);
  });

  it('refuses what is not a PNG, JPEG or WebP, a logo over 256 KB, a taken tag, and co-branding without a logo — changing nothing', async () => {
    const gif = await save(internal, { AgencyNumber: SUMMIT, IsCobranded: true, LogoBase64: GIF.toString('base64') });
    expect([gif.status, gif.json!.message]).toEqual([400, COBRAND_MESSAGES.logoType]);
    const big = Buffer.concat([LOGO, Buffer.alloc(256 * 1024)]);
    const tooBig = await save(internal, { AgencyNumber: SUMMIT, IsCobranded: true, LogoBase64: big.toString('base64') });
    expect(tooBig.status).toBe(400);
    const taken = await save(internal, { AgencyNumber: SUMMIT, IsCobranded: true, ClientTag: 'HARBORPOINT', LogoBase64: WEBP.toString('base64') });
    expect([taken.status, taken.json!.message]).toEqual([409, COBRAND_MESSAGES.tagTaken]);
    const noLogo = await save(internal, { AgencyNumber: SUMMIT, IsCobranded: true, ClientTag: 'summit' });
    expect([noLogo.status, noLogo.json!.message]).toEqual([400, COBRAND_MESSAGES.logoNeeded]);
    expect((await callApi(portal, `Cobranded/GetIsCobranded?AppName=AgentPortal&AccountNumber=${SUMMIT}`)).json!.result).toMatchObject({ isCobranded: false });
    expect((await callApi(portal, 'Cobranded/GetCobrandedAccountNumberByClientTag?AppName=AgentPortal&ClientTag=summit')).json!.result).toBeNull();
    expect((await save(agent, { AgencyNumber: SUMMIT, IsCobranded: false })).status).toBe(403);
    expect((await save(internal, { AgencyNumber: '99999999', IsCobranded: false })).status).toBe(404);
  });

  it('a saved logo and tag work at once: the tag names the agency, the logo is served with its new ETag; the change is audited; removing the tag unlinks it', async () => {
    const saved = await save(internal, { AgencyNumber: SUMMIT, IsCobranded: true, ClientTag: 'Summit-Ridge', LogoBase64: WEBP.toString('base64') });
    expect(saved.status).toBe(200);
    expect(saved.json!.result).toMatchObject({ agencyNumber: SUMMIT, isCobranded: true, clientTag: 'Summit-Ridge', logo: { contentType: 'image/webp', bytes: WEBP.length, updatedBy: 'internal@demo.test' } });
    expect((await callApi(portal, 'Cobranded/GetCobrandedAccountNumberByClientTag?AppName=AgentPortal&ClientTag=summit-ridge')).json!.result).toEqual({ tagId: 'Summit-Ridge', details: { ACCT_NUM: SUMMIT } });
    const res = await logo(SUMMIT);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('etag')).toBe(`"${createHash('sha256').update(WEBP).digest('hex')}"`);
    const [audit] = await portal.db.query<{ action: string; after: { clientTag: string; logo: { bytes: number } } }>(
      `SELECT action, after FROM audit_log WHERE entity = 'agency' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [SUMMIT],
    );
    expect(audit).toMatchObject({ action: 'saveCobrand', after: { clientTag: 'Summit-Ridge', logo: { bytes: WEBP.length } } });

    // Not co-branded any more, no tag, logo removed: the tag names nobody and the logo is gone.
    const off = await save(internal, { AgencyNumber: SUMMIT, IsCobranded: false, ClientTag: '', RemoveLogo: true });
    expect(off.json!.result).toMatchObject({ isCobranded: false, clientTag: null, logo: null });
    expect((await callApi(portal, 'Cobranded/GetCobrandedAccountNumberByClientTag?AppName=AgentPortal&ClientTag=summit-ridge')).json!.result).toBeNull();
    expect((await logo(SUMMIT)).status).toBe(404);
  });

  it('from another origin the save is refused', async () => {
    const r = await callApi(portal, 'Cobranded/SaveCobrandedAgency', { token: internal, body: { AppName: 'AgentPortal', AgencyNumber: SUMMIT, IsCobranded: false }, headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
  });
});
