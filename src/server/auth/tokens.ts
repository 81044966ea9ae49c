import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Signing algorithms the API accepts; anything else (none, HS*) is refused. */
export const ALLOWED_ALGS = ['RS256', 'PS256', 'ES256'];

/** Verifies bearer access tokens. */
export interface TokenVerifier {
  /** Resolves with the token's claims, or rejects when it is not acceptable. */
  verify(token: string): Promise<JWTPayload & { sub: string }>;
}

/** A verifier for the given issuer and audience against a key set (local JWKS or a remote jwks_uri). */
export function createVerifier(opts: { issuer: string; audience: string; keys: JSONWebKeySet | URL }): TokenVerifier {
  const getKey: JWTVerifyGetKey = opts.keys instanceof URL ? createRemoteJWKSet(opts.keys) : createLocalJWKSet(opts.keys);
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: opts.issuer,
        audience: opts.audience,
        algorithms: ALLOWED_ALGS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token has no subject');
      return payload as JWTPayload & { sub: string };
    },
  };
}

/** Finds the jwks_uri of an external issuer through its discovery document. */
export async function discoverJwksUri(issuer: string): Promise<URL> {
  const res = await fetch(new URL('.well-known/openid-configuration', issuer.endsWith('/') ? issuer : issuer + '/'));
  if (!res.ok) throw new Error(`OpenID discovery failed for ${issuer}: HTTP ${res.status}`);
  const doc = (await res.json()) as { jwks_uri?: string };
  if (!doc.jwks_uri) throw new Error(`OpenID discovery for ${issuer} has no jwks_uri`);
  return new URL(doc.jwks_uri);
}
