/**
 * What the simulated writer writes: an outline of plot points and one section per point, from
 * sentence patterns filled with the request's setting and characters. It is not literature; it is
 * text with the properties the story grader checks (length, names, a scene at the opening of each
 * section) and the three slips a real small model makes — a character's name spelt differently
 * in one section, a section with no scene, a section far too short — each drawn at the model's
 * error rate (docs/simulator.md).
 */

import type { Rng } from '../../util/rng';
import type { RequestLanguage } from '../spec-types';
import { escapeRegExp, mentions } from './names';
import { pick, type StoryRequest } from './request';
import { storyTexts } from './texts';
import { STORY_EN } from './texts-en';

/** One slip of a section, drawn at the model's error rate. */
export type Slip = 'drift' | 'flat' | 'short';
export const SLIPS: readonly Slip[] = ['drift', 'flat', 'short'];

/** The plot points of the outline: every character is in at least one, each in turn leading. */
export function plotPoints(r: StoryRequest, rng: Rng): string[] {
  const cs = r.characters;
  const events = storyTexts(r.language).events;
  return Array.from({ length: r.plotPoints }, (_, i) => {
    const a = cs[i % cs.length] as string;
    const b = cs[(i + 1) % cs.length] as string;
    const event = i === r.plotPoints - 1 ? (events[6] as string) : (events[i % 6] as string);
    return capitalise(
      fill(event, { A: a, B: b, place: pick(rng, r.setting.places), object: pick(rng, r.setting.objects) }),
    );
  });
}

export function outlineText(points: readonly string[]): string {
  return points.map((p, i) => `${i + 1}. ${p}${endOf(p)}`).join('\n');
}

/** A full stop in the sentence's script: "。" after Chinese, "." otherwise. */
const endOf = (sentence: string): string => (/\p{Script=Han}$/u.test(sentence) ? '。' : '.');

/** Plot points read back from an outline: its numbered lines, in order. */
export function parseOutline(text: string): string[] {
  const points: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+)[.)]\s+(.+?)\s*$/.exec(line);
    if (m) points.push((m[2] as string).replace(/[.。]$/, ''));
  }
  return points;
}

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
  const texts = storyTexts(r.language);
  const named = r.characters.filter((c) => mentions(point, c, r.language) > 0);
  const a = named[0] ?? (r.characters[index % r.characters.length] as string);
  const b = named[1] ?? (r.characters[(index + 1) % r.characters.length] as string);
  const place = pick(rng, r.setting.places);
  const values = {
    A: a,
    B: b,
    place,
    Place: capitalise(place),
    sight: pick(rng, r.setting.sights),
    object: pick(rng, r.setting.objects),
  };
  const actions = texts.actions[r.style];
  const opening = [
    ...(slips.has('flat') ? [] : [pick(rng, texts.scenes)]),
    `${point}${endOf(point)}`,
    actions[0] as string,
  ];
  const middle = [actions[1] as string, pick(rng, texts.lines), actions[2] as string, pick(rng, texts.lines)];
  // Chinese puts no space between sentences.
  const gap = r.language === 'zh' ? '' : ' ';
  const paragraphs = slips.has('short')
    ? [opening.join(gap)]
    : [opening.join(gap), middle.join(gap), pick(rng, texts.closings)];
  const text = `## ${texts.heading(point, index)}\n\n${paragraphs.map((p) => fill(p, values)).join('\n\n')}`;
  return slips.has('drift') ? misspellLast(text, a, texts.drift(a), r.language) : text;
}

/** The last time a name is written, written the careless way. */
function misspellLast(text: string, name: string, drifted: string, language?: RequestLanguage): string {
  if (language === 'zh' || language === 'ru') {
    const boundary = language === 'ru' ? '(?<![\\p{L}\\p{N}])' : '';
    const after = language === 'ru' ? '(?![\\p{L}\\p{N}])' : '';
    const all = [...text.matchAll(new RegExp(`${boundary}${escapeRegExp(name)}${after}`, 'gu'))];
    const last = all[all.length - 1];
    if (last?.index === undefined) return text;
    return text.slice(0, last.index) + drifted + text.slice(last.index + name.length);
  }
  return text.replace(new RegExp(`\\b${name}\\b(?![\\s\\S]*\\b${name}\\b)`), drifted);
}

/** The English misspelling (texts-en.ts); kept here for the tests that name it. */
export const driftName = (name: string): string => STORY_EN.drift(name);

/** The whole story: a title, then the sections in order. */
export function assembleStory(r: StoryRequest, sections: readonly string[]): string {
  return [storyTexts(r.language).title(r.style, r.characters[0]), ...sections].join('\n\n');
}

export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
