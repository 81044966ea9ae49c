/**
 * The single sign-on broker (issue 17): the portal's embedded provider sends a sign-in on to an agency's own
 * OpenID provider (agency_idps) with openid-client — authorization code + PKCE, state and nonce kept server side
 * (sso_pending, the state only as its hash, bound to the embedded provider's interaction) — and, on the answer,
 * checks issuer, audience, nonce and state, then creates or updates the user just in time (users.is_sso).
 * docs/decisions/028-agency-sso.md.
 */
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { Db, Queryable } from '../db/index.ts';
import { log } from '../log.ts';

/** The return point registered at every agency provider (spec section 2). */
export const SSO_REDIRECT_PATH = '/dashboard/sso-redirect';
/** A pending sign-in lives at most this many seconds. */
export const SSO_PENDING_TTL = 600;

/** An agency_idps row. */
export interface AgencyIdpRow {
  id: string;
  agency_number: string | null;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret_env: string;
  email_domains: string[];
  enabled: boolean;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/** The enabled agency providers. */
export async function listAgencyIdps(db: Queryable): Promise<AgencyIdpRow[]> {
  return db.query<AgencyIdpRow>('SELECT * FROM agency_idps WHERE enabled ORDER BY display_name');
}

/** The enabled provider with this id, or the one whose email domains include the email's domain. */
export async function findAgencyIdp(db: Queryable, by: { id?: string; email?: string }): Promise<AgencyIdpRow | undefined> {
  const rows = await listAgencyIdps(db);
  if (by.id) return rows.find((r) => r.id === by.id);
  const domain = by.email?.trim().toLowerCase().split('@')[1];
  return domain ? rows.find((r) => r.email_domains.includes(domain)) : undefined;
}

/** Why a sign-in through an agency provider was refused (logged; the user sees one message). */
export class SsoRefused extends Error {}

export interface SsoBrokerOptions {
  db: Db;
  /** Public origin of the portal: the redirect URI is origin + SSO_REDIRECT_PATH. */
  origin: string;
  /** The client secret named by an agency_idps row's client_secret_env. */
  secretFor(envName: string): string | undefined;
}

/** The user an agency provider vouched for, created or updated just in time. */
export interface SsoSignIn {
  userId: string;
  idpId: string;
}

export interface SsoBroker {
  /** Starts a sign-in at `idp` for the embedded provider's interaction `uid`: the agency provider's authorization URL. */
  start(idp: AgencyIdpRow, uid: string): Promise<URL>;
  /** The interaction a returning state belongs to (undefined: unknown or expired). */
  interactionFor(state: string): Promise<string | undefined>;
  /** Finishes the sign-in whose answer is `callbackUrl` (the return point with code, state, iss) for interaction `uid`. */
  finish(callbackUrl: URL, uid: string): Promise<SsoSignIn>;
  /** The agency provider's end-session URL (RP-initiated logout) returning to `postLogoutRedirect`, if it has one. */
  endSessionUrl(idpId: string, postLogoutRedirect: string): Promise<URL | undefined>;
}

export function createSsoBroker(opts: SsoBrokerOptions): SsoBroker {
  const { db } = opts;
  const redirectUri = opts.origin + SSO_REDIRECT_PATH;
  // Discovery documents per provider (issuer + client), fetched once; dropped on a failure so a fix is picked up.
  const configs = new Map<string, Promise<client.Configuration>>();

  function configFor(idp: AgencyIdpRow): Promise<client.Configuration> {
    const key = `${idp.id}|${idp.issuer}|${idp.client_id}`;
    let config = configs.get(key);
    if (!config) {
      const secret = opts.secretFor(idp.client_secret_env);
      if (!secret) return Promise.reject(new SsoRefused(`no client secret in ${idp.client_secret_env}`));
      const issuer = new URL(idp.issuer);
      // Plain http only for a provider on this machine (the demo provider, tests); an agency's is https.
      const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      // discovery() checks that the document names exactly this issuer.
      config = client.discovery(issuer, idp.client_id, { client_secret: secret, id_token_signed_response_alg: 'RS256' }, client.ClientSecretBasic(secret), {
        execute: local ? [client.allowInsecureRequests] : [],
        timeout: 10,
      });
      config.catch(() => configs.delete(key));
      configs.set(key, config);
    }
    return config;
  }

  async function idpById(id: string): Promise<AgencyIdpRow> {
    const [row] = await db.query<AgencyIdpRow>('SELECT * FROM agency_idps WHERE id = $1 AND enabled', [id]);
    if (!row) throw new SsoRefused('agency provider unknown or disabled');
    return row;
  }

  return {
    async start(idp, uid) {
      const config = await configFor(idp);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      await db.query('DELETE FROM sso_pending WHERE expires_at < now()');
      await db.query(
        `INSERT INTO sso_pending (state_hash, interaction_uid, idp_id, nonce, code_verifier, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
        [sha256(state), uid, idp.id, nonce, verifier, SSO_PENDING_TTL],
      );
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
    },

    async interactionFor(state) {
      const [row] = await db.query<{ interaction_uid: string }>(
        'SELECT interaction_uid FROM sso_pending WHERE state_hash = $1 AND expires_at > now()',
        [sha256(state)],
      );
      return row?.interaction_uid;
    },

    async finish(callbackUrl, uid) {
      const state = callbackUrl.searchParams.get('state') ?? '';
      // Spent once, whatever the outcome.
      const [pending] = await db.query<{ interaction_uid: string; idp_id: string; nonce: string; code_verifier: string }>(
        'DELETE FROM sso_pending WHERE state_hash = $1 AND expires_at > now() RETURNING interaction_uid, idp_id, nonce, code_verifier',
        [sha256(state)],
      );
      if (!pending) throw new SsoRefused('unknown or expired state');
      if (pending.interaction_uid !== uid) throw new SsoRefused('state of another sign-in');
      const idp = await idpById(pending.idp_id);
      const config = await configFor(idp);
      const answer = new URL(redirectUri);
      answer.search = callbackUrl.search;
      let tokens;
      try {
        // Checks state, the iss of the answer (RFC 9207), the id token's signature, issuer, audience (client id),
        // nonce and expiry, and sends the PKCE verifier.
        tokens = await client.authorizationCodeGrant(
          config,
          answer,
          { expectedState: state, expectedNonce: pending.nonce, pkceCodeVerifier: pending.code_verifier, idTokenExpected: true },
          { redirect_uri: redirectUri },
        );
      } catch (err) {
        throw new SsoRefused(`answer refused: ${err instanceof Error ? err.message : String(err)}`);
      }
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw new SsoRefused('no id token');
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      const domain = email.split('@')[1] ?? '';
      if (!email || !idp.email_domains.includes(domain)) throw new SsoRefused('email outside the provider’s domains');
      if (claims.email_verified === false) throw new SsoRefused('email not verified');
      const userId = await upsertSsoUser(db, idp, {
        sub: claims.sub,
        email,
        firstName: typeof claims.given_name === 'string' && claims.given_name.trim() ? claims.given_name.trim() : email.split('@')[0]!,
        lastName: typeof claims.family_name === 'string' && claims.family_name.trim() ? claims.family_name.trim() : '-',
        agencyNumber: typeof claims.agency_number === 'string' ? claims.agency_number : undefined,
      });
      return { userId, idpId: idp.id };
    },

    async endSessionUrl(idpId, postLogoutRedirect) {
      try {
        const config = await configFor(await idpById(idpId));
        if (!config.serverMetadata().end_session_endpoint) return undefined;
        return client.buildEndSessionUrl(config, { client_id: config.clientMetadata().client_id, post_logout_redirect_uri: postLogoutRedirect });
      } catch (err) {
        log.warn('sso: no end-session URL', { idpId, error: err instanceof Error ? err.message : String(err) });
        return undefined;
      }
    },
  };
}

/**
 * Creates or updates the user an agency provider signed in: found by (provider, subject), else by email (an
 * existing agent or agency admin becomes an SSO user; internal and CE admins and deactivated users are refused);
 * names and email from the claims. Linked to the provider's own agency when the claims name it.
 */
export async function upsertSsoUser(
  db: Db,
  idp: AgencyIdpRow,
  who: { sub: string; email: string; firstName: string; lastName: string; agencyNumber?: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [known] = await tx.query<{ user_id: string }>('SELECT user_id FROM sso_identities WHERE idp_id = $1 AND subject = $2', [idp.id, who.sub]);
    const [existing] = await tx.query<{ id: string; status: string; dashboard_user_role: string }>(
      known ? 'SELECT id, status, dashboard_user_role FROM users WHERE id = $1' : 'SELECT id, status, dashboard_user_role FROM users WHERE lower(email) = $1',
      [known?.user_id ?? who.email],
    );
    let userId: string;
    if (existing) {
      userId = existing.id;
      // An agency's provider speaks for agents and agency admins only: internal and CE admins sign in with the portal
      // (and its second step), and a user an admin deactivated stays deactivated.
      if (existing.dashboard_user_role !== 'SFAD_Agent' && existing.dashboard_user_role !== 'SFAD_Admin') throw new SsoRefused('not an agency user');
      if (existing.status === 'DEPROVISIONED') throw new SsoRefused('user deactivated');
      await tx.query(
        `UPDATE users SET email = $2, first_name = $3, last_name = $4, is_sso = true, status = 'ACTIVE', last_login_at = now() WHERE id = $1`,
        [userId, who.email, who.firstName, who.lastName],
      );
    } else {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO users (email, first_name, last_name, dashboard_user_role, is_sso, status, last_login_at)
         VALUES ($1, $2, $3, 'SFAD_Agent', true, 'ACTIVE', now()) RETURNING id`,
        [who.email, who.firstName, who.lastName],
      );
      userId = row!.id;
    }
    await tx.query(
      `INSERT INTO sso_identities (idp_id, subject, user_id) VALUES ($1, $2, $3)
       ON CONFLICT (idp_id, subject) DO UPDATE SET user_id = excluded.user_id, last_login = now()`,
      [idp.id, who.sub, userId],
    );
    // Only the provider's own agency: a provider without one (or naming another) sends the user through the agency
    // flow, where an admin approves (sso-agency-flow).
    const agency = who.agencyNumber && idp.agency_number === who.agencyNumber ? who.agencyNumber : undefined;
    if (agency) {
      const [{ n }] = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM user_agencies WHERE user_id = $1', [userId])) as [{ n: number }];
      await tx.query(
        `INSERT INTO user_agencies (user_id, agency_number, is_default_agency)
         SELECT $1, agency_number, $3 FROM agencies WHERE agency_number = $2
         ON CONFLICT DO NOTHING`,
        [userId, agency, n === 0],
      );
    }
    return userId;
  });
}

/** Puts (or moves to this origin) the demo agency provider's row. */
export async function seedDemoIdp(
  db: Queryable,
  row: { id: string; agencyNumber: string; name: string; issuer: string; clientId: string; secretEnv: string; domains: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO agency_idps (id, agency_number, display_name, issuer, client_id, client_secret_env, email_domains)
     SELECT $1, (SELECT agency_number FROM agencies WHERE agency_number = $2), $3, $4, $5, $6, $7::jsonb
     ON CONFLICT (id) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id, client_secret_env = excluded.client_secret_env`,
    [row.id, row.agencyNumber, row.name, row.issuer, row.clientId, row.secretEnv, JSON.stringify(row.domains)],
  );
}
