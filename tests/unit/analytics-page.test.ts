/**
 * The analytics page's call (issue 18): GetAnalyticsSummary against the real server — page views per day, the
 * claim-flow funnel (distinct users per stage, the drop), time to file from start-claim to the filed claim,
 * searches, the range rules and the access (internal admins only). docs/decisions/034-analytics-page.md.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, rangeOf } from '../../src/lib/analytics.ts';
import { AnalyticsSummarySchema, GetAnalyticsSummary, type AnalyticsSummary } from '../../src/lib/api/analytics.ts';
import { callPath, getUrl } from '../../src/lib/api/index.ts';
import { LogPageView } from '../../src/lib/api/tracking.ts';
import { CreateReferral } from '../../src/lib/api/quick-submit.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { demoCar, referralRequest } from './helpers/claims.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

describe('the range rules (src/lib/analytics.ts)', () => {
  it('defaults to the 30 days ending today; From or To alone spans 30 days', () => {
    expect(rangeOf({}, '2026-03-31')).toEqual({ From: '2026-03-02', To: '2026-03-31' });
    expect(rangeOf({ From: '2026-01-01' }, '2026-03-31')).toEqual({ From: '2026-01-01', To: '2026-01-30' });
    expect(rangeOf({ To: '2026-01-30' }, '2026-03-31')).toEqual({ From: '2026-01-01', To: '2026-01-30' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
  });
});

describe("the reply's chat figures (the chat server's chatFigures; null only in a reply without them)", () => {
  it('accepts them all null (the placeholder) or all given; refuses a count that is not a whole number', () => {
    const summary = { From: '2026-03-01', To: '2026-03-02', PageViewsPerDay: [], Funnel: [], TimeToFile: { Claims: 0, Measured: 0, MedianMinutes: null, P90Minutes: null }, Searches: { Searches: 0, NoResults: 0 } };
    const none = { chatsPerDay: null, answered: null, missed: null, medianWaitSeconds: null, p90WaitSeconds: null };
    const some = { chatsPerDay: [{ day: '2026-03-01', chats: 3 }, { day: '2026-03-02', chats: 0 }], answered: 2, missed: 1, medianWaitSeconds: 41.5, p90WaitSeconds: 120 };
    expect(AnalyticsSummarySchema.safeParse({ ...summary, Chat: none }).success).toBe(true);
    expect(AnalyticsSummarySchema.safeParse({ ...summary, Chat: some }).success).toBe(true);
    expect(AnalyticsSummarySchema.safeParse({ ...summary, Chat: { ...some, answered: 1.5 } }).success).toBe(false);
  });
});

describe('GetAnalyticsSummary against the real server', () => {
  let portal: RunningPortal;
  const tokens: Record<'internal' | 'agent' | 'admin', string> = { internal: '', agent: '', admin: '' };
  const today = new Date().toISOString().slice(0, 10);
  beforeAll(async () => {
    portal = await startTestPortal();
    tokens.internal = (await signInForTokens(portal, 'internal@demo.test')).access_token;
    tokens.agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
    tokens.admin = (await signInForTokens(portal, 'admin@demo.test')).access_token;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const view = async (token: string, WebPage: string, extra: Record<string, string> = {}) => {
    const res = await callApi(portal, LogPageView.path, { token, body: { AppName: 'AgentPortal', WebPage, Event: 'PageView', ...extra } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  const summary = async (input: Record<string, string> = {}, token = tokens.internal) => callApi(portal, getUrl(GetAnalyticsSummary, input), { token });

  it('internal admins only: 401 signed out, 403 for agents and agency admins', async () => {
    expect((await summary({}, '')).status).toBe(401);
    expect((await summary({}, tokens.agent)).status).toBe(403);
    expect((await summary({}, tokens.admin)).status).toBe(403);
    expect((await summary()).status).toBe(200);
  });

  it('refuses a range over 366 days or ending before it starts', async () => {
    const long = await summary({ From: '2025-01-01', To: '2026-01-02' });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain('The date range can be at most 366 days.');
    expect((await summary({ From: '2026-02-01', To: '2026-01-01' })).status).toBe(400);
    expect((await summary({ From: '2025-01-01', To: '2026-01-01' })).status).toBe(200);
  });

  it('counts page views per day and distinct users per funnel stage, with the drop', async () => {
    const before = (await summary()).json!.result as AnalyticsSummary;
    // The agent walks the whole flow (start-claim twice, a trailing slash and a query); the agency admin stops at the quote.
    for (const page of ['/dashboard/start-claim', '/dashboard/start-claim/', '/dashboard/policy-holder-quote?x=1', '/dashboard/appointment-option-details',
      '/dashboard/submit_claimdetails', '/dashboard/submit-claim-review-details', '/dashboard/success_submit-claim']) await view(tokens.agent, page);
    for (const page of ['/dashboard/start-claim', '/dashboard/policy-holder-quote']) await view(tokens.admin, page);
    // An event is no page view (but a search).
    await view(tokens.agent, '/dashboard/start-claim', { Event: 'Event', Category: 'Claim', Action: 'VIN search', Label: 'not found' });
    await view(tokens.agent, '/dashboard/start-claim', { Event: 'Event', Category: 'Claim', Action: 'VIN search', Label: 'found' });

    const s = (await summary()).json!.result as AnalyticsSummary;
    expect(s.To).toBe(today);
    expect(s.PageViewsPerDay).toHaveLength(30);
    const day = (x: AnalyticsSummary) => x.PageViewsPerDay.find((d) => d.Day === today)!;
    expect(day(s).Views - day(before).Views).toBe(9);
    const users = (x: AnalyticsSummary, stage: string) => x.Funnel.find((f) => f.Stage === stage)!.Users;
    const gained = (stage: string) => users(s, stage) - users(before, stage);
    expect(s.Funnel.map((f) => f.Stage)).toEqual(['start-claim', 'policy-holder-quote', 'appointment-option-details', 'submit_claimdetails', 'submit-claim-review-details', 'success_submit-claim']);
    expect(gained('start-claim')).toBe(2);
    expect(gained('policy-holder-quote')).toBe(2);
    expect(gained('appointment-option-details')).toBe(1);
    expect(gained('success_submit-claim')).toBe(1);
    const appointment = s.Funnel[2]!;
    expect(appointment.Drop).toBeCloseTo((users(s, 'policy-holder-quote') - appointment.Users) / users(s, 'policy-holder-quote'), 3);
    expect(s.Funnel[0]!.Drop).toBeNull();
    expect(s.Searches.Searches - before.Searches.Searches).toBe(2);
    expect(s.Searches.NoResults - before.Searches.NoResults).toBe(1);
    // No chat yet in this portal: every day listed with 0 chats, no waits.
    expect(s.Chat.chatsPerDay).toHaveLength(30);
    expect(s.Chat.chatsPerDay!.every((d) => d.chats === 0)).toBe(true);
    expect(s.Chat).toMatchObject({ answered: 0, missed: 0, medianWaitSeconds: null, p90WaitSeconds: null });
    // A range without today has none of these.
    const old = (await summary({ From: '2020-01-01', To: '2020-01-03' })).json!.result as AnalyticsSummary;
    expect(old.PageViewsPerDay).toEqual([{ Day: '2020-01-01', Views: 0, Users: 0 }, { Day: '2020-01-02', Views: 0, Users: 0 }, { Day: '2020-01-03', Views: 0, Users: 0 }]);
    expect(old.Funnel.every((f) => f.Users === 0)).toBe(true);
  });

  it('chat volume and wait times: chats per day, answered and missed, median and p90 wait (the chat server\'s figures)', async () => {
    const ids = await portal.db.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE email IN ('agent@demo.test', 'admin@demo.test', 'multi@demo.test', 'internal@demo.test')");
    const id = (email: string) => ids.find((u) => u.email === email)!.id;
    // Answered after 30 s and after 90 s; one closed while still waiting (missed). All started today.
    await portal.db.query(
      `INSERT INTO chats (agent_user_id, page, status, staff_user_id, created_at, accepted_at, closed_at, closed_by) VALUES
         ($1, '/dashboard', 'Closed', $4, now() - interval '10 minutes', now() - interval '10 minutes' + interval '30 seconds', now() - interval '5 minutes', 'staff'),
         ($2, '/dashboard', 'Closed', $4, now() - interval '9 minutes', now() - interval '9 minutes' + interval '90 seconds', now() - interval '4 minutes', 'agent'),
         ($3, '/dashboard', 'Closed', NULL, now() - interval '8 minutes', NULL, now() - interval '7 minutes', 'agent')`,
      [id('agent@demo.test'), id('admin@demo.test'), id('multi@demo.test'), id('internal@demo.test')],
    );
    const s = (await summary()).json!.result as AnalyticsSummary;
    expect(s.Chat.chatsPerDay!.find((d) => d.day === today)!.chats).toBe(3);
    expect(s.Chat.answered).toBe(2);
    expect(s.Chat.missed).toBe(1);
    expect(s.Chat.medianWaitSeconds).toBe(60);
    expect(s.Chat.p90WaitSeconds).toBe(84);
    const old = (await summary({ From: '2020-01-01', To: '2020-01-02' })).json!.result as AnalyticsSummary;
    expect(old.Chat).toEqual({ chatsPerDay: [{ day: '2020-01-01', chats: 0 }, { day: '2020-01-02', chats: 0 }], answered: 0, missed: 0, medianWaitSeconds: null, p90WaitSeconds: null });
  });

  it('time to file: minutes from the latest start-claim view to the filed claim', async () => {
    const userId = (await portal.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@demo.test'"))[0]!.id;
    // A start-claim view 10 minutes ago, then a claim filed now.
    await portal.db.query("INSERT INTO page_views (user_id, web_page, event, created_at) VALUES ($1, '/dashboard/start-claim', 'PageView', now() - interval '10 minutes')", [userId]);
    await portal.db.query("DELETE FROM page_views WHERE user_id = $1 AND web_page LIKE '/dashboard/start-claim%' AND created_at > now() - interval '9 minutes'", [userId]);
    const res = await callApi(portal, callPath(CreateReferral), { token: tokens.agent, body: referralRequest('10045821', await demoCar(portal)), headers: { 'Idempotency-Key': randomUUID() } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const s = (await summary()).json!.result as AnalyticsSummary;
    expect(s.TimeToFile.Claims).toBeGreaterThanOrEqual(1);
    expect(s.TimeToFile.Measured).toBe(1);
    expect(s.TimeToFile.MedianMinutes).toBeGreaterThanOrEqual(10);
    expect(s.TimeToFile.MedianMinutes).toBeLessThan(12);
    expect(s.TimeToFile.P90Minutes).toBe(s.TimeToFile.MedianMinutes);
  });
});
