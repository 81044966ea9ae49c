/**
 * Passkeys in manage-account (issue 14): list, add (start + finish), rename, remove. Object level: every call
 * acts on the caller's own passkeys only; another user's passkey id is answered as not found (404), whatever
 * the caller's role. See src/lib/api/passkeys.ts and docs/decisions/022-passkeys.md.
 */
import { recordAudit } from '../services/audit.ts';
import { Hono } from 'hono';
import { DeletePasskey, FinishPasskeyRegistration, GetPasskeys, RenamePasskey, StartPasskeyRegistration } from '../../lib/api/passkeys.ts';
import { log } from '../log.ts';
import { deletePasskey, finishRegistration, listPasskeys, relyingParty, renamePasskey, startRegistration } from '../services/passkeys.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

export function passkeyRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;
  const rp = relyingParty(deps.origin);

  mountCall(router, deps, GetPasskeys, async ({ user }) => listPasskeys(db, user!.id));

  mountCall(router, deps, StartPasskeyRegistration, async ({ user }) => startRegistration(db, rp, user!));

  mountCall(router, deps, FinishPasskeyRegistration, async ({ input, user }) => {
    const added = await finishRegistration(db, rp, user!, input.Response, input.Name);
    log.info('passkey added', { userId: user!.id });
    await recordAudit(db, { actor: { id: user!.id, email: user!.email }, action: 'addPasskey', entity: 'user', entityId: user!.id, after: { name: added.Name } });
    return added;
  });

  mountCall(router, deps, RenamePasskey, async ({ input, user }) => renamePasskey(db, user!.id, input.Id, input.Name));

  mountCall(router, deps, DeletePasskey, async ({ input, user }) => {
    await deletePasskey(db, user!.id, input.Id);
    log.info('passkey removed', { userId: user!.id });
    await recordAudit(db, { actor: { id: user!.id, email: user!.email }, action: 'removePasskey', entity: 'user', entityId: user!.id, before: { id: input.Id } });
    return listPasskeys(db, user!.id);
  });
  return router;
}
