/**
 * The claim flow's field rules and messages (spec section 5), shared by the forms (checked as the user
 * leaves a field and on Next) and the API contracts (checked again on the server). Each rule is a
 * function returning the spec's message, or null when the value is fine; `field()` in
 * src/lib/api/contract.ts turns one into a zod/mini string check so the contracts answer with the very
 * same words. No zod here: the forms load this without the contracts.
 */
import { DAMAGE_DATE_YEARS } from '../constants.ts';

/** The spec's messages, word for word. */
export const MESSAGES = {
  schedulingOption: 'Please choose a scheduling option',
  emailRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'The phone number field is required',
  phoneInvalid: 'Please enter a valid phone number',
  lettersOnly: 'Only letters allow',
  amountInvalid: 'Please enter a valid amount',
  zipUnknown: 'Invalid ZIP. Please enter a new ZIP.',
  zipInvalid: 'Please enter a valid ZIP code.',
  state: 'Please choose a State.',
  dateInvalid: 'Please enter a valid date.',
  textConsent: 'Consent is required to receive text messages',
  contactMethod: 'Please choose a communciation preference',
  /** Contact update (manage-account's contact preferences): a text alert needs a phone, an email alert an address. */
  contactPhone: 'Please enter a phone number',
  contactEmail: 'Please enter an email address',
} as const;

/** The VIN rule's messages (src/lib/claim/vin.ts) by problem, and their codes in the `messages` namespace. */
export const VIN_MESSAGES = {
  length: 'A VIN has 17 characters.',
  characters: 'A VIN uses letters and digits only, never I, O or Q.',
  'check-digit': 'This VIN is not valid: its check digit does not match. Please check it.',
} as const;
const VIN_CODES = { length: 'vinLength', characters: 'vinCharacters', 'check-digit': 'vinCheckDigit' } as const;

/**
 * The code (and parameters) of one of the messages above, for `t.message()` and the `messages` namespace;
 * no code for any other text. Small on purpose: the browser must not load the whole message catalogue.
 */
export function messageOf(message: string): { message: string; code?: string; params?: { field: string } } {
  const code = Object.entries(MESSAGES).find(([, text]) => text === message)?.[0];
  if (code) return { message, code };
  const vin = (Object.keys(VIN_MESSAGES) as (keyof typeof VIN_MESSAGES)[]).find((problem) => VIN_MESSAGES[problem] === message);
  if (vin) return { message, code: VIN_CODES[vin] };
  const field = /^The (.+) field is required$/.exec(message)?.[1];
  return field ? { message, code: 'required', params: { field } } : { message };
}

/** 'The X field is required' (first name, last name, policy number, carrier, deductible, shop name). */
export const requiredMessage = (field: string) => `The ${field} field is required`;

/** A rule: the message for a bad value, or null. */
export type Rule = (value: string) => string | null;

/** 10 digits, optional parentheses around the area code, optional dash, dot or spaces between groups. */
export const PHONE_PATTERN = /^(?:\(\d{3}\)|\d{3})[-.\s]?\d{3}[-.\s]?\d{4}$/;
/** 5 digits with an optional 4-digit extension. */
export const ZIP_PATTERN = /^\d{5}(?:-?\d{4})?$/;
/** Letters, with single spaces, hyphens or apostrophes between them ('Mary Ann', "O'Neil", 'García-López'). */
export const LETTERS_PATTERN = /^\p{L}+(?:[ '’-]\p{L}+)*$/u;
/** A practical email shape: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** An amount: digits with optional thousands commas and cents, an optional leading $. */
export const AMOUNT_PATTERN = /^\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/** Digits of a phone number. */
export const phoneDigits = (value: string) => value.replace(/\D/g, '');
/** The number of an amount ('$1,250.50' → 1250.5), or NaN. */
export const parseAmount = (value: string) => (AMOUNT_PATTERN.test(value.trim()) ? Number(value.trim().replace(/[$,]/g, '')) : Number.NaN);

export const rules = {
  required:
    (field: string): Rule =>
    (v) =>
      v.trim() === '' ? requiredMessage(field) : null,
  phone: ((v) => (v.trim() === '' ? MESSAGES.phoneRequired : PHONE_PATTERN.test(v.trim()) ? null : MESSAGES.phoneInvalid)) as Rule,
  /** An optional phone: empty is fine. */
  optionalPhone: ((v) => (v.trim() === '' || PHONE_PATTERN.test(v.trim()) ? null : MESSAGES.phoneInvalid)) as Rule,
  email: ((v) => (v.trim() === '' ? MESSAGES.emailRequired : EMAIL_PATTERN.test(v.trim()) && v.length <= 254 ? null : MESSAGES.emailInvalid)) as Rule,
  optionalEmail: ((v) => (v.trim() === '' || (EMAIL_PATTERN.test(v.trim()) && v.length <= 254) ? null : MESSAGES.emailInvalid)) as Rule,
  zip: ((v) => (ZIP_PATTERN.test(v.trim()) ? null : MESSAGES.zipInvalid)) as Rule,
  state: ((v) => (/^[A-Z]{2}$/.test(v.trim()) ? null : MESSAGES.state)) as Rule,
  /** A required name of letters: 'The X field is required', then 'Only letters allow'. */
  name:
    (field: string): Rule =>
    (v) =>
      v.trim() === '' ? requiredMessage(field) : LETTERS_PATTERN.test(v.trim()) ? null : MESSAGES.lettersOnly,
  /** A required amount (the deductible). */
  amount:
    (field: string): Rule =>
    (v) => {
      if (v.trim() === '') return requiredMessage(field);
      const n = parseAmount(v);
      return Number.isFinite(n) && n >= 0 && n <= 100_000 ? null : MESSAGES.amountInvalid;
    },
  /** A damage date (YYYY-MM-DD): a real date, not after today, within the past 10 years. */
  damageDate: ((v) => damageDateError(v)) as Rule,
};

/** The ISO day (YYYY-MM-DD) of a date in local time. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The damage-date rule: 'Please enter a valid date.' unless the value is a real calendar day, on or
 * before today and no more than DAMAGE_DATE_YEARS years back. `graceDays` lets the server accept a
 * browser whose 'today' is ahead of its own clock.
 */
export function damageDateError(value: string, today: Date = new Date(), graceDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return MESSAGES.dateInvalid;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return MESSAGES.dateInvalid;
  const latest = new Date(today.getFullYear(), today.getMonth(), today.getDate() + graceDays);
  const earliest = new Date(today.getFullYear() - DAMAGE_DATE_YEARS, today.getMonth(), today.getDate());
  return date > latest || date < earliest ? MESSAGES.dateInvalid : null;
}
