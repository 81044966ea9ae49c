/**
 * Every namespace of both languages at once, for Astro components (build time) and the tests. Islands never
 * import this: they load the namespaces they use with `useT()` (src/islands/shared/use-t.ts).
 */
import type { Dictionary, Lang, Namespace, Translator } from '../i18n.ts';
import { createTranslator } from './translate.ts';
import claimEn from './en/claim.ts';
import commonEn from './en/common.ts';
import editorEn from './en/editor.ts';
import messagesEn from './en/messages.ts';
import dashboardEn from './en/dashboard.ts';
import workOrdersEn from './en/work-orders.ts';
import claimEs from './es/claim.ts';
import commonEs from './es/common.ts';
import editorEs from './es/editor.ts';
import messagesEs from './es/messages.ts';
import dashboardEs from './es/dashboard.ts';
import workOrdersEs from './es/work-orders.ts';

/** Each language's dictionary: namespace → words. */
export const DICTIONARIES: Record<Lang, Record<Namespace, Dictionary>> = {
  en: { common: commonEn, messages: messagesEn, editor: editorEn, claim: claimEn, dashboard: dashboardEn, workOrders: workOrdersEn },
  es: { common: commonEs, messages: messagesEs, editor: editorEs, claim: claimEs, dashboard: dashboardEs, workOrders: workOrdersEs },
};

/** A translator of every namespace in one language. */
export function translatorFor(lang: Lang): Translator<Namespace> {
  return createTranslator<Namespace>(lang, DICTIONARIES[lang]);
}
