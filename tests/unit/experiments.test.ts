/**
 * Experiments (issue 18): the rules, the deterministic assignment and its split, the Wilson interval against
 * known values, and the calls against the real server (run, exposures once, trigger matching, status
 * transitions, conversions once through LogPageView and CreateReferral, the admins' access, the audit rows).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, getUrl } from '../../src/lib/api/index.ts';
import { ExperimentsRun, GetExperiments, SaveExperiment, SetExperimentStatus, type Assignment, type Experiment } from '../../src/lib/api/experiments.ts';
import { LogPageView, SetupAnalytics } from '../../src/lib/api/tracking.ts';
import { CreateReferral } from '../../src/lib/api/quick-submit.ts';
import { EXPERIMENT_SITE_ENTRY_VALUE } from '../../src/lib/constants.ts';
import { canMove, EXPERIMENT_MESSAGES, experimentProblems, variantAt, wilsonInterval } from '../../src/lib/experiments.ts';
import { messageCode } from '../../src/lib/i18n/message-codes.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { assignVariant, hashPoint, recordConversion } from '../../src/server/services/experiments.ts';
import { demoCar, referralRequest } from './helpers/claims.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

const DRAFT = {
  name: 'Hero copy',
  key: 'hero-copy',
  triggerEvent: 'PageEntry' as const,
  triggerValue: '/dashboard',
  variants: [{ name: 'control', weight: 50 }, { name: 'bold', weight: 50 }],
  goalEvent: 'ClaimSubmitted',
};

describe('the rules of an experiment (src/lib/experiments.ts)', () => {
  const problems = (over: Record<string, unknown>) => experimentProblems({ ...DRAFT, ...over }).map((p) => `${p.field}: ${p.message}`);
  it('a complete experiment has none', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ triggerEvent: 'SiteEntry', triggerValue: null, variants: [{ name: 'a', weight: 20 }, { name: 'b', weight: 30 }, { name: 'c', weight: 50 }] })).toEqual([]);
  });
  it('2 to 5 variants, named once each, whole weights summing to 100', () => {
    expect(problems({ variants: [{ name: 'a', weight: 100 }] })).toEqual([`variants: ${EXPERIMENT_MESSAGES.variantCount}`]);
    expect(problems({ variants: Array.from({ length: 6 }, (_, i) => ({ name: `v${i}`, weight: i ? 20 : 0 })) })).toEqual([`variants: ${EXPERIMENT_MESSAGES.variantCount}`]);
    expect(problems({ variants: [{ name: 'a', weight: 60 }, { name: 'b', weight: 50 }] })).toEqual([`variants: ${EXPERIMENT_MESSAGES.weightsSum}`]);
    expect(problems({ variants: [{ name: 'a', weight: 0 }, { name: 'b', weight: 100 }] })).toEqual([`variants.0.weight: ${EXPERIMENT_MESSAGES.variantWeight}`, `variants.1.weight: ${EXPERIMENT_MESSAGES.variantWeight}`]);
    expect(problems({ variants: [{ name: 'a', weight: 50.5 }, { name: 'b', weight: 49.5 }] })).toContain(`variants.0.weight: ${EXPERIMENT_MESSAGES.variantWeight}`);
    expect(problems({ variants: [{ name: 'A', weight: 50 }, { name: 'a', weight: 50 }] })).toEqual([`variants.1.name: ${EXPERIMENT_MESSAGES.variantNameTwice}`]);
    expect(problems({ variants: [{ name: ' ', weight: 50 }, { name: 'a', weight: 50 }] })).toEqual([`variants.0.name: ${EXPERIMENT_MESSAGES.variantNameRequired}`]);
  });
  it('name, key, page path and goal', () => {
    expect(problems({ name: ' ', key: 'Hero Copy', triggerValue: 'dashboard', goalEvent: '' })).toEqual([
      `name: ${EXPERIMENT_MESSAGES.nameRequired}`,
      `key: ${EXPERIMENT_MESSAGES.keyRule}`,
      `triggerValue: ${EXPERIMENT_MESSAGES.pageEntryValue}`,
      `goalEvent: ${EXPERIMENT_MESSAGES.goalRequired}`,
    ]);
  });
  it('Draft → Running → Stopped; a stopped one never restarts', () => {
    expect(canMove('Draft', 'Running')).toBe(true);
    expect(canMove('Draft', 'Stopped')).toBe(true);
    expect(canMove('Running', 'Stopped')).toBe(true);
    expect(canMove('Running', 'Running')).toBe(false);
    expect(canMove('Stopped', 'Running')).toBe(false);
    expect(canMove('Stopped', 'Stopped')).toBe(false);
  });
  it('every message has a code, and so a Spanish text', () => {
    for (const m of Object.values(EXPERIMENT_MESSAGES)) expect(messageCode(m), m).toBeDefined();
  });
});

describe('assignment: a hash of key and device onto the weights', () => {
  it('lays the weights end to end', () => {
    const v = [{ name: 'a', weight: 20 }, { name: 'b', weight: 30 }, { name: 'c', weight: 50 }];
    expect(variantAt(0, v).name).toBe('a');
    expect(variantAt(0.1999, v).name).toBe('a');
    expect(variantAt(0.2, v).name).toBe('b');
    expect(variantAt(0.4999, v).name).toBe('b');
    expect(variantAt(0.5, v).name).toBe('c');
    expect(variantAt(0.9999999, v).name).toBe('c');
  });
  it('the same device gets the same variant; another key shuffles devices independently', () => {
    const v = [{ name: 'a', weight: 50 }, { name: 'b', weight: 50 }];
    for (let i = 0; i < 50; i++) expect(assignVariant('k', `device-${i}`, v)).toBe(assignVariant('k', `device-${i}`, v));
    expect(hashPoint('k', 'device-1')).toBeGreaterThanOrEqual(0);
    expect(hashPoint('k', 'device-1')).toBeLessThan(1);
    const same = Array.from({ length: 1000 }, (_, i) => assignVariant('one', `d-${i}`, v) === assignVariant('two', `d-${i}`, v)).filter(Boolean).length;
    expect(same).toBeGreaterThan(400);
    expect(same).toBeLessThan(600);
  });
  it('10,000 devices split within 1.5 points of the weights', () => {
    const v = [{ name: 'a', weight: 10 }, { name: 'b', weight: 30 }, { name: 'c', weight: 60 }];
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) counts[assignVariant('split-test', randomUUID(), v)]!++;
    for (const { name, weight } of v) expect(Math.abs(counts[name]! / 100 - weight), `${name}: ${counts[name]}`).toBeLessThan(1.5);
  });
});

describe('the 95 % Wilson interval', () => {
  const round = (ci: { low: number; high: number } | null) => ci && { low: Number(ci.low.toFixed(4)), high: Number(ci.high.toFixed(4)) };
  it('matches known values', () => {
    // Reference values (e.g. statsmodels proportion_confint(method='wilson')).
    expect(round(wilsonInterval(10, 100))).toEqual({ low: 0.0552, high: 0.1744 });
    expect(round(wilsonInterval(50, 100))).toEqual({ low: 0.4038, high: 0.5962 });
    expect(round(wilsonInterval(0, 10))).toEqual({ low: 0, high: 0.2775 });
    expect(round(wilsonInterval(10, 10))).toEqual({ low: 0.7225, high: 1 });
    expect(round(wilsonInterval(1, 1))).toEqual({ low: 0.2065, high: 1 });
  });
  it('is null without trials', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('the experiments calls against the real server', () => {
  let portal: RunningPortal;
  let admin: string;
  let agent: string;
  let agentId: string;
  beforeAll(async () => {
    portal = await startTestPortal();
    admin = (await signInForTokens(portal, 'internal@demo.test')).access_token;
    agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
    agentId = (await portal.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@demo.test'"))[0]!.id;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const save = (over: Record<string, unknown> = {}, token = admin) => callApi(portal, SaveExperiment.path, { token, body: { AppName: 'AgentPortal', ...DRAFT, ...over } });
  const setStatus = (id: number, status: string, token = admin) => callApi(portal, SetExperimentStatus.path, { token, body: { AppName: 'AgentPortal', id, status } });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await save(over);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json!.result as Experiment;
  };
  const run = async (deviceId: string, triggerEvent: string, triggerValue: string, extra: Record<string, unknown> = {}) => {
    const res = await callApi(portal, callPath(ExperimentsRun), { body: { applicationName: 'AgentPortal', deviceId, triggerEvent, triggerValue, ...extra } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json!.result as Assignment[]).map((a) => ({ key: a.key, variant: a.variant }));
  };
  const list = async () => (await callApi(portal, getUrl(GetExperiments, {}), { token: admin })).json!.result as Experiment[];
  const byKey = async (key: string) => (await list()).find((e) => e.key === key)!;

  it('is served under /experiments/api/v1/experiments/run, without sign-in', async () => {
    expect(callPath(ExperimentsRun)).toBe('/experiments/api/v1/experiments/run');
    expect(await run('device-none-0001', 'SiteEntry', EXPERIMENT_SITE_ENTRY_VALUE)).toEqual([]);
    const bad = await callApi(portal, callPath(ExperimentsRun), { body: { applicationName: 'AgentPortal', deviceId: 'short', triggerEvent: 'Other', triggerValue: '/' } });
    expect(bad.status).toBe(400);
    expect(bad.json!.message).toMatch(/deviceId: Invalid device id/);
  });

  it('only running experiments assign; a draft and a stopped one do not', async () => {
    const e = await create({ key: 'status-check', triggerValue: '/status-check' });
    expect(e.status).toBe('Draft');
    expect(await run('device-status-01', 'PageEntry', '/status-check')).toEqual([]);
    expect((await setStatus(e.id, 'Running')).json!.result).toMatchObject({ status: 'Running' });
    expect(await run('device-status-01', 'PageEntry', '/status-check')).toEqual([{ key: 'status-check', variant: assignVariant('status-check', 'device-status-01', DRAFT.variants) }]);
    expect((await setStatus(e.id, 'Stopped')).json!.result).toMatchObject({ status: 'Stopped' });
    expect(await run('device-status-01', 'PageEntry', '/status-check')).toEqual([]);
  });

  it('status changes: refusals, edits only while draft, the audit log', async () => {
    const e = await create({ key: 'moves' });
    const edited = await save({ id: e.id, key: 'moves', name: 'Moves, renamed', variants: [{ name: 'x', weight: 70 }, { name: 'y', weight: 30 }] });
    expect(edited.status).toBe(200);
    expect(edited.json!.result).toMatchObject({ name: 'Moves, renamed', variants: [{ name: 'x', weight: 70 }, { name: 'y', weight: 30 }] });
    await setStatus(e.id, 'Running');
    const running = await setStatus(e.id, 'Running');
    expect(running.status).toBe(409);
    expect(running.json).toMatchObject({ message: EXPERIMENT_MESSAGES.badTransition, code: 'experimentBadTransition' });
    const edit = await save({ id: e.id, key: 'moves' });
    expect(edit.status).toBe(409);
    expect(edit.json!.message).toBe(EXPERIMENT_MESSAGES.onlyDraftEdited);
    await setStatus(e.id, 'Stopped');
    expect((await setStatus(e.id, 'Running')).status).toBe(409);
    expect((await setStatus(999999, 'Running')).status).toBe(404);
    expect((await save({ id: 999999, key: 'nobody-here' })).status).toBe(404);
    const audit = await portal.db.query<{ action: string; actor_email: string }>("SELECT action, actor_email FROM audit_log WHERE entity = 'experiment' AND entity_id = $1 ORDER BY id", [String(e.id)]);
    expect(audit.map((a) => a.action)).toEqual(['createExperiment', 'editExperiment', 'startExperiment', 'stopExperiment']);
    expect(audit.every((a) => a.actor_email === 'internal@demo.test')).toBe(true);
  });

  it('a key is one experiment’s; the rules answer every message at once', async () => {
    await create({ key: 'unique-key' });
    const dup = await save({ key: 'unique-key' });
    expect(dup.status).toBe(409);
    expect(dup.json!.message).toBe(EXPERIMENT_MESSAGES.keyTaken);
    const bad = await save({ key: 'Bad Key', variants: [{ name: 'a', weight: 70 }, { name: 'b', weight: 20 }] });
    expect(bad.status).toBe(400);
    expect((bad.json!.errors as { path: string; code: string }[]).map((e) => `${e.path} ${e.code}`)).toEqual(['key experimentKeyRule', 'variants experimentWeightsSum']);
  });

  it('trigger matching: SiteEntry against the fixed value, PageEntry against the path; ordered; experimentOrder filters', async () => {
    const site = await create({ key: 'site-banner', triggerEvent: 'SiteEntry', triggerValue: null, experimentOrder: 2 });
    expect(site.triggerValue).toBe(EXPERIMENT_SITE_ENTRY_VALUE);
    const site1 = await create({ key: 'site-first', triggerEvent: 'SiteEntry', experimentOrder: 1 });
    const page = await create({ key: 'page-claims', triggerValue: '/dashboard/file-claim' });
    for (const e of [site, site1, page]) await setStatus(e.id, 'Running');
    const d = 'device-trigger-01';
    expect((await run(d, 'SiteEntry', EXPERIMENT_SITE_ENTRY_VALUE)).map((a) => a.key)).toEqual(['site-first', 'site-banner']);
    expect((await run(d, 'SiteEntry', EXPERIMENT_SITE_ENTRY_VALUE, { experimentOrder: 2 })).map((a) => a.key)).toEqual(['site-banner']);
    expect(await run(d, 'SiteEntry', '/dashboard/file-claim')).toEqual([]);
    expect((await run(d, 'PageEntry', '/dashboard/file-claim')).map((a) => a.key)).toEqual(['page-claims']);
    expect(await run(d, 'PageEntry', EXPERIMENT_SITE_ENTRY_VALUE)).toEqual([]);
    expect(await run(d, 'PageEntry', '/dashboard')).toEqual([]);
  });

  it('the same device gets the same variant on every call; exposures are counted once per device; the split follows the weights', async () => {
    const e = await create({ key: 'sticky', triggerValue: '/sticky', variants: [{ name: 'a', weight: 25 }, { name: 'b', weight: 75 }] });
    await setStatus(e.id, 'Running');
    const first = await run('device-sticky-01', 'PageEntry', '/sticky');
    for (let i = 0; i < 5; i++) expect(await run('device-sticky-01', 'PageEntry', '/sticky')).toEqual(first);
    const devices = Array.from({ length: 400 }, (_, i) => `device-split-${String(i).padStart(4, '0')}`);
    for (const d of devices) await run(d, 'PageEntry', '/sticky');
    for (const d of devices.slice(0, 50)) await run(d, 'PageEntry', '/sticky');
    const got = await byKey('sticky');
    expect(got.variants.reduce((n, v) => n + v.exposures, 0)).toBe(401);
    const expectedA = [...devices, 'device-sticky-01'].filter((d) => assignVariant('sticky', d, [{ name: 'a', weight: 25 }, { name: 'b', weight: 75 }]) === 'a').length;
    expect(got.variants[0]).toMatchObject({ name: 'a', exposures: expectedA, conversions: 0, conversionRate: 0, low: 0 });
    expect(expectedA / 401).toBeGreaterThan(0.17);
    expect(expectedA / 401).toBeLessThan(0.33);
  });

  it('conversions: once per exposure, only for the goal, only while running; through LogPageView and CreateReferral', async () => {
    const viewed = await create({ key: 'goal-view', triggerValue: '/goal', goalEvent: 'QuoteViewed' });
    const filed = await create({ key: 'goal-claim', triggerValue: '/goal', goalEvent: 'ClaimSubmitted' });
    for (const e of [viewed, filed]) await setStatus(e.id, 'Running');
    const device = `agent-${randomUUID()}`;
    await run(device, 'PageEntry', '/goal');
    await run('device-not-agent-1', 'PageEntry', '/goal');
    // The direct function: another goal marks nothing; the goal marks once.
    expect(await recordConversion(portal.db, device, 'Nothing')).toBe(0);
    // The agent's analytics session links the device to the user.
    expect((await callApi(portal, SetupAnalytics.path, { token: agent, body: { AppName: 'AgentPortal', UserAgent: 'vitest', DeviceId: device } })).status).toBe(200);
    const [session] = await portal.db.query<{ user_id: string }>('SELECT user_id FROM analytics_sessions WHERE device_id = $1', [device]);
    expect(session!.user_id).toBe(agentId);
    const log = (Event: string | null, Action: string | null) =>
      callApi(portal, LogPageView.path, { token: agent, body: { AppName: 'AgentPortal', WebPage: '/dashboard', Event, Action } });
    expect((await log('QuoteViewed', null)).status).toBe(200);
    expect((await log(null, 'QuoteViewed')).status).toBe(200);
    let v = await byKey('goal-view');
    expect(v.variants.reduce((n, x) => n + x.conversions, 0)).toBe(1);
    expect(v.variants.reduce((n, x) => n + x.exposures, 0)).toBe(2);
    const c = await byKey('goal-claim');
    expect(c.variants.reduce((n, x) => n + x.conversions, 0)).toBe(0);
    // A filed claim converts the ClaimSubmitted experiment, once however many claims follow.
    const car = await demoCar(portal);
    for (let i = 0; i < 2; i++) {
      const res = await callApi(portal, callPath(CreateReferral), { token: agent, body: referralRequest('10045821', car), headers: { 'Idempotency-Key': randomUUID() } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    const after = await byKey('goal-claim');
    const converted = after.variants.find((x) => x.conversions === 1)!;
    expect(after.variants.reduce((n, x) => n + x.conversions, 0)).toBe(1);
    expect(converted.name).toBe(assignVariant('goal-claim', device, DRAFT.variants));
    // A stopped experiment counts no more conversions.
    await setStatus(viewed.id, 'Stopped');
    expect(await recordConversion(portal.db, 'device-not-agent-1', 'QuoteViewed')).toBe(0);
    v = await byKey('goal-view');
    expect(v.variants.reduce((n, x) => n + x.conversions, 0)).toBe(1);
  });

  it('the admin calls are internal admins’ only: 401 anonymous, 403 for an agent', async () => {
    expect((await callApi(portal, getUrl(GetExperiments, {}))).status).toBe(401);
    expect((await callApi(portal, getUrl(GetExperiments, {}), { token: agent })).status).toBe(403);
    expect((await save({ key: 'agent-try' }, agent)).status).toBe(403);
    expect((await setStatus(1, 'Running', agent)).status).toBe(403);
    expect((await portal.db.query("SELECT 1 FROM experiments WHERE key = 'agent-try'")).length).toBe(0);
  });
});
