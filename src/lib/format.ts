/**
 * Text for reading, in the browser and on the server: names, phone numbers, agencies, and money (the one money
 * formatter: the claim flow's quotes, the work-order details). Dates are in format-date.ts, apart so that the pages
 * that show none (the shell loads this module on every page) do not carry them (docs/decisions/005).
 */
import type { Lang } from './i18n.ts';

/** Capitalises each word: first letter upper, the rest lower ('DANA' → 'Dana', "o'neal" → "O'neal"). */
export function capitalise(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** Formats a 10-digit US phone number 3-3-4 with dashes; anything else is returned trimmed. */
export function formatPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return ten.length === 10 ? `${ten.slice(0, 3)}-${ten.slice(3, 6)}-${ten.slice(6)}` : (phone ?? '').trim();
}

/** The agency dropdown label: name and address on one line. */
export function agencyNameAndAddress(a: { agencyName: string; addressLine: string; city: string; stateCode: string; zipCode: string }): string {
  return `${a.agencyName} - ${a.addressLine}, ${a.city}, ${a.stateCode} ${a.zipCode}`;
}

/** Formats a money amount in US dollars for the page language ('$1,234.50'). */
export function formatMoney(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(amount);
}
