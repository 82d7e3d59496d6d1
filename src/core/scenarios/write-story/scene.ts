/**
 * Whether a section shows where it takes place (docs/metrics.md, "Stories"): a sentence outside
 * quotation marks with two or more distinct words of setting and senses (light, wind, smell,
 * frost…), in the story's language.
 *
 * - English: words and their -s, -ed, -ing, -y forms.
 * - Russian: stems, since every word declines or conjugates ("ветер", "ветра"; "пахнет",
 *   "пахло"), matched at the start of a word, or anywhere in it for stems of four letters or more
 *   ("потемнело" holds "темн"); ё is read as е.
 * - Chinese: words found by longest match along the sentence, which has no spaces ("灯笼" is one
 *   word, not 灯 and 笼).
 */

import type { RequestLanguage } from '../spec-types';

const SCENE_WORDS_EN = new Set(
  (
    'light dark shadow wind rain snow frost sky sun moon star air smell scent sound quiet silence cold ' +
    'warm heat glow lamp lantern candle window dust smoke mist fog storm wave water sand ice fire bright ' +
    'dim shimmer creak echo silver golden grey gray damp salt orange violet blink humming'
  ).split(' '),
);

const SCENE_STEMS_RU = (
  'свет темн тень тени ветер ветр дожд снег снеж иней инея инее мороз небо неба небе солнц луна луны ' +
  'луну звезд воздух запах пахн пахл звук тишин тихо холод тепл жар ламп фонар свеч окн окон пыл дым ' +
  'туман буря бури волн вода воды воде воду песок песк лед льд огон огн ярк тускл мерца сиян скрип эхо ' +
  'серебр золот серый серая серые соль соли сырой оранжев фиолетов гуд блик мигающ'
).split(' ');

const SCENE_WORDS_ZH = new Set(
  (
    '光 光线 阳光 月光 灯光 银光 暗 昏暗 阴影 影子 风 风暴 雨 雪 霜 寒霜 盐霜 天空 夜空 太阳 月亮 星星 空气 气味 ' +
    '香味 声音 安静 寂静 冰冷 寒冷 温暖 炎热 热浪 灯 灯笼 蜡烛 窗 灰尘 烟 炊烟 雾 浪 浪花 水 沙 冰 火 火堆 明亮 ' +
    '闪烁 闪动 回声 金色 灰色 潮湿 盐 橙色 紫色 嗡嗡'
  ).split(' '),
);
const LONGEST_ZH = Math.max(...[...SCENE_WORDS_ZH].map((w) => w.length));

export function hasScene(section: string, language: RequestLanguage = 'en'): boolean {
  const prose = section.normalize('NFC').replace(/["“«「][^"”»」]*["”»」]/g, ' ');
  const sentences = prose.split(language === 'zh' ? /(?<=[。！？；!?;])/ : /(?<=[.!?;])\s+/);
  const words = language === 'zh' ? sceneWordsZh : language === 'ru' ? sceneWordsRu : sceneWordsEn;
  return sentences.some((sentence) => words(sentence).size >= 2);
}

function sceneWordsEn(sentence: string): Set<string> {
  const found = new Set<string>();
  for (const raw of sentence.toLowerCase().match(/\p{L}+/gu) ?? []) {
    for (const candidate of [raw, raw.replace(/(ing|ed|es|s|y)$/, ''), raw.replace(/(ing|ed)$/, 'e')]) {
      if (SCENE_WORDS_EN.has(candidate)) {
        found.add(candidate);
        break;
      }
    }
  }
  return found;
}

function sceneWordsRu(sentence: string): Set<string> {
  const found = new Set<string>();
  for (const raw of sentence
    .toLowerCase()
    .replace(/ё/g, 'е')
    .match(/\p{L}+/gu) ?? []) {
    const stem = SCENE_STEMS_RU.find((s) => (s.length >= 4 ? raw.includes(s) : raw.startsWith(s)));
    if (stem !== undefined) found.add(stem);
  }
  return found;
}

function sceneWordsZh(sentence: string): Set<string> {
  const found = new Set<string>();
  const chars = Array.from(sentence);
  for (let i = 0; i < chars.length; ) {
    let matched = 0;
    for (let len = Math.min(LONGEST_ZH, chars.length - i); len >= 1; len--) {
      const word = chars.slice(i, i + len).join('');
      if (SCENE_WORDS_ZH.has(word)) {
        found.add(word);
        matched = len;
        break;
      }
    }
    i += Math.max(1, matched);
  }
  return found;
}
