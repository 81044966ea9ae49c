/**
 * Account rules shared by the browser and the server (issue 14): the agent-number check, the password
 * policy and its per-rule check. The common-password list lives on the server only (100,000 entries):
 * the browser checks everything else live and shows the list check as the server's answer
 * (docs/decisions/018-identity-store-and-one-time-links.md).
 */

/** Spec section 5. */
export const INVALID_AGENT_NUMBER = 'Invalid Agent Number';

/** An agent number: a letter and 5 digits (A99001, the demo's form) or 5 to 10 digits. */
export const AGENT_NUMBER_PATTERN = /^(?:[A-Za-z]\d{5}|\d{5,10})$/;

/** The agent-number rule: the spec's message for anything but a valid number (empty included). */
export const agentNumberError = (v: string): string | null => (AGENT_NUMBER_PATTERN.test(v.trim()) ? null : INVALID_AGENT_NUMBER);

/** An NPN (National Producer Number): 1 to 10 digits, optional. */
export const NPN_PATTERN = /^\d{1,10}$/;
export const INVALID_NPN = 'Please enter a valid NPN ID (digits only).';

/** The password policy (what okta/get-password-policy answers). */
export interface PasswordPolicy {
  MinLength: number;
  MaxLength: number;
  RequireLowercase: boolean;
  RequireUppercase: boolean;
  RequireDigit: boolean;
  RequireSymbol: boolean;
  /** Must not contain the email's local part (3+ characters), any case. */
  ExcludeEmail: boolean;
  /** Must not contain the first or last name (3+ characters), any case. */
  ExcludeNames: boolean;
  /** Must not be one of the CommonListSize most common passwords (checked on the server). */
  ExcludeCommon: boolean;
  CommonListSize: number;
}

export const PASSWORD_POLICY: PasswordPolicy = {
  MinLength: 12,
  MaxLength: 128,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireDigit: true,
  RequireSymbol: false,
  ExcludeEmail: true,
  ExcludeNames: true,
  ExcludeCommon: true,
  CommonListSize: 100_000,
};

/** One rule of the policy. */
export type PasswordRule = 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol' | 'email' | 'names' | 'common';

/** Who the password is for (what "not your email / your name" compares with). */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The English message of a failed rule (the server's reply; the browser shows the rule list). */
export const PASSWORD_MESSAGES: Record<PasswordRule, string> = {
  minLength: 'The password must be at least 12 characters long.',
  maxLength: 'The password must be at most 128 characters long.',
  lowercase: 'The password must contain a lowercase letter.',
  uppercase: 'The password must contain an uppercase letter.',
  digit: 'The password must contain a digit.',
  symbol: 'The password must contain a symbol.',
  email: 'The password must not contain your email address.',
  names: 'The password must not contain your name.',
  common: 'This password is too common. Please choose another one.',
};

const contains = (password: string, part: string | null | undefined) => {
  const p = (part ?? '').trim().toLowerCase();
  return p.length >= 3 && password.toLowerCase().includes(p);
};

/**
 * Each rule of the policy with whether the password meets it, in display order. `isCommon` is the server's
 * list check; without it (the browser) the 'common' rule is left out.
 */
export function checkPassword(password: string, owner: PasswordOwner, policy: PasswordPolicy = PASSWORD_POLICY, isCommon?: (pw: string) => boolean): { rule: PasswordRule; met: boolean }[] {
  const out: { rule: PasswordRule; met: boolean }[] = [];
  const length = [...password].length;
  out.push({ rule: 'minLength', met: length >= policy.MinLength });
  if (length > policy.MaxLength) out.push({ rule: 'maxLength', met: false });
  if (policy.RequireLowercase) out.push({ rule: 'lowercase', met: /\p{Ll}/u.test(password) });
  if (policy.RequireUppercase) out.push({ rule: 'uppercase', met: /\p{Lu}/u.test(password) });
  if (policy.RequireDigit) out.push({ rule: 'digit', met: /\d/.test(password) });
  if (policy.RequireSymbol) out.push({ rule: 'symbol', met: /[^\p{L}\d]/u.test(password) });
  if (policy.ExcludeEmail) out.push({ rule: 'email', met: !contains(password, (owner.email ?? '').split('@')[0]) });
  if (policy.ExcludeNames) out.push({ rule: 'names', met: !contains(password, owner.firstName) && !contains(password, owner.lastName) });
  if (policy.ExcludeCommon && isCommon) out.push({ rule: 'common', met: !isCommon(password) });
  return out;
}
