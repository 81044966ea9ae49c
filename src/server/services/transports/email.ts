/**
 * Email transports of the outbox: SMTP through nodemailer when SMTP_URL is set, else the dev mailbox
 * (each message written as an .eml file by nodemailer's stream transport). docs/decisions/010-notifications.md.
 */
import nodemailer from 'nodemailer';
import { mailboxFileName, writeMailboxFile, type MessageRef } from './mailbox.ts';

/** One email of the outbox. */
export interface EmailMessage extends MessageRef {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Files attached (the .ics calendar files of CE course emails). */
  attachments?: EmailAttachment[];
}

/** One attached file, its content as text (calendar files are text). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Sends emails; a rejection is a failed attempt (the outbox retries). */
export interface EmailTransport {
  /** 'smtp' or 'mailbox' (logged). */
  readonly kind: string;
  send(message: EmailMessage): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
}

/** The domain of a From address ('Agent Portal <no-reply@example.com>' → example.com). */
const domainOf = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? 'agent-portal.invalid';

/** The message nodemailer composes: a Message-ID made from the outbox row, so a retry carries the same id (receivers can drop a duplicate). */
function compose(from: string, m: EmailMessage) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    ...(m.attachments?.length ? { attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
    messageId: `<outbox-${m.id}.${m.createdAt.getTime()}@${domainOf(from)}>`,
    date: m.createdAt,
  };
}

/** SMTP (`smtp://user:pass@host:587`, `smtps://…:465`) through nodemailer. */
export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Fail an attempt in about a minute rather than the library's minutes: the outbox retries.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(m) {
      await transporter.sendMail(compose(from, m));
    },
    close: () => transporter.close(),
  };
}

/** The dev mailbox: each email written to `dir` as an .eml file (mailbox.ts names them). */
export function createMailboxEmailTransport(dir: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'mailbox',
    async send(m) {
      const info = await transporter.sendMail(compose(from, m));
      writeMailboxFile(dir, mailboxFileName(m, 'email', m.to), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}
