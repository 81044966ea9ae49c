/**
 * Text-message providers of the outbox behind one interface: the dev mailbox (a .txt file per message),
 * a generic HTTPS webhook (SMS_WEBHOOK_URL) and Twilio's REST API (TWILIO_*), both through fetch.
 * docs/decisions/010-notifications.md.
 */
import { mailboxFileName, writeMailboxFile, type MessageRef } from './mailbox.ts';

/** Sends text messages; a rejection is a failed attempt (the outbox retries). */
export interface SmsProvider {
  /** 'mailbox', 'webhook' or 'twilio' (logged). */
  readonly kind: string;
  /** Sends `body` to `to` (E.164, +1NNNNNNNNNN); `ref` names the outbox row (an idempotency key where the provider takes one). */
  send(to: string, body: string, ref: MessageRef): Promise<void>;
}

/** How long one provider request may take. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A non-2xx answer as an error with a short excerpt of the body (never the request: it holds the token). */
async function ensureOk(res: Response, who: string): Promise<void> {
  if (res.ok) return;
  const excerpt = (await res.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
  throw new Error(`${who} answered HTTP ${res.status}${excerpt ? `: ${excerpt}` : ''}`);
}

/** The dev mailbox: each text written to `dir` as a .txt file. */
export function createMailboxSmsProvider(dir: string): SmsProvider {
  return {
    kind: 'mailbox',
    async send(to, body, ref) {
      const content = `To: ${to}\nDate: ${ref.createdAt.toISOString()}\nOutbox-Id: ${ref.id}\n\n${body}\n`;
      writeMailboxFile(dir, mailboxFileName(ref, 'sms', to), content);
    },
  };
}

/**
 * A generic webhook: POST `{ to, body, reference }` as JSON to the URL, with `Authorization: Bearer
 * <token>` when a token is set and `Idempotency-Key: outbox-<id>`; any 2xx is delivered.
 */
export function createWebhookSmsProvider(opts: { url: string; token?: string | undefined; fetch?: typeof fetch }): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    kind: 'webhook',
    async send(to, body, ref) {
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `outbox-${ref.id}`,
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ to, body, reference: `outbox-${ref.id}` }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await ensureOk(res, 'The SMS webhook');
    },
  };
}

/** Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`, basic auth with the account SID and auth token). */
export function createTwilioSmsProvider(opts: { accountSid: string; authToken: string; from: string; baseUrl?: string; fetch?: typeof fetch }): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  const base = (opts.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const auth = Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64');
  return {
    kind: 'twilio',
    async send(to, body) {
      const res = await doFetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: opts.from, Body: body }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await ensureOk(res, 'Twilio');
    },
  };
}
