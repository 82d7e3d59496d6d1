/**
 * Readability by the Flesch–Kincaid grade level (Kincaid et al., 1975), the formula US schools
 * and Word use:
 *
 *   grade = 0.39 · words / sentences + 11.8 · syllables / words − 15.59
 *
 * Syllables come from the `syllable` package (a rule set with an exception list for English),
 * which counts far closer than counting vowel groups. Sentences end at . ! ? or a line break
 * (a list item or an example line is a sentence of its own).
 */

import { syllable } from 'syllable';

export interface Readability {
  readonly words: number;
  readonly sentences: number;
  readonly syllables: number;
  /** NaN for a text with no words. */
  readonly grade: number;
}

export function fleschKincaid(text: string): Readability {
  const sentences = text.split(/[.!?]+|\n+/).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const syllables = words.reduce((n, w) => n + Math.max(1, syllable(w)), 0);
  const grade =
    words.length === 0
      ? Number.NaN
      : 0.39 * (words.length / Math.max(1, sentences)) + 11.8 * (syllables / words.length) - 15.59;
  return { words: words.length, sentences, syllables, grade };
}

/**
 * How well a text's grade level suits a class: 1 from four grades below to two above (a lesson
 * may be easier than the class, a little harder is still fine), falling by a quarter per grade
 * beyond, to 0.
 */
export function readabilityScore(level: number, classGrade: number): number {
  if (!Number.isFinite(level)) return 0;
  const below = classGrade - 4 - level;
  const above = level - (classGrade + 2);
  const off = Math.max(0, below, above);
  return Math.max(0, 1 - off / 4);
}
