/**
 * The identity store (issue 14): registration (STAGED users), one-time links (verify 24 h, reset 1 h,
 * sign-in tickets 2 min), passwords, groups. Emails go through the outbox (dev mailbox without SMTP).
 * Tokens are 256 random bits (base64url); only their SHA-256 is stored, looked up by hash and compared in
 * constant time; a link is consumed by one UPDATE … WHERE used_at IS NULL AND expires_at > now RETURNING.
 * Nothing here logs a token, a link or a password. docs/decisions/018-identity-store-and-one-time-links.md.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { checkPassword, PASSWORD_MESSAGES, PASSWORD_POLICY, type PasswordOwner } from '../../lib/accounts.ts';
import { EMAIL_TAKEN } from '../../lib/api/manage-account.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { HttpError } from '../errors.ts';
import { findUserByEmail, findUserById, type UserRow } from './users.ts';
import { langOf, type Lang, type Namespace, type Translator } from '../../lib/i18n.ts';
import { translatorFor } from '../../lib/i18n/all.ts';

export type LinkPurpose = 'verify' | 'reset' | 'signin';
export type UserStatus = 'STAGED' | 'ACTIVE' | 'DEPROVISIONED';

/** How long each kind of link lives, seconds (ACCOUNT_VERIFY_TTL_SECONDS etc. may shorten them). */
export interface LinkTtls {
  verify: number;
  reset: number;
  signin: number;
}
export const DEFAULT_TTLS: LinkTtls = { verify: 24 * 3600, reset: 3600, signin: 120 };

/** The message of an expired, used or unknown link. */
export const LINK_EXPIRED = 'This link has expired or was already used.';

/** SHA-256 of a token, base64url. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');

/** A new link for a user: the token (to send, never stored) and its expiry. */
export async function issueLink(db: Queryable, userId: string, purpose: LinkPurpose, ttls: LinkTtls = DEFAULT_TTLS, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttls[purpose] * 1000);
  await db.query('INSERT INTO one_time_links (token_hash, purpose, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
    hashToken(token),
    purpose,
    userId,
    expiresAt.toISOString(),
    now.toISOString(),
  ]);
  return { token, expiresAt };
}

interface LinkRow {
  token_hash: string;
  purpose: LinkPurpose;
  user_id: string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

/** Equal hashes, in constant time (the lookup found the row by its hash; this is the belt to those braces). */
const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The link of a token, whatever its state (undefined when unknown). */
export async function findLink(db: Queryable, token: string): Promise<LinkRow | undefined> {
  const h = hashToken(token);
  const [row] = await db.query<LinkRow>('SELECT token_hash, purpose, user_id, expires_at, used_at FROM one_time_links WHERE token_hash = $1', [h]);
  return row && sameHash(row.token_hash, h) ? row : undefined;
}

/** A link's state without consuming it: VALID (unused, not expired) or EXPIRED (expired, used or unknown). */
export async function linkState(
  db: Queryable,
  token: string,
  purposes: LinkPurpose[],
  now = new Date(),
): Promise<{ Status: 'VALID' | 'EXPIRED'; Purpose: 'verify' | 'reset' | null; Email?: string; FirstName?: string; LastName?: string }> {
  const row = await findLink(db, token);
  if (!row || !purposes.includes(row.purpose) || row.purpose === 'signin') return { Status: 'EXPIRED', Purpose: null };
  const valid = row.used_at === null && new Date(row.expires_at).getTime() > now.getTime();
  if (!valid) return { Status: 'EXPIRED', Purpose: row.purpose };
  const user = await findUserById(db, row.user_id);
  return { Status: 'VALID', Purpose: row.purpose, ...(user ? { Email: user.email, FirstName: user.first_name, LastName: user.last_name } : {}) };
}

/** Consumes a link atomically: its user and purpose, or null when expired, used, unknown or of another purpose. */
export async function consumeLink(db: Queryable, token: string, purposes: LinkPurpose[], now = new Date()): Promise<{ userId: string; purpose: LinkPurpose } | null> {
  const h = hashToken(token);
  const [row] = await db.query<{ user_id: string; purpose: LinkPurpose; token_hash: string }>(
    `UPDATE one_time_links SET used_at = $2
      WHERE token_hash = $1 AND purpose = ANY(string_to_array($3, ',')) AND used_at IS NULL AND expires_at > $2
      RETURNING user_id, purpose, token_hash`,
    [h, now.toISOString(), purposes.join(',')],
  );
  return row && sameHash(row.token_hash, h) ? { userId: row.user_id, purpose: row.purpose } : null;
}

/** Marks the user's other unused links of these purposes used (a new link replaces the old ones). */
async function retireLinks(db: Queryable, userId: string, purposes: (LinkPurpose | 'email-change')[], now = new Date()): Promise<void> {
  await db.query(`UPDATE one_time_links SET used_at = $3 WHERE user_id = $1 AND purpose = ANY(string_to_array($2, ',')) AND used_at IS NULL`, [userId, purposes.join(','), now.toISOString()]);
}

/** The policy's failed rules for a password (the common list included). */
export function passwordProblems(password: string, owner: PasswordOwner): string[] {
  return checkPassword(password, owner, PASSWORD_POLICY, isCommonPassword)
    .filter((r) => !r.met)
    .map((r) => PASSWORD_MESSAGES[r.rule]);
}

// ---------------------------------------------------------------------------------------------- emails

/** Where links point: the public origin, or its Spanish host when the request came from it. */
export interface LinkBase {
  origin: string;
}

const linkTo = (base: LinkBase, token: string, referral?: string | null) =>
  `${base.origin}/dashboard/create-new-password${referral ? `?referral=${encodeURIComponent(referral)}` : ''}#token=${token}`;

/** The language of the emails of a request: the Spanish host's requests get Spanish emails. */
const emailWords = (base: LinkBase) => translatorFor(langOf(new URL(base.origin)));

async function enqueueEmail(db: Queryable, userId: string, to: string, kind: string, subject: string, lines: string[], lang: Lang): Promise<void> {
  const text = lines.join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#1a1a1a">`,
    ...lines.map((l) => (/^https?:\/\//.test(l) ? `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>` : l ? `<p>${escapeHtml(l)}</p>` : '')).filter(Boolean),
    '</body></html>',
  ].join('\n');
  await db.query(`INSERT INTO outbox (channel, recipient, subject, body_text, body_html, kind, user_id) VALUES ('email', $1, $2, $3, $4, $5, $6)`, [
    to,
    subject,
    text,
    html,
    kind,
    userId,
  ]);
}
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One account email: greeting, body lines, signature, in the request's language; to the user's address unless
 * `to` names another (then the greeting names nobody when `anonymous`).
 */
export async function sendAccountEmail(
  db: Queryable,
  user: UserRow,
  base: LinkBase,
  kind: string,
  write: (t: Translator<Namespace>) => { subject: string; lines: string[] },
  opts: { to?: string; userId?: string; anonymous?: boolean } = {},
): Promise<void> {
  const t = emailWords(base);
  const { subject, lines } = write(t);
  const hello = opts.anonymous ? t('emails.helloAnyone') : t('emails.hello', { name: user.first_name });
  await enqueueEmail(db, opts.userId ?? user.id, opts.to ?? user.email, kind, subject, [hello, '', ...lines, '', t('emails.signature')], t.lang);
}

/** Sends a verification link (registration, or a fresh one). */
export async function sendVerifyEmail(db: Queryable, user: UserRow, base: LinkBase, ttls: LinkTtls, referral?: string | null): Promise<void> {
  await retireLinks(db, user.id, ['verify']);
  const { token } = await issueLink(db, user.id, 'verify', ttls);
  await sendAccountEmail(db, user, base, 'AccountVerify', (t) => ({
    subject: t('emails.verify.subject'),
    lines: [t('emails.verify.intro'), linkTo(base, token, referral), '', t('emails.verify.expires', { hours: Math.round(ttls.verify / 3600) || 1 }), t('emails.verify.ignore')],
  }));
}

/** Sends a password reset link (forgot password, or an admin's request). */
export async function sendResetEmail(db: Queryable, user: UserRow, base: LinkBase, ttls: LinkTtls): Promise<void> {
  await retireLinks(db, user.id, ['reset']);
  const { token } = await issueLink(db, user.id, 'reset', ttls);
  await sendAccountEmail(db, user, base, 'PasswordReset', (t) => ({
    subject: t('emails.reset.subject'),
    lines: [t('emails.reset.intro'), linkTo(base, token), '', t('emails.reset.expires', { minutes: Math.max(1, Math.round(ttls.reset / 60)) }), t('emails.reset.ignore')],
  }));
}

/** An ACTIVE user with no password (an admin added them): a link to choose one. */
async function sendSetPasswordEmail(db: Queryable, user: UserRow, base: LinkBase, ttls: LinkTtls): Promise<void> {
  const { token } = await issueLink(db, user.id, 'verify', ttls);
  await sendAccountEmail(db, user, base, 'AccountCreated', (t) => ({
    subject: t('emails.created.subject'),
    lines: [t('emails.created.intro'), linkTo(base, token), '', t('emails.created.expires', { hours: Math.round(ttls.verify / 3600) || 1 })],
  }));
}

/** Someone tried to register with an address that already has an account: tell its owner (no link, no password). */
async function sendAlreadyRegisteredEmail(db: Queryable, user: UserRow, base: LinkBase): Promise<void> {
  await sendAccountEmail(db, user, base, 'AccountExists', (t) => ({
    subject: t('emails.exists.subject'),
    lines: [t('emails.exists.intro'), t('emails.exists.reset'), `${base.origin}/dashboard/forgotpassword`, '', t('emails.exists.ignore')],
  }));
}

// ---------------------------------------------------------------------------------------------- users

export interface Registration {
  FirstName: string;
  LastName: string;
  Email: string;
  PrimaryPhone?: string | null;
  SecondaryPhone?: string | null;
  AgentNumber?: string | null;
  NpnId?: string | null;
  Title?: string | null;
}

async function insertUser(db: Queryable, r: Registration, status: UserStatus): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (email, first_name, last_name, phone_number, second_phone_number, agent_number, npn_id, title, dashboard_user_role, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'SFAD_Agent', $9) RETURNING *`,
    [r.Email, r.FirstName, r.LastName, r.PrimaryPhone || null, r.SecondaryPhone || null, r.AgentNumber ? r.AgentNumber.toUpperCase() : null, r.NpnId || null, r.Title || null, status],
  );
  // The default group.
  await db.query(`INSERT INTO user_groups (user_id, group_name) SELECT $1, name FROM groups WHERE is_default ON CONFLICT DO NOTHING`, [row!.id]);
  return row!;
}

/**
 * Registration: a new address gets a STAGED user and a verification email; an address that has an account
 * gets a note to its owner instead. The caller answers the same either way (no account enumeration).
 */
export async function registerUser(db: Db, r: Registration, base: LinkBase, ttls: LinkTtls, referral?: string | null): Promise<{ created: boolean; userId: string }> {
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, r.Email);
    if (existing) {
      if (existing.status === 'STAGED') await sendVerifyEmail(tx, existing, base, ttls, referral);
      else await sendAlreadyRegisteredEmail(tx, existing, base);
      return { created: false, userId: existing.id };
    }
    const user = await insertUser(tx, r, 'STAGED');
    await sendVerifyEmail(tx, user, base, ttls, referral);
    return { created: true, userId: user.id };
  });
}

/** An admin's new user: ACTIVE, no password, linked to the agency, a set-password email. */
export async function createActiveUser(db: Db, r: Registration & { AgencyNumber: string }, base: LinkBase, ttls: LinkTtls): Promise<UserRow> {
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, r.Email)) throw new HttpError(409, 'A user with this email address already exists.');
    const [agency] = await tx.query('SELECT 1 FROM agencies WHERE agency_number = $1', [r.AgencyNumber]);
    if (!agency) throw new HttpError(404, 'Agency not found.');
    const user = await insertUser(tx, r, 'ACTIVE');
    await tx.query('INSERT INTO user_agencies (user_id, agency_number, is_default_agency) VALUES ($1, $2, true)', [user.id, r.AgencyNumber]);
    await sendSetPasswordEmail(tx, user, base, ttls);
    return user;
  });
}

/**
 * Forgot password / a fresh link: an ACTIVE user gets a reset link, a STAGED one a fresh verification link,
 * anyone else nothing. The caller answers the same whatever happened.
 */
export async function sendRecovery(db: Db, user: UserRow | undefined, base: LinkBase, ttls: LinkTtls): Promise<'reset' | 'verify' | 'none'> {
  if (!user) return 'none';
  return db.transaction(async (tx) => {
    if (user.status === 'STAGED') {
      await sendVerifyEmail(tx, user, base, ttls);
      return 'verify';
    }
    if (user.status === 'ACTIVE') {
      await sendResetEmail(tx, user, base, ttls);
      return 'reset';
    }
    return 'none';
  });
}

/**
 * Sets a password with a verify or reset link: consumes the link, checks the policy, stores the scrypt
 * hash, activates a STAGED user, and issues a sign-in ticket. `revoke` ends the user's sessions (a reset).
 */
export async function setPasswordWithLink(
  db: Db,
  token: string,
  password: string,
  ttls: LinkTtls,
  revoke: (db: Queryable, userId: string) => Promise<unknown>,
  now = new Date(),
): Promise<{ ticket: string; purpose: 'verify' | 'reset'; userId: string }> {
  // The policy first (without consuming the link, so a refused password can be corrected on the same page).
  const state = await findLink(db, token);
  if (!state || state.used_at !== null || new Date(state.expires_at).getTime() <= now.getTime() || state.purpose === 'signin') throw new HttpError(400, LINK_EXPIRED);
  const owner = await findUserById(db, state.user_id);
  if (!owner || owner.status === 'DEPROVISIONED') throw new HttpError(400, LINK_EXPIRED);
  const problems = passwordProblems(password, { email: owner.email, firstName: owner.first_name, lastName: owner.last_name });
  if (problems.length) throw new HttpError(400, problems[0]!);
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const link = await consumeLink(tx, token, ['verify', 'reset'], now);
    if (!link || link.userId !== owner.id) throw new HttpError(400, LINK_EXPIRED);
    await tx.query(
      `UPDATE users SET password_hash = $2, password_changed_at = $3, status = CASE WHEN status = 'STAGED' THEN 'ACTIVE' ELSE status END WHERE id = $1`,
      [owner.id, hash, now.toISOString()],
    );
    // Every other open link of the user is spent: a new password ends them.
    await retireLinks(tx, owner.id, ['verify', 'reset'], now);
    if (link.purpose === 'reset') await revoke(tx, owner.id);
    const { token: ticket } = await issueLink(tx, owner.id, 'signin', ttls, now);
    return { ticket, purpose: link.purpose as 'verify' | 'reset', userId: owner.id };
  });
}

/** The agency numbers of a user. */
export async function agenciesOf(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ agency_number: string }>('SELECT agency_number FROM user_agencies WHERE user_id = $1 ORDER BY agency_number', [userId]);
  return rows.map((r) => r.agency_number);
}

/** A user's profile as the calls answer it. */
export async function profileOf(db: Queryable, user: UserRow) {
  const u = user as UserRow & { phone_number: string | null; second_phone_number: string | null; title: string | null; npn_id: string | null };
  return {
    UserId: u.id,
    Email: u.email,
    FirstName: u.first_name,
    LastName: u.last_name,
    PrimaryPhone: u.phone_number ?? null,
    SecondaryPhone: u.second_phone_number ?? null,
    Title: u.title ?? null,
    NpnId: u.npn_id ?? null,
    AgentNumber: u.agent_number,
    Status: u.status,
    DashboardUserRole: u.dashboard_user_role,
    Agencies: await agenciesOf(db, u.id),
  };
}

// ---------------------------------------------------------------------------------------------- manage-account profile
// Issue 14, manage my account: the profile, the password change and the email change with re-verification.

/** How long an email-change link lives, seconds (24 h, like a verification link). */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600;

/** The address an unused, unexpired email-change link of the user waits to confirm (the newest), or null. */
export async function pendingEmailOf(db: Queryable, userId: string, now = new Date()): Promise<string | null> {
  const [row] = await db.query<{ new_email: string }>(
    `SELECT new_email FROM one_time_links WHERE user_id = $1 AND purpose = 'email-change' AND used_at IS NULL AND expires_at > $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId, now.toISOString()],
  );
  return row?.new_email ?? null;
}

/** The profile of GetUserProfile (and of SaveUserAgentInfo's answer): profileOf's fields but the agencies, the login and the pending email. */
export async function userProfileOf(db: Queryable, user: UserRow) {
  const { Agencies: _agencies, ...profile } = await profileOf(db, user);
  return { ...profile, Login: user.email, PendingEmail: await pendingEmailOf(db, user.id) };
}

/** True when `password` is the user's current password (hashed on the password pool). */
export const isCurrentPassword = (user: UserRow, password: string) => verifyPassword(password, user.password_hash);

/**
 * Changes a user's password (the current one already checked by the caller): the policy, a new scrypt hash, every
 * open verify/reset link spent, every sign-in revoked (`revoke`), and a single-use sign-in ticket for the browser
 * that asked, so it signs back in without the password.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  password: string,
  base: LinkBase,
  ttls: LinkTtls,
  revoke: (db: Queryable, userId: string) => Promise<unknown>,
  now = new Date(),
): Promise<{ ticket: string }> {
  const problems = passwordProblems(password, { email: user.email, firstName: user.first_name, lastName: user.last_name });
  if (problems.length) throw new HttpError(400, problems[0]!);
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [user.id, hash, now.toISOString()]);
    await retireLinks(tx, user.id, ['verify', 'reset'], now);
    await revoke(tx, user.id);
    const { token } = await issueLink(tx, user.id, 'signin', ttls, now);
    await sendAccountEmail(tx, user, base, 'PasswordChanged', (t) => ({
      subject: t('emails.passwordChanged.subject'),
      lines: [t('emails.passwordChanged.intro'), t('emails.passwordChanged.notYou'), `${base.origin}/dashboard/forgotpassword`],
    }));
    return { ticket: token };
  });
}

/** A masked address for notices ('a•••@demo.test'), so a notice to the old address does not hand out the new one. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

/**
 * Asks to change a user's email: a single-use link (24 h, only its hash stored, the new address kept beside it)
 * goes to the new address, and a notice to the current one. An address another account has gets no link but a
 * note that it cannot be used; the caller answers the same either way. A new request spends the earlier ones.
 */
export async function requestEmailChange(db: Db, user: UserRow, newEmail: string, base: LinkBase, ttlSeconds = EMAIL_CHANGE_TTL_SECONDS, now = new Date()): Promise<void> {
  const address = newEmail.trim();
  await db.transaction(async (tx) => {
    await retireLinks(tx, user.id, ['email-change'], now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    await tx.query(
      `INSERT INTO one_time_links (token_hash, purpose, user_id, expires_at, created_at, new_email) VALUES ($1, 'email-change', $2, $3, $4, $5)`,
      [hashToken(token), user.id, expiresAt.toISOString(), now.toISOString(), address],
    );
    const taken = await findUserByEmail(tx, address);
    if (taken && taken.id !== user.id) {
      await sendAccountEmail(
        tx,
        user,
        base,
        'EmailChangeRefused',
        (t) => ({ subject: t('emails.emailChangeRefused.subject'), lines: [t('emails.emailChangeRefused.intro'), t('emails.emailChangeRefused.ignore')] }),
        { to: address, userId: taken.id, anonymous: true },
      );
    } else {
      await sendAccountEmail(
        tx,
        user,
        base,
        'EmailChange',
        (t) => ({
          subject: t('emails.emailChange.subject'),
          lines: [
            t('emails.emailChange.intro'),
            `${base.origin}/dashboard/confirm-email#token=${token}`,
            '',
            t('emails.emailChange.expires', { hours: Math.max(1, Math.round(ttlSeconds / 3600)) }),
            t('emails.emailChange.ignore'),
          ],
        }),
        { to: address },
      );
    }
    await sendAccountEmail(tx, user, base, 'EmailChangeRequested', (t) => ({
      subject: t('emails.emailChangeRequested.subject'),
      lines: [t('emails.emailChangeRequested.intro', { email: maskEmail(address) }), t('emails.emailChangeRequested.notYou')],
    }));
  });
}

/**
 * Follows an email-change link: consumed atomically (single use, unexpired), the user's email becomes the new
 * address unless another account took it meanwhile (409), and the old address gets a notice.
 */
export async function confirmEmailChange(db: Db, token: string, base: LinkBase, now = new Date()): Promise<{ userId: string; email: string }> {
  const h = hashToken(token);
  return db.transaction(async (tx) => {
    const [link] = await tx.query<{ user_id: string; new_email: string; token_hash: string }>(
      `UPDATE one_time_links SET used_at = $2
        WHERE token_hash = $1 AND purpose = 'email-change' AND used_at IS NULL AND expires_at > $2
        RETURNING user_id, new_email, token_hash`,
      [h, now.toISOString()],
    );
    if (!link || !sameHash(link.token_hash, h)) throw new HttpError(400, LINK_EXPIRED);
    const user = await findUserById(tx, link.user_id);
    if (!user || user.status === 'DEPROVISIONED') throw new HttpError(400, LINK_EXPIRED);
    const other = await findUserByEmail(tx, link.new_email);
    if (other && other.id !== user.id) throw new HttpError(409, EMAIL_TAKEN);
    await tx.query('UPDATE users SET email = $2 WHERE id = $1', [user.id, link.new_email]);
    await retireLinks(tx, user.id, ['email-change'], now);
    await sendAccountEmail(tx, user, base, 'EmailChanged', (t) => ({
      subject: t('emails.emailChanged.subject'),
      lines: [t('emails.emailChanged.intro', { email: maskEmail(link.new_email) }), t('emails.emailChanged.notYou')],
    }));
    return { userId: user.id, email: link.new_email };
  });
}
