/**
 * The claim flow's calls: QuickQuote (location, vehicle, damage, questions, quote), QuickSubmit,
 * Carrier settings, the self-service URL for SSO users and the insurance companies.
 */
import { Hono } from 'hono';
import { GetCarrierSettings } from '../../lib/api/carrier.ts';
import { GenerateSelfServiceUrl } from '../../lib/api/cobranded.ts';
import {
  GetApplicableClosestProviders,
  GetBigTruckVehicleInfo,
  GetCityAddress,
  GetGlassOptionsByCarId,
  GetProblemPropertyQuestions,
  GetProblemQuestions,
  GetQuote,
  GetVehicleInfoByVin,
  GetVehicleInformationByYMMS,
  GetVehicleMakes,
  GetVehicleModels,
  GetVehicleStyles,
  GetVehicleYears,
  ValidateProviderService,
  type GlassPart,
  type Vehicle,
} from '../../lib/api/quick-quote.ts';
import { CreateReferral, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../lib/api/quick-submit.ts';
import { GetInsuranceCompanies } from '../../lib/api/user.ts';
import { FEATURE_FLAGS } from '../../lib/constants.ts';
import { GLASS_FEATURES, GLASS_GROUPS, type CatalogPart, type CatalogVehicle } from '../../lib/claim/glass.ts';
import { distinguishingFeatures, PROPERTY_QUESTIONS } from '../../lib/claim/questions.ts';
import { PROBLEM_QUESTIONS } from '../../lib/claim/repair.ts';
import {
  bigTrucks,
  glassParts,
  partsByNumbers,
  vehicleByVin,
  vehicleByYmms,
  vehicleMakes,
  vehicleModels,
  vehicleStyles,
  vehicleYears,
} from '../services/catalog.ts';
import { carrierSettings, listInsuranceCompanies } from '../services/carriers.ts';
import { createReferral, quoteFor } from '../services/referrals.ts';
import { closestShops, isServiced, SERVICE_RADIUS_MILES } from '../services/shops.ts';
import { userBelongsToAgency } from '../services/users.ts';
import { knownZip } from '../services/zip.ts';
import { log } from '../log.ts';
import { HttpError } from '../errors.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';
import { cached, REFERENCE_TTL_MS } from './states.ts';

const vehicleOut = (v: CatalogVehicle): Vehicle => ({ CarId: v.carId, Year: v.year, Make: v.make, Model: v.model, Style: v.style, IsBigTruck: v.isBigTruck });
const partOut = (p: CatalogPart): GlassPart => ({
  PartNumber: p.partNumber,
  Group: p.group,
  Location: p.location,
  GlassType: p.glassType,
  Description: p.description,
  Tint: p.tint,
  Features: p.features,
  Recalibration: p.recalibration,
  Tempered: p.tempered,
});

export interface QuickQuoteOptions {
  /** The external self-service site SSO users are sent to; unset → an empty URL (logged only). */
  selfServiceUrl?: string;
}

export function quickQuoteRoutes(deps: RouteDeps & QuickQuoteOptions): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;
  const companies = cached(REFERENCE_TTL_MS, () => listInsuranceCompanies(db));

  mountCall(r, deps, GetCityAddress, async ({ input }) => {
    const z = knownZip(input.ZipCode);
    return { ZipCode: z.zipCode, City: z.city, State: z.state };
  });

  mountCall(r, deps, ValidateProviderService, async ({ input }) => {
    const z = knownZip(input.ZipCode);
    const s = await isServiced(db, z.zipCode);
    return { ZipCode: z.zipCode, IsServiced: s.isServiced, ClosestShopMiles: s.closestShopMiles, ServiceRadiusMiles: SERVICE_RADIUS_MILES };
  });

  mountCall(r, deps, GetVehicleYears, async ({ input }) => {
    const big = input.IsBigTruck === 'true';
    if (big && !FEATURE_FLAGS.bigTruckEnabled) return [];
    return vehicleYears(db, big);
  });
  mountCall(r, deps, GetVehicleMakes, async ({ input }) => vehicleMakes(db, Number(input.Year)));
  mountCall(r, deps, GetVehicleModels, async ({ input }) => vehicleModels(db, Number(input.Year), input.Make));
  mountCall(r, deps, GetVehicleStyles, async ({ input }) =>
    (await vehicleStyles(db, Number(input.Year), input.Make, input.Model)).map((s) => ({ CarId: s.carId, Style: s.style })),
  );
  mountCall(r, deps, GetVehicleInformationByYMMS, async ({ input }) => {
    const v = await vehicleByYmms(db, Number(input.Year), input.Make, input.Model, input.Style);
    if (!v) throw new HttpError(404, 'No vehicle matches this year, make, model and style.');
    return vehicleOut(v);
  });
  mountCall(r, deps, GetBigTruckVehicleInfo, async ({ input }) =>
    FEATURE_FLAGS.bigTruckEnabled ? (await bigTrucks(db, input.Year === undefined ? undefined : Number(input.Year))).map(vehicleOut) : [],
  );

  mountCall(r, deps, GetVehicleInfoByVin, async ({ input }) => {
    const { decode, vehicle } = await vehicleByVin(db, input.Vin);
    if (!decode.ok) throw new HttpError(400, decode.message);
    return { Vin: decode.vin, Year: decode.year, Make: decode.make, Vehicle: vehicle ? vehicleOut(vehicle) : null };
  });

  mountCall(r, deps, GetApplicableClosestProviders, async ({ input }) => {
    const z = knownZip(input.ZipCode);
    const shops = await closestShops(db, z.zipCode, { excludeProviderOwned: input.ExcludeShops ?? false });
    return shops.map((s) => ({
      ShopId: s.shopId,
      Name: s.name,
      AddressLine: s.addressLine,
      City: s.city,
      State: s.stateCode,
      ZipCode: s.zipCode,
      PhoneNumber: s.phoneNumber,
      DistanceMiles: s.distanceMiles,
      IsProviderOwned: s.isProviderOwned,
    }));
  });

  mountCall(r, deps, GetGlassOptionsByCarId, async ({ input }) => {
    const carId = Number(input.CarId);
    const parts = await glassParts(db, carId);
    if (parts.length === 0) throw new HttpError(404, 'No glass is listed for this vehicle.');
    return { CarId: carId, AvailableGlass: GLASS_GROUPS.filter((g) => parts.some((p) => p.group === g)), Parts: parts.map(partOut) };
  });

  mountCall(r, deps, GetProblemQuestions, async ({ input }) => {
    const parts = await glassParts(db, input.CarId);
    if (parts.length === 0) throw new HttpError(404, 'No glass is listed for this vehicle.');
    const windshield = input.SelectedGlassGroups.includes('Windshield');
    return PROBLEM_QUESTIONS.filter((q) => windshield || !q.windshieldOnly).map((q) => ({ QuestionId: q.id, Text: q.text }));
  });

  mountCall(r, deps, GetProblemPropertyQuestions, async ({ input }) => {
    const candidates = await partsByNumbers(db, input.CarId, [...new Set(input.PartNumbers)]);
    return distinguishingFeatures(candidates, GLASS_FEATURES).map((f) => ({ QuestionId: f, Text: PROPERTY_QUESTIONS[f] }));
  });

  mountCall(r, deps, GetQuote, async ({ input }) => quoteFor(db, input));

  mountCall(r, deps, CreateReferral, async ({ c, input, user }) => {
    const key = c.req.header(IDEMPOTENCY_HEADER) ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new HttpError(400, `The ${IDEMPOTENCY_HEADER} header is required: 16 to 128 letters, digits, '-' or '_'.`);
    }
    return createReferral(db, user!, input, key);
  });

  mountCall(r, deps, GetCarrierSettings, async ({ input, user }) => {
    if (!(await userBelongsToAgency(db, user!.id, input.AccountNumber))) throw new HttpError(403, 'You do not belong to this agency.');
    return carrierSettings(db, user!.id, input.AccountNumber);
  });

  mountCall(r, deps, GetInsuranceCompanies, () => companies());

  mountCall(r, deps, GenerateSelfServiceUrl, async ({ input, user }) => {
    if (input.UserId !== user!.id) throw new HttpError(403, 'You may only ask for your own self-service link.');
    if (!deps.selfServiceUrl) {
      log.info('self-service URL not configured', { userId: user!.id });
      return { Url: '' };
    }
    const url = new URL(deps.selfServiceUrl);
    url.searchParams.set('returnUrl', new URL(input.ReturnUrl, deps.origin).href);
    if (user!.agent_number) url.searchParams.set('agentNumber', user!.agent_number);
    if (input.ParentAccountNumber) url.searchParams.set('parentAccountNumber', input.ParentAccountNumber);
    return { Url: url.href };
  });

  return r;
}
