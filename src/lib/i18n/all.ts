/**
 * Every namespace of both languages at once, for Astro components (build time) and the tests. Islands never
 * import this: they load the namespaces they use with `useT()` (src/islands/shared/use-t.ts).
 */
import type { Dictionary, Lang, Namespace, Translator } from '../i18n.ts';
import { createTranslator } from './translate.ts';
import accountEn from './en/account.ts';
import claimEn from './en/claim.ts';
import commonEn from './en/common.ts';
import dashboardEn from './en/dashboard.ts';
import editorEn from './en/editor.ts';
import loginEn from './en/login.ts';
import messagesEn from './en/messages.ts';
import pagesEn from './en/pages.ts';
import workOrdersEn from './en/work-orders.ts';
import accountsEn from './en/accounts.ts';
import accountsEs from './es/accounts.ts';
import accountEs from './es/account.ts';
import claimEs from './es/claim.ts';
import commonEs from './es/common.ts';
import dashboardEs from './es/dashboard.ts';
import editorEs from './es/editor.ts';
import loginEs from './es/login.ts';
import messagesEs from './es/messages.ts';
import pagesEs from './es/pages.ts';
import workOrdersEs from './es/work-orders.ts';
import agencyEn from './en/agency.ts';
import agencyEs from './es/agency.ts';
import emailsEn from './en/emails.ts';
import emailsEs from './es/emails.ts';
import passkeysEn from './en/passkeys.ts';
import passkeysEs from './es/passkeys.ts';
import mfaEn from './en/mfa.ts';
import mfaEs from './es/mfa.ts';
import adminEn from './en/admin.ts';
import adminEs from './es/admin.ts';
import usersEn from './en/users.ts';
import usersEs from './es/users.ts';
import bannersEn from './en/banners.ts';
import bannersEs from './es/banners.ts';
import ceAdminEn from './en/ce-admin.ts';
import ceAdminEs from './es/ce-admin.ts';
import coursesEn from './en/courses.ts';
import coursesEs from './es/courses.ts';
// issue 17: shop search
import shopsEn from './en/shops.ts';
import shopsEs from './es/shops.ts';
// issue 18: live chat
import chatEn from './en/chat.ts';
import chatEs from './es/chat.ts';

/** Each language's dictionary: namespace → words (one line each, so that a new namespace is a one-line change). */
export const DICTIONARIES: Record<Lang, Record<Namespace, Dictionary>> = {
  en: {
    common: commonEn,
    messages: messagesEn,
    editor: editorEn,
    claim: claimEn,
    dashboard: dashboardEn,
    workOrders: workOrdersEn,
    login: loginEn,
    account: accountEn,
    pages: pagesEn,
    agency: agencyEn,
    accounts: accountsEn,
    emails: emailsEn,
    passkeys: passkeysEn,
    mfa: mfaEn,
    admin: adminEn,
    users: usersEn,
    banners: bannersEn,
    ceAdmin: ceAdminEn,
    courses: coursesEn,
    // issue 17: shop search
    shops: shopsEn,
    chat: chatEn,
  },
  es: {
    common: commonEs,
    messages: messagesEs,
    editor: editorEs,
    claim: claimEs,
    dashboard: dashboardEs,
    workOrders: workOrdersEs,
    login: loginEs,
    account: accountEs,
    pages: pagesEs,
    agency: agencyEs,
    accounts: accountsEs,
    emails: emailsEs,
    passkeys: passkeysEs,
    mfa: mfaEs,
    admin: adminEs,
    users: usersEs,
    banners: bannersEs,
    ceAdmin: ceAdminEs,
    courses: coursesEs,
    // issue 17: shop search
    shops: shopsEs,
    chat: chatEs,
  },
};

/** A translator of every namespace in one language. */
export function translatorFor(lang: Lang): Translator<Namespace> {
  return createTranslator<Namespace>(lang, DICTIONARIES[lang]);
}
