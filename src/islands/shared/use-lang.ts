import { useMemo } from 'react';
import { langOf, type Lang } from '../../lib/i18n.ts';
import commonEn from '../../lib/i18n/en/common.ts';
import commonEs from '../../lib/i18n/es/common.ts';

/**
 * The page language and its `common` words as an object. TODO(issue 12): goes when every island uses `useT()`
 * (the claim, work-order, shell and account islands are still on it).
 */
export function useLang(): { lang: Lang; s: typeof commonEn } {
  return useMemo(() => {
    const lang = typeof window === 'undefined' ? 'en' : langOf(window.location);
    return { lang, s: lang === 'es' ? commonEs : commonEn };
  }, []);
}
