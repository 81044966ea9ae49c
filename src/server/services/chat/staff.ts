/**
 * Care-desk staff and their availability (issue 18, docs/decisions/035-live-chat.md).
 *
 * Staff: internal admins (by role) and the members of the care-desk group (care_desk_members).
 * Availability: a staff member counts as available while their own flag is set AND they were seen within
 * PRESENCE_WINDOW_SECONDS (an open console stream touches `last_seen_at` every PRESENCE_TOUCH_MS; so does every
 * console call). Going away, signing out, leaving the group, or not being seen (the console closed: the window is
 * the grace period) clears the flag; every change is one row of care_desk_availability_log with who, when and why.
 */
import type { Lang } from '../../../lib/i18n.ts';
import type { Queryable } from '../../db/index.ts';
import { log } from '../../log.ts';
import type { UserRow } from '../users.ts';
import { chatBus } from './bus.ts';

/** How long a staff member counts as there after they were last seen (s). */
export const PRESENCE_WINDOW_SECONDS = 60;
/** How often an open console stream says its staff member is there (ms): well inside the window. */
export const PRESENCE_TOUCH_MS = 20_000;
/** How often the server looks for staff who are no longer seen (ms). */
export const AWAY_SWEEP_MS = 10_000;

/** Why availability changed (care_desk_availability_log.reason). */
export type AvailabilityReason = 'set' | 'console-gone' | 'signed-out' | 'removed';

/** Is the user care-desk staff: an internal admin, or a member of the care-desk group? */
export async function isStaff(db: Queryable, user: Pick<UserRow, 'id' | 'dashboard_user_role'>): Promise<boolean> {
  if (user.dashboard_user_role === 'SFAD_InternalAdmin') return true;
  const [row] = await db.query('SELECT 1 FROM care_desk_members WHERE user_id = $1', [user.id]);
  return Boolean(row);
}

/** The SQL condition "this staff status row counts as available now". */
const AVAILABLE_NOW = `s.available AND s.last_seen_at > now() - make_interval(secs => ${PRESENCE_WINDOW_SECONDS})`;

/** Is at least one staff member available now? (One indexed read; StartChat and the streams ask this.) */
export async function anyoneAvailable(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>(`SELECT EXISTS (SELECT 1 FROM care_desk_staff_status s WHERE ${AVAILABLE_NOW}) AS ok`);
  return Boolean(row?.ok);
}

/** How long GetChatAvailability's answer is reused in a process (ms); a change of this process clears it at once. */
export const AVAILABILITY_CACHE_MS = 1000;
const cached = new Map<Queryable, { at: number; value: Promise<boolean> }>();
/** The databases whose availability notices clear their cached answer (subscribed on first use). */
const following = new WeakSet<Queryable>();
/**
 * The chat button's answer (GetChatAvailability, polled by every agent tab): anyoneAvailable, shared by the calls
 * of one second in this process. A change made in this process is seen at once; one made elsewhere within a second.
 */
export function anyoneAvailableCached(db: Queryable, now = Date.now()): Promise<boolean> {
  if (!following.has(db)) {
    following.add(db);
    chatBus.subscribe(db, (n) => {
      if (n.kind === 'availability') cached.delete(db);
    });
  }
  const hit = cached.get(db);
  if (hit && now - hit.at < AVAILABILITY_CACHE_MS) return hit.value;
  const value = anyoneAvailable(db);
  cached.set(db, { at: now, value });
  value.catch(() => cached.delete(db));
  return value;
}

/** Is this staff member available now? */
export async function isAvailable(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>(`SELECT EXISTS (SELECT 1 FROM care_desk_staff_status s WHERE s.user_id = $1 AND ${AVAILABLE_NOW}) AS ok`, [userId]);
  return Boolean(row?.ok);
}

/** Says the staff member is there now (an open console stream, a console call). */
export async function touchStaff(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE care_desk_staff_status SET last_seen_at = now() WHERE user_id = $1', [userId]);
}

/**
 * Sets a staff member available or away. `changedBy` is the user who did it (null: the server). A change is logged
 * and published; setting the same value again only counts as being seen.
 */
export async function setAvailability(db: Queryable, userId: string, available: boolean, reason: AvailabilityReason, changedBy: string | null): Promise<boolean> {
  const [before] = await db.query<{ available: boolean }>('SELECT available FROM care_desk_staff_status WHERE user_id = $1', [userId]);
  const wasAvailable = before ? await isAvailable(db, userId) : false;
  await db.query(
    `INSERT INTO care_desk_staff_status AS s (user_id, available) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET available = $2,
       last_seen_at = CASE WHEN $3 THEN now() ELSE s.last_seen_at END,
       changed_at = CASE WHEN s.available <> $2 THEN now() ELSE s.changed_at END`,
    [userId, available, reason === 'set'],
  );
  // Logged when the flag changes, or when a lapsed flag is set again (the staff member came back).
  if ((before?.available ?? false) !== available || wasAvailable !== available) {
    await db.query('INSERT INTO care_desk_availability_log (user_id, available, reason, changed_by) VALUES ($1, $2, $3, $4)', [userId, available, reason, changedBy]);
    log.info('care desk availability', { userId, available, reason });
    chatBus.publish(db, { kind: 'availability' });
  }
  return available;
}

/**
 * Staff whose flag is set but who were not seen within the window: set away (reason 'console-gone'), logged and
 * published. Run every AWAY_SWEEP_MS by each process; the UPDATE … RETURNING takes each row once.
 */
export async function sweepAway(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `UPDATE care_desk_staff_status s SET available = false, changed_at = now()
      WHERE s.available AND s.last_seen_at <= now() - make_interval(secs => ${PRESENCE_WINDOW_SECONDS})
      RETURNING s.user_id`,
  );
  for (const r of rows) await db.query("INSERT INTO care_desk_availability_log (user_id, available, reason) VALUES ($1, false, 'console-gone')", [r.user_id]);
  if (rows.length) {
    log.info('care desk staff set away (console gone)', { count: rows.length });
    chatBus.publish(db, { kind: 'availability' });
  }
  return rows.map((r) => r.user_id);
}

/** Starts the sweep (every AWAY_SWEEP_MS); returns the stop function. */
export function startAwaySweep(db: Queryable, everyMs = AWAY_SWEEP_MS): () => void {
  const timer = setInterval(() => {
    sweepAway(db).catch((err) => log.warn('care desk sweep failed', { error: String((err as Error)?.message ?? err) }));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A staff member signed out: away at once (when they were available). */
export async function signedOut(db: Queryable, userId: string): Promise<void> {
  const [row] = await db.query<{ available: boolean }>('SELECT available FROM care_desk_staff_status WHERE user_id = $1', [userId]);
  if (row?.available) await setAvailability(db, userId, false, 'signed-out', userId);
}

/** Gives or takes the care-desk group; a member who leaves it while available is set away ('removed'). */
export async function setMember(db: Queryable, userId: string, member: boolean, by: UserRow): Promise<boolean> {
  if (member) {
    await db.query('INSERT INTO care_desk_members (user_id, added_by) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, by.email]);
  } else {
    await db.query('DELETE FROM care_desk_members WHERE user_id = $1', [userId]);
    const [target] = await db.query<{ dashboard_user_role: UserRow['dashboard_user_role'] }>('SELECT dashboard_user_role FROM users WHERE id = $1', [userId]);
    const [row] = await db.query<{ available: boolean }>('SELECT available FROM care_desk_staff_status WHERE user_id = $1', [userId]);
    // An internal admin stays staff by role.
    if (row?.available && target?.dashboard_user_role !== 'SFAD_InternalAdmin') await setAvailability(db, userId, false, 'removed', by.id);
  }
  return member;
}

/** One staff member as the console lists them (transfer targets). */
export interface StaffEntry {
  userId: string;
  name: string;
  available: boolean;
  activeChats: number;
}

/** Every staff member: internal admins and the group's members, with availability and their open chats. */
export async function listStaff(db: Queryable): Promise<StaffEntry[]> {
  const rows = await db.query<{ id: string; first_name: string; last_name: string; available: boolean; active: number }>(
    `SELECT u.id, u.first_name, u.last_name,
            coalesce((SELECT ${AVAILABLE_NOW} FROM care_desk_staff_status s WHERE s.user_id = u.id), false) AS available,
            (SELECT count(*)::int FROM chats c WHERE c.staff_user_id = u.id AND c.status = 'Active') AS active
       FROM users u
      WHERE u.status = 'ACTIVE' AND (u.dashboard_user_role = 'SFAD_InternalAdmin' OR EXISTS (SELECT 1 FROM care_desk_members m WHERE m.user_id = u.id))
      ORDER BY u.first_name, u.last_name, u.id`,
  );
  return rows.map((r) => ({ userId: r.id, name: `${r.first_name} ${r.last_name}`.trim(), available: Boolean(r.available), activeChats: Number(r.active) }));
}

/** The canned answers in a language. */
export async function cannedAnswers(db: Queryable, lang: Lang): Promise<{ id: string; title: string; text: string }[]> {
  return db.query<{ id: string; title: string; text: string }>('SELECT id, title, body AS text FROM care_desk_canned_answers WHERE lang = $1 ORDER BY sort, id', [lang]);
}
