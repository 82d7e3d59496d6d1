/**
 * The page's languages: English (the source of every message), Chinese and Russian, the seeds'
 * languages. Pure, so the link's parser and the tests use it without a page.
 */

export const LOCALES = ['en', 'zh', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language in its own words, as the switch shows it (a reader finds their own language). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', zh: '中文', ru: 'Русский' };

export const isLocale = (text: string): text is Locale => (LOCALES as readonly string[]).includes(text);

/**
 * The first of the browser's languages (navigator.languages, most preferred first) the page speaks:
 * `zh-CN`, `zh-Hant-TW` → zh, `ru-RU` → ru, `en-GB` → en; none of them → English.
 */
export function localeOfLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (isLocale(primary)) return primary;
  }
  return 'en';
}
