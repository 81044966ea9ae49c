import { createHash } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Signing algorithms the API accepts; anything else (none, HS*) is refused. */
export const ALLOWED_ALGS = ['RS256', 'PS256', 'ES256'];

/** Verifies bearer access tokens. */
export interface TokenVerifier {
  /** Resolves with the token's claims, or rejects when it is not acceptable. */
  verify(token: string): Promise<JWTPayload & { sub: string }>;
}

/** Verified tokens remembered at most (past it the memory starts again empty). */
export const VERIFIED_TOKENS_MAX = 10_000;
/** A verified token is checked again after this long, whatever its expiry (a key taken out of the set takes effect). */
export const VERIFIED_TOKEN_TTL_MS = 5 * 60_000;

/**
 * A verifier for the given issuer and audience against a key set (local JWKS or a remote jwks_uri).
 * A token is verified once (signature, issuer, audience, times): its claims are then remembered, under the token's
 * SHA-256 (not the token), until it expires or VERIFIED_TOKEN_TTL_MS has passed (issue 19: the signature check was
 * a tenth of a signed-in call). Revocation does not depend on this: authenticate() compares the claims with the
 * user's row on every call.
 */
export function createVerifier(opts: { issuer: string; audience: string; keys: JSONWebKeySet | URL }): TokenVerifier {
  const getKey: JWTVerifyGetKey = opts.keys instanceof URL ? createRemoteJWKSet(opts.keys) : createLocalJWKSet(opts.keys);
  const verified = new Map<string, { claims: JWTPayload & { sub: string }; until: number }>();
  return {
    async verify(token) {
      const key = createHash('sha256').update(token).digest('base64url');
      const hit = verified.get(key);
      if (hit) {
        if (Date.now() < hit.until) return hit.claims;
        verified.delete(key);
      }
      const claims = await verifyOnce(token);
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
      verified.set(key, { claims, until: Math.min(Number(claims.exp) * 1000, Date.now() + VERIFIED_TOKEN_TTL_MS) });
      return claims;
    },
  };

  async function verifyOnce(token: string): Promise<JWTPayload & { sub: string }> {
    const { payload } = await jwtVerify(token, getKey, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ALLOWED_ALGS,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 5,
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token has no subject');
    return payload as JWTPayload & { sub: string };
  }
}

/** Finds the jwks_uri of an external issuer through its discovery document. */
export async function discoverJwksUri(issuer: string): Promise<URL> {
  const res = await fetch(new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : issuer + '/'));
  if (!res.ok) throw new Error(`OpenID discovery failed for ${issuer}: HTTP ${res.status}`);
  const doc = (await res.json()) as { jwks_uri?: string };
  if (!doc.jwks_uri) throw new Error(`OpenID discovery for ${issuer} has no jwks_uri`);
  return new URL(doc.jwks_uri);
}
