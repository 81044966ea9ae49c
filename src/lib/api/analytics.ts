/**
 * The analytics page's call (issue 18): what the internal admins' /dashboard/analytics draws — page views per
 * day, the claim-flow funnel, time to file, searches and (later) chat. docs/decisions/034-analytics-page.md.
 */
import { z } from 'zod/mini';
import { ANALYTICS_MAX_DAYS, ANALYTICS_MESSAGES, daysBetween, FUNNEL_STAGES } from '../analytics.ts';
import { defineCall, maybe, query } from './contract.ts';
import { IsoDaySchema } from './iso-day.ts';

/** From not after To, and at most ANALYTICS_MAX_DAYS days (From alone or To alone: the default length). */
const rangeCheck = z.superRefine<{ From?: string | null; To?: string | null }>((v, ctx) => {
  if (!v.From || !v.To) return;
  if (v.From > v.To) ctx.issues.push({ code: 'custom', path: ['To'], message: ANALYTICS_MESSAGES.endBeforeStart, input: v.To });
  else if (daysBetween(v.From, v.To) > ANALYTICS_MAX_DAYS) ctx.issues.push({ code: 'custom', path: ['From'], message: ANALYTICS_MESSAGES.rangeTooLong, input: v.From });
});

export const AnalyticsSummarySchema = z.object({
  /** The range answered (ISO days, UTC, both included). */
  From: z.string(),
  To: z.string(),
  /** Every day of the range, oldest first: page views and distinct signed-in users. */
  PageViewsPerDay: z.array(z.object({ Day: z.string(), Views: z.int(), Users: z.int() })),
  /** The claim flow's pages in order: distinct users who viewed each, and the drop from the previous stage (0–1, null first / after 0). */
  Funnel: z.array(z.object({ Stage: z.enum(FUNNEL_STAGES), Users: z.int(), Drop: z.nullable(z.number()) })),
  /**
   * Time to file: for each claim filed (a referral created) in the range, the minutes from its user's latest
   * start-claim page view in the 24 hours before it; claims without one are left out.
   */
  TimeToFile: z.object({ Claims: z.int(), Measured: z.int(), MedianMinutes: z.nullable(z.number()), P90Minutes: z.nullable(z.number()) }),
  /**
   * Searches logged as events (Category 'Search', or an Action naming a search such as the claim flow's 'VIN
   * search'); NoResults: those with Value 0 or Label 'not found'.
   */
  Searches: z.object({ Searches: z.int(), NoResults: z.int() }),
  /**
   * Live chat (the care desk's chat): the chat server's figures for the range (`chatFigures(db, { from, to })`), each
   * null until they are wired in (the page then says the live chat is not available yet). chatsPerDay: every day of
   * the range, oldest first; answered / missed: chats a staff member accepted / that ended waiting; the waits: seconds
   * from the request to the answer, of the answered chats.
   */
  Chat: z.object({
    chatsPerDay: z.nullable(z.array(z.object({ day: z.string(), chats: z.int() }))),
    answered: z.nullable(z.int()),
    missed: z.nullable(z.int()),
    medianWaitSeconds: z.nullable(z.number()),
    p90WaitSeconds: z.nullable(z.number()),
  }),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

/** The analytics page's figures for a date range (default: the last 30 days; at most 366). */
export const GetAnalyticsSummary = defineCall({
  name: 'GetAnalyticsSummary',
  method: 'GET',
  path: 'Analytics/GetAnalyticsSummary',
  request: query({ From: maybe(IsoDaySchema), To: maybe(IsoDaySchema) }).check(rangeCheck),
  result: AnalyticsSummarySchema,
  access: ['SFAD_InternalAdmin'],
  mutates: false,
});
