/**
 * The outbox worker (issue 6): sends the email and text messages of the `outbox` table.
 *
 * - Polls every OUTBOX_POLL_SECONDS, and runs at once after each committed work-order change (the bus).
 * - Claims due rows with one atomic `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`,
 *   so several workers on PostgreSQL never take the same row (PGlite has one connection: trivially so).
 *   A claim is a lease (status 'sending', a claim token, locked_until); only the claim that took a row may
 *   mark it, and a worker that died mid-send leaves a lease that expires and is claimed again.
 * - Sent → status 'sent', sent_at. Failed → attempts counted, last_error kept, next_attempt_at pushed back
 *   by exponential backoff with jitter (capped); after OUTBOX_MAX_ATTEMPTS the row stays as 'dead'.
 *   Rows are never deleted. docs/decisions/010-notifications.md.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import type { CrmCase, EmailAttachment, Transports } from './transports/index.ts';
import { onStatusChange } from './work-order-bus.ts';

/** How the worker paces itself. */
export interface OutboxConfig {
  /** Poll interval, ms. */
  pollMs: number;
  /** Attempts before a row is left as 'dead'. */
  maxAttempts: number;
  /** Delay before the first retry, ms; doubled per attempt. */
  retryBaseMs: number;
  /** Largest delay between attempts, ms. */
  retryMaxMs: number;
  /** Rows claimed at once. */
  batchSize: number;
  /** How long a claim holds a row; a send that takes longer fails (and the row may be claimed again). */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_CONFIG: OutboxConfig = {
  pollMs: 5_000,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  batchSize: 20,
  leaseMs: 120_000,
};

/** The config from the environment's OUTBOX_* values (seconds). */
export function outboxConfigFromEnv(env: { OUTBOX_POLL_SECONDS: number; OUTBOX_MAX_ATTEMPTS: number; OUTBOX_RETRY_BASE_SECONDS: number; OUTBOX_RETRY_MAX_SECONDS: number }): OutboxConfig {
  return {
    ...DEFAULT_OUTBOX_CONFIG,
    pollMs: env.OUTBOX_POLL_SECONDS * 1000,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: env.OUTBOX_RETRY_BASE_SECONDS * 1000,
    retryMaxMs: Math.max(env.OUTBOX_RETRY_MAX_SECONDS, env.OUTBOX_RETRY_BASE_SECONDS) * 1000,
  };
}

/**
 * The delay after failed attempt n (1-based): base·2^(n-1), capped at the maximum, with "equal jitter"
 * (between half of it and all of it), so retries of many rows spread out but each delay is at least the
 * previous one's upper half: delays never shrink from one attempt to the next.
 */
export function retryDelayMs(attempt: number, cfg: Pick<OutboxConfig, 'retryBaseMs' | 'retryMaxMs'>, random: () => number = Math.random): number {
  const full = Math.min(cfg.retryMaxMs, cfg.retryBaseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(full / 2 + random() * (full / 2));
}

/** What one run did. */
export interface RunResult {
  sent: number;
  /** Failed and rescheduled. */
  retried: number;
  /** Failed for the last time (or found with an expired lease after the last attempt). */
  dead: number;
}

export interface OutboxWorker {
  /** Starts polling and listening to the bus (idempotent). */
  start(): void;
  /** Sends every due row now (runs never overlap: a call during a run waits for it and runs again). */
  runOnce(): Promise<RunResult>;
  /** Asks for a run soon (coalesced). */
  poke(): void;
  /** Stops polling, waits for a run in progress, closes the transports. */
  stop(): Promise<void>;
}

interface ClaimedRow {
  id: string | number;
  channel: 'email' | 'sms' | 'crm';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  /** Email attachments (the .ics files of CE course emails). */
  attachments: EmailAttachment[] | string | null;
  attempts: number;
  created_at: Date | string;
}

/** The outbox worker over a database and transports. `now` and `random` are the clock and jitter (tests pass their own). */
export function createOutboxWorker(opts: {
  db: Db;
  transports: Transports;
  config?: Partial<OutboxConfig>;
  now?: () => Date;
  random?: () => number;
}): OutboxWorker {
  const cfg: OutboxConfig = { ...DEFAULT_OUTBOX_CONFIG, ...opts.config };
  const now = opts.now ?? (() => new Date());
  const random = opts.random ?? Math.random;
  const { db, transports } = opts;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let running: Promise<RunResult> | null = null;
  let again = false;
  let stopped = false;

  /** Rows whose lease ran out after their last attempt: dead, not retried (a send that keeps killing the worker must not loop). */
  async function buryExpired(at: Date): Promise<number> {
    const rows = await db.query(
      `UPDATE outbox SET status = 'dead', claim_token = NULL, locked_until = NULL,
              last_error = left(coalesce(last_error || ' / ', '') || 'the last attempt did not finish (lease expired)', 2000)
        WHERE status = 'sending' AND locked_until <= $1::timestamptz AND attempts >= $2
        RETURNING id`,
      [at.toISOString(), cfg.maxAttempts],
    );
    for (const r of rows) log.error('outbox message dead', { id: Number((r as { id: unknown }).id), reason: 'lease expired after the last attempt' });
    return rows.length;
  }

  async function claim(token: string, at: Date): Promise<ClaimedRow[]> {
    return db.query<ClaimedRow>(
      `UPDATE outbox SET status = 'sending', claim_token = $1, locked_until = $3::timestamptz, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM outbox
           WHERE (status = 'pending' AND next_attempt_at <= $2::timestamptz)
              OR (status = 'sending' AND locked_until <= $2::timestamptz AND attempts < $5)
           ORDER BY next_attempt_at, id
           LIMIT $4
           FOR UPDATE SKIP LOCKED)
        RETURNING id, channel, recipient, subject, body_text, body_html, attachments, attempts, created_at`,
      [token, at.toISOString(), new Date(at.getTime() + cfg.leaseMs).toISOString(), cfg.batchSize, cfg.maxAttempts],
    );
  }

  /** Sends one row through its transport, failing when it takes longer than half the lease. */
  async function deliver(row: ClaimedRow): Promise<void> {
    const ref = { id: Number(row.id), createdAt: new Date(row.created_at) };
    const attachments = typeof row.attachments === 'string' ? (JSON.parse(row.attachments) as EmailAttachment[]) : row.attachments;
    const sending =
      row.channel === 'email'
        ? transports.email.send({ ...ref, to: row.recipient, subject: row.subject ?? '', text: row.body_text, html: row.body_html, ...(attachments?.length ? { attachments } : {}) })
        : row.channel === 'crm'
          ? transports.crm.send(JSON.parse(row.body_text) as CrmCase, ref)
          : transports.sms.send(row.recipient, row.body_text, ref);
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sending,
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => reject(new Error(`the ${row.channel} transport took longer than ${cfg.leaseMs / 2000} s`)), cfg.leaseMs / 2);
        }),
      ]);
    } finally {
      clearTimeout(timeout);
    }
  }

  async function runBatches(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, dead: 0 };
    const token = randomUUID();
    result.dead += await buryExpired(now());
    for (;;) {
      const rows = await claim(token, now());
      for (const row of rows) {
        const id = Number(row.id);
        try {
          await deliver(row);
          await db.query(
            `UPDATE outbox SET status = 'sent', sent_at = $2::timestamptz, claim_token = NULL, locked_until = NULL
              WHERE id = $1 AND claim_token = $3`,
            [id, now().toISOString(), token],
          );
          result.sent++;
        } catch (err) {
          const error = String((err as Error)?.message ?? err).slice(0, 2000);
          const dead = row.attempts >= cfg.maxAttempts;
          const next = new Date(now().getTime() + retryDelayMs(row.attempts, cfg, random));
          await db.query(
            `UPDATE outbox SET status = $2, next_attempt_at = $3::timestamptz, last_error = $4, claim_token = NULL, locked_until = NULL
              WHERE id = $1 AND claim_token = $5`,
            [id, dead ? 'dead' : 'pending', next.toISOString(), error, token],
          );
          if (dead) {
            result.dead++;
            log.error('outbox message dead', { id, channel: row.channel, attempts: row.attempts, error });
          } else {
            result.retried++;
            log.warn('outbox send failed; retrying later', { id, channel: row.channel, attempts: row.attempts, next: next.toISOString(), error });
          }
        }
      }
      if (rows.length < cfg.batchSize || stopped) break;
    }
    if (result.sent || result.retried || result.dead) log.info('outbox run', { ...result });
    return result;
  }

  function runOnce(): Promise<RunResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: RunResult = { sent: 0, retried: 0, dead: 0 };
      try {
        do {
          again = false;
          const r = await runBatches();
          total.sent += r.sent;
          total.retried += r.retried;
          total.dead += r.dead;
        } while (again && !stopped);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  const safeRun = () => {
    if (stopped) return;
    runOnce().catch((err) => log.error('outbox run failed', { error: String((err as Error)?.stack ?? err).slice(0, 2000) }));
  };

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(async () => {
      timer = null;
      await runOnce().catch((err) => log.error('outbox run failed', { error: String((err as Error)?.stack ?? err).slice(0, 2000) }));
      schedule();
    }, cfg.pollMs);
    timer.unref();
  }

  return {
    start() {
      if (unsubscribe || stopped) return;
      // A change was committed: the messages it owes are in the table now.
      unsubscribe = onStatusChange(db, () => safeRun());
      log.info('outbox worker started', { email: transports.email.kind, sms: transports.sms.kind, pollMs: cfg.pollMs });
      safeRun();
      schedule();
    },
    runOnce,
    poke: safeRun,
    async stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      transports.email.close();
    },
  };
}
