import { z } from 'zod/mini';

/** An ISO day (YYYY-MM-DD, years 1900–2199) that exists on the calendar. */
export const IsoDaySchema = z.string().check(
  z.trim(),
  z.regex(/^(19|2[01])\d{2}-\d{2}-\d{2}$/, 'Please enter a valid date.'),
  z.refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Please enter a valid date.'),
);
