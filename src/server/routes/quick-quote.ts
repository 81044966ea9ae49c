/**
 * The claim flow's QuickQuote calls (location, vehicle, damage, questions, quote). Filing is QuickSubmit
 * (routes/quick-submit.ts), the carrier settings Carrier (routes/carrier.ts), the self-service link Cobranded
 * (routes/cobranded.ts), the insurance companies User (routes/user.ts).
 */
import { Hono } from 'hono';
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
import { quoteFor } from '../services/referrals.ts';
import { closestShops, isServiced, SERVICE_RADIUS_MILES } from '../services/shops.ts';
import { knownZip } from '../services/zip.ts';
import { HttpError } from '../errors.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** A catalog vehicle as the reply's Vehicle. */
const vehicleOut = (vehicle: CatalogVehicle): Vehicle => ({
  CarId: vehicle.carId,
  Year: vehicle.year,
  Make: vehicle.make,
  Model: vehicle.model,
  Style: vehicle.style,
  IsBigTruck: vehicle.isBigTruck,
});
/** A catalog part as the reply's GlassPart. */
const partOut = (part: CatalogPart): GlassPart => ({
  PartNumber: part.partNumber,
  Group: part.group,
  Location: part.location,
  GlassType: part.glassType,
  Description: part.description,
  Tint: part.tint,
  Features: part.features,
  Recalibration: part.recalibration,
  Tempered: part.tempered,
});

/** The QuickQuote calls. */
export function quickQuoteRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;

  mountCall(router, deps, GetCityAddress, async ({ input }) => {
    const zip = knownZip(input.ZipCode);
    return { ZipCode: zip.zipCode, City: zip.city, State: zip.state };
  });

  mountCall(router, deps, ValidateProviderService, async ({ input }) => {
    const zip = knownZip(input.ZipCode);
    const service = await isServiced(db, zip.zipCode);
    return { ZipCode: zip.zipCode, IsServiced: service.isServiced, ClosestShopMiles: service.closestShopMiles, ServiceRadiusMiles: SERVICE_RADIUS_MILES };
  });

  mountCall(router, deps, GetVehicleYears, async ({ input }) => {
    const big = input.IsBigTruck === 'true';
    if (big && !FEATURE_FLAGS.bigTruckEnabled) return [];
    return vehicleYears(db, big);
  });
  mountCall(router, deps, GetVehicleMakes, async ({ input }) => vehicleMakes(db, Number(input.Year)));
  mountCall(router, deps, GetVehicleModels, async ({ input }) => vehicleModels(db, Number(input.Year), input.Make));
  mountCall(router, deps, GetVehicleStyles, async ({ input }) =>
    (await vehicleStyles(db, Number(input.Year), input.Make, input.Model)).map((style) => ({ CarId: style.carId, Style: style.style })),
  );
  mountCall(router, deps, GetVehicleInformationByYMMS, async ({ input }) => {
    const vehicle = await vehicleByYmms(db, Number(input.Year), input.Make, input.Model, input.Style);
    if (!vehicle) throw new HttpError(404, 'No vehicle matches this year, make, model and style.');
    return vehicleOut(vehicle);
  });
  mountCall(router, deps, GetBigTruckVehicleInfo, async ({ input }) =>
    FEATURE_FLAGS.bigTruckEnabled ? (await bigTrucks(db, input.Year === undefined ? undefined : Number(input.Year))).map(vehicleOut) : [],
  );

  mountCall(router, deps, GetVehicleInfoByVin, async ({ input }) => {
    const { decode, vehicle } = await vehicleByVin(db, input.Vin);
    if (!decode.ok) throw new HttpError(400, decode.message);
    return { Vin: decode.vin, Year: decode.year, Make: decode.make, Vehicle: vehicle ? vehicleOut(vehicle) : null };
  });

  mountCall(router, deps, GetApplicableClosestProviders, async ({ input }) => {
    const zip = knownZip(input.ZipCode);
    const shops = await closestShops(db, zip.zipCode, { excludeProviderOwned: input.ExcludeShops ?? false });
    return shops.map((shop) => ({
      ShopId: shop.shopId,
      Name: shop.name,
      AddressLine: shop.addressLine,
      City: shop.city,
      State: shop.stateCode,
      ZipCode: shop.zipCode,
      PhoneNumber: shop.phoneNumber,
      DistanceMiles: shop.distanceMiles,
      IsProviderOwned: shop.isProviderOwned,
    }));
  });

  mountCall(router, deps, GetGlassOptionsByCarId, async ({ input }) => {
    const carId = Number(input.CarId);
    const parts = await glassParts(db, carId);
    if (parts.length === 0) throw new HttpError(404, 'No glass is listed for this vehicle.');
    return { CarId: carId, AvailableGlass: GLASS_GROUPS.filter((group) => parts.some((part) => part.group === group)), Parts: parts.map(partOut) };
  });

  mountCall(router, deps, GetProblemQuestions, async ({ input }) => {
    const parts = await glassParts(db, input.CarId);
    if (parts.length === 0) throw new HttpError(404, 'No glass is listed for this vehicle.');
    const windshield = input.SelectedGlassGroups.includes('Windshield');
    return PROBLEM_QUESTIONS.filter((question) => windshield || !question.windshieldOnly).map((question) => ({ QuestionId: question.id, Text: question.text }));
  });

  mountCall(router, deps, GetProblemPropertyQuestions, async ({ input }) => {
    const candidates = await partsByNumbers(db, input.CarId, [...new Set(input.PartNumbers)]);
    return distinguishingFeatures(candidates, GLASS_FEATURES).map((feature) => ({ QuestionId: feature, Text: PROPERTY_QUESTIONS[feature] }));
  });

  mountCall(router, deps, GetQuote, async ({ input }) => quoteFor(db, input));

  return router;
}
