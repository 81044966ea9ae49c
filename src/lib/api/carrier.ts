import { z } from 'zod/mini';
import { AgencyNumberSchema, defineCall, query } from './contract.ts';
import { CLAIM_ROLES } from '../roles.ts';

/** Spec section 8: carrier edits on a co-branded account block filing. */
export const COBRANDED_CARRIER_BLOCK = 'Due to edits in your carriers, you’re unable to file a claim. Please contact the Agency Care Desk for help.';
/** Spec section 8: carrier edits on other accounts warn. */
export const CARRIER_EDIT_WARNING =
  'Due to edits in your carriers, you may not be able to file a claim. Please visit Manage my account to update your carrier information or call Agency Care Desk for help.';

/** Whether carrier edits block (co-branded) or warn (others) claim filing for one of the caller's accounts. */
export const GetCarrierSettings = defineCall({
  name: 'GetCarrierSettings',
  method: 'GET',
  path: 'Carrier/GetCarrierSettings',
  request: query({ AccountNumber: AgencyNumberSchema }),
  result: z.object({
    AccountNumber: z.string(),
    IsCobranded: z.boolean(),
    CarrierEdited: z.boolean(),
    /** False when the account may not file claims (co-branded with carrier edits). */
    CanFileClaim: z.boolean(),
    /** The block or warning text, or null. */
    Message: z.nullable(z.string()),
    /** The agent's carriers on this account. */
    Carriers: z.array(z.object({ InsuranceCompanyId: z.number(), Name: z.string() })),
  }),
  access: CLAIM_ROLES,
  mutates: false,
});
