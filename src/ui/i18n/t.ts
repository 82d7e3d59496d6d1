/**
 * Messages by id, in the current language (ICU MessageFormat through intl-messageformat: plurals
 * as each language counts, `{n, number}` as each writes numbers). A message the language's
 * catalogue lacks is said in English rather than not at all; tests/ui/i18n/catalog.test.ts keeps
 * the catalogues complete.
 */

import { IntlMessageFormat } from 'intl-messageformat';
import type { JSX } from 'solid-js';
import { catalogs, type MessageId } from './catalog';
import { locale } from './locale';
import type { Locale } from './locales';

export type { MessageId } from './catalog';
export type MessageValues = Readonly<Record<string, string | number>>;

const formats = new Map<string, IntlMessageFormat>();

function formatOf(lang: Locale, id: MessageId): IntlMessageFormat {
  const own = catalogs[lang][id];
  const source = own ?? catalogs.en[id];
  const key = `${own === undefined ? 'en' : lang}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, own === undefined ? 'en' : lang);
    formats.set(key, format);
  }
  return format;
}

/** The message `id` in the page's language now, with its values put in. */
export function t(id: MessageId, values?: MessageValues): string {
  return String(formatOf(locale(), id).format(values));
}

/** The message `id` in a given language (a message that must stay in one language, whatever the page's). */
export function tIn(lang: Locale, id: MessageId, values?: MessageValues): string {
  return String(formatOf(lang, id).format(values));
}

/**
 * A message with markup in it (`<strong>…</strong>`): each tag a function that wraps its words,
 * so a translation may move the emphasis where its grammar puts it.
 */
export function tParts(
  id: MessageId,
  values: Readonly<Record<string, string | number | ((chunks: JSX.Element[]) => JSX.Element)>>,
): JSX.Element {
  const out = formatOf(locale(), id).format<JSX.Element>(values as never);
  return out as JSX.Element;
}
