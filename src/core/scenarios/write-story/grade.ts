/**
 * The story grader (docs/metrics.md, "Stories"): five criteria, each in [0, 1], averaged into the
 * run's quality.
 *
 * - length: 1 within the requested range, else the shortfall or excess as a ratio (w / min below
 *   it, max / w above it); counted in characters for Chinese and in words otherwise (lengthOf);
 * - characters: the share of the requested characters named at least once;
 * - scenes: the share of sections that show where they take place — a sentence outside
 *   quotation marks with two or more distinct words of setting and senses (light, wind, smell,
 *   frost…), in the story's language (scene.ts); sections are the parts under "## " headings, or
 *   the paragraphs when there are none;
 * - consistency: mentions of the cast spelt as requested, over those plus the misspellings of
 *   them, in any grammatical case in Russian (names.ts); 0 when no name is mentioned at all.
 * - plot: the sections there are over the plot points asked for, at most 1: a story that lost a
 *   section (a writer given up on) is missing part of what was asked.
 *
 * Success is every criterion at 1. The grader reads only the final text, so it grades a real
 * model's story the same way as the simulator's.
 */

import type { Grade } from '../../trace/events';
import { wordCount } from '../../util/words';
import type { RequestLanguage } from '../spec-types';
import type { Plan } from '../types';
import { driftsOf, mentions } from './names';
import { MERGE_TASK, SINGLE_TASK, sectionTaskId } from './plan';
import type { StoryRequest, WriteStoryInstance } from './request';
import { hasScene } from './scene';

export { hasScene } from './scene';

/** The story a run produced: the merge's answer, else the sections that came through, in order. */
export function storyText(
  instance: WriteStoryInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): string {
  if (plan.mode === 'single') return answers.get(SINGLE_TASK) ?? '';
  const merged = answers.get(MERGE_TASK);
  if (merged !== undefined) return merged;
  return Array.from({ length: instance.request.plotPoints }, (_, i) => answers.get(sectionTaskId(i)))
    .filter((s): s is string => s !== undefined)
    .join('\n\n');
}

export function gradeStory(
  instance: WriteStoryInstance,
  plan: Plan,
  answers: ReadonlyMap<string, string>,
): Grade {
  const criteria = storyCriteria(instance.request, storyText(instance, plan, answers));
  const values = Object.values(criteria);
  const quality = values.reduce((a, b) => a + b, 0) / values.length;
  const success = values.every((v) => v === 1);
  return { 'pass@1': success ? 1 : 0, itemF1: quality, rowF1: quality, success, criteria };
}

export function storyCriteria(r: StoryRequest, text: string): Record<string, number> {
  const language = r.language ?? 'en';
  const body = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
  const words = lengthOf(body, language);
  const length =
    words === 0 ? 0 : words < r.minWords ? words / r.minWords : words > r.maxWords ? r.maxWords / words : 1;
  const named = r.characters.filter((c) => mentions(text, c, language) > 0).length;
  const sections = sectionsOf(text);
  const scenes =
    sections.length === 0 ? 0 : sections.filter((s) => hasScene(s, language)).length / sections.length;
  const right = r.characters.reduce((n, c) => n + mentions(text, c, language), 0);
  const wrong = driftsOf(text, r.characters, language).reduce((n, d) => n + d.count, 0);
  return {
    length,
    characters: r.characters.length === 0 ? 1 : named / r.characters.length,
    scenes,
    consistency: right + wrong === 0 ? 0 : right / (right + wrong),
    // A story missing a part of its plot is not the story asked for, however well the rest reads.
    plot: r.plotPoints <= 0 ? 1 : Math.min(1, sections.length / r.plotPoints),
  };
}

/** The parts under "## " headings, or the paragraphs (title lines dropped) when there are fewer than two. */
export function sectionsOf(text: string): string[] {
  const parts = text.split(/^##\s.*$/m).slice(1);
  if (parts.length >= 2) return parts.map((p) => p.trim()).filter((p) => p !== '');
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '' && !/^#/.test(p));
}

/**
 * A text's length as its request counts it: characters for Chinese (every Han character, and each
 * run of other letters or digits as one), words otherwise (Intl.Segmenter's words for Russian; for
 * English, runs between spaces that hold a letter or digit, as always).
 */
export function lengthOf(text: string, language: RequestLanguage): number {
  const t = text.normalize('NFC');
  if (language === 'zh') {
    const han = t.match(/\p{Script=Han}/gu)?.length ?? 0;
    const other = t.replace(/\p{Script=Han}/gu, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    return han + other;
  }
  if (language === 'ru') return wordCount(t);
  return t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
