import { Hono } from 'hono';
import { GetAccountManagerDetails } from '../../lib/api/account-manager.ts';
import { userBelongsToAgency } from '../services/users.ts';
import { HttpError } from '../errors.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The account manager of an agency the caller belongs to (internal admins: any agency). */
export function accountManagerRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, GetAccountManagerDetails, async ({ input, user }) => {
    const staff = user!.dashboard_user_role === 'SFAD_InternalAdmin';
    if (!staff && !(await userBelongsToAgency(deps.db, user!.id, input.AccountNumber))) {
      throw new HttpError(403, 'You do not have access to this agency.');
    }
    const [row] = await deps.db.query<{ first_name: string; last_name: string; phone_number: string; email_address: string }>(
      `SELECT m.first_name, m.last_name, m.phone_number, m.email_address
         FROM agencies a JOIN account_managers m ON m.id = a.account_manager_id
        WHERE a.agency_number = $1`,
      [input.AccountNumber],
    );
    return row
      ? { firstName: row.first_name, lastName: row.last_name, phoneNumber: row.phone_number, emailAddress: row.email_address }
      : null;
  });
  return r;
}
