/**
 * Agency user administration (issue 15): lists of users in keyset pages with a signed cursor, and the guard
 * rails (the last active admin of an agency stays; nobody deactivates or demotes themselves).
 * docs/decisions/025-agency-user-administration.md.
 */
import { loadCursorSecret } from '../auth/secrets.ts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import type { ListedUser, UserPage, UserSort } from '../../lib/api/user-admin.ts';

/** What a list asks for; the cursor carries all of it, so a next page cannot change the search or widen its scope. */
export interface UserQuery {
  /** Who asked: a cursor is good for its own caller only. */
  actor: string;
  /** The agency, or null for all agencies (internal admins). */
  agency: string | null;
  kind: 'agentNumber' | 'nameOrEmail';
  term: string;
  sort: UserSort;
  dir: 'asc' | 'desc';
  size: number;
}
interface Cursor extends UserQuery {
  /** The last row's sort key and id. */
  after: [string, string];
}

/** Text sort keys (compared byte-wise, COLLATE "C"), so that one keyset comparison serves every column. */
const SORT_KEYS: Record<UserSort, string> = {
  name: `lower(u.last_name || ' ' || u.first_name)`,
  email: `lower(u.email)`,
  status: `u.status`,
  lastSignIn: `coalesce(to_char(u.last_login_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')`,
};

/**
 * The signing key of cursors: the one stored in the database once `loadCursorKey` has run (every process signs
 * and checks with the same key, so a cursor made by one process is taken by another and survives a restart).
 */
let cursorKey: Buffer = randomBytes(32);
let keyLoad: Promise<void> | null = null;
export function loadCursorKey(db: Db): Promise<void> {
  keyLoad ??= loadCursorSecret(db).then((k) => {
    cursorKey = k;
  });
  return keyLoad;
}
/** Tests: a known key. */
export function setCursorKey(key: Buffer): void {
  cursorKey = key;
}

const sign = (payload: string) => createHmac('sha256', cursorKey).update(payload).digest('base64url');

export function encodeCursor(c: Cursor): string {
  const payload = Buffer.from(JSON.stringify(c)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The cursor, or null when it is malformed, signed with another key, changed, or not the caller's. */
export function decodeCursor(link: string, actor: string): Cursor | null {
  const [payload, mac, ...rest] = link.split('.');
  if (!payload || !mac || rest.length) return null;
  const want = Buffer.from(sign(payload));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Cursor;
    return c.actor === actor ? c : null;
  } catch {
    return null;
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  agent_number: string | null;
  status: ListedUser['Status'];
  dashboard_user_role: string;
  last_login_at: Date | string | null;
  agencies: string[] | string | null;
  sort_key: string;
}

/** One page of users (the query's, after the cursor's row when given). */
export async function listUsers(db: Queryable, q: UserQuery, after?: [string, string]): Promise<UserPage> {
  const key = SORT_KEYS[q.sort];
  const params: (string | number)[] = [];
  const where: string[] = [];
  const p = (v: string | number) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.agency) where.push(`EXISTS (SELECT 1 FROM user_agencies s WHERE s.user_id = u.id AND s.agency_number = ${p(q.agency)})`);
  if (q.kind === 'agentNumber') where.push(`lower(u.agent_number) LIKE ${p(likeEscape(q.term.toLowerCase()) + '%')}`);
  else if (q.term) {
    const like = p('%' + likeEscape(q.term.toLowerCase()) + '%');
    where.push(`(lower(u.first_name || ' ' || u.last_name) LIKE ${like} OR lower(u.last_name || ', ' || u.first_name) LIKE ${like} OR lower(u.email) LIKE ${like})`);
  }
  const op = q.dir === 'asc' ? '>' : '<';
  if (after) where.push(`((${key}) COLLATE "C", u.id COLLATE "C") ${op} (${p(after[0])} COLLATE "C", ${p(after[1])} COLLATE "C")`);
  const dir = q.dir === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query<Row>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.agent_number, u.status, u.dashboard_user_role, u.last_login_at,
            (${key}) AS sort_key,
            (SELECT coalesce(json_agg(ua.agency_number ORDER BY ua.agency_number), '[]'::json) FROM user_agencies ua WHERE ua.user_id = u.id) AS agencies
       FROM users u
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY (${key}) COLLATE "C" ${dir}, u.id COLLATE "C" ${dir}
      LIMIT ${p(q.size + 1)}`,
    params,
  );
  const more = rows.length > q.size;
  const shown = rows.slice(0, q.size);
  const last = shown.at(-1);
  return {
    Users: shown.map((r) => ({
      UserId: r.id,
      FirstName: r.first_name,
      LastName: r.last_name,
      Email: r.email,
      AgentNumber: r.agent_number,
      Status: r.status,
      DashboardUserRole: r.dashboard_user_role,
      LastSignIn: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
      Agencies: typeof r.agencies === 'string' ? (JSON.parse(r.agencies) as string[]) : (r.agencies ?? []),
    })),
    NextLink: more && last ? encodeCursor({ ...q, after: [last.sort_key, last.id] }) : null,
  };
}

/**
 * The agencies where the user is the only active agency admin: deactivating, demoting or removing them there
 * would leave the agency without one.
 */
export async function soleAdminOf(db: Queryable, userId: string, agencyNumbers?: string[]): Promise<string[]> {
  const rows = await db.query<{ agency_number: string }>(
    `SELECT ua.agency_number FROM user_agencies ua JOIN users u ON u.id = ua.user_id
      WHERE ua.user_id = $1 AND u.dashboard_user_role = 'SFAD_Admin' AND u.status = 'ACTIVE'
        AND NOT EXISTS (SELECT 1 FROM user_agencies o JOIN users x ON x.id = o.user_id
                         WHERE o.agency_number = ua.agency_number AND o.user_id <> ua.user_id
                           AND x.dashboard_user_role = 'SFAD_Admin' AND x.status = 'ACTIVE')`,
    [userId],
  );
  const all = rows.map((r) => r.agency_number);
  return agencyNumbers ? all.filter((a) => agencyNumbers.includes(a)) : all;
}
