/**
 * Words made in a .ts file for the page to show later: a catalogue id and its values, said in the
 * page's language when shown (`say`), so a switch of language re-says them (a string made once, at
 * a link's reading, stayed in the language of that moment). A plain string is words written
 * elsewhere (the core's, a provider's, an endpoint's) and is shown as it is. A value may itself be
 * words (a setting's parse error inside "Setting … was ignored: …"). `english` pins words to
 * English whatever the page speaks (the unknown-language problem, for a reader of none of the
 * three).
 */

import { locale } from './locale';
import type { Locale } from './locales';
import { type MessageId, tIn } from './t';

export interface Words {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, string | number | Words>>;
  /** Said in this language whatever the page's. */
  readonly lang?: Locale;
}

/** Words or a string written outside the catalogue (the core's words), shown as it is. */
export type Said = Words | string;

export const words = (id: MessageId, values?: Words['values']): Words =>
  values === undefined ? { id } : { id, values };

/** The same words, said in English whatever the page speaks. */
export const english = (said: Said): Said => (typeof said === 'string' ? said : { ...said, lang: 'en' });

/** The words in `lang` (the page's language now if not given; words pinned to a language keep it). */
export function say(said: Said, lang: Locale = locale()): string {
  if (typeof said === 'string') return said;
  const own = said.lang ?? lang;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(said.values ?? {}))
    values[key] = typeof value === 'object' ? say(value, own) : value;
  return tIn(own, said.id, values);
}

/** The words in English: what the CLI, the API and a stored run's record say. */
export const sayEnglish = (said: Said): string => say(said, 'en');
