/**
 * Chat figures for the analytics page (issue 18): chats per day, answered vs missed, and the wait before a staff
 * member accepted (median and 90th percentile, seconds). A chat is answered when it was accepted; missed when it was
 * closed while still waiting (the agent gave up, or it was closed unanswered); chats still waiting count in neither.
 * Days are UTC days of the chat's start.
 */
import type { Queryable } from '../../db/index.ts';

export interface ChatDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  chats: number;
  answered: number;
  missed: number;
}

export interface ChatFigures {
  /** Every day of the period that had chats, oldest first. */
  days: ChatDay[];
  chats: number;
  answered: number;
  missed: number;
  /** Seconds from start to accepted over the answered chats; null when none was answered. */
  medianWaitSeconds: number | null;
  p90WaitSeconds: number | null;
}

/** The figures of the chats started in [from, to). */
export async function chatFigures(db: Queryable, range: { from: Date; to: Date }): Promise<ChatFigures> {
  const params = [range.from.toISOString(), range.to.toISOString()];
  const days = await db.query<{ day: string; chats: number; answered: number; missed: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS chats,
            count(*) FILTER (WHERE accepted_at IS NOT NULL)::int AS answered,
            count(*) FILTER (WHERE accepted_at IS NULL AND status = 'Closed')::int AS missed
       FROM chats WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz
      GROUP BY 1 ORDER BY 1`,
    params,
  );
  const [waits] = await db.query<{ median: number | null; p90: number | null }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY w) AS median, percentile_cont(0.9) WITHIN GROUP (ORDER BY w) AS p90
       FROM (SELECT extract(epoch FROM accepted_at - created_at)::float8 AS w FROM chats
              WHERE accepted_at IS NOT NULL AND created_at >= $1::timestamptz AND created_at < $2::timestamptz) x`,
    params,
  );
  const round = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(Number(n) * 10) / 10);
  const list = days.map((d) => ({ day: d.day, chats: Number(d.chats), answered: Number(d.answered), missed: Number(d.missed) }));
  return {
    days: list,
    chats: list.reduce((a, d) => a + d.chats, 0),
    answered: list.reduce((a, d) => a + d.answered, 0),
    missed: list.reduce((a, d) => a + d.missed, 0),
    medianWaitSeconds: round(waits?.median),
    p90WaitSeconds: round(waits?.p90),
  };
}
