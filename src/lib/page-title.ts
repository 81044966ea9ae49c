/**
 * Page titles from route meta (the `pages` dictionaries), written by the layouts at build time. A module apart from
 * ./routes.ts, which the header imports: these dictionaries stay out of the browser's JavaScript.
 */
import { interpolate, type Lang } from './i18n.ts';
import pagesEn from './i18n/en/pages.ts';
import pagesEs from './i18n/es/pages.ts';

const PAGES = { en: pagesEn, es: pagesEs };

/** The document title of a route: '<page> | Agent Portal' in the language (build time: the layouts write it). */
export function pageTitle(routeName: string, lang: Lang = 'en'): string {
  const words = PAGES[lang];
  const titles: Readonly<Record<string, string>> = words.titles;
  const page = Object.hasOwn(titles, routeName) ? titles[routeName] : undefined;
  return page ? interpolate(words.documentTitle, { page }) : words.appName;
}
