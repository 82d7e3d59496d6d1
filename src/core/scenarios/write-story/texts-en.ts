/**
 * The English story texts (texts.ts): the settings, names and sentence patterns the generator and
 * the simulated writer have always used, unchanged, so English runs are what they were.
 */

import type { StoryTexts } from './story-types';
// The corpus: settings, names, style words and sentence patterns, drawn by index (order matters).
// The names come from many languages, none a common English word, none within two letters of another.
import data from './texts-en.json';

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The last vowel changed (a letter doubled when there is none), the first letter kept ("Mira" →
 * "Mire", "Tomas" → "Tomes").
 */
function driftName(name: string): string {
  const vowels = 'aeiou';
  for (let i = name.length - 1; i > 0; i--) {
    const ch = name[i] as string;
    const v = vowels.indexOf(ch);
    if (v >= 0) return name.slice(0, i) + (vowels[(v + 1) % vowels.length] as string) + name.slice(i + 1);
  }
  return name.slice(0, 2) + name.slice(1);
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const STORY_EN: StoryTexts = {
  settings: data.settings,
  names: data.names,
  perSection: { min: 110, max: 200 },
  styleWord: data.styleWord,
  prompt: (r) =>
    [
      `Write a ${r.style} story set in ${r.setting.name}, with the characters ${listOf(r.characters)}.`,
      `It should be ${r.minWords}–${r.maxWords} words long.`,
      `Plan it first as an outline of ${r.plotPoints} plot points, then write one section per plot point.`,
      'Every character must appear by name, and every section should open by showing where it takes place.',
      'Answer with a title line, then each section under a heading line starting with "## ".',
    ].join(' '),
  events: data.events,
  scenes: data.scenes,
  actions: data.actions,
  lines: data.lines,
  closings: data.closings,
  title: (style, first) =>
    `# The ${capitalise(style === 'fairy-tale' ? 'tale' : 'story')} of ${first ?? 'nobody'}`,
  heading: (point, index) => `${index + 1}. ${point.split(/\s+/).slice(0, 5).join(' ')}`,
  list: listOf,
  answerIn: '',
  drift: driftName,
};
