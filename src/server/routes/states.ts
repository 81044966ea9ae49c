import { Hono } from 'hono';
import { GetStates, GetTimeZones } from '../../lib/api/states.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** Reference data changes only with migrations: answers are kept this long (several instances may share a database). */
export const REFERENCE_TTL_MS = 60_000;

/** Memoises an async loader for ttlMs; concurrent callers share one load, a failed load is not kept. */
export function cached<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let entry: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!entry || now() - entry.at >= ttlMs) {
      const value = load();
      const mine = { at: now(), value };
      entry = mine;
      value.catch(() => {
        if (entry === mine) entry = null;
      });
    }
    return entry.value;
  };
}

/** Reference data: states and time zones. */
export function statesRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const states = cached(REFERENCE_TTL_MS, async () =>
    (await deps.db.query<{ state_code: string; state_name: string }>('SELECT state_code, state_name FROM states ORDER BY state_name')).map(
      (s) => ({ stateCode: s.state_code, stateName: s.state_name }),
    ),
  );
  const timeZones = cached(REFERENCE_TTL_MS, async () =>
    (
      await deps.db.query<{ time_zone_id: string; display_name: string; utc_offset_minutes: number }>(
        'SELECT time_zone_id, display_name, utc_offset_minutes FROM time_zones ORDER BY utc_offset_minutes DESC, display_name',
      )
    ).map((t) => ({ timeZoneId: t.time_zone_id, displayName: t.display_name, utcOffsetMinutes: t.utc_offset_minutes })),
  );
  mountCall(r, deps, GetStates, () => states());
  mountCall(r, deps, GetTimeZones, () => timeZones());
  return r;
}
