import { Hono } from 'hono';
import { GetStates, GetTimeZones } from '../../lib/api/states.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** Reference data: states and time zones. */
export function statesRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  mountCall(r, deps, GetStates, async () =>
    (await deps.db.query<{ state_code: string; state_name: string }>('SELECT state_code, state_name FROM states ORDER BY state_name')).map(
      (s) => ({ stateCode: s.state_code, stateName: s.state_name }),
    ),
  );
  mountCall(r, deps, GetTimeZones, async () =>
    (
      await deps.db.query<{ time_zone_id: string; display_name: string; utc_offset_minutes: number }>(
        'SELECT time_zone_id, display_name, utc_offset_minutes FROM time_zones ORDER BY utc_offset_minutes DESC, display_name',
      )
    ).map((t) => ({ timeZoneId: t.time_zone_id, displayName: t.display_name, utcOffsetMinutes: t.utc_offset_minutes })),
  );
  return r;
}
