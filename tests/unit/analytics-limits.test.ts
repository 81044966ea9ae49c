/**
 * Analytics with consent, the server's rules (issue 18, docs/decisions/032): against the real server and PGlite,
 * the Global Privacy Control signal (Sec-GPC: 1) stores nothing; SetupAnalytics, LogPageView, ViewError/error and
 * experiments/run are limited per device and per user, in calls and in bytes per minute (429, nothing stored);
 * the migration's time-range indexes exist.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExperimentsRun, SaveExperiment, SetExperimentStatus, type Experiment } from '../../src/lib/api/experiments.ts';
import { callPath } from '../../src/lib/api/index.ts';
import { ViewError } from '../../src/lib/api/platform.ts';
import { LogPageView, SetupAnalytics } from '../../src/lib/api/tracking.ts';
import { EXPERIMENT_SITE_ENTRY_VALUE } from '../../src/lib/constants.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { TOO_MANY_ANALYTICS } from '../../src/server/routes/analytics-limit.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

const PER_MINUTE = 5;
const BYTES = 4096;
let portal: RunningPortal;
let agent: string;
let ce: string;
let admin: string;
let internal: string;
let other: string;
beforeAll(async () => {
  portal = await startTestPortal({ ANALYTICS_MAX_PER_MINUTE: String(PER_MINUTE), ANALYTICS_MAX_BYTES_PER_MINUTE: String(BYTES) });
  [agent, ce, admin, internal, other] = (await Promise.all(
    ['agent@demo.test', 'ce@demo.test', 'admin@demo.test', 'internal@demo.test', 'noaccount@demo.test'].map(async (e) => (await signInForTokens(portal, e)).access_token),
  )) as [string, string, string, string, string];
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

const count = async (table: string) => Number((await portal.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
const GPC = { 'sec-gpc': '1' };
const post = (token: string, path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  callApi(portal, path, { token, body: { AppName: 'AgentPortal', ...body }, headers });

describe('the Global Privacy Control signal', () => {
  it('SetupAnalytics, LogPageView and experiments/run answer success and store nothing', async () => {
    const before = [await count('analytics_sessions'), await count('page_views'), await count('experiment_exposures')];
    const device = `gpc-${randomUUID()}`;
    const setup = await post(agent, SetupAnalytics.path, { UserAgent: 'vitest', DeviceId: device }, GPC);
    expect(setup.status).toBe(200);
    expect(setup.json).toMatchObject({ isSuccess: true, result: { deviceId: device } });
    const view = await post(agent, LogPageView.path, { WebPage: '/dashboard/' }, GPC);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ isSuccess: true, result: null });

    // A running site-entry experiment: without GPC the device is exposed; with it, nothing is assigned or logged.
    const saved = await post(internal, SaveExperiment.path, {
      name: 'GPC test', key: `gpc-${Date.now()}`, triggerEvent: 'SiteEntry', variants: [{ name: 'a', weight: 50 }, { name: 'b', weight: 50 }], goalEvent: 'ClaimSubmitted',
    });
    expect(saved.status).toBe(200);
    const id = (saved.json!.result as Experiment).id;
    expect((await post(internal, SetExperimentStatus.path, { id, status: 'Running' })).status).toBe(200);
    const runBody = { applicationName: 'AgentPortal', deviceId: device, triggerEvent: 'SiteEntry', triggerValue: EXPERIMENT_SITE_ENTRY_VALUE };
    const run = await callApi(portal, callPath(ExperimentsRun), { body: runBody, headers: GPC });
    expect(run.status).toBe(200);
    expect(run.json).toMatchObject({ isSuccess: true, result: [] });
    expect([await count('analytics_sessions'), await count('page_views'), await count('experiment_exposures')]).toEqual(before);

    // The same run without the signal assigns and logs the exposure.
    const plain = await callApi(portal, callPath(ExperimentsRun), { body: runBody });
    expect((plain.json!.result as unknown[]).length).toBeGreaterThan(0);
    expect(await count('experiment_exposures')).toBe(before[2]! + (plain.json!.result as unknown[]).length);
    await post(internal, SetExperimentStatus.path, { id, status: 'Stopped' });
  });
});

describe('limits per user and per device', () => {
  it(`LogPageView: ${PER_MINUTE} calls a minute per user, then 429 with Retry-After and nothing stored; another user is not affected`, async () => {
    for (let i = 0; i < PER_MINUTE; i++) expect((await post(ce, LogPageView.path, { WebPage: `/dashboard/p${i}` })).status).toBe(200);
    const before = await count('page_views');
    const over = await post(ce, LogPageView.path, { WebPage: '/dashboard/over' });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ isSuccess: false, message: TOO_MANY_ANALYTICS, code: 'tooManyAnalytics' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count('page_views')).toBe(before);
    // ViewError shares the user's count.
    expect((await post(ce, ViewError.path, { error: 'boom' })).status).toBe(429);
    expect((await post(agent, LogPageView.path, { WebPage: '/dashboard/' })).status).toBe(200);
  });

  it(`size cap: ${BYTES} bytes of input a minute per user (four 1 KB errors pass, the fifth is refused)`, async () => {
    const before = await count('client_errors');
    const kb = 'x'.repeat(900);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(admin, ViewError.path, { error: kb })).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[4]).toBe(429);
    expect(await count('client_errors')).toBe(before + 4);
  });

  it('SetupAnalytics and experiments/run are counted per device across users', async () => {
    const device = `dev-${randomUUID()}`;
    const run = () => callApi(portal, callPath(ExperimentsRun), { body: { applicationName: 'AgentPortal', deviceId: device, triggerEvent: 'PageEntry', triggerValue: '/x' } });
    for (let i = 0; i < PER_MINUTE; i++) expect((await run()).status).toBe(200);
    expect((await run()).status).toBe(429);

    const shared = `shared-${randomUUID()}`;
    const tokens = [internal, other];
    const before = await count('analytics_sessions');
    const statuses = [];
    for (let i = 0; i < PER_MINUTE + 1; i++) statuses.push((await post(tokens[i % 2]!, SetupAnalytics.path, { UserAgent: 'vitest', DeviceId: shared })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(await count('analytics_sessions')).toBe(before + PER_MINUTE);
  });
});

describe('migration 023', () => {
  it('indexes page_views, analytics_sessions and client_errors by created_at', async () => {
    const rows = await portal.db.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE indexname IN ('page_views_created', 'analytics_sessions_created', 'client_errors_created', 'page_views_user_created')",
    );
    expect(rows.map((r) => r.indexname).sort()).toEqual(['analytics_sessions_created', 'client_errors_created', 'page_views_created', 'page_views_user_created']);
  });
});
