// The dev mailbox of the e2e server (playwright.config.ts: DATA_DIR = E2E_DATA_DIR or .data-e2e): shared by the
// tests that read the portal's emails (work-order alerts, account links).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MAILBOX = join(process.env.E2E_DATA_DIR ?? '.data-e2e', 'mailbox');

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
    const content = raw
      .replace(/\r?\n[ \t]+/g, ' ')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
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
