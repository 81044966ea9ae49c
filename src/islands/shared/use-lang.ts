import { useMemo } from 'react';
import { langOf, t, type Lang } from '../../lib/i18n.ts';

/** The page language (Spanish host or /es/ path) and its strings. */
export function useLang(): { lang: Lang; s: ReturnType<typeof t> } {
  return useMemo(() => {
    const lang = typeof window === 'undefined' ? 'en' : langOf(window.location);
    return { lang, s: t(lang) };
  }, []);
}
