/**
 * Global banners (spec sections 3, 4, 5 and 7: `globalbanner/*`). Internal admins manage them; anyone reads the
 * one showing now. Section 5's rules live in src/lib/banner.ts (the screen checks the same). docs/decisions/024.
 */
import { z } from 'zod/mini';
import { bannerProblems, isIsoDate } from '../banner.ts';
import { body, defineCall, maybe, query, text } from './contract.ts';

const ADMINS = ['SFAD_InternalAdmin'] as const;

/** A banner as the calls answer it. */
export const BannerSchema = z.object({
  id: z.int(),
  bannerTitle: z.string(),
  bannerAlertText: z.string(),
  urlLabel: z.nullable(z.string()),
  /** With http:// prefixed when it had no scheme (spec section 5). */
  url: z.nullable(z.string()),
  /** yyyy-mm-dd. */
  startDate: z.string(),
  /** The start date as the screen shows it (e.g. 'Nov 25, 2026'). */
  startDateDisplay: z.string(),
  endDate: z.string(),
  createdBy: z.string(),
  modifiedBy: z.string(),
  /** When it last changed (ISO): with the id, what a reader's closing remembers. */
  modifiedAt: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** The editable fields with section 5's rules, checked together so that every message comes at once. */
const bannerShape = {
  bannerTitle: text(100),
  bannerAlertText: text(500),
  urlLabel: maybe(text(100)),
  url: maybe(text(500)),
  startDate: text(10),
  endDate: text(10),
};
const sectionFive = z.superRefine<{ bannerTitle: string; bannerAlertText: string; urlLabel?: string | null | undefined; url?: string | null | undefined; startDate: string; endDate: string }>(
  (v, ctx) => {
    for (const p of bannerProblems(v)) ctx.issues.push({ code: 'custom', message: p.message, path: [p.field], input: v[p.field] });
  },
);

/** The banners to manage, newest start first. */
export const GetBanner = defineCall({
  name: 'GetBanner',
  method: 'GET',
  path: 'globalbanner/GetBanner',
  request: query({}),
  result: z.array(BannerSchema),
  access: ADMINS,
  mutates: false,
});

/** The banner showing now, or null: text, started on `today` or earlier, not ended (today: the reader's date, default the server's). */
export const GetCurrentBanner = defineCall({
  name: 'GetCurrentBanner',
  method: 'GET',
  path: 'globalbanner/GetCurrentBanner',
  request: query({ today: z.optional(z.string().check(z.refine(isIsoDate, 'Please enter a valid date.'))) }),
  result: z.nullable(BannerSchema),
  access: 'public',
  mutates: false,
});

export const CreateBanner = defineCall({
  name: 'CreateBanner',
  method: 'POST',
  path: 'globalbanner/CreateBanner',
  request: body(bannerShape).check(sectionFive),
  result: BannerSchema,
  access: ADMINS,
  mutates: true,
});

/** A banner's id: a positive 32-bit integer (the column's type; a larger number is refused, not a 500). */
const BannerIdSchema = z.int().check(z.positive(), z.lte(2_147_483_647));

export const EditBanner = defineCall({
  name: 'EditBanner',
  method: 'POST',
  path: 'globalbanner/EditBanner',
  request: body({ id: BannerIdSchema, ...bannerShape }).check(sectionFive),
  result: BannerSchema,
  access: ADMINS,
  mutates: true,
});

export const DeleteBanner = defineCall({
  name: 'DeleteBanner',
  method: 'POST',
  path: 'globalbanner/DeleteBanner',
  request: body({ id: BannerIdSchema }),
  result: z.object({ id: z.int() }),
  access: ADMINS,
  mutates: true,
});
