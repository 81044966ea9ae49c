/**
 * Passkeys (issue 14): the WebAuthn ceremonies over @simplewebauthn/server and the passkeys table.
 * docs/decisions/022-passkeys.md.
 *
 * - The relying party is the portal's public host (PUBLIC_URL); the Spanish host (`espanol.<host>`) is another
 *   origin of the same relying party, so one passkey works on both.
 * - User verification is required (a PIN, a fingerprint, a face), and credentials are discoverable: the sign-in
 *   asks for no email, the authenticator offers the user's passkeys for the site.
 * - Challenges are random (32 bytes), live five minutes, and are taken (deleted) by the answer that uses them,
 *   right or wrong: a registration's is bound to the user, a sign-in's to the provider's interaction.
 * - Nothing here logs a challenge, a credential id or a key.
 */
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { MAX_PASSKEYS, PASSKEY_MESSAGES, type Passkey } from '../../lib/api/passkeys.ts';
import type { Db, Queryable } from '../db/index.ts';
import { siteOrigins } from '../env.ts';
import { HttpError } from '../errors.ts';
import type { UserRow } from './users.ts';

/** How long a ceremony's challenge stays usable. */
export const CHALLENGE_TTL_SECONDS = 300;
/** The name the authenticator shows for the portal. */
export const RP_NAME = 'Agent Portal';
/** ES256, EdDSA and RS256: what platform authenticators and security keys make. */
const ALGORITHMS = [-7, -8, -257];

/** A passkeys row. */
interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: string | number;
  transports: string[];
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toPasskey = (r: PasskeyRow): Passkey => ({ Id: r.id, Name: r.name, CreatedAt: iso(r.created_at)!, LastUsedAt: iso(r.last_used_at) });

/** The relying party of the portal at `origin` (its PUBLIC_URL origin). */
export interface RelyingParty {
  /** The RP id: the public host. */
  id: string;
  /** The origins a ceremony may come from (the site and its Spanish host). */
  origins: string[];
}

/**
 * The public host is the RP id of every ceremony, on either host: the sign-in page is the provider's, served on the
 * public host, so a passkey must belong to it. A page on `espanol.<host>` may claim `<host>` when it is a domain
 * name (production); on localhost or an address (development) browsers refuse, and the Spanish page says so.
 */
export function relyingParty(origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origins: siteOrigins(origin) };
}

const challengeExpiry = (now: Date) => new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000);

/** Deletes the expired challenges (each new ceremony sweeps). */
async function sweep(db: Queryable, now: Date) {
  await db.query('DELETE FROM passkey_challenges WHERE expires_at <= $1', [now]);
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Queryable, userId: string): Promise<Passkey[]> {
  const rows = await db.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, id', [userId]);
  return rows.map(toPasskey);
}

/** Removes every passkey of a user and their unfinished ceremonies (issue 15's ResetMFA); how many passkeys went. */
export async function removePasskeys(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query("DELETE FROM passkey_challenges WHERE user_id = $1 AND purpose = 'register'", [userId]);
    return (await tx.query('DELETE FROM passkeys WHERE user_id = $1 RETURNING id', [userId])).length;
  });
}

/** Starts adding a passkey for `user`: the creation options; their challenge replaces any unfinished one of the user. */
export async function startRegistration(db: Db, rp: RelyingParty, user: UserRow, now = new Date()): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.query<{ id: string; transports: string[] }>('SELECT id, transports FROM passkeys WHERE user_id = $1', [user.id]);
  if (existing.length >= MAX_PASSKEYS) throw new HttpError(400, PASSKEY_MESSAGES.tooMany);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: `${user.first_name} ${user.last_name}`.trim(),
    // The user handle: the user's id, which the portal never shows elsewhere and which changes with no email change.
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CHALLENGE_TTL_SECONDS * 1000,
  });
  await db.transaction(async (tx) => {
    await sweep(tx, now);
    await tx.query("DELETE FROM passkey_challenges WHERE user_id = $1 AND purpose = 'register'", [user.id]);
    await tx.query("INSERT INTO passkey_challenges (purpose, user_id, challenge, expires_at) VALUES ('register', $1, $2, $3)", [user.id, options.challenge, challengeExpiry(now)]);
  });
  return options;
}

/** Takes (deletes) a live challenge: the registration one of a user, or the sign-in one of an interaction. */
async function takeChallenge(db: Queryable, where: { userId: string } | { uid: string }, now: Date): Promise<string | null> {
  const [row] =
    'userId' in where
      ? await db.query<{ challenge: string; expires_at: Date }>("DELETE FROM passkey_challenges WHERE user_id = $1 AND purpose = 'register' RETURNING challenge, expires_at", [where.userId])
      : await db.query<{ challenge: string; expires_at: Date }>("DELETE FROM passkey_challenges WHERE interaction_uid = $1 AND purpose = 'signin' RETURNING challenge, expires_at", [where.uid]);
  return row && new Date(row.expires_at) > now ? row.challenge : null;
}

/** A passkey name: the given one, or 'Passkey N' (N the next free number). */
async function nameFor(db: Queryable, userId: string, given: string | undefined): Promise<string> {
  if (given?.trim()) return given.trim().slice(0, 60);
  const names = new Set((await db.query<{ name: string }>('SELECT name FROM passkeys WHERE user_id = $1', [userId])).map((r) => r.name));
  let n = 1;
  while (names.has(`Passkey ${n}`)) n++;
  return `Passkey ${n}`;
}

/**
 * Finishes adding a passkey: verifies the browser's answer against the user's challenge (taken, whatever the
 * outcome), the site's origins and RP ids, user verification; stores the credential. 400 when it fails.
 */
export async function finishRegistration(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
  response: RegistrationResponseJSON,
  name: string | undefined,
  now = new Date(),
): Promise<Passkey> {
  const challenge = await takeChallenge(db, { userId: user.id }, now);
  if (!challenge) throw new HttpError(400, PASSKEY_MESSAGES.expired);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    throw new HttpError(400, PASSKEY_MESSAGES.registrationFailed);
  }
  if (!verified.verified) throw new HttpError(400, PASSKEY_MESSAGES.registrationFailed);
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    const [{ n }] = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1', [user.id])) as [{ n: number }];
    if (n >= MAX_PASSKEYS) throw new HttpError(400, PASSKEY_MESSAGES.tooMany);
    const taken = await tx.query('SELECT 1 FROM passkeys WHERE id = $1', [credential.id]);
    if (taken.length) throw new HttpError(400, PASSKEY_MESSAGES.registrationFailed);
    const [row] = await tx.query<PasskeyRow>(
      `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, device_type, backed_up, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
      [
        credential.id,
        user.id,
        isoBase64URL.fromBuffer(credential.publicKey),
        credential.counter,
        (credential.transports ?? response.response.transports ?? []).slice(0, 10),
        await nameFor(tx, user.id, name),
        credentialDeviceType,
        credentialBackedUp,
        now,
      ],
    );
    return toPasskey(row!);
  });
}

/** Renames one of the user's passkeys; 404 when the user has none of that id. */
export async function renamePasskey(db: Queryable, userId: string, id: string, name: string): Promise<Passkey> {
  const [row] = await db.query<PasskeyRow>('UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING *', [id, userId, name.trim().slice(0, 60)]);
  if (!row) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
  return toPasskey(row);
}

/** Removes one of the user's passkeys; 404 when the user has none of that id. */
export async function deletePasskey(db: Queryable, userId: string, id: string): Promise<void> {
  const rows = await db.query('DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  if (!rows.length) throw new HttpError(404, PASSKEY_MESSAGES.notFound);
}

/** Starts a passkey sign-in for the provider's interaction `uid`: the request options (any discoverable passkey of the site). */
export async function startSignIn(db: Db, rp: RelyingParty, uid: string, now = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_SECONDS * 1000 });
  await db.transaction(async (tx) => {
    await sweep(tx, now);
    await tx.query("DELETE FROM passkey_challenges WHERE interaction_uid = $1 AND purpose = 'signin'", [uid]);
    await tx.query("INSERT INTO passkey_challenges (purpose, interaction_uid, challenge, expires_at) VALUES ('signin', $1, $2, $3)", [uid, options.challenge, challengeExpiry(now)]);
  });
  return options;
}

/** Why a passkey sign-in failed (for the log; the browser gets one message for all). */
export type SignInRefusal = 'no-challenge' | 'unknown-credential' | 'not-verified' | 'user-not-active';

/**
 * Verifies a passkey sign-in for interaction `uid`: the interaction's challenge (taken, whatever the outcome),
 * the credential (known, its signature, user verification, a counter that moved forward), the origins and RP
 * ids, and the user (ACTIVE). The user's id, or why it failed. Records the counter and the time of use.
 */
export async function verifySignIn(
  db: Db,
  rp: RelyingParty,
  uid: string,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<{ userId: string } | { refused: SignInRefusal }> {
  const challenge = await takeChallenge(db, { uid }, now);
  if (!challenge) return { refused: 'no-challenge' };
  const [row] = await db.query<PasskeyRow & { status: UserRow['status'] }>(
    'SELECT p.*, u.status FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.id = $1',
    [response.id],
  );
  if (!row) return { refused: 'unknown-credential' };
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: row.id, publicKey: isoBase64URL.toBuffer(row.public_key), counter: Number(row.counter), transports: row.transports },
      requireUserVerification: true,
    });
  } catch {
    return { refused: 'not-verified' };
  }
  if (!verified.verified) return { refused: 'not-verified' };
  // The user handle, when the authenticator gives it, names the passkey's owner.
  if (response.response.userHandle && isoBase64URL.toUTF8String(response.response.userHandle) !== row.user_id) return { refused: 'not-verified' };
  if (row.status !== 'ACTIVE') return { refused: 'user-not-active' };
  // The counter moves forward (or stays 0 for authenticators that keep none); a concurrent use that got there first wins.
  const updated = await db.query('UPDATE passkeys SET counter = $2, last_used_at = $3 WHERE id = $1 AND (counter < $2 OR $2 = 0) RETURNING id', [
    row.id,
    verified.authenticationInfo.newCounter,
    now,
  ]);
  if (!updated.length) return { refused: 'not-verified' };
  return { userId: row.user_id };
}
