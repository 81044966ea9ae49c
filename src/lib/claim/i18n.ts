/**
 * The claim and quote flow's words. The English and Spanish dictionaries are i18n-en.ts and i18n-es.ts;
 * a page loads only the one of its language (`loadClaimText`), which keeps each claim page inside the
 * JavaScript budget (docs/decisions/005). The spec's validation messages (validation.ts, section 5) stay
 * word for word in English; the Spanish dictionary gives their Spanish versions.
 */
import type { Lang } from '../i18n.ts';
import type en from './i18n-en.ts';

/** The flow's strings (the English dictionary's shape; the Spanish one has the same). */
export type ClaimText = typeof en;

const loaded: Partial<Record<Lang, ClaimText>> = {};

/** The dictionary of a language, once loaded (else undefined). */
export function claimTextIfLoaded(lang: Lang): ClaimText | undefined {
  return loaded[lang];
}

/** Loads the dictionary of a language. */
export async function loadClaimText(lang: Lang): Promise<ClaimText> {
  loaded[lang] ??= (lang === 'es' ? await import('./i18n-es.ts') : await import('./i18n-en.ts')).default;
  return loaded[lang];
}

/** A validation message in the page language: the spec's English words, or their Spanish version. */
export function translateMessage(message: string, x: Pick<ClaimText, 'messages' | 'fields'>): string {
  const field = /^The (.+) field is required$/.exec(message)?.[1];
  if (field && x.fields[field]) return `El campo ${x.fields[field]} es obligatorio`;
  return x.messages[message] ?? message;
}
