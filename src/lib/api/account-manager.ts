import { z } from 'zod/mini';
import { AgencyNumberSchema, body, defineCall, SIGNED_IN } from './contract.ts';

/** An account manager (spec section 3). */
export const AccountManagerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  emailAddress: z.string(),
});
export type AccountManager = z.infer<typeof AccountManagerSchema>;

/** The account manager of an agency the caller belongs to; null when none is assigned. */
export const GetAccountManagerDetails = defineCall({
  name: 'GetAccountManagerDetails',
  method: 'POST',
  path: 'AccountManager/GetAccountManagerDetails',
  request: body({ AccountNumber: AgencyNumberSchema }),
  result: z.nullable(AccountManagerSchema),
  access: SIGNED_IN,
  mutates: false,
});
