/**
 * Section 4's events (issue 18): each builder's Category / Action / Label / Value, the LogPageView fields the tracker
 * makes of them, and — through the real server — that they land in page_views as the analytics page reads them: a
 * content search with no results counts as one, with results it does not, and the other events are no searches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAnalyticsSummary, type AnalyticsSummary } from '../../src/lib/api/analytics.ts';
import { getUrl } from '../../src/lib/api/index.ts';
import { LogPageView } from '../../src/lib/api/tracking.ts';
import { agencyAddEvent, modalEvent, progressEvent, vinSearchEvent, type TrackEvent } from '../../src/lib/track-event.ts';
import { bannerEvent, continueEvent, logFields, searchEvent } from '../../src/lib/track-event-page.ts';
import type { RunningPortal } from '../../src/server/server.ts';
import { callApi, signInForTokens, startTestPortal } from './helpers/portal.ts';

describe('the events of section 4', () => {
  it('each builder names its Category, Action, Label and Value', () => {
    const cases: [TrackEvent, TrackEvent][] = [
      [modalEvent('Open', 'Remove this user?'), { category: 'Modal', action: 'Open', label: 'Remove this user?', value: undefined }],
      [modalEvent('Close', 'Remove this user?', 'confirm'), { category: 'Modal', action: 'Close', label: 'Remove this user?', value: 'confirm' }],
      [progressEvent(3, 11), { category: 'Progress bar', action: 'Step shown', label: 'stage 3 of 11', value: 3 }],
      [agencyAddEvent('Start', 'agencyNumber'), { category: 'Agency add', action: 'Start', label: 'agencyNumber' }],
      [agencyAddEvent('Failed', 'agency-not-found'), { category: 'Agency add', action: 'Failed', label: 'agency-not-found' }],
      [searchEvent('windshield', 0), { category: 'Search', action: 'Content search', label: 'windshield', value: 0 }],
      [vinSearchEvent(false), { category: 'Claim', action: 'VIN search', label: 'not found' }],
      [vinSearchEvent(true), { category: 'Claim', action: 'VIN search', label: 'found' }],
      [continueEvent('2'), { category: 'Claim', action: 'Continue', label: 'step 2' }],
      [bannerEvent('Show', 7), { category: 'Banner', action: 'Show', label: '7' }],
    ];
    for (const [built, expected] of cases) expect(built).toEqual(expected);
  });

  it('the tracker sends them as LogPageView fields: bounded text, a Value of 0 kept, empty parts left out', () => {
    expect(logFields(searchEvent('windshield', 0))).toEqual({ Category: 'Search', Action: 'Content search', Label: 'windshield', Value: '0' });
    expect(logFields(modalEvent('Open'))).toEqual({ Category: 'Modal', Action: 'Open' });
    expect(logFields({ category: 'C'.repeat(150), action: 'A', label: 'L'.repeat(400), value: '' })).toEqual({ Category: 'C'.repeat(100), Action: 'A', Label: 'L'.repeat(300) });
  });
});

describe('the events through the real server, as the analytics page counts them', () => {
  let portal: RunningPortal;
  let agent = '';
  let internal = '';
  beforeAll(async () => {
    portal = await startTestPortal();
    agent = (await signInForTokens(portal, 'agent@demo.test')).access_token;
    internal = (await signInForTokens(portal, 'internal@demo.test')).access_token;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const searches = async () => ((await callApi(portal, getUrl(GetAnalyticsSummary, {}), { token: internal })).json!.result as AnalyticsSummary).Searches;
  const send = async (e: TrackEvent, WebPage = '/search') => {
    const res = await callApi(portal, LogPageView.path, { token: agent, body: { AppName: 'AgentPortal', WebPage, Event: 'Event', ...logFields(e) } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };

  it('a content search with no results is one; with results it is a search only; the other events are no searches', async () => {
    const before = await searches();
    await send(searchEvent('no such thing', 0));
    await send(searchEvent('windshield', 4));
    for (const e of [modalEvent('Open', 'Stop?'), modalEvent('Close', 'Stop?', 'cancel'), progressEvent(2, 11), agencyAddEvent('Done', 'select-agency'), bannerEvent('Close', 1), continueEvent('1')]) {
      await send(e, '/dashboard/start-claim');
    }
    expect(await searches()).toEqual({ Searches: before.Searches + 2, NoResults: before.NoResults + 1 });
    // The claim flow's VIN search counts too, 'not found' as no results (decision 034).
    await send(vinSearchEvent(false), '/dashboard/start-claim');
    expect(await searches()).toEqual({ Searches: before.Searches + 3, NoResults: before.NoResults + 2 });
  });
});
