/**
 * The dev mailbox: a folder where the email and text transports write what they would send, when no
 * SMTP server or SMS provider is configured (`${DATA_DIR}/mailbox/`, see the README). One file per
 * outbox row, named after the row (so a retried send rewrites its own file and never adds a second):
 *
 *   20261120T101500Z-000042-email-agent@demo.test.eml   (an RFC 5322 message, opens in any mail client)
 *   20261120T101500Z-000043-sms-+18135550134.txt         (To, Date, Outbox-Id headers, a blank line, the text)
 *
 * The stamp is the row's created_at in UTC, so `ls` lists them in the order they were owed.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The mailbox folder of a data directory. */
export const mailboxDir = (dataDir: string) => join(dataDir, 'mailbox');

/** What names a message in the mailbox: its outbox row. */
export interface MessageRef {
  /** The outbox row id. */
  id: number;
  /** When the row was written. */
  createdAt: Date;
}

/** The file name of a message: stamp, zero-padded id, channel, recipient (characters unsafe in a file name replaced by '_'). */
export function mailboxFileName(ref: MessageRef, channel: 'email' | 'sms', recipient: string): string {
  const stamp = ref.createdAt.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  const safe = recipient.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}-${String(ref.id).padStart(6, '0')}-${channel}-${safe}.${channel === 'email' ? 'eml' : 'txt'}`;
}

/** Writes a file whole (a temporary file renamed into place), so a reader never sees half a message. */
export function writeMailboxFile(dir: string, name: string, content: string | Buffer): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, content);
  renameSync(tmp, path);
  return path;
}
