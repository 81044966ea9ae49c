import { z } from 'zod/mini';
import { maybe, body, defineCall, text } from './contract.ts';

/**
 * A path on this site: one leading '/' and then neither '/' nor '\' ('//host/x' and '/\host/x' are other
 * sites to a browser), no spaces. The browser and the server both check it through this contract.
 */
export const SITE_PATH = /^\/(?:[^\s/\\]\S*)?$/;

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
    ReturnUrl: text(300, z.regex(SITE_PATH, 'Must be a path on this site, starting with a single /')),
    FirstName: maybe(text(50)),
    LastName: maybe(text(50)),
    PhoneNumber: maybe(text(20)),
  }),
  result: z.object({ Url: z.string() }),
  access: ['SFAD_Agent', 'SFAD_Admin'],
  mutates: false,
});
