/**
 * What the simulated writer writes: an outline of plot points and one section per point, from
 * sentence patterns filled with the request's setting and characters. It is not literature; it is
 * text with the properties the story grader checks (length, names, a scene at the opening of each
 * section) and the three slips a real small model makes — a character's name spelt differently
 * in one section, a section with no scene, a section far too short — each drawn at the model's
 * error rate (docs/simulator.md).
 */

import type { Rng } from '../../util/rng';
import { pick, type StoryRequest, type StoryStyle } from './request';

/** One slip of a section, drawn at the model's error rate. */
export type Slip = 'drift' | 'flat' | 'short';
export const SLIPS: readonly Slip[] = ['drift', 'flat', 'short'];

const EVENTS = [
  '{A} found {object} in {place}',
  '{A} and {B} argued about what to do with {object}',
  '{B} disappeared near {place}',
  '{A} followed a trail of clues to {place}',
  '{B} revealed a secret about {object}',
  '{A} and {B} were trapped in {place}',
  'everyone gathered in {place} for one last attempt',
];

/** The plot points of the outline: every character is in at least one, each in turn leading. */
export function plotPoints(r: StoryRequest, rng: Rng): string[] {
  const cs = r.characters;
  return Array.from({ length: r.plotPoints }, (_, i) => {
    const a = cs[i % cs.length] as string;
    const b = cs[(i + 1) % cs.length] as string;
    const event = i === r.plotPoints - 1 ? (EVENTS[6] as string) : (EVENTS[i % 6] as string);
    return capitalise(
      fill(event, { A: a, B: b, place: pick(rng, r.setting.places), object: pick(rng, r.setting.objects) }),
    );
  });
}

export function outlineText(points: readonly string[]): string {
  return points.map((p, i) => `${i + 1}. ${p}.`).join('\n');
}

/** Plot points read back from an outline: its numbered lines, in order. */
export function parseOutline(text: string): string[] {
  const points: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)[.)]\s+(.+?)\s*$/.exec(line);
    if (m) points.push((m[2] as string).replace(/\.$/, ''));
  }
  return points;
}

const SCENES = [
  'In {place} there were {sight}, and the air smelled of dust and cold metal.',
  'Light fell across {place}. There were {sight}, and the wind moved softly over the floor.',
  'The sky outside {place} had turned dark. There were {sight}, and every sound seemed louder than before.',
];

const ACTIONS: Readonly<Record<StoryStyle, readonly string[]>> = {
  funny: [
    '{A} tripped over a bucket, apologised to it politely, and carried on as if nothing had happened.',
    '{B} pretended to have a plan, which fooled nobody, least of all {A}.',
    'It was, {A} decided, the most ridiculous morning of a fairly ridiculous week.',
  ],
  serious: [
    '{A} weighed every choice carefully, knowing that a mistake now would cost them dearly.',
    '{B} said nothing for a long moment and then nodded once.',
    'Neither of them wanted to admit how frightened they were.',
  ],
  'fairy-tale': [
    'Once, long ago, {A} had been promised that a day like this would come.',
    '{B} whispered a rhyme that an old woman had taught them as a child.',
    'And so, with hearts beating fast, they went on together.',
  ],
  adventure: [
    '{A} grabbed the rope and swung across before anyone could object.',
    '{B} counted the seconds under their breath and then ran after {A}.',
    'There was no time to rest and no way back.',
  ],
  mystery: [
    '{A} noticed a detail that everyone else had missed.',
    '{B} had an answer ready for every question, which was itself suspicious.',
    'Somebody had been here first, and they had left in a hurry.',
  ],
};

const LINES = [
  '"We cannot stop now," {A} said. "Not when we are this close."',
  '"Then tell me everything," {B} answered, "and leave nothing out this time."',
  '"Did you hear that?" asked {B}. {A} shook their head and listened.',
];

const CLOSINGS = [
  'By the time they left {place}, they knew that {object} mattered more than anyone had guessed.',
  'It would be a long while before either of them forgot what happened in {place}.',
  'Whatever came next, {A} and {B} would face it together.',
];

/**
 * The section for one plot point: a heading, a paragraph opening on the scene, one of action and
 * speech, a closing line. `slips` are the mistakes drawn for it.
 */
export function writeSection(
  r: StoryRequest,
  point: string,
  index: number,
  slips: ReadonlySet<Slip>,
  rng: Rng,
): string {
  const named = r.characters.filter((c) => new RegExp(`\\b${c}\\b`).test(point));
  const a = named[0] ?? (r.characters[index % r.characters.length] as string);
  const b = named[1] ?? (r.characters[(index + 1) % r.characters.length] as string);
  const values = {
    A: a,
    B: b,
    place: pick(rng, r.setting.places),
    sight: pick(rng, r.setting.sights),
    object: pick(rng, r.setting.objects),
  };
  const actions = ACTIONS[r.style];
  const opening = [...(slips.has('flat') ? [] : [pick(rng, SCENES)]), `${point}.`, actions[0] as string];
  const middle = [actions[1] as string, pick(rng, LINES), actions[2] as string, pick(rng, LINES)];
  const paragraphs = slips.has('short')
    ? [[...opening].join(' ')]
    : [opening.join(' '), middle.join(' '), pick(rng, CLOSINGS)];
  let text = `## ${headingOf(point, index)}\n\n${paragraphs.map((p) => fill(p, values)).join('\n\n')}`;
  if (slips.has('drift')) text = text.replace(new RegExp(`\\b${a}\\b(?![\\s\\S]*\\b${a}\\b)`), driftName(a));
  return text;
}

/** A heading for a section: its number and the plot point's first words. */
function headingOf(point: string, index: number): string {
  const words = point.split(/\s+/).slice(0, 5).join(' ');
  return `${index + 1}. ${words}`;
}

/**
 * The name as a careless writer might spell it once: a vowel changed or a letter doubled, the
 * first letter kept ("Mira" → "Mirra", "Tomas" → "Tomes").
 */
export function driftName(name: string): string {
  const vowels = 'aeiou';
  for (let i = name.length - 1; i > 0; i--) {
    const ch = name[i] as string;
    const v = vowels.indexOf(ch);
    if (v >= 0) return name.slice(0, i) + (vowels[(v + 1) % vowels.length] as string) + name.slice(i + 1);
  }
  return name.slice(0, 2) + name.slice(1);
}

/** The whole story: a title, then the sections in order. */
export function assembleStory(r: StoryRequest, sections: readonly string[]): string {
  const title = `# The ${capitalise(r.style === 'fairy-tale' ? 'tale' : 'story')} of ${r.characters[0] ?? 'nobody'}`;
  return [title, ...sections].join('\n\n');
}

export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
