/**
 * Live updates (issue 6): `GET /agentdashboard/api/v1/AgencyWorkOrder/Events`, server-sent events of the
 * committed work-order changes (the bus) the caller may see. Authenticated like every call (bearer
 * token; the browser reads it with fetch, src/lib/api/live.ts), role-checked, validated; refusals answer
 * with the JSON envelope. The stream ends when the access token expires (the client reconnects with
 * the renewed one), a comment line every 25 s keeps proxies from closing it, and each user may hold a
 * few streams at once (per process). docs/decisions/010-notifications.md.
 */
import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { describeIssues } from '../../lib/api/contract.ts';
import { AgencyWorkOrderEvents, type WorkOrderEvent } from '../../lib/api/live.ts';
import { log } from '../log.ts';
import { onStatusChange, type StatusChange } from '../services/work-order-bus.ts';
import { mayViewChange } from '../services/work-orders/access.ts';
import { authenticate, fail, type AppEnv, type RouteDeps } from './define.ts';
import { eventStream } from './event-stream.ts';

/** Heartbeat interval (a comment line), ms. */
export const HEARTBEAT_MS = 25_000;
/** Streams one user may hold open at once (several tabs); one more → 429. */
export const MAX_STREAMS_PER_USER = 5;
/** The answer when a user already holds MAX_STREAMS_PER_USER streams. */
export const TOO_MANY_STREAMS = 'Too many live update streams are open. Close another portal tab and try again.';

/** Open streams per user id (this process). */
const openStreams = new Map<string, number>();
/** How many streams are open now (all users); tests wait on it to see a stream closed. */
export const liveStreamCount = () => [...openStreams.values()].reduce((a, b) => a + b, 0);

/** A change as the event carries it. */
export const eventOf = (c: StatusChange): WorkOrderEvent => ({
  workOrderId: c.workOrderId,
  referralNumber: c.referralNumber,
  agencyNumber: c.agencyNumber,
  previousStatus: c.previousStatus,
  status: c.status,
  at: c.at.toISOString(),
});

/** The events route; `heartbeatMs` for tests. */
export function liveRoutes(deps: RouteDeps, opts: { heartbeatMs?: number } = {}): Hono<AppEnv> {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const contract = AgencyWorkOrderEvents;
  const r = new Hono<AppEnv>();

  r.get('/' + contract.path, async (c) => {
    const user = await authenticate(c, deps);
    if (!user) {
      c.header('WWW-Authenticate', 'Bearer');
      return fail(c, 401, 'Unauthorized');
    }
    if (contract.access !== 'public' && !contract.access.includes(user.dashboard_user_role)) return fail(c, 403, 'You do not have access to this.');
    const parsed = contract.request.safeParse(c.req.query());
    if (!parsed.success) {
      const { message, errors } = describeIssues(parsed.error.issues);
      return fail(c, 400, message, errors);
    }
    if ((openStreams.get(user.id) ?? 0) >= MAX_STREAMS_PER_USER) return fail(c, 429, TOO_MANY_STREAMS);

    // The token was verified by authenticate(); its expiry ends the stream.
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')![1]!;
    const exp = Number(decodeJwt(token).exp) * 1000;
    const db = deps.db;
    return eventStream(c, {
      db,
      userId: user.id,
      counts: openStreams,
      expiresAt: exp,
      heartbeatMs,
      open(sink) {
        // Changes are checked and written one after the other, so the events keep the bus's order.
        let queue = Promise.resolve();
        const unsubscribe = onStatusChange(db, (change) => {
          queue = queue
            .then(async () => {
              if (!sink.closed && (await mayViewChange(db, user, change))) sink.write(`event: status\ndata: ${JSON.stringify(eventOf(change))}\n\n`);
            })
            .catch((err) => log.warn('live event not sent', { error: String((err as Error)?.message ?? err) }));
        });
        sink.write('retry: 5000\nevent: ready\ndata: {}\n\n');
        return unsubscribe;
      },
    });
  });
  return r;
}
