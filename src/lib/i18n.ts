/**
 * The one translation system (docs/decisions/013-translation-system.md).
 *
 * One dictionary per language, `src/lib/i18n/en/` and `src/lib/i18n/es/`, split into namespaces by feature
 * (`common`, `messages`, `claim`, …) so that a page loads only the words it uses, and only in the reader's
 * language. Keys are namespaced: `t('common.signOut')`, `t('claim.zip.label')`. Values are strings with
 * `{name}` placeholders; a plural is an object with `one` and `other` (`t.plural('workOrders.count', n)`).
 * The Spanish files must have exactly the English keys (`satisfies DictionaryOf<typeof en>` checks it when
 * type-checking, tests/unit/i18n.test.ts at run time).
 *
 * Islands use `useT(...)` (src/islands/shared/use-t.ts); Astro components use `translatorFor(lang)` from
 * src/lib/i18n/all.ts (build time: every namespace). Server replies carry a message `code` (and `params`)
 * beside the English text; `t.message(reply)` shows it in the reader's language.
 */
import commonEn from './i18n/en/common.ts';
import commonEs from './i18n/es/common.ts';

/** Languages of the portal. */
export type Lang = 'en' | 'es';
/** Every language, English (the default and fallback) first. */
export const LANGS: readonly Lang[] = ['en', 'es'];

/** The language of a location: the Spanish site is any host containing 'espanol.' or a path under /es/. */
export function langOf(loc: { hostname: string; pathname: string }): Lang {
  return loc.hostname.includes('espanol.') || loc.pathname === '/es' || loc.pathname.startsWith('/es/') ? 'es' : 'en';
}

/** A dictionary: nested objects whose leaves are strings. */
export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

/** The shape another language's dictionary must have: the English keys, a string wherever English has one. */
export type DictionaryOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : DictionaryOf<T[K]> };

/** The English dictionary of each namespace (types only: nothing here is bundled). */
export interface Namespaces {
  common: typeof commonEn;
  messages: typeof import('./i18n/en/messages.ts').default;
  editor: typeof import('./i18n/en/editor.ts').default;
}
/** A namespace of the dictionaries. */
export type Namespace = keyof Namespaces;

/** Loaders of each namespace per language: one file each, so a page fetches only what it uses. */
const LOADERS: { [N in Namespace]: Record<Lang, () => Promise<{ default: DictionaryOf<Namespaces[N]> }>> } = {
  common: { en: async () => ({ default: commonEn }), es: async () => ({ default: commonEs }) },
  messages: { en: () => import('./i18n/en/messages.ts'), es: () => import('./i18n/es/messages.ts') },
  editor: { en: () => import('./i18n/en/editor.ts'), es: () => import('./i18n/es/editor.ts') },
};

type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type PluralLeaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? never : T[K] extends { one: string; other: string } ? `${P}${K}` : PluralLeaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the given namespaces ('common.signOut'). */
export type Key<N extends Namespace> = { [M in N]: Leaves<Namespaces[M], `${M}.`> }[N];
/** A key of a plural (an object with `one` and `other`). */
export type PluralKey<N extends Namespace> = { [M in N]: PluralLeaves<Namespaces[M], `${M}.`> }[N];
/** Values of `{name}` placeholders. */
export type Params = Readonly<Record<string, string | number>>;

/** What a server reply or a field error says: the English text, and its code and parameters when it has them. */
export interface ServerMessage {
  message: string;
  code?: string | undefined;
  params?: Params | undefined;
}

/** Translates keys of the loaded namespaces into one language. */
export interface Translator<N extends Namespace = 'common'> {
  (key: Key<N>, params?: Params): string;
  /** The language. */
  readonly lang: Lang;
  /** True when the key names a string of a loaded namespace. */
  has(key: string): boolean;
  /** A plural: `one` or `other` by the language's rules, `{count}` filled in. */
  plural(key: PluralKey<N>, count: number, params?: Params): string;
  /** A key computed at run time (a status, a role): its text, or `fallback` when there is none. */
  dynamic(key: string, fallback: string, params?: Params): string;
  /** A server message in this language: its code's text when the `messages` namespace has it, else the English text in English, or a generic sentence. */
  message(reply: ServerMessage & { errors?: readonly ServerMessage[] | undefined }): string;
}

/** Fills `{name}` placeholders. */
export function interpolate(text: string, params?: Params): string {
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}

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
    if (reply.code === 'invalidRequest' && reply.errors?.length && lang !== 'en') {
      return interpolate(text('messages.invalidRequest', reply.message), { details: reply.errors.slice(0, 5).map(message).join('; ') });
    }
    if (reply.code && reply.code !== 'invalidRequest') {
      const found = lookup(dicts, `messages.${reply.code}`);
      if (typeof found === 'string') return interpolate(found, fields(reply.params));
    }
    return lang === 'en' || !dicts.messages ? reply.message : text('messages.unknown', reply.message);
  };
  return Object.assign(t, {
    lang,
    has: (key: string) => typeof lookup(dicts, key) === 'string',
    plural: (key: string, count: number, params?: Params) => text(`${key}.${rules.select(count) === 'one' ? 'one' : 'other'}`, key, { count, ...params }),
    dynamic: text,
    message,
  });
}

const loaded: Partial<Record<Lang, Partial<Record<string, Dictionary>>>> = { en: { common: commonEn }, es: { common: commonEs } };

/** The translator of these namespaces (plus `common`) when all are loaded already, else undefined. */
export function translatorIfLoaded<N extends Namespace>(lang: Lang, namespaces: readonly N[] = []): Translator<N | 'common'> | undefined {
  const dicts = loaded[lang]!;
  return namespaces.every((ns) => dicts[ns]) ? createTranslator<N | 'common'>(lang, dicts) : undefined;
}

/** Loads these namespaces of a language (each file once) and answers their translator (with `common`). */
export async function loadTranslator<N extends Namespace>(lang: Lang, namespaces: readonly N[]): Promise<Translator<N | 'common'>> {
  const dicts = loaded[lang]!;
  await Promise.all(
    namespaces.filter((ns) => !dicts[ns]).map(async (ns) => {
      dicts[ns] = (await LOADERS[ns][lang]()).default as Dictionary;
    }),
  );
  return createTranslator<N | 'common'>(lang, dicts);
}

/** The chrome's translator of a language (`common` is always loaded). */
export function commonT(lang: Lang): Translator {
  return createTranslator(lang, loaded[lang]!);
}
