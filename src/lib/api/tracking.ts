/**
 * The analytics calls (issue 18, docs/decisions/032): sent only by the tracker (src/stores/tracking.ts), which the
 * route guard loads after the page, with consent. Apart from ./platform.ts, whose setup call every signed-in page
 * makes at once, so that these schemas are no part of any page's first visit.
 */
import { z } from 'zod/mini';
import { body, defineCall, maybe, requiredText, SIGNED_IN, text } from './contract.ts';

/** Starts an analytics session for a device. */
export const SetupAnalytics = defineCall({
  name: 'SetupAnalytics',
  method: 'POST',
  path: 'setup/SetupAnalytics',
  request: body({
    ClientTag: maybe(text(64)),
    UserName: maybe(text(200)),
    UserAgent: text(512),
    DeviceId: text(64, z.regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid device id')),
  }),
  result: z.object({ deviceId: z.string() }),
  access: SIGNED_IN,
  mutates: true,
});

/** Records a page view or event. */
export const LogPageView = defineCall({
  name: 'LogPageView',
  method: 'POST',
  path: 'Analytics/LogPageView',
  request: body({
    WebPage: requiredText('WebPage', 300),
    LogAppDetails: maybe(text(1000)),
    Event: maybe(text(100)),
    Category: maybe(text(100)),
    Action: maybe(text(100)),
    Label: maybe(text(300)),
    Value: maybe(text(300)),
    ReferralNumber: maybe(text(40)),
    UserName: maybe(text(200)),
  }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: true,
});
