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
 * This module holds the types and `langOf` only (every page loads it); the translator itself is
 * src/lib/i18n/translate.ts, loaded only by the islands that translate. Islands use `useT(...)` (src/islands/shared/use-t.ts); Astro components use `translatorFor(lang)` from
 * src/lib/i18n/all.ts (build time: every namespace). Server replies carry a message `code` (and `params`)
 * beside the English text; `t.message(reply)` shows it in the reader's language.
 */

/** Languages of the portal. */
export type Lang = 'en' | 'es';
/** Every language, English (the default and fallback) first. */
export const LANGS: readonly Lang[] = ['en', 'es'];

/**
 * The language of a location: the Spanish site is any host containing 'espanol.' or a path under /es/; a
 * `lang=es` query asks for Spanish on the main host (the sign-in page the provider sends a Spanish-host reader to).
 */
export function langOf(loc: { hostname: string; pathname: string; search?: string }): Lang {
  return loc.hostname.includes('espanol.') || loc.pathname === '/es' || loc.pathname.startsWith('/es/') || /[?&]lang=es(&|$)/.test(loc.search ?? '') ? 'es' : 'en';
}

/** Fills `{name}` placeholders. */
export function interpolate(text: string, params?: Params): string {
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}

/** A dictionary: nested objects whose leaves are strings. */
export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

/** The shape another language's dictionary must have: the English keys, a string wherever English has one. */
export type DictionaryOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : DictionaryOf<T[K]> };

/** The English dictionary of each namespace (types only: nothing here is bundled). */
export interface Namespaces {
  common: typeof import('./i18n/en/common.ts').default;
  messages: typeof import('./i18n/en/messages.ts').default;
  editor: typeof import('./i18n/en/editor.ts').default;
  claim: typeof import('./i18n/en/claim.ts').default;
  dashboard: typeof import('./i18n/en/dashboard.ts').default;
  workOrders: typeof import('./i18n/en/work-orders.ts').default;
  login: typeof import('./i18n/en/login.ts').default;
  account: typeof import('./i18n/en/account.ts').default;
  pages: typeof import('./i18n/en/pages.ts').default;
  agency: typeof import('./i18n/en/agency.ts').default;
  accounts: typeof import('./i18n/en/accounts.ts').default;
  emails: typeof import('./i18n/en/emails.ts').default;
  passkeys: typeof import('./i18n/en/passkeys.ts').default;
  mfa: typeof import('./i18n/en/mfa.ts').default;
  admin: typeof import('./i18n/en/admin.ts').default;
  users: typeof import('./i18n/en/users.ts').default;
  banners: typeof import('./i18n/en/banners.ts').default;
  ceAdmin: typeof import('./i18n/en/ce-admin.ts').default;
  courses: typeof import('./i18n/en/courses.ts').default;
  // issue 17: shop search
  shops: typeof import('./i18n/en/shops.ts').default;
  // issue 18: live chat (loaded with the chat only: src/islands/shared/chat/words.ts)
  chat: typeof import('./i18n/en/chat.ts').default;
}
/** A namespace of the dictionaries. */
export type Namespace = keyof Namespaces;

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
