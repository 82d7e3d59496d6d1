/**
 * Instances of `write-story`: a story request as a user would make it — a setting, a style, two
 * to four named characters and a length in words — and the number of plot points (the size) its
 * outline is to have. Drawn from small hand-written lists, seeded, so the same seed is the same
 * request.
 */

import { keyedRng, type Rng } from '../../util/rng';
import type { WriteStorySpec } from '../spec-types';
import type { ScenarioInstance } from '../types';

export const MIN_PLOT_POINTS = 3;
export const MAX_PLOT_POINTS = 7;

/** A setting: what the request names and the things a scene there can show. */
export interface Setting {
  readonly name: string;
  /** Places inside the setting, each a noun phrase ("the east tower"). */
  readonly places: readonly string[];
  /** Concrete things a scene description can show there. */
  readonly sights: readonly string[];
  /** An object the plot can turn on. */
  readonly objects: readonly string[];
}

export const SETTINGS: readonly Setting[] = [
  {
    name: 'a school of magic in the mountains',
    places: ['the east tower', 'the great hall', 'the potion cellar', 'the snowy courtyard'],
    sights: [
      'candles floating under the beams',
      'patches of frost on the tall windows',
      'shelves of humming jars',
    ],
    objects: ['a cracked wand', 'a map that redraws itself', 'a locked spellbook'],
  },
  {
    name: 'a space station orbiting Jupiter',
    places: ['the observation deck', 'the hydroponic garden', 'the docking ring', 'the engine bay'],
    sights: [
      'orange storms turning below',
      'blinking panels along the corridor',
      'tomato vines under violet lamps',
    ],
    objects: ['a silent distress beacon', 'a cracked oxygen valve', 'a message from Earth'],
  },
  {
    name: 'a lighthouse on a stormy coast',
    places: ['the lamp room', 'the rocky shore', 'the keeper’s kitchen', 'the narrow stairs'],
    sights: [
      'waves breaking white on the rocks',
      'beams of the lamp sweeping through the rain',
      'crusts of salt on the glass',
    ],
    objects: ['a bottle with a letter', 'a broken lens', 'an old logbook'],
  },
  {
    name: 'a market town in deep winter',
    places: ['the square', 'the baker’s shop', 'the frozen river', 'the town hall'],
    sights: [
      'lanterns swaying over the stalls',
      'plumes of smoke rising from every chimney',
      'sheets of ice creaking under boots',
    ],
    objects: ['a stolen silver bell', 'a mysterious parcel', 'a lost ledger'],
  },
  {
    name: 'an underwater city',
    places: ['the coral gate', 'the glass dome', 'the kelp farms', 'the old harbour'],
    sights: [
      'shoals of fish flashing silver',
      'ripples of light running through the dome',
      'bubbles drifting up the streets',
    ],
    objects: ['a pearl that glows', 'a cracked pressure seal', 'a sunken music box'],
  },
  {
    name: 'a desert caravan crossing the dunes',
    places: ['the oasis', 'the lead wagon', 'the ridge of red dunes', 'the night camp'],
    sights: [
      'waves of heat shimmering over the sand',
      'stars crowding the black sky',
      'camels kneeling by the fire',
    ],
    objects: ['a compass that points south', 'a torn trade map', 'a sealed water jar'],
  },
];

export const STYLES = ['funny', 'serious', 'fairy-tale', 'adventure', 'mystery'] as const;
export type StoryStyle = (typeof STYLES)[number];

/** Names from many languages, none a common English word, none within two letters of another. */
export const NAMES: readonly string[] = [
  'Mira',
  'Tomas',
  'Aiko',
  'Leila',
  'Oskar',
  'Nadia',
  'Felix',
  'Ines',
  'Ravi',
  'Yuki',
  'Bram',
  'Sofia',
  'Kwame',
  'Elena',
  'Hugo',
  'Priya',
];

export interface StoryRequest {
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

/** Words each plot point's section is asked for, lower and upper. */
export const WORDS_PER_SECTION = { min: 110, max: 200 } as const;

export function generateWriteStory(spec: WriteStorySpec, seed: number, size: number): WriteStoryInstance {
  if (!Number.isInteger(size) || size < MIN_PLOT_POINTS || size > MAX_PLOT_POINTS) {
    throw new RangeError(
      `write-story "${spec.id}": size (plot points) must be a whole number from ${MIN_PLOT_POINTS} to ${MAX_PLOT_POINTS}, got ${size}`,
    );
  }
  const rng = keyedRng(seed, 'write-story', spec.id);
  const setting = pick(rng, SETTINGS);
  const style = pick(rng, STYLES);
  const characters = draw(rng, NAMES, rng.int(2, 4));
  const request: StoryRequest = {
    setting,
    style,
    characters,
    minWords: WORDS_PER_SECTION.min * size,
    maxWords: WORDS_PER_SECTION.max * size,
    plotPoints: size,
  };
  return { scenario: spec.id, seed, size, prompt: storyPrompt(request), request };
}

/** The request in a user's words, with the format the grader reads. */
export function storyPrompt(r: StoryRequest): string {
  return [
    `Write a ${r.style} story set in ${r.setting.name}, with the characters ${listOf(r.characters)}.`,
    `It should be ${r.minWords}–${r.maxWords} words long.`,
    `Plan it first as an outline of ${r.plotPoints} plot points, then write one section per plot point.`,
    'Every character must appear by name, and every section should open by showing where it takes place.',
    'Answer with a title line, then each section under a heading line starting with "## ".',
  ].join(' ');
}

export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
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
