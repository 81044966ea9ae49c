import { Hono } from 'hono';
import { GetInsuranceCompanies, GetUserAgencyList, GetUserDetails, UpdateUserDefaultAgency } from '../../lib/api/user.ts';
import { ClearAgencyNotificationFlag, NotifyUserLoggedIn } from '../../lib/api/user-calls.ts';
import { findUserById, getUserDetails, listUserAgencies, userBelongsToAgency } from '../services/users.ts';
import { HttpError } from '../errors.ts';
import { readCacheFor } from '../services/read-cache.ts';
import { listInsuranceCompanies } from '../services/carriers.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';
import { cached, REFERENCE_TTL_MS } from './states.ts';

/** The User calls the shared chrome needs, and the insurance companies the claim flow lists. */
export function userRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;
  const companies = cached(REFERENCE_TTL_MS, () => listInsuranceCompanies(db));

  mountCall(router, deps, GetUserDetails, async ({ input, user }) => {
    if (input.userId !== user!.id && user!.dashboard_user_role !== 'SFAD_InternalAdmin') {
      throw new HttpError(403, 'You may only read your own details.');
    }
    const target = input.userId === user!.id ? user! : await findUserById(db, input.userId);
    if (!target) throw new HttpError(404, 'User not found.');
    return getUserDetails(db, target);
  });

  mountCall(router, deps, GetUserAgencyList, async ({ user }) => readCacheFor(db).agencies(user!.id));

  mountCall(router, deps, UpdateUserDefaultAgency, async ({ input, user }) => {
    if (!(await userBelongsToAgency(db, user!.id, input.AgencyNumber))) {
      throw new HttpError(403, 'You do not belong to this agency.');
    }
    await db.transaction(async (tx) => {
      await tx.query('UPDATE user_agencies SET is_default_agency = false WHERE user_id = $1 AND is_default_agency', [user!.id]);
      await tx.query('UPDATE user_agencies SET is_default_agency = true WHERE user_id = $1 AND agency_number = $2', [
        user!.id,
        input.AgencyNumber,
      ]);
    });
    return listUserAgencies(db, user!.id);
  });

  mountCall(router, deps, ClearAgencyNotificationFlag, async ({ input, user }) => {
    if (!(await userBelongsToAgency(db, user!.id, input.AgencyNumber))) {
      throw new HttpError(403, 'You do not belong to this agency.');
    }
    await db.query(
      'UPDATE user_agencies SET show_agency_change_notification = false WHERE user_id = $1 AND agency_number = $2',
      [user!.id, input.AgencyNumber],
    );
    return null;
  });

  mountCall(router, deps, NotifyUserLoggedIn, async ({ user }) => {
    const [row] = await db.query<{ last_login_at: Date }>(
      'UPDATE users SET last_login_at = now() WHERE id = $1 RETURNING last_login_at',
      [user!.id],
    );
    return { lastLoginAt: new Date(row!.last_login_at).toISOString() };
  });

  mountCall(router, deps, GetInsuranceCompanies, () => companies());

  return router;
}
