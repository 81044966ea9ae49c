/**
 * The demo agency identity provider (issue 17): a second, independent `oidc-provider` instance served by the
 * same process under AGENCY_IDP_MOUNT, with its own keys, cookies and a small fixed user list, playing an
 * agency's own OpenID provider so single sign-on runs end to end out of the box and in tests. The portal's
 * embedded provider reaches it only as any other agency provider: through discovery, over HTTP, with
 * openid-client (auth/sso-broker.ts). Off with AGENCY_IDP_DEMO=false.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JWK } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { loadDemoIdpKeys } from './secrets.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { dbAdapterFactory } from './oidc.ts';
import { log } from '../log.ts';

/** Path the demo agency provider is mounted at. */
export const AGENCY_IDP_MOUNT = '/agency-idp';
/** The demo provider's row in agency_idps. */
export const DEMO_IDP_ID = 'harbor-point-demo';
/** The portal's client at the demo provider. */
export const DEMO_IDP_CLIENT_ID = 'agent-portal-broker';
/** The environment variable holding that client's secret (a random one per start when unset). */
export const DEMO_IDP_SECRET_ENV = 'AGENCY_IDP_DEMO_SECRET';
/** Harbor Point Insurance Group, the demo agency whose users sign in there. */
export const DEMO_IDP_AGENCY = '10045821';

/** A user of the demo agency provider. */
export interface DemoIdpUser {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  /** The agency the agency's provider says the user works for (a custom claim); absent for a new hire. */
  agency_number?: string;
}

/** The demo provider's users; every one has the demo password (README). */
export const DEMO_IDP_USERS: readonly DemoIdpUser[] = [
  { sub: 'hp-0001', email: 'sso.agent@harborpoint.test', given_name: 'Sasha', family_name: 'Okafor', agency_number: DEMO_IDP_AGENCY },
  { sub: 'hp-0002', email: 'sso.new@harborpoint.test', given_name: 'Noel', family_name: 'Ferreira' },
  // A second new hire, so that the Spanish and keyboard journey of sso-agency-flow (tests/e2e/sso.test.ts) does not
  // depend on the English one, which gets sso.new approved.
  { sub: 'hp-0003', email: 'sso.hire@harborpoint.test', given_name: 'Rosa', family_name: 'Quintero' },
];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, inner: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Harbor Point sign-in (demo)</title><link rel="stylesheet" href="/oidc-pages.css"></head>
<body><main class="op-card"><h1>${escapeHtml(title)}</h1>${inner}</main></body></html>`;
}

function loginForm(uid: string, error?: string, email = ''): string {
  const action = `${AGENCY_IDP_MOUNT}/interaction/${encodeURIComponent(uid)}/login`;
  return page(
    'Harbor Point sign-in',
    `<p>Demo agency identity provider. Users: ${DEMO_IDP_USERS.map((u) => `<code>${u.email}</code>`).join(', ')}.</p>
${error ? `<p role="alert" id="idp-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" novalidate>
<p><label for="idp-email">Email</label><br><input id="idp-email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${error ? ' aria-describedby="idp-error"' : ''}></p>
<p><label for="idp-password">Password</label><br><input id="idp-password" name="password" type="password" autocomplete="current-password" required></p>
<p><button class="op-button" type="submit">Sign in</button></p>
</form>`,
  );
}

/** Reads an urlencoded body (at most 8 KB). */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 8192) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface AgencyIdp {
  issuer: string;
  provider: Provider;
  /** Handles a Node request whose path starts with AGENCY_IDP_MOUNT. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Starts the demo agency provider at origin + AGENCY_IDP_MOUNT. Its one client is the portal's broker
 * (confidential: `clientSecret`), returning to `redirectUris` and, after sign-out, to `postLogoutRedirectUris`.
 */
export async function createAgencyIdp(opts: {
  db: Db;
  origin: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}): Promise<AgencyIdp> {
  const issuer = opts.origin + AGENCY_IDP_MOUNT;
  // Its own keys (a real agency provider never shares the portal's), kept in the database: one set for every process.
  const keys = await loadDemoIdpKeys(opts.db);
  const jwk: JWK = keys.signing;
  const secure = opts.origin.startsWith('https://');
  const configuration: Configuration = {
    adapter: dbAdapterFactory(opts.db, 'agency-idp:'),
    clients: [
      {
        client_id: DEMO_IDP_CLIENT_ID,
        client_secret: opts.clientSecret,
        client_name: 'Agent Portal',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris,
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: {
      keys: [keys.cookie],
      // Names and path of its own: the portal's provider on the same origin uses the default names at '/'.
      names: { session: '_hp_session', interaction: '_hp_interaction', resume: '_hp_interaction_resume' },
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure, path: AGENCY_IDP_MOUNT },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure },
    },
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'agency_number'], email: ['email', 'email_verified'] },
    // The broker reads the user from the id token alone.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const user = DEMO_IDP_USERS.find((u) => u.sub === sub);
      if (!user) return undefined;
      return { accountId: user.sub, claims: async () => ({ ...user, email_verified: true }) };
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          // Signed out at once (the portal's sign-out already asked): the form posts itself.
          ctx.body = page(
            'Signing you out of Harbor Point',
            `${form}<p><button class="op-button" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></p><script src="/oidc-logout.js"></script>`,
          );
        },
      },
    },
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      // The agency trusts the portal: consent is implied.
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${AGENCY_IDP_MOUNT}/interaction/${interaction.uid}` },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 900, Session: 3600, Grant: 3600 },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page('Sign-in problem', `<p>${escapeHtml(String(out.error_description ?? out.error ?? 'Something went wrong.'))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  const callback = provider.callback();
  const publicUrl = new URL(opts.origin);
  const interactionPath = new RegExp(`^${AGENCY_IDP_MOUNT}/interaction/([A-Za-z0-9_-]{8,64})(/login)?$`);

  const send = (res: ServerResponse, status: number, html: string) => {
    res.statusCode = status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(html);
  };

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, isLogin: boolean): Promise<void> {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(res, 400, page('Sign-in expired', '<p>This sign-in has expired. Go back to the Agent Portal and start again.</p>'));
    }
    if (details.uid !== uid) return send(res, 400, page('Sign-in expired', '<p>This sign-in has expired.</p>'));
    if (!isLogin || req.method !== 'POST') return send(res, 200, loginForm(uid));
    const origin = req.headers.origin;
    if (origin && origin !== publicUrl.origin) return send(res, 403, page('Refused', '<p>Cross-origin request refused.</p>'));
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch {
      return send(res, 400, loginForm(uid, 'Enter your email and password.'));
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const password = form.get('password') ?? '';
    const user = DEMO_IDP_USERS.find((u) => u.email === email);
    if (!user || !sameText(password, DEMO_PASSWORD)) {
      log.info('demo agency provider: sign-in failed');
      return send(res, 401, loginForm(uid, 'The email or password is not correct.', email));
    }
    await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    provider,
    handle(req, res) {
      // URLs (discovery, cookies' security) from the public origin, as the embedded provider does.
      req.headers.host = publicUrl.host;
      req.headers['x-forwarded-host'] = publicUrl.host;
      req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
      const path = (req.url ?? '/').split('?')[0]!;
      const m = interactionPath.exec(path);
      if (m) {
        interaction(req, res, m[1]!, Boolean(m[2])).catch((err: unknown) => {
          log.error('demo agency provider: interaction failed', { error: String(err) });
          if (!res.headersSent) send(res, 500, page('Sign-in problem', '<p>Something went wrong.</p>'));
        });
        return;
      }
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice(AGENCY_IDP_MOUNT.length) || '/';
      void callback(req, res);
    },
  };
}
