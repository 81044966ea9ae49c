/** QuickSubmit (spec section 7): CreateReferral files a claim once per Idempotency-Key (services/referrals.ts). */
import { Hono } from 'hono';
import { CreateReferral, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../lib/api/quick-submit.ts';
import { HttpError } from '../errors.ts';
import { createReferral } from '../services/referrals.ts';
import { recordUserConversion } from '../services/experiments.ts';
import { CLAIM_SUBMITTED_GOAL } from '../../lib/constants.ts';
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
    const reply = await createReferral(db, user!, input, key);
    // Issue 18: a filed claim converts the user's devices (their analytics sessions) in experiments with this goal; once each.
    await recordUserConversion(db, user!.id, CLAIM_SUBMITTED_GOAL);
    return reply;
  });

  return router;
}
