/**
 * Instances of `write-story`: a story request as a user would make it — a setting, a style, two
 * to four named characters and a length in words — and the number of plot points (the size) its
 * outline is to have. Drawn from small hand-written lists, seeded, so the same seed is the same
 * request.
 */

import { keyedRng, type Rng } from '../../util/rng';
import type { RequestLanguage } from '../spec-types';
import type { ScenarioInstance } from '../types';
import type { WriteStorySpec } from './spec';
import { type Setting, STYLES, type StoryStyle, storyTexts } from './texts';
import { STORY_EN } from './texts-en';

export const MIN_PLOT_POINTS = 3;
export const MAX_PLOT_POINTS = 7;

export type { Setting, StoryStyle } from './texts';
export { STYLES } from './texts';
/** The English settings and names (tests and docs quote them). */
export const SETTINGS = STORY_EN.settings;
export const NAMES = STORY_EN.names;

export interface StoryRequest {
  /** The language of the request, the story and the grading rules. Absent: English. */
  readonly language?: RequestLanguage;
  readonly setting: Setting;
  readonly style: StoryStyle;
  readonly characters: readonly string[];
  readonly minWords: number;
  readonly maxWords: number;
  /** Plot points the outline is to have: the scenario's size. */
  readonly plotPoints: number;
}

export interface WriteStoryInstance extends ScenarioInstance {
  readonly request: StoryRequest;
}

/** Words each plot point's section is asked for in English, lower and upper (texts-en.ts). */
export const WORDS_PER_SECTION = STORY_EN.perSection;

export function generateWriteStory(spec: WriteStorySpec, seed: number, size: number): WriteStoryInstance {
  if (!Number.isInteger(size) || size < MIN_PLOT_POINTS || size > MAX_PLOT_POINTS) {
    throw new RangeError(
      `write-story "${spec.id}": size (plot points) must be a whole number from ${MIN_PLOT_POINTS} to ${MAX_PLOT_POINTS}, got ${size}`,
    );
  }
  const rng = keyedRng(seed, 'write-story', spec.id);
  const language = spec.language ?? 'en';
  const texts = storyTexts(language);
  const setting = pick(rng, texts.settings);
  const style = pick(rng, STYLES);
  const characters = draw(rng, texts.names, rng.int(2, 4));
  const request: StoryRequest = {
    // English requests carry no language, so their descriptors and traces are what they were.
    ...(language === 'en' ? {} : { language }),
    setting,
    style,
    characters,
    minWords: texts.perSection.min * size,
    maxWords: texts.perSection.max * size,
    plotPoints: size,
  };
  return { scenario: spec.id, seed, size, prompt: storyPrompt(request), request };
}

/** The request in a user's words, in its language, with the format the grader reads. */
export function storyPrompt(r: StoryRequest): string {
  return storyTexts(r.language).prompt(r);
}

/** "A, B and C" in the request's language. */
export function listOf(items: readonly string[], language?: RequestLanguage): string {
  return storyTexts(language).list(items);
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(0, items.length - 1)] as T;

/** `k` distinct items in drawing order (a partial Fisher–Yates shuffle). */
export function draw<T>(rng: Rng, items: readonly T[], k: number): T[] {
  const pool = [...items];
  for (let i = 0; i < k && i < pool.length; i++) {
    const j = rng.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, Math.min(k, pool.length));
}
