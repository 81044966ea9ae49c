import { z } from 'zod/mini';
import { body, defineCall, requiredText, SIGNED_IN, text } from './contract.ts';

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
