/**
 * Characters' names as a story spells them: every capitalised word that is not one of the cast
 * but is one slip away from a cast member's name (same first letter; one edit for names of up to
 * five letters, two for longer ones) is taken for a misspelling of that name. The merge uses it
 * to correct names, and the grader to score consistency.
 */

import { distance } from 'fastest-levenshtein';

export interface Drift {
  /** The cast member's name. */
  readonly name: string;
  /** How the story spelt it instead. */
  readonly spelling: string;
  readonly count: number;
}

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

export function driftsOf(text: string, cast: readonly string[]): Drift[] {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/\b\p{Lu}\p{Ll}+\b/gu)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  const drifts: Drift[] = [];
  for (const [word, count] of counts) {
    if (cast.includes(word) || ORDINARY.has(word)) continue;
    const name = cast.find((n) => n[0] === word[0] && distance(n, word) <= (n.length <= 5 ? 1 : 2));
    if (name !== undefined) drifts.push({ name, spelling: word, count });
  }
  return drifts;
}

/** Times a name appears as a whole word. */
export function mentions(text: string, name: string): number {
  return text.match(new RegExp(`\\b${escapeRegExp(name)}\\b`, 'gu'))?.length ?? 0;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
