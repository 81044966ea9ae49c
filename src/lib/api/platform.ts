import { z } from 'zod';
import { body, defineCall, SIGNED_IN, text } from './contract.ts';

/** A route path the browser is on or going to. */
const RoutePath = text(300).regex(/^\/[^\s]*$|^$/, 'Must be a path starting with /');

/** Layout-setup call every authenticated page makes before it shows (the route guard). */
export const Setup = defineCall({
  name: 'setup',
  method: 'POST',
  path: 'setup',
  request: body({ FromRoute: RoutePath, ToRoute: RoutePath.min(1, 'ToRoute is required') }),
  result: z.object({
    /** The portal role of the caller. */
    userRole: z.enum(['internal admin', 'CE admin', 'User']),
    /** Where the browser must go instead of ToRoute, or null to stay. */
    redirectTo: z.string().nullable(),
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
    ClientTag: text(64).nullable().optional(),
    UserName: text(200).nullable().optional(),
    UserAgent: text(512),
    DeviceId: text(64).regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid device id'),
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
    WebPage: text(300).min(1, 'WebPage is required'),
    LogAppDetails: text(1000).nullable().optional(),
    Event: text(100).nullable().optional(),
    Category: text(100).nullable().optional(),
    Action: text(100).nullable().optional(),
    Label: text(300).nullable().optional(),
    Value: text(300).nullable().optional(),
    ReferralNumber: text(40).nullable().optional(),
    UserName: text(200).nullable().optional(),
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
  request: body({ error: text(4000).min(1, 'error is required') }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: true,
});
