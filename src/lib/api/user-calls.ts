/**
 * The user calls no page makes on its first visit (the agency-change notification, the sign-in record): apart from
 * ./user.ts, whose calls the route guard of every signed-in page makes, so that their schemas load only with the one
 * island that uses each (docs/decisions/005).
 */
import { z } from 'zod/mini';
import { AgencyNumberSchema, body, defineCall, SIGNED_IN } from './contract.ts';

/** Clears the agency-change notification of one of the caller's agencies. */
export const ClearAgencyNotificationFlag = defineCall({
  name: 'ClearAgencyNotificationFlag',
  method: 'POST',
  path: 'User/ClearAgencyNotificationFlag',
  request: body({ AgencyNumber: AgencyNumberSchema }),
  result: z.null(),
  access: SIGNED_IN,
  mutates: true,
});

/** Records that the caller signed in. */
export const NotifyUserLoggedIn = defineCall({
  name: 'NotifyUserLoggedIn',
  method: 'POST',
  path: 'User/NotifyUserLoggedIn/',
  request: body({}),
  result: z.object({ lastLoginAt: z.string() }),
  access: SIGNED_IN,
  mutates: true,
});
