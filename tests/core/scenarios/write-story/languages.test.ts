import { describe, expect, it } from 'vitest';
import { lengthOf, storyCriteria } from '../../../../src/core/scenarios/write-story/grade';
import { driftsOf, fixDrift, mentions } from '../../../../src/core/scenarios/write-story/names';
import type { StoryRequest } from '../../../../src/core/scenarios/write-story/request';
import { hasScene } from '../../../../src/core/scenarios/write-story/scene';
import { storyTexts } from '../../../../src/core/scenarios/write-story/texts';

/** Hand-written stories in Chinese and Russian, graded by their language's rules. */

const zhRequest: StoryRequest = {
  language: 'zh',
  setting: storyTexts('zh').settings[2]!,
  style: 'mystery',
  characters: ['陈思远', '宋佳怡'],
  minWords: 100,
  maxWords: 400,
  plotPoints: 2,
};

const zhStory = [
  '# 灯塔之夜',
  '## 1. 瓶中信',
  '雨打在灯室的窗上，海风带着盐的气味。陈思远在岩石海岸发现了一个装着信的瓶子。他把瓶子举到灯光下，看见纸上只写着一个日期。“这是谁寄来的？”他自言自语。宋佳怡从楼梯上探出头来，说守塔人的日志里也有同一个日期。',
  '## 2. 日志',
  '厨房里很安静，只有炉火的声音和远处的浪声。宋佳怡翻开旧航海日志，一页一页地找。陈思远坐在她对面，盯着那封信。终于，他们在最后一页找到了答案：三十年前，一艘船就在这片海岸沉没了。',
].join('\n\n');

const ruRequest: StoryRequest = {
  language: 'ru',
  setting: storyTexts('ru').settings[2]!,
  style: 'mystery',
  characters: ['Мира', 'Глеб'],
  minWords: 60,
  maxWords: 300,
  plotPoints: 2,
};

const ruStory = [
  '# Ночь на маяке',
  '## 1. Письмо',
  'Дождь стучал в окна ламповой комнаты, а ветер пах солью. Мира нашла на берегу бутылку с письмом. У Миры дрожали руки, когда она разворачивала бумагу. «Кто это прислал?» — спросил Глеб. Мире нечего было ответить.',
  '## 2. Журнал',
  'На кухне было тихо, только в печи трещал огонь. Глеб листал старый журнал смотрителя, страницу за страницей. Вместе с Глебом Мира нашла ответ на последней странице: тридцать лет назад у этого берега затонул корабль.',
].join('\n\n');

describe('Chinese stories', () => {
  it('grades a good story 1 on every criterion, counting its length in characters', () => {
    expect(storyCriteria(zhRequest, zhStory)).toEqual({
      length: 1,
      characters: 1,
      scenes: 1,
      consistency: 1,
      plot: 1,
    });
    expect(lengthOf('你好，世界！', 'zh')).toBe(4);
    expect(lengthOf('我用 Python 写了 2 个脚本', 'zh')).toBe(9);
  });

  it('finds a name written with a sound-alike character, and not ordinary words that share the surname', () => {
    const drifted = zhStory.replace('陈思远坐在', '陈思源坐在');
    expect(driftsOf(drifted, zhRequest.characters, 'zh')).toEqual([
      { name: '陈思远', spelling: '陈思源', count: 1 },
    ]);
    expect(storyCriteria(zhRequest, drifted).consistency).toBeLessThan(1);
    expect(fixDrift(drifted, driftsOf(drifted, zhRequest.characters, 'zh')[0]!, 'zh')).toBe(zhStory);
    expect(driftsOf('这座陈旧的灯塔', ['陈思远'], 'zh')).toEqual([]);
  });

  it('needs two scene words in one sentence, outside quotation marks', () => {
    expect(hasScene('风吹过灯室，窗外下着雨。', 'zh')).toBe(true);
    expect(hasScene('陈思远拿起瓶子。“风雨灯光”他说。', 'zh')).toBe(false);
    // One word, not two: 灯笼 is read whole, not as 灯 and 笼.
    expect(hasScene('她提着灯笼走了。', 'zh')).toBe(false);
  });

  it('scores a story missing a character and too short', () => {
    const c = storyCriteria(zhRequest, '## 1\n\n陈思远在灯室里。\n\n## 2\n\n陈思远走了。');
    expect(c.characters).toBe(0.5);
    expect(c.length).toBeLessThan(0.2);
  });
});

describe('Russian stories', () => {
  it('grades a good story 1 on every criterion, reading declined names as the name', () => {
    expect(storyCriteria(ruRequest, ruStory)).toEqual({
      length: 1,
      characters: 1,
      scenes: 1,
      consistency: 1,
      plot: 1,
    });
    // Мира, Миры, Мире, Мира: four mentions; Глеб, Глеб, Глебом: three.
    expect(mentions(ruStory, 'Мира', 'ru')).toBe(4);
    expect(mentions(ruStory, 'Глеб', 'ru')).toBe(3);
  });

  it('finds a misspelt name in any case and puts it right in the same case', () => {
    const drifted = ruStory.replace('Мире нечего', 'Мере нечего');
    expect(driftsOf(drifted, ruRequest.characters, 'ru')).toEqual([
      { name: 'Мира', spelling: 'Мере', count: 1 },
    ]);
    expect(fixDrift(drifted, driftsOf(drifted, ruRequest.characters, 'ru')[0]!, 'ru')).toBe(ruStory);
    // Words that open sentences are not misspelt names, however close ("Все" and "Вера").
    expect(driftsOf('Все ушли. Вера осталась.', ['Вера'], 'ru')).toEqual([]);
  });

  it('reads ё as е and a name typed with a combining diaeresis as the same name', () => {
    expect(mentions('Федор пришёл, и Фе\u0308дору обрадовались.', 'Фёдор', 'ru')).toBe(2);
  });

  it('finds scenes by word stems, in any form', () => {
    expect(hasScene('Небо потемнело, и поднялся ветер.', 'ru')).toBe(true);
    expect(hasScene('Глеб открыл дверь и вошёл.', 'ru')).toBe(false);
  });

  it('counts Russian length in words', () => {
    expect(lengthOf('Мира нашла письмо — старое, жёлтое.', 'ru')).toBe(5);
  });
});
