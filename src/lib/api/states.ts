import { z } from 'zod/mini';
import { defineCall, query } from './contract.ts';

/** US states for address pickers. */
export const GetStates = defineCall({
  name: 'GetStates',
  method: 'GET',
  path: 'States/GetStates',
  request: query({}),
  result: z.array(z.object({ stateCode: z.string().check(z.length(2)), stateName: z.string() })),
  access: 'public',
  mutates: false,
});

/** US time zones. */
export const GetTimeZones = defineCall({
  name: 'GetTimeZones',
  method: 'GET',
  path: 'States/GetTimeZones',
  request: query({}),
  result: z.array(z.object({ timeZoneId: z.string(), displayName: z.string(), utcOffsetMinutes: z.int() })),
  access: 'public',
  mutates: false,
});
