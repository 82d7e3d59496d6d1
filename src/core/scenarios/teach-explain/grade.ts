/**
 * The lesson grader (docs/metrics.md, "Lessons"): three criteria in [0, 1], averaged into the
 * run's quality.
 *
 * - parts: the five parts under their headings in order — the longest run of them found in
 *   order, over five (a heading counts when its line starts with "#" and names the part);
 * - exercises: exercises in the Exercises part that have an answer line and whose answer the
 *   topic's checker works out as right (an exercise it cannot work out counts when answered),
 *   over the number asked for, at most 1;
 * - readability: the grade level of the prose parts (not the exercises) against the class's
 *   grade — Flesch–Kincaid for English, Oborneva's Russian Flesch reading ease read through
 *   Flesch's grade table for Russian (readability.ts); for Chinese no formula of this kind is
 *   standard, so the criterion is not applicable and left out (the lesson is graded on the other
 *   two).
 *
 * Headings are recognised in the lesson's language or in English, and answer lines labelled
 * "Answer", "答案" or "Ответ", after Unicode normalisation (NFC).
 *
 * Success is every criterion at 1. It reads only the final text, so it grades a real model's
 * lesson as it grades the simulator's.
 */

import type { Grade } from '../../trace/events';
import type { Plan } from '../types';
import { type LessonRequest, PARTS, type Part, type TeachExplainInstance, topicOf } from './lesson';
import { ANSWER_LINE, lessonTexts } from './lesson-texts';
import { ASSEMBLE_TASK, SINGLE_TASK } from './plan';
import { gradeLevel, readabilityScore } from './readability';

export function gradeLesson(
  instance: TeachExplainInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): Grade {
  const text = answers.get(plan.mode === 'single' ? SINGLE_TASK : ASSEMBLE_TASK) ?? '';
  const criteria = lessonCriteria(instance.request, text);
  const values = Object.values(criteria);
  const quality = values.reduce((a, b) => a + b, 0) / values.length;
  const success = values.every((v) => v === 1);
  return { 'pass@1': success ? 1 : 0, itemF1: quality, rowF1: quality, success, criteria };
}

export function lessonCriteria(r: LessonRequest, raw: string): Record<string, number> {
  const text = raw.normalize('NFC');
  const sections = sectionsByPart(text);
  const order = sections.map((s) => PARTS.indexOf(s.part));
  const exercisesText = sections.find((s) => s.part === 'Exercises')?.text ?? '';
  const prose = sections
    .filter((s) => s.part !== 'Exercises')
    .map((s) => s.text)
    .join('\n');
  const level = gradeLevel(prose, r.language ?? 'en');
  return {
    parts: longestIncreasing(order) / PARTS.length,
    exercises: Math.min(1, rightExercises(r, exercisesText) / r.exercises),
    ...(level === undefined ? {} : { readability: readabilityScore(level, r.grade) }),
  };
}

/** The text under each heading that names a part, in the order the headings come. */
export function sectionsByPart(text: string): { part: Part; text: string }[] {
  const out: { part: Part; text: string }[] = [];
  let current: { part: Part; lines: string[] } | undefined;
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) {
      const part = partOfHeading(line);
      if (current) out.push({ part: current.part, text: current.lines.join('\n').trim() });
      current = part ? { part, lines: [] } : undefined;
      continue;
    }
    current?.lines.push(line);
  }
  if (current) out.push({ part: current.part, text: current.lines.join('\n').trim() });
  return out;
}

/** Exercises ("1. …" then "Answer: …") whose answer is right, or answered when it cannot be checked. */
export function rightExercises(r: LessonRequest, text: string): number {
  const topic = topicOf(r);
  let right = 0;
  let question: string | undefined;
  for (const line of text.split('\n')) {
    const item = /^\s*\d+[.)]\s+(.+)$/.exec(line);
    if (item) {
      question = item[1] as string;
      continue;
    }
    const given = ANSWER_LINE.exec(line);
    if (given && question !== undefined) {
      if (topic.check(question, given[1] as string) !== false) right++;
      question = undefined;
    }
  }
  return right;
}

/** The part a heading line names, in any of the languages ("## Concept", "## 概念", "## Итог"). */
function partOfHeading(line: string): Part | undefined {
  const heading = line.toLowerCase();
  return PARTS.find((p) =>
    (['en', 'zh', 'ru'] as const).some((language) => {
      const name = lessonTexts(language).parts[p].toLowerCase();
      return language === 'zh'
        ? heading.includes(name)
        : new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, 'u').test(heading);
    }),
  );
}

/** Length of the longest strictly increasing subsequence (parts found in the right order). */
function longestIncreasing(xs: readonly number[]): number {
  const best: number[] = [];
  xs.forEach((x, i) => {
    best[i] = 1;
    for (let j = 0; j < i; j++)
      if ((xs[j] as number) < x) best[i] = Math.max(best[i] as number, (best[j] as number) + 1);
  });
  return Math.max(0, ...best);
}
