/**
 * The Russian story texts (texts.ts). The patterns are in the present tense, which in Russian does
 * not show a character's gender, and name the characters only in the nominative; places carry
 * their preposition ("в восточной башне") and objects are words whose accusative is their
 * nominative, so every pattern reads correctly whatever is drawn into it. A real model's story
 * declines the names ("Миры", "Мирой"): the grader (grade.ts, through names.ts) reads those as the name.
 */

import type { StoryStyle, StoryTexts } from './story-types';
// The corpus: settings, names, style words, sentence patterns (drawn by index: order matters) and
// vowelSlip, the vowel a careless writer puts for another.
import data from './texts-ru.json';

const STYLE_WORD: Readonly<Record<StoryStyle, string>> = data.styleWord;
const VOWEL_SLIP: Readonly<Record<string, string>> = data.vowelSlip;

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} и ${items[items.length - 1]}`;
}

export const STORY_RU: StoryTexts = {
  settings: data.settings,
  names: data.names,
  perSection: { min: 95, max: 170 },
  styleWord: STYLE_WORD,
  prompt: (r) =>
    [
      `Напиши ${STYLE_WORD[r.style]} рассказ. Действие происходит ${r.setting.name}, герои — ${listOf(r.characters)}.`,
      `Объём — от ${r.minWords} до ${r.maxWords} слов.`,
      `Сначала составь план из ${r.plotPoints} сюжетных пунктов, затем напиши по разделу на каждый пункт.`,
      'Каждый герой должен появиться по имени, и каждый раздел должен начинаться с того, где происходит действие.',
      'В ответе сначала строка с названием, затем каждый раздел под строкой заголовка, которая начинается с «## ».',
    ].join(' '),
  events: data.events,
  scenes: data.scenes,
  actions: data.actions,
  lines: data.lines,
  closings: data.closings,
  title: (style, first) => `# ${first ?? 'Без имени'}: ${style === 'fairy-tale' ? 'сказка' : 'рассказ'}`,
  heading: (point, index) => `${index + 1}. ${point.split(/\s+/).slice(0, 5).join(' ')}`,
  list: listOf,
  answerIn: 'Пиши по-русски.',
  // The first vowel after the first letter: a slip at the end would read as a case ending.
  drift: (name) => {
    for (let i = 1; i < name.length; i++) {
      const other = VOWEL_SLIP[name[i] as string];
      if (other !== undefined) return name.slice(0, i) + other + name.slice(i + 1);
    }
    return name.slice(0, 2) + name.slice(1);
  },
};
