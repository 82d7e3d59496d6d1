/**
 * The Chinese story texts (texts.ts). Lengths are in characters (about 1.6 characters to an English
 * word in these patterns). Names are three characters, a surname rarely met as an ordinary word
 * and a given name; a slip of the pen changes the last character to one that sounds alike.
 */

import type { StoryStyle, StoryTexts } from './story-types';
// The corpus: settings, names, style words, sentence patterns (drawn by index: order matters) and
// soundsLike, for each last character of a given name one that sounds like it.
import data from './texts-zh.json';

const STYLE_WORD: Readonly<Record<StoryStyle, string>> = data.styleWord;
const SOUNDS_LIKE: Readonly<Record<string, string>> = data.soundsLike;

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('、')}和${items[items.length - 1]}`;
}

export const STORY_ZH: StoryTexts = {
  settings: data.settings,
  names: data.names,
  perSection: { min: 180, max: 330 },
  styleWord: STYLE_WORD,
  prompt: (r) =>
    [
      `写一个${STYLE_WORD[r.style]}风格的故事，故事发生在${r.setting.name}，人物有${listOf(r.characters)}。`,
      `全文${r.minWords}到${r.maxWords}字。`,
      `先列出${r.plotPoints}个情节要点作为提纲，再为每个情节要点写一节。`,
      '每个人物都要以名字出场，每一节开头都要写出故事发生的地方和景象。',
      '回答时先写一行标题，然后把每一节放在以“## ”开头的标题行下面。',
    ].join(''),
  events: data.events,
  scenes: data.scenes,
  actions: data.actions,
  lines: data.lines,
  closings: data.closings,
  title: (style, first) => `# ${first ?? '无名氏'}的${style === 'fairy-tale' ? '童话' : '故事'}`,
  heading: (point, index) => `${index + 1}. ${Array.from(point).slice(0, 10).join('')}`,
  list: listOf,
  answerIn: '请用中文写作。',
  drift: (name) => {
    const chars = Array.from(name);
    const last = chars[chars.length - 1] as string;
    const other = SOUNDS_LIKE[last] ?? (last === '一' ? '依' : '一');
    return [...chars.slice(0, -1), other].join('');
  },
};
