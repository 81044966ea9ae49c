/**
 * The translator of the one translation system (types and rules in src/lib/i18n.ts): lookups, placeholders,
 * plurals, server messages, and the per-language loaders of each namespace. Apart from src/lib/i18n.ts so that
 * a page whose islands translate nothing does not load it.
 */
import { interpolate, langOf, type Dictionary, type DictionaryOf, type Lang, type Namespace, type Namespaces, type Params, type Translator } from '../i18n.ts';
import commonEn from './en/common.ts';

export { interpolate };

/**
 * The namespaces islands load. The rest are read where the site is built or the server writes (src/lib/i18n/all.ts):
 * page titles, emails and the static shop pages' words; leaving them out keeps every page's first-visit script
 * smaller (each loader entry ships on every signed-in page). The chat's words (`chat`) load with the chat's own
 * chunk (src/islands/shared/chat/words.ts), so the chat costs the core no loader entry.
 */
export type IslandNamespace = Exclude<Namespace, 'pages' | 'emails' | 'shops' | 'chat'>;

/** The loaders of each namespace of one language: one file each, so a page fetches only what it uses. */
export type Loaders = { [N in IslandNamespace]: () => Promise<{ default: DictionaryOf<Namespaces[N]> }> };

/** The English loaders. The Spanish ones are a chunk of their own (./es-loaders.ts), loaded on Spanish pages only. */
const EN: Loaders = {
  common: async () => ({ default: commonEn }),
  messages: () => import('./en/messages.ts'),
  editor: () => import('./en/editor.ts'),
  claim: () => import('./en/claim.ts'),
  dashboard: () => import('./en/dashboard.ts'),
  workOrders: () => import('./en/work-orders.ts'),
  login: () => import('./en/login.ts'),
  account: () => import('./en/account.ts'),
  agency: () => import('./en/agency.ts'),
  accounts: () => import('./en/accounts.ts'),
  passkeys: () => import('./en/passkeys.ts'),
  mfa: () => import('./en/mfa.ts'),
  admin: () => import('./en/admin.ts'),
  users: () => import('./en/users.ts'),
  banners: () => import('./en/banners.ts'),
  ceAdmin: () => import('./en/ce-admin.ts'),
  courses: () => import('./en/courses.ts'),
};

/**
 * A namespace's words in a language. The Spanish chrome words are a file of their own (no imports): the translator
 * awaits them before any island renders, and a chunk that imports this module's chunk cannot be awaited here.
 */
const load = async (lang: Lang, ns: IslandNamespace): Promise<{ default: object }> =>
  lang === 'en' ? EN[ns]() : ns === 'common' ? import('./es/common.ts') : (await import('./es-loaders.ts')).ES[ns]();


function lookup(dicts: Partial<Record<string, Dictionary>>, key: string): string | Dictionary | undefined {
  const [ns, ...path] = key.split('.');
  let node: string | Dictionary | undefined = dicts[ns!];
  for (const part of path) node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
  return node;
}

/** A translator over dictionaries already at hand (namespace → the language's dictionary). */
export function createTranslator<N extends Namespace>(lang: Lang, dicts: Partial<Record<string, Dictionary>>): Translator<N> {
  const text = (key: string, fallback: string, params?: Params) => {
    const found = lookup(dicts, key);
    return typeof found === 'string' ? interpolate(found, params) : fallback;
  };
  const rules = new Intl.PluralRules(lang === 'es' ? 'es-US' : 'en-US');
  const t = ((key: string, params?: Params) => text(key, key, params)) as Translator<N>;
  const fields = (params: Params | undefined): Params | undefined =>
    params && typeof params.field === 'string' ? { ...params, field: text(`messages.fieldNames.${params.field}`, params.field) } : params;
  const message: Translator<N>['message'] = (reply) => {
    // English readers get the server's own words (the spec's), whatever code the reply carries.
    if (lang === 'en') return reply.message;
    if (reply.code === 'invalidRequest' && reply.errors?.length) {
      return interpolate(text('messages.invalidRequest', reply.message), { details: reply.errors.slice(0, 5).map(message).join('; ') });
    }
    if (reply.code && reply.code !== 'invalidRequest') {
      const found = lookup(dicts, `messages.${reply.code}`);
      if (typeof found === 'string') return interpolate(found, fields(reply.params));
    }
    return dicts.messages ? text('messages.unknown', reply.message) : reply.message;
  };
  return Object.assign(t, {
    lang,
    has: (key: string) => typeof lookup(dicts, key) === 'string',
    plural: (key: string, count: number, params?: Params) => text(`${key}.${rules.select(count) === 'one' ? 'one' : 'other'}`, key, { count, ...params }),
    dynamic: text,
    message,
  });
}

const loaded: Record<Lang, Partial<Record<string, Dictionary>>> = { en: { common: commonEn }, es: {} };

// The chrome's words are there before any island renders: English is bundled; on a Spanish page the Spanish
// file loads first (top-level await), so English readers never download it and Spanish ones see no English.
// The static pages are English: a Spanish reader's page says it is Spanish (screen readers pick the voice by it).
if (typeof window !== 'undefined' && langOf(window.location) === 'es') {
  document.documentElement.lang = 'es';
  loaded.es.common = (await load('es', 'common')).default as Dictionary;
}

/** The translator of these namespaces (plus `common`) when all are loaded already, else undefined. */
export function translatorIfLoaded<N extends Namespace>(lang: Lang, namespaces: readonly N[] = []): Translator<N | 'common'> | undefined {
  const dicts = loaded[lang];
  return dicts.common && namespaces.every((ns) => dicts[ns]) ? createTranslator<N | 'common'>(lang, dicts) : undefined;
}

/** Loads these namespaces of a language (each file once) and answers their translator (with `common`). */
export async function loadTranslator<N extends IslandNamespace>(lang: Lang, namespaces: readonly N[]): Promise<Translator<N | 'common'>> {
  const dicts = loaded[lang];
  await Promise.all(
    ['common' as const, ...namespaces].filter((ns) => !dicts[ns]).map(async (ns) => {
      dicts[ns] = (await load(lang, ns)).default as Dictionary;
    }),
  );
  return createTranslator<N | 'common'>(lang, dicts);
}
