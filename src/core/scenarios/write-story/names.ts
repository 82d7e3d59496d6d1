/**
 * Characters' names as a story spells them, in the story's language. The merge uses these to
 * correct names, and the grader to score consistency. Text and names are compared after Unicode
 * normalisation (NFC), so a name typed with combining marks is the same name.
 *
 * - English: every capitalised word that is not one of the cast but is one slip away from a cast
 *   member's name (same first letter; one edit for names of up to five letters, two for longer
 *   ones) is taken for a misspelling of that name.
 * - Russian: names decline ("Мира", "Миры", "Мирой"), so a word is the name when it is the name's
 *   stem and a case ending, and a misspelling when its stem is one slip from the name's stem
 *   (names-ru.ts).
 * - Chinese: no spaces and no capitals; a name is its characters wherever they stand, and a
 *   misspelling is the surname followed by as many characters as the given name, exactly one of
 *   them different (names-zh.ts).
 */

import { distance } from 'fastest-levenshtein';
import type { RequestLanguage } from '../spec-types';
import type { Drift } from './drift';
import { driftsRu, fixRu, mentionsRu } from './names-ru';
import { driftsZh, mentionsZh } from './names-zh';

export type { Drift } from './drift';

// Capitalised words that are ordinary English however close they come to a name.
const ORDINARY = new Set([
  'The',
  'Then',
  'There',
  'They',
  'This',
  'That',
  'Every',
  'Even',
  'Once',
  'Somebody',
]);

export function driftsOf(text: string, cast: readonly string[], language: RequestLanguage = 'en'): Drift[] {
  const t = text.normalize('NFC');
  const names = cast.map((c) => c.normalize('NFC'));
  if (language === 'ru') return driftsRu(t, names);
  if (language === 'zh') return driftsZh(t, names);
  const counts = new Map<string, number>();
  for (const m of t.matchAll(/\b\p{Lu}\p{Ll}+\b/gu)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  const drifts: Drift[] = [];
  for (const [word, count] of counts) {
    if (names.includes(word) || ORDINARY.has(word)) continue;
    const name = names.find((n) => n[0] === word[0] && distance(n, word) <= (n.length <= 5 ? 1 : 2));
    if (name !== undefined) drifts.push({ name, spelling: word, count });
  }
  return drifts;
}

/** Times a name appears as a whole word (in Russian, in any case). */
export function mentions(text: string, name: string, language: RequestLanguage = 'en'): number {
  const t = text.normalize('NFC');
  const n = name.normalize('NFC');
  if (language === 'ru') return mentionsRu(t, n);
  if (language === 'zh') return mentionsZh(t, n);
  return t.match(new RegExp(`\\b${escapeRegExp(n)}\\b`, 'gu'))?.length ?? 0;
}

/** The text with every whole-word occurrence of a misspelling put right. */
export function fixDrift(text: string, drift: Drift, language: RequestLanguage = 'en'): string {
  if (language === 'ru') return fixRu(text, drift);
  if (language === 'zh') return text.split(drift.spelling).join(drift.name);
  return text.replace(new RegExp(`\\b${escapeRegExp(drift.spelling)}\\b`, 'g'), drift.name);
}

export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
