/** Carrier (spec section 7): GetCarrierSettings, the carriers of the caller on an account they belong to and whether they may file. */
import { Hono } from 'hono';
import { GetCarrierSettings } from '../../lib/api/carrier.ts';
import { HttpError } from '../errors.ts';
import { carrierSettings } from '../services/carriers.ts';
import { userBelongsToAgency } from '../services/users.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The Carrier calls. */
export function carrierRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;

  mountCall(router, deps, GetCarrierSettings, async ({ input, user }) => {
    if (!(await userBelongsToAgency(db, user!.id, input.AccountNumber))) throw new HttpError(403, 'You do not belong to this agency.');
    return carrierSettings(db, user!.id, input.AccountNumber);
  });

  return router;
}
