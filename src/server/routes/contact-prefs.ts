import { Hono } from 'hono';
import { GetUserAgentContactPrefs, UpdateUserAgentContactPrefs } from '../../lib/api/contact-prefs.ts';
import { getContactPrefs, saveContactPrefs } from '../services/notifications.ts';
import { HttpError } from '../errors.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The message of a call that names another user. */
export const OWN_PREFS_ONLY = 'You may only change your own contact preferences.';

/** User/GetUserAgentContactPrefs and User/UpdateUserAgentContactPrefs: agents and agency admins, their own preferences only. */
export function contactPrefsRoutes(deps: RouteDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const { db } = deps;

  mountCall(r, deps, GetUserAgentContactPrefs, async ({ input, user }) => {
    if (input.userId !== undefined && input.userId !== user!.id) throw new HttpError(403, 'You may only read your own contact preferences.');
    return getContactPrefs(db, user!.id);
  });

  mountCall(r, deps, UpdateUserAgentContactPrefs, async ({ input, user }) => {
    if (input.UserId !== undefined && input.UserId !== user!.id) throw new HttpError(403, OWN_PREFS_ONLY);
    return saveContactPrefs(db, user!.id, input);
  });
  return r;
}
