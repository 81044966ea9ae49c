import { createHmac, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/index.ts';

async function loadOrCreate<T>(db: Db, name: string, make: () => Promise<T>): Promise<T> {
  const [row] = await db.query<{ value: T }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  if (row) return row.value;
  const value = await make();
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, value as never]);
  const [stored] = await db.query<{ value: T }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return stored!.value;
}

/** The provider's private signing keys (RS256), generated on first start and kept in the database. */
export function loadSigningKeys(db: Db): Promise<JWK[]> {
  return loadOrCreate(db, 'oidc_signing_keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }];
  });
}

/** Keys that sign the provider's cookies, generated on first start and kept in the database. */
export function loadCookieKeys(db: Db): Promise<string[]> {
  return loadOrCreate(db, 'oidc_cookie_keys', async () => [randomBytes(32).toString('base64url')]);
}

/**
 * The key (AES-256-GCM, 32 bytes) that encrypts users' TOTP secrets at rest (issue 14), generated on first start
 * and kept in the database like the other secrets; never logged.
 */
export async function loadMfaSecretKey(db: Db): Promise<Buffer> {
  const value = await loadOrCreate(db, 'mfa_secret_key', async () => ({ aes256gcm: randomBytes(32).toString('base64url') }));
  return Buffer.from(value.aes256gcm, 'base64url');
}

/** The key (HMAC-SHA256) that signs user-list cursors (issue 15): one for every process, kept like the others. */
export async function loadCursorSecret(db: Db): Promise<Buffer> {
  const value = await loadOrCreate(db, 'user_cursor_key', async () => ({ hmac: randomBytes(32).toString('base64url') }));
  return Buffer.from(value.hmac, 'base64url');
}

/**
 * The demo agency provider's keys (issue 17): its signing key and cookie key, kept apart from the portal's (a real
 * agency provider never shares the portal's), generated on first start and kept in the database so that every
 * process of a cluster signs and checks with the same ones (issue 19).
 */
export function loadDemoIdpKeys(db: Db): Promise<{ signing: JWK; cookie: string }> {
  return loadOrCreate(db, 'agency_idp_demo_keys', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const signing: JWK = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'hp-' + randomBytes(6).toString('hex') };
    return { signing, cookie: randomBytes(32).toString('base64url') };
  });
}

/**
 * The demo agency provider's client secret when AGENCY_IDP_DEMO_SECRET is not set: derived from the provider's cookie
 * key (HMAC), so every process on one database derives the same one and no further secret is stored.
 */
export async function derivedDemoIdpSecret(db: Db): Promise<string> {
  const [key] = await loadCookieKeys(db);
  return createHmac('sha256', key!).update('agency-idp-demo-client-secret').digest('base64url');
}

/** The public half of private JWKs. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return { keys: keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({ kty, n, e, crv, x, y, kid, alg, use })) };
}
