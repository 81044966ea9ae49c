/**
 * QuickQuote calls (spec section 7): policyholder location, vehicle selection, damage, problem questions,
 * part properties and the quote. Paths are the spec's, under QuickQuote/.
 */
import { z } from 'zod/mini';
import { GLASS_FEATURES, GLASS_GROUPS, GLASS_LOCATIONS, GLASS_TINTS, GLASS_TYPES, RECALIBRATIONS, REPAIR_OR_REPLACE } from '../claim/glass.ts';
import { MESSAGES, rules } from '../claim/validation.ts';
import { CLAIM_ROLES } from '../roles.ts';
import { between, body, field, defineCall, maybe, query, text } from './contract.ts';

// Who files claims and quotes (roles.ts, so that carrier.ts does not pull these contracts into every claim page).
export { CLAIM_ROLES };

/** A ZIP code: 5 digits, optional 4-digit extension (spec section 5). */
export const ZipCodeSchema = field(rules.zip, 10);
/** A VIN as typed: trimmed; its rules (length, letters, check digit) are checked by the route with clear messages. */
export const VinSchema = z.string().check(z.trim(), z.minLength(1, 'Please enter a VIN.'), z.maxLength(32, 'A VIN has 17 characters.'));
/** A model year of the catalog. */
export const YearSchema = z.string().check(z.trim(), z.regex(/^(19[89]\d|20[0-3]\d|2040)$/, 'Invalid year'));
/** A CarId of the catalog. */
export const CarIdSchema = z.string().check(z.trim(), z.regex(/^[1-9]\d{0,8}$/, 'Invalid CarId'));
/** A CarId in a JSON body. */
export const CarIdNumber = z.number().check(z.int('Invalid CarId'), between(1, 999_999_999, 'Invalid CarId'));
/** A NAGS-style part number. */
export const PartNumberSchema = z.string().check(z.trim(), z.regex(/^[A-Z]{2}\d{5}[A-Z]{0,8}$/, 'Invalid part number'));
/** The glass groups picked on the damage step. */
export const GlassGroupsSchema = z.array(z.enum(GLASS_GROUPS)).check(z.minLength(1, 'Please choose the damaged glass.'), z.maxLength(GLASS_GROUPS.length));
/** Repair or replace. */
export const RepairOrReplaceSchema = z.enum(REPAIR_OR_REPLACE, 'Please choose repair or replace.');
/** Number of chips or cracks; -1 = not given (spec section 9 default). */
export const ChipsSchema = z.number().check(z.int('Invalid number of chips or cracks'), between(-1, 20, 'Invalid number of chips or cracks'));

/** A vehicle of the catalog. */
export const VehicleSchema = z.object({
  CarId: z.number(),
  Year: z.number(),
  Make: z.string(),
  Model: z.string(),
  Style: z.string(),
  IsBigTruck: z.boolean(),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

/** A glass part offered for a car. */
export const GlassPartSchema = z.object({
  PartNumber: z.string(),
  Group: z.enum(GLASS_GROUPS),
  Location: z.enum(GLASS_LOCATIONS),
  GlassType: z.enum(GLASS_TYPES),
  Description: z.string(),
  Tint: z.enum(GLASS_TINTS),
  Features: z.array(z.enum(GLASS_FEATURES)),
  Recalibration: z.enum(RECALIBRATIONS),
  Tempered: z.boolean(),
});
export type GlassPart = z.infer<typeof GlassPartSchema>;

/** City and state of a ZIP code. */
export const GetCityAddress = defineCall({
  name: 'GetCityAddress',
  method: 'POST',
  path: 'QuickQuote/PolicyHolderLocation/GetCityAddress',
  request: body({ ZipCode: ZipCodeSchema }),
  result: z.object({ ZipCode: z.string(), City: z.string(), State: z.string() }),
  access: CLAIM_ROLES,
  mutates: false,
});

/** Whether a program shop is within the service radius of a ZIP (zip-serviced status). */
export const ValidateProviderService = defineCall({
  name: 'ValidateProviderService',
  method: 'POST',
  path: 'QuickQuote/PolicyHolderLocation/ValidateProviderService',
  request: body({ ZipCode: ZipCodeSchema }),
  result: z.object({ ZipCode: z.string(), IsServiced: z.boolean(), ClosestShopMiles: z.nullable(z.number()), ServiceRadiusMiles: z.number() }),
  access: CLAIM_ROLES,
  mutates: false,
});

const BigTruckFlag = z.optional(z.enum(['true', 'false']));

/** Model years, newest first (big trucks apart). */
export const GetVehicleYears = defineCall({
  name: 'GetVehicleYears',
  method: 'GET',
  path: 'QuickQuote/VehicleSelection/GetVehicleYears',
  request: query({ IsBigTruck: BigTruckFlag }),
  result: z.array(z.number()),
  access: CLAIM_ROLES,
  mutates: false,
});

/** Makes of a year. */
export const GetVehicleMakes = defineCall({
  name: 'GetVehicleMakes',
  method: 'GET',
  path: 'QuickQuote/VehicleSelection/GetVehicleMakes',
  request: query({ Year: YearSchema }),
  result: z.array(z.string()),
  access: CLAIM_ROLES,
  mutates: false,
});

/** Models of a year and make. */
export const GetVehicleModels = defineCall({
  name: 'GetVehicleModels',
  method: 'GET',
  path: 'QuickQuote/VehicleSelection/GetVehicleModels',
  request: query({ Year: YearSchema, Make: text(60) }),
  result: z.array(z.string()),
  access: CLAIM_ROLES,
  mutates: false,
});

/** Body styles of a year, make and model, each with its CarId. */
export const GetVehicleStyles = defineCall({
  name: 'GetVehicleStyles',
  method: 'GET',
  path: 'QuickQuote/VehicleSelection/GetVehicleStyles',
  request: query({ Year: YearSchema, Make: text(60), Model: text(80) }),
  result: z.array(z.object({ CarId: z.number(), Style: z.string() })),
  access: CLAIM_ROLES,
  mutates: false,
});

/** Decodes a VIN offline: the exact vehicle when it is in the catalog, else the year and make it tells. */
export const GetVehicleInfoByVin = defineCall({
  name: 'GetVehicleInfoByVin',
  method: 'POST',
  path: 'QuickQuote/VehicleSelection/GetVehicleInfoByVin',
  request: body({ Vin: VinSchema }),
  result: z.object({ Vin: z.string(), Year: z.nullable(z.number()), Make: z.nullable(z.string()), Vehicle: z.nullable(VehicleSchema) }),
  access: CLAIM_ROLES,
  mutates: false,
});

/** The vehicle of a year, make, model and style. */
export const GetVehicleInformationByYMMS = defineCall({
  name: 'GetVehicleInformationByYMMS',
  method: 'GET',
  path: 'QuickQuote/VehicleSelection/GetVehicleInformationByYMMS',
  request: query({ Year: YearSchema, Make: text(60), Model: text(80), Style: text(80) }),
  result: VehicleSchema,
  access: CLAIM_ROLES,
  mutates: false,
});

/** Big trucks (feature flag big-truck enabled), optionally of one year. */
export const GetBigTruckVehicleInfo = defineCall({
  name: 'GetBigTruckVehicleInfo',
  method: 'GET',
  path: 'QuickQuote/VehicleSelection/GetBigTruckVehicleInfo',
  request: query({ Year: z.optional(YearSchema) }),
  result: z.array(VehicleSchema),
  access: CLAIM_ROLES,
  mutates: false,
});

/** A shop near the policyholder. */
export const ProviderSchema = z.object({
  ShopId: z.string(),
  Name: z.string(),
  AddressLine: z.string(),
  City: z.string(),
  State: z.string(),
  ZipCode: z.string(),
  PhoneNumber: z.string(),
  DistanceMiles: z.number(),
  IsProviderOwned: z.boolean(),
});
export type Provider = z.infer<typeof ProviderSchema>;

/** The closest program shops of a ZIP; ExcludeShops leaves out the provider's own shops. */
export const GetApplicableClosestProviders = defineCall({
  name: 'GetApplicableClosestProviders',
  method: 'POST',
  path: 'QuickQuote/VehicleSelection/GetApplicableClosestProviders',
  request: body({ ZipCode: ZipCodeSchema, ExcludeShops: z.optional(z.boolean()) }),
  result: z.array(ProviderSchema),
  access: CLAIM_ROLES,
  mutates: false,
});

/** The glass of a car, by group. */
export const GetGlassOptionsByCarId = defineCall({
  name: 'GetGlassOptionsByCarId',
  method: 'GET',
  path: 'QuickQuote/VehicleDamage/GetGlassOptionsByCarId',
  request: query({ CarId: CarIdSchema }),
  result: z.object({ CarId: z.number(), AvailableGlass: z.array(z.enum(GLASS_GROUPS)), Parts: z.array(GlassPartSchema) }),
  access: CLAIM_ROLES,
  mutates: false,
});

/** A yes/no question; its id is the answer key. */
export const QuestionSchema = z.object({ QuestionId: z.string(), Text: z.string() });

/** The problem questions for the chosen glass and repair/replace. */
export const GetProblemQuestions = defineCall({
  name: 'GetProblemQuestions',
  method: 'POST',
  path: 'QuickQuote/VehicleProblemQuestions/GetProblemQuestions',
  request: body({ CarId: CarIdNumber, SelectedGlassGroups: GlassGroupsSchema, RepairOrReplace: RepairOrReplaceSchema }),
  result: z.array(QuestionSchema),
  access: CLAIM_ROLES,
  mutates: false,
});

/** The property questions that narrow the windshield when several fit (camera? rain sensor? heated?). */
export const GetProblemPropertyQuestions = defineCall({
  name: 'GetProblemPropertyQuestions',
  method: 'POST',
  path: 'QuickQuote/VehicleProblemPropertyQuestions/GetProblemPropertyQuestions',
  request: body({ CarId: CarIdNumber, PartNumbers: z.array(PartNumberSchema).check(z.maxLength(40)) }),
  result: z.array(z.object({ QuestionId: z.enum(GLASS_FEATURES), Text: z.string() })),
  access: CLAIM_ROLES,
  mutates: false,
});

/** What is being priced: the car, the parts, repair or replace, chips, the deductible. */
export const QuoteRequestShape = {
  ZipCode: ZipCodeSchema,
  CarId: CarIdNumber,
  RepairOrReplace: RepairOrReplaceSchema,
  NumberOfChipsOrCracks: ChipsSchema,
  PartNumbers: z.array(PartNumberSchema).check(z.minLength(1, 'Please choose the glass part.'), z.maxLength(12)),
  Deductible: maybe(z.number().check(between(0, 100_000, MESSAGES.amountInvalid))),
};

/** An itemised quote. */
export const QuoteSchema = z.object({
  Lines: z.array(
    z.object({
      Kind: z.enum(['part', 'labor', 'kit', 'recalibration', 'repair']),
      Description: z.string(),
      PartNumber: z.nullable(z.string()),
      Quantity: z.number(),
      UnitPrice: z.number(),
      Amount: z.number(),
    }),
  ),
  Subtotal: z.number(),
  Tax: z.number(),
  Total: z.number(),
  Deductible: z.number(),
  InsurancePays: z.number(),
  PolicyholderPays: z.number(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** Prices the chosen glass: part, labor, kit, recalibration, repair chips, deductible. */
export const GetQuote = defineCall({
  name: 'GetQuote',
  method: 'POST',
  path: 'QuickQuote/Quote/GetQuote',
  request: body(QuoteRequestShape),
  result: QuoteSchema,
  access: CLAIM_ROLES,
  mutates: false,
});
