/**
 * Agent notifications of work-order changes (issue 6) and the agents' contact preferences.
 *
 * `enqueueStatusNotifications` runs inside the transaction of the change (the work-order service calls
 * it): it writes one outbox row per channel the change owes the agent who filed the referral, so the
 * messages commit or roll back with the change. The outbox worker (services/outbox.ts) sends them.
 *
 * Which alerts: the referral's own choices (Agent.Notifications of the order submission) win; a referral
 * that recorded none falls back to the agent's contact preferences, which are also the defaults the claim
 * flow pre-fills. The email goes to the agent's address of the users table; a text to the referral's
 * AgentPhoneNo, else the phone of the preferences. docs/decisions/010-notifications.md.
 */
import type { AgentContactPrefs } from '../../lib/api/contact-prefs.ts';
import { EMAIL_PATTERN, phoneDigits } from '../../lib/claim/validation.ts';
import { formatPhone } from '../../lib/format.ts';
import { detailsHref } from '../../lib/work-order-links.ts';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';
import type { Queryable } from '../db/index.ts';
import type { StatusChange } from './work-order-bus.ts';

/** The four alerts of spec section 3, by the referral's flag names (`${Alert}Text`, `${Alert}Email`). */
export const ALERTS = ['PolicyholderContact', 'ServiceScheduled', 'ServiceComplete', 'SurveyComplete'] as const;
export type Alert = (typeof ALERTS)[number];

/** The status change each alert is about; other statuses (Received, In progress, Cancelled, Failed) notify nobody. */
export const ALERT_OF_STATUS: Partial<Record<WorkOrderStatus, Alert>> = {
  'Policyholder contacted': 'PolicyholderContact',
  Scheduled: 'ServiceScheduled',
  Completed: 'ServiceComplete',
  'Survey complete': 'SurveyComplete',
};

/** The alert's name in messages. */
const ALERT_TITLE: Record<Alert, string> = {
  PolicyholderContact: 'Policyholder contacted',
  ServiceScheduled: 'Service scheduled',
  ServiceComplete: 'Service complete',
  SurveyComplete: 'Survey complete',
};
/** The alert's sentence in the email. */
const ALERT_SENTENCE: Record<Alert, (ref: string) => string> = {
  PolicyholderContact: (ref) => `We contacted the policyholder of referral ${ref}.`,
  ServiceScheduled: (ref) => `The service of referral ${ref} is scheduled.`,
  ServiceComplete: (ref) => `The service of referral ${ref} is complete.`,
  SurveyComplete: (ref) => `The policyholder of referral ${ref} completed the survey.`,
};

type AlertFlags = Omit<AgentContactPrefs, 'AgentPhoneNo' | 'AgentEmail'>;

let portalOrigin: string | null = null;
/** The portal's public origin, for the link to the work order in emails (set once at start-up; unset → no link). */
export function setNotificationLinkOrigin(origin: string | null): void {
  portalOrigin = origin ? origin.replace(/\/$/, '') : null;
}
/** The origin set above (other emails link to the portal too), or null. */
export const notificationLinkOrigin = (): string | null => portalOrigin;

/** A phone number in E.164 for a US number (10 digits, or 11 starting with 1); null otherwise. */
export function toE164(phone: string | null | undefined): string | null {
  const d = phoneDigits(phone ?? '');
  if (d.length === 10) return `+1${d}`;
  if (d.length === 11 && d.startsWith('1')) return `+${d}`;
  return null;
}

/** The referral's alert flags as recorded (null when the submission carries none). */
function referralAlerts(submission: unknown): (Partial<AlertFlags> & { AgentPhoneNo?: unknown }) | null {
  const parsed = typeof submission === 'string' ? (JSON.parse(submission) as unknown) : submission;
  const n = (parsed as { Agent?: { Notifications?: unknown } } | null)?.Agent?.Notifications;
  return n !== null && typeof n === 'object' ? (n as Partial<AlertFlags>) : null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A paragraph as lines of at most `width` characters (split at spaces). */
function wrap(text: string, width = 72): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}
/** 2026-11-20 10:15 UTC. */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What the messages of one change say. */
interface MessageFacts {
  alert: Alert;
  firstName: string;
  referralNumber: string;
  workOrderId: string;
  policyholder: string;
  vehicle: string;
  vin: string | null;
  status: WorkOrderStatus;
  at: Date;
}

/** The email of an alert: subject, text and HTML (English: users have no language in the data yet). */
export function renderEmail(f: MessageFacts): { subject: string; text: string; html: string } {
  const link = portalOrigin ? `${portalOrigin}${detailsHref(f.workOrderId)}` : null;
  const subject = `Referral ${f.referralNumber}: ${ALERT_TITLE[f.alert]} (work order ${f.workOrderId})`;
  const rows: [string, string][] = [
    ['Referral number', f.referralNumber],
    ['Work order', f.workOrderId],
    ['Policyholder', f.policyholder],
    ['Vehicle', f.vin ? `${f.vehicle} (VIN ${f.vin})` : f.vehicle],
    ['New status', f.status],
    ['Changed', utc(f.at)],
  ];
  const why = `You get this email because email alerts for "${ALERT_TITLE[f.alert]}" are on for this claim. New claims start with the alerts of your contact preferences.`;
  // Short ASCII lines where we choose the words: the text part then travels as plain 7bit (readable in the dev mailbox).
  const text = [
    `Hello ${f.firstName},`,
    '',
    ALERT_SENTENCE[f.alert](f.referralNumber),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    ...(link ? ['See the work order:', link, ''] : []),
    ...wrap(why),
    '',
    'Agent Portal',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1a1a1a">',
    `<p>Hello ${escapeHtml(f.firstName)},</p>`,
    `<p>${escapeHtml(ALERT_SENTENCE[f.alert](f.referralNumber))}</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    link ? `<p><a href="${escapeHtml(link)}">See the work order</a></p>` : '',
    `<p style="color:#555;font-size:12px">${escapeHtml(why)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The text message of an alert (kept short: one SMS segment when names are short). */
export function renderText(f: MessageFacts): string {
  return `Agent Portal: referral ${f.referralNumber} (${f.workOrderId}), ${f.policyholder}, ${f.vehicle}: ${f.status}.`;
}

/**
 * Writes the outbox rows (email, text) this change owes the agent, inside the caller's transaction, and
 * answers how many. A status without an alert, an alert the agent did not ask for, or a channel without
 * an address writes nothing.
 */
export async function enqueueStatusNotifications(tx: Queryable, change: StatusChange): Promise<number> {
  const alert = ALERT_OF_STATUS[change.status];
  if (!alert) return 0;
  const [row] = await tx.query<{
    user_id: string;
    email: string;
    first_name: string;
    customer_first: string;
    customer_last: string;
    vehicle: string;
    vin: string | null;
    submission: unknown;
    prefs: Record<string, unknown> | null;
  }>(
    `SELECT r.user_id, COALESCE(p.agent_email, u.email) AS email, u.first_name, r.customer_first, r.customer_last, r.vehicle, r.vin, r.submission,
            CASE WHEN p.user_id IS NULL THEN NULL ELSE to_jsonb(p) END AS prefs
       FROM referrals r
       JOIN users u ON u.id = r.user_id
       LEFT JOIN user_contact_prefs p ON p.user_id = r.user_id
      WHERE r.referral_number = $1`,
    [change.referralNumber],
  );
  if (!row) return 0;
  const prefs = row.prefs ? prefsOf(typeof row.prefs === 'string' ? JSON.parse(row.prefs) : row.prefs) : null;
  const chosen = referralAlerts(row.submission);
  const wants = (by: 'Text' | 'Email') => (chosen ? chosen[`${alert}${by}`] === true : prefs?.[`${alert}${by}`] === true);
  const facts: MessageFacts = {
    alert,
    firstName: row.first_name,
    referralNumber: change.referralNumber,
    workOrderId: change.workOrderId,
    policyholder: `${row.customer_first} ${row.customer_last}`,
    vehicle: row.vehicle,
    vin: row.vin,
    status: change.status,
    at: change.at,
  };
  const insert = (channel: 'email' | 'sms', recipient: string, subject: string | null, text: string, html: string | null) =>
    tx.query(
      `INSERT INTO outbox (channel, recipient, subject, body_text, body_html, kind, work_order_id, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [channel, recipient, subject, text, html, alert, change.workOrderId, row.user_id],
    );
  let written = 0;
  if (wants('Email') && EMAIL_PATTERN.test(row.email)) {
    const m = renderEmail(facts);
    await insert('email', row.email, m.subject, m.text, m.html);
    written++;
  }
  const phone = toE164(typeof chosen?.AgentPhoneNo === 'string' ? chosen.AgentPhoneNo : null) ?? toE164(prefs?.AgentPhoneNo);
  if (wants('Text') && phone) {
    await insert('sms', phone, null, renderText(facts), null);
    written++;
  }
  return written;
}

// ---------------------------------------------------------------------------------------------------
// Contact preferences (User/GetUserAgentContactPrefs, User/UpdateUserAgentContactPrefs).

/** Column of each flag. */
const COLUMNS: Record<keyof AlertFlags, string> = {
  PolicyholderContactText: 'policyholder_contact_text',
  PolicyholderContactEmail: 'policyholder_contact_email',
  ServiceScheduledText: 'service_scheduled_text',
  ServiceScheduledEmail: 'service_scheduled_email',
  ServiceCompleteText: 'service_complete_text',
  ServiceCompleteEmail: 'service_complete_email',
  SurveyCompleteText: 'survey_complete_text',
  SurveyCompleteEmail: 'survey_complete_email',
};
const FLAGS = Object.keys(COLUMNS) as (keyof AlertFlags)[];

/** The preferences of a user_contact_prefs row (or none: all off); the email for alerts is the account's unless another was saved. */
function prefsOf(row: Record<string, unknown> | undefined, accountEmail: string | null = null): AgentContactPrefs {
  const out = Object.fromEntries(FLAGS.map((k) => [k, row?.[COLUMNS[k]] === true])) as AlertFlags;
  const phone = row?.agent_phone_no;
  const email = row?.agent_email;
  return { ...out, AgentPhoneNo: typeof phone === 'string' && phone ? phone : null, AgentEmail: typeof email === 'string' && email ? email : accountEmail };
}

/** A user's contact preferences: every alert off, no phone and the account's email until saved. */
export async function getContactPrefs(db: Queryable, userId: string): Promise<AgentContactPrefs> {
  const [row] = await db.query<Record<string, unknown>>(
    'SELECT p.*, u.email AS account_email FROM users u LEFT JOIN user_contact_prefs p ON p.user_id = u.id WHERE u.id = $1',
    [userId],
  );
  return prefsOf(row?.user_id ? row : undefined, typeof row?.account_email === 'string' ? row.account_email : null);
}

/** Saves a user's contact preferences (the phone as NNN-NNN-NNNN) and answers with them. */
export async function saveContactPrefs(
  db: Queryable,
  userId: string,
  input: AlertFlags & { AgentPhoneNo?: string | null | undefined; AgentEmail?: string | null | undefined },
): Promise<AgentContactPrefs> {
  const phone = input.AgentPhoneNo ? formatPhone(input.AgentPhoneNo) : null;
  const cols = FLAGS.map((k) => COLUMNS[k]);
  const [account] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  // The alerts' address (manage-account profile): absent keeps what was saved; the account's own email (or
  // none) is stored as NULL, so that it follows an email change.
  const given = input.AgentEmail?.trim() ?? '';
  const keep = input.AgentEmail === undefined;
  const email = !given || given.toLowerCase() === account?.email.toLowerCase() ? null : given;
  const [row] = await db.query<Record<string, unknown>>(
    `INSERT INTO user_contact_prefs (user_id, ${cols.join(', ')}, agent_phone_no, agent_email)
     VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}, $${cols.length + 2}, $${cols.length + 3})
     ON CONFLICT (user_id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
       agent_phone_no = EXCLUDED.agent_phone_no,
       agent_email = CASE WHEN $${cols.length + 4} THEN user_contact_prefs.agent_email ELSE EXCLUDED.agent_email END, updated_at = now()
     RETURNING *`,
    [userId, ...FLAGS.map((k) => input[k] === true), phone, email, keep],
  );
  return prefsOf(row, account?.email ?? null);
}
