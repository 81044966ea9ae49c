/**
 * The emailed transcript of a chat and the web-to-case case of a chat (issue 18): both written through the outbox,
 * the transcript as an email (the dev mailbox without SMTP), the case on channel 'crm' like the CE web-to-case
 * (the cases table ce_cases, or the HTTP CRM), each in the same transaction as the change that owes it.
 */
import type { Lang } from '../../../lib/i18n.ts';
import { translatorFor } from '../../../lib/i18n/all.ts';
import type { Db, Queryable } from '../../db/index.ts';
import type { CrmCase } from '../transports/index.ts';
import type { UserRow } from '../users.ts';
import { chatRow, messagesOf, ownChatRow, type EventRow } from './store.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** 2026-11-20 10:15 UTC (the agent's zone is not known). */
const utc = (d: Date | string) => `${new Date(d).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/** One transcript line: [10:15] Name: text. */
const lineOf = (e: EventRow) => `[${new Date(e.created_at).toISOString().slice(11, 16)}] ${e.author_name}: ${e.body}`;

/** The transcript email of a chat: subject, text and HTML, in the chat's language. */
export function renderTranscript(
  chat: { lang: Lang; agentFirstName: string; agencyName: string | null; createdAt: Date | string },
  messages: EventRow[],
): { subject: string; text: string; html: string } {
  const t = translatorFor(chat.lang);
  const date = new Date(chat.createdAt).toISOString().slice(0, 10);
  const subject = t('emails.chat.transcriptSubject', { date });
  const head = [
    t('emails.hello', { name: chat.agentFirstName }),
    '',
    t('emails.chat.transcriptIntro'),
    '',
    ...(chat.agencyName ? [t('emails.chat.transcriptAgency', { agency: chat.agencyName })] : []),
    t('emails.chat.transcriptStarted', { date: utc(chat.createdAt) }),
    t('emails.chat.transcriptTimes'),
    '',
  ];
  const lines = messages.map(lineOf);
  const text = [...head, ...lines, '', t('emails.signature')].join('\n');
  const html = [
    `<!doctype html><html lang="${chat.lang}"><body style="font-family:Arial,sans-serif;color:#1a1a1a">`,
    ...head.filter(Boolean).map((l) => `<p>${escapeHtml(l)}</p>`),
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...messages.map(
      (e) =>
        `<tr><td style="color:#555;white-space:nowrap">${escapeHtml(new Date(e.created_at).toISOString().slice(11, 16))}</td><th align="left">${escapeHtml(e.author_name)}</th><td>${escapeHtml(e.body)}</td></tr>`,
    ),
    '</table>',
    `<p>${escapeHtml(t('emails.signature'))}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** Writes the transcript email of a chat into the outbox (inside the closing transaction). */
export async function enqueueTranscript(tx: Queryable, chatId: number): Promise<void> {
  const row = (await chatRow(tx, chatId))!;
  const { subject, text, html } = renderTranscript(
    { lang: row.lang, agentFirstName: row.agent_first_name, agencyName: row.agency_name, createdAt: row.created_at },
    await messagesOf(tx, chatId),
  );
  await tx.query(
    `INSERT INTO outbox (channel, recipient, subject, body_text, body_html, kind, user_id) VALUES ('email', $1, $2, $3, $4, 'ChatTranscript', $5)`,
    [row.agent_email, subject, text, html, row.agent_user_id],
  );
}

/**
 * The web-to-case form of the chat panel: one case through the outbox's 'crm' channel (like the CE web-to-case),
 * with the conversation so far when chatId is given (the agent's own chat only). The case's id is the outbox row's:
 * the cases table keeps it (ce_cases.outbox_id), so the case is found again whichever transport delivers it.
 */
export async function createChatCase(db: Db, user: UserRow, input: { subject: string; description: string; chatId?: number | null | undefined; lang: Lang }): Promise<{ caseId: number }> {
  const chat = input.chatId ? await ownChatRow(db, input.chatId, user.id) : null;
  const messages = chat ? await messagesOf(db, chat.id) : [];
  const [agency] = await db.query<{ agency_number: string; agency_name: string }>(
    `SELECT a.agency_number, a.agency_name FROM user_agencies ua JOIN agencies a ON a.agency_number = ua.agency_number
      WHERE ua.user_id = $1 ORDER BY (ua.agency_number = $2) DESC, ua.is_default_agency DESC, ua.agency_number LIMIT 1`,
    [user.id, chat?.agency_number ?? null],
  );
  const t = translatorFor(input.lang);
  const subject = t('emails.chat.caseSubject', { subject: input.subject }).slice(0, 250);
  const crmCase: CrmCase = {
    subject,
    courseId: null,
    registrationId: null,
    fields: {
      Type: 'Care desk chat',
      Subject: input.subject,
      Description: input.description,
      FirstName: user.first_name,
      LastName: user.last_name,
      Email: user.email,
      AgencyNumber: agency?.agency_number ?? null,
      AgencyName: agency?.agency_name ?? null,
      ChatID: chat?.id ?? null,
      Page: chat?.page ?? null,
      Language: input.lang,
      Conversation: messages.length ? [t('emails.chat.caseConversation'), ...messages.map(lineOf)].join('\n') : null,
    },
  };
  const [row] = await db.query<{ id: string | number }>(
    `INSERT INTO outbox (channel, recipient, subject, body_text, kind, user_id) VALUES ('crm', 'web-to-case', $1, $2, 'ChatWebToCase', $3) RETURNING id`,
    [subject, JSON.stringify(crmCase), user.id],
  );
  return { caseId: Number(row!.id) };
}
