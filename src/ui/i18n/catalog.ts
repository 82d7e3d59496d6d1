/**
 * The page's one message catalogue: English is the source (its ids are the only ids), Chinese and
 * Russian translate it area by area. English is in the first visit's script; a translation loads
 * when the page first speaks it (`loadCatalog`), so a first visit's script stays within its budget
 * (tests/e2e/bundle.test.ts). A translation may lack a message: `t` then says it in English;
 * tests/ui/i18n/catalog.test.ts lists any that are missing.
 */

import { en, type MessageId, type Translation } from './english';
import type { Locale } from './locales';

export type { MessageId, Translation } from './english';

/** Each language's messages as loaded so far: English always, the others once `loadCatalog` has run. */
export const catalogs: Record<Exclude<Locale, 'en'>, Translation> & {
  readonly en: Readonly<Record<MessageId, string>>;
} = { en, zh: {}, ru: {} };

const loading = new Map<Locale, Promise<void>>();

/** Loads a language's messages (once); English is always there. */
export function loadCatalog(lang: Locale): Promise<void> {
  if (lang === 'en') return Promise.resolve();
  let done = loading.get(lang);
  if (!done) {
    done = (lang === 'zh' ? import('./zh/index') : import('./ru/index')).then((m) => {
      catalogs[lang] = m.messages;
    });
    loading.set(lang, done);
  }
  return done;
}
