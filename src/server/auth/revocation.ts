/**
 * Ends every sign-in of a user at once (issue 14): after a password reset or change, a deactivation, or
 * anything else that must not leave an old session behind.
 *
 * - The provider's stored sessions, grants, authorization codes and refresh tokens of the account are
 *   deleted: a refresh is refused and the provider's session cookie no longer signs anyone in.
 * - Access tokens are JWTs that nobody stores: each carries the user's session version (claim `sv`, set by
 *   the provider's extraTokenClaims), and revocation increments the version, so the API (routes/define.ts
 *   authenticate, which reads the users row on every call anyway) refuses every token issued before it. The
 *   check costs no query of its own, and a sign-in right after the revocation gets the new version.
 *
 * Both happen in one transaction. See docs/decisions/002-sign-in-and-token-storage.md.
 */
import type { Db, Queryable } from '../db/index.ts';

/** The access-token claim that carries the user's session version. */
export const SESSION_VERSION_CLAIM = 'sv';

/** Ends the user's sessions, grants and refresh tokens, and makes the API refuse their earlier access tokens. */
export async function revokeUserSessions(db: Db | Queryable, userId: string): Promise<void> {
  const run = async (q: Queryable) => {
    await q.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [userId]);
    await q.query(`DELETE FROM oidc_models WHERE payload->>'accountId' = $1`, [userId]);
  };
  if ('transaction' in db) await db.transaction(run);
  else await run(db);
}

/** True when a token's session version (its `sv` claim; absent = 0) is the user's current one. */
export function currentSession(claims: Record<string, unknown>, user: { session_version: number }): boolean {
  const sv = claims[SESSION_VERSION_CLAIM] ?? 0;
  return sv === user.session_version;
}
