import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Adapter, type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { findUserById } from '../services/users.ts';
import { SESSION_VERSION_CLAIM } from './revocation.ts';
import { loadCookieKeys, loadSigningKeys, publicJwks } from './secrets.ts';
import { siteOrigins as siteOriginsOf } from '../env.ts';

/** Path the embedded provider is mounted at. */
export const OIDC_MOUNT = '/oidc';
/**
 * Access tokens live at most this many seconds (10 minutes). Revocation does not wait for them to expire:
 * a token issued before the user's sign-ins were revoked is refused at once (auth/revocation.ts).
 */
export const ACCESS_TOKEN_TTL = 600;
/** Refresh tokens and sessions end this many seconds after sign-in, however often they are used. */
export const SESSION_ABSOLUTE_TTL = 8 * 3600;

/** Scopes the portal asks for. */
export const OIDC_SCOPES = 'openid profile email';

/**
 * Stores every provider model (sessions, grants, codes, refresh tokens, interactions) in oidc_models; `prefix`
 * keeps another provider's models (the demo agency provider, auth/agency-idp.ts) apart.
 */
export function dbAdapterFactory(db: Db, prefix = '') {
  return class DbAdapter implements Adapter {
    private readonly model: string;
    constructor(model: string) {
      this.model = prefix + model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await db.query(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [this.model, id, payload as Record<string, unknown>, payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt],
      );
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const [row] = await db.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `SELECT payload, consumed_at FROM oidc_models
         WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      if (!row) return undefined;
      return { ...row.payload, ...(row.consumed_at ? { consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) } : {}) };
    }

    find(id: string) {
      return this.findBy('id', id);
    }
    findByUid(uid: string) {
      return this.findBy('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findBy('user_code', userCode);
    }
    async consume(id: string): Promise<void> {
      await db.query('UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2', [this.model, id]);
    }
    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [this.model, id]);
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_models WHERE grant_id = $1', [grantId]);
    }
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page in the portal's look for the provider's own screens (logout confirm, errors). */
function providerPage(title: string, inner: string, script?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Agent Portal</title><link rel="stylesheet" href="/oidc-pages.css"></head>
<body><main class="op-card"><h1>${escapeHtml(title)}</h1>${inner}</main>${script ? `<script src="${script}"></script>` : ''}</body></html>`;
}

export interface OidcOptions {
  db: Db;
  /** Public origin, e.g. http://localhost:4321. */
  origin: string;
  clientId: string;
  audience: string;
  /** Behind a proxy (TRUST_PROXY): take host and protocol from its X-Forwarded-Host and X-Forwarded-Proto. */
  trustProxy?: boolean;
}

/** The embedded provider, its issuer and the public keys the API verifies with. */
export interface EmbeddedOidc {
  provider: Provider;
  issuer: string;
  jwks: { keys: Record<string, unknown>[] };
  /** Handles a Node request whose path starts with OIDC_MOUNT. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Sets the host and protocol the provider builds its URLs from (and judges cookie security by) on a request
   * for it: handle() does it; the interaction routes, which reach the provider through Hono, call it first.
   */
  vouch(req: IncomingMessage): void;
}

/** Builds the embedded OpenID provider: users from the database, storage in the database, PKCE, JWT access tokens. */
export async function createEmbeddedOidc(opts: OidcOptions): Promise<EmbeddedOidc> {
  const { db, origin, clientId, audience } = opts;
  const issuer = origin + OIDC_MOUNT;
  const signingKeys = await loadSigningKeys(db);
  const cookieKeys = await loadCookieKeys(db);
  const secure = origin.startsWith('https://');
  const siteOrigins = siteOriginsOf(origin);

  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Agent Portal',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The portal's own origin and its Spanish host (spec section 1), both served by this process.
        redirect_uris: siteOrigins.map((o) => `${o}/dashboard/login`),
        // The sign-in page; for a user signed in with their agency, first the agency provider's sign-out (issue 17).
        post_logout_redirect_uris: siteOrigins.flatMap((o) => [`${o}/dashboard/login`, `${o}/dashboard/sso-signout`]),
      },
    ],
    jwks: { keys: signingKeys as never },
    cookies: {
      keys: cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure },
    },
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'AgentFirstName', 'AgentLastName', 'AgentNumber', 'dashboardUserRole', 'isSSOLogin'],
      email: ['email'],
    },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            name: `${user.first_name} ${user.last_name}`,
            email: user.email,
            dashboardUserRole: user.dashboard_user_role,
            AgentFirstName: user.first_name,
            AgentLastName: user.last_name,
            AgentNumber: user.agent_number ?? '',
            // Signed in through an agency's own provider (issue 17, auth/sso-broker.ts).
            isSSOLogin: user.is_sso,
          };
        },
      };
    },
    pkce: { required: () => true },
    // The single-use sign-in ticket of create-new-password and a password change travels with the authorization
    // request, so that it reaches the sign-in page on this host from the Spanish host too (spent at once, 2 minutes).
    extraParams: ['signin_ticket'],
    // Browsers may call the provider's CORS endpoints (token, revocation) only from the portal's own origins.
    clientBasedCORS: (_ctx, requestOrigin) => siteOrigins.includes(requestOrigin),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: OIDC_SCOPES,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = providerPage(
            'Signing you out',
            `<p>Just a sec...</p>${form}<button class="op-button" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>`,
            '/oidc-logout.js',
          );
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = providerPage('You are signed out', '<p><a class="op-button" href="/dashboard/login">Sign in again</a></p>');
        },
      },
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await findUserById(db, token.accountId);
      return user
        ? { dashboardUserRole: user.dashboard_user_role, isSSOLogin: user.is_sso, [SESSION_VERSION_CLAIM]: user.session_version }
        : undefined;
    },
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    rotateRefreshToken: true,
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      // The portal is the provider's only, first-party client: consent is implied.
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(OIDC_SCOPES);
      grant.addResourceScope(audience, OIDC_SCOPES);
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 3600,
      Grant: SESSION_ABSOLUTE_TTL,
      Session: SESSION_ABSOLUTE_TTL,
      RefreshToken(_ctx, token) {
        // Absolute lifetime: a rotated token keeps the original sign-in time.
        const age = 'totalLifetime' in token ? token.totalLifetime() : 0;
        return Math.max(1, SESSION_ABSOLUTE_TTL - age);
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = providerPage(
        'Sign-in problem',
        `<p>${escapeHtml(String(out.error_description ?? out.error ?? 'Something went wrong.'))}</p><p><a class="op-button" href="/dashboard/login">Back to sign in</a></p>`,
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  // The provider (Koa) builds its URLs (the discovery document's endpoints, the interaction's return
  // address) from the request's host and protocol, and refuses secure cookies on a request it thinks came
  // over http. It reads both from X-Forwarded-Host and X-Forwarded-Proto, which vouch() below sets: from the
  // proxy when TRUST_PROXY says there is one, otherwise from PUBLIC_URL (a forged Host or X-Forwarded-Host
  // must not put another origin in the discovery document, and TLS ended before this process is still https).
  provider.proxy = true;
  const callback = provider.callback();
  const publicUrl = new URL(origin);
  const ownHosts = new Set(siteOrigins.map((o) => new URL(o).host));
  // A Host header as the origins spell it (lower case, no default port), or '' when it is not a host.
  const hostOf = (raw: string | undefined) => {
    try {
      return raw ? new URL(`${publicUrl.protocol}//${raw}`).host : '';
    } catch {
      return '';
    }
  };
  const vouch = (req: IncomingMessage) => {
    const h = req.headers;
    if (opts.trustProxy) {
      // The proxy names the host (or passes the browser's Host on); it should name the protocol too.
      h['x-forwarded-proto'] ??= publicUrl.protocol.slice(0, -1);
      return;
    }
    // The Spanish host is one of the site's own origins: kept, so a sign-in started there comes back there.
    h.host = ownHosts.has(hostOf(h.host)) ? hostOf(h.host) : publicUrl.host;
    h['x-forwarded-host'] = h.host;
    h['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    delete h['x-forwarded-for'];
  };
  return {
    provider,
    issuer,
    jwks: publicJwks(signingKeys) as { keys: Record<string, unknown>[] },
    vouch,
    handle(req, res) {
      vouch(req);
      // Mounted under OIDC_MOUNT: the provider sees paths relative to its issuer.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice(OIDC_MOUNT.length) || '/';
      void callback(req, res);
    },
  };
}
