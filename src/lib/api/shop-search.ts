/**
 * ShopSearch calls (spec section 7; issue 17, docs/decisions/029): the closest program providers to a ZIP and the
 * search for a specific shop by name (and phone) around a ZIP, with paging. Public: the store locator needs no
 * account. Messages are the spec's (section 5): 'The shop name field is required' and the two ZIP messages.
 */
import { z } from 'zod/mini';
import { rules } from '../claim/validation.ts';
import { between, body, defineCall, field, maybe, query, text } from './contract.ts';

/** Search radii offered by the specific-shop form (miles); the default is 25. */
export const SHOP_DISTANCES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_SHOP_DISTANCE = 25;
/** Page sizes of the specific-shop results (default 10, at most 50). */
export const DEFAULT_SHOP_PAGE_SIZE = 10;
export const MAX_SHOP_PAGE_SIZE = 50;
/** How many providers GetClosestProgramProviders answers, and within how many miles. */
export const CLOSEST_PROVIDERS = 10;
export const CLOSEST_PROVIDERS_RADIUS_MILES = 100;
/** Default shop search country (spec section 9). */
export const SHOP_SEARCH_COUNTRY = 'US';

/** Opening hours of one group of days ('HH:MM', 24-hour, the shop's local time). Days without an entry are closed. */
export const ShopHoursSchema = z.object({ days: z.enum(['MonFri', 'Sat', 'Sun']), opens: z.string(), closes: z.string() });
export type ShopHours = z.infer<typeof ShopHoursSchema>;

/** One program provider (shop) as the shop search answers it. */
export const ShopProviderSchema = z.object({
  shopId: z.string(),
  /** Trailing spaces trimmed (spec section 5). */
  name: z.string(),
  addressLine: z.string(),
  city: z.string(),
  stateCode: z.string(),
  zipCode: z.string(),
  phoneNumber: z.string(),
  /** Miles from the searched ZIP's centroid, one decimal. */
  distanceMiles: z.number(),
  /** The shop sends a technician to the customer. */
  mobileService: z.boolean(),
  hours: z.array(ShopHoursSchema),
  /** One of the provider's own shops (left out by ExcludeSafeliteShops). */
  isProviderOwned: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ShopProvider = z.infer<typeof ShopProviderSchema>;

/** The searched ZIP, located (the map's 'you are here'). */
export const SearchedZipSchema = z.object({ zipCode: z.string(), city: z.string(), stateCode: z.string(), latitude: z.number(), longitude: z.number() });
export type SearchedZip = z.infer<typeof SearchedZipSchema>;

/** The ZIP code of a shop search: 5 digits, optional 4-digit extension; an unknown ZIP is refused by the route. */
const ShopZipSchema = field(rules.zip, 10);

/** The program providers closest to a ZIP (at most 10, within 100 miles), nearest first. */
export const GetClosestProgramProviders = defineCall({
  name: 'GetClosestProgramProviders',
  method: 'GET',
  path: 'ShopSearch/GetClosestProgramProviders',
  request: query({ zipCode: ShopZipSchema }),
  result: z.object({ zip: SearchedZipSchema, providers: z.array(ShopProviderSchema) }),
  access: 'public',
  mutates: false,
});

/** Shops whose name contains ProviderName (and whose phone matches ProviderPhone when given) within Distance miles of ServiceZipCode. */
export const SpecificShopSearch = defineCall({
  name: 'SpecificShopSearch',
  method: 'POST',
  path: 'ShopSearch/SpecificShopSearch',
  request: body({
    ProviderName: field(rules.required('shop name'), 100),
    ProviderPhone: maybe(field(rules.optionalPhone, 20)),
    ServiceZipCode: ShopZipSchema,
    Distance: z.optional(z.number().check(z.int('Invalid distance'), between(1, 500, 'Invalid distance'))),
    PageSize: z.optional(z.number().check(z.int('Invalid page size'), between(1, MAX_SHOP_PAGE_SIZE, 'Invalid page size'))),
    /** 1-based page (paging of the results). */
    PageNumber: z.optional(z.number().check(z.int('Invalid page'), between(1, 10_000, 'Invalid page'))),
    /** The agency's account number (kept for the spec's shape; the program's shops are the same for every account). */
    AccountNum: maybe(text(20)),
    CountryCode: z.optional(z.literal(SHOP_SEARCH_COUNTRY, 'Only US shops can be searched')),
    /** False leaves the provider's own shops out, like the appointment step's ExcludeSafeliteShops. */
    IsSafeliteProgramAccount: z.optional(z.boolean()),
  }),
  result: z.object({
    zip: SearchedZipSchema,
    providers: z.array(ShopProviderSchema),
    totalCount: z.int(),
    pageNumber: z.int(),
    pageSize: z.int(),
  }),
  access: 'public',
  mutates: false,
});
