/**
 * One server-sent events response, as the live streams share it (work-order events, routes/live.ts; chat events,
 * routes/chat.ts): a comment line every heartbeat keeps proxies from closing it, it ends when the caller's access
 * token expires (the browser reconnects with the renewed one) and when the bus may have missed messages (decision
 * 036: the browser reconnects and reloads or resumes), a client that stopped reading is cut off instead of making
 * the server hold its events, and the caller's count of open streams goes down when it ends, whatever ends it.
 */
import type { Context } from 'hono';
import type { Db } from '../db/index.ts';
import type { AppEnv } from './define.ts';

/** Unread chunks a stream may queue for a client that stopped reading before it is closed. */
export const MAX_QUEUED_CHUNKS = 1000;

/** What the route's code writes to. */
export interface EventSink {
  /** Writes raw event-stream text; nothing once the stream ended. */
  write(text: string): void;
  /** Ends the stream (runs the route's teardown once). */
  end(): void;
  /** True once the stream ended. */
  readonly closed: boolean;
}

/**
 * Answers with an event stream. `open` runs once when the stream starts: it subscribes (writing through the sink)
 * and returns its teardown. `counts` holds the open streams per user: the caller checked its cap and this stream is
 * counted from now until it ends.
 */
export function eventStream(
  c: Context<AppEnv>,
  opts: { db: Db; userId: string; counts: Map<string, number>; expiresAt: number; heartbeatMs: number; open(sink: EventSink): () => void },
): Response {
  const { db, userId, counts } = opts;
  const encoder = new TextEncoder();
  counts.set(userId, (counts.get(userId) ?? 0) + 1);
  let closed = false;
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          /* already closed or cancelled */
        }
      };
      const sink: EventSink = {
        write(text) {
          if (closed) return;
          // A client that stopped reading does not make the server hold its events forever.
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return end();
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup();
          }
        },
        end,
        get closed() {
          return closed;
        },
      };
      const offGap = db.bus.onGap(end);
      const heartbeat = setInterval(() => sink.write(': heartbeat\n\n'), opts.heartbeatMs);
      const expiry = setTimeout(end, Math.max(0, Math.min(opts.expiresAt - Date.now(), 2 ** 31 - 1)));
      let teardown = () => {};
      cleanup = () => {
        if (closed) return;
        closed = true;
        teardown();
        offGap();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        const n = (counts.get(userId) ?? 1) - 1;
        if (n > 0) counts.set(userId, n);
        else counts.delete(userId);
      };
      const own = opts.open(sink);
      // A stream that ended while it opened runs the teardown it just got.
      if (closed) own();
      else teardown = own;
    },
    cancel() {
      cleanup();
    },
  });
  c.req.raw.signal.addEventListener('abort', () => cleanup(), { once: true });
  return c.body(body, 200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // Proxies (nginx) must pass each event on at once.
    'X-Accel-Buffering': 'no',
  });
}
