// The dev mailbox of the e2e server (playwright.config.ts: DATA_DIR = E2E_DATA_DIR or .data-e2e): shared by the
// tests that read the portal's emails (work-order alerts, account links).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAILBOX = join(process.env.E2E_DATA_DIR ?? '.data-e2e', 'mailbox');

/** Bytes written as =XX (quoted-printable, and the Q of an encoded word) back to UTF-8 text. */
const fromQ = (text: string) => text.replace(/(?:=[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/**
 * A message as a reader sees it: headers unfolded, encoded words (RFC 2047: a Spanish subject is
 * `=?UTF-8?Q?…?=`) and quoted-printable bodies decoded (soft breaks joined, =XX bytes as UTF-8).
 */
export function decodeMail(raw: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index) : '';
  // Headers: unfolded; adjacent encoded words are one text (the space between them is not part of it).
  const headers = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_w, enc: string, text: string) => (enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : fromQ(text.replace(/_/g, ' '))));
  // Bodies: soft line breaks joined, lines that go on (start with a space) unfolded as in headers, then the bytes.
  return headers + fromQ(body.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' '));
}

/** The messages in the dev mailbox (or another portal's `mailbox` folder) that mention `text` (headers unfolded, quoted-printable soft breaks joined), by file name. */
export async function mailsMentioning(text: string, mailbox = MAILBOX): Promise<{ name: string; content: string }[]> {
  let names: string[];
  try {
    names = await readdir(mailbox);
  } catch {
    return [];
  }
  const found: { name: string; content: string }[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml') || n.endsWith('.txt')).sort()) {
    const raw = await readFile(join(mailbox, name), 'utf8');
    const content = decodeMail(raw);
    if (content.includes(text)) found.push({ name, content });
  }
  return found;
}

/** The newest link to a dashboard page in the emails to an address that carry `subject` (polls until one arrives). */
export async function newestLink(to: string, subject: string, after = 0, mailbox = MAILBOX): Promise<{ link: string; count: number } | null> {
  const mails = (await mailsMentioning(to, mailbox)).filter((m) => m.content.includes(subject));
  if (mails.length <= after) return null;
  const link = /(https?:\/\/[^\s"<>]+\/dashboard\/create-new-password[^\s"<>]*#token=[A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.content)?.[1];
  return link ? { link, count: mails.length } : null;
}
