/**
 * The global banner's rules (spec sections 4 and 5), shared by the banner screen (checked on Save) and the
 * contracts (checked again on the server, src/lib/api/global-banner.ts), so both say the same words. No zod here:
 * the screen loads this without the contracts.
 */
import { MESSAGES } from './claim/validation.ts';

/** Section 5's messages. 'Please enter a valid url' is the spec's own; the others say its rules in words. */
export const BANNER_MESSAGES = {
  titleRequired: 'Banner title is required',
  alertTextRequired: 'Alert text is required',
  urlLabelRequired: 'URL label is required when a URL is entered',
  urlRequired: 'URL is required when a URL label is entered',
  urlInvalid: 'Please enter a valid url',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endDateAfterStart: 'End date must be after start date',
  dateInvalid: MESSAGES.dateInvalid,
} as const;

/** The fields of a banner as the screen and the calls carry them (dates as yyyy-mm-dd). */
export interface BannerFields {
  bannerTitle: string;
  bannerAlertText: string;
  urlLabel?: string | null | undefined;
  url?: string | null | undefined;
  startDate: string;
  endDate: string;
}

/** One problem: the field it is about and the message. */
export interface BannerProblem {
  field: keyof BannerFields;
  message: (typeof BANNER_MESSAGES)[keyof typeof BANNER_MESSAGES];
}

/** A banner link lacking http:// or https:// gets http:// prefixed (spec section 5). */
export function withScheme(url: string): string {
  const u = url.trim();
  return /^https?:\/\//i.test(u) ? u : `http://${u}`;
}

/** True for a web address a reader can follow (once prefixed): http(s), a host with a dot (or localhost), no spaces. */
export function isValidBannerUrl(url: string): boolean {
  const u = withScheme(url);
  if (/\s/.test(u)) return false;
  try {
    const parsed = new URL(u);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && (parsed.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(parsed.hostname));
  } catch {
    return false;
  }
}

/** True for a real calendar date written yyyy-mm-dd. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Every problem of a banner, in the screen's order (empty: it may be saved). */
export function bannerProblems(b: BannerFields): BannerProblem[] {
  const out: BannerProblem[] = [];
  const title = b.bannerTitle.trim();
  const text = b.bannerAlertText.trim();
  const label = (b.urlLabel ?? '').trim();
  const url = (b.url ?? '').trim();
  const start = b.startDate.trim();
  const end = b.endDate.trim();
  if (!title) out.push({ field: 'bannerTitle', message: BANNER_MESSAGES.titleRequired });
  if (!text) out.push({ field: 'bannerAlertText', message: BANNER_MESSAGES.alertTextRequired });
  if (url && !label) out.push({ field: 'urlLabel', message: BANNER_MESSAGES.urlLabelRequired });
  if (label && !url) out.push({ field: 'url', message: BANNER_MESSAGES.urlRequired });
  else if (url && !isValidBannerUrl(url)) out.push({ field: 'url', message: BANNER_MESSAGES.urlInvalid });
  if (!start) out.push({ field: 'startDate', message: BANNER_MESSAGES.startDateRequired });
  else if (!isIsoDate(start)) out.push({ field: 'startDate', message: BANNER_MESSAGES.dateInvalid });
  if (!end) out.push({ field: 'endDate', message: BANNER_MESSAGES.endDateRequired });
  else if (!isIsoDate(end)) out.push({ field: 'endDate', message: BANNER_MESSAGES.dateInvalid });
  else if (isIsoDate(start) && end <= start) out.push({ field: 'endDate', message: BANNER_MESSAGES.endDateAfterStart });
  return out;
}

/** True when a banner shows on `today` (yyyy-mm-dd): it has text, it started today or earlier and has not ended. */
export function isCurrentBanner(b: Pick<BannerFields, 'bannerAlertText' | 'startDate' | 'endDate'>, today: string): boolean {
  return b.bannerAlertText.trim() !== '' && b.startDate <= today && b.endDate >= today;
}
