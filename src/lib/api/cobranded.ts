import { z } from 'zod/mini';
import { AgencyNumberSchema, maybe, body, defineCall, query, text } from './contract.ts';

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

// ---- Co-branding by client tag (issue 17, docs/decisions/030) ----

/** What the co-brand calls answer (src/lib/i18n/{en,es}/messages.ts carry them in both languages). */
export const COBRAND_MESSAGES = {
  invalidClientTag: 'Invalid client tag',
  invalidAccountNumber: 'Invalid account number',
  clientTagRule: 'A client tag has 1 to 40 letters, digits, - or _',
  agencyNotFound: 'Agency not found.',
  logoType: 'The logo must be a PNG, JPEG or WebP file.',
  logoSize: 'The logo must be at most 256 KB.',
  tagTaken: 'Another agency already has this client tag.',
  logoNeeded: 'Upload a logo before co-branding this agency.',
  noLogo: 'No logo for this account.',
} as const;

/** A client tag as links carry it (`?clientTag=harborpoint`): letters, digits, '-' and '_', matched without case. */
export const CLIENT_TAG = /^[A-Za-z0-9_-]{1,40}$/;
const ClientTagSchema = z.string().check(z.trim(), z.regex(CLIENT_TAG, COBRAND_MESSAGES.invalidClientTag));
/** Agency (account) numbers as the co-brand calls take them. */
const AccountNumberSchema = z.string().check(z.trim(), z.regex(/^\d{4,12}$/, COBRAND_MESSAGES.invalidAccountNumber));

/** Whether an account is co-branded (spec section 3: isCobranded, accountName, accountNumber). */
export const CobrandSchema = z.object({ isCobranded: z.boolean(), accountName: z.string(), accountNumber: z.string() });
export type Cobrand = z.infer<typeof CobrandSchema>;

/** The account a client tag names (spec section 3: tagId, details with ACCT_NUM), or null for a tag nobody has. */
export const GetCobrandedAccountNumberByClientTag = defineCall({
  name: 'GetCobrandedAccountNumberByClientTag',
  method: 'GET',
  path: 'Cobranded/GetCobrandedAccountNumberByClientTag',
  request: query({ ClientTag: ClientTagSchema }),
  result: z.nullable(z.object({ tagId: z.string(), details: z.object({ ACCT_NUM: z.string() }) })),
  access: 'public',
  mutates: false,
});

/** Whether the account a client tag led to is co-branded (public: links with a tag are opened before sign-in). */
export const GetIsCobranded = defineCall({
  name: 'GetIsCobranded',
  method: 'GET',
  path: 'Cobranded/GetIsCobranded',
  request: query({ AccountNumber: AccountNumberSchema }),
  result: CobrandSchema,
  access: 'public',
  mutates: false,
});

/** Whether one of the caller's own agencies is co-branded (another agency → 403). */
export const GetIsAccountCobranded = defineCall({
  name: 'GetIsAccountCobranded',
  method: 'GET',
  path: 'Cobranded/GetIsAccountCobranded',
  request: query({ AccountNumber: AccountNumberSchema }),
  result: CobrandSchema,
  access: ['SFAD_Agent', 'SFAD_Admin', 'SFAD_InternalAdmin'],
  mutates: false,
});

/**
 * A co-branded account's logo (spec section 7: POST, AccountNumber, image blob): the image itself with its hash as
 * ETag (If-None-Match → 304) and Cache-Control; 404 when the account is not co-branded or has no logo.
 */
export const GetCobrandedLogo = defineCall({
  name: 'GetCobrandedLogo',
  method: 'POST',
  path: 'Cobranded/GetCobrandedLogo',
  request: body({ AccountNumber: AccountNumberSchema }),
  result: z.null(),
  access: 'public',
  mutates: false,
  download: 'image/*',
});

/** Largest logo: 256 KB (the header shows it at 148 × 36). */
export const MAX_LOGO_BYTES = 256 * 1024;

/** A co-branded (or tagged) agency as internal admins manage it. */
export const CobrandedAgencySchema = z.object({
  agencyNumber: z.string(),
  agencyName: z.string(),
  isCobranded: z.boolean(),
  clientTag: z.nullable(z.string()),
  logo: z.nullable(z.object({ contentType: z.string(), bytes: z.int(), sha256: z.string(), updatedBy: z.string(), updatedAt: z.string() })),
});
export type CobrandedAgency = z.infer<typeof CobrandedAgencySchema>;

/** Internal admins: the co-branded or tagged agencies, or the agencies a search names. */
export const GetCobrandedAgencies = defineCall({
  name: 'GetCobrandedAgencies',
  method: 'GET',
  path: 'Cobranded/GetCobrandedAgencies',
  request: query({ Search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Must be at most 100 characters'))) }),
  result: z.object({ agencies: z.array(CobrandedAgencySchema) }),
  access: ['SFAD_InternalAdmin'],
  mutates: false,
});

/**
 * Internal admins: co-brand an agency (or stop), set or clear its client tag, and upload its logo (base64 PNG, JPEG
 * or WebP up to MAX_LOGO_BYTES, type read from the bytes) or remove it. Audited.
 */
export const SaveCobrandedAgency = defineCall({
  name: 'SaveCobrandedAgency',
  method: 'POST',
  path: 'Cobranded/SaveCobrandedAgency',
  request: body({
    AgencyNumber: AgencyNumberSchema,
    IsCobranded: z.boolean(),
    ClientTag: maybe(z.string().check(z.trim(), z.regex(/^(?:[A-Za-z0-9_-]{1,40})?$/, COBRAND_MESSAGES.clientTagRule))),
    LogoBase64: maybe(z.string().check(z.maxLength(360_000, COBRAND_MESSAGES.logoSize), z.regex(/^[A-Za-z0-9+/]*={0,2}$/, COBRAND_MESSAGES.logoType))),
    RemoveLogo: z.optional(z.boolean()),
  }),
  result: CobrandedAgencySchema,
  access: ['SFAD_InternalAdmin'],
  mutates: true,
  maxBody: 400_000,
});
