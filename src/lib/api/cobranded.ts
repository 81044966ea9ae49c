import { z } from 'zod/mini';
import { maybe, body, defineCall, text } from './contract.ts';

/**
 * The external self-service URL SSO users are sent to instead of the claim-flow pages (spec section 4).
 * An empty Url means none is configured: the browser logs it and shows nothing (spec section 8).
 */
export const GenerateSelfServiceUrl = defineCall({
  name: 'GenerateSelfServiceUrl',
  method: 'POST',
  path: 'Cobranded/GenerateSelfServiceUrl',
  request: body({
    UserId: text(64),
    AgentNumber: maybe(text(32)),
    ParentAccountNumber: maybe(text(32)),
    ReturnUrl: text(300, z.regex(/^\/[^\s]*$/, 'Must be a path starting with /')),
    FirstName: maybe(text(50)),
    LastName: maybe(text(50)),
    PhoneNumber: maybe(text(20)),
  }),
  result: z.object({ Url: z.string() }),
  access: ['SFAD_Agent', 'SFAD_Admin'],
  mutates: false,
});
