import { useMemo } from 'react';
import { type Lang } from '../../lib/i18n.ts';
import commonEn from '../../lib/i18n/en/common.ts';
import commonEs from '../../lib/i18n/es/common.ts';
import { pageLang } from './use-t.ts';

/**
 * The page language and its `common` words as an object. TODO(issue 12): goes when the work-order islands use
 * `useT()` like every other island.
 */
export function useLang(): { lang: Lang; s: typeof commonEn } {
  return useMemo(() => {
    const lang = pageLang();
    return { lang, s: lang === 'es' ? commonEs : commonEn };
  }, []);
}
