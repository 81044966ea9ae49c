import { z } from 'zod/mini';
import { body, defineCall, maybe, requiredText, SIGNED_IN, text } from './contract.ts';

/** A route path the browser is on or going to. */
const PATH_CHECK = z.regex(/^\/[^\s]*$|^$/, 'Must be a path starting with /');

/** Layout-setup call every authenticated page makes before it shows (the route guard). */
export const Setup = defineCall({
  name: 'setup',
  method: 'POST',
  path: 'setup',
  request: body({ FromRoute: text(300, PATH_CHECK), ToRoute: requiredText('ToRoute', 300, PATH_CHECK) }),
  result: z.object({
    /** The portal role of the caller. */
    userRole: z.enum(['internal admin', 'CE admin', 'User']),
    /** Where the browser must go instead of ToRoute, or null to stay. */
    redirectTo: z.nullable(z.string()),
  }),
  access: SIGNED_IN,
  mutates: false,
});

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

/** The global UI error handler posts the error text here. */
export const ViewError = defineCall({
  name: 'ViewError',
  method: 'POST',
  path: 'ViewError/error',
  request: body({ error: requiredText('error', 4000) }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: true,
});
