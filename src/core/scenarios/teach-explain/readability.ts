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
import type { RequestLanguage } from '../spec-types';

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
 * Russian: Oborneva's (2006) adaptation of Flesch's reading ease, refitted on Russian texts,
 *
 *   ease = 206.835 − 1.3 · words / sentences − 60.1 · syllables / words,
 *
 * with syllables counted exactly (one per vowel, as in Russian every vowel makes a syllable), read
 * as a school grade through Flesch's own table (100 → grade 4, 90 → 5, 80 → 6, 70 → 7, 60 → 8.5,
 * 50 → 11, 30 → 14, 0 → 17), linearly between its rows.
 */
export function russianFlesch(text: string): Readability {
  const sentences = text.split(/[.!?…]+|\n+/).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const syllables = words.reduce((n, w) => n + Math.max(1, w.match(/[аеёиоуыэюя]/giu)?.length ?? 0), 0);
  if (words.length === 0) return { words: 0, sentences, syllables, grade: Number.NaN };
  const ease = 206.835 - 1.3 * (words.length / Math.max(1, sentences)) - 60.1 * (syllables / words.length);
  return { words: words.length, sentences, syllables, grade: gradeOfEase(ease) };
}

const EASE_TO_GRADE: readonly [number, number][] = [
  [100, 4],
  [90, 5],
  [80, 6],
  [70, 7],
  [60, 8.5],
  [50, 11],
  [30, 14],
  [0, 17],
];

function gradeOfEase(ease: number): number {
  if (ease >= 100) return 4;
  if (ease <= 0) return 17;
  for (let i = 1; i < EASE_TO_GRADE.length; i++) {
    const [e1, g1] = EASE_TO_GRADE[i - 1] as [number, number];
    const [e2, g2] = EASE_TO_GRADE[i] as [number, number];
    if (ease >= e2) return g2 + ((ease - e2) / (e1 - e2)) * (g1 - g2);
  }
  return 17;
}

/**
 * The grade level of a text by the formula for its language, or undefined where no standard
 * formula of this kind exists (Chinese).
 */
export function gradeLevel(text: string, language: RequestLanguage): number | undefined {
  if (language === 'zh') return undefined;
  return language === 'ru' ? russianFlesch(text).grade : fleschKincaid(text).grade;
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
