/** QuickSubmit (spec section 7): CreateReferral files a claim once per Idempotency-Key (services/referrals.ts). */
import { Hono } from 'hono';
import { CreateReferral, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../lib/api/quick-submit.ts';
import { HttpError } from '../errors.ts';
import { createReferral } from '../services/referrals.ts';
import { mountCall, type AppEnv, type RouteDeps } from './define.ts';

/** The QuickSubmit calls. */
export function quickSubmitRoutes(deps: RouteDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { db } = deps;

  mountCall(router, deps, CreateReferral, async ({ c, input, user }) => {
    const key = c.req.header(IDEMPOTENCY_HEADER) ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new HttpError(400, `The ${IDEMPOTENCY_HEADER} header is required: 16 to 128 letters, digits, '-' or '_'.`);
    }
    return createReferral(db, user!, input, key);
  });

  return router;
}
