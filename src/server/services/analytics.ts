/**
 * The analytics page's figures (issue 18, docs/decisions/034-analytics-page.md): every query reads a date range of
 * page_views or referrals by created_at (their indexes: migrations 005 and 023), in UTC days.
 */
import type { AnalyticsSummary } from '../../lib/api/analytics.ts';
import { FUNNEL_STAGES, type FunnelStage } from '../../lib/analytics.ts';
import type { Queryable } from '../db/index.ts';
import { chatFigures } from './chat/figures.ts';

/** The range's bounds as timestamps: [From 00:00 UTC, the day after To 00:00 UTC). */
const RANGE = `created_at >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`;
/** A page view's route: its path without query, hash or trailing slash. */
const ROUTE = (col: string) => `rtrim(split_part(split_part(${col}, '?', 1), '#', 1), '/')`;
/** The funnel's stages as an SQL list (constants: no user input). */
const STAGE_PATHS = FUNNEL_STAGES.map((s) => `'/dashboard/${s}'`).join(', ');

const round1 = (n: number | string | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);

export async function analyticsSummary(db: Queryable, range: { From: string; To: string }): Promise<AnalyticsSummary> {
  const args = [range.From, range.To];
  const perDay = await db.query<{ day: string; views: number; users: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(v.views, 0)::int AS views, coalesce(v.users, 0)::int AS users
       FROM generate_series($1::date, $2::date, interval '1 day') AS d
       LEFT JOIN (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS views, count(DISTINCT user_id) AS users
                    FROM page_views WHERE ${RANGE} AND coalesce(event, 'PageView') = 'PageView' GROUP BY 1) v ON v.day = d::date
      ORDER BY d`,
    args,
  );
  const stages = await db.query<{ route: string; users: number }>(
    `SELECT route, count(DISTINCT user_id)::int AS users
       FROM (SELECT user_id, ${ROUTE('web_page')} AS route FROM page_views WHERE ${RANGE} AND user_id IS NOT NULL AND web_page LIKE '/dashboard/%') s
      WHERE route IN (${STAGE_PATHS}) GROUP BY route`,
    args,
  );
  const usersAt = new Map(stages.map((s) => [s.route.slice('/dashboard/'.length) as FunnelStage, s.users]));
  const Funnel = FUNNEL_STAGES.map((Stage, i) => {
    const Users = usersAt.get(Stage) ?? 0;
    const before = i === 0 ? 0 : (usersAt.get(FUNNEL_STAGES[i - 1]!) ?? 0);
    return { Stage, Users, Drop: before > 0 ? Math.round(((before - Users) / before) * 1000) / 1000 : null };
  });
  const [ttf] = await db.query<{ claims: number; measured: number; median: number | null; p90: number | null }>(
    `SELECT count(*)::int AS claims, count(m)::int AS measured,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY m) AS median, percentile_cont(0.9) WITHIN GROUP (ORDER BY m) AS p90
       FROM (SELECT (SELECT extract(epoch FROM r.created_at - max(p.created_at)) / 60 FROM page_views p
                      WHERE p.user_id = r.user_id AND p.created_at <= r.created_at AND p.created_at > r.created_at - interval '24 hours'
                        AND ${ROUTE('p.web_page')} = '/dashboard/start-claim') AS m
               FROM referrals r WHERE ${RANGE}) x`,
    args,
  );
  const [search] = await db.query<{ searches: number; no_results: number }>(
    `SELECT count(*)::int AS searches, count(*) FILTER (WHERE value = '0' OR lower(label) = 'not found')::int AS no_results
       FROM page_views WHERE ${RANGE} AND (lower(category) = 'search' OR lower(action) LIKE '%search%')`,
    args,
  );
  // Live chat (the care desk): the chats started in the range, every day of it listed (days without chats: 0).
  const from = new Date(`${range.From}T00:00:00Z`);
  const to = new Date(`${range.To}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  const chat = await chatFigures(db, { from, to });
  const chatsOn = new Map(chat.days.map((d) => [d.day, d.chats]));
  return {
    From: range.From,
    To: range.To,
    PageViewsPerDay: perDay.map((d) => ({ Day: d.day, Views: d.views, Users: d.users })),
    Funnel,
    TimeToFile: { Claims: ttf!.claims, Measured: ttf!.measured, MedianMinutes: round1(ttf!.median), P90Minutes: round1(ttf!.p90) },
    Searches: { Searches: search!.searches, NoResults: search!.no_results },
    Chat: {
      chatsPerDay: perDay.map((d) => ({ day: d.day, chats: chatsOn.get(d.day) ?? 0 })),
      answered: chat.answered,
      missed: chat.missed,
      medianWaitSeconds: chat.medianWaitSeconds === null ? null : Math.round(chat.medianWaitSeconds),
      p90WaitSeconds: chat.p90WaitSeconds === null ? null : Math.round(chat.p90WaitSeconds),
    },
  };
}
