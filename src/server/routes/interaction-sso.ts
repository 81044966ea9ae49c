/**
 * "Sign in with your agency" (issue 17): the embedded provider's sign-in interaction handed on to an agency's
 * own OpenID provider and back. The sign-in page (with its interaction uid) lists the providers, sends the
 * browser to /oidc/interaction/:uid/sso (by provider or by the email's domain); the agency provider answers at
 * the return point /dashboard/sso-redirect, which hands the answer to /oidc/interaction/:uid/sso-return (there
 * the embedded provider's interaction cookie is sent: the answer must come back to the browser that started),
 * where the broker checks it and the interaction finishes for the user. docs/decisions/028-agency-sso.md.
 */
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { EmbeddedOidc } from '../auth/oidc.ts';
import { findAgencyIdp, listAgencyIdps, SSO_REDIRECT_PATH, SsoRefused, type SsoBroker } from '../auth/sso-broker.ts';
import { spanishOrigin } from '../env.ts';
import { log } from '../log.ts';
import { fail, type AppEnv, type RouteDeps } from './define.ts';
import { LOGIN_MESSAGES } from '../../lib/api/login.ts';
import { finishLogin, UID_PATTERN } from './interaction-shared.ts';
import { SSO_LOGIN_FLAG } from '../../lib/api/sso.ts';

/** The path an SSO user's sign-out passes through (the portal's client registers it as a post-logout URI). */
export const SSO_SIGNOUT_PATH = '/dashboard/sso-signout';
/** Cookie naming the agency provider the browser signed in with (only its id: which provider to sign out of). */
const SSO_IDP_COOKIE = 'portal_sso_idp';
/**
 * Cookie saying that the sign-in sent to an agency provider was in Spanish ('es'), sent back only to the return point:
 * an answer whose state names no sign-in (made up, changed) still shows the refusal in the reader's language.
 */
const SSO_LANG_COOKIE = 'portal_sso_lang';

/** True when the embedded provider's interaction asked for Spanish (ui_locales, from the Spanish host's sign-in page). */
const spanishInteraction = (details: { params: Record<string, unknown> } | null) =>
  String(details?.params.ui_locales ?? '').split(' ')[0]?.startsWith('es') === true;

export function interactionSsoRoutes(deps: RouteDeps & { oidc: EmbeddedOidc; broker: SsoBroker }): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { provider } = deps.oidc;
  // Back to the sign-in page with the refusal, in Spanish when the sign-in was (as the interaction's own page, interaction.ts).
  const back = (uid: string, why: 'nomatch' | 'failed', es: boolean) =>
    `/dashboard/login?uid=${encodeURIComponent(uid)}&${SSO_LOGIN_FLAG}=${why}${es ? '&lang=es' : ''}`;

  // The providers the sign-in page offers (names and email domains; never issuers or clients).
  // Only within a sign-in (the interaction and its cookie): not a public directory of agencies' providers.
  r.get(`/oidc/interaction/:uid${UID_PATTERN}/sso-providers`, async (c) => {
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing).catch(() => null);
    if (!details || details.uid !== c.req.param('uid')) return fail(c, 400, LOGIN_MESSAGES.expired);
    const rows = await listAgencyIdps(deps.db);
    c.header('Cache-Control', 'no-store');
    return c.json({ isSuccess: true, message: 'Success', result: rows.map((r) => ({ id: r.id, name: r.display_name, domains: r.email_domains })) });
  });

  r.get(`/oidc/interaction/:uid${UID_PATTERN}/sso`, async (c) => {
    const uid = c.req.param('uid');
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing).catch(() => null);
    if (!details || details.uid !== uid || details.prompt.name !== 'login') return c.redirect('/dashboard/login', 303);
    const idp = await findAgencyIdp(deps.db, { id: c.req.query('idp') || undefined, email: c.req.query('email') || undefined });
    const es = spanishInteraction(details);
    if (!idp) return c.redirect(back(uid, 'nomatch', es), 303);
    try {
      const url = await deps.broker.start(idp, uid);
      log.info('sso: sent to agency provider', { idp: idp.id });
      // As long as the state is kept (10 minutes); an English sign-in drops one an earlier Spanish sign-in left (this
      // path does not receive it: it is the return point's).
      if (es) {
        setCookie(c, SSO_LANG_COOKIE, 'es', { path: SSO_REDIRECT_PATH, httpOnly: true, sameSite: 'Lax', secure: deps.origin.startsWith('https://'), maxAge: 600 });
      } else deleteCookie(c, SSO_LANG_COOKIE, { path: SSO_REDIRECT_PATH });
      return c.redirect(url.href, 303);
    } catch (err) {
      log.warn('sso: agency provider unreachable', { idp: idp.id, error: err instanceof Error ? err.message : String(err) });
      return c.redirect(back(uid, 'failed', es), 303);
    }
  });

  // The return point registered at the agency providers: on to the interaction the state belongs to.
  r.get(SSO_REDIRECT_PATH, async (c) => {
    const url = new URL(c.req.url);
    const lang = getCookie(c, SSO_LANG_COOKIE);
    if (lang !== undefined) deleteCookie(c, SSO_LANG_COOKIE, { path: SSO_REDIRECT_PATH });
    const uid = await deps.broker.interactionFor(url.searchParams.get('state') ?? '');
    if (!uid) {
      log.warn('sso: answer with an unknown or expired state');
      // A Spanish reader's sign-in started on the Spanish host: the refusal is shown there.
      return c.redirect(`${lang === 'es' ? spanishOrigin(deps.origin) : ''}/dashboard/login?${SSO_LOGIN_FLAG}=failed`, 303);
    }
    return c.redirect(`/oidc/interaction/${encodeURIComponent(uid)}/sso-return${url.search}`, 303);
  });

  r.get(`/oidc/interaction/:uid${UID_PATTERN}/sso-return`, async (c) => {
    const uid = c.req.param('uid');
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing).catch(() => null);
    // Another browser (no interaction cookie), or an expired interaction.
    if (!details || details.uid !== uid || details.prompt.name !== 'login') {
      log.warn('sso: answer outside its sign-in');
      return c.redirect(`/dashboard/login?${SSO_LOGIN_FLAG}=failed`, 303);
    }
    try {
      const done = await deps.broker.finish(new URL(c.req.url), uid);
      const redirectTo = await finishLogin(c, provider, done.userId);
      setCookie(c, SSO_IDP_COOKIE, done.idpId, {
        path: SSO_SIGNOUT_PATH,
        httpOnly: true,
        sameSite: 'Lax',
        secure: deps.origin.startsWith('https://'),
        maxAge: 8 * 3600,
      });
      log.info('sign-in', { userId: done.userId, sso: done.idpId });
      return c.redirect(redirectTo, 303);
    } catch (err) {
      if (!(err instanceof SsoRefused)) throw err;
      log.warn('sso: sign-in refused', { reason: err.message });
      return c.redirect(back(uid, 'failed', spanishInteraction(details)), 303);
    }
  });
  // After the portal's own sign-out: the agency provider's (RP-initiated logout), which returns to the sign-in page.
  r.get(SSO_SIGNOUT_PATH, async (c) => {
    const idp = getCookie(c, SSO_IDP_COOKIE);
    deleteCookie(c, SSO_IDP_COOKIE, { path: SSO_SIGNOUT_PATH });
    const login = new URL('/dashboard/login', deps.origin).href;
    const to = idp && /^[a-z0-9-]{1,40}$/.test(idp) ? await deps.broker.endSessionUrl(idp, login) : undefined;
    c.header('Cache-Control', 'no-store');
    return c.redirect(to?.href ?? '/dashboard/login', 303);
  });
  return r;
}
