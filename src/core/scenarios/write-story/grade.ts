/**
 * The story grader (docs/metrics.md, "Stories"): four criteria, each in [0, 1], averaged into the
 * run's quality.
 *
 * - length: 1 within the requested word range, else the shortfall or excess as a ratio
 *   (w / min below it, max / w above it);
 * - characters: the share of the requested characters named at least once;
 * - scenes: the share of sections that show where they take place — a sentence outside
 *   quotation marks with two or more distinct words of setting and senses (light, wind, smell,
 *   frost…); sections are the parts under "## " headings, or the paragraphs when there are none;
 * - consistency: mentions of the cast spelt as requested, over those plus the misspellings of
 *   them (names.ts); 1 when no name is mentioned at all is not possible (characters then 0).
 *
 * Success is every criterion at 1. The grader reads only the final text, so it grades a real
 * model's story the same way as the simulator's.
 */

import type { Grade } from '../../trace/events';
import type { Plan } from '../types';
import { driftsOf, mentions } from './names';
import { MERGE_TASK, SINGLE_TASK, sectionTaskId } from './plan';
import type { StoryRequest, WriteStoryInstance } from './request';

const SCENE_WORDS = new Set(
  (
    'light dark shadow wind rain snow frost sky sun moon star air smell scent sound quiet silence cold ' +
    'warm heat glow lamp lantern candle window dust smoke mist fog storm wave water sand ice fire bright ' +
    'dim shimmer creak echo silver golden grey gray damp salt orange violet blink humming'
  ).split(' '),
);

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
  const body = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
  const words = body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const length =
    words === 0 ? 0 : words < r.minWords ? words / r.minWords : words > r.maxWords ? r.maxWords / words : 1;
  const named = r.characters.filter((c) => mentions(text, c) > 0).length;
  const sections = sectionsOf(text);
  const scenes = sections.length === 0 ? 0 : sections.filter(hasScene).length / sections.length;
  const right = r.characters.reduce((n, c) => n + mentions(text, c), 0);
  const wrong = driftsOf(text, r.characters).reduce((n, d) => n + d.count, 0);
  return {
    length,
    characters: r.characters.length === 0 ? 1 : named / r.characters.length,
    scenes,
    consistency: right + wrong === 0 ? 0 : right / (right + wrong),
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

/** A sentence outside quotes with two distinct setting or sense words. */
export function hasScene(section: string): boolean {
  const prose = section.replace(/["“][^"”]*["”]/g, ' ');
  return prose.split(/(?<=[.!?;])\s+/).some((sentence) => {
    const found = new Set<string>();
    for (const raw of sentence.toLowerCase().match(/\p{L}+/gu) ?? []) {
      const stem = stemOf(raw);
      if (stem !== undefined) found.add(stem);
    }
    return found.size >= 2;
  });
}

/** The lexicon word a word is a form of (plural, -ed, -ing, -s, -y), if any. */
function stemOf(word: string): string | undefined {
  for (const candidate of [word, word.replace(/(ing|ed|es|s|y)$/, ''), word.replace(/(ing|ed)$/, 'e')]) {
    if (SCENE_WORDS.has(candidate)) return candidate;
  }
  return undefined;
}
