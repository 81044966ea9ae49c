import { useEffect, useState } from 'react';
import { langOf, type Lang, type Translator } from '../../lib/i18n.ts';
import { loadTranslator, translatorIfLoaded, type IslandNamespace } from '../../lib/i18n/translate.ts';

/** The page language: the Spanish host or an /es/ path (English outside a browser). */
export function pageLang(): Lang {
  return typeof window === 'undefined' ? 'en' : langOf(window.location);
}

/**
 * The page language's translator of these namespaces (plus `common`), or null while a namespace loads
 * (each is one small file per language, fetched once). With no namespaces it is never null.
 */
export function useT<N extends IslandNamespace = never>(...namespaces: N[]): Translator<N | 'common'> | null {
  const [lang] = useState(pageLang);
  const [t, setT] = useState(() => translatorIfLoaded(lang, namespaces) ?? null);
  const [failed, setFailed] = useState(0);
  const key = namespaces.join(',');
  useEffect(() => {
    if (t) return;
    let live = true;
    loadTranslator(lang, namespaces).then(
      (loaded) => live && setT(() => loaded),
      // A chunk that failed to load (offline, a new deploy): try again shortly.
      () => live && setTimeout(() => setFailed((n) => n + 1), 1000),
    );
    return () => {
      live = false;
    };
    // The namespaces are a fixed list per island; `lang` never changes; `t` is only checked once loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, failed]);
  return t;
}

/** The chrome's translator (`common` only): available at once. */
export function useCommonT(): Translator {
  return useT()!;
}
