/** Picks the outbox's transports from the configuration: real ones when configured, else the dev mailbox. */
import type { Env } from '../../env.ts';
import type { Queryable } from '../../db/index.ts';
import { createCasesTableTransport, createHttpCrmTransport, type CrmTransport } from './crm.ts';
import { createMailboxEmailTransport, createSmtpTransport, type EmailTransport } from './email.ts';
import { mailboxDir } from './mailbox.ts';
import { createMailboxSmsProvider, createTwilioSmsProvider, createWebhookSmsProvider, type SmsProvider } from './sms.ts';

export type { EmailAttachment, EmailMessage, EmailTransport } from './email.ts';
export type { SmsProvider } from './sms.ts';
export type { CrmCase, CrmTransport } from './crm.ts';
export { mailboxDir, mailboxFileName, type MessageRef } from './mailbox.ts';

/** The email transport and the SMS provider of the outbox. */
export interface Transports {
  email: EmailTransport;
  sms: SmsProvider;
  /** Web-to-case (CE course registrations). */
  crm: CrmTransport;
}

type TransportEnv = Pick<
  Env,
  'DATA_DIR' | 'SMTP_URL' | 'MAIL_FROM' | 'SMS_WEBHOOK_URL' | 'SMS_WEBHOOK_TOKEN' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'CRM_CASE_URL' | 'CRM_CASE_TOKEN'
>;

/**
 * SMTP when SMTP_URL is set, else the mailbox; Twilio when TWILIO_* are set, else the webhook when SMS_WEBHOOK_URL is,
 * else the mailbox; the HTTP CRM when CRM_CASE_URL is set, else the cases table of `db`.
 */
export function createTransports(env: TransportEnv, db: Queryable): Transports {
  const dir = mailboxDir(env.DATA_DIR);
  const email = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : createMailboxEmailTransport(dir, env.MAIL_FROM);
  let sms: SmsProvider;
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    sms = createTwilioSmsProvider({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM });
  } else if (env.SMS_WEBHOOK_URL) {
    sms = createWebhookSmsProvider({ url: env.SMS_WEBHOOK_URL, token: env.SMS_WEBHOOK_TOKEN });
  } else {
    sms = createMailboxSmsProvider(dir);
  }
  const crm = env.CRM_CASE_URL ? createHttpCrmTransport({ url: env.CRM_CASE_URL, token: env.CRM_CASE_TOKEN }) : createCasesTableTransport(db);
  return { email, sms, crm };
}
